"""Per-deal search models: every position as one int, successors from tables built per deal.

A model turns one deal under one rule set into a graph whose nodes are plain ints. Two
representations cover every `RuleSet`:

* `PointerModel` (one waste pile, any `draw_count`). With a single pile the talon keeps
  its order for the whole game: recycling turns the waste over, so the cards come back
  exactly as in the pass before. The talon is therefore the deal's 24 stock cards in
  drawing order, a 24-bit mask of the cards still present and a pointer that splits it
  into waste (before the pointer, top = the last present card before it) and stock (the
  rest, top = the first present card from it). A draw moves the pointer; a removal clears
  a bit. The pointer is kept canonical (just after the waste top), so positions that differ
  only by already-removed cards are one node.

  ``state = pyramid mask | talon mask << 28 | pointer << 52 | pass << 57``

* `PileModel` (several waste piles). Recycling gathers the piles in an order that
  reshuffles the talon between passes, so the cards are stored explicitly: the stock and
  every pile as 6-bit card ids (top in the lowest bits) packed into the same int, beside
  the pyramid mask and a mask of the talon cards still present.

In both, the pass number (0-based) sits in the highest bits, above `key_bits`: the search
keys its transposition table on ``state & key_mask`` and keeps the smallest pass seen,
since a position reached with fewer passes used is never worse. With unlimited passes the
pass is not tracked at all (it is always 0).

Pruning, all exact (it never turns a winnable position into a lost one):

* dead cards: a card that must still be removed (every pyramid card; every card when the
  goal is all 52) and none of whose partners (values summing to 13) can still meet it is a
  proof of loss. Two pyramid cards can never meet when one lies (directly or not) on the
  other, except a card and the card it alone covers under `overlap_pairing`; two talon
  cards can only meet when the rules expose two talon cards at once;
* the relaxation `_Deal.clearable`: if the pyramid cannot be cleared even with every talon
  card in play at hand whenever wanted (each once), the position is lost;
* burial in the last pass: a waste card that nothing left can pair with stays for good,
  so the cards beneath it no longer count as partners (and with the goal of all 52 cards
  the position is lost). With several piles (and no `waste_pairing`) the cards that can
  meet a pile card are the pyramid's, the other piles' and the stock cards dealt onto
  other piles (every stock card when the stock top plays);
* Kings at once: an available pyramid King is the only successor considered (removing it
  only uncovers cards, and it must go anyway). A talon King is forced too with one waste
  pile and ``draw_count == 1`` when the search only asks for *a* win, or the goal is all 52
  cards (then removing it is needed anyway, so it never lengthens a solution); with
  ``draw_count > 1`` removing it regroups later draws, so it stays a choice. With several
  piles a pile King is forced on the same terms in the last pass (no recycle follows,
  and deals go onto the piles in the same order whatever was removed);
* forced pairs (several piles): two exposed cards that sum to 13, one of which must go
  and whose value's partners in play are the other card alone, are the only successor.
  Every win removes that pair; moving its removal to the front leaves every other move
  of the win legal (removing cards only exposes more, and no deal or pass changes), so
  the win keeps its length. A pair with a talon card is forced only when no recycle
  follows (a recycle gathers the piles, and an earlier removal would regroup the next
  pass), and never one with the stock's top card (removing it shifts the deals).

Equivalent positions: pairing depends on values alone, so two positions that differ only
by which card of a value lies where in the talon lead to the same outcome. `PileModel`
keys its positions on values (see its docstring); `PointerModel` keys them on the cards.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from ..._base.cards import DECK
from .._geometry import COVERED_BY, COVERS, SLOTS, available_in, lone_covers
from .._layout import PYRAMID_SIZE
from .._moves import Move
from .._rules import Goal
from .._state import GameState
from ._relax import first_clear, pile_relaxation

__all__ = [
    "DRAW",
    "RECYCLE",
    "Model",
    "PileModel",
    "PointerModel",
    "decode_move",
    "make_model",
]

#: Move codes: ``a | b << 6`` for a removal of card ids ``a`` and ``b`` (0 for a King).
DRAW = 0
RECYCLE = 4095

_VALUE = [0] + [card.value for card in DECK]
_PYR = (1 << SLOTS) - 1
_T24 = (1 << 24) - 1
_PILE_BITS = 144
_PILE_MASK = (1 << _PILE_BITS) - 1

Children = list[tuple[int, int]]

# The relaxation `_Deal.clearable` gives up (and prunes nothing) after this many steps in
# one call, and is no longer consulted once its memo holds this many entries.
_RELAX_CALL_BUDGET = 100_000
_RELAX_MEMO_LIMIT = 1_000_000


def decode_move(code: int) -> Move:
    """The `Move` of a move code."""
    if code == DRAW:
        return Move.DRAW
    if code == RECYCLE:
        return Move.RECYCLE
    first, second = code & 63, code >> 6
    if second:
        return Move.remove(DECK[first - 1], DECK[second - 1])
    return Move.remove(DECK[first - 1])


def _closure(table: tuple[int, ...], slot: int) -> int:
    """Slots reached from `slot` by following `table` (COVERS or COVERED_BY) repeatedly."""
    found = 0
    todo = table[slot]
    while todo:
        low = todo & -todo
        todo ^= low
        if not found & low:
            found |= low
            todo |= table[low.bit_length() - 1]
    return found


def _matching(left: list[int], right: list[int], meets: list[int]) -> int:
    """Size of a maximum matching between the slots `left` and `right` (at most four
    each) along `meets`: the best of every assignment of the smaller side."""
    small, large = (left, right) if len(left) <= len(right) else (right, left)
    best = 0
    for chosen in permutations(large, len(small)):
        matched = sum(
            1 for one, other in zip(small, chosen, strict=True) if meets[one] >> other & 1
        )
        if matched > best:
            best = matched
            if best == len(small):
                break
    return best


def _byte_tables(
    talon: tuple[int, ...], weight: Callable[[int], int], add: bool
) -> tuple[list[int], list[int], list[int]]:
    """For each byte of a 24-bit talon mask, the sum (`add`) or the bitwise or of
    `weight(value)` over the cards it holds."""
    tables = []
    for shift in (0, 8, 16):
        table = [0] * 256
        for byte in range(1, 256):
            low = byte & -byte
            card = weight(_VALUE[talon[shift + low.bit_length() - 1]])
            rest = table[byte ^ low]
            table[byte] = rest + card if add else rest | card
        tables.append(table)
    return tables[0], tables[1], tables[2]


class _Shape:
    """What one set of remaining pyramid cards offers (per deal, built on first use)."""

    __slots__ = ("by_value", "counts", "king", "pairs", "values")

    def __init__(
        self,
        king: list[tuple[int, int]],
        pairs: list[tuple[int, int, int]],
        by_value: list[list[tuple[int, int]]],
        values: int,
        counts: int,
    ) -> None:
        self.king = king  # [(slot bit, move code)] of the available Kings
        self.pairs = pairs  # (move code, bits cleared, smaller value) of pyramid-only pairs
        self.by_value = by_value  # value -> [(slot bit, card id)] of the available cards
        self.values = values  # bit v: some pyramid card (available or not) has value v
        self.counts = counts  # pyramid cards of each value 1..12, 3 bits per value


class _Bounds:
    """Lower-bound ingredients of one set of remaining pyramid cards (built on first use)."""

    __slots__ = ("h", "kings", "needed", "pairable")

    def __init__(self, h: int, kings: int, needed: list[tuple[int, int]], pairable: int) -> None:
        self.h = h  # removals still needed for the pyramid alone
        self.kings = kings  # Kings left in the pyramid
        self.needed = needed  # (talon value, how many) pyramid cards must pair with
        self.pairable = pairable  # talon indices whose value some pyramid card pairs with


class _Deal:
    """Tables of one deal under one rule set shared by both models: shapes, partners,
    dead-card checks and the heuristic."""

    def __init__(self, state: GameState, *, prune: bool) -> None:
        rules = state.rules
        ids = tuple(card.index + 1 for card in state.layout.cards)
        self.rules = rules
        self.pyramid = pyramid = ids[:PYRAMID_SIZE]
        self.talon = talon = ids[PYRAMID_SIZE:]
        self.talon_index = {card: index for index, card in enumerate(talon)}
        self.all_cards = all_cards = rules.goal is Goal.ALL_CARDS
        self.overlap = rules.overlap_pairing
        self.shapes: dict[int, _Shape] = {}
        self._bounds: dict[int, _Bounds] = {}
        self._relaxed: dict[int, list[tuple[int, int]]] = {}

        overlap = rules.overlap_pairing
        talon_meets_talon = rules.stock_top_pairable or rules.waste_pairing or rules.waste_piles > 1
        # checks[low]: (bit, pyramid partners, talon partners) of every card of value low or
        # 13 - low, re-examined after a removal of those values (the only ones it can kill).
        pyr_checks: list[list[tuple[int, int, int]]] = [[] for _ in range(7)]
        tal_checks: list[list[tuple[int, int, int]]] = [[] for _ in range(7)]
        king_mask = 0
        # meets[slot]: the pyramid slots holding a partner that can be available with it.
        meets = self.meets = [0] * SLOTS
        for slot in range(SLOTS):
            value = _VALUE[pyramid[slot]]
            if value == 13:
                continue
            blocked = _closure(COVERED_BY, slot) | _closure(COVERS, slot)
            if overlap:
                blocked &= ~(COVERED_BY[slot] | COVERS[slot])
            pp = sum(
                1 << other
                for other in range(SLOTS)
                if _VALUE[pyramid[other]] == 13 - value and not blocked >> other & 1
            )
            tp = sum(1 << i for i, card in enumerate(talon) if _VALUE[card] == 13 - value)
            pyr_checks[min(value, 13 - value)].append((1 << slot, pp, tp))
            meets[slot] = pp
        for index, card in enumerate(talon):
            value = _VALUE[card]
            if value == 13:
                king_mask |= 1 << index
                continue
            pp = sum(1 << s for s in range(SLOTS) if _VALUE[pyramid[s]] == 13 - value)
            tp = 0
            if talon_meets_talon:
                tp = sum(1 << i for i, c in enumerate(talon) if _VALUE[c] == 13 - value)
            tal_checks[min(value, 13 - value)].append((1 << index, pp, tp))
        if not prune:
            pyr_checks = [[] for _ in range(7)]
        if not (prune and all_cards):
            tal_checks = [[] for _ in range(7)]
        self.talon_kings = king_mask
        self.value_masks = [
            sum(1 << i for i, card in enumerate(talon) if _VALUE[card] == value)
            if value < 13
            else 0
            for value in range(14)
        ]
        self.clear_memo: dict[int, bool] = {}
        self.prune = prune
        # counts_of(present) and values_of(present), by the present mask's three bytes
        # (counts add up across bytes, value bits are or-ed).
        self.value_bytes = _byte_tables(talon, lambda v: 1 << 3 * v if v < 13 else 0, True)
        self.value_bit_bytes = _byte_tables(talon, lambda v: 1 << v if v < 13 else 0, False)
        self._blockers: dict[int, int] = {}
        self.pyr_checks = pyr_checks
        self.tal_checks = tal_checks

    def shape(self, mask: int) -> _Shape:
        """The table entry of a set of remaining pyramid cards (built on first use)."""
        shape = self.shapes.get(mask)
        if shape is None:
            shape = self.shapes[mask] = self._build(mask)
        return shape

    def _build(self, mask: int) -> _Shape:
        pyramid = self.pyramid
        available = available_in(mask)
        by_value: list[list[tuple[int, int]]] = [[] for _ in range(14)]
        king = []
        pairs = []
        for i, slot in enumerate(available):
            card = pyramid[slot]
            value = _VALUE[card]
            by_value[value].append((1 << slot, card))
            if value == 13:
                king.append((1 << slot, card))
                continue
            for other in available[i + 1 :]:
                card2 = pyramid[other]
                if value + _VALUE[card2] == 13:
                    pairs.append(
                        (card | card2 << 6, 1 << slot | 1 << other, min(value, 13 - value))
                    )
        if self.overlap:
            for upper, lower in lone_covers(mask):
                card, card2 = pyramid[upper], pyramid[lower]
                value = _VALUE[card]
                if value + _VALUE[card2] == 13:
                    pairs.append(
                        (card | card2 << 6, 1 << upper | 1 << lower, min(value, 13 - value))
                    )
        values = 0
        counts = 0
        for slot in range(SLOTS):
            if mask >> slot & 1:
                value = _VALUE[pyramid[slot]]
                values |= 1 << value
                if value < 13:
                    counts += 1 << 3 * value
        return _Shape(king, pairs, by_value, values, counts)

    def bounds(self, mask: int) -> _Bounds:
        """The lower-bound ingredients of a set of remaining pyramid cards (cached)."""
        found = self._bounds.get(mask)
        if found is not None:
            return found
        pyramid = self.pyramid
        counts = [0] * 14
        slots_of: list[list[int]] = [[] for _ in range(14)]
        for slot in range(SLOTS):
            if mask >> slot & 1:
                value = _VALUE[pyramid[slot]]
                counts[value] += 1
                slots_of[value].append(slot)
        # Removals still needed: every King, and for each pair of values v and 13 - v one
        # per card less one per pyramid-only pair, of which there are at most as many as a
        # maximum matching of the cards that can meet. Each unmatched pyramid card needs
        # a talon partner.
        h = counts[13]
        needed = []
        meets = self.meets
        for low in range(1, 7):
            matched = _matching(slots_of[low], slots_of[13 - low], meets)
            h += counts[low] + counts[13 - low] - matched
            if counts[13 - low] > matched:
                needed.append((low, counts[13 - low] - matched))
            if counts[low] > matched:
                needed.append((13 - low, counts[low] - matched))
        pairable = 0
        for u in range(1, 13):
            if counts[13 - u]:
                pairable |= self.value_masks[u]
        found = self._bounds[mask] = _Bounds(h, counts[13], needed, pairable)
        return found

    def dead_function(self) -> Callable[[int, int, int], bool]:
        """``dead(low, pyramid, present)``: whether a position after a removal of values
        ``low`` and ``13 - low`` is proved lost (``present``: talon indices still in play).

        Two proofs: a card of value ``low`` or ``13 - low`` that must still go has lost
        every partner it could meet; or the relaxation `clearable` fails.
        """
        pyr_checks = self.pyr_checks
        tal_checks = self.tal_checks
        memo = self.clear_memo
        clearable = self.clearable
        b0, b1, b2 = self.value_bytes
        relax = self.prune

        def dead(low: int, pyr: int, present: int) -> bool:
            for bit, pp, tp in pyr_checks[low]:
                if pyr & bit and not (pyr & pp or present & tp):
                    return True
            for bit, pp, tp in tal_checks[low]:
                if present & bit and not (pyr & pp or present & tp):
                    return True
            if not relax:
                return False
            counts = b0[present & 255] + b1[present >> 8 & 255] + b2[present >> 16]
            known = memo.get(pyr | counts << 28)
            if known is None:
                known = clearable(pyr, counts)
            return not known

        return dead

    def counts_of(self, present: int) -> int:
        """How many talon cards of each value (1..12) are in play, 3 bits per value."""
        counts = 0
        for value, mask in enumerate(self.value_masks):
            counts += (present & mask).bit_count() << 3 * value
        return counts

    def values_of(self, present: int) -> int:
        """Bit ``v`` set when some talon card of value ``v`` is in `present`."""
        return sum(1 << value for value, mask in enumerate(self.value_masks) if present & mask)

    def blockers(self, partner_values: int) -> int:
        """The talon cards (not Kings) whose partner value is not in `partner_values`."""
        found = self._blockers.get(partner_values)
        if found is None:
            found = 0
            for value in range(1, 13):
                if not partner_values >> (13 - value) & 1:
                    found |= self.value_masks[value]
            self._blockers[partner_values] = found
        return found

    def clearable(self, pyr: int, counts: int) -> bool:
        """A relaxation: could the pyramid be cleared if the talon cards in play (`counts`,
        as `counts_of` gives them) were all at hand whenever wanted, each used once?
        False proves the position lost: the real game only adds constraints (the talon's
        order, the passes, which talon cards are exposed together).

        Results are memoised per deal for every (shape, counts) met; the search under each
        is depth-first with an explicit stack and stops at the first way found. Its cost is
        capped: a call gives up (answering True, which prunes nothing) after
        `_RELAX_CALL_BUDGET` steps, and the memo stops growing at `_RELAX_MEMO_LIMIT`.
        """
        if not pyr:
            return True
        memo = self.clear_memo
        known = memo.get(pyr | counts << 28)
        if known is not None:
            return known
        if len(memo) > _RELAX_MEMO_LIMIT:
            return True  # the memo is full: stop pruning this way rather than grow
        relaxed_children = self._relaxed_children

        def children(position: int) -> list[int]:
            return relaxed_children(position & _PYR, position >> 28)

        return first_clear(pyr | counts << 28, children, memo, -1, _RELAX_CALL_BUDGET)

    def _relaxed_children(self, pyr: int, counts: int) -> list[int]:
        moves = self._relaxed.get(pyr)
        if moves is None:
            # (pyramid after, counts field of the talon value used, or 0) per move.
            shape = self.shape(pyr)
            moves = [(pyr ^ bit, 0) for bit, _ in shape.king]
            moves.extend((pyr ^ bits, 0) for _, bits, _ in shape.pairs)
            for value in range(1, 13):
                field = 3 * (13 - value)
                moves.extend((pyr ^ bit, field) for bit, _ in shape.by_value[value])
            self._relaxed[pyr] = moves
        high = counts << 28
        return [
            after | high - (1 << 28 + field if field else 0)
            for after, field in moves
            if not field or counts >> field & 7
        ]

    def lower_bound(self, pyr: int, present: int) -> int:
        """Removals still needed: a lower bound on the steps to a win."""
        bounds = self.bounds(pyr)
        if not self.all_cards:
            return bounds.h
        kings = bounds.kings + (present & self.talon_kings).bit_count()
        return kings + (pyr.bit_count() + present.bit_count() - kings) // 2


class Model:
    """A deal under a rule set as a graph of ints (see the module docstring).

    Attributes:
        root: the state the search starts from.
        children: successors of a state as ``(move code, child)`` pairs, the most promising
            last (a depth-first search pops from the end).
        key_bits: bits below the pass number; ``state & key_mask`` keys the transposition
            table.
        won_mask: a state is won when ``state & won_mask == 0``.
    """

    root: int
    children: Callable[[int], Children]
    key_bits: int
    key_mask: int
    won_mask: int

    #: A lower bound on the steps still needed (each removal, draw, recycle is one).
    heuristic: Callable[[int], int]

    def __init__(self, deal: _Deal) -> None:
        self.deal = deal
        lower_bound = deal.lower_bound

        def removals(state: int) -> int:
            return lower_bound(state & _PYR, state >> 28 & _T24)

        self.heuristic = removals

    def is_dead(self, state: int) -> bool:
        """True when some card that must still go has no partner left that can meet it."""
        dead = self.deal.dead_function()
        pyr, present = state & _PYR, state >> 28 & _T24
        return any(dead(low, pyr, present) for low in range(1, 7))

    def encode(self, state: GameState) -> int:
        """The int of a `GameState` of this deal and rule set."""
        raise NotImplementedError

    def decode(self, state: int) -> tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], int]:
        """A state as (pyramid mask, stock ids bottom to top, waste piles' ids bottom to top,
        0-based pass, always 0 with unlimited passes): for cross-checks with `GameState`."""
        raise NotImplementedError


def _engine_parts(state: GameState) -> tuple[int, list[int], list[list[int]], int]:
    pyr = sum(1 << slot for slot, card in enumerate(state.pyramid) if card is not None)
    stock = [card.index + 1 for card in state.stock]
    piles = [[card.index + 1 for card in pile] for pile in state.waste_piles]
    passes = state.pass_number - 1 if state.rules.passes is not None else 0
    return pyr, stock, piles, passes


class PointerModel(Model):
    """One waste pile: the talon as a fixed sequence, a presence mask and a pointer."""

    def __init__(self, state: GameState, *, kings_at_once: bool, optimal: bool, prune: bool):
        deal = _Deal(state, prune=prune)
        super().__init__(deal)
        rules = deal.rules
        talon = deal.talon
        all_cards = deal.all_cards
        self.key_bits = 57
        self.key_mask = (1 << 57) - 1
        self.won_mask = (_PYR | _T24 << 28) if all_cards else _PYR
        draw_count = rules.draw_count
        passes = rules.passes or 0
        stock_top = rules.stock_top_pairable
        waste_pairing = rules.waste_pairing
        # Forcing a talon King is exact only when removing it cannot regroup later draws.
        talon_kings = kings_at_once and draw_count == 1 and (not optimal or all_cards)
        pyramid_kings = kings_at_once
        talon_value = [_VALUE[card] for card in talon]
        small = [min(v, 13 - v) for v in range(14)]
        shapes = deal.shapes
        build = deal.shape
        dead = deal.dead_function()
        blockers = deal.blockers
        vb0, vb1, vb2 = deal.value_bit_bytes

        def children(st: int) -> Children:
            pyr = st & _PYR
            shape = shapes.get(pyr)
            if shape is None:
                shape = build(pyr)
            if shape.king and pyramid_kings:
                bit, code = shape.king[0]
                return [(code, st ^ bit)]
            present = st >> 28 & _T24
            ptr = st >> 52 & 31
            # In the last pass a waste card that nothing left can pair with stays forever
            # and buries the cards below it: drop those from the partners that count.
            live = present
            if ptr and passes and (st >> 57) + 1 >= passes and prune:
                waste = present & ((1 << ptr) - 1)
                values = shape.values
                if stock_top or waste_pairing:  # the stock top, or a card drawn onto it
                    stock_cards = present ^ waste
                    values |= vb0[stock_cards & 255] | vb1[stock_cards >> 8 & 255]
                    values |= vb2[stock_cards >> 16]
                if waste_pairing:  # the card beneath it
                    values |= vb0[waste & 255] | vb1[waste >> 8 & 255] | vb2[waste >> 16]
                stuck = waste & blockers(values)
                if stuck:
                    if all_cards:
                        return []  # that card can never go
                    buried = waste & ((1 << (stuck.bit_length() - 1)) - 1)
                    if buried:
                        live = present ^ buried
                        if any(dead(low, pyr, live) for low in range(1, 7)):
                            return []
            out: Children = []
            # Draws and recycles first: they are tried last.
            above = present >> ptr
            stock_index = -1
            if above:
                stock_index = ptr + (above & -above).bit_length() - 1
                if draw_count == 1:
                    new_ptr = stock_index + 1
                else:
                    left = above
                    for _ in range(draw_count):
                        if not left:
                            break
                        left &= left - 1
                    new_ptr = ptr + (above ^ left).bit_length()
                out.append((DRAW, st + ((new_ptr - ptr) << 52)))
            elif ptr and (not passes or (st >> 57) + 1 < passes):
                recycled = st - (ptr << 52)
                if passes:
                    recycled += 1 << 57
                out.append((RECYCLE, recycled))
            by_value = shape.by_value
            # The stock top, when it plays.
            if stock_top and stock_index >= 0:
                sbit = 1 << stock_index
                card = talon[stock_index]
                value = talon_value[stock_index]
                base = st - (sbit << 28)
                if value == 13:
                    if talon_kings:
                        return [(card, base)]
                    out.append((card, base))
                else:
                    low = small[value]
                    new_live = live ^ sbit
                    for bit, card2 in by_value[13 - value]:
                        if not dead(low, pyr ^ bit, new_live):
                            out.append((card | card2 << 6, base ^ bit))
            # The waste top: the pointer is canonical, so it is the card just before it.
            if ptr:
                windex = ptr - 1
                wbit = 1 << windex
                card = talon[windex]
                value = talon_value[windex]
                below = present & (wbit - 1)
                new_ptr = below.bit_length()
                base = st - (wbit << 28) - ((ptr - new_ptr) << 52)
                if value == 13:
                    if talon_kings:
                        return [(card, base)]
                    out.append((card, base))
                else:
                    low = small[value]
                    new_live = live ^ wbit
                    for bit, card2 in by_value[13 - value]:
                        if not dead(low, pyr ^ bit, new_live):
                            out.append((card | card2 << 6, base ^ bit))
                    if stock_top and stock_index >= 0 and value + talon_value[stock_index] == 13:
                        sbit = 1 << stock_index
                        if not dead(low, pyr, new_live ^ sbit):
                            out.append((card | talon[stock_index] << 6, base - (sbit << 28)))
                    if waste_pairing and below:
                        bindex = new_ptr - 1
                        if value + talon_value[bindex] == 13:
                            bbit = 1 << bindex
                            after = (below ^ bbit).bit_length()
                            child = base - (bbit << 28) - ((new_ptr - after) << 52)
                            if not dead(low, pyr, new_live ^ bbit):
                                out.append((card | talon[bindex] << 6, child))
            # Pyramid-only pairs last: they are tried first.
            for code, bits, low in shape.pairs:
                new_pyr = pyr ^ bits
                if not dead(low, new_pyr, live):
                    out.append((code, st ^ bits))
            for bit, code in shape.king:
                out.append((code, st ^ bit))
            return out

        value_masks = deal.value_masks
        deal_bounds = deal.bounds
        draw_extra = 0 if stock_top else 1
        talon_term = draw_count == 1 and not all_cards

        def heuristic(st: int) -> int:
            pyr = st & _PYR
            bounds = deal_bounds(pyr)
            if not talon_term or not bounds.needed:
                return deal.lower_bound(pyr, st >> 28 & _T24)
            # Steps that remove no pyramid card are not counted by bounds.h: draws,
            # recycles, talon-only removals. Before a needed talon card is first exposed,
            # every card in front of it must leave the stock (or the waste above it), one
            # per step, and a card no pyramid card pairs with can only leave that way.
            present = st >> 28 & _T24
            ptr = st >> 52 & 31
            lone = present & ~bounds.pairable
            waste_mask = (1 << ptr) - 1
            lone_stock = lone & ~waste_mask
            lone_waste = lone & waste_mask
            recycle = not passes or (st >> 57) + 1 < passes
            extra = 0
            deepest = 0  # the deepest card needed from the stock where the waste has none
            again_base = -1
            for u, count in bounds.needed:
                cards = present & value_masks[u]
                in_waste = cards & waste_mask
                if not in_waste:
                    # All in the stock: the count-th from the top is needed.
                    for _ in range(count - 1):
                        cards &= cards - 1
                    first = cards & -cards
                    if first > deepest:
                        deepest = first
                    continue
                if cards.bit_count() < count:
                    continue  # too few left: the pruning decides
                if count == 1 and in_waste >> (ptr - 1):
                    continue  # it is the waste top
                # Each card's cost: the lone cards in front of it in the stock, or above it
                # in the waste (dug out), or all the lone stock cards, the recycle and the
                # lone cards before it (going round again); the count-th cheapest counts.
                costs = []
                while cards:
                    bit = cards & -cards
                    cards ^= bit
                    if bit > waste_mask:
                        cost = (lone_stock & (bit - 1)).bit_count() + draw_extra
                    elif bit << 1 > waste_mask:
                        cost = 0
                    else:
                        cost = (lone_waste >> bit.bit_length()).bit_count()
                        if waste_pairing:
                            cost = (cost + 1) // 2
                        if recycle:
                            if again_base < 0:
                                again_base = lone_stock.bit_count() + 1 + draw_extra
                            again = again_base + (lone & (bit - 1)).bit_count()
                            if again < cost:
                                cost = again
                    costs.append(cost)
                costs.sort()
                cost = costs[count - 1]
                if cost > extra:
                    extra = cost
            if deepest:
                cost = (lone_stock & (deepest - 1)).bit_count() + draw_extra
                if cost > extra:
                    extra = cost
            return bounds.h + extra

        self.children = children
        self.heuristic = heuristic
        self.root = self.encode(state)

    def encode(self, state: GameState) -> int:
        pyr, stock, piles, passes = _engine_parts(state)
        index = self.deal.talon_index
        waste = [index[card] for card in piles[0]]
        drawn = [index[card] for card in reversed(stock)]  # next drawn first
        order = waste + drawn
        if order != sorted(order):
            raise ValueError("the talon is not in dealing order")  # pragma: no cover
        present = sum(1 << i for i in order)
        ptr = waste[-1] + 1 if waste else 0
        return pyr | present << 28 | ptr << 52 | passes << 57

    def decode(self, state: int) -> tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], int]:
        talon = self.deal.talon
        present = state >> 28 & _T24
        ptr = state >> 52 & 31
        waste = tuple(talon[i] for i in range(ptr) if present >> i & 1)
        stock = tuple(talon[i] for i in range(23, ptr - 1, -1) if present >> i & 1)
        return state & _PYR, stock, (waste,), state >> 57


def _lone(counts: int, value: int) -> bool:
    """True when `counts` (3 bits per value) holds a single card of `value` or of its
    partner value ``13 - value``."""
    return counts >> 3 * value & 7 == 1 or counts >> 3 * (13 - value) & 7 == 1


def _pack(ids: list[int] | tuple[int, ...]) -> int:
    """Card ids given bottom to top, packed 6 bits each with the top in the lowest bits."""
    packed = 0
    for card in ids:
        packed = packed << 6 | card
    return packed


def _unpack(packed: int) -> tuple[int, ...]:
    ids = []
    while packed:
        ids.append(packed & 63)
        packed >>= 6
    ids.reverse()
    return tuple(ids)


class PileModel(Model):
    """Several waste piles: stock and piles stored explicitly, 6 bits per card.

    ``state = pyramid | present << 28 | stock << 52 | piles << 196 | pass << key_bits``
    with pile ``k`` at bit ``196 + 144 k`` and ``present`` the mask of talon indices in play.
    A card is stored as its value times 4 plus a number that tells the cards of one value
    apart, and the transposition key leaves out those two bits and ``present``: positions
    that differ only by which card of a value lies where are one node (pairing depends on
    values alone).
    """

    def __init__(self, state: GameState, *, kings_at_once: bool, optimal: bool, prune: bool):
        deal = _Deal(state, prune=prune)
        super().__init__(deal)
        rules = deal.rules
        piles = rules.waste_piles
        offsets = tuple(196 + _PILE_BITS * k for k in range(piles))
        self.offsets = offsets
        self.key_bits = key_bits = 196 + _PILE_BITS * piles
        if prune:
            values_only = sum(0b111100 << 6 * i for i in range((key_bits - 52) // 6))
            self.key_mask = _PYR | values_only << 52
        else:
            self.key_mask = (1 << key_bits) - 1  # the cards themselves
        all_cards = deal.all_cards
        talon_area = ((1 << key_bits) - 1) ^ _PYR
        self.won_mask = (_PYR | talon_area) if all_cards else _PYR
        passes = rules.passes or 0
        stock_top = rules.stock_top_pairable
        waste_pairing = rules.waste_pairing
        pyramid_kings = kings_at_once
        # Card codes: value << 2 | a number 0..3 among the cards of that value.
        self.code_of = code_of = _value_codes()
        self.card_of = card_of = [0] * 64
        for card, code in enumerate(code_of):
            if card:
                card_of[code] = card
        index = [0] * 64  # talon index of each card code
        for card, talon_index in deal.talon_index.items():
            index[code_of[card]] = talon_index
        small = [min(v, 13 - v) for v in range(14)]
        shapes = deal.shapes
        build = deal.shape
        dead = deal.dead_function()
        pass_unit = 1 << key_bits
        piles_field = (1 << _PILE_BITS * piles) - 1
        burial = prune and passes > 0 and not waste_pairing
        forcing = kings_at_once
        # A pile King is forced in the last pass when the search only asks for a win, or
        # the goal is all 52 cards (then removing it never lengthens a solution).
        talon_kings = kings_at_once and (not optimal or all_cards)
        b0, b1, b2 = deal.value_bytes
        n_piles = piles
        bit_of_value = [1 << (code >> 2) if 0 < code >> 2 < 13 else 0 for code in range(64)]
        count_of_value = [1 << 3 * (code >> 2) if 0 < code >> 2 < 13 else 0 for code in range(64)]
        relaxed = None
        if prune:
            relaxed = pile_relaxation(build, deal.clearable, offsets, self.key_mask, waste_pairing)
        hands: dict[int, int] = {}  # stock field -> its count of each value (a few kept)

        def hand_of(stock: int) -> int:
            hand = 0
            left = stock
            while left:
                hand += count_of_value[left & 63]
                left >>= 6
            if len(hands) < 4096:
                hands[stock] = hand
            return hand

        def _buried(st: int, pyramid_values: int, stock: int) -> int:
            """Talon bits buried for good under a stuck pile card (-1: a stuck card when
            every card must go)."""
            # Values that can meet a card of pile k: the pyramid's, the other piles', the
            # stock cards dealt onto other piles (or every stock card if its top plays).
            stock_values = [0] * n_piles
            k = 0
            while stock:
                stock_values[k % n_piles] |= bit_of_value[stock & 63]
                stock >>= 6
                k += 1
            all_stock = 0
            for mask in stock_values:
                all_stock |= mask
            pile_values = []
            contents = []
            for offset in offsets:
                pile = st >> offset & _PILE_MASK
                contents.append(pile)
                mask = 0
                while pile:
                    mask |= bit_of_value[pile & 63]
                    pile >>= 6
                pile_values.append(mask)
            buried = 0
            for k, pile in enumerate(contents):
                if not pile:
                    continue
                if stock_top:
                    others = pyramid_values | all_stock
                else:
                    others = pyramid_values
                    for j, mask in enumerate(stock_values):
                        if j != k:
                            others |= mask
                for j, mask in enumerate(pile_values):
                    if j != k:
                        others |= mask
                while pile:
                    card = pile & 63
                    pile >>= 6
                    bit = bit_of_value[card]
                    if bit and not others >> (13 - (card >> 2)) & 1:
                        if all_cards:
                            return -1
                        while pile:
                            buried |= 1 << index[pile & 63]
                            pile >>= 6
                        break
            return buried

        def children(st: int) -> Children:
            pyr = st & _PYR
            shape = shapes.get(pyr)
            if shape is None:
                shape = build(pyr)
            if shape.king and pyramid_kings:
                bit, code = shape.king[0]
                return [(code, st ^ bit)]
            present = st >> 28 & _T24
            stock = st >> 52 & _PILE_MASK
            last = passes and (st >> key_bits) + 1 >= passes
            if burial and last:
                # In the last pass a pile card that no card able to meet it pairs with
                # stays for good and buries the cards beneath it: drop those from the
                # partners, and with the goal of all 52 cards the game is lost.
                buried = _buried(st, shape.values, stock)
                if buried < 0:
                    return []
                if buried and any(dead(low, pyr, present ^ buried) for low in range(1, 7)):
                    return []
            if relaxed is not None and last:
                hand = hands.get(stock)
                if hand is None:
                    hand = hand_of(stock)
                talon = b0[present & 255] + b1[present >> 8 & 255] + b2[present >> 16]
                if not relaxed(st, hand, talon):
                    return []
            # Forced pairs (see the module docstring) need the cards of each value still
            # in play (3 bits a value); a pair with a talon card only when no recycle follows.
            counts = 0
            talon_forced = False
            if forcing:
                counts = shape.counts + b0[present & 255] + b1[present >> 8 & 255]
                counts += b2[present >> 16]
                talon_forced = bool(last)
            useless = prune and last and not all_cards
            out: Children = []
            if stock:
                # Deal the next cards one onto each pile, pile 1 first.
                child = st
                left = stock
                for offset in offsets:
                    if not left:
                        break
                    pile = child >> offset & _PILE_MASK
                    child += ((pile << 6 | left & 63) - pile) << offset
                    left >>= 6
                out.append((DRAW, child - ((stock - left) << 52)))
            elif st >> 196 & piles_field and (not passes or (st >> key_bits) + 1 < passes):
                # Pick up pile 1, 2, ... card by card from each top onto the new stock.
                new_stock = 0
                child = st
                for offset in offsets:
                    pile = st >> offset & _PILE_MASK
                    child -= pile << offset
                    while pile:
                        new_stock = new_stock << 6 | pile & 63
                        pile >>= 6
                child += new_stock << 52
                if passes:
                    child += pass_unit
                out.append((RECYCLE, child))
            for code, bits, low in shape.pairs:
                lost = dead(low, pyr ^ bits, present)
                if forcing and _lone(counts, low):
                    return [] if lost else [(code, st ^ bits)]
                if not lost:
                    out.append((code, st ^ bits))
            # Exposed talon cards: (card code, state without it).
            exposed: list[tuple[int, int]] = []
            bottoms = 0  # bit i: exposed card i is the last card of its pile
            for offset in offsets:
                pile = st >> offset & _PILE_MASK
                if pile:
                    card = pile & 63
                    without = st - ((pile - (pile >> 6)) << offset) - (1 << 28 + index[card])
                    if talon_forced and talon_kings and card >> 2 == 13:
                        return [(card_of[card], without)]
                    if not pile >> 6:
                        bottoms |= 1 << len(exposed)
                    exposed.append((card, without))
                    if waste_pairing and pile >> 6:
                        card2 = pile >> 6 & 63
                        value = card >> 2
                        if value + (card2 >> 2) == 13:
                            both = (
                                st
                                - ((pile - (pile >> 12)) << offset)
                                - (1 << 28 + index[card])
                                - (1 << 28 + index[card2])
                            )
                            code = card_of[card] | card_of[card2] << 6
                            lost = dead(small[value], pyr, both >> 28 & _T24)
                            if talon_forced and all_cards and _lone(counts, value):
                                return [] if lost else [(code, both)]
                            if not lost:
                                out.append((code, both))
            n_pile_tops = len(exposed)
            if stock_top and stock:
                card = stock & 63
                without = st - ((stock - (stock >> 6)) << 52) - (1 << 28 + index[card])
                exposed.append((card, without))
            by_value = shape.by_value
            for i, (card, without) in enumerate(exposed):
                value = card >> 2
                first = card_of[card]
                if value == 13:
                    out.append((first, without))
                    continue
                low = small[value]
                new_present = without >> 28 & _T24
                # A pile top may be forced, never the stock top (removing it shifts deals).
                may_force = talon_forced and i < n_pile_tops
                # With a pyramid card: forced when this is the last card of its value (the
                # pyramid card's only partner), or, all 52 to go, the pyramid card is its.
                alone = may_force and (
                    counts >> 3 * value & 7 == 1 or (all_cards and _lone(counts, value))
                )
                for bit, card2 in by_value[13 - value]:
                    lost = dead(low, pyr ^ bit, new_present)
                    if alone:
                        return [] if lost else [(first | card2 << 6, without ^ bit)]
                    if not lost:
                        out.append((first | card2 << 6, without ^ bit))
                for j in range(i + 1, len(exposed)):
                    card2, without2 = exposed[j]
                    if value + (card2 >> 2) == 13:
                        if useless and bottoms >> i & bottoms >> j & 1:
                            continue
                        both = without - (st - without2)
                        code = first | card_of[card2] << 6
                        lost = dead(low, pyr, both >> 28 & _T24)
                        if may_force and j < n_pile_tops and all_cards and _lone(counts, value):
                            return [] if lost else [(code, both)]
                        if not lost:
                            out.append((code, both))
            for bit, code in shape.king:
                out.append((code, st ^ bit))
            return out

        self.children = children
        self.root = self.encode(state)

    def encode(self, state: GameState) -> int:
        pyr, stock, piles, passes = _engine_parts(state)
        index = self.deal.talon_index
        code_of = self.code_of
        present = sum(1 << index[card] for card in stock)
        packed = pyr | _pack([code_of[card] for card in stock]) << 52
        for offset, pile in zip(self.offsets, piles, strict=True):
            present |= sum(1 << index[card] for card in pile)
            packed |= _pack([code_of[card] for card in pile]) << offset
        return packed | present << 28 | passes << self.key_bits

    def decode(self, state: int) -> tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], int]:
        card_of = self.card_of

        def cards(field: int) -> tuple[int, ...]:
            return tuple(card_of[code] for code in _unpack(field))

        piles = tuple(cards(state >> offset & _PILE_MASK) for offset in self.offsets)
        return state & _PYR, cards(state >> 52 & _PILE_MASK), piles, state >> self.key_bits


def _value_codes() -> list[int]:
    """For each card id (1..52, 0 unused), ``value << 2`` plus its rank among the cards
    of that value: ids of one value differ in the two low bits alone."""
    codes = [0] * 53
    seen = [0] * 14
    for card in range(1, 53):
        value = _VALUE[card]
        codes[card] = value << 2 | seen[value]
        seen[value] += 1
    return codes


def make_model(
    state: GameState, *, kings_at_once: bool = True, optimal: bool = False, prune: bool = True
) -> Model:
    """The model of `state`'s deal and rules, rooted at `state`.

    Args:
        kings_at_once: force King removals where that is exact (see the module docstring).
        optimal: the search wants a shortest solution (restricts King forcing).
        prune: apply the pruning (dead cards, relaxations, burial), and with several
            piles key positions on values rather than cards. With both switches off,
            ``children`` lists exactly the engine's moves (tests compare them) and each
            position is its own node.
    """
    cls = PointerModel if state.rules.waste_piles == 1 else PileModel
    return cls(state, kings_at_once=kings_at_once, optimal=optimal, prune=prune)
