"""A deliberately naive exhaustive search over `GameState`, to check the solver against."""

from __future__ import annotations

from collections import deque

import pyramid13 as p13

__all__ = ["brute_force", "position_key"]


def position_key(state: p13.GameState) -> tuple[object, ...]:
    """The position without history or score (and without the pass when passes are
    unlimited, where it cannot matter)."""
    passes = state.pass_number if state.rules.passes is not None else 0
    return (state.pyramid, state.stock, state.waste_piles, passes)


def brute_force(state: p13.GameState, limit: int = 200_000) -> int | None:
    """The length of a shortest win from `state` by breadth-first search over the
    public API, -1 when there is none, None when more than `limit` positions exist."""
    seen = {position_key(state)}
    queue = deque([(state, 0)])
    while queue:
        current, depth = queue.popleft()
        if current.status is p13.Status.WON:
            return depth
        for move in current.legal_moves():
            child = current.apply(move)
            key = position_key(child)
            if key not in seen:
                seen.add(key)
                if len(seen) > limit:
                    return None
                queue.append((child, depth + 1))
    return -1
