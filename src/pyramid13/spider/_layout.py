"""Spider layouts (deals): layout codes, seeded shuffles and PySolFC game numbers.

A layout lists where all 104 cards start: the ten piles, each bottom to top (the top card
starts face up, the others face down unless the rules deal them face up), and the stock's
deals in order (card ``i`` of a deal goes onto pile ``i + 1``).

**Layout code.** One line: the ten piles separated by ``/``, then ``|``, then the deals
separated by ``/``; cards as in `pyramid13.Card` (``TH``, ``KS``) separated by spaces.
`Layout.code` writes single spaces around ``/`` and ``|``; `Layout.parse` accepts any
whitespace and either case::

    3D AS KD 7D 3S 8H / 5H 8C 2H 9S TH / ... | QH 9S 2S ... / 9C 9D JS ... / ...

**Deck.** A layout holds 104 cards: two of every card (4 suits), four of every card of two
suits, or eight of every card of one suit. Its shape (`DealShape`) follows from the pile
and deal sizes; any other sizes are refused.

**Seeded deals.** `Layout.shuffled` builds the deck for the rules' `suit_set` (8 / suits
copies; within a copy, the suits in `suit_set` order, each Ace to King), shuffles it with
the same SplitMix64-driven Fisher-Yates as Pyramid's `pyramid13.Layout.shuffled` (from the
last card down, unbiased), and deals the shuffled list from its start the way a person deals
a shape: rounds of face-down cards from pile 1 to pile 10 (a pile that is full skips the
round), then one face-up round onto every pile, then the deals in order. The same seed gives
the same deal on every platform, Python version and release.

**Random deals.** `Layout.random` shuffles the same deck by the same Fisher-Yates with the
operating system's randomness (`secrets.randbelow`) instead of a seed, and deals it the
same way: a deal no one can find from its face-up cards.

**PySolFC deals.** `Layout.from_pysolfc` reproduces PySolFC's Spider game numbers (game
ids 11, 269, 270), dealt the same way from the end of PySolFC's shuffled list.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import partial

import attrs

from .._base.cards import Card, Rank, Suit, card_tuple, parse_cards
from .._base.errors import InvalidLayoutError, InvalidRulesError
from .._base.integers import as_int
from .._base.shuffle import SplitMix64, system_shuffle
from .._base.text import describe
from ._rules import DealShape, RuleSet, as_rules

__all__ = ["Layout"]

_MASK64 = (1 << 64) - 1
_SHAPE_BY_SIZES = {(shape.pile_sizes, shape.deal_sizes): shape for shape in DealShape}
_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}


def _check_group(name: str, value: object, count: int | None) -> None:
    if not isinstance(value, tuple):
        raise InvalidLayoutError(f"a layout's {name} must be a tuple, not {type(value).__name__}")
    if count is not None and len(value) != count:
        raise InvalidLayoutError(f"a layout has {count} {name}, not {len(value)}")
    for number, group in enumerate(value, 1):
        if not isinstance(group, tuple):
            raise InvalidLayoutError(f"{name[:-1]} {number} must be a tuple of Card")
        for card in group:
            if not isinstance(card, Card):
                raise InvalidLayoutError(f"{name[:-1]} {number} holds {describe(card)}, not a Card")


def _check_piles(instance: Layout, _attribute: object, piles: object) -> None:
    _check_group("piles", piles, 10)


def _check_deals(instance: Layout, _attribute: object, value: object) -> None:
    _check_group("deals", value, None)
    deals: tuple[tuple[Card, ...], ...] = value  # type: ignore[assignment]
    sizes = (tuple(map(len, instance.piles)), tuple(map(len, deals)))
    if sizes not in _SHAPE_BY_SIZES:
        raise InvalidLayoutError(
            f"piles of {'/'.join(map(str, sizes[0]))} cards and deals of "
            f"{'/'.join(map(str, sizes[1])) or 'no'} cards match no deal shape "
            "(bicycle: 10 piles of 5 and deals 10/10/10/10/10/4; first-four: piles "
            "6/6/6/6/5/5/5/5/5/5 and five deals of 10; pysolfc: piles 6/5/5/6/5/5/6/5/5/6 "
            "and five deals of 10)"
        )
    cards = [card for pile in instance.piles for card in pile]
    cards.extend(card for deal in deals for card in deal)
    _check_deck(cards)


def _check_deck(cards: Sequence[Card]) -> None:
    counts = Counter(cards)
    suits = sorted({card.suit for card in cards}, key=_SUIT_ORDER.__getitem__)
    if len(suits) not in (1, 2, 4):
        raise InvalidLayoutError(
            f"a Spider deck plays 1, 2 or 4 suits, this one {len(suits)} "
            f"({''.join(suit.value for suit in suits)})"
        )
    copies = 8 // len(suits)
    for suit in suits:
        for rank in Rank:
            card = Card(rank, suit)
            if counts[card] != copies:
                raise InvalidLayoutError(
                    f"a {len(suits)}-suit deck holds {copies} of each card, but "
                    f"{card} appears {counts[card]} time(s)"
                )


def _deck(rules: RuleSet) -> list[Card]:
    """The unshuffled deck of `rules`: 8 / suits copies, each suit of `suit_set` Ace to King."""
    copies = 8 // rules.suits
    return [Card(rank, suit) for _copy in range(copies) for suit in rules.suit_set for rank in Rank]


def _deal(
    cards: Sequence[Card], shape: DealShape
) -> tuple[list[tuple[Card, ...]], list[tuple[Card, ...]]]:
    """Deal `cards` in order into `shape`: face-down rounds, a face-up round, the deals."""
    sizes = shape.pile_sizes
    piles: list[list[Card]] = [[] for _ in sizes]
    position = 0
    for round_ in range(max(sizes) - 1):
        for pile, size in zip(piles, sizes, strict=True):
            if round_ < size - 1:
                pile.append(cards[position])
                position += 1
    for pile in piles:
        pile.append(cards[position])
        position += 1
    deals = []
    for size in shape.deal_sizes:
        deals.append(tuple(cards[position : position + size]))
        position += size
    return [tuple(pile) for pile in piles], deals


@attrs.frozen(repr=False)
class Layout:
    """A Spider deal: the ten piles and the stock's deals, 104 cards in all.

    Examples:
        >>> layout = Layout.from_pysolfc(1)
        >>> [str(card) for card in layout.piles[0]], layout.shape
        (['3D', 'AS', 'KD', '7D', '3S', '8H'], <DealShape.PYSOLFC: 'pysolfc'>)
        >>> Layout.parse(layout.code) == layout
        True
        >>> len(Layout.shuffled(7, RuleSet.preset("bicycle", suits=1)).deals)
        6
    """

    piles: tuple[tuple[Card, ...], ...] = attrs.field(validator=_check_piles)
    """The ten piles, each bottom to top; the top card starts face up."""
    deals: tuple[tuple[Card, ...], ...] = attrs.field(validator=_check_deals)
    """The stock's deals in order; card ``i`` of a deal goes onto pile ``i + 1``."""

    @property
    def shape(self) -> DealShape:
        """The deal shape, from the pile and deal sizes."""
        return _SHAPE_BY_SIZES[tuple(map(len, self.piles)), tuple(map(len, self.deals))]

    @property
    def suit_set(self) -> tuple[Suit, ...]:
        """The suits in play, in the order clubs, diamonds, hearts, spades."""
        present = {card.suit for pile in self.piles for card in pile}
        present.update(card.suit for deal in self.deals for card in deal)
        return tuple(suit for suit in Suit if suit in present)

    @property
    def suits(self) -> int:
        """How many suits are in play: 1, 2 or 4."""
        return len(self.suit_set)

    @property
    def code(self) -> str:
        """The layout code (see the module notes); round-trips through `parse`."""
        piles = " / ".join(" ".join(map(str, pile)) for pile in self.piles)
        deals = " / ".join(" ".join(map(str, deal)) for deal in self.deals)
        return f"{piles} | {deals}"

    @classmethod
    def parse(cls, code: str) -> Layout:
        """Read a layout code: ten piles separated by ``/``, ``|``, the deals separated by ``/``.

        Args:
            code: the code, as `code` writes it (any whitespace, either case).

        Examples:
            >>> Layout.parse(Layout.from_pysolfc(2).code.lower()) == Layout.from_pysolfc(2)
            True

        Raises:
            InvalidLayoutError: a bad token, wrong sizes or a deck that is not 104 cards of
                1, 2 or 4 suits; the message names the first problem and where it is.
        """
        if not isinstance(code, str):
            raise InvalidLayoutError(f"a layout code must be text, not {type(code).__name__}")
        parts = code.split("|")
        if len(parts) != 2:
            raise InvalidLayoutError(
                f"a Spider layout code has piles, '|', then deals; found {len(parts) - 1} '|'"
            )
        groups = []
        for label, part in zip(("pile", "deal"), parts, strict=True):
            group = []
            for number, text in enumerate(part.split("/"), 1):
                where = partial("{} {}, card {}".format, label, number)
                cards = parse_cards(text.split(), InvalidLayoutError, where)
                group.append(tuple(cards))
            groups.append(tuple(group))
        piles, deals = groups
        if len(piles) != 10:
            raise InvalidLayoutError(f"a Spider layout has 10 piles, this code {len(piles)}")
        if deals == ((),):
            deals = ()
        return cls(piles, deals)

    @classmethod
    def from_cards(
        cls, cards: Iterable[Card], shape: DealShape | str = DealShape.BICYCLE
    ) -> Layout:
        """Deal 104 cards, given in dealing order, into `shape` (see the module notes).

        Args:
            cards: the cards in the order they are dealt.
            shape: the deal shape, or its name.

        Examples:
            >>> from pyramid13 import Card, Rank, Suit
            >>> deck = [Card(rank, Suit.SPADES) for _ in range(8) for rank in Rank]
            >>> layout = Layout.from_cards(deck, "bicycle")
            >>> [str(card) for card in layout.piles[0]]  # rounds: pile 1 gets cards 1, 11, 21...
            ['AS', 'JS', '8S', '5S', '2S']

        Raises:
            InvalidLayoutError: not a 104-card Spider deck (or not an iterable at all), or
                an unknown shape.
        """
        if isinstance(shape, str):
            try:
                shape = DealShape(shape)
            except ValueError:
                raise InvalidLayoutError(f"unknown deal shape {describe(shape)}") from None
        if not isinstance(shape, DealShape):
            raise InvalidLayoutError(f"shape must be a DealShape, not {describe(shape)}")
        items = card_tuple(cards, 104)
        if len(items) != 104:
            raise InvalidLayoutError(f"a Spider deck has 104 cards, not {len(items)}")
        piles, deals = _deal(items, shape)
        return cls(tuple(piles), tuple(deals))

    @classmethod
    def shuffled(cls, seed: int, rules: RuleSet | str | None = None) -> Layout:
        """A deal chosen by `seed` for `rules`, the same on every platform, Python and release.

        The deck of the rules' suits is shuffled by the SplitMix64 Fisher-Yates of Pyramid's
        `pyramid13.Layout.shuffled` and dealt into the rules' shape (see the module notes).

        Args:
            seed: any int in ``0 .. 2**64 - 1``.
            rules: the rules whose `RuleSet.shape` and `RuleSet.suit_set` to deal; None for
                `RuleSet()` (bicycle, 4 suits).

        Examples:
            >>> layout = Layout.shuffled(1, RuleSet.preset("microsoft"))
            >>> [len(pile) for pile in layout.piles]
            [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]

        Raises:
            InvalidLayoutError: `seed` is not an int in that range, or `rules` is neither a
                RuleSet nor a preset's name.
        """
        checked = as_int(seed)
        if checked is None or not 0 <= checked <= _MASK64:
            raise InvalidLayoutError(
                f"a deal seed must be an int in 0..2**64-1, not {describe(seed)}"
            )
        seed = checked
        try:
            rules = as_rules(rules)
        except InvalidRulesError as error:
            raise InvalidLayoutError(str(error)) from None
        cards = _deck(rules)
        rng = SplitMix64(seed)
        for n in range(len(cards) - 1, 0, -1):
            j = rng.below(n + 1)
            cards[n], cards[j] = cards[j], cards[n]
        piles, deals = _deal(cards, rules.shape)
        return cls(tuple(piles), tuple(deals))

    @classmethod
    def random(cls, rules: RuleSet | str | None = None) -> Layout:
        """A deal for `rules` that no one can work out from its face-up cards: every order
        of the deck equally likely, drawn from the operating system's randomness
        (`secrets`), dealt as `shuffled` deals.

        Use it where the face-down cards must stay hidden from the player, as on a game
        server: a seeded deal (`shuffled`) is only as secret as its seed, and the ten
        face-up cards of the start can take 13**10 (about 2**37) values even with one
        suit, enough to single out a seed of 31 or 32 bits by trying them all. This deal
        has no seed: it holds the system's entropy, log2(104!/2**52), about 499 bits,
        with 4 suits (432 with 2, 353 with 1). Save its `code` to replay it.

        Args:
            rules: the rules whose `RuleSet.shape` and `RuleSet.suit_set` to deal; None for
                `RuleSet()` (bicycle, 4 suits).

        Examples:
            >>> rules = RuleSet.preset("pysolfc", suits=2)
            >>> layout = Layout.random(rules)
            >>> layout.shape is rules.shape, layout.suits
            (True, 2)

        Raises:
            InvalidLayoutError: `rules` is neither a RuleSet nor a preset's name.
        """
        try:
            rules = as_rules(rules)
        except InvalidRulesError as error:
            raise InvalidLayoutError(str(error)) from None
        cards = _deck(rules)
        system_shuffle(cards)
        piles, deals = _deal(cards, rules.shape)
        return cls(tuple(piles), tuple(deals))

    @classmethod
    def from_pysolfc(cls, number: int, suits: int = 4) -> Layout:
        """The deal of PySolFC's Spider (game ids 11, 269, 270) with game number `number`.

        The 104 cards (deck 1 then deck 2, each clubs, spades, hearts, diamonds, Ace to
        King) are shuffled as PySolFC shuffles them: its Microsoft-compatible LCG for
        numbers below 32000, Python's Mersenne Twister (``random.Random(number)``) from
        32000 on, Fisher-Yates from the end. The last card of the shuffled list is dealt
        first, into the `pysolfc` shape. With 1 suit every card is a club; with 2, spades
        become clubs and diamonds hearts, as in PySolFC.

        Args:
            number: the game number PySolFC shows (and accepts in "Select game by number").
            suits: 1, 2 or 4 (PySolFC's games 269, 270 and 11).

        Examples:
            >>> " ".join(map(str, Layout.from_pysolfc(1, suits=2).piles[0]))
            '3H AC KH 7H 3C 8H'

        Raises:
            InvalidLayoutError: `number` is not a positive int or `suits` not 1, 2 or 4.
        """
        checked = as_int(number)
        if checked is None or checked < 1:
            raise InvalidLayoutError(
                f"a PySolFC game number must be an int >= 1, not {describe(number)}"
            )
        number = checked
        suit_count = as_int(suits)
        if suit_count not in (1, 2, 4):
            raise InvalidLayoutError(f"suits must be 1, 2 or 4, not {describe(suits)}")
        suits = suit_count
        order = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
        deck = [Card(rank, suit) for _copy in range(2) for suit in order for rank in Rank]
        if number < 32000:
            state = number
            for n in range(len(deck) - 1, 0, -1):
                state = (state * 214013 + 2531011) % (1 << 33)
                j = ((state >> 16) & 0x7FFF) % (n + 1)
                deck[n], deck[j] = deck[j], deck[n]
        else:
            mersenne = random.Random(number)
            for n in range(len(deck) - 1, 0, -1):
                j = int(mersenne.random() * (n + 1))
                deck[n], deck[j] = deck[j], deck[n]
        deck.reverse()
        if suits != 4:
            rename = _ONE_SUIT if suits == 1 else _TWO_SUITS
            deck = [Card(card.rank, rename[card.suit]) for card in deck]
        piles, deals = _deal(deck, DealShape.PYSOLFC)
        return cls(tuple(piles), tuple(deals))

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Layout.parse({self.code!r})"


_ONE_SUIT = dict.fromkeys(Suit, Suit.CLUBS)
_TWO_SUITS = {
    Suit.CLUBS: Suit.CLUBS,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.HEARTS,
    Suit.DIAMONDS: Suit.HEARTS,
}
