"""The past of a Pyramid observation: a deal of its rules from which its history plays to
what it shows, found from the observation alone (`determinize` gives its states that past).

An observation keeps the moves, not the tables the player saw on the way, and a removal
names its cards but not where they lay. The search here places them, playing the moves
from a fresh deal over *places*: the pyramid's slots, and the talon's places numbered in
dealing order (labels), which draws and recycles move whatever cards they hold. A card a
removal names lay in an available pyramid slot that the observation shows empty, on a
waste pile's top (or, under waste pairing, beneath it), or on the stock's top under rules
that let it play. Which card a place holds changes no later move, so what the rest of the
history can do depends only on sizes: of the stock and each waste pile, and which pyramid
slots are left.

The search goes in two stages. The talon stage places each named card in the pyramid or
on a talon place, keeping the talon's sizes among those from which the observation's can
still be reached (worked out first, for the talon alone, by `_Search.counts`). Each way
through the history it finds is handed to the pyramid stage, which picks the slots: it
needs, at each removal, the pyramid cards the talon stage left it, in slots available
then, and every slot the observation shows empty emptied by the end, with the score the
observation shows. A slot whose card covers no slot the history empties (a *leaf*) never
matters to another slot, so the pyramid stage tries one leaf of a row where there are
several. Both stages skip a position that led nowhere before.

At the end, every talon place still on the table holds the card the observation shows
there, or an unseen one. In the first pass the unseen cards lie at the bottom of the stock,
in places no move has exposed; from the second pass on there are none. So the unseen cards
play no part in the search, and every sample of them fits the past it finds.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any

from .._base.cards import DECK, Card
from .._base.errors import IllegalMoveError
from ._geometry import COVERS, SLOTS, available_in, lone_covers, position_of
from ._layout import Layout
from ._moves import Move, MoveKind
from ._state import PILE_MASK, GameState, _count, _draw, _Game, _recycle, score_event

if TYPE_CHECKING:
    from ._observation import Observation

__all__ = ["Past", "find_past"]

_FULL = (1 << SLOTS) - 1
_TALON = 52 - SLOTS
_ROW = [position_of(slot)[0] for slot in range(SLOTS)]
# The search gives up (and `determinize` keeps the observation's history as moves made
# before its first state) after this many positions per move, plus a floor.
_POSITIONS_PER_MOVE = 2_000
_POSITIONS = 100_000
_CHECKED_ENDS = 4  # ends found that the engine's replay refuses before giving up

# Where a named card lay: ("pyramid", 0) a pyramid slot (the pyramid stage picks it),
# ("waste", pile) a waste pile's top, ("beneath", pile) the card under it, ("stock", 0)
# the stock's top.
_Place = tuple[str, int]
_PYRAMID: _Place = ("pyramid", 0)
_Talon = tuple[int, int, int]  # stock, waste (labels, packed as the engine packs cards), emptied
_Sizes = tuple[int, tuple[int, ...], int]  # stock, waste piles, pyramid cards removed


class Past:
    """A deal from which an observation's history plays to it: the cards of the deal in
    `Layout` order, a card where the observation tells it, and for a place that ends in
    the stock the index of its place in ``observation.stock`` (bottom to top), which the
    sampled stock fills.
    """

    __slots__ = ("cards", "chain")

    def __init__(self, cards: tuple[Card | int, ...], moves: tuple[Move, ...]) -> None:
        self.cards = cards
        chain: Any = None
        for move in moves:
            chain = (move, chain)
        self.chain = chain  # the history as the state's move chain (see `move_line`)

    def layout(self, stock: list[Card]) -> Layout:
        """The deal, its stock places filled from `stock` (the sampled stock, bottom to
        top)."""
        return Layout(tuple(stock[card] if isinstance(card, int) else card for card in self.cards))


def find_past(observation: Observation) -> Past | None:
    """A past of `observation` (see the module), or None when no deal of its rules leads to
    it through its history (a game begun from a position code, say) or the search gives up.
    """
    moves = observation.history
    removed = [card for move in moves for card in move.cards]
    shown = {card for card in observation.pyramid if card is not None}
    shown.update(card for card in observation.stock if card is not None)
    shown.update(card for pile in observation.waste_piles for card in pile)
    shown.update(observation.unseen)
    if not moves or len(set(removed)) != len(removed) or shown.intersection(removed):
        return None
    if len(shown) + len(removed) != len(DECK):
        return None
    return _Search(observation, moves).run()


class _Search:
    """The two stages of `find_past` (see the module)."""

    def __init__(self, observation: Observation, moves: tuple[Move, ...]) -> None:
        self.observation = observation
        self.moves = moves
        self.rules = rules = observation.rules
        self.game = game = _Game(Layout(DECK), rules)  # the rules' tables; the deal is unused
        self.empty = sum(1 << slot for slot, card in enumerate(observation.pyramid) if not card)
        self.emptied = bin(self.empty).count("1")
        self.waste_at_end = tuple(len(pile) for pile in observation.waste_piles)
        self.budget = _POSITIONS + _POSITIONS_PER_MOVE * len(moves)
        # The pass before each move.
        self.passes = [1]
        for move in moves:
            self.passes.append(self.passes[-1] + (move.kind is MoveKind.RECYCLE))
        # Several waste piles: `counts` pools them (their sizes summed), and the talon
        # stage keeps each pile's size in reach of the observation's in the last pass:
        # `draws[number]` counts the draws from move `number` on, -1 before the last pass.
        self.pooled = game.piles > 1
        self.draws = [0] * (len(moves) + 1)
        for number in range(len(moves) - 1, -1, -1):
            kind = moves[number].kind
            later = self.draws[number + 1]
            self.draws[number] = -1 if later < 0 or kind is MoveKind.RECYCLE else later
            self.draws[number] += kind is MoveKind.DRAW and later >= 0

    # -- the talon stage -----------------------------------------------------------------

    def run(self) -> Past | None:
        game = self.game
        stock = 0
        for label in range(_TALON, 0, -1):  # label 1 is dealt first: the stock's top
            stock = (stock << 6) | label
        waste = 0
        if game.rules.first_card_to_waste:
            waste, stock = stock & 63, stock >> 6
        first: _Talon = (stock, waste, 0)
        good = self.counts(self.sizes(first))
        if good is None:
            return None
        moves = self.moves
        last = len(moves) - 1
        failed: set[tuple[Any, ...]] = set()
        path: list[tuple[tuple[Card, int], ...]] = []  # per move: (card, label or 0)
        talons: list[_Talon] = []  # the talon after each move on the path
        # Frames: move number, talon before it, its children, and whether a pyramid stage
        # failed below it (then it is not marked as failed: another way to it may do).
        stack: list[list[Any]] = [[0, first, self.talon_children(0, first), False]]
        checked = 0
        while stack:
            frame = stack[-1]
            number, talon, children = frame[0], frame[1], frame[2]
            child = next(children, None)
            if child is None:
                stack.pop()
                if frame[3]:
                    if stack:
                        stack[-1][3] = True
                else:
                    failed.add(self.talon_key(number, talon))
                if path:
                    path.pop()
                    talons.pop()
                continue
            after, placed = child
            if self.sizes(after, pooled=True) not in good[number + 1]:
                continue
            if min(self.surplus(number + 1, after), default=0) < 0:
                continue
            self.budget -= 1
            if self.budget < 0:
                return None
            if number == last:
                slots = self.pyramid([*path, placed], [*talons, after])
                if slots is None:
                    frame[3] = True
                    continue
                past = self.past([*path, placed], slots, after)
                if past is not None and self.check(past):
                    return past
                checked += 1
                if checked == _CHECKED_ENDS:
                    return None
                frame[3] = True
                continue
            if self.talon_key(number + 1, after) in failed:
                continue
            path.append(placed)
            talons.append(after)
            stack.append([number + 1, after, self.talon_children(number + 1, after), False])
        return None

    def talon_key(self, number: int, talon: _Talon) -> tuple[Any, ...]:
        """What the rest of the talon stage depends on: sizes, not which place holds which
        label."""
        return number, *self.sizes(talon)

    def sizes(self, talon: _Talon, pooled: bool = False) -> _Sizes:
        """The sizes of `talon`: the waste piles' summed when `pooled` (as `counts` has
        them under rules with several)."""
        stock, waste, emptied = talon
        piles = tuple(_count((waste >> o) & PILE_MASK) for o in self.game.offsets)
        if pooled and self.pooled:
            piles = (sum(piles),)
        return _count(stock), piles, emptied

    def surplus(self, number: int, talon: _Talon) -> list[int]:
        """In the last pass, for each waste pile, how many more cards it holds than the
        observation shows, counting those the draws from move `number` on can still deal
        onto it (at most): a pile below zero cannot end as the observation shows it.
        Empty before the last pass, and with one waste pile (`counts` sees to it)."""
        draws = self.draws[number]
        if draws < 0 or not self.pooled:
            return []
        stock, waste, _ = talon
        left = _count(stock)
        piles = self.game.piles
        found = []
        for pile, (offset, end) in enumerate(
            zip(self.game.offsets, self.waste_at_end, strict=True)
        ):
            dealt = min(draws, (left - pile + piles - 1) // piles) if left > pile else 0
            found.append(_count((waste >> offset) & PILE_MASK) + dealt - end)
        return found

    def talon_children(
        self, number: int, talon: _Talon
    ) -> Iterator[tuple[_Talon, tuple[tuple[Card, int], ...]]]:
        """The talons move `number` leads to from `talon`, each with where it put each
        card it removed: a label, or 0 for the pyramid."""
        game = self.game
        stock, waste, emptied = talon
        move = self.moves[number]
        if move.kind is MoveKind.DRAW:
            stock, waste = _draw(game, stock, waste)
            yield (stock, waste, emptied), ()
            return
        if move.kind is MoveKind.RECYCLE:
            yield (_recycle(game, waste), 0, emptied), ()
            return
        for places in self.places(number, len(move.cards), talon):
            after_stock, taken = stock, [0] * game.piles
            placed = []
            for card, (kind, where) in zip(move.cards, places, strict=True):
                if kind == "pyramid":
                    placed.append((card, 0))
                    continue
                if kind == "stock":
                    label = stock & 63
                    after_stock >>= 6
                else:
                    offset = game.offsets[where]
                    label = (waste >> (offset + 6 * (kind == "beneath"))) & 63
                    taken[where] += 1
                placed.append((card, label))
            after_waste = waste
            for pile, count in enumerate(taken):
                if count:
                    offset = game.offsets[pile]
                    kept = ((waste >> offset) & PILE_MASK) >> (6 * count)
                    after_waste = (after_waste & ~(PILE_MASK << offset)) | (kept << offset)
            pyramid = sum(kind == "pyramid" for kind, _ in places)
            yield (after_stock, after_waste, emptied + pyramid), tuple(placed)

    def places(self, number: int, count: int, talon: _Talon) -> Iterator[tuple[_Place, ...]]:
        """Where the `count` cards of a removal could lie, in the move's card order (the
        pyramid first): the ways the rules let `count` exposed cards go together."""
        game = self.game
        stock, waste, emptied = talon
        tops: list[_Place] = [
            ("waste", pile) for pile, offset in enumerate(game.offsets) if (waste >> offset) & 63
        ]
        surplus = self.surplus(number, talon)
        if surplus:  # the piles with the most cards to spare first
            tops.sort(key=lambda top: -surplus[top[1]])
        if game.stock_top and stock:
            tops.append(("stock", 0))
        left = self.emptied - emptied  # pyramid cards still to go
        if count == 1:
            if left:
                yield (_PYRAMID,)
            yield from ((top,) for top in tops)
            return
        if left >= 2 and _pair_fits(game, emptied):
            yield _PYRAMID, _PYRAMID
        if left:
            yield from ((_PYRAMID, top) for top in tops)
        yield from combinations(tops, 2)
        if game.waste_pairing:
            for pile, offset in enumerate(game.offsets):
                if (waste >> (offset + 6)) & 63:
                    yield ("waste", pile), ("beneath", pile)

    def counts(self, first: _Sizes) -> list[set[_Sizes]] | None:
        """For each move number, the sizes (stock, waste piles, pyramid cards removed) from
        which the rest of the history can reach the observation's, by the talon alone (the
        waste piles pooled under rules with several); None when the first cannot."""
        if self.pooled:
            first = (first[0], (sum(first[1]),), first[2])
        layers: list[dict[_Sizes, list[_Sizes]]] = [{first: []}]
        to_remove = sum(len(move.cards) for move in self.moves)
        for number, move in enumerate(self.moves):
            to_remove -= len(move.cards)
            pass_ = self.passes[number]
            layer: dict[_Sizes, list[_Sizes]] = {}
            for sizes in layers[-1]:
                for after in self.count_children(move, sizes, pass_):
                    if after[2] + to_remove >= self.emptied:  # the pyramid can still empty
                        layer.setdefault(after, []).append(sizes)
            if not layer:
                return None
            layers.append(layer)
        waste = (sum(self.waste_at_end),) if self.pooled else self.waste_at_end
        end = (self.observation.stock_size, waste, self.emptied)
        if end not in layers[-1] or self.observation.pass_number != self.passes[-1]:
            return None
        good: list[set[_Sizes]] = [set() for _ in layers]
        good[-1].add(end)
        for number in range(len(layers) - 1, 0, -1):
            for sizes in good[number]:
                good[number - 1].update(layers[number][sizes])
        return good

    def count_children(self, move: Move, sizes: _Sizes, pass_: int) -> Iterator[_Sizes]:
        """The sizes `move` may lead to from `sizes`, in the talon alone (the waste's one
        size standing for every pile under rules with several)."""
        game = self.game
        stock, (waste,), removed = sizes
        if removed == SLOTS and (not game.all_cards or not (stock or waste)):
            return  # won: no move follows
        if move.kind is MoveKind.DRAW:
            if stock:
                dealt = min(game.draw_count if game.piles == 1 else game.piles, stock)
                yield stock - dealt, (waste + dealt,), removed
            return
        if move.kind is MoveKind.RECYCLE:
            if not stock and waste and (not game.passes or pass_ < game.passes):
                yield waste, (0,), removed
            return
        count = len(move.cards)
        tops = min(waste, game.piles)  # the waste tops there may be
        if game.waste_pairing and count == 2 and waste > 1:
            tops = 2  # a top and the card beneath it
        for from_stock in range(int(game.stock_top and stock > 0) + 1):
            for from_waste in range(min(tops, count - from_stock) + 1):
                pyramid = count - from_stock - from_waste
                if removed + pyramid <= self.emptied and (pyramid < 2 or _pair_fits(game, removed)):
                    yield stock - from_stock, (waste - from_waste,), removed + pyramid

    # -- the pyramid stage ---------------------------------------------------------------

    def pyramid(
        self, path: list[tuple[tuple[Card, int], ...]], talons: list[_Talon]
    ) -> dict[int, Card] | None:
        """Slots for the pyramid cards of the talon stage's `path` (with the talons after
        each move): each slot available when its card goes, every empty slot of the
        observation emptied, the observation's score reached; None when there are none."""
        moves = self.moves
        last = len(moves) - 1
        lefts = []  # the cards in the stock and the waste after each move
        for talon in talons:
            stock, piles, _ = self.sizes(talon)
            lefts.append(stock + sum(piles))
        end = _FULL & ~self.empty
        failed: set[tuple[int, int, int]] = set()
        slots: list[tuple[tuple[int, Card], ...]] = []
        stack = [(0, _FULL, 0, self.pyramid_children(0, _FULL, 0, path, lefts))]
        while stack:
            number, pyr, score, children = stack[-1]
            child = next(children, None)
            if child is None:
                failed.add((number, pyr, score))
                stack.pop()
                if slots:
                    slots.pop()
                continue
            after, after_score, placed = child
            self.budget -= 1
            if self.budget < 0:
                return None
            if number == last:
                if after == end and after_score == self.observation.score:
                    return {slot: card for step in [*slots, placed] for slot, card in step}
                continue
            if (number + 1, after, after_score) in failed:
                continue
            slots.append(placed)
            children = self.pyramid_children(number + 1, after, after_score, path, lefts)
            stack.append((number + 1, after, after_score, children))
        return None

    def pyramid_children(
        self,
        number: int,
        pyr: int,
        score: int,
        path: list[tuple[tuple[Card, int], ...]],
        lefts: list[int],
    ) -> Iterator[tuple[int, int, tuple[tuple[int, Card], ...]]]:
        """The pyramids (and scores) move `number` may leave from `pyr`, each with the
        slots it gave its pyramid cards."""
        move = self.moves[number]
        cards = [card for card, label in path[number] if not label]
        for slots in self.slots(len(cards), pyr):
            after = pyr
            for slot in slots:
                after &= ~(1 << slot)
            policy = self.game.scoring
            if policy is not None:
                pass_ = self.passes[number + 1]
                event = score_event(
                    self.game, pyr, move, len(move.cards), after, lefts[number], pass_
                )
                after_score = policy.score(score, event)
            else:
                after_score = score
            yield after, after_score, tuple(zip(slots, cards, strict=True))

    def slots(self, count: int, pyr: int) -> Iterator[tuple[int, ...]]:
        """The slots `count` pyramid cards of one removal could take: available slots that
        the observation shows empty (of a row's leaves only the first), two of them, or a
        slot and the one it alone covers under overlap pairing."""
        if not count:
            yield ()
            return
        empty = self.empty
        present = pyr & empty  # the slots the history still empties
        found: list[int] = []
        leaves = [0] * 7
        for slot in available_in(pyr):
            if empty >> slot & 1:
                if COVERS[slot] & present:
                    found.append(slot)
                elif leaves[_ROW[slot]] < count:  # a leaf: the first ones of its row
                    leaves[_ROW[slot]] += 1
                    found.append(slot)
        if count == 1:
            yield from ((slot,) for slot in found)
            return
        yield from combinations(found, 2)
        if self.game.overlap:
            for upper, lower in lone_covers(pyr):
                if empty >> upper & 1 and empty >> lower & 1:
                    yield upper, lower

    # -- the deal ------------------------------------------------------------------------

    def past(
        self, path: list[tuple[tuple[Card, int], ...]], slots: dict[int, Card], talon: _Talon
    ) -> Past | None:
        """The deal of `path` (the labels of the cards removed from the talon) and `slots`
        (the pyramid's), the talon left at the end being `talon`."""
        observation = self.observation
        stock, waste, _ = talon
        labels: dict[int, Card | int] = {
            label: card for placed in path for card, label in placed if label
        }
        for index, label in enumerate(reversed(_labels(stock))):  # as observation.stock
            labels[label] = index
        for pile, offset in zip(observation.waste_piles, self.game.offsets, strict=True):
            labels.update(zip(reversed(_labels((waste >> offset) & PILE_MASK)), pile, strict=True))
        if len(labels) != _TALON or len(slots) != self.emptied:
            return None
        cards: list[Card | int] = [
            card if card is not None else slots[slot]
            for slot, card in enumerate(observation.pyramid)
        ]
        cards.extend(labels[label] for label in range(1, _TALON + 1))
        return Past(tuple(cards), self.moves)

    def check(self, past: Past) -> bool:
        """Whether the engine plays the history from `past`'s deal to the observation
        (the unseen cards filled in any order): the search follows the rules, the engine
        is the judge."""
        observation = self.observation
        fill = iter(observation.unseen)
        stock = [card if card is not None else next(fill) for card in observation.stock]
        state = GameState.new(past.layout(stock), self.rules)
        try:
            for move in self.moves:
                state = state.apply(move)
        except IllegalMoveError:
            return False
        return (
            state.pyramid == observation.pyramid
            and list(state.stock) == stock
            and state.waste_piles == observation.waste_piles
            and state.pass_number == observation.pass_number
            and state.score == observation.score
        )


def _pair_fits(game: _Game, removed: int) -> bool:
    """Whether two pyramid cards may go in one move once `removed` have gone: two of the
    cards left must be available, which takes three left (the apex lies under the two
    below it), or two where one alone covers the other and the rules pair them."""
    return SLOTS - removed >= 3 or (game.overlap and SLOTS - removed == 2)


def _labels(packed: int) -> list[int]:
    """The labels of a packed talon pile, top first."""
    labels = []
    while packed:
        labels.append(packed & 63)
        packed >>= 6
    return labels
