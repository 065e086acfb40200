"""`hint`: a legal move after every move, a win when one is within its budget."""

from __future__ import annotations

import time

import pytest

import pyramid13 as p13


@pytest.mark.parametrize("preset", ["classic", "microsoft", "cardgames", "apophis", "king-tut"])
def test_hints_are_legal_and_cheap(preset: str) -> None:
    rules = p13.RuleSet.preset(preset)
    for deal in range(3):
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        while not state.is_over:
            start = time.perf_counter()
            move = p13.hint(state)
            assert time.perf_counter() - start < 2.0
            assert move in state.legal_moves()
            state = state.apply(move)
        assert p13.hint(state) is None


def test_following_hints_wins_winnable_deals() -> None:
    rules = p13.RuleSet.preset("microsoft")
    for deal in range(10):
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        if not p13.solve(state).winnable:
            continue
        while not state.is_over:
            move = p13.hint(state)
            assert move is not None
            state = state.apply(move)
        assert state.status is p13.Status.WON


def test_hint_falls_back_to_the_greedy_move() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(0), p13.RuleSet.preset("classic"))
    assert p13.solve(state).winnable is False
    assert p13.hint(state) == p13.GreedyBot().choose(state)
    busy = p13.GameState.new(p13.Layout.shuffled(6), p13.RuleSet.preset("microsoft"))
    assert p13.hint(busy, node_limit=2) == p13.GreedyBot().choose(busy)


def test_hint_rejects_bad_input() -> None:
    with pytest.raises(p13.InvalidArgumentError, match="GameState"):
        p13.hint(None)  # type: ignore[arg-type]
    state = p13.GameState.new(p13.Layout.shuffled(1))
    with pytest.raises(p13.InvalidArgumentError):
        p13.hint(state, node_limit=-3)
