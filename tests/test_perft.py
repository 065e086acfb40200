"""Perft: move-sequence counts kept as data files, and perft against the reference model."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from reference_model import RefState, ref_perft, ref_perft_cached

import pyramid13 as p13
from pyramid13.strategies import game_states

PERFT_DIR = Path(__file__).parent / "data" / "perft"


def perft_lines() -> list[tuple[str, str, int, int]]:
    """(preset, start, depth, count) for every line of every data file."""
    lines = []
    for path in sorted(PERFT_DIR.glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                *start, depth, count = line.split()
                lines.append((path.stem, " ".join(start), int(depth), int(count)))
    return lines


def layout_of(start: str) -> p13.Layout:
    return p13.Layout.shuffled(int(start)) if start.isdigit() else p13.Layout.parse(start)


def test_every_preset_has_perft_data() -> None:
    presets = {preset for preset, *_ in perft_lines()}
    assert presets == set(p13.RuleSet.preset_names())


@pytest.mark.no_cover  # against the reference model: untraced, see tests/conftest.py
@pytest.mark.parametrize(
    ("preset", "start", "depth", "expected"),
    perft_lines(),
    ids=lambda value: value[:12] if isinstance(value, str) else str(value),
)
def test_perft(preset: str, start: str, depth: int, expected: int) -> None:
    state = p13.GameState.new(layout_of(start), p13.RuleSet.preset(preset))
    ref = RefState.new(layout_of(start), p13.RuleSet.preset(preset))
    # The data file is checked too: the reference model must count the same.
    assert ref_perft_cached(ref, depth) == expected, "the data file disagrees with the model"
    count = p13.perft(state, depth)
    if count != expected:
        divide = p13.perft_divide(state, depth)
        lines = [f"perft({depth}) = {count}, expected {expected}; divide (engine / model):"]
        for move, below in divide.items():
            lines.append(f"  {move}: {below} / {ref_perft(ref.after(move), depth - 1)}")
        missing = ref.legal_moves() - set(divide)
        lines.extend(
            f"  {move}: missing / {ref_perft(ref.after(move), depth - 1)}" for move in missing
        )
        pytest.fail("\n".join(lines))


def test_the_data_files_are_what_the_generator_writes() -> None:
    # Fixed starts and depths: regenerating gives the same lines, none lost or added.
    from make_perft_data import DEPTHS, STARTS

    expected = set()
    for preset, starts in DEPTHS.items():
        for start in STARTS:
            name = str(start) if isinstance(start, int) else start.code
            expected |= {(preset, name, depth) for depth in starts[start]}
    assert {(preset, start, depth) for preset, start, depth, _ in perft_lines()} == expected


@pytest.mark.no_cover  # against the reference model: untraced, see tests/conftest.py
@pytest.mark.parametrize("preset", p13.RuleSet.preset_names())
def test_perft_small_depths_match_the_model(preset: str) -> None:
    rules = p13.RuleSet.preset(preset)
    for seed in (1, 4, 7):
        state = p13.GameState.new(p13.Layout.shuffled(seed), rules)
        ref = RefState.new(p13.Layout.shuffled(seed), rules)
        assert p13.perft(state, 0) == 1
        for depth in (1, 2, 3, 4):
            assert p13.perft(state, depth) == ref_perft(ref, depth), (seed, depth)


@pytest.mark.no_cover  # against the reference model: untraced, see tests/conftest.py
def test_perft_divide_matches_the_model_move_by_move() -> None:
    rules = p13.RuleSet.preset("cardgames")
    state = p13.GameState.new(p13.Layout.shuffled(2), rules)
    ref = RefState.new(p13.Layout.shuffled(2), rules)
    divide = p13.perft_divide(state, 6)
    assert tuple(divide) == state.legal_moves()  # in the documented order
    assert set(divide) == ref.legal_moves()
    for move, count in divide.items():
        assert count == ref_perft_cached(ref.after(move), 5), move
    assert sum(divide.values()) == p13.perft(state, 6)


def test_a_finished_game_has_no_sequences() -> None:
    from dealing import SELF_CLEARING, SELF_CLEARING_MOVES, play

    won = play(p13.GameState.new(SELF_CLEARING), *SELF_CLEARING_MOVES)
    assert won.status is p13.Status.WON
    assert p13.perft(won, 0) == 1
    assert p13.perft(won, 1) == 0
    assert p13.perft(won, 3) == 0


@pytest.mark.parametrize("depth", [-1, 1.5, True, "2"])
def test_bad_depths_are_rejected(depth: object) -> None:
    state = p13.GameState.new(p13.Layout.shuffled(1))
    with pytest.raises(ValueError, match="depth must be an int"):
        p13.perft(state, depth)  # type: ignore[arg-type]


@pytest.mark.no_cover  # against the reference model: untraced, see tests/conftest.py
@settings(max_examples=40)
@given(game_states(max_moves=80))
def test_perft_from_random_positions_matches_the_model(state: p13.GameState) -> None:
    ref = RefState.new(state.layout, state.rules)
    for move in state.history:
        ref = ref.after(move)
    assert p13.perft(state, 3) == ref_perft(ref, 3)
