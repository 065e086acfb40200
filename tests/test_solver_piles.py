"""The several-pile model's cuts against a search without them.

With several waste piles the model forces pairs and pile Kings, keys positions on card
values, drops useless pairs and prunes with a relaxation (the stock's cards at hand). Each
is claimed exact: on random reachable positions the verdict with every cut must be the
verdict of the plain model (every engine move, positions keyed on their cards), and of a
naive breadth-first search over the public API where that is small enough.
"""

from __future__ import annotations

import random

import pytest
from _brute import brute_force
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13.solver._model import PileModel, make_model
from pyramid13.solver._relax import pile_relaxation
from pyramid13.solver._search import dfs

RULES = [
    p13.RuleSet.preset("three-stacks"),
    p13.RuleSet.preset("apophis"),
    p13.RuleSet(waste_piles=2),
    p13.RuleSet(waste_piles=3, waste_pairing=True),
    p13.RuleSet(waste_piles=3, stock_top_pairable=True),
    p13.RuleSet(waste_piles=3, overlap_pairing=True, first_card_to_waste=True),
    p13.RuleSet(waste_piles=4, goal=p13.Goal.ALL_CARDS),
    p13.RuleSet(waste_piles=3, passes=2),
]
LIMIT = 60_000


def reachable(rules: p13.RuleSet, deal: int, walk: int) -> p13.GameState:
    """A position of `deal` reached by random play (mostly removals), or often one along
    a winning line (found by the solver, replayed through the engine) and a step or two
    off it, so that both won and lost positions come up."""
    rng = random.Random(walk)
    state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
    line: tuple[p13.Move, ...] = ()
    if rng.random() < 0.6:
        line = p13.solve(state, node_limit=100_000).moves
    if line:
        for move in line[: rng.randrange(len(line) // 3, len(line))]:
            state = state.apply(move)
        steps = rng.randrange(3)
    else:
        steps = rng.randrange(10, 45)
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        removals = [move for move in moves if move.is_removal]
        state = state.apply(rng.choice(removals if removals and rng.random() < 0.7 else moves))
    return state


def verdicts(state: p13.GameState) -> tuple[bool | None, bool | None]:
    """The verdict of the model with every cut, and of the plain model (None: too big)."""
    cut, _, _ = dfs(make_model(state), LIMIT, None)
    plain, _, _ = dfs(make_model(state, kings_at_once=False, prune=False), LIMIT, None)
    return cut, plain


@settings(max_examples=40)
@given(rules=st.sampled_from(RULES), deal=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_the_cuts_keep_the_verdict_of_the_plain_search(
    rules: p13.RuleSet, deal: int, walk: int
) -> None:
    state = reachable(rules, deal, walk)
    if state.status is not p13.Status.PLAYING:
        return
    cut, plain = verdicts(state)
    if plain is not None:
        assert cut is plain, state.to_string()


@pytest.mark.parametrize("rules", RULES[:2], ids=["three-stacks", "apophis"])
def test_the_cuts_keep_the_verdict_on_won_and_lost_positions(rules: p13.RuleSet) -> None:
    # The same check on a fixed sample that must decide enough positions of both kinds.
    rng = random.Random(rules.waste_piles + (rules.passes or 0))
    found: dict[bool, int] = {True: 0, False: 0}
    for _ in range(40):
        state = reachable(rules, rng.randrange(100_000), rng.randrange(2**32))
        if state.status is not p13.Status.PLAYING:
            continue
        cut, plain = verdicts(state)
        if plain is None:
            continue
        assert cut is plain, state.to_string()
        found[plain] += 1
    assert found[True] >= 5, found
    assert found[False] >= 5, found


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_the_relaxation_never_prunes_a_winnable_position(rules: p13.RuleSet) -> None:
    # Whenever the relaxation calls a position of the last pass lost, the plain search
    # finds no win there either (and brute force agrees where it can settle it).
    rng = random.Random(str(rules))
    pruned = 0
    for _ in range(60):
        state = reachable(rules, rng.randrange(100_000), rng.randrange(2**32))
        if state.status is not p13.Status.PLAYING:
            continue
        if rules.passes is not None and state.pass_number < rules.passes:
            continue
        model = make_model(state)
        assert isinstance(model, PileModel)
        deal = model.deal
        relaxed = pile_relaxation(
            deal.shape, deal.clearable, model.offsets, model.key_mask, rules.waste_pairing
        )
        root = model.root
        hand = sum(1 << 3 * card.value for card in state.stock if card.value < 13)
        talon = deal.counts_of(root >> 28 & (1 << 24) - 1)
        if relaxed(root, hand, talon):
            continue
        pruned += 1
        plain, _, _ = dfs(make_model(state, kings_at_once=False, prune=False), LIMIT, None)
        assert plain is not True, state.to_string()
        shortest = brute_force(state, limit=3_000)
        assert shortest is None or shortest < 0, state.to_string()
    assert pruned >= 3 or rules.passes != 1
