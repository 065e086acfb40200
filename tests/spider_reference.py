"""A deliberately naive reference model of Spider Solitaire, for differential testing.

Written straight from SPEC-spider.md (S1-S6) with plain lists: every pile is a list of
``[card, face_up]`` pairs bottom to top, the stock a list whose last card is dealt first,
moves plain text (``"3:2>7"``, ``"deal"``, ``"remove 3"``). Nothing here comes from
``pyramid13.spider``: only the value types `Card`, `Rank` and `Suit` are shared. It is slow
and obvious on purpose; when it and the engine disagree, the specification decides which
one is wrong.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from pyramid13 import Card, Rank, Suit

__all__ = [
    "PRESETS",
    "SHAPES",
    "RefLayout",
    "RefRules",
    "RefState",
    "Slot",
    "choose_move",
    "pysolfc_layout",
    "ref_perft",
    "sorted_suits",
    "spider_deck",
]

# -- S2: deal shapes -------------------------------------------------------------------------

#: Cards per pile at the start (piles 1..10) and the size of every stock deal, in order.
SHAPES: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "bicycle": ((5,) * 10, (10, 10, 10, 10, 10, 4)),
    "first-four": ((6, 6, 6, 6, 5, 5, 5, 5, 5, 5), (10,) * 5),
    "pysolfc": ((6, 5, 5, 6, 5, 5, 6, 5, 5, 6), (10,) * 5),
}

SPADES_FAMILY = {1: (Suit.SPADES,), 2: (Suit.SPADES, Suit.HEARTS)}
CLUBS_FAMILY = {1: (Suit.CLUBS,), 2: (Suit.CLUBS, Suit.HEARTS)}
FOUR_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

# -- S5: presets -----------------------------------------------------------------------------

#: name: (shape, suit family, deal onto empty, runs removed automatically, face down, scoring)
PRESETS: dict[str, tuple[str, dict[int, tuple[Suit, ...]], bool, bool, bool, str]] = {
    "bicycle": ("bicycle", SPADES_FAMILY, False, True, True, "none"),
    "microsoft": ("first-four", SPADES_FAMILY, False, True, True, "microsoft"),
    "pysolfc": ("pysolfc", CLUBS_FAMILY, False, False, True, "none"),
    "relaxed": ("pysolfc", CLUBS_FAMILY, True, False, True, "none"),
    "kpat": ("first-four", SPADES_FAMILY, True, True, True, "none"),
    "open": ("pysolfc", CLUBS_FAMILY, False, False, False, "none"),
}


@dataclass(frozen=True)
class RefRules:
    """The rules as plain values."""

    shape: str = "bicycle"
    suit_set: tuple[Suit, ...] = FOUR_SUITS
    deal_onto_empty: bool = False
    auto_remove_runs: bool = True
    face_down: bool = True
    scoring: str = "none"

    @classmethod
    def preset(cls, name: str, suits: int = 4) -> RefRules:
        shape, family, onto_empty, auto, face_down, scoring = PRESETS[name]
        suit_set = FOUR_SUITS if suits == 4 else family[suits]
        return cls(shape, sorted_suits(suit_set), onto_empty, auto, face_down, scoring)


def sorted_suits(suits: tuple[Suit, ...] | list[Suit]) -> tuple[Suit, ...]:
    """Suits in one fixed order (C, D, H, S), so that suit sets compare as sets."""
    return tuple(sorted(suits, key=lambda suit: "CDHS".index(suit.value)))


# -- S1: cards -------------------------------------------------------------------------------


def spider_deck(suit_set: tuple[Suit, ...]) -> Counter[Card]:
    """The 104 cards of a game with these suits: each rank 8 times, split evenly by suit."""
    copies = 8 // len(suit_set)
    return Counter({Card(rank, suit): copies for suit in suit_set for rank in Rank})


# -- layouts ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RefLayout:
    """Where every card starts: piles bottom to top (the last card starts face up) and the
    stock's deals in order (``deals[k][i]`` goes onto pile ``i + 1``)."""

    piles: tuple[tuple[Card, ...], ...]
    deals: tuple[tuple[Card, ...], ...]

    @property
    def shape(self) -> str:
        sizes = (tuple(len(pile) for pile in self.piles), tuple(len(deal) for deal in self.deals))
        for name, shape in SHAPES.items():
            if shape == sizes:
                return name
        raise ValueError(f"no deal shape has piles and deals of sizes {sizes}")

    @classmethod
    def from_dealing_order(cls, cards: list[Card], shape: str) -> RefLayout:
        """Deal `cards` (the first is dealt first) in rounds, one card to each pile that still
        wants one, then cut the rest into the stock's deals."""
        pile_sizes, deal_sizes = SHAPES[shape]
        cards = list(cards)
        piles: list[list[Card]] = [[] for _ in range(10)]
        for round_number in range(max(pile_sizes)):
            for pile, size in zip(piles, pile_sizes, strict=True):
                if round_number < size:
                    pile.append(cards.pop(0))
        deals = []
        for size in deal_sizes:
            deals.append(tuple(cards[:size]))
            del cards[:size]
        assert not cards
        return cls(tuple(tuple(pile) for pile in piles), tuple(deals))

    @property
    def code(self) -> str:
        """The documented one-line layout code: piles bottom to top separated by ``/``,
        ``|``, then the deals separated by ``/``."""
        piles = " / ".join(" ".join(map(str, pile)) for pile in self.piles)
        deals = " / ".join(" ".join(map(str, deal)) for deal in self.deals)
        return f"{piles} | {deals}"

    @classmethod
    def parse(cls, code: str) -> RefLayout:
        """Read `code` back (no error handling: the data files are well formed)."""
        piles, deals = code.split("|")

        def group(text: str) -> tuple[tuple[Card, ...], ...]:
            return tuple(tuple(map(Card.parse, part.split())) for part in text.split("/"))

        return cls(group(piles), group(deals))

    def renamed(self, rename: dict[Suit, Suit]) -> RefLayout:
        """The same deal with every card's suit replaced by ``rename[suit]``."""

        def swap(cards: tuple[Card, ...]) -> tuple[Card, ...]:
            return tuple(Card(card.rank, rename[card.suit]) for card in cards)

        return RefLayout(
            tuple(swap(pile) for pile in self.piles), tuple(swap(deal) for deal in self.deals)
        )

    @classmethod
    def build(
        cls,
        shape: str,
        suit_set: tuple[Suit, ...],
        piles: dict[int, str],
        deals: dict[tuple[int, int], str],
        seed: int = 0,
    ) -> RefLayout:
        """A hand-made layout: `piles` gives some piles' cards bottom to top (a whole pile,
        or its top cards), `deals` some stock cards by (deal, pile); the rest of the deck
        fills the other places in an order fixed by `seed`."""
        pile_sizes, deal_sizes = SHAPES[shape]
        rest = spider_deck(suit_set)
        wanted = [
            Card.parse(t) for text in (*piles.values(), *deals.values()) for t in text.split()
        ]
        rest.subtract(wanted)
        assert all(n >= 0 for n in rest.values()), "more copies of a card than the deck has"
        fillers = sorted(rest.elements(), key=str)
        random.Random(seed).shuffle(fillers)
        table = []
        for index, size in enumerate(pile_sizes):
            top = [Card.parse(t) for t in piles.get(index, "").split()]
            table.append(tuple([fillers.pop() for _ in range(size - len(top))] + top))
        stock = []
        for number, size in enumerate(deal_sizes):
            row = []
            for index in range(size):
                text = deals.get((number, index))
                row.append(Card.parse(text) if text else fillers.pop())
            stock.append(tuple(row))
        assert not fillers
        return cls(tuple(table), tuple(stock))

    def cards(self) -> Counter[Card]:
        found: Counter[Card] = Counter()
        for part in (*self.piles, *self.deals):
            found.update(part)
        return found


# -- S6: PySolFC game numbers ----------------------------------------------------------------


def _pysolfc_shuffle(cards: list[Card], number: int) -> list[Card]:
    """Fisher-Yates from the end, with PySolFC's random source for game `number`."""
    cards = list(cards)
    if 1 <= number < 32000:
        seed = number

        def pick(n: int) -> int:
            nonlocal seed
            seed = (seed * 214013 + 2531011) % 2**33
            return ((seed >> 16) & 0x7FFF) % (n + 1)

    else:
        rng = random.Random(number)

        def pick(n: int) -> int:
            return int(rng.random() * (n + 1))

    for n in range(len(cards) - 1, 0, -1):
        j = pick(n)
        cards[n], cards[j] = cards[j], cards[n]
    return cards


def pysolfc_layout(number: int, suits: int = 4) -> RefLayout:
    """PySolFC Spider game `number` (S6), with its suits renamed for 1 or 2 suits."""
    deck = [Card(rank, Suit(suit)) for _ in range(2) for suit in "CSHD" for rank in Rank]
    order = list(reversed(_pysolfc_shuffle(deck, number)))  # the last card is dealt first
    piles: list[list[Card]] = [[] for _ in range(10)]
    for _ in range(4):  # four face-down rounds
        for pile in piles:
            pile.append(order.pop(0))
    for index in (0, 3, 6, 9):  # one more face-down card onto piles 1, 4, 7, 10
        piles[index].append(order.pop(0))
    for pile in piles:  # the face-up round
        pile.append(order.pop(0))
    deals = tuple(tuple(order[10 * k : 10 * k + 10]) for k in range(5))
    layout = RefLayout(tuple(tuple(pile) for pile in piles), deals)
    if suits == 4:
        return layout
    if suits == 1:  # all clubs
        return layout.renamed(dict.fromkeys(FOUR_SUITS, Suit.CLUBS))
    # 2 suits: S -> C, D -> H
    return layout.renamed(
        {
            Suit.CLUBS: Suit.CLUBS,
            Suit.SPADES: Suit.CLUBS,
            Suit.HEARTS: Suit.HEARTS,
            Suit.DIAMONDS: Suit.HEARTS,
        }
    )


# -- S3, S4: the game ------------------------------------------------------------------------


def parse_move(text: str) -> tuple[str, int, int, int]:
    """``"3:2>7"`` -> ("unit", 2, 1, 6); ``"deal"``; ``"remove 3"`` -> ("remove", 2, 0, 0).

    Piles are 1..10 in text and 0..9 here."""
    text = text.strip().lower()
    if text == "deal":
        return ("deal", 0, 0, 0)
    if text.startswith("remove"):
        return ("remove", int(text[len("remove") :]) - 1, 0, 0)
    source, rest = text.split(":")
    count, target = rest.split(">")
    return ("unit", int(source) - 1, int(count), int(target) - 1)


def unit_text(source: int, count: int, target: int) -> str:
    return f"{source + 1}:{count}>{target + 1}"


@dataclass
class Slot:
    """One card of a pile and whether it shows."""

    card: Card
    up: bool


@dataclass
class RefState:
    """A position as plain lists.

    Attributes:
        piles: ten lists of `Slot`, bottom to top.
        stock: the stock's cards; ``stock[-1]`` is dealt first, onto pile 1.
        deal_sizes: the sizes of the deals still in the stock, next first.
    """

    rules: RefRules
    piles: list[list[Slot]]
    stock: list[Card]
    deal_sizes: list[int]
    runs_removed: list[Suit] = field(default_factory=list)
    score: int = 0
    history: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, layout: RefLayout, rules: RefRules) -> RefState:
        assert layout.shape == rules.shape, (layout.shape, rules.shape)
        assert layout.cards() == spider_deck(rules.suit_set)
        piles = []
        for cards in layout.piles:
            pile = []
            for depth, card in enumerate(cards):
                is_top = depth == len(cards) - 1
                pile.append(Slot(card, is_top or not rules.face_down))
            piles.append(pile)
        stock: list[Card] = []
        for deal in layout.deals:
            for card in deal:
                stock.insert(0, card)  # the first card of the first deal ends up last
        score = 500 if rules.scoring == "microsoft" else 0
        return cls(rules, piles, stock, [len(deal) for deal in layout.deals], [], score, [])

    def copy(self) -> RefState:
        return RefState(
            self.rules,
            [[Slot(slot.card, slot.up) for slot in pile] for pile in self.piles],
            list(self.stock),
            list(self.deal_sizes),
            list(self.runs_removed),
            self.score,
            list(self.history),
        )

    # -- what a pile shows ------------------------------------------------------------------

    def face_down(self, index: int) -> tuple[Card, ...]:
        return tuple(slot.card for slot in self.piles[index] if not slot.up)

    def face_up(self, index: int) -> tuple[Card, ...]:
        return tuple(slot.card for slot in self.piles[index] if slot.up)

    def deals_left(self) -> int:
        return len(self.deal_sizes)

    def check_invariants(self) -> None:
        """Face-down cards lie below face-up ones; a non-empty pile's top is face up;
        104 cards in all."""
        for pile in self.piles:
            flags = [slot.up for slot in pile]
            assert flags == sorted(flags), "a face-down card above a face-up one"
            if pile:
                assert pile[-1].up, "a face-down card on top of a pile"
        total: Counter[Card] = Counter(self.stock)
        for pile in self.piles:
            total.update(slot.card for slot in pile)
        for suit in self.runs_removed:
            total.update(Card(rank, suit) for rank in Rank)
        assert total == spider_deck(self.rules.suit_set)
        assert sum(self.deal_sizes) == len(self.stock)

    def unit_size(self, index: int) -> int:
        """S3: how many top cards of the pile form the longest unit (face up, one suit,
        each one rank below the card under it)."""
        pile = self.piles[index]
        if not pile:
            return 0
        size = 1
        while size < len(pile):
            upper = pile[-size]
            lower = pile[-size - 1]
            if not (upper.up and lower.up):
                break
            if upper.card.suit != lower.card.suit:
                break
            if lower.card.value != upper.card.value + 1:
                break
            size += 1
        return size

    def has_complete_run(self, index: int) -> bool:
        """S3: the top 13 cards are face up, one suit, King deepest to Ace on top."""
        pile = self.piles[index]
        if len(pile) < 13:
            return False
        top13 = pile[-13:]
        suit = top13[0].card.suit
        for position, slot in enumerate(top13):
            if not slot.up or slot.card.suit != suit or slot.card.value != 13 - position:
                return False
        return True

    # -- S3: legal moves --------------------------------------------------------------------

    def is_won(self) -> bool:
        return len(self.runs_removed) == 8

    def legal_moves(self) -> set[str]:
        if self.is_won():
            return set()
        moves: set[str] = set()
        for source in range(10):
            for count in range(1, self.unit_size(source) + 1):
                bottom = self.piles[source][-count].card
                for target in range(10):
                    if target == source:
                        continue
                    pile = self.piles[target]
                    if not pile or pile[-1].card.value == bottom.value + 1:
                        moves.add(unit_text(source, count, target))
        if self.stock and (self.rules.deal_onto_empty or all(self.piles)):
            moves.add("deal")
        if not self.rules.auto_remove_runs:
            for index in range(10):
                if self.has_complete_run(index):
                    moves.add(f"remove {index + 1}")
        return moves

    def status(self) -> str:
        if self.is_won():
            return "won"
        if not self.legal_moves():
            return "lost"
        return "playing"

    # -- applying a move --------------------------------------------------------------------

    def _flip(self, index: int) -> None:
        pile = self.piles[index]
        if pile and not pile[-1].up:
            pile[-1].up = True

    def _lift_run(self, index: int) -> None:
        pile = self.piles[index]
        suit = pile[-1].card.suit
        del pile[-13:]
        self.runs_removed.append(suit)
        if self.rules.scoring == "microsoft":
            self.score += 100
        self._flip(index)

    def _auto_remove(self) -> None:
        """Under automatic removal, lift every complete run, pile 1 first."""
        if not self.rules.auto_remove_runs:
            return
        for index in range(10):
            if self.has_complete_run(index):
                self._lift_run(index)

    def after(self, move: str) -> RefState:
        """The successor position; raises ValueError for an illegal move."""
        kind, a, b, c = parse_move(move)
        canonical = {"unit": unit_text(a, b, c), "deal": "deal", "remove": f"remove {a + 1}"}[kind]
        if canonical not in self.legal_moves():
            raise ValueError(f"illegal move {move!r}")
        new = self.copy()
        if kind == "unit":
            source, count, target = a, b, c
            unit = new.piles[source][-count:]
            del new.piles[source][-count:]
            new.piles[target].extend(unit)
            new._flip(source)
            if new.rules.scoring == "microsoft":
                new.score -= 1
            new._auto_remove()
        elif kind == "deal":
            size = new.deal_sizes.pop(0)
            for index in range(size):
                new.piles[index].append(Slot(new.stock.pop(), True))
            if new.rules.scoring == "microsoft":
                new.score -= 1
            new._auto_remove()
        else:
            new._lift_run(a)
        new.history.append(canonical)
        new.check_invariants()
        return new

    # -- S7: what a player sees ----------------------------------------------------------------

    def unseen(self) -> Counter[Card]:
        """The cards a player cannot see: face-down cards and the stock."""
        hidden: Counter[Card] = Counter(self.stock)
        for index in range(10):
            hidden.update(self.face_down(index))
        return hidden


# -- walks ----------------------------------------------------------------------------------


def _value(ref: RefState, move: str) -> int:
    """How promising a move looks, so that walks build runs and reach the end of games."""
    kind, source, count, target = parse_move(move)
    if kind == "remove":
        return 100
    if kind == "deal":
        return 0
    pile = ref.piles[source]
    onto = ref.piles[target]
    bottom = pile[-count].card
    value = 0
    if onto and onto[-1].card.suit == bottom.suit:
        value += 10
    if not onto:
        value -= 4
    if count == len(pile):
        value += 3
    elif not pile[-count - 1].up:
        value += 8
    else:
        under = pile[-count - 1].card
        if under.suit == bottom.suit and under.value == bottom.value + 1:
            value -= 20  # splits a run
    if ref.history and ref.history[-1] == unit_text(target, count, source):
        value -= 30  # undoes the last move
    return value


def choose_move(rng: random.Random, ref: RefState, legal: list[str], greed: float) -> str:
    """A move for a walk: the best-looking one with probability `greed`, else any."""
    if rng.random() >= greed:
        return rng.choice(legal)
    values = {move: _value(ref, move) for move in legal}
    best = max(values.values())
    if best <= 0 and "deal" in values:
        return "deal"
    return rng.choice([move for move in legal if values[move] == best])


def ref_perft(state: RefState, depth: int) -> int:
    """Perft by the model: the number of legal move sequences of length `depth`."""
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(ref_perft(state.after(move), depth - 1) for move in moves)
