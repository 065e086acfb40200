"""Pyramid position codes: one line of text for a position without its history (like
chess FEN).

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor; the framing
every game's codes share (fields, the rules field) is the floor's `pyramid13._base.position`.

Six fields separated by whitespace::

    6D/5HAH/JD4SKS/6S8C2H4D/9SKD6CAD8S/AC5C9D7H3H8D/5S4CQCJHKCKH3C JCQS...3S - 1 0 microsoft

1. the pyramid: seven rows from the apex, separated by ``/``; each slot is a card or
   ``..`` once removed;
2. the stock, bottom to top (the last card is drawn next), or ``-`` when empty;
3. the waste piles, separated by ``/``, each bottom to top, ``-`` for an empty pile;
4. the pass number (1 on the first pass through the stock);
5. the score;
6. the rules (may be left out): a preset name, optionally followed by the settings that
   differ from it, like ``microsoft,passes=2``; or just settings, which then change the
   classic preset.

Cards are written as in a layout code (``TH``, ``4C``) and read case-insensitively.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, unquote

from .._base.cards import Card
from .._base.errors import InvalidCardError, InvalidPositionError, InvalidRulesError
from .._base.position import check_code_length, code_fields, code_rules, rule_items
from .._base.text import describe
from ._geometry import COVERED_BY, ROWS, position_of, slot_of
from ._layout import STOCK_SIZE
from ._reachable import check_reachable
from ._rules import RuleSet, as_rules
from ._scoring import ScoringPolicy
from ._state import GameState

__all__ = [
    "MAX_CODE_LENGTH",
    "format_position",
    "format_pyramid",
    "format_rules",
    "parse_position",
    "parse_rules",
]

#: The longest position code read (a real one is under 300 characters).
MAX_CODE_LENGTH = 2000

_FIELDS = ("pyramid", "stock", "waste", "pass number", "score", "rules")
_NUMBER = re.compile(r"[0-9]+")
_SCORE = re.compile(r"-?[0-9]+")
#: Numbers this large cannot fit in a code (and Python will not even write them as text).
_TOO_LARGE = 10**MAX_CODE_LENGTH


# -- rules ----------------------------------------------------------------------------------


def _format_value(value: object) -> str:
    if value is None:
        return "unlimited"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        # A policy name: percent-encoded (UTF-8), so spaces, commas and '=' cannot split it.
        return quote(value, safe="")
    return str(value)


def format_rules(rules: RuleSet) -> str:
    """Rules as compact text: a preset name, then the settings that differ from it.

    The preset needing the fewest changed settings is chosen (the first such preset in
    `RuleSet.preset_names` order); `parse_rules` reads the text back.
    """
    name = rules.preset_name
    if name is not None:
        return name
    settings = rules.to_dict()
    best: list[str] | None = None
    best_name = ""
    for preset in RuleSet.preset_names():
        base = RuleSet.preset(preset).to_dict()
        changes = [
            f"{key}={_format_value(value)}" for key, value in settings.items() if base[key] != value
        ]
        if best is None or len(changes) < len(best):
            best, best_name = changes, preset
    assert best is not None
    return ",".join([best_name, *best])


def _parse_setting(key: str, text: str, defaults: Mapping[str, Any]) -> Any:
    word = text.lower()
    default = defaults[key]
    if key == "passes":
        if word == "unlimited":
            return None
    elif isinstance(default, bool):
        if word in ("true", "false"):
            return word == "true"
        raise InvalidRulesError(f"{key} must be true or false, not {describe(text)}")
    elif isinstance(default, str):
        if key == "goal":
            return word
        try:
            return unquote(text, errors="strict")
        except UnicodeDecodeError:
            raise InvalidRulesError(
                f"{key}: {text!r} is not a percent-encoded UTF-8 name"
            ) from None
    if not _NUMBER.fullmatch(word):
        hint = " or unlimited" if key == "passes" else ""
        raise InvalidRulesError(f"{key} must be a whole number{hint}, not {describe(text)}")
    return int(word)


def parse_rules(text: str, policies: Mapping[str, ScoringPolicy] | None = None) -> RuleSet:
    """Read rules written by `format_rules`: ``preset``, ``preset,key=value,...`` or
    ``key=value,...`` (changes to the classic preset); names and words in any case.

    Keys are those of `RuleSet.to_dict`; values are numbers, ``unlimited`` (passes),
    ``true``/``false``, a goal (``pyramid``, ``all-cards``) or a scoring policy name,
    percent-encoded as UTF-8 (``my%20policy``) so that no space or comma splits it.

    Raises:
        InvalidRulesError: an unknown preset or setting, or a bad value.
    """
    base, pairs = rule_items(text, "classic", "passes=3")
    settings = RuleSet.preset(base).to_dict()
    defaults = dict(settings)
    for key, value in pairs:
        if key not in settings:
            raise InvalidRulesError(
                f"unknown rule setting {describe(key)}; settings: {', '.join(settings)}"
            )
        settings[key] = _parse_setting(key, value, defaults)
    return RuleSet.from_dict(settings, policies=policies)


# -- positions ------------------------------------------------------------------------------


def format_pyramid(pyramid: tuple[Card | None, ...]) -> str:
    """The pyramid field of position and view codes: the rows from the apex, ``/`` between
    them, ``..`` for an empty slot."""
    rows = []
    for row in range(ROWS):
        first = slot_of(row, 0)
        rows.append(
            "".join(str(card) if card else ".." for card in pyramid[first : first + row + 1])
        )
    return "/".join(rows)


def format_position(state: GameState) -> str:
    """The position code of `state` (see the module docstring).

    Raises:
        InvalidPositionError: the code would be longer than `MAX_CODE_LENGTH` (only a
            score of hundreds of digits, from a scoring policy of your own, does that).
    """
    pyramid = format_pyramid(state.pyramid)
    stock = "".join(map(str, state.stock)) or "-"
    waste = "/".join("".join(map(str, pile)) or "-" for pile in state.waste_piles)
    for name, number in (("pass number", state.pass_number), ("score", state.score)):
        if not -_TOO_LARGE < number < _TOO_LARGE:
            raise InvalidPositionError(
                f"the {name} has more than {MAX_CODE_LENGTH} digits: no position code holds it"
            )
    code = " ".join(
        [
            pyramid,
            stock,
            waste,
            str(state.pass_number),
            str(state.score),
            format_rules(state.rules),
        ]
    )
    return check_code_length(code, MAX_CODE_LENGTH, state.score)


class _Reader:
    """Reads cards from the fields of one code, remembering where each card was seen."""

    def __init__(self) -> None:
        self.seen: dict[Card, str] = {}

    def cards(self, text: str, where: str) -> list[Card]:
        if len(text) % 2:
            raise InvalidPositionError(
                f"{where}: {describe(text)} is not a sequence of two-character cards like 'TH4C'"
            )
        cards = []
        for number, start in enumerate(range(0, len(text), 2), 1):
            token = text[start : start + 2]
            if token == "..":
                raise InvalidPositionError(
                    f"{where}, card {number}: '..' marks a removed pyramid card only"
                )
            try:
                card = Card.parse(token)
            except InvalidCardError as error:
                raise InvalidPositionError(f"{where}, card {number}: {error}") from None
            self.note(card, f"{where}, card {number}")
            cards.append(card)
        return cards

    def note(self, card: Card, where: str) -> None:
        first = self.seen.get(card)
        if first is not None:
            raise InvalidPositionError(f"{card} appears twice: in {first} and in {where}")
        self.seen[card] = where


def _pile(reader: _Reader, text: str, where: str) -> list[Card]:
    return [] if text == "-" else reader.cards(text, where)


def _pyramid(reader: _Reader, text: str) -> list[Card | None]:
    rows = text.split("/")
    if len(rows) != ROWS:
        raise InvalidPositionError(
            f"the pyramid has {ROWS} rows separated by '/', this one has {len(rows)}"
        )
    slots: list[Card | None] = []
    for row, row_text in enumerate(rows):
        where = f"pyramid row {row + 1}"
        if len(row_text) != 2 * (row + 1):
            raise InvalidPositionError(
                f"{where} must have {row + 1} slot(s) of two characters (a card or '..'), "
                f"not {describe(row_text)}"
            )
        for col in range(row + 1):
            token = row_text[2 * col : 2 * col + 2]
            if token == "..":
                slots.append(None)
                continue
            try:
                card = Card.parse(token)
            except InvalidCardError as error:
                raise InvalidPositionError(f"{where}, slot {col + 1}: {error}") from None
            reader.note(card, f"{where}, slot {col + 1}")
            slots.append(card)
    for slot, held in enumerate(slots):
        if held is not None:
            continue
        for upper in range(len(slots)):
            if COVERED_BY[slot] >> upper & 1 and slots[upper] is not None:
                row, col = position_of(slot)
                upper_row, upper_col = position_of(upper)
                raise InvalidPositionError(
                    f"pyramid row {row + 1}, slot {col + 1} is empty while "
                    f"{slots[upper]} (row {upper_row + 1}, slot {upper_col + 1}) still covers "
                    f"it: a card is only removed once nothing lies on it"
                )
    return slots


def parse_position(text: str, rules: RuleSet | str | None = None) -> GameState:
    """Read a position code into a state without history; see `GameState.from_string`."""
    fields = code_fields(text, _FIELDS, MAX_CODE_LENGTH)
    given = None if rules is None else as_rules(rules)
    rules = code_rules(fields, len(_FIELDS), given, parse_rules, format_rules, RuleSet)
    reader = _Reader()
    pyramid = _pyramid(reader, fields[0])
    stock = _pile(reader, fields[1], "the stock")
    piles_text = fields[2].split("/")
    if len(piles_text) != rules.waste_piles:
        raise InvalidPositionError(
            f"the rules have {rules.waste_piles} waste pile(s), the code lists {len(piles_text)}"
        )
    piles = [
        _pile(reader, pile, "the waste" if len(piles_text) == 1 else f"waste pile {number}")
        for number, pile in enumerate(piles_text, 1)
    ]
    talon = len(stock) + sum(map(len, piles))
    if talon > STOCK_SIZE:
        raise InvalidPositionError(
            f"the stock and waste hold {talon} cards; a deal leaves only {STOCK_SIZE} "
            "outside the pyramid"
        )
    if not _NUMBER.fullmatch(fields[3]) or int(fields[3]) < 1:
        raise InvalidPositionError(
            f"the pass number must be a whole number >= 1, not {describe(fields[3])}"
        )
    pass_number = int(fields[3])
    if rules.passes is not None and pass_number > rules.passes:
        raise InvalidPositionError(
            f"pass {pass_number} is beyond the rules' {rules.passes} pass(es) through the stock"
        )
    if not _SCORE.fullmatch(fields[4]):
        raise InvalidPositionError(f"the score must be a whole number, not {describe(fields[4])}")
    score = int(fields[4])
    check_reachable(rules, pyramid, stock, piles, pass_number, score)
    return GameState._from_position(rules, pyramid, stock, piles, pass_number, score)
