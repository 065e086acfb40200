"""Piles as a user sees them: face-down and face-up cards, bottom to top.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

import attrs

from .._base.cards import Card

__all__ = ["ObservedPile", "Pile"]


@attrs.frozen
class Pile:
    """One of the ten piles of a `GameState`, with every card known.

    Examples:
        >>> pile = Pile((Card.parse("5H"),), (Card.parse("9S"), Card.parse("8S")))
        >>> len(pile), pile.top
        (3, Card.parse('8S'))
    """

    face_down: tuple[Card, ...]
    """The face-down cards, bottom to top (the last one turns over next)."""
    face_up: tuple[Card, ...]
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

    Examples:
        >>> pile = ObservedPile(4, (Card.parse("TH"),))
        >>> len(pile), pile.top
        (5, Card.parse('TH'))
    """

    face_down_count: int
    """How many face-down cards the pile holds."""
    face_up: tuple[Card, ...]
    """The face-up cards, bottom to top: ``face_up[-1]`` is the top card."""

    @property
    def top(self) -> Card | None:
        """The top card, or None for an empty pile."""
        return self.face_up[-1] if self.face_up else None

    def __len__(self) -> int:
        return self.face_down_count + len(self.face_up)
