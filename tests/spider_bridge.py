"""Between the Spider engine and the reference model: conversions, comparison and walks.

The reference model (`spider_reference`) knows nothing of `pyramid13.spider`; this module
reads the engine's public attributes into the model's plain values and compares the two.
"""

from __future__ import annotations

from collections import Counter

from spider_reference import RefLayout, RefRules, RefState, sorted_suits

from pyramid13 import Card, Rank, spider

__all__ = [
    "COMBOS",
    "assert_same",
    "deck_of",
    "describe",
    "documented_order",
    "engine_layout",
    "ref_layout",
    "ref_rules",
    "state_cards",
]

COMBOS = [(name, suits) for name in spider.RuleSet.preset_names() for suits in (1, 2, 4)]


def ref_rules(rules: spider.RuleSet) -> RefRules:
    """The engine's rule set read through its public attributes."""
    return RefRules(
        rules.shape.value,
        sorted_suits(rules.suit_set),
        rules.deal_onto_empty,
        rules.auto_remove_runs,
        rules.face_down,
        rules.scoring.name,
    )


def ref_layout(layout: spider.Layout) -> RefLayout:
    """The engine's layout as the model's plain value."""
    return RefLayout(
        tuple(tuple(pile) for pile in layout.piles), tuple(tuple(deal) for deal in layout.deals)
    )


def engine_layout(layout: RefLayout) -> spider.Layout:
    """The model's layout read by the engine through the documented layout code."""
    return spider.Layout.parse(layout.code)


def deck_of(rules: spider.RuleSet) -> Counter[Card]:
    """S1: 104 cards, each rank 8 times, split evenly among the rules' suits."""
    copies = 8 // len(rules.suit_set)
    return Counter({Card(rank, suit): copies for suit in rules.suit_set for rank in Rank})


def state_cards(state: spider.GameState) -> Counter[Card]:
    """Every card of a position: piles, stock and the removed runs (13 cards each)."""
    cards: Counter[Card] = Counter(state.stock)
    for pile in state.piles:
        cards.update(pile.face_down)
        cards.update(pile.face_up)
    for suit in state.runs_removed:
        cards.update(Card(rank, suit) for rank in Rank)
    return cards


def documented_order(move: spider.Move) -> tuple[int, int, int, int]:
    """`GameState.legal_moves`' documented order: removals by pile, then unit moves by source
    pile, number of cards (fewest first) and target pile, then the deal."""
    if move.kind is spider.MoveKind.REMOVE:
        assert move.pile is not None
        return (0, move.pile, 0, 0)
    if move.kind is spider.MoveKind.UNIT:
        assert move.source is not None
        assert move.count is not None
        assert move.target is not None
        return (1, move.source, move.count, move.target)
    return (2, 0, 0, 0)


def describe(state: spider.GameState) -> str:
    steps = " ".join(map(str, state.history)) or "(start)"
    return f"after {len(state.history)} moves: {steps}\nlayout {state.layout.code}\n{state}"


def assert_same(state: spider.GameState, ref: RefState) -> None:
    """Everything public about `state` equals the model's position, moves included."""
    where = describe(state)
    for index, pile in enumerate(state.piles):
        assert pile.face_down == ref.face_down(index), f"pile {index + 1} face down, {where}"
        assert pile.face_up == ref.face_up(index), f"pile {index + 1} face up, {where}"
    assert state.stock == tuple(ref.stock), where
    assert state.deals_left == ref.deals_left(), where
    assert state.runs_removed == tuple(ref.runs_removed), where
    assert state.score == ref.score, where
    assert [str(move) for move in state.history] == ref.history, where
    assert state.status.name.lower() == ref.status(), where
    assert state.is_over == (ref.status() != "playing"), where
    legal = state.legal_moves()
    assert list(legal) == sorted(legal, key=documented_order), f"moves out of order, {where}"
    texts = [str(move) for move in legal]
    assert len(set(texts)) == len(texts), f"duplicate moves {texts}, {where}"
    assert set(texts) == ref.legal_moves(), (
        f"engine-only {sorted(set(texts) - ref.legal_moves())}, "
        f"model-only {sorted(ref.legal_moves() - set(texts))}, {where}"
    )
