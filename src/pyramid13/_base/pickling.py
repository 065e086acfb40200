"""`pickled_without`: pickling of an ``attrs`` class that leaves its caches behind.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.

Both games' ``Observation`` keep the past that ``determinize`` finds (``_past``) in a
field of their own: a cache, found again when asked, and no part of the value. A mixin
cannot keep it out of pickles: ``attrs`` writes a slotted class's own ``__getstate__`` and
``__setstate__`` unless the class body defines them. The decorator, applied after
``attrs``, puts these in place of those ``attrs`` wrote.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["pickled_without"]

ClassT = TypeVar("ClassT", bound=type)


def pickled_without(*caches: str) -> Callable[[ClassT], ClassT]:
    """A class decorator, for above ``@attrs.frozen`` or ``@attrs.define``: the class's
    pickles (and so `copy.copy` and `copy.deepcopy`) hold every field but `caches`, which
    come back as None.

    Raises:
        attrs.exceptions.NotAnAttrsClassError: the class is no ``attrs`` class (the
            decorator stands below the ``attrs`` one).

    Examples:
        >>> import copy
        >>> @pickled_without("_cache")
        ... @attrs.frozen
        ... class Point:
        ...     x: int
        ...     _cache: object = attrs.field(default=None, init=False, eq=False, repr=False)
        >>> point = Point(1)
        >>> object.__setattr__(point, "_cache", "found")
        >>> twin = copy.deepcopy(point)
        >>> twin, twin._cache
        (Point(x=1), None)
        >>> pickled_without("_cache")(object)
        Traceback (most recent call last):
        ...
        attr.exceptions.NotAnAttrsClassError: <class 'object'> is not an attrs-decorated class.
    """

    def decorate(cls: ClassT) -> ClassT:
        names = tuple(field.name for field in attrs.fields(cls) if field.name not in caches)

        def getstate(self: object) -> dict[str, Any]:
            return {name: getattr(self, name) for name in names}

        def setstate(self: object, state: dict[str, Any]) -> None:
            for name, value in state.items():
                object.__setattr__(self, name, value)
            for name in caches:
                object.__setattr__(self, name, None)

        for name, method in (("__getstate__", getstate), ("__setstate__", setstate)):
            method.__name__ = name
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
        return cls

    return decorate
