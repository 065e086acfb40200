"""Hand-made Spider deals for readable rule tests.

`layout` builds a full, valid deal from the few cards a test cares about: each pile is given
bottom to top and ends with its top card; the cards not named (and ``??`` placeholders)
are filled from the rest of the deck in canonical order, never directly under a named card
that they would extend into a run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pyramid13 import Card, Rank, spider

__all__ = ["layout", "play", "table"]


def _links(lower: Card, upper: Card) -> bool:
    """Whether `upper` lying on `lower` extends a run (same suit, one rank lower)."""
    return lower.suit is upper.suit and lower.value == upper.value + 1


def layout(
    rules: spider.RuleSet, piles: Sequence[str] = (), deals: Sequence[str] = ()
) -> spider.Layout:
    """A deal for `rules` whose piles end with `piles` and whose deals start with `deals`."""
    shape = rules.shape
    copies = 8 // rules.suits
    pool = Counter({Card(rank, suit): copies for suit in rules.suit_set for rank in Rank})
    named_piles = [text.split() for text in piles] + [[]] * (10 - len(piles))
    named_deals = [text.split() for text in deals] + [[]] * (len(shape.deal_sizes) - len(deals))
    for group in (*named_piles, *named_deals):
        for token in group:
            if token != "??":
                card = Card.parse(token)
                pool[card] -= 1
                assert pool[card] >= 0, f"{card} named too often"
    fillers = sorted(pool.elements(), key=lambda card: card.index)

    def take(avoid: Card | None) -> Card:
        for index, card in enumerate(fillers):
            if avoid is None or not _links(card, avoid):
                return fillers.pop(index)
        raise AssertionError("no filler fits")

    out_piles = []
    for size, named in zip(shape.pile_sizes, named_piles, strict=True):
        assert len(named) <= size, f"a pile of this shape holds {size} cards"
        cards = [None if token == "??" else Card.parse(token) for token in named]
        bottom: list[Card] = []
        for _ in range(size - len(cards)):
            bottom.append(take(None))
        if bottom and cards and cards[0] is not None and _links(bottom[-1], cards[0]):
            fillers.append(bottom.pop())
            bottom.append(take(cards[0]))
            fillers.sort(key=lambda card: card.index)
        filled = [card if card is not None else take(None) for card in cards]
        out_piles.append(tuple(bottom + filled))
    out_deals = []
    for size, named in zip(shape.deal_sizes, named_deals, strict=True):
        cards = [None if token == "??" else Card.parse(token) for token in named]
        cards += [None] * (size - len(cards))
        out_deals.append(tuple(card if card is not None else take(None) for card in cards))
    assert not fillers
    return spider.Layout(tuple(out_piles), tuple(out_deals))


def table(
    rules: spider.RuleSet, piles: Sequence[str] = (), deals: Sequence[str] = ()
) -> spider.GameState:
    """The first state of `layout(rules, piles, deals)`."""
    return spider.GameState.new(layout(rules, piles, deals), rules)


def play(state: spider.GameState, *moves: str) -> spider.GameState:
    """Apply moves given in notation, each checked for legality."""
    for move in moves:
        state = state.apply(move)
    return state
