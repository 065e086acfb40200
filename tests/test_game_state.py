"""GameState: construction, equality by position, undo all the way back, text."""

from __future__ import annotations

import random

import pytest
from dealing import NEUTRAL, SELF_CLEARING, SELF_CLEARING_MOVES, deal, play
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import GameState, Move, RuleSet
from pyramid13.strategies import layouts, rulesets


def test_a_new_game() -> None:
    layout = p13.Layout.shuffled(5)
    state = GameState.new(layout)
    assert state.rules == RuleSet()
    assert state.layout == layout
    assert state.pyramid == layout.pyramid
    assert state.stock == tuple(reversed(layout.stock))
    assert state.waste_piles == ((),)
    assert (state.pass_number, state.score, state.history) == (1, 0, ())
    assert state.last_move is None
    assert state.previous is None
    assert state.start is state


def test_states_are_made_by_new_only() -> None:
    with pytest.raises(TypeError, match=r"GameState.new"):
        GameState()


@pytest.mark.parametrize(
    ("layout", "rules", "error", "message"),
    [
        ("AS 2S", None, p13.InvalidLayoutError, "use Layout.parse|read a layout code"),
        (None, None, p13.InvalidLayoutError, "layout must be a Layout"),
        (p13.Layout.sorted(), "vegas", p13.InvalidRulesError, "unknown preset .vegas."),
        (
            p13.Layout.sorted(),
            {"passes": 3},
            p13.InvalidRulesError,
            "rules must be a Pyramid RuleSet",
        ),
    ],
)
def test_new_rejects_what_is_not_a_layout_or_rules(
    layout: object, rules: object, error: type[Exception], message: str
) -> None:
    # Regression: these raised TypeError, outside the Pyramid13Error hierarchy.
    with pytest.raises(error, match=message):
        GameState.new(layout, rules)  # type: ignore[arg-type]


def test_undo_at_the_start_raises() -> None:
    with pytest.raises(p13.UndoError, match="nothing to undo"):
        GameState.new(p13.Layout.shuffled(1)).undo()


def test_transpositions_are_equal_and_hash_equal() -> None:
    start = GameState.new(SELF_CLEARING)
    one = play(start, "KS", "4D+9D")
    other = play(start, "4D+9D", "KS")
    assert one == other
    assert hash(one) == hash(other)
    assert one.history != other.history
    assert len({one, other}) == 1


def test_equal_positions_of_separate_games_are_equal() -> None:
    one = play(GameState.new(SELF_CLEARING), "KS", "draw")
    other = play(GameState.new(SELF_CLEARING), "draw", "KS")
    assert one == other
    assert hash(one) == hash(other)


def test_positions_differ_by_rules_pass_and_score() -> None:
    layout = deal(NEUTRAL)
    assert GameState.new(layout) != GameState.new(layout, RuleSet(passes=2))
    three = draws_and_recycle(GameState.new(layout, RuleSet(passes=3)))
    assert three.pass_number == 2
    assert three != GameState.new(layout, RuleSet(passes=3))
    assert three != three.start  # the same game: only the pass number differs
    assert three.stock == GameState.new(layout, RuleSet(passes=3)).stock
    assert GameState.new(layout) != "a state"


def draws_and_recycle(state: GameState) -> GameState:
    for _ in range(24):
        state = state.apply("draw")
    return state.apply("recycle")


@settings(max_examples=25)
@given(layouts(), rulesets(), st.randoms(use_true_random=False))
def test_random_playouts_unwind_to_the_start(
    layout: p13.Layout, rules: RuleSet, rng: random.Random
) -> None:
    state = GameState.new(layout, rules)
    seen = [state]
    snapshots = [str(state)]
    while state.legal_moves() and len(seen) < 400:
        state = state.apply(rng.choice(state.legal_moves()))
        seen.append(state)
        snapshots.append(str(state))
    assert state.history == tuple(s.last_move for s in seen[1:])
    for expected, text in zip(reversed(seen), reversed(snapshots), strict=True):
        assert state is expected
        assert str(state) == text
        if state.previous is not None:
            state = state.undo()


def test_apply_accepts_move_text() -> None:
    state = GameState.new(deal(NEUTRAL, "KD"))
    assert state.apply("draw") == state.apply(Move.draw())
    assert play(state, "draw").apply(" kd ") == play(state, "draw", "KD")


def test_the_text_drawing() -> None:
    state = play(GameState.new(SELF_CLEARING, RuleSet.preset("microsoft")), "KS", "draw")
    assert str(state).splitlines() == [
        "            KC",
        "          QC  AC",
        "        KD  JC  2C",
        "      TC  3C  9C  4C",
        "    KH  8C  5C  7C  6C",
        "  QD  AD  JD  2D  TD  3D",
        "..  9D  4D  8D  5D  7D  6D",
        "stock: 23 cards (top QH)",
        "waste: AH",
        "pass 1/3, score 5, playing",
    ]


def test_won_games_say_so() -> None:
    state = play(GameState.new(SELF_CLEARING), *SELF_CLEARING_MOVES)
    assert str(state).endswith("pass 1/1, score 0, won")
    assert "won" in repr(state)
