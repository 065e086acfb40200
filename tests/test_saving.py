"""Saving never destroys a file, and whatever the library writes it reads back equal:
records through save_game / load_game, positions through to_string / from_string."""

from __future__ import annotations

import datetime
import errno
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from game_walks import SEED_1_WIN
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import (
    GameRecord,
    GameState,
    Goal,
    InvalidArgumentError,
    InvalidPositionError,
    InvalidRecordError,
    Layout,
    Move,
    RecordMetadata,
    RuleSet,
    records,
)

OLD = b'{"the old file": "still here"}\n'


def _game(moves: int = 5) -> GameState:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
    for move in SEED_1_WIN[:moves]:
        state = state.apply(move)
    return state


def _old_file(tmp_path: Path) -> Path:
    path = tmp_path / "keep.json"
    path.write_bytes(OLD)
    return path


def _leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name != "keep.json")


# -- a failed save leaves the old file as it was --------------------------------------------


def test_a_save_that_fails_while_building_the_text_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _old_file(tmp_path)

    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("encoder broke")

    monkeypatch.setattr(json, "dumps", broken)
    with pytest.raises(RuntimeError, match="encoder broke"):
        p13.save_game(_game(), path)
    assert path.read_bytes() == OLD


@pytest.mark.parametrize("step", ["write", "fsync", "replace"])
def test_a_save_that_fails_while_writing_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    path = _old_file(tmp_path)

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, step, full)
    with pytest.raises(OSError, match="No space left"):
        p13.save_game(_game(), path)
    monkeypatch.undo()
    assert path.read_bytes() == OLD
    assert _leftovers(tmp_path) == []  # the temporary file is cleaned up


_CRASH = """
import os, sys
import pyramid13 as p13
state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
os.fsync = lambda descriptor: os._exit(3)  # the process dies with the data half on disk
p13.save_game(state.apply("KC"), sys.argv[1])
"""


def test_a_process_that_dies_while_saving_leaves_the_old_file(tmp_path: Path) -> None:
    path = _old_file(tmp_path)
    done = subprocess.run([sys.executable, "-c", _CRASH, str(path)], check=False, timeout=60)
    assert done.returncode == 3
    assert path.read_bytes() == OLD


def test_a_successful_save_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    path = _old_file(tmp_path)
    path.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(path.name)
    record = p13.save_game(_game(), link)
    assert link.is_symlink()  # the link still points to the file, which was replaced
    assert GameRecord.load(path) == record
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert _leftovers(tmp_path) == ["link.json"]


@pytest.mark.parametrize("path", [1, True, None, b"", ""])
def test_a_path_must_be_a_file_name(tmp_path: Path, path: object) -> None:
    # An int is a file descriptor to `open`: saving to 1 used to write to, then close,
    # standard output.
    with pytest.raises(InvalidArgumentError, match="must be a file name"):
        p13.save_game(_game(), path)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="must be a file name"):
        p13.load_game(path)  # type: ignore[arg-type]


def test_a_file_descriptor_is_refused_and_left_open(tmp_path: Path) -> None:
    descriptor = os.open(tmp_path / "target", os.O_WRONLY | os.O_CREAT)
    try:
        with pytest.raises(InvalidArgumentError, match=f"the int {descriptor}"):
            p13.save_game(_game(), descriptor)  # type: ignore[arg-type]
        os.fstat(descriptor)  # still open
    finally:
        os.close(descriptor)
    assert (tmp_path / "target").read_bytes() == b""


# -- text that is not valid Unicode -----------------------------------------------------------


@pytest.mark.parametrize("player", ["\udcff", "caf\udce9.json", "a\ud800b"])
def test_a_lone_surrogate_is_saved_as_an_escape_and_read_back(tmp_path: Path, player: str) -> None:
    # Such text comes from file names with undecodable bytes; the loader accepts it
    # (JSON's "\\udcff"), so the saver must write it.
    path = _old_file(tmp_path)
    record = p13.save_game(_game(), path, metadata=RecordMetadata(player=player))
    assert path.read_bytes().decode("utf-8")  # valid UTF-8
    assert GameRecord.load(path) == record
    assert GameRecord.load(path).metadata.player == player


def test_a_surrogate_pair_written_as_two_code_points_is_refused() -> None:
    with pytest.raises(InvalidRecordError, match="surrogate pair"):
        RecordMetadata(comment="\ud83d\ude00")


# -- the longest game a record holds ---------------------------------------------------------


def _endless(moves: int) -> GameState:
    """A cardems game of `moves` draws and recycles (it never ends by itself)."""
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("cardems"))
    for _ in range(moves):
        state = state.apply_unchecked(Move.DRAW if state.stock else Move.RECYCLE)
    return state


def test_a_game_longer_than_a_record_holds_is_refused_before_the_file_is_touched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same check at a smaller limit: a game of 100,000 moves takes seconds to replay.
    assert p13.MAX_RECORD_MOVES == 100_000  # the limit the docs state
    monkeypatch.setattr(records, "MAX_RECORD_MOVES", 1_000)
    path = _old_file(tmp_path)
    longest = _endless(records.MAX_RECORD_MOVES)
    with pytest.raises(InvalidRecordError, match="1001 moves, more than the 1000 "):
        p13.save_game(longest.apply("draw" if longest.stock else "recycle"), path)
    assert path.read_bytes() == OLD
    p13.save_game(longest, path)
    assert p13.load_game(path) == longest


# -- whatever is written reads back equal ----------------------------------------------------


@attrs.frozen
class Jumps:
    """A scoring policy of one's own, with any name and any step: huge or negative scores."""

    label: str
    step: int

    @property
    def name(self) -> str:
        return self.label

    def score(self, score: int, event: p13.ScoreEvent) -> int:
        return score + self.step


_NAMES = st.text(min_size=1, max_size=64).filter(
    lambda name: name not in ("none", "cardems", "microsoft")
) | st.sampled_from(
    ["my policy", "a,b=c", "100%", "tab\there", "ünïcödé", "x" * 64, "\u3000wide space", "/"]
)


@st.composite
def extreme_rules(draw: st.DrawFn) -> RuleSet:
    piles = draw(st.sampled_from([1, 1, 2, 3, 24]))
    scoring = draw(
        st.sampled_from(["none", "cardems", "microsoft"])
        | st.builds(
            Jumps,
            _NAMES,
            st.integers(-(10**30), 10**30) | st.sampled_from([10**9, -(10**9), 10**400]),
        )
    )
    return RuleSet(
        passes=draw(
            st.none()
            | st.integers(1, 4)
            | st.sampled_from([10**9, 2**31, 2**53 - 1])
            | st.integers(1, 2**53 - 1)
        ),
        draw_count=1 if piles > 1 else draw(st.sampled_from([1, 3, 24])),
        waste_piles=piles,
        stock_top_pairable=draw(st.booleans()),
        waste_pairing=draw(st.booleans()),
        overlap_pairing=draw(st.booleans()),
        goal=draw(st.sampled_from(Goal)),
        first_card_to_waste=draw(st.booleans()),
        scoring=scoring,
    )


def _saveable(moment: datetime.datetime) -> bool:
    # A record refuses (InvalidRecordError) the one kind of time it cannot hold: an offset
    # that is not whole minutes (saved in UTC) whose UTC instant falls before year 1 or
    # after 9999.
    offset = moment.utcoffset()
    if offset is None or offset % datetime.timedelta(minutes=1) == datetime.timedelta(0):
        return True
    try:
        moment.astimezone(datetime.timezone.utc)
    except OverflowError:
        return False
    return True


_TIMES = st.none() | st.datetimes(
    timezones=st.none()
    | st.builds(
        datetime.timezone,
        st.timedeltas(
            min_value=-datetime.timedelta(hours=23, minutes=59),
            max_value=datetime.timedelta(hours=23, minutes=59),
        ),
    )
).filter(_saveable)
_SURROGATES = st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF)
_METADATA = st.builds(
    RecordMetadata,
    player=st.none()
    | st.text(st.characters() | _SURROGATES, max_size=200).filter(
        lambda text: not any(0xD800 <= ord(c) < 0xDC00 for c in text)
    ),
    started=_TIMES,
    finished=_TIMES,
    source=st.none() | st.text(max_size=200),
    comment=st.none() | st.text(max_size=300),
)


def _policies(rules: RuleSet) -> dict[str, p13.ScoringPolicy]:
    return {rules.scoring.name: rules.scoring}


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(extreme_rules(), st.integers(0, 2**64 - 1), st.integers(0, 200), _METADATA, st.data())
def test_whatever_is_written_reads_back_equal(
    tmp_path_factory: pytest.TempPathFactory,
    rules: RuleSet,
    seed: int,
    length: int,
    metadata: RecordMetadata,
    data: st.DataObject,
) -> None:
    state = GameState.new(Layout.shuffled(seed), rules)
    for _ in range(length):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(data.draw(st.sampled_from(moves)))
    path = tmp_path_factory.mktemp("records") / "game.json"
    # The record: saved, loaded, equal (rules, start, moves, metadata, final state).
    record = p13.save_game(state, path, metadata=metadata)
    loaded = GameRecord.load(path, policies=_policies(rules))
    assert loaded == record
    assert loaded.replay() == state
    assert loaded.replay().history == state.history
    assert GameRecord.from_json(record.to_json(indent=None), policies=_policies(rules)) == record
    # The position code, at the end and at the start of a game read from it.
    try:
        code = state.to_string()
    except InvalidPositionError:
        assert len(str(abs(state.score))) > 1500  # only a score of well over 1500 digits
        return
    again = GameState.from_string(code, rules)
    assert again == state
    assert again.to_string() == code
    from_code = (
        GameRecord.from_state(again.apply(again.legal_moves()[0])) if again.legal_moves() else None
    )
    if from_code is not None:
        assert GameRecord.from_json(from_code.to_json(), policies=_policies(rules)) == from_code


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(passes=10**9, scoring="cardems"),
        RuleSet(passes=2**53 - 1, stock_top_pairable=True),
        RuleSet(scoring=Jumps("my policy, v2", 10**9)),
        RuleSet(scoring=Jumps("50% off=yes", -(10**12))),
        RuleSet(passes=None, scoring=Jumps("big", 10**600)),
    ],
)
def test_extreme_rules_and_scores_round_trip(tmp_path: Path, rules: RuleSet) -> None:
    # Each of these wrote codes or records that the reader refused: a pass limit or a score
    # of ten digits, a policy name with a space, a comma, '=' or '%'.
    state = GameState.new(Layout.shuffled(1), rules)
    for move in ["draw", "draw"]:
        state = state.apply(move)
    assert GameState.from_string(state.to_string(), rules) == state
    p13.save_game(state, tmp_path / "game.json")
    assert p13.load_game(tmp_path / "game.json", policies=_policies(rules)) == state


def test_a_policy_named_like_a_shipped_one_is_refused_not_swapped() -> None:
    # Saved as "microsoft", it came back as the shipped MicrosoftScoring.
    with pytest.raises(p13.InvalidRulesError, match="belongs to a shipped policy"):
        RuleSet(scoring=Jumps("microsoft", 1))
    with pytest.raises(p13.InvalidRulesError, match="belongs to a shipped policy"):
        RuleSet.from_dict({"scoring": "microsoft"}, policies={"microsoft": Jumps("microsoft", 1)})


def test_a_score_too_long_for_a_code_is_refused_when_written() -> None:
    state = GameState.new(Layout.shuffled(1), RuleSet(scoring=Jumps("huge", 10**1990)))
    state = state.apply("draw")
    with pytest.raises(InvalidPositionError, match="more than the 2000"):
        state.to_string()
    huge = GameState.new(Layout.shuffled(1), RuleSet(scoring=Jumps("huge", 10**5000)))
    with pytest.raises(InvalidPositionError, match="more than 2000 digits"):
        huge.apply("draw").to_string()


def test_the_json_of_a_saved_record_is_plain_utf8(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    p13.save_game(_game(), path, metadata=RecordMetadata(player="Zoë"))
    text = path.read_text(encoding="utf-8")
    assert '"player": "Zoë"' in text  # not escaped when it need not be
    assert json.loads(text)["metadata"] == {"player": "Zoë"}


def test_a_timestamp_with_an_odd_offset_is_saved_as_the_same_instant() -> None:
    # Python before 3.12 reads "+00:00:00.000001" back as UTC: such offsets are written in
    # UTC, the same instant.
    odd = datetime.timezone(datetime.timedelta(microseconds=1))
    finished = datetime.datetime(2000, 1, 1, tzinfo=odd)
    metadata = RecordMetadata(finished=finished)
    assert metadata.to_dict() == {"finished": "1999-12-31T23:59:59.999999+00:00"}
    assert RecordMetadata.from_dict(metadata.to_dict()) == metadata
    with pytest.raises(InvalidRecordError, match="outside the years 1 to 9999"):
        RecordMetadata(started=datetime.datetime(1, 1, 1, tzinfo=odd))
