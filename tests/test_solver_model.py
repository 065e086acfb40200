"""The solver's own int representation against the engine's move semantics.

With its pruning switched off, a solver model must offer exactly the engine's moves, and
each must lead to exactly the engine's next position, in every rule variant.
"""

from __future__ import annotations

import random

import pytest
from _brute import brute_force
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_walks import walk_to

import pyramid13 as p13
from pyramid13.pyramid.solver._model import DRAW, RECYCLE, Model, decode_move, make_model


def engine_position(
    state: p13.GameState,
) -> tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], int]:
    """A state as the model's `decode` writes it, read through the public API only."""
    pyramid = sum(1 << slot for slot, card in enumerate(state.pyramid) if card is not None)
    stock = tuple(card.index + 1 for card in state.stock)
    piles = tuple(tuple(card.index + 1 for card in pile) for pile in state.waste_piles)
    passes = state.pass_number - 1 if state.rules.passes is not None else 0
    return pyramid, stock, piles, passes


@st.composite
def rule_sets(draw: st.DrawFn) -> p13.RuleSet:
    piles = draw(st.sampled_from([1, 1, 2, 3]))
    return p13.RuleSet(
        passes=draw(st.sampled_from([1, 2, 3, None])),
        draw_count=1 if piles > 1 else draw(st.sampled_from([1, 1, 2, 3])),
        waste_piles=piles,
        stock_top_pairable=draw(st.booleans()),
        waste_pairing=draw(st.booleans()),
        overlap_pairing=draw(st.booleans()),
        goal=draw(st.sampled_from(list(p13.Goal))),
        first_card_to_waste=draw(st.booleans()),
    )


def check_successors(state: p13.GameState, model: Model | None = None) -> None:
    """The unpruned model of `state`'s game offers exactly the engine's moves there."""
    if model is None:
        model = make_model(state, kings_at_once=False, prune=False)
    encoded = model.encode(state)
    assert model.decode(encoded) == engine_position(state)
    children = model.children(encoded)
    mine = {(decode_move(code), model.decode(child)) for code, child in children}
    assert len(mine) == len(children), "a move listed twice"
    if state.status is p13.Status.PLAYING:
        theirs = {(move, engine_position(state.apply(move))) for move in state.legal_moves()}
        assert mine == theirs
    elif state.status is p13.Status.LOST:
        # The engine ends the game; the model may still draw round, but never remove.
        assert all(code in (DRAW, RECYCLE) for code, _ in children)


@given(rules=rule_sets(), deal=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_model_successors_match_the_engine_along_random_games(
    rules: p13.RuleSet, deal: int, walk: int
) -> None:
    rng = random.Random(walk)
    state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
    model = make_model(state, kings_at_once=False, prune=False)  # one model serves the game
    for _ in range(150):
        check_successors(state, model)
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(rng.choice(moves))


@pytest.mark.parametrize("preset", p13.RuleSet.preset_names())
def test_model_successors_match_the_engine_for_every_preset(preset: str) -> None:
    rng = random.Random(preset)
    rules = p13.RuleSet.preset(preset)
    for deal in range(3):
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        model = make_model(state, kings_at_once=False, prune=False)
        while state.legal_moves():
            check_successors(state, model)
            state = state.apply(rng.choice(state.legal_moves()))


@given(rules=rule_sets(), deal=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_pruned_successors_are_engine_moves(rules: p13.RuleSet, deal: int, walk: int) -> None:
    # With pruning on, the model offers a subset of the engine's moves (never a new one),
    # and never an empty set where the engine offers a removal that keeps the game alive.
    rng = random.Random(walk)
    state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
    for _ in range(rng.randrange(40)):
        moves = state.legal_moves()
        if not moves:
            return
        state = state.apply(rng.choice(moves))
    if state.status is not p13.Status.PLAYING:
        return
    model = make_model(state)
    legal = set(state.legal_moves())
    for code, child in model.children(model.root):
        move = decode_move(code)
        assert move in legal
        assert model.decode(child) == engine_position(state.apply(move))


@given(deal=st.integers(0, 2**32), masks=st.lists(st.integers(0, 2**24 - 1), max_size=20))
def test_byte_tables_add_up_to_the_counts_and_values_of_the_talon(
    deal: int, masks: list[int]
) -> None:
    state = p13.GameState.new(p13.Layout.shuffled(deal), p13.RuleSet.preset("microsoft"))
    deal_tables = make_model(state).deal
    c0, c1, c2 = deal_tables.value_bytes
    v0, v1, v2 = deal_tables.value_bit_bytes
    for mask in [*masks, 2**24 - 1]:
        low, mid, high = mask & 255, mask >> 8 & 255, mask >> 16
        assert c0[low] + c1[mid] + c2[high] == deal_tables.counts_of(mask)
        assert v0[low] | v1[mid] | v2[high] == deal_tables.values_of(mask)


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
@pytest.mark.parametrize("preset", p13.RuleSet.preset_names())
@settings(max_examples=25)
@given(
    deal=st.integers(0, 2**32),
    walk=st.integers(0, 2**32),
    length=st.integers(15, 70),
    optimal=st.booleans(),
)
def test_pruning_keeps_a_winning_move_wherever_brute_force_finds_a_win(
    preset: str, deal: int, walk: int, length: int, optimal: bool
) -> None:
    # The pruned successor set is empty only where brute force proves the position lost,
    # and where a win exists it keeps a move that still wins (a shortest one when optimal).
    state = walk_to(p13.RuleSet.preset(preset), deal, walk, length)
    if state.status is not p13.Status.PLAYING:
        return
    shortest = brute_force(state, limit=3_000)
    if shortest is None:
        return  # too big to settle by brute force
    model = make_model(state, optimal=optimal)
    children = [state.apply(decode_move(code)) for code, _ in model.children(model.root)]
    if shortest < 0:
        return  # lost: the pruned set may be anything (it cannot win either way)
    assert children, f"pruned to nothing, but a win in {shortest}: {state.to_string()}"
    after = [brute_force(child, limit=6_000) for child in children]
    if optimal:
        assert shortest - 1 in after or None in after, state.to_string()
    else:
        assert any(length is None or length >= 0 for length in after), state.to_string()


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
@pytest.mark.parametrize("preset", p13.RuleSet.preset_names())
@settings(max_examples=20)
@given(deal=st.integers(0, 2**32), walk=st.integers(0, 2**32), length=st.integers(15, 70))
def test_the_optimal_heuristic_never_overestimates(
    preset: str, deal: int, walk: int, length: int
) -> None:
    # A* finds shortest wins only if the heuristic is at most the true distance, which
    # brute force measures; at a won position it must be 0.
    state = walk_to(p13.RuleSet.preset(preset), deal, walk, length)
    if state.status is p13.Status.LOST:
        return
    shortest = brute_force(state, limit=3_000)
    if shortest is None or shortest < 0:
        return
    line = p13.solve(state, optimal=True).moves
    assert len(line) == shortest, state.to_string()
    # Every position along a shortest line is that many steps from a win (a suffix of a
    # shortest line is a shortest line), down to 0 at the won position.
    position = state
    for steps_left in range(shortest, -1, -1):
        model = make_model(position, optimal=True)
        assert model.heuristic(model.root) <= steps_left, position.to_string()
        if steps_left:
            position = position.apply(line[shortest - steps_left])
    assert position.status is p13.Status.WON
    assert model.heuristic(model.root) == 0
