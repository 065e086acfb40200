"""Where a card lies in a position (`CardLocation`, the answer of `GameState.locate`) and
what a move did to one card (`Change`, the items of ``state.changes()`` and of each step of
``state.change_steps()``).

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

import enum

import attrs

from .cards import Card

__all__ = ["CardLocation", "Change", "Place"]


class Place(enum.Enum):
    """The part of the table a card is in.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1))
        >>> state.locate("KC").place, state.apply("KC").locate("KC").place
        (<Place.PYRAMID: 'pyramid'>, <Place.REMOVED: 'removed'>)
    """

    PYRAMID = "pyramid"
    """A pyramid slot (`CardLocation.index` is the slot, see `pyramid13.geometry`)."""
    STOCK = "stock"
    """The stock (`CardLocation.depth` counts the cards above it)."""
    WASTE = "waste"
    """A waste pile (`CardLocation.index` is the pile, 0 first)."""
    REMOVED = "removed"
    """Taken off the table by a removal."""
    PILE = "pile"
    """A Spider tableau pile (`CardLocation.index` is the pile, 0-9; `CardLocation.depth`
    counts the cards above it, 0 for the top card)."""


@attrs.frozen
class CardLocation:
    """Where one card lies.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1))
        >>> state.locate(state.pyramid[0])
        CardLocation(place=<Place.PYRAMID: 'pyramid'>, index=0, depth=None)
        >>> state.locate(state.stock[-1])
        CardLocation(place=<Place.STOCK: 'stock'>, index=None, depth=0)
    """

    place: Place
    """The part of the table."""
    index: int | None = None
    """The pyramid slot (`Place.PYRAMID`), waste pile number from 0 (`Place.WASTE`) or
    Spider pile from 0 (`Place.PILE`); None elsewhere."""
    depth: int | None = None
    """How many cards lie above it in its stock, waste or Spider pile (0: the top); None in
    the pyramid or once removed."""


@attrs.frozen
class Change:
    """What one move did to one card: the items of ``state.changes()``, in either game.

    A change says where the card lay before the move (`source`, a location in
    ``state.previous``) and where it lies after it (`target`, a location in ``state``),
    measured as ``locate`` measures them. Only a card whose part of the table (`Place`
    and `CardLocation.index`: the slot, the waste pile, the Spider pile) changed, or that
    turned face up, has a change. A card that stays where it is while cards are put on or
    taken off above it is not a change, although its `CardLocation.depth` (the cards
    above it) changes with them.

    Applying a move's changes to the picture of the previous table (``previous.table()``)
    gives the new table (``state.table()``) exactly:

    1. take every moved card (``turned_up`` False) off its `source`, as it lay in the
       previous table;
    2. in each stock, waste pile and Spider pile, the cards that did not move keep their
       order; lay each moved card at its `target`, as it lies in the new table (its
       depth there counts the cards above it once all have been laid), face up but in a
       stock (where only Pyramid's stock top lies face up, under rules that let it play);
    3. turn each ``turned_up`` card face up where it lies (its `target`).

    Undoing the move is the changes read backwards: from the last to the first, each card
    goes from its `target` back to its `source`, and a ``turned_up`` card turns face down
    again.

    A change names only a card the player sees before the move or after it, and
    ``table()`` shows no face-down card, so both are safe to send to a player's screen.

    The steps of ``state.change_steps()`` are changes too, each step read the same way
    against the table the steps before it left (the first against ``previous.table()``):
    its changes' `source` is measured before the step and `target` after it. A card that
    stops on the way has a change in each step it moves in (a Spider unit that completes a
    run: onto the target pile, then from there to ``Place.REMOVED``), where
    ``state.changes()`` has one change from where it lay to where it ends.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1)).apply("KC")
        >>> [(str(c.card), c.source.place.value, c.target.place.value) for c in state.changes()]
        [('KC', 'pyramid', 'removed')]
    """

    card: Card | None
    """The card; None only for a card that stays face down (no move of the library's
    games makes such a change: face-down cards do not move)."""
    source: CardLocation
    """Where the card lay before the move (in ``state.previous``), or before the step."""
    target: CardLocation
    """Where the card lies after the move (in ``state``), or after the step."""
    turned_up: bool = False
    """True for a card that turned face up without moving: `source` and `target` are
    then the same place and index (the depth counts the cards above it in each state)."""
