"""Game records of Spider games, and old (version 1) Pyramid records."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import GameRecord, InvalidRecordError, RecordMetadata, spider

PRESETS = [(name, suits) for name in spider.RuleSet.preset_names() for suits in (1, 2, 4)]


def walk(rules: spider.RuleSet, seed: int, length: int) -> spider.GameState:
    rng = random.Random(seed)
    state = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
    for _ in range(length):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(rng.choice(moves))
    return state


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32), st.integers(0, 120), st.booleans())
def test_spider_games_round_trip(
    preset: tuple[str, int], seed: int, length: int, from_position: bool
) -> None:
    rules = spider.RuleSet.preset(*preset)
    state = walk(rules, seed, length)
    if from_position:  # a game that starts from a position code, then goes on
        start = spider.GameState.from_string(state.to_string())
        moves = start.legal_moves()
        state = start.apply(moves[-1]) if moves else start
    record = GameRecord.from_state(state, metadata=RecordMetadata(player="Ada"))
    data = json.loads(record.to_json())
    assert data["game"] == "spider"
    assert data["version"] == p13.RECORD_VERSION
    moved = state.start != spider.GameState.new(state.start.layout, rules)
    assert ("position" in data) == moved
    assert moved <= from_position
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert loaded.game == "spider"
    final = loaded.replay()
    assert final == state
    assert final.history == state.history
    assert final.start == state.start


def test_a_spider_record_reads_like_its_game() -> None:
    rules = spider.RuleSet.preset("pysolfc", suits=2)
    state = spider.GameState.new(spider.Layout.from_pysolfc(1, suits=2), rules)
    state = state.apply("deal").apply(state.apply("deal").legal_moves()[0])
    data = GameRecord.from_state(state).to_dict()
    assert list(data) == ["format", "version", "game", "rules", "layout", "moves", "metadata"]
    assert data["rules"] == rules.to_dict()
    assert data["layout"] == spider.Layout.from_pysolfc(1, suits=2).code
    assert data["moves"] == [str(move) for move in state.history]


def test_files(tmp_path: Path) -> None:
    rules = spider.RuleSet.preset("microsoft", suits=1)
    state = walk(rules, 3, 40)
    path = tmp_path / "spider.json"
    p13.save_game(state, path, metadata=RecordMetadata(source="seed 3"))
    loaded = p13.load_game(path)
    assert isinstance(loaded, spider.GameState)
    assert loaded == state
    assert loaded.score == state.score
    assert p13.GameRecord.load(path).metadata.source == "seed 3"


def spider_record() -> dict[str, Any]:
    rules = spider.RuleSet.preset("microsoft", suits=2)
    return GameRecord.from_state(walk(rules, 5, 30)).to_dict()


def edit(path: list[Any], value: Any) -> dict[str, Any]:
    data = spider_record()
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "where", "message"),
    [
        (["rules", "suits"], 3, "$.rules.suits", "expected one of 1, 2, 4"),
        (["rules", "suits"], True, "$.rules.suits", "expected one of 1, 2, 4"),
        (["rules", "shape"], "round", "$.rules.shape", "expected one of 'bicycle'"),
        (["rules", "suit_set"], ["S", "X"], "$.rules.suit_set[1]", "expected one of 'C'"),
        (["rules", "suit_set"], ["S"], "$.rules", "suit_set S has 1 suit"),
        (["rules", "passes"], 3, "$.rules.passes", "unknown field"),
        (["rules", "face_down"], "yes", "$.rules.face_down", "expected boolean"),
        (["game"], "pyramid", "$.rules.shape", "unknown field"),
        (["layout"], p13.Layout.shuffled(1).code, "$.layout", "a Spider layout code has piles"),
        (["moves", 2], "KC", "$.moves[2]", "is not a move"),
        (["moves", 2], "1:1>1", "$.moves[2]", "its own pile \\(pile 1\\)"),
        (["moves", 0], "remove 3", "$.moves[0]", "not legal here"),
        (["version"], 1, "$.game", "version 1 records have no game field"),
    ],
)
def test_bad_spider_records_are_rejected_with_a_json_path(
    path: list[Any], value: Any, where: str, message: str
) -> None:
    data = edit(path, value)
    with pytest.raises(InvalidRecordError, match=message) as info:
        GameRecord.from_json(json.dumps(data))
    assert info.value.path == where


def test_old_pyramid_records_still_load() -> None:
    # A version 1 record, as the release before Spider wrote it: no "game" field.
    state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    state = state.apply("KC").apply("draw")
    old = {
        "format": "pyramid13-record",
        "version": 1,
        "rules": p13.RuleSet.preset("microsoft").to_dict(),
        "layout": p13.Layout.shuffled(1).code,
        "moves": ["KC", "draw"],
        "metadata": {"player": "Ada"},
    }
    record = GameRecord.from_json(json.dumps(old))
    assert record.game == "pyramid"
    assert record.replay() == state
    assert record.to_dict()["version"] == 2  # saved again in the current version
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(old, p13.record_schema())


def test_moves_of_the_other_game_are_refused() -> None:
    rules = spider.RuleSet.preset("kpat")
    start = spider.GameState.new(spider.Layout.shuffled(1, rules), rules)
    with pytest.raises(InvalidRecordError, match="tuple of spider Move"):
        GameRecord(start, (p13.Move.parse("draw"),))
    with pytest.raises(p13.InvalidArgumentError, match="GameState of either game"):
        GameRecord.from_state("a game")  # type: ignore[arg-type]


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    data = spider_record()
    key = draw(st.sampled_from(sorted(data)))
    value = draw(
        st.none()
        | st.booleans()
        | st.integers(-3, 30)
        | st.text(max_size=8)
        | st.lists(st.text(max_size=3), max_size=3)
    )
    if draw(st.booleans()) and isinstance(data[key], dict) and data[key]:
        data[key][draw(st.sampled_from(sorted(data[key])))] = value
    else:
        data[key] = value
    return data


@settings(max_examples=150, deadline=None)
@given(mutated())
def test_loader_agrees_with_the_schema(data: Any) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(p13.record_schema())
    try:
        GameRecord.from_dict(data)
    except InvalidRecordError:
        return
    assert validator.is_valid(data), "the loader accepted what the schema rejects"


def test_the_schema_accepts_spider_records() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(spider_record(), p13.record_schema())


@pytest.mark.parametrize(("preset", "suits"), PRESETS)
def test_a_determinized_state_saves_as_itself(preset: str, suits: int, tmp_path: Path) -> None:
    # Regression: the record replayed the observation's history from the sampled position:
    # 28 of 300 such saves loaded as another game, the others were refused. A sample is
    # now a whole game: its record is its deal and every move since.
    rules = spider.RuleSet.preset(preset, suits=suits)
    state = walk(rules, 7, 25)
    assert state.history
    for number in range(4):
        sample = spider.determinize(state.observe(), random.Random(number))
        played = number % 2 and sample.legal_moves()
        if played:
            sample = sample.apply(sample.legal_moves()[-1])
        record = GameRecord.from_state(sample)
        assert record.start == sample.start
        assert record.from_deal
        assert len(record.moves) == len(state.history) + bool(played)
        path = tmp_path / f"{number}.json"
        p13.save_game(sample, path)
        loaded = p13.load_game(path)
        assert isinstance(loaded, spider.GameState)
        assert loaded == sample
        assert loaded.deals_left == sample.deals_left


def test_a_determinized_pyramid_state_saves_as_itself(tmp_path: Path) -> None:
    state = p13.GameState.new(p13.Layout.shuffled(3), p13.RuleSet.preset("microsoft"))
    for _ in range(6):
        state = state.apply(state.legal_moves()[0])
    sample = p13.determinize(state.observe(), random.Random(2))
    p13.save_game(sample, tmp_path / "game.json")
    assert p13.load_game(tmp_path / "game.json") == sample


def test_undo_penalties_and_saving_as_the_cli_reference_says(tmp_path: Path) -> None:
    # docs/reference/cli.md: a saved game keeps the moves, not the undo points, so it loads
    # with the score its moves give; a game undone to its very start is saved as a
    # "position" record with the score it shows and loads with it.
    rules = spider.RuleSet.preset("microsoft")
    start = spider.GameState.new(spider.Layout.shuffled(1, rules), rules)
    played = start.apply(start.legal_moves()[0]).apply("deal")
    back = played.undo(penalty=True)
    assert back.score == 498
    assert GameRecord.from_state(back).replay().score == 499  # what its one move gives
    at_start = back.undo(penalty=True)
    assert at_start.score == 498
    assert at_start.history == ()
    data = GameRecord.from_state(at_start).to_dict()
    assert "position" in data
    assert data["moves"] == []
    p13.save_game(at_start, tmp_path / "start.json")
    assert p13.load_game(tmp_path / "start.json").score == 498
