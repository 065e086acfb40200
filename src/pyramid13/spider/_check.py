"""Argument checks of the Spider package: a value of the wrong type is refused with an
`InvalidArgumentError` whose message names the game of what was given, so that a Pyramid
state handed to a Spider function (or the other way round) says so, rather than
"must be a GameState, not GameState".

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from typing import TypeVar

from .._base.errors import InvalidArgumentError
from .._base.games import kind_of

__all__ = ["check_type"]

_T = TypeVar("_T")


def check_type(value: object, kind: type[_T], name: str, what: str | None = None) -> _T:
    """`value` itself when it is a `kind`.

    Args:
        value: the argument.
        kind: the class it must be an instance of.
        name: the argument's name, for the message.
        what: how to name what is expected (``"Spider GameState"`` by default).

    Raises:
        InvalidArgumentError: it is not; the message names what it is instead.
    """
    if not isinstance(value, kind):
        expected = what or f"Spider {kind.__name__}"
        raise InvalidArgumentError(f"{name} must be a {expected}, not {kind_of(value)}")
    return value
