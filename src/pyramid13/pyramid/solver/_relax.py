"""A relaxation for several waste piles in the last pass: the stock's cards at hand.

`PileModel` prunes a position of its last pass when even this easier game cannot clear
the pyramid: every card still in the stock is at hand whenever wanted (each once), while
the cards already on the piles keep their order (a pile card plays only once every card
above it is gone) and the pyramid keeps its own. Every line of the real game is a line
of this one (a draw does nothing here, and a card dealt later covers nothing), so a
position it cannot clear is lost. No recycle may follow: one would gather the piles into
the stock.

A position of the relaxation is one int laid out like the model's (see `PileModel`): the
pyramid mask, the count of each value left at hand (3 bits a value) where the model keeps
its stock, and the piles as the model stores them. Its key leaves out which card of a
value lies where, as the model's does.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ._model import _Shape

__all__ = ["first_clear", "pile_relaxation"]

_PYR = (1 << 28) - 1
_PILE_MASK = (1 << 144) - 1
_HAND = 52  # bit of the counts at hand (value v at bit 52 + 3 v)
_HAND_MASK = ((1 << 39) - 1) << _HAND
_TALON = 91  # bit of the counts of every talon card left, at hand or on a pile
_COUNTS = (1 << 39) - 1

# A call gives up (and prunes nothing) after this many steps; the memo stops growing at
# this many positions.
_CALL_BUDGET = 20_000
_MEMO_LIMIT = 300_000


def pile_relaxation(
    shape: Callable[[int], _Shape],
    counts_clearable: Callable[[int, int], bool],
    offsets: tuple[int, ...],
    key_mask: int,
    waste_pairing: bool,
) -> Callable[[int, int, int], bool]:
    """``clearable(state, hand, talon)``: False when the relaxation proves `state` (a
    model position of the last pass) lost; ``hand`` is the stock's count of each value
    and ``talon`` that of every talon card in play (3 bits a value, as `_Deal.counts_of`).

    Args:
        shape: the deal's `_Shape` of a pyramid mask.
        counts_clearable: the deal's coarser relaxation `_Deal.clearable`, which prunes
            this one's search.
        offsets: the bit of each pile in a position.
        key_mask: the model's key mask (pyramid and the values of the pile cards).
        waste_pairing: a pile's top card may pair with the card beneath it.
    """
    memo: dict[int, bool] = {}
    piles_mask = 0
    for offset in offsets:
        piles_mask |= _PILE_MASK << offset
    keep = _PYR | piles_mask
    relaxed_key = (key_mask & keep) | _HAND_MASK

    def children(rs: int) -> list[int]:
        """The positions after each move of the relaxation worth trying, or the forced
        one alone.

        A card at hand serves any time, so a move that uses one where a pile's top card of
        the same value would do is never better than that (the card at hand stays for
        later, and the pile shows its next card); and a move without a pyramid card only
        helps by uncovering a pile card.
        """
        pyr = rs & _PYR
        found = shape(pyr)
        if found.king:
            return [rs ^ found.king[0][0]]
        hand = rs >> _HAND & _COUNTS
        # Cards of each value still in play: a pyramid card whose partner value is down to
        # one exposed card must pair with it, so that pair is forced (as in the model).
        total = found.counts + (rs >> _TALON & _COUNTS)
        by_value = found.by_value
        out: list[int] = []
        tops: list[tuple[int, int, int, int]] = []  # (value, without it, pile left, offset)
        on_top = 0  # bit v: some pile shows a card of value v
        for offset in offsets:
            pile = rs >> offset & _PILE_MASK
            if not pile:
                continue
            value = (pile & 63) >> 2
            after = rs - ((pile - (pile >> 6)) << offset)
            if value == 13:
                return [after]  # it only uncovers the card beneath
            after -= 1 << _TALON + 3 * value
            for bit, _ in by_value[13 - value]:
                if total >> 3 * value & 7 == 1:
                    return [after ^ bit]
                out.append(after ^ bit)
            tops.append((value, after, pile >> 6, offset))
            on_top |= 1 << value
        for i, (value, after, beneath, offset) in enumerate(tops):
            partner = 13 - value
            if beneath:
                if waste_pairing and (beneath & 63) >> 2 == partner:
                    both = after - ((beneath - (beneath >> 6)) << offset)
                    out.append(both - (1 << _TALON + 3 * partner))
                if hand >> 3 * partner & 7 and not on_top >> partner & 1:
                    out.append(after - (1 << _HAND + 3 * partner) - (1 << _TALON + 3 * partner))
            for other, other_after, other_beneath, _ in tops[i + 1 :]:
                if other == partner and (beneath or other_beneath):
                    out.append(after - (rs - other_after))
        for value in range(1, 13):
            if hand >> 3 * value & 7 and not on_top >> value & 1:
                used = rs - (1 << _HAND + 3 * value) - (1 << _TALON + 3 * value)
                for bit, _ in by_value[13 - value]:
                    if total >> 3 * value & 7 == 1:
                        return [used ^ bit]
                    out.append(used ^ bit)
        for _, bits, low in found.pairs:
            if total >> 3 * low & 7 == 1 or total >> 3 * (13 - low) & 7 == 1:
                return [rs ^ bits]
            out.append(rs ^ bits)
        return out

    def viable(rs: int) -> bool:
        return counts_clearable(rs & _PYR, rs >> _TALON & _COUNTS)

    def clearable(state: int, hand: int, talon: int) -> bool:
        rs = (state & keep) | hand << _HAND | talon << _TALON
        if not rs & _PYR:
            return True
        known = memo.get(rs & relaxed_key)
        if known is not None:
            return known
        if len(memo) > _MEMO_LIMIT:
            return True  # the memo is full: stop pruning this way rather than grow
        return first_clear(rs, children, memo, relaxed_key, _CALL_BUDGET, viable)

    return clearable


def first_clear(
    start: int,
    children: Callable[[int], list[int]],
    memo: dict[int, bool],
    key_mask: int,
    budget: int,
    viable: Callable[[int], bool] | None = None,
) -> bool:
    """Whether a position whose pyramid is empty (its low 28 bits) can be reached from
    `start` in a relaxation whose moves `children` lists (they only remove cards, so
    there are no cycles): a depth-first search with an explicit stack that stops at the
    first way found.

    ``memo`` maps ``position & key_mask`` to the answer and gains every position decided.
    A position that `viable` rejects counts as unclearable without a search. After
    `budget` steps the search gives up and answers True, which prunes nothing.
    """
    stack = [(start, iter(children(start)))]
    while stack:
        budget -= 1
        if not budget:
            return True  # undecided within its budget: prune nothing
        current, todo = stack[-1]
        result: bool | None = False
        for child in todo:
            if not child & _PYR:
                result = True
                break
            known = memo.get(child & key_mask)
            if known:
                result = True
                break
            if known is None:
                if viable is not None and not viable(child):
                    memo[child & key_mask] = False
                    continue
                stack.append((child, iter(children(child))))
                result = None
                break
        if result is None:
            continue
        if result:
            for position, _ in stack:
                memo[position & key_mask] = True
            return True
        memo[current & key_mask] = False
        stack.pop()
    return False
