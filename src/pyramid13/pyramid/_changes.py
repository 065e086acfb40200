"""What a Pyramid move did, card by card (`GameState.changes`) and step by step
(`GameState.change_steps`), and the picture of the table those changes apply to
(`GameState.table`).

Worked out on demand from a state and its previous state, so that ``apply`` pays nothing
for them.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._base.cards import DECK, Card
from .._base.location import CardLocation, Change, Place
from ._moves import Move, MoveKind

if TYPE_CHECKING:
    from ._state import GameState

__all__ = ["change_steps", "changes", "table"]

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
    if _uncovered(previous, state, move):
        top = state.stock[-1]
        found.append(Change(top, previous.locate(top), _STOCK_TOP, turned_up=True))
    return tuple(found)


def _uncovered(previous: GameState, state: GameState, move: Move) -> bool:
    """Whether `move` turned the stock's new top card face up: under rules that let the
    stock top play, after a removal or a draw that took the card above it."""
    if not state.rules.stock_top_pairable or not state.stock or move.kind is MoveKind.RECYCLE:
        return False
    return bool(previous.locate(state.stock[-1]).depth)  # it lay under the cards that left


def change_steps(state: GameState) -> tuple[tuple[Change, ...], ...]:
    """What `state.last_move` did, step by step (see `GameState.change_steps`)."""
    previous = state.previous
    move = state.last_move
    if previous is None or move is None:
        return ()
    if move.kind is MoveKind.RECYCLE:
        return (changes(state),)  # the waste goes back into the stock as one
    steps: list[tuple[Change, ...]] = []
    if move.kind is MoveKind.REMOVE:
        steps.append(tuple(Change(card, previous.locate(card), _REMOVED) for card in move.cards))
        if _uncovered(previous, state, move):
            steps.append((Change(state.stock[-1], _STOCK_TOP, _STOCK_TOP, turned_up=True),))
        return tuple(steps)
    # A draw: card by card, each from the stock's top onto a waste pile's top; under rules
    # that let the stock top play, each card it uncovers turns face up before it goes on.
    stock = previous.stock
    top_shown = state.rules.stock_top_pairable
    drawn = len(stock) - len(state.stock)
    for number, card in enumerate(stock[len(stock) - drawn :][::-1]):
        pile = state.locate(card).index
        steps.append((Change(card, _STOCK_TOP, CardLocation(Place.WASTE, pile, 0)),))
        if top_shown and number + 1 < len(stock):
            uncovered = stock[-2 - number]
            steps.append((Change(uncovered, _STOCK_TOP, _STOCK_TOP, turned_up=True),))
    return tuple(steps)
