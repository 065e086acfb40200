"""Helpers of every game's integer action space: sorted action numbers and masks.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

__all__ = ["action_mask", "sorted_actions"]

MoveT = TypeVar("MoveT", bound=Hashable)


def sorted_actions(moves: Iterable[MoveT], action_of: Mapping[MoveT, int]) -> tuple[int, ...]:
    """The action numbers of `moves` in ascending order (shared by both games)."""
    return tuple(sorted([action_of[move] for move in moves]))


def action_mask(
    moves: Iterable[MoveT], action_of: Mapping[MoveT, int], count: int
) -> tuple[bool, ...]:
    """One flag per action of a space of `count` actions: True for those of `moves`."""
    mask = [False] * count
    for move in moves:
        mask[action_of[move]] = True
    return tuple(mask)
