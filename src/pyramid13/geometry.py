"""The pyramid's geometry for bot authors: ``pyramid13.pyramid.geometry`` under its
top-level name.

Layer: the façade (the top-level names, which present Pyramid as the package's first
game). Slots, rows and columns, and what covers what: see ``pyramid13.pyramid.geometry``.

Examples:
    >>> from pyramid13 import geometry
    >>> geometry.slot_position(27), geometry.covering_slots(0)
    ((6, 6), (1, 2))
"""

from __future__ import annotations

from .pyramid.geometry import (
    ROW_COUNT,
    SLOT_COUNT,
    available_slots,
    covered_slots,
    covering_slots,
    row_slots,
    slot_at,
    slot_position,
)

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
