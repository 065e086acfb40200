"""The checks of the fields of public values built by hand (a `CardLocation`, a Spider
`Pile`, an `Observation`): each refuses a wrong type with an `InvalidArgumentError` that
names the value and the field, as `Layout` refuses a wrong card.

The library builds the values it hands out without these checks (its fields are right by
construction, and some are built at every move); what a caller builds goes through them.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

from typing import Any, NoReturn

from .cards import Card
from .errors import InvalidArgumentError
from .text import describe

__all__ = [
    "NUMBER_DIGITS",
    "check_card_tuple",
    "check_count",
    "check_score",
    "check_type",
    "refuse",
]


def refuse(owner: str, name: str, what: str, value: object) -> NoReturn:
    """Raise the error of field `name` of `owner` ("a Pile"), which must be `what`."""
    raise InvalidArgumentError(f"{owner}'s {name} must be {what}, not {describe(value)}")


def check_type(owner: str, name: str, value: object, kind: type | tuple[type, ...]) -> None:
    """Refuse `value` unless it is a `kind` (by `isinstance`)."""
    if not isinstance(value, kind):
        names = kind if isinstance(kind, tuple) else (kind,)
        refuse(owner, name, " or ".join(_article(k.__name__) for k in names), value)


#: Scores and pass numbers have fewer digits than this (as a position code holds them).
NUMBER_DIGITS = 2000
_TOO_LARGE = 10**NUMBER_DIGITS


def check_count(
    owner: str, name: str, value: object, low: int = 0, high: int | None = None
) -> None:
    """Refuse `value` unless it is an int (not a bool) in ``low..high`` (of fewer than
    `NUMBER_DIGITS` digits where `high` is None)."""
    if type(value) is not int or value < low or value >= (_TOO_LARGE if high is None else high + 1):
        what = (
            f"an int >= {low} of fewer than {NUMBER_DIGITS:,} digits"
            if high is None
            else (f"an int in {low}..{high}")
        )
        refuse(owner, name, what, value)


def check_score(owner: str, value: object) -> None:
    """Refuse a score unless it is an int (not a bool) of fewer than `NUMBER_DIGITS`
    digits."""
    if type(value) is not int or not -_TOO_LARGE < value < _TOO_LARGE:
        refuse(owner, "score", f"an int of fewer than {NUMBER_DIGITS:,} digits", value)


def check_card_tuple(
    owner: str, name: str, value: object, *, none: bool = False, size: int | None = None
) -> None:
    """Refuse `value` unless it is a tuple of `Card` (or None, where `none`), of `size`
    items where given."""
    what = f"a tuple of {'' if size is None else f'{size} '}Card{' or None' if none else ''}"
    if not isinstance(value, tuple) or (size is not None and len(value) != size):
        refuse(owner, name, what, value)
    items: Any = value
    for item in items:
        if not (isinstance(item, Card) or (none and item is None)):
            refuse(owner, name, what, value)


def _article(name: str) -> str:
    return "None" if name == "NoneType" else f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"
