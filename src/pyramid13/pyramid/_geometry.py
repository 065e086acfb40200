"""The pyramid's 28 slots as bits of one int, and tables about them built once at import.

A *mask* is an int whose bit ``i`` is set while slot ``i`` still holds its card. Slot
``i`` sits at ``(row, col)`` with ``i = row*(row+1)//2 + col``; row 0 is the apex.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

__all__ = [
    "COVERED_BY",
    "COVERS",
    "FULL_MASK",
    "ROWS",
    "ROW_MASKS",
    "SHAPES",
    "SHAPE_INDEX",
    "SLOTS",
    "available_in",
    "available_slots",
    "lone_covers",
    "position_of",
    "slot_of",
]

ROWS = 7
SLOTS = 28
FULL_MASK = (1 << SLOTS) - 1


def slot_of(row: int, col: int) -> int:
    """The slot index of ``(row, col)``."""
    return row * (row + 1) // 2 + col


def position_of(slot: int) -> tuple[int, int]:
    """The ``(row, col)`` of a slot index."""
    row = 0
    while slot_of(row + 1, 0) <= slot:
        row += 1
    return row, slot - slot_of(row, 0)


def _covering_mask(slot: int) -> int:
    row, col = position_of(slot)
    if row == ROWS - 1:
        return 0
    return (1 << slot_of(row + 1, col)) | (1 << slot_of(row + 1, col + 1))


#: ``COVERED_BY[i]``: mask of the (at most two) slots that lie on slot ``i``.
COVERED_BY: tuple[int, ...] = tuple(_covering_mask(i) for i in range(SLOTS))
#: ``COVERS[i]``: mask of the (at most two) slots that slot ``i`` lies on.
COVERS: tuple[int, ...] = tuple(
    sum(1 << j for j in range(SLOTS) if COVERED_BY[j] >> i & 1) for i in range(SLOTS)
)
#: ``ROW_MASKS[r]``: mask of the slots of row ``r`` (0 is the apex).
ROW_MASKS: tuple[int, ...] = tuple(
    sum(1 << slot_of(r, c) for c in range(r + 1)) for r in range(ROWS)
)


def available_slots(mask: int) -> list[int]:
    """Slots of `mask` with no card still lying on them, in ascending order."""
    return [i for i in range(SLOTS) if mask >> i & 1 and not COVERED_BY[i] & mask]


_AVAILABLE: dict[int, tuple[int, ...]] = {}


def available_in(mask: int) -> tuple[int, ...]:
    """Like `available_slots`, as a tuple memoised for every mask (shared by all games)."""
    slots = _AVAILABLE.get(mask)
    if slots is None:
        slots = _AVAILABLE[mask] = tuple(available_slots(mask))
    return slots


_LONE_COVERS: dict[int, tuple[tuple[int, int], ...]] = {}


def lone_covers(mask: int) -> tuple[tuple[int, int], ...]:
    """Pairs ``(upper, lower)`` of `mask` where available slot ``upper`` is the only card
    still lying on slot ``lower`` (the pairs overlap pairing may remove), memoised."""
    pairs = _LONE_COVERS.get(mask)
    if pairs is None:
        found = []
        for upper in available_in(mask):
            for lower in range(SLOTS):
                lies_on = COVERS[upper] >> lower & 1 and mask >> lower & 1
                if lies_on and COVERED_BY[lower] & mask == 1 << upper:
                    found.append((upper, lower))
        pairs = _LONE_COVERS[mask] = tuple(found)
    return pairs


def _shapes() -> tuple[int, ...]:
    # A removed card's covering cards are removed too, so the set of remaining cards is
    # closed downwards: row by row, the remaining cards of row r+1 determine which cards of
    # row r may remain. Walk from the full pyramid removing available cards.
    seen = {FULL_MASK}
    frontier = [FULL_MASK]
    while frontier:
        mask = frontier.pop()
        for slot in available_slots(mask):
            child = mask & ~(1 << slot)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return tuple(sorted(seen))


#: Every set of remaining pyramid slots that can occur in play: 1430 masks (Catalan C8).
SHAPES: tuple[int, ...] = _shapes()
#: ``SHAPE_INDEX[mask]``: the mask's position in `SHAPES` (a dense index for tables).
SHAPE_INDEX: dict[int, int] = {mask: i for i, mask in enumerate(SHAPES)}
