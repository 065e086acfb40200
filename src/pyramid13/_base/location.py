"""Where a card lies in a position: the answer of `GameState.locate`.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

import enum

import attrs

__all__ = ["CardLocation", "Place"]


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
