"""The framing of every game's position codes: the fields of one line of text, and the
rules a code names.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
A position code is fields separated by whitespace, the last of which (the rules) may be
left out; each game reads its own fields. What every game's reader does first, the same
way, is here: refuse what is not text or is too long, count the fields, and settle the
rules between the code's own field and the rules the caller gives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .errors import InvalidPositionError, InvalidRulesError
from .text import describe

__all__ = ["check_code_length", "code_fields", "code_rules", "rule_items"]

RulesT = TypeVar("RulesT")


def code_fields(text: object, names: tuple[str, ...], limit: int, game: str = "") -> list[str]:
    """The fields of position code `text`: as many as `names`, or one fewer (the rules,
    last, left out).

    Args:
        text: the code.
        names: the fields' names, for the message of a code with too few or too many.
        limit: the longest code read, in characters.
        game: how messages name the game's codes (``""`` for Pyramid, ``"Spider "``).

    Raises:
        InvalidPositionError: `text` is not text, is longer than `limit`, or has another
            number of fields.

    Examples:
        >>> code_fields("a b c", ("one", "two", "three", "rules"), 100)
        ['a', 'b', 'c']
        >>> code_fields("a b", ("one", "two", "three", "rules"), 100)
        Traceback (most recent call last):
        ...
        pyramid13.InvalidPositionError: a position code has 4 fields separated by spaces ...
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"a position code must be text, not {type(text).__name__}")
    if len(text) > limit:
        raise InvalidPositionError(
            f"a {game}position code is at most {limit} characters, this one has {len(text)}"
        )
    fields = text.split()
    if len(fields) not in (len(names) - 1, len(names)):
        raise InvalidPositionError(
            f"a {game}position code has {len(names)} fields separated by spaces "
            f"({', '.join(names)}; the rules may be left out), this one has {len(fields)}"
        )
    return fields


def rule_items(text: object, default: str, example: str) -> tuple[str, list[tuple[str, str]]]:
    """The preset and the settings of rules written as compact text: ``preset``,
    ``preset,key=value,...`` or ``key=value,...`` (changes to the `default` preset).

    The preset comes lowercased, each key lowercased with ``-`` read as ``_``, each value
    stripped; the game reads the values.

    Raises:
        InvalidRulesError: `text` is not text, an item after the preset is not
            ``key=value`` (`example` shows one), or a key is given twice.

    Examples:
        >>> rule_items("Microsoft,Passes=2", "classic", "passes=3")
        ('microsoft', [('passes', '2')])
    """
    if not isinstance(text, str):
        raise InvalidRulesError(f"rules must be given as text, not {type(text).__name__}")
    items = [item.strip() for item in text.split(",")]
    base = default
    if items and "=" not in items[0]:
        base = items.pop(0).lower()
    pairs: list[tuple[str, str]] = []
    for item in items:
        key, equals, value = item.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not equals:
            raise InvalidRulesError(
                f"{describe(item)}: expected a setting like {example} after the preset name"
            )
        if any(key == seen for seen, _ in pairs):
            raise InvalidRulesError(f"rule setting {describe(key)} given twice")
        pairs.append((key, value.strip()))
    return base, pairs


def code_rules(
    fields: list[str],
    count: int,
    rules: RulesT | None,
    parse: Callable[[str, Mapping[str, Any] | None], RulesT],
    write: Callable[[RulesT], str],
    default: Callable[[], RulesT],
) -> RulesT:
    """The rules of a code split into `fields` (of `count` when the rules are given).

    The code's rules field when it has one (read by `parse`, with the given rules' scoring
    policy known by name), which must then equal `rules` if those are given too; else
    `rules`; else `default()`. `rules` is already a rule set (or None).

    Raises:
        InvalidPositionError: the rules field does not read, or differs from `rules`.
    """
    if len(fields) < count:
        return default() if rules is None else rules
    policies = None if rules is None else {rules.scoring.name: rules.scoring}  # type: ignore[attr-defined]
    try:
        code = parse(fields[count - 1], policies)
    except InvalidRulesError as error:
        raise InvalidPositionError(f"rules field: {error}") from None
    if rules is not None and code != rules:
        raise InvalidPositionError(
            f"the code's rules ({fields[count - 1]}) differ from the rules given ({write(rules)})"
        )
    return code


def check_code_length(code: str, limit: int, score: int) -> str:
    """`code` itself when ``GameState.from_string`` reads one that long (at most `limit`
    characters); only a score of very many digits makes one longer.

    Raises:
        InvalidPositionError: it is longer.
    """
    if len(code) > limit:
        raise InvalidPositionError(
            f"the position code would be {len(code)} characters long, more than the "
            f"{limit} that GameState.from_string reads (the score has "
            f"{len(str(abs(score)))} digits)"
        )
    return code
