"""Piles of cards packed into one int, 6 bits a card: how every game's engine keeps them.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
A card's id is ``Card.index + 1`` (1..52), so 0 means "no card"; a pile is packed with its
top card in the lowest bits, so the top is ``packed & 63`` and taking it off is
``packed >> 6``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DECK, Card

__all__ = ["CARD_OF_ID", "pack", "unpack"]

CARD_OF_ID: list[Card] = [DECK[0], *DECK]
"""Card id -> `Card` (index 0 unused)."""


def pack(cards: Sequence[Card]) -> int:
    """Cards given bottom to top, packed with the top in the lowest bits.

    Examples:
        >>> packed = pack([Card.parse("KS"), Card.parse("AH")])
        >>> CARD_OF_ID[packed & 63], unpack(packed)
        (Card.parse('AH'), (Card.parse('KS'), Card.parse('AH')))
    """
    packed = 0
    for card in cards:
        packed = (packed << 6) | (card.index + 1)
    return packed


def unpack(packed: int) -> tuple[Card, ...]:
    """A packed pile as cards, bottom to top."""
    cards = []
    while packed:
        cards.append(CARD_OF_ID[packed & 63])
        packed >>= 6
    cards.reverse()
    return tuple(cards)
