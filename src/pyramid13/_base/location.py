"""Where a card lies in a position (`CardLocation`, the answer of `GameState.locate`) and
what a move did to one card (`Change`, the items of ``state.changes()`` and of each step of
``state.change_steps()``).

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from .cards import Card
from .fields import check_type, refuse
from .integers import as_int

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


def _check_place(_instance: object, _attribute: object, value: Any) -> None:
    check_type("a CardLocation", "place", value, Place)


def _as_number(value: Any) -> Any:
    """A NumPy integer as an int (as every int argument of the library takes them)."""
    if value is None or type(value) is int:
        return value
    number = as_int(value)
    return value if number is None else number


#: The largest index (a pyramid slot: 28 of them) and depth (a Spider pile: 104 cards).
_LARGEST = {"index": 27, "depth": 103}


def _check_number(_instance: object, attribute: Any, value: Any) -> None:
    high = _LARGEST[attribute.name]
    if value is not None and (type(value) is not int or not 0 <= value <= high):
        refuse("a CardLocation", attribute.name, f"an int in 0..{high} or None", value)


def _check_card(_instance: object, _attribute: object, value: Any) -> None:
    check_type("a Change", "card", value, (Card, type(None)))


def _check_location(_instance: object, attribute: Any, value: Any) -> None:
    check_type("a Change", attribute.name, value, CardLocation)


def _check_flag(_instance: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, bool):
        refuse("a Change", "turned_up", "True or False", value)


@attrs.frozen
class CardLocation:
    """Where one card lies.

    Raises:
        InvalidArgumentError: `place` is not a `Place`, `index` neither an int in 0..27
            nor None, or `depth` neither an int in 0..103 nor None.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1))
        >>> state.locate(state.pyramid[0])
        CardLocation(place=<Place.PYRAMID: 'pyramid'>, index=0, depth=None)
        >>> state.locate(state.stock[-1])
        CardLocation(place=<Place.STOCK: 'stock'>, index=None, depth=0)
    """

    place: Place = attrs.field(validator=_check_place)
    """The part of the table."""
    index: int | None = attrs.field(default=None, converter=_as_number, validator=_check_number)
    """The pyramid slot (`Place.PYRAMID`), waste pile number from 0 (`Place.WASTE`) or
    Spider pile from 0 (`Place.PILE`); None elsewhere."""
    depth: int | None = attrs.field(default=None, converter=_as_number, validator=_check_number)
    """How many cards lie above it in its stock, waste or Spider pile (0: the top); None in
    the pyramid or once removed."""

    @property
    def key(self) -> str:
        """The location as one short string: the `place` value, then the `index` and the
        `depth` where they are set, joined by ``-``: ``"pyramid-21"``, ``"waste-0-0"``,
        ``"stock-0"``, ``"pile-3-0"``, ``"removed"``.

        These are the keys of ``moves_by_card()``, and for every card a move can pick up
        the ``id`` that `pyramid13.to_svg` gives the card it draws there, so a page finds
        the card by it. A location without a depth names a place as a whole (``"pile-3"``,
        ``"stock"``), without an index every place of its kind (``"pile"``, the ten piles).

        Examples:
            >>> CardLocation(Place.PILE, index=3, depth=0).key
            'pile-3-0'
            >>> CardLocation(Place.STOCK, depth=0).key, CardLocation(Place.REMOVED).key
            ('stock-0', 'removed')
        """
        parts = [self.place.value]
        if self.index is not None:
            parts.append(str(self.index))
        if self.depth is not None:
            parts.append(str(self.depth))
        return "-".join(parts)


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

    Raises:
        InvalidArgumentError: a field is not of its type (`card` a Card or None, the
            locations `CardLocation`, `turned_up` a bool).

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1)).apply("KC")
        >>> [(str(c.card), c.source.place.value, c.target.place.value) for c in state.changes()]
        [('KC', 'pyramid', 'removed')]
    """

    card: Card | None = attrs.field(validator=_check_card)
    """The card; None only for a card that stays face down (no move of the library's
    games makes such a change: face-down cards do not move)."""
    source: CardLocation = attrs.field(validator=_check_location)
    """Where the card lay before the move (in ``state.previous``), or before the step."""
    target: CardLocation = attrs.field(validator=_check_location)
    """Where the card lies after the move (in ``state``), or after the step."""
    turned_up: bool = attrs.field(default=False, validator=_check_flag)
    """True for a card that turned face up without moving: `source` and `target` are
    then the same place and index (the depth counts the cards above it in each state)."""
