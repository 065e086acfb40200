"""What a Pyramid move did, card by card (`GameState.changes`), and the picture of the
table those changes apply to (`GameState.table`).

Worked out on demand from a state and its previous state, so that ``apply`` pays nothing
for them.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._base.cards import DECK, Card
from .._base.location import CardLocation, Change, Place
from ._moves import MoveKind

if TYPE_CHECKING:
    from ._state import GameState

__all__ = ["changes", "table"]

_REMOVED = CardLocation(Place.REMOVED)
_STOCK_TOP = CardLocation(Place.STOCK, depth=0)


def table(state: GameState) -> tuple[tuple[CardLocation, Card | None], ...]:
    """Every card of the deck with where it lies; None for a face-down stock card."""
    pairs: list[tuple[CardLocation, Card | None]] = []
    present: set[Card] = set()
    for slot, card in enumerate(state.pyramid):
        if card is not None:
            pairs.append((CardLocation(Place.PYRAMID, index=slot), card))
            present.add(card)
    stock = state.stock
    top_shown = state.rules.stock_top_pairable
    for depth, card in enumerate(reversed(stock)):
        shown = card if top_shown and not depth else None
        pairs.append((CardLocation(Place.STOCK, depth=depth), shown))
    present.update(stock)
    for number, pile in enumerate(state.waste_piles):
        for depth, card in enumerate(reversed(pile)):
            pairs.append((CardLocation(Place.WASTE, index=number, depth=depth), card))
        present.update(pile)
    pairs.extend((_REMOVED, card) for card in DECK if card not in present)
    return tuple(pairs)


def changes(state: GameState) -> tuple[Change, ...]:
    """What `state.last_move` did (see `GameState.changes` for the order)."""
    previous = state.previous
    move = state.last_move
    if previous is None or move is None:
        return ()
    found: list[Change] = []
    if move.kind is MoveKind.REMOVE:
        found.extend(Change(card, previous.locate(card), _REMOVED) for card in move.cards)
    elif move.kind is MoveKind.DRAW:
        stock = previous.stock
        drawn = len(stock) - len(state.stock)
        for card in stock[len(stock) - drawn :][::-1]:  # the top first: the drawing order
            found.append(Change(card, previous.locate(card), state.locate(card)))
    else:  # recycle: pile 1 first, each from its top, as the cards are picked up
        for pile in previous.waste_piles:
            for card in reversed(pile):
                found.append(Change(card, previous.locate(card), state.locate(card)))
    if state.rules.stock_top_pairable and move.kind is not MoveKind.RECYCLE and state.stock:
        top = state.stock[-1]
        before = previous.locate(top)
        if before.depth:  # it lay face down under the cards that left
            found.append(Change(top, before, _STOCK_TOP, turned_up=True))
    return tuple(found)
