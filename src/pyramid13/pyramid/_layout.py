"""Layouts (deals): layout codes, seeded shuffles and PySolFC deal numbers.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs

from .._base.cards import DECK, Card, Rank, Suit, card_tuple
from .._base.errors import InvalidCardError, InvalidLayoutError
from .._base.integers import as_int
from .._base.shuffle import SplitMix64, system_shuffle
from .._base.text import describe

__all__ = ["PYRAMID_SIZE", "STOCK_SIZE", "Layout"]

PYRAMID_SIZE = 28
STOCK_SIZE = 24
_MASK64 = (1 << 64) - 1


def _check_cards(_instance: object, _attribute: object, cards: object) -> None:
    if not isinstance(cards, tuple):
        raise InvalidLayoutError(f"a layout's cards must be a tuple, not {type(cards).__name__}")
    if len(cards) != 52:
        raise InvalidLayoutError(f"a layout has 52 cards, not {len(cards)}")
    seen: set[Card] = set()
    for position, card in enumerate(cards, 1):
        if not isinstance(card, Card):
            raise InvalidLayoutError(f"card {position} is not a Card: {describe(card)}")
        if card in seen:
            raise InvalidLayoutError(f"card {position} ({card}) appears twice")
        seen.add(card)


@attrs.frozen(repr=False)
class Layout:
    """A deal: an ordering of the 52 cards.

    The first 28 cards are the pyramid in row-major order from the apex; the last 24 are
    the stock, the first of them being the first drawn.

    Examples:
        >>> layout = Layout.shuffled(7)
        >>> Layout.parse(layout.code) == layout
        True
        >>> len(layout.pyramid), len(layout.stock)
        (28, 24)
    """

    cards: tuple[Card, ...] = attrs.field(validator=_check_cards)
    """The 52 cards in layout-code order."""

    @property
    def pyramid(self) -> tuple[Card, ...]:
        """The 28 pyramid cards, row-major from the apex."""
        return self.cards[:PYRAMID_SIZE]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The 24 stock cards in drawing order: ``stock[0]`` is drawn first."""
        return self.cards[PYRAMID_SIZE:]

    @property
    def code(self) -> str:
        """The layout code: the 52 cards separated by spaces; round-trips through `parse`."""
        return " ".join(map(str, self.cards))

    @classmethod
    def parse(cls, code: str) -> Layout:
        """Read a layout code: 52 cards separated by whitespace (case-insensitive).

        Args:
            code: the pyramid's 28 cards row by row from the apex, then the 24 stock cards
                in drawing order, as `code` writes them.

        Raises:
            InvalidLayoutError: wrong count, a duplicate or an unknown token; the message
                names the first problem and its position.

        Examples:
            >>> layout = Layout.parse(Layout.shuffled(1).code.lower())
            >>> layout == Layout.shuffled(1), layout.pyramid[0]
            (True, Card.parse('7D'))
            >>> Layout.parse("AS KD")
            Traceback (most recent call last):
            ...
            pyramid13.InvalidLayoutError: a layout has 52 cards, this one has 2
        """
        if not isinstance(code, str):
            raise InvalidLayoutError(f"a layout code must be text, not {type(code).__name__}")
        tokens = code.split()
        cards: list[Card] = []
        first_seen: dict[Card, int] = {}
        for position, token in enumerate(tokens, 1):
            try:
                card = Card.parse(token)
            except InvalidCardError as error:
                raise InvalidLayoutError(f"token {position} of the layout: {error}") from None
            if card in first_seen:
                raise InvalidLayoutError(
                    f"token {position} of the layout: {card} already appeared as token "
                    f"{first_seen[card]}"
                )
            first_seen[card] = position
            cards.append(card)
        if len(cards) != 52:
            missing = [str(card) for card in DECK if card not in first_seen]
            detail = f" (missing: {' '.join(missing)})" if missing and len(missing) <= 8 else ""
            raise InvalidLayoutError(f"a layout has 52 cards, this one has {len(cards)}{detail}")
        return cls(tuple(cards))

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Layout:
        """Build a layout from 52 cards in layout-code order.

        Args:
            cards: the 28 pyramid cards row by row from the apex, then the 24 stock cards
                in drawing order.

        Raises:
            InvalidLayoutError: not 52 distinct cards (or not an iterable at all).

        Examples:
            >>> layout = Layout.from_cards(reversed(DECK))
            >>> layout.pyramid[0], layout.stock[-1]
            (Card.parse('KS'), Card.parse('AC'))
        """
        items = card_tuple(cards, 52)
        return cls(items)

    @classmethod
    def sorted(cls) -> Layout:
        """The unshuffled deck (clubs, diamonds, hearts, spades; Ace to King) as a layout.

        Examples:
            >>> Layout.sorted().code[:17], Layout.sorted().stock[0]
            ('AC 2C 3C 4C 5C 6C', Card.parse('3H'))
        """
        return cls(DECK)

    @classmethod
    def shuffled(cls, seed: int) -> Layout:
        """A deal chosen by `seed`, the same on every platform, Python version and release.

        The canonical deck is shuffled by Fisher-Yates (from the last card down) driven by
        SplitMix64 seeded with `seed`, with unbiased rejection sampling.

        Args:
            seed: any int in ``0 .. 2**64 - 1``.

        Raises:
            InvalidLayoutError: `seed` is not an int in that range.

        Examples:
            >>> Layout.shuffled(1).code[:29]
            '7D 9C 4D 8H 8D 5S JD 6D 9S JC'
            >>> Layout.shuffled(1) == Layout.shuffled(1) != Layout.shuffled(2)
            True
        """
        checked = as_int(seed)
        if checked is None or not 0 <= checked <= _MASK64:
            raise InvalidLayoutError(
                f"a deal seed must be an int in 0..2**64-1, not {describe(seed)}"
            )
        seed = checked
        rng = SplitMix64(seed)
        cards = list(DECK)
        for n in range(51, 0, -1):
            j = rng.below(n + 1)
            cards[n], cards[j] = cards[j], cards[n]
        return cls(tuple(cards))

    @classmethod
    def random(cls) -> Layout:
        """A deal no one can work out from its face-up cards: every order of the deck
        equally likely, drawn from the operating system's randomness (`secrets`).

        Use it where the stock must stay hidden from the player, as on a game server:
        a seeded deal (`shuffled`) is only as secret as its seed, and 28 face-up pyramid
        cards are enough to find a seed of 31 or 32 bits by trying them all (see "Deals
        no one can compute" on the page about deals). This deal has no seed: it holds
        log2(52!), about 225.6 bits, of the system's entropy. Save its `code` to replay it.

        Examples:
            >>> layout = Layout.random()
            >>> set(layout.cards) == set(DECK), len(layout.pyramid)
            (True, 28)
        """
        cards = list(DECK)
        system_shuffle(cards)
        return cls(tuple(cards))

    @classmethod
    def from_pysolfc(cls, number: int) -> Layout:
        """The deal of PySolFC's Pyramid (game id 38) with game number `number`.

        Numbers below 32000 use PySolFC's Microsoft-compatible LCG deals, larger ones its
        Mersenne Twister deals; the layout starts with the cards PySolFC shows in the
        pyramid, and the stock follows in PySolFC's drawing order.

        Args:
            number: the game number PySolFC shows (and accepts in "Select game by number").

        Examples:
            >>> Layout.from_pysolfc(1).code[:29]
            'JD 2D 9H JC 5D 7H 7C 5H KD KC'

        Raises:
            InvalidLayoutError: `number` is not a positive int.
        """
        checked = as_int(number)
        if checked is None or checked < 1:
            raise InvalidLayoutError(
                f"a PySolFC game number must be an int >= 1, not {describe(number)}"
            )
        number = checked
        suits = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
        deck = [Card(rank, suit) for suit in suits for rank in Rank]
        if number < 32000:
            deck = [deck[i + (0, 39, 26, 13)[k]] for i in range(13) for k in range(4)]
            state = number
            for n in range(51, 0, -1):
                state = (state * 214013 + 2531011) % (1 << 33)
                j = ((state >> 16) & 0x7FFF) % (n + 1)
                deck[n], deck[j] = deck[j], deck[n]
        else:
            mersenne = random.Random(number)
            for n in range(51, 0, -1):
                j = int(mersenne.random() * (n + 1))
                deck[n], deck[j] = deck[j], deck[n]
        deck.reverse()
        return cls(tuple(Card.from_index(card.index) for card in deck))

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Layout.parse({self.code!r})"
