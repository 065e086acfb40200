"""The engine against an independent, naive reference model of the rules (SPEC §3-7).

Random walks over every preset and random rule sets compare, at every step, the set of
legal moves, the position after each move, the pass number, the score and the status.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_model import RefState

import pyramid13 as p13
from pyramid13.strategies import layouts, preset_rulesets, rulesets

# Engine against the reference model: untraced, see tests/conftest.py.
pytestmark = pytest.mark.no_cover


def assert_same(state: p13.GameState, ref: RefState) -> None:
    steps = " ".join(map(str, state.history)) or "(start)"
    where = f"after {steps}\n{state}"
    assert list(state.pyramid) == ref.pyramid, where
    assert state.stock == ref.stock_tuple(), where
    assert state.waste_piles == ref.waste_tuple(), where
    assert state.pass_number == ref.pass_number, where
    assert state.score == ref.score, where
    assert state.status.value == ref.status(), where
    legal = state.legal_moves()
    assert len(set(legal)) == len(legal), f"duplicate moves {legal} {where}"
    assert set(legal) == ref.legal_moves(), where


def walk(data: st.DataObject, layout: p13.Layout, rules: p13.RuleSet, steps: int) -> None:
    state = p13.GameState.new(layout, rules)
    ref = RefState.new(layout, rules)
    assert_same(state, ref)
    # How often to prefer a draw or recycle over a removal: some walks play every card they
    # can, others mostly turn the stock (reaching recycles at a low score, late passes).
    laziness = data.draw(st.integers(min_value=0, max_value=4), label="laziness")
    for _ in range(steps):
        legal = state.legal_moves()
        if not legal:
            break
        talon = [move for move in legal if not move.is_removal]
        if talon and data.draw(st.integers(min_value=0, max_value=3)) < laziness:
            move = talon[0]
        else:
            move = data.draw(st.sampled_from(legal))
        state = state.apply(move)
        ref = ref.after(move)
        assert_same(state, ref)


@given(st.data(), layouts(), preset_rulesets())
def test_presets_agree_with_the_model(
    data: st.DataObject, layout: p13.Layout, rules: p13.RuleSet
) -> None:
    walk(data, layout, rules, 150)


@given(st.data(), layouts(), rulesets(presets=False))
def test_random_rule_sets_agree_with_the_model(
    data: st.DataObject, layout: p13.Layout, rules: p13.RuleSet
) -> None:
    walk(data, layout, rules, 150)


_SMALL_VARIANTS = st.builds(
    p13.RuleSet,
    passes=st.sampled_from([1, 2, 3, None]),
    waste_piles=st.sampled_from([2, 3]),
    stock_top_pairable=st.booleans(),
    waste_pairing=st.booleans(),
    overlap_pairing=st.booleans(),
    goal=st.sampled_from(p13.Goal),
    first_card_to_waste=st.booleans(),
    scoring=st.sampled_from(["none", "cardems", "microsoft"]),
)
_DRAW_THREE = st.builds(
    p13.RuleSet,
    passes=st.sampled_from([1, 2, 3, None]),
    draw_count=st.sampled_from([2, 3]),
    stock_top_pairable=st.booleans(),
    waste_pairing=st.booleans(),
    overlap_pairing=st.booleans(),
    goal=st.sampled_from(p13.Goal),
    first_card_to_waste=st.booleans(),
    scoring=st.sampled_from(["none", "cardems", "microsoft"]),
)


@given(st.data(), layouts(), _SMALL_VARIANTS)
def test_several_waste_piles_agree_with_the_model(
    data: st.DataObject, layout: p13.Layout, rules: p13.RuleSet
) -> None:
    walk(data, layout, rules, 150)


@given(st.data(), layouts(), _DRAW_THREE)
def test_drawing_several_cards_agrees_with_the_model(
    data: st.DataObject, layout: p13.Layout, rules: p13.RuleSet
) -> None:
    walk(data, layout, rules, 150)


@settings(max_examples=30)
@given(st.data(), layouts(), preset_rulesets())
def test_removal_heavy_walks_agree_with_the_model(
    data: st.DataObject, layout: p13.Layout, rules: p13.RuleSet
) -> None:
    """Walks that always take a removal when there is one reach the end of the game."""
    state = p13.GameState.new(layout, rules)
    ref = RefState.new(layout, rules)
    while state.legal_moves():
        legal = state.legal_moves()
        removals = [move for move in legal if move.is_removal]
        move = data.draw(st.sampled_from(removals or list(legal)))
        state = state.apply(move)
        ref = ref.after(move)
        assert_same(state, ref)
    assert state.status is not p13.Status.PLAYING
