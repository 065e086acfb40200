"""The reachability checks of position codes against exhaustive searches of small models.

Each search is written here from the rules alone, independently of the checks: one over
the pyramid (which sets of removed slots, with how many removed Kings and talon cards, legal
removals can produce), one over the stock and waste sizes (which sizes draws, recycles and
removals from the tops can produce). The checks must accept exactly what the searches reach.
"""

from __future__ import annotations

import itertools
from collections import deque

import pytest

from pyramid13 import RuleSet
from pyramid13._base.errors import InvalidPositionError
from pyramid13.pyramid._reachable import (
    _check_last_pyramid_card,
    _check_talon_partners,
    _talon_possible,
)

ROWS = 7
SLOTS = 28
FULL = (1 << SLOTS) - 1


def _slot(row: int, col: int) -> int:
    return row * (row + 1) // 2 + col


def _covering(slot: int) -> list[int]:
    """The slots lying directly on `slot` (none for the bottom row)."""
    row = next(r for r in range(ROWS) if _slot(r, 0) <= slot < _slot(r + 1, 0))
    col = slot - _slot(row, 0)
    return [] if row == ROWS - 1 else [_slot(row + 1, col), _slot(row + 1, col + 1)]


COVERING = [_covering(slot) for slot in range(SLOTS)]


def _available(mask: int) -> list[int]:
    return [
        slot
        for slot in range(SLOTS)
        if mask >> slot & 1 and not any(mask >> upper & 1 for upper in COVERING[slot])
    ]


def _pyramid_search(overlap: bool, talon_pairs: bool) -> set[tuple[int, int, int]]:
    """Every (remaining slots, removed Kings, removed talon cards) that removals reach,
    when any talon card can be brought into play whenever it is wanted."""
    start = (FULL, 0, 0)
    seen = {start}
    queue = deque([start])
    while queue:
        mask, kings, talon = queue.popleft()
        available = _available(mask)
        following = []
        if talon < 24:
            following.append((mask, kings + 1, talon + 1))  # a talon King
            if talon_pairs and talon < 23:
                following.append((mask, kings, talon + 2))  # two talon cards together
        for index, slot in enumerate(available):
            alone = mask & ~(1 << slot)
            following.append((alone, kings + 1, talon))  # a pyramid King
            if talon < 24:
                following.append((alone, kings, talon + 1))  # with a talon card
            for other in available[index + 1 :]:
                following.append((alone & ~(1 << other), kings, talon))
            if overlap:
                for lower in range(SLOTS):
                    if slot in COVERING[lower] and mask >> lower & 1:
                        others = [upper for upper in COVERING[lower] if upper != slot]
                        if not any(mask >> upper & 1 for upper in others):
                            following.append((alone & ~(1 << lower), kings, talon))
        for state in following:
            if state[1] <= 4 and state not in seen:
                seen.add(state)
                queue.append(state)
    return seen


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
@pytest.mark.parametrize(
    ("overlap", "talon_pairs"), list(itertools.product([False, True], repeat=2))
)
def test_the_pyramid_checks_accept_exactly_what_removals_reach(
    overlap: bool, talon_pairs: bool
) -> None:
    rules = RuleSet(overlap_pairing=overlap, stock_top_pairable=talon_pairs)
    reached = _pyramid_search(overlap, talon_pairs)
    masks = {mask for mask, _, _ in reached}
    assert len(masks) == 1430  # every shape of the pyramid occurs
    for mask in masks:
        removed_slots = FULL & ~mask
        gone = bin(removed_slots).count("1")
        for kings in range(5):
            for talon in range(25):
                if kings > gone + talon or (gone + talon - kings) % 2:
                    continue  # the value check (every non-King has a partner) refuses these
                try:
                    _check_talon_partners(rules, gone, talon, kings)
                    _check_last_pyramid_card(rules, removed_slots, talon, kings)
                except InvalidPositionError:
                    accepted = False
                else:
                    accepted = True
                assert accepted == ((mask, kings, talon) in reached), (mask, kings, talon)


def _talon_search(rules: RuleSet, passes: int) -> set[tuple[int, tuple[int, ...], int]]:
    """Every (stock size, waste pile sizes, pass) that draws, recycles and removals of
    single exposed talon cards reach, up to `passes` passes."""
    piles = rules.waste_piles
    first = [1 if rules.first_card_to_waste and pile == 0 else 0 for pile in range(piles)]
    start = (24 - sum(first), tuple(first), 1)
    seen = {start}
    queue = deque([start])
    while queue:
        stock, sizes, pass_ = queue.popleft()
        following: list[tuple[int, tuple[int, ...], int]] = []
        if stock:
            if piles == 1:
                moved = min(rules.draw_count, stock)
                following.append((stock - moved, (sizes[0] + moved,), pass_))
            else:
                dealt = [1 if pile < stock else 0 for pile in range(piles)]
                after = tuple(size + extra for size, extra in zip(sizes, dealt, strict=True))
                following.append((stock - sum(dealt), after, pass_))
            if rules.stock_top_pairable:
                following.append((stock - 1, sizes, pass_))
        elif any(sizes) and pass_ < passes:
            following.append((sum(sizes), (0,) * piles, pass_ + 1))
        for pile, size in enumerate(sizes):
            if size:
                following.append((stock, (*sizes[:pile], size - 1, *sizes[pile + 1 :]), pass_))
        for state in following:
            if state not in seen:
                seen.add(state)
                queue.append(state)
    return seen


def _talon_rules() -> list[RuleSet]:
    rules = []
    for piles, draw in [(1, 1), (1, 2), (1, 3), (2, 1), (3, 1)]:
        for stock_top, first in itertools.product([False, True], repeat=2):
            rules.append(
                RuleSet(
                    passes=3,
                    waste_piles=piles,
                    draw_count=draw,
                    stock_top_pairable=stock_top,
                    first_card_to_waste=first,
                )
            )
    return rules


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
@pytest.mark.parametrize("rules", _talon_rules(), ids=lambda rules: str(rules.to_dict()))
def test_the_talon_check_accepts_exactly_what_the_draws_reach(rules: RuleSet) -> None:
    reached = _talon_search(rules, passes=3)
    piles = rules.waste_piles
    for pass_ in (1, 2, 3):
        for stock in range(25):
            for sizes in itertools.product(range(25 - stock), repeat=piles):
                if stock + sum(sizes) > 24:
                    continue
                expected = (stock, sizes, pass_) in reached
                assert _talon_possible(rules, stock, list(sizes), pass_) == expected, (
                    stock,
                    sizes,
                    pass_,
                )
