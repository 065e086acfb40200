"""Positions for the solver tests: random play, or a winning line followed part way."""

from __future__ import annotations

import random

import pyramid13 as p13

__all__ = ["walk_to"]


def walk_to(
    rules: p13.RuleSet,
    deal: int,
    seed: int,
    length: int,
    *,
    on_line: float = 0.7,
    part: float = 0.5,
) -> p13.GameState:
    """A position of `deal` reached by `length` random moves (mostly removals), or with
    chance `on_line` one along a winning line of the deal (found by the solver, replayed
    through the engine, stopped at random past the `part` of it) followed by up to two
    random moves, so that both won and lost positions come up."""
    rng = random.Random(seed)
    state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
    line: tuple[p13.Move, ...] = ()
    if rng.random() < on_line:
        line = p13.solve(state, node_limit=50_000).moves
    if line:
        for move in line[: rng.randrange(int(len(line) * part), len(line))]:
            state = state.apply(move)
        length = rng.randrange(3)
    for _ in range(length):
        moves = state.legal_moves()
        if not moves:
            break
        removals = [move for move in moves if move.is_removal]
        # Mostly removals, so that walks reach the thin positions brute force can settle.
        state = state.apply(rng.choice(removals if removals and rng.random() < 0.8 else moves))
    return state
