"""A check that an object graph holds no reference to a full game state or its deal."""

from __future__ import annotations

import gc
import types

__all__ = ["reachable_objects"]


def reachable_objects(root: object) -> list[object]:
    """Every object reachable from `root` through references (classes, modules and
    functions excluded: they lead to the whole program, not to a position)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(
            item, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
        ):
            continue
        seen[id(item)] = item
        stack.extend(gc.get_referents(item))
    return list(seen.values())
