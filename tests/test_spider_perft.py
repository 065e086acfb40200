"""Spider perft: move-sequence counts kept as data files, counted by the reference model.

``tests/data/spider-perft-<preset>.txt`` is written by ``tests/make_spider_perft_data.py``
with the reference model alone (PySolFC deals dealt by the model, positions reached by the
model's walks, counts by the model). Every line is checked against the engine; the small
ones, and depth 2 of every line, against the model again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spider_reference import RefLayout, RefRules, RefState, ref_perft

import pyramid13 as p13
from pyramid13 import spider

DATA = Path(__file__).parent / "data"
SMALL = 3_000  # counts the model re-counts in the test


def perft_lines() -> list[tuple[str, int, tuple[str, ...], int, int, str]]:
    """(preset, suits, moves, depth, count, layout code) for every line of every file."""
    lines = []
    for path in sorted(DATA.glob("spider-perft-*.txt")):
        preset = path.stem.removeprefix("spider-perft-")
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                suits, moves, depth, count, code = line.split("\t")
                played = () if moves == "-" else tuple(moves.split(","))
                lines.append((preset, int(suits), played, int(depth), int(count), code))
    return lines


LINES = perft_lines()
FIELDS = ("preset", "suits", "moves", "depth", "expected", "code")
IDS = [f"{line[0]}-{line[1]}-after{len(line[2])}-d{line[3]}" for line in LINES]


def engine_position(preset: str, suits: int, moves: tuple[str, ...], code: str) -> spider.GameState:
    state = spider.GameState.new(spider.Layout.parse(code), spider.RuleSet.preset(preset, suits))
    for move in moves:
        state = state.apply(move)
    return state


def model_position(preset: str, suits: int, moves: tuple[str, ...], code: str) -> RefState:
    state = RefState.new(RefLayout.parse(code), RefRules.preset(preset, suits))
    for move in moves:
        state = state.after(move)
    return state


def test_every_preset_has_perft_data() -> None:
    assert {line[0] for line in LINES} == set(spider.RuleSet.preset_names())
    assert {line[1] for line in LINES} == {1, 2, 4}
    assert max(line[3] for line in LINES) >= 5


@pytest.mark.parametrize(FIELDS, LINES, ids=IDS)
def test_perft(
    preset: str, suits: int, moves: tuple[str, ...], depth: int, expected: int, code: str
) -> None:
    state = engine_position(preset, suits, moves, code)
    count = p13.perft(state, depth)
    if count != expected:
        ref = model_position(preset, suits, moves, code)
        divide = {str(move): below for move, below in p13.perft_divide(state, depth).items()}
        report = [f"perft({depth}) = {count}, expected {expected}; divide (engine / model):"]
        for move in sorted(set(divide) | ref.legal_moves()):
            model = ref_perft(ref.after(move), depth - 1) if move in ref.legal_moves() else "-"
            report.append(f"  {move}: {divide.get(move, '-')} / {model}")
        pytest.fail("\n".join(report))


@pytest.mark.parametrize(FIELDS, LINES, ids=IDS)
def test_small_counts_by_the_model_again(
    preset: str, suits: int, moves: tuple[str, ...], depth: int, expected: int, code: str
) -> None:
    """The data file against the model (did anything change in it?), and depth 2 of every
    position by the engine against the model."""
    ref = model_position(preset, suits, moves, code)
    if expected <= SMALL:
        assert ref_perft(ref, depth) == expected
    state = engine_position(preset, suits, moves, code)
    assert p13.perft(state, 2) == ref_perft(ref, 2)


def test_perft_divide_adds_up() -> None:
    preset, suits, moves, depth, expected, code = max(LINES, key=lambda line: line[3])
    state = engine_position(preset, suits, moves, code)
    divide = p13.perft_divide(state, depth)
    assert tuple(divide) == state.legal_moves()
    assert sum(divide.values()) == expected
