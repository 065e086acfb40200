"""The searches: depth-first for any win, A* for a shortest one. No recursion anywhere.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import time

from ._model import Model

__all__ = ["Outcome", "astar", "dfs"]

# (winnable: True / False / None, move codes, nodes)
Outcome = tuple["bool | None", list[int], int]

_CHECK_EVERY = 4096
_NO_LIMIT = 1 << 62


def dfs(model: Model, node_limit: int | None, deadline: float | None) -> Outcome:
    """Depth-first search for any winning line, with an explicit stack.

    The transposition table maps ``state & key_mask`` to the fewest passes it was reached
    with; a state reached again with as many passes or more is skipped (it can do nothing
    the earlier one could not). Every expanded state is stored once, so memory grows with
    the node count and `node_limit` bounds it.
    """
    root = model.root
    won_mask = model.won_mask
    key_mask = model.key_mask
    key_bits = model.key_bits
    children = model.children
    if not root & won_mask:
        return True, [], 1
    seen: dict[int, int] = {root & key_mask: root >> key_bits}
    seen_get = seen.get
    nodes = 1
    limit = node_limit if node_limit is not None else _NO_LIMIT
    check = _CHECK_EVERY
    stack = [children(root)]
    path: list[int] = []
    while stack:
        kids = stack[-1]
        if not kids:
            stack.pop()
            if path:
                path.pop()
            continue
        code, child = kids.pop()
        key = child & key_mask
        passes = child >> key_bits
        old = seen_get(key)
        if old is not None and old <= passes:
            continue
        seen[key] = passes
        nodes += 1
        if not child & won_mask:
            path.append(code)
            return True, path, nodes
        if nodes >= limit:
            return None, [], nodes
        if nodes >= check:
            check += _CHECK_EVERY
            if deadline is not None and time.perf_counter() > deadline:
                return None, [], nodes
        grandchildren = children(child)
        if grandchildren:
            stack.append(grandchildren)
            path.append(code)
    return False, [], nodes


def astar(model: Model, node_limit: int | None, deadline: float | None) -> Outcome:
    """A* for a shortest winning line (each removal, draw and recycle costs one step).

    `Model.heuristic` never overestimates the steps left, so the first won state taken
    from the queue ends a shortest line; a state reached again by a shorter line is
    reopened (the heuristic need not be consistent). Every generated state (pass included)
    is stored once, in a dict whose value packs the parent, the move, the steps from the
    root and a closed flag into one int; `node_limit` bounds the number stored.
    """
    root = model.root
    won_mask = model.won_mask
    children = model.children
    heuristic = model.heuristic
    if not root & won_mask:
        return True, [], 1
    # info[state] = ((parent << 12 | move code) << 16 | steps from the root) << 1 | closed
    info: dict[int, int] = {root: 0}
    info_get = info.get
    f = heuristic(root)
    # Buckets of states by f = g + h, each popped from its end (the newest, deepest first).
    buckets: dict[int, list[int]] = {f: [root]}
    limit = node_limit if node_limit is not None else _NO_LIMIT
    check = _CHECK_EVERY
    expanded = 0
    while True:
        bucket = buckets.get(f)
        if not bucket:
            buckets.pop(f, None)
            if not buckets:
                return False, [], len(info)
            f = min(buckets)
            continue
        state = bucket.pop()
        packed = info[state]
        if packed & 1:
            continue  # already expanded with this many steps or fewer
        info[state] = packed | 1
        if not state & won_mask:
            moves = []
            while state != root:
                packed = info[state] >> 17
                moves.append(packed & 4095)
                state = packed >> 12
            moves.reverse()
            return True, moves, len(info)
        expanded += 1
        if expanded >= check:
            check += _CHECK_EVERY
            if deadline is not None and time.perf_counter() > deadline:
                return None, [], len(info)
        g = (packed >> 1 & 65535) + 1
        parent_bits = state << 29
        for code, child in children(state):
            old = info_get(child)
            if old is not None and (old >> 1 & 65535) <= g:
                continue
            info[child] = parent_bits | code << 17 | g << 1
            fc = g + heuristic(child)
            bucket_c = buckets.get(fc)
            if bucket_c is None:
                buckets[fc] = [child]
            else:
                bucket_c.append(child)
        if len(info) >= limit:
            return None, [], len(info)
