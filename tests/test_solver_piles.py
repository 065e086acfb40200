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
from solver_walks import walk_to

import pyramid13 as p13
from pyramid13.pyramid.solver._model import PileModel, make_model
from pyramid13.pyramid.solver._relax import pile_relaxation
from pyramid13.pyramid.solver._search import dfs

# Brute force, so untraced: see tests/conftest.py.
pytestmark = pytest.mark.no_cover

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


def verdicts(state: p13.GameState) -> tuple[bool | None, bool | None]:
    """The verdict of the model with every cut, and of the plain model (None: too big)."""
    cut, _, _ = dfs(make_model(state), LIMIT, None)
    plain, _, _ = dfs(make_model(state, kings_at_once=False, prune=False), LIMIT, None)
    return cut, plain


@settings(max_examples=40)
@given(
    rules=st.sampled_from(RULES),
    deal=st.integers(0, 2**32),
    walk=st.integers(0, 2**32),
    length=st.integers(10, 45),
)
def test_the_cuts_keep_the_verdict_of_the_plain_search(
    rules: p13.RuleSet, deal: int, walk: int, length: int
) -> None:
    state = walk_to(rules, deal, walk, length, on_line=0.6, part=0.3)
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
        state = walk_to(
            rules, rng.randrange(100_000), rng.randrange(2**32), rng.randrange(10, 45), part=0.3
        )
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
        state = walk_to(
            rules, rng.randrange(100_000), rng.randrange(2**32), rng.randrange(10, 45), part=0.3
        )
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


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_every_position_of_a_winning_line_stays_winnable(rules: p13.RuleSet) -> None:
    # A winning line replayed through the engine passes only through winnable positions:
    # the model with every cut must find a win from each (its last moves included, where
    # forced and dropped pairs decide).
    checked = 0
    for deal in range(40):
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        line = p13.solve(state, node_limit=100_000).moves
        if not line:
            continue
        for move in line:
            winnable, _, _ = dfs(make_model(state), 200_000, None)
            assert winnable is not False, state.to_string()
            checked += winnable is True
            state = state.apply(move)
        assert state.status is p13.Status.WON
        if checked >= 60:
            break
    assert checked >= 60


@pytest.mark.parametrize("rules", RULES[:2], ids=["three-stacks", "apophis"])
def test_positions_share_a_key_exactly_when_their_values_agree(rules: p13.RuleSet) -> None:
    # The several-pile model keys a position on the values of its talon cards (and on the
    # pyramid's remaining slots; the pass is kept beside the key). Its positions, read
    # back as cards with `decode` (which the model tests check against the engine), share
    # a key exactly when the pyramid slots and the values of the stock and of every pile
    # agree. The positions
    # are those the model reaches from early in a few deals; some that share a key must
    # hold different cards.
    def values(ids: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(p13.DECK[card - 1].value for card in ids)

    cards_differ = 0
    for deal in range(3):
        model = make_model(walk_to(rules, deal, deal, 6, on_line=0.0))
        values_of_key: dict[int, tuple[object, ...]] = {}
        key_of_values: dict[tuple[object, ...], int] = {}
        cards_of_key: dict[int, tuple[object, ...]] = {}
        seen = {model.root}
        todo = [model.root]
        while todo and len(seen) < 20_000:
            position = todo.pop()
            pyramid, stock, piles, _ = model.decode(position)
            key = position & model.key_mask
            agreed = (pyramid, values(stock), tuple(values(pile) for pile in piles))
            assert values_of_key.setdefault(key, agreed) == agreed
            assert key_of_values.setdefault(agreed, key) == key
            cards_differ += cards_of_key.setdefault(key, (stock, piles)) != (stock, piles)
            for _, child in model.children(position):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
    assert cards_differ >= 20, cards_differ
