"""Piles as a user sees them: face-down and face-up cards, bottom to top.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from typing import Any

import attrs

from .._base.cards import Card
from .._base.fields import check_card_tuple, check_count

__all__ = ["ObservedPile", "Pile"]


def _check_cards(instance: object, attribute: Any, value: Any) -> None:
    check_card_tuple(f"a {type(instance).__name__}", attribute.name, value)


def _check_count(_instance: object, _attribute: object, value: Any) -> None:
    check_count("an ObservedPile", "face_down_count", value, 0, 104)


@attrs.frozen
class Pile:
    """One of the ten piles of a `GameState`, with every card known.

    Raises:
        InvalidArgumentError: a field is not a tuple of Card.

    Examples:
        >>> pile = Pile((Card.parse("5H"),), (Card.parse("9S"), Card.parse("8S")))
        >>> len(pile), pile.top
        (3, Card.parse('8S'))
    """

    face_down: tuple[Card, ...] = attrs.field(validator=_check_cards)
    """The face-down cards, bottom to top (the last one turns over next)."""
    face_up: tuple[Card, ...] = attrs.field(validator=_check_cards)
    """The face-up cards, bottom to top: ``face_up[-1]`` is the top card."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the pile, bottom to top."""
        return self.face_down + self.face_up

    @property
    def top(self) -> Card | None:
        """The top card, or None for an empty pile."""
        return self.face_up[-1] if self.face_up else None

    def __len__(self) -> int:
        return len(self.face_down) + len(self.face_up)


@attrs.frozen
class ObservedPile:
    """One of the ten piles of an `Observation`: face-down cards are only counted.

    Raises:
        InvalidArgumentError: the count is not an int in 0..104, or the face-up cards not
            a tuple of Card.

    Examples:
        >>> pile = ObservedPile(4, (Card.parse("TH"),))
        >>> len(pile), pile.top
        (5, Card.parse('TH'))
    """

    face_down_count: int = attrs.field(validator=_check_count)
    """How many face-down cards the pile holds."""
    face_up: tuple[Card, ...] = attrs.field(validator=_check_cards)
    """The face-up cards, bottom to top: ``face_up[-1]`` is the top card."""

    @property
    def top(self) -> Card | None:
        """The top card, or None for an empty pile."""
        return self.face_up[-1] if self.face_up else None

    def __len__(self) -> int:
        return self.face_down_count + len(self.face_up)


_new = object.__new__
_set = object.__setattr__


def pile(face_down: tuple[Card, ...], face_up: tuple[Card, ...]) -> Pile:
    """A `Pile` of the engine's own cards, built without the checks (a state makes ten
    of them each time its piles are read)."""
    made: Pile = _new(Pile)
    _set(made, "face_down", face_down)
    _set(made, "face_up", face_up)
    return made


def observed_pile(face_down_count: int, face_up: tuple[Card, ...]) -> ObservedPile:
    """An `ObservedPile` of the engine's own counts and cards, built without the checks."""
    made: ObservedPile = _new(ObservedPile)
    _set(made, "face_down_count", face_down_count)
    _set(made, "face_up", face_up)
    return made
