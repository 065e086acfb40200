"""The searches: depth-first for any win, A* for a shortest one. No recursion anywhere."""

from __future__ import annotations

import time

from ._model import Model

__all__ = ["Outcome", "astar", "dfs"]

# (winnable: True / False / None, move codes, nodes)
Outcome = tuple["bool | None", list[int], int]

_CHECK_EVERY = 4096


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
    limit = node_limit if node_limit is not None else -1
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
        if nodes == limit:
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

    The heuristic (`Model.heuristic`) counts removals still needed; it never overestimates
    and drops by at most one per step, so the first time a won state is taken from the
    queue its line is a shortest one. States (pass included) are keyed in one dict holding
    each state's parent, which again grows with the node count.
    """
    root = model.root
    won_mask = model.won_mask
    children = model.children
    heuristic = model.heuristic
    if not root & won_mask:
        return True, [], 1
    # parent[state] = (previous state, move code, steps from the root)
    parent: dict[int, tuple[int, int, int]] = {root: (-1, -1, 0)}
    # Buckets of states by f = g + h; within a bucket the deepest states first.
    buckets: dict[int, list[int]] = {heuristic(root): [root]}
    f = heuristic(root)
    nodes = 0
    limit = node_limit if node_limit is not None else -1
    check = _CHECK_EVERY
    closed: set[int] = set()
    while buckets:
        bucket = buckets.get(f)
        if not bucket:
            buckets.pop(f, None)
            if not buckets:
                break
            f = min(buckets)
            continue
        state = bucket.pop()
        if state in closed:
            continue
        closed.add(state)
        g = parent[state][2]
        if not state & won_mask:
            moves = []
            while state != root:
                state, code, _ = parent[state]
                moves.append(code)
            moves.reverse()
            return True, moves, nodes
        nodes += 1
        if nodes == limit:
            return None, [], nodes
        if nodes >= check:
            check += _CHECK_EVERY
            if deadline is not None and time.perf_counter() > deadline:
                return None, [], nodes
        g += 1
        for code, child in children(state):
            old = parent.get(child)
            if old is not None and old[2] <= g:
                continue
            parent[child] = (state, code, g)
            fc = g + heuristic(child)
            bucket_c = buckets.get(fc)
            if bucket_c is None:
                buckets[fc] = [child]
            else:
                bucket_c.append(child)
    return False, [], nodes
