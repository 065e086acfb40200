"""The pyramid's geometry for bot authors: slots, rows and columns, and what covers what.

The 28 pyramid slots are numbered row-major from the apex: slot ``row*(row+1)//2 + col``
sits at ``(row, col)``, row 0 being the apex and row 6 the bottom row. Slot ``(r, c)`` is
covered by ``(r+1, c)`` and ``(r+1, c+1)``; a card is available once both are gone.
`GameState.pyramid` and `GameState.slot_of` use the same numbering.

Examples:
    >>> slot_position(27), slot_at(6, 6)
    ((6, 6), 27)
    >>> covering_slots(0), covered_slots(1)
    ((1, 2), (0,))
    >>> available_slots({0, 1, 2, 5})
    (1, 5)

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from collections.abc import Iterable

from .._base.errors import InvalidArgumentError
from .._base.integers import as_int
from ._geometry import COVERED_BY, COVERS, ROWS, SLOTS, position_of, slot_of

__all__ = [
    "ROW_COUNT",
    "SLOT_COUNT",
    "available_slots",
    "covered_slots",
    "covering_slots",
    "row_slots",
    "slot_at",
    "slot_position",
]

SLOT_COUNT: int = SLOTS
"""The number of pyramid slots: 28."""
ROW_COUNT: int = ROWS
"""The number of pyramid rows: 7."""


def _check_slot(slot: object) -> int:
    number = as_int(slot)
    if number is None or not 0 <= number < SLOTS:
        raise InvalidArgumentError(f"a slot must be an int in 0..{SLOTS - 1}, not {slot!r}")
    return number


def _bits(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(SLOTS) if mask >> i & 1)


def slot_position(slot: int) -> tuple[int, int]:
    """The ``(row, col)`` of `slot` (row 0 is the apex; col 0 the leftmost of its row).

    Args:
        slot: a slot number, 0..27.

    Examples:
        >>> slot_position(0), slot_position(4)
        ((0, 0), (2, 1))

    Raises:
        InvalidArgumentError: `slot` is not an int in 0..27.
    """
    return position_of(_check_slot(slot))


def slot_at(row: int, col: int) -> int:
    """The slot number at ``(row, col)``: the inverse of `slot_position`.

    Args:
        row: 0 (the apex) to 6 (the bottom row).
        col: 0 to `row`.

    Examples:
        >>> slot_at(0, 0), slot_at(2, 1), slot_at(6, 0)
        (0, 4, 21)

    Raises:
        InvalidArgumentError: no slot lies there.
    """
    row_number = as_int(row)
    if row_number is None or not 0 <= row_number <= ROWS - 1:
        raise InvalidArgumentError(f"row must be an int in 0..{ROWS - 1}, not {row!r}")
    col_number = as_int(col)
    if col_number is None or not 0 <= col_number <= row_number:
        raise InvalidArgumentError(f"col must be an int in 0..{row_number}, not {col!r}")
    return slot_of(row_number, col_number)


def covering_slots(slot: int) -> tuple[int, ...]:
    """The slots whose cards lie on `slot` (two, or none for the bottom row), ascending.

    Args:
        slot: a slot number, 0..27.

    Examples:
        >>> covering_slots(4), covering_slots(21)
        ((7, 8), ())

    Raises:
        InvalidArgumentError: `slot` is not an int in 0..27.
    """
    return _bits(COVERED_BY[_check_slot(slot)])


def covered_slots(slot: int) -> tuple[int, ...]:
    """The slots that the card in `slot` lies on (one or two, none for the apex), ascending.

    Args:
        slot: a slot number, 0..27.

    Examples:
        >>> covered_slots(4), covered_slots(0)
        ((1, 2), ())

    Raises:
        InvalidArgumentError: `slot` is not an int in 0..27.
    """
    return _bits(COVERS[_check_slot(slot)])


def row_slots(row: int) -> tuple[int, ...]:
    """The slots of `row`, left to right.

    Args:
        row: 0 (the apex) to 6 (the bottom row).

    Examples:
        >>> row_slots(2)
        (3, 4, 5)

    Raises:
        InvalidArgumentError: `row` is not an int in 0..6.
    """
    number = as_int(row)
    if number is None or not 0 <= number < ROWS:
        raise InvalidArgumentError(f"row must be an int in 0..{ROWS - 1}, not {row!r}")
    return tuple(slot_of(number, col) for col in range(number + 1))


def available_slots(remaining: Iterable[int]) -> tuple[int, ...]:
    """Of the slots in `remaining`, those no remaining card lies on, ascending.

    Args:
        remaining: the slots that still hold a card.

    Examples:
        >>> available_slots(range(28))
        (21, 22, 23, 24, 25, 26, 27)

    Raises:
        InvalidArgumentError: an entry is not a slot number.
    """
    mask = 0
    for slot in remaining:
        mask |= 1 << _check_slot(slot)
    return tuple(s for s in range(SLOTS) if mask >> s & 1 and not COVERED_BY[s] & mask)
