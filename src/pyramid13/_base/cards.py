"""Suits, ranks and cards: values, canonical text and parsing.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

import attrs

from .errors import InvalidCardError, InvalidLayoutError
from .integers import as_int
from .text import describe

__all__ = ["DECK", "Card", "Rank", "Suit", "card_tuple", "parse_cards"]


class Suit(enum.Enum):
    """The four suits. Suit and colour never matter for pairing.

    Examples:
        >>> Suit("H"), Suit.HEARTS.symbol, Card.parse("QH").suit
        (<Suit.HEARTS: 'H'>, '♥', <Suit.HEARTS: 'H'>)
    """

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def index(self) -> int:
        """Position in the canonical suit order C, D, H, S (0..3)."""
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: one of ``♣ ♦ ♥ ♠``."""
        return _SUIT_SYMBOLS[self]


class Rank(enum.IntEnum):
    """Card ranks; the enum value is the card's value for pairing (Ace 1 .. King 13).

    Examples:
        >>> Rank.QUEEN + Rank.ACE, Rank.TEN.letter, Card.parse("TS").rank
        (13, 'T', <Rank.TEN: 10>)
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The rank's letter in canonical card text: ``A 2 .. 9 T J Q K``."""
        return RANK_LETTERS[self.value - 1]


RANK_LETTERS = "A23456789TJQK"
_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_BY_TOKEN: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_BY_TOKEN[_suit.value] = _suit
    _SUIT_BY_TOKEN[_suit.symbol] = _suit
_SUIT_BY_TOKEN["♤"] = Suit.SPADES
_SUIT_BY_TOKEN["♡"] = Suit.HEARTS
_SUIT_BY_TOKEN["♢"] = Suit.DIAMONDS
_SUIT_BY_TOKEN["♧"] = Suit.CLUBS
_RANK_BY_TOKEN: dict[str, Rank] = {letter: Rank(i + 1) for i, letter in enumerate(RANK_LETTERS)}
_RANK_BY_TOKEN["10"] = Rank.TEN


def _check_rank(_instance: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, Rank):
        raise InvalidCardError(f"rank must be a Rank, not {describe(value)}")


def _check_suit(_instance: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, Suit):
        raise InvalidCardError(f"suit must be a Suit, not {describe(value)}")


@attrs.frozen(repr=False, cache_hash=True)
class Card:
    """A playing card. Immutable, hashable, compared by rank and suit.

    Examples:
        >>> card = Card.parse("TH")
        >>> str(card), card.value, card.suit
        ('TH', 10, <Suit.HEARTS: 'H'>)
        >>> Card(Rank.KING, Suit.SPADES)
        Card.parse('KS')
    """

    rank: Rank = attrs.field(validator=_check_rank)
    """The card's rank; ``rank.value`` is its value for pairing."""
    suit: Suit = attrs.field(validator=_check_suit)
    """The card's suit (it never matters for pairing)."""
    _index: int = attrs.field(init=False, eq=False, repr=False, hash=False)

    #: Every card by index; filled once at import.
    _BY_INDEX: ClassVar[tuple[Card, ...]]

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_index", self.suit.index * 13 + self.rank.value - 1)

    @property
    def value(self) -> int:
        """The value for pairing: Ace 1, numbers at face value, Jack 11, Queen 12, King 13."""
        return int(self.rank)

    @property
    def index(self) -> int:
        """Position in the canonical deck order (clubs, diamonds, hearts, spades; A..K): 0..51."""
        return self._index

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at `index` (0..51) of the canonical deck order: the inverse of `Card.index`.

        Args:
            index: the position in `DECK`, 0 (Ace of clubs) to 51 (King of spades).

        Examples:
            >>> Card.from_index(0), Card.from_index(51)
            (Card.parse('AC'), Card.parse('KS'))

        Raises:
            InvalidCardError: `index` is not an int in 0..51.
        """
        number = as_int(index)
        if number is None or not 0 <= number < 52:
            raise InvalidCardError(f"card index must be an int in 0..51, not {describe(index)}")
        return cls._BY_INDEX[number]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank then suit, case-insensitive.

        Accepts ``A 2..9 T J Q K`` (and ``10``) for the rank and ``C D H S`` or the
        symbols ``♣ ♦ ♥ ♠`` for the suit, with surrounding whitespace ignored.

        Args:
            text: the card's text, such as ``"TH"``, ``"th"``, ``"10H"`` or ``"10♥"``.

        Examples:
            >>> Card.parse("10♥") is Card.parse("th")
            True

        Raises:
            InvalidCardError: the text is not a card; the message says why.
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"a card must be given as text, not {type(text).__name__}")
        token = text.strip().upper()
        if len(token) < 2:
            raise InvalidCardError(
                f"{describe(text)} is not a card: expected a rank and a suit, like 'TH'"
            )
        rank = _RANK_BY_TOKEN.get(token[:-1])
        suit = _SUIT_BY_TOKEN.get(token[-1])
        if rank is None:
            raise InvalidCardError(
                f"{describe(text)} is not a card: unknown rank {describe(token[:-1])} "
                "(expected A 2-9 T J Q K or 10)"
            )
        if suit is None:
            raise InvalidCardError(
                f"{describe(text)} is not a card: unknown suit {describe(token[-1])} "
                "(expected C D H S or a symbol)"
            )
        return cls._BY_INDEX[suit.index * 13 + rank.value - 1]

    def __str__(self) -> str:
        return self.rank.letter + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


Card._BY_INDEX = tuple(Card(rank, suit) for suit in Suit for rank in Rank)

DECK: tuple[Card, ...] = Card._BY_INDEX
"""The 52 cards in canonical order: clubs, diamonds, hearts, spades, each Ace to King.

``DECK[card.index] is card`` for every card.
"""


def parse_cards(
    tokens: Iterable[str], error: Callable[[str], Exception], where: Callable[[int], str]
) -> list[Card]:
    """The cards `tokens` name, read by `Card.parse`; a token that names no card raises
    `error` with ``where(n)`` (for the n-th token, from 1) before the reason.

    Examples:
        >>> from pyramid13 import InvalidMoveError
        >>> parse_cards(["KS", "ah"], InvalidMoveError, lambda n: f"card {n}")
        [Card.parse('KS'), Card.parse('AH')]
        >>> parse_cards(["KS", "XX"], InvalidMoveError, lambda n: f"card {n}")
        Traceback (most recent call last):
        ...
        pyramid13.InvalidMoveError: card 2: ...
    """
    cards = []
    for number, token in enumerate(tokens, 1):
        try:
            cards.append(Card.parse(token))
        except InvalidCardError as problem:
            raise error(f"{where(number)}: {problem}") from None
    return cards


def card_tuple(cards: Iterable[Card], count: int) -> tuple[Card, ...]:
    """The items of `cards` as a tuple, for a ``Layout.from_cards`` of a `count`-card deck;
    refuses text (a layout code is read by ``Layout.parse``) and what is no iterable.

    Raises:
        InvalidLayoutError: `cards` is text or not iterable.
    """
    if isinstance(cards, (str, bytes)):
        raise InvalidLayoutError(
            f"cards must be Card values, not {type(cards).__name__} "
            "(read a layout code with Layout.parse)"
        )
    try:
        return tuple(cards)
    except TypeError:
        raise InvalidLayoutError(
            f"cards must be an iterable of {count} Card values, not {type(cards).__name__}"
        ) from None
