"""What a Spider move did, card by card (`GameState.changes`) and step by step
(`GameState.change_steps`), and the picture of the table those changes apply to
(`GameState.table`).

Worked out on demand from a state and its previous state, so that ``apply`` pays nothing
for them. Spider deals hold two or more copies of a card, so a card is known by where it
lies, never by its value alone.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._base.cards import Card, Rank
from .._base.location import CardLocation, Change, Place
from ._moves import MoveKind

if TYPE_CHECKING:
    from ._pile import Pile
    from ._state import GameState

__all__ = ["change_steps", "changes", "table"]

_REMOVED = CardLocation(Place.REMOVED)
_KING_TO_ACE = tuple(reversed(Rank))


def _at(pile: int, depth: int) -> CardLocation:
    return CardLocation(Place.PILE, index=pile, depth=depth)


def table(state: GameState) -> tuple[tuple[CardLocation, Card | None], ...]:
    """Every card of the deck with where it lies; None for a face-down card."""
    pairs: list[tuple[CardLocation, Card | None]] = []
    for number, pile in enumerate(state.piles):
        cards = pile.cards
        down = len(pile.face_down)
        for depth in range(len(cards)):
            bottom = len(cards) - 1 - depth
            pairs.append((_at(number, depth), cards[bottom] if bottom >= down else None))
    for depth in range(len(state.stock)):
        pairs.append((CardLocation(Place.STOCK, depth=depth), None))
    for suit in state.runs_removed:
        pairs.extend((_REMOVED, Card(rank, suit)) for rank in _KING_TO_ACE)
    return tuple(pairs)


def _turned(number: int, before: Pile, after: Pile) -> list[Change]:
    """The card of pile `number` that turned face up, if one did."""
    if len(after.face_down) == len(before.face_down):
        return []
    bottom = len(after.face_down)  # its place from the bottom, the same in both states
    return [
        Change(
            after.face_up[0],
            _at(number, len(before) - 1 - bottom),
            _at(number, len(after) - 1 - bottom),
            turned_up=True,
        )
    ]


def _lifted(number: int, pile: Pile, cards: int) -> list[Change]:
    """The top `cards` cards of `pile` (pile `number`), taken off with a complete run, the
    top first."""
    up = pile.face_up
    return [Change(up[-1 - depth], _at(number, depth), _REMOVED) for depth in range(cards)]


def changes(state: GameState) -> tuple[Change, ...]:
    """What `state.last_move` did (see `GameState.changes` for the order)."""
    previous = state.previous
    move = state.last_move
    if previous is None or move is None:
        return ()
    before = previous.piles
    after = state.piles
    found: list[Change] = []
    if move.kind is MoveKind.UNIT:
        source: int = move.source  # type: ignore[assignment]
        count: int = move.count  # type: ignore[assignment]
        target: int = move.target  # type: ignore[assignment]
        lifted = len(state.runs_removed) > len(previous.runs_removed)
        unit = before[source].face_up[-count:]
        for index, card in enumerate(unit):  # the bottom card first
            depth = count - 1 - index
            goes = _REMOVED if lifted else _at(target, depth)
            found.append(Change(card, _at(source, depth), goes))
        if lifted:
            found.extend(_lifted(target, before[target], 13 - count))
        found.extend(_turned(source, before[source], after[source]))
        found.extend(_turned(target, before[target], after[target]))
    elif move.kind is MoveKind.DEAL:
        stock = previous.stock
        dealt = len(stock) - len(state.stock)
        runs = []
        for number in range(dealt):
            card = stock[-1 - number]
            lifted = len(after[number]) != len(before[number]) + 1
            goes = _REMOVED if lifted else _at(number, 0)
            found.append(Change(card, CardLocation(Place.STOCK, depth=number), goes))
            if lifted:
                runs.extend(_lifted(number, before[number], 12))
        found.extend(runs)
        for number in range(dealt):
            found.extend(_turned(number, before[number], after[number]))
    else:
        pile: int = move.pile  # type: ignore[assignment]
        found.extend(_lifted(pile, before[pile], 13))
        found.extend(_turned(pile, before[pile], after[pile]))
    return tuple(found)


def _turn_step(number: int, before: Pile, after: Pile) -> list[tuple[Change, ...]]:
    """The step that turns pile `number`'s new top card face up, if the move turned one:
    it is the pile's top card then (depth 0) in the tables before and after the step."""
    if len(after.face_down) == len(before.face_down):
        return []
    top = _at(number, 0)
    return [(Change(after.face_up[0], top, top, turned_up=True),)]


def _lift_step(number: int, run: tuple[Card, ...]) -> tuple[Change, ...]:
    """The step that lifts the complete `run` (bottom to top, the pile's top cards) off
    pile `number`, the Ace (the top) first."""
    return tuple(Change(card, _at(number, depth), _REMOVED) for depth, card in enumerate(run[::-1]))


def change_steps(state: GameState) -> tuple[tuple[Change, ...], ...]:
    """What `state.last_move` did, step by step (see `GameState.change_steps`)."""
    previous = state.previous
    move = state.last_move
    if previous is None or move is None:
        return ()
    before = previous.piles
    after = state.piles
    steps: list[tuple[Change, ...]] = []
    if move.kind is MoveKind.UNIT:
        source: int = move.source  # type: ignore[assignment]
        count: int = move.count  # type: ignore[assignment]
        target: int = move.target  # type: ignore[assignment]
        unit = before[source].face_up[-count:]
        steps.append(  # the unit lands on the target pile, whatever happens next
            tuple(
                Change(card, _at(source, count - 1 - index), _at(target, count - 1 - index))
                for index, card in enumerate(unit)
            )
        )
        steps.extend(_turn_step(source, before[source], after[source]))
        if len(state.runs_removed) > len(previous.runs_removed):
            run = before[target].face_up[len(before[target].face_up) - (13 - count) :] + unit
            steps.append(_lift_step(target, run))
            steps.extend(_turn_step(target, before[target], after[target]))
    elif move.kind is MoveKind.DEAL:
        stock = previous.stock
        for number in range(len(stock) - len(state.stock)):  # card by card, pile 1 first
            card = stock[-1 - number]
            steps.append((Change(card, CardLocation(Place.STOCK, depth=0), _at(number, 0)),))
            if len(after[number]) != len(before[number]) + 1:  # it completed a run
                run = (*before[number].face_up[-12:], card)
                steps.append(_lift_step(number, run))
                steps.extend(_turn_step(number, before[number], after[number]))
    else:
        pile: int = move.pile  # type: ignore[assignment]
        steps.append(_lift_step(pile, before[pile].face_up[-13:]))
        steps.extend(_turn_step(pile, before[pile], after[pile]))
    return tuple(steps)
