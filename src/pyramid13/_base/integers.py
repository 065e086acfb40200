"""Integer arguments: a Python int or a NumPy integer, never a bool or a float.

Learning code hands the library NumPy integers (``numpy.int64`` from an action sampler,
``numpy.uint64`` seeds); every public function that takes an int reads them through
`as_int`, which gives a plain ``int`` and refuses what only looks like one: ``True``,
``3.0``, ``numpy.float64(3)``, ``numpy.bool_``.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game
(nor NumPy: any object with ``__index__`` that is not a bool is an integer here).
"""

from __future__ import annotations

import operator

__all__ = ["as_int"]


def as_int(value: object) -> int | None:
    """`value` as a plain ``int`` when it is an integer (Python's or NumPy's), else None.

    Bools (Python's and NumPy's) and floats are not integers here, whatever their value.

    Examples:
        >>> as_int(3), as_int(True), as_int(3.0), as_int("3")
        (3, None, None, None)
    """
    if isinstance(value, int):
        return None if isinstance(value, bool) else int(value)
    if isinstance(value, float) or type(value).__name__ in ("bool", "bool_"):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
