"""Game records: JSON save/load/replay, the schema, safety on bad input, and the
pyramid-solver solution format."""

from __future__ import annotations

import copy
import datetime
import json
import pickle
from pathlib import Path
from typing import Any

import attrs
import pytest
from conftest import SHARED
from game_walks import SEED_1_WIN, games
from hypothesis import given
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import (
    GameRecord,
    GameState,
    InvalidMoveError,
    InvalidRecordError,
    Layout,
    Move,
    Pyramid13Error,
    RecordMetadata,
    RuleSet,
    Status,
    spider,
)


def _won_game() -> GameState:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
    for move in SEED_1_WIN:
        state = state.apply(move)
    return state


def _chain(state: GameState) -> list[GameState]:
    states = [state]
    while states[-1].previous is not None:
        states.append(states[-1].undo())
    return states


# -- round trips ----------------------------------------------------------------------------


@given(games(), st.booleans())
def test_round_trip_through_json(state: GameState, indent: bool) -> None:
    record = GameRecord.from_state(state)
    text = record.to_json(indent=2 if indent else None)
    loaded = GameRecord.from_json(text)
    assert loaded == record
    final = loaded.replay()
    assert isinstance(final, GameState)  # a Pyramid game comes back as one
    assert final == state
    assert final.history == state.history
    assert _chain(final) == _chain(state)  # undo works all the way back, state by state
    assert json.loads(loaded.to_json()) == json.loads(text)


@given(games(max_moves=30), st.lists(st.integers(0, 2**16), min_size=1, max_size=12))
def test_round_trip_of_a_game_started_from_a_position(
    before: GameState, choices: list[int]
) -> None:
    start = GameState.from_string(before.to_string())
    state = start
    for choice in choices:  # moves played on from the position, each a legal one
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[choice % len(moves)])
    record = GameRecord.from_state(state)
    data = record.to_dict()
    assert record.from_deal == ("layout" in data)
    assert record.from_deal is (before.previous is None)  # a fresh deal is saved as a layout
    assert len(data["moves"]) == len(state.history) == len(state.history[: len(choices)])
    loaded = GameRecord.from_dict(json.loads(json.dumps(data)))
    assert loaded == record
    assert loaded.replay() == state
    assert loaded.replay().history == state.history
    assert loaded.start == start
    final = loaded.replay()
    assert isinstance(final, GameState)
    assert _chain(final)[-1] == start


def test_fresh_deal_is_saved_as_a_layout() -> None:
    data = GameRecord.from_state(_won_game()).to_dict()
    assert data["format"] == "pyramid13-record"
    assert data["version"] == 2
    assert data["game"] == "pyramid"
    assert data["rules"] == RuleSet.preset("microsoft").to_dict()
    assert data["layout"] == Layout.shuffled(1).code
    assert "position" not in data
    assert data["moves"] == [str(Move.parse(move)) for move in SEED_1_WIN]


def test_save_and_load_files(tmp_path: Path) -> None:
    state = _won_game()
    started = datetime.datetime(2024, 5, 1, 9, 30, tzinfo=datetime.timezone.utc)
    metadata = RecordMetadata(player="Ada Lovelace", started=started, comment="é ♥ <ok>")
    path = tmp_path / "game.json"
    record = p13.save_game(state, path, metadata=metadata)
    assert GameRecord.load(path) == record
    assert GameRecord.load(path).metadata == metadata
    loaded = p13.load_game(str(path))
    assert loaded == state
    assert loaded.status is Status.WON
    assert loaded.history == state.history


def test_metadata_timestamps() -> None:
    data = GameRecord.from_state(_won_game()).to_dict()
    data["metadata"] = {"started": "2024-05-01T10:00:00Z", "finished": "2024-05-01T10:07:30+02:00"}
    metadata = GameRecord.from_dict(data).metadata
    assert metadata.started == datetime.datetime(2024, 5, 1, 10, tzinfo=datetime.timezone.utc)
    assert metadata.finished is not None
    assert metadata.finished.utcoffset() == datetime.timedelta(hours=2)
    assert RecordMetadata.from_dict(metadata.to_dict()) == metadata


@attrs.frozen
class DoubleScoring:
    """A scoring policy of the user's own: 2 points per card removed."""

    @property
    def name(self) -> str:
        return "double"

    def score(self, score: int, event: p13.ScoreEvent) -> int:
        return score + 2 * event.cards_removed


@pytest.mark.parametrize("from_position", [False, True])
def test_own_scoring_policy_is_read_with_policies(from_position: bool) -> None:
    rules = RuleSet(passes=3, scoring=DoubleScoring())
    state = GameState.new(Layout.shuffled(1), rules)
    if from_position:
        state = GameState.from_string(state.apply("KC").to_string(), rules)
    state = state.apply("KH")
    text = GameRecord.from_state(state).to_json()
    with pytest.raises(InvalidRecordError, match="unknown scoring policy 'double'"):
        GameRecord.from_json(text)
    loaded = GameRecord.from_json(text, policies={"double": DoubleScoring()})
    assert loaded.replay() == state
    assert loaded.replay().score == (4 if from_position else 2)


# -- rejections -----------------------------------------------------------------------------


def _valid() -> dict[str, Any]:
    return GameRecord.from_state(_won_game()).to_dict()


def _edit(path: list[Any], value: Any) -> dict[str, Any]:
    data = _valid()
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "where", "message"),
    [
        (["format"], "chess-game", "$.format", "expected 'pyramid13-record'"),
        (["format"], _DELETE, "$", "missing field 'format'"),
        (["version"], 3, "$.version", "unsupported version 3: this release reads versions 1 and 2"),
        (["version"], "1", "$.version", "expected one of 1, 2"),
        (["version"], True, "$.version", "expected one of 1, 2"),
        (["game"], _DELETE, "$", "missing field 'game'"),
        (["game"], "chess", "$.game", "expected one of 'pyramid', 'spider'"),
        (["game"], "spider", "$.rules.passes", "unknown field"),
        (["extra"], 1, "$.extra", "unknown field"),
        (["rules"], [], "$.rules", "expected object, not array"),
        (["rules", "passes"], "3", "$.rules.passes", "expected integer or null"),
        (["rules", "passes"], 0, "$.rules.passes", "at least 1"),
        (["rules", "passes"], 2.0, "$.rules.passes", "not number"),
        (["rules", "waste_piles"], 25, "$.rules.waste_piles", "at most 24"),
        (["rules", "stock_top_pairable"], 1, "$.rules.stock_top_pairable", "expected boolean"),
        (["rules", "goal"], "everything", "$.rules.goal", "one of 'pyramid', 'all-cards'"),
        (["rules", "scoring"], "mine", "$.rules", "unknown scoring policy"),
        (["rules", "colour"], "red", "$.rules.colour", "unknown field"),
        (["rules"], {"draw_count": 3, "waste_piles": 3}, "$.rules", "contradicts"),
        (["layout"], "AS KS", "$.layout", "52 cards"),
        (["layout"], _DELETE, "$", "missing field 'layout' or 'position'"),
        (["position"], "x", "$", "only one field of 'layout' or 'position'"),
        (["moves"], "draw", "$.moves", "expected array"),
        (["moves", 3], 7, "$.moves[3]", "expected string"),
        (["moves", 3], "4C+8C", "$.moves[3]", "sums to 12"),
        (["moves", 3], "KC", "$.moves[3]", "KC is not legal here"),
        (["moves", 0], "recycle", "$.moves[0]", "the stock is not empty"),
        (["moves", 55], "x" * 40, "$.moves[55]", "at most 32 characters"),
        (["metadata"], "Ada", "$.metadata", "expected object"),
        (["metadata", "player"], None, "$.metadata.player", "expected string, not null"),
        (["metadata", "started"], "tuesday", "$.metadata.started", "ISO 8601"),
        (["metadata", "rating"], 5, "$.metadata.rating", "unknown field"),
        (["metadata", "odd key"], 5, '$.metadata["odd key"]', "unknown field"),
        (["metadata", "comment"], "x" * 10_001, "$.metadata.comment", "at most 10000"),
    ],
)
def test_bad_records_are_rejected_with_a_json_path(
    path: list[Any], value: Any, where: str, message: str
) -> None:
    data = _edit(path, value)
    with pytest.raises(InvalidRecordError, match=message) as info:
        GameRecord.from_json(json.dumps(data))
    assert info.value.path == where
    assert str(info.value).startswith(f"{where}: ")


def test_moves_after_the_end_are_illegal() -> None:
    data = _valid()
    data["moves"].append("draw")
    with pytest.raises(InvalidRecordError, match=r"the game is over \(won\)") as info:
        GameRecord.from_dict(data)
    assert info.value.path == f"$.moves[{len(SEED_1_WIN)}]"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[1, 2]", "expected object, not array"),
        ('{"format": "pyramid13-record", "format": "x"}', "duplicate key 'format'"),
        ('{"version": NaN}', "NaN is not a JSON number"),
        ('{"version": -Infinity}', "is not a JSON number"),
        ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
        ('{"v": ' + "9" * 5000 + "}", "not valid JSON"),
        (" " * (p13.MAX_RECORD_BYTES + 1), "more than the limit"),
    ],
)
def test_bad_json_is_rejected(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message) as info:
        GameRecord.from_json(text)
    assert info.value.path == "$"


def test_bytes_must_be_utf8() -> None:
    assert GameRecord.from_json(GameRecord.from_state(_won_game()).to_json().encode())
    with pytest.raises(InvalidRecordError, match="not UTF-8"):
        GameRecord.from_json(b'{"format": "\xff"}')
    with pytest.raises(InvalidRecordError, match="must be JSON text"):
        GameRecord.from_json(123)  # type: ignore[arg-type]


def test_building_a_record_checks_its_parts() -> None:
    state = _won_game()
    with pytest.raises(InvalidRecordError, match="first state of a game"):
        GameRecord(state)
    with pytest.raises(InvalidRecordError, match=r"\$\.moves\[0\]: KD is not legal"):
        GameRecord(state.start, (Move.parse("KD"),))
    with pytest.raises(InvalidRecordError, match="tuple of Move"):
        GameRecord(state.start, ("draw",))  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match="player"):
        RecordMetadata(player=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match="started"):
        RecordMetadata(started="2024-01-01")  # type: ignore[arg-type]


def test_error_survives_pickling() -> None:
    error = InvalidRecordError("bad move", "$.moves[3]")
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.path) == (str(error), error.path)


# -- the schema -----------------------------------------------------------------------------


def test_schema_is_shipped_and_describes_every_field() -> None:
    schema = p13.record_schema()
    assert schema["properties"]["format"]["const"] == p13.RECORD_FORMAT
    assert p13.RECORD_VERSION in schema["properties"]["version"]["enum"]
    assert 1 in schema["properties"]["version"]["enum"]  # old Pyramid records still load
    assert set(schema["$defs"]["pyramid_rules"]["properties"]) == set(RuleSet().to_dict())
    spider_rules = spider.RuleSet().to_dict()
    assert set(schema["$defs"]["spider_rules"]["properties"]) == set(spider_rules)
    assert set(schema["properties"]["metadata"]["properties"]) == set(
        RecordMetadata(
            player="a",
            started=datetime.datetime(2024, 1, 1),
            finished=datetime.datetime(2024, 1, 1),
            source="b",
            comment="c",
        ).to_dict()
    )
    schema["title"] = "changed"
    assert p13.record_schema()["title"] != "changed"  # a fresh copy each time


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def _mutated_records(draw: st.DrawFn) -> Any:
    data = GameRecord.from_state(draw(games(max_moves=20))).to_dict()
    for _ in range(draw(st.integers(0, 3))):
        containers = [data, *(data.get(key) for key in ("rules", "moves", "metadata"))]
        containers = [item for item in containers if isinstance(item, (dict, list))]
        target = draw(st.sampled_from(containers))
        if isinstance(target, dict):
            keys = [*sorted(target), "player", "extra", "position", "layout", "passes"]
            key = draw(st.sampled_from(keys))
            if key in target and draw(st.booleans()):
                del target[key]
            else:
                target[key] = draw(_json_values)
        elif target:
            target[draw(st.integers(0, len(target) - 1))] = draw(_json_values)
    return data


@given(_mutated_records())
def test_loader_agrees_with_the_schema(data: Any) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(p13.record_schema())
    accepted = isinstance(_load(copy.deepcopy(data)), GameRecord)
    if accepted:
        assert validator.is_valid(data), "the loader accepted what the schema rejects"
    if not validator.is_valid(data):
        assert not accepted


def test_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(p13.record_schema())
    jsonschema.validate(_valid(), p13.record_schema())


# -- fuzzing ----------------------------------------------------------------------------------


def _load(data: Any) -> GameRecord | InvalidRecordError:
    """The record, or the InvalidRecordError raised (any other exception fails the test)."""
    try:
        if isinstance(data, (str, bytes)):
            return GameRecord.from_json(data)
        return GameRecord.from_dict(data)
    except InvalidRecordError as error:
        return error


def _check_outcome(outcome: GameRecord | InvalidRecordError) -> None:
    if isinstance(outcome, GameRecord):
        assert GameRecord.from_json(outcome.to_json()) == outcome
    else:
        assert outcome.path is not None
        assert str(outcome).startswith(outcome.path)


@given(st.text(max_size=200) | st.binary(max_size=200))
def test_fuzz_any_text_or_bytes(text: str | bytes) -> None:
    _check_outcome(_load(text))


@given(_json_values | _mutated_records())
def test_fuzz_any_json(data: Any) -> None:
    _check_outcome(_load(data))


# -- the pyramid-solver solution format --------------------------------------------------------

# The solution that pyramid-solver (github.com/mchung94/pyramid-solver, MIT licence) gives in
# its published results for the first deck of its random set, which is also the first deck
# of msc-1500.
MSC_FIRST_SOLUTION = """("Draw" ("4c" "9c") ("Qc" "As") "Draw" "Draw" ("3c" "Ts") ("Kc") ("Kh")
 "Draw" "Draw" ("3h" "Td") ("8d" "5s") "Draw" "Draw" "Draw" "Draw" "Draw" "Draw" "Draw"
 ("Jh" "2d") ("7h" "6h") "Draw" ("2s" "Js") ("Ac" "Qd") ("Tc" "3d") ("Ad" "Qs") ("8s" "5c")
 ("4d" "9d") ("6c" "7d") ("Kd") "Draw" "Recycle" "Draw" ("8c" "5d") "Draw" ("9s" "4h")
 ("6s" "7s") ("Jd" "2h") ("4s" "9h") ("Ks") ("Ah" "Qh") "Draw" "Draw" ("5h" "8h") ("6d" "7c"))"""


def test_msc_solution_reads_into_moves() -> None:
    moves = p13.parse_msc_solution(MSC_FIRST_SOLUTION)
    assert len(moves) == 45
    assert moves[:3] == (Move.DRAW, Move.parse("4C+9C"), Move.parse("AS+QC"))
    assert moves.count(Move.RECYCLE) == 1
    assert p13.parse_msc_solution(p13.format_msc_solution(moves)) == moves


def test_msc_solution_wins_its_deck() -> None:
    decks = SHARED / "data" / "msc-1500"
    if not decks.is_dir():
        pytest.skip("the shared msc-1500 data is not here")
    code = (decks / "decks.txt").read_text().splitlines()[0]
    length = int((decks / "optimal-lengths.txt").read_text().split()[0])
    state = GameState.new(Layout.parse(code), RuleSet.preset("microsoft"))
    moves = p13.parse_msc_solution(MSC_FIRST_SOLUTION)
    for move in moves:
        state = state.apply(move)
    assert state.status is Status.WON
    assert len(moves) == length


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NIL", ()),
        ("nil", ()),
        ("()", ()),
        ('  ( "draw"  ("KD") )\n', (Move.DRAW, Move.parse("KD"))),
    ],
)
def test_msc_small_solutions(text: str, expected: tuple[Move, ...]) -> None:
    assert p13.parse_msc_solution(text) == expected


def test_msc_format_writes_lisp() -> None:
    moves = [Move.DRAW, Move.parse("9C+4C"), Move.parse("kd"), Move.RECYCLE]
    assert p13.format_msc_solution(moves) == '("Draw" ("4c" "9c") ("Kd") "Recycle")'
    assert p13.format_msc_solution([]) == "NIL"
    with pytest.raises(InvalidMoveError):
        p13.format_msc_solution(["draw"])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('("Draw"', "never closed"),
        ('"Draw")', "unbalanced"),
        ('"Draw"', "one list of steps"),
        ('("Draw") ("Draw")', "one list of steps"),
        ('("Shuffle")', "step 1"),
        ('("Draw" ("4c" "8c"))', "step 2: 4C\\+8C .*is ever legal"),
        ('("Draw" ("4c" "9c" "Kd"))', "step 2"),
        ('("Draw" ())', "step 2"),
        ('("Draw" (("4c")))', "step 2"),
        ("(Draw)", "unexpected 'Draw'"),
        ('("Draw" "4c)', "unexpected text"),
        ("(((((()))))) ", "nested too deeply"),
    ],
)
def test_msc_bad_solutions(text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message):
        p13.parse_msc_solution(text)


_MSC_STEPS = {
    '"Draw"': "draw",
    '"recycle"': "recycle",
    '("Kd")': "KD",
    '("4c" "9c")': "4C+9C",
    '( "qH"  "aS" )': "QH+AS",
}


@given(st.lists(st.sampled_from(sorted(_MSC_STEPS))), st.sampled_from([" ", "\n", "  "]))
def test_msc_solutions_read_step_by_step(steps: list[str], space: str) -> None:
    text = f"({space.join(steps)})" if steps else "NIL"
    moves = p13.parse_msc_solution(text)
    assert moves == tuple(Move.parse(_MSC_STEPS[step]) for step in steps)
    assert p13.parse_msc_solution(p13.format_msc_solution(moves)) == moves


@given(st.text(alphabet='()" DrawRecyl4c9KdNIL', max_size=60) | st.text(max_size=60))
def test_fuzz_msc_solutions(text: str) -> None:
    try:
        moves = p13.parse_msc_solution(text)
    except Pyramid13Error as error:
        assert isinstance(error, InvalidMoveError)  # noqa: PT017
        assert str(error).strip()  # noqa: PT017
        return
    assert p13.parse_msc_solution(p13.format_msc_solution(moves)) == moves


def test_metadata_from_dict_checks_its_input() -> None:
    with pytest.raises(InvalidRecordError, match=r"^\$\.started: expected an ISO 8601"):
        RecordMetadata.from_dict({"started": "soon"})
    with pytest.raises(InvalidRecordError, match=r"^\$: expected object"):
        RecordMetadata.from_dict(["player"])
