"""Argument checks of the Spider package: a value of the wrong type is refused with an
`InvalidArgumentError` whose message names the game of what was given, so that a Pyramid
state handed to a Spider function (or the other way round) says so, rather than
"must be a GameState, not GameState"."""

from __future__ import annotations

from typing import TypeVar

from .._errors import InvalidArgumentError

__all__ = ["check_type", "kind_of"]

_T = TypeVar("_T")
# Modules whose values both games share (cards, errors): no game to name.
_SHARED = frozenset({"pyramid13._cards", "pyramid13._errors"})


def kind_of(value: object) -> str:
    """What `value` is, for an error message: ``a Spider GameState``, ``a Pyramid
    GameState`` for the library's own values, else its type's name (``NoneType``).

    Examples:
        >>> kind_of(None), kind_of("AS 2S")
        ('NoneType', 'str')
    """
    kind = type(value)
    module = getattr(kind, "__module__", "") or ""
    if module == "pyramid13.spider" or module.startswith("pyramid13.spider."):
        return f"a Spider {kind.__name__}"
    if module in _SHARED:
        return kind.__name__
    if module == "pyramid13" or module.startswith("pyramid13."):
        return f"a Pyramid {kind.__name__}"
    return kind.__name__


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
