"""Spider position codes: one line of text for a position without its history.

Five fields separated by whitespace::

    9D5C2H4S|KD/...8 more piles.../7S3H|6H5H 3S8D...QH SH 0 pysolfc,suits=2

1. the ten piles, separated by ``/``, each written ``face-down|face-up``: the face-down
   cards bottom to top, ``|``, then the face-up cards bottom to top (the last one is the
   top card); ``-`` for an empty pile;
2. the stock in the order of `GameState.stock` (bottom to top: the last card is dealt
   first, onto pile 1), or ``-`` when empty;
3. the suits of the runs removed, in removal order (``SSH``), or ``-`` for none;
4. the score;
5. the rules (may be left out): a preset name, then ``suits=N`` when not 4 and any other
   settings that differ from the preset, like ``relaxed,suits=2,face_down=false``; or
   just settings, which then change the bicycle preset.

Cards are written as in a layout code (``TH``, ``4C``), without spaces, in either case.

**What the reader checks.** Besides the syntax, it refuses a position no game can reach,
with a message saying what and where:

* the cards do not make up the rules' deck: every card of the suits in play appears
  ``8 / suits`` times between the piles, the stock and the removed runs (13 cards each),
  and no card of another suit appears;
* a face-down card above a face-up one (a second ``|`` in a pile), or face-down cards with
  no face-up card on top of them (the top card turns over as soon as it is uncovered);
* more face-down cards in a pile than the rules' deal shape gives it, or any face-down card
  under rules that deal every card face up;
* a stock whose size is not what some number of deals leaves (for a bicycle deal: 54, 44,
  34, 24, 14, 4 or 0 cards);
* more than 8 runs removed, or a run removed of a suit not in play;
* a complete King-to-Ace run of one suit among the face-up cards under rules that lift
  runs off automatically (it would have left the table);
* a score other than 0 under rules without scoring.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor; the framing
every game's codes share (fields, the rules field) is the floor's `pyramid13._base.position`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .._base.cards import Card, Rank, Suit
from .._base.errors import InvalidCardError, InvalidPositionError, InvalidRulesError
from .._base.position import code_fields, code_rules, rule_items
from ._moves import PILES
from ._rules import RuleSet, as_rules
from ._scoring import NoScoring, ScoringPolicy

__all__ = ["MAX_CODE_LENGTH", "format_position", "format_rules", "parse_position", "parse_rules"]

#: The longest Spider position code read (a real one is under 400 characters).
MAX_CODE_LENGTH = 1000

_FIELDS = ("piles", "stock", "runs removed", "score", "rules")
_SCORE = re.compile(r"-?[0-9]{1,9}")
_RUN = 13
_MAX_RUNS = 8
_KING_TO_ACE = tuple(reversed(Rank))

# -- rules ----------------------------------------------------------------------------------


def _format_value(key: str, value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if key == "suit_set":
        return "".join(value)  # type: ignore[arg-type]
    return str(value)


def format_rules(rules: RuleSet) -> str:
    """Spider rules as compact text: a preset name, ``suits=N`` when not 4, then the
    settings that differ from that preset; `parse_rules` reads it back.

    Examples:
        >>> format_rules(RuleSet.preset("microsoft", suits=2))
        'microsoft,suits=2'
        >>> format_rules(RuleSet(face_down=False))
        'bicycle,face_down=false'
    """
    settings = rules.to_dict()
    best: list[str] | None = None
    best_name = ""
    for preset in RuleSet.preset_names():
        base = RuleSet.preset(preset, suits=rules.suits).to_dict()
        changes = [
            f"{key}={_format_value(key, value)}"
            for key, value in settings.items()
            if key != "suits" and base[key] != value
        ]
        if best is None or len(changes) < len(best):
            best, best_name = changes, preset
    assert best is not None
    suits = [] if rules.suits == 4 else [f"suits={rules.suits}"]
    return ",".join([best_name, *suits, *best])


def _parse_setting(key: str, text: str, default: object) -> Any:
    word = text.lower()
    if isinstance(default, bool):
        if word in ("true", "false"):
            return word == "true"
        raise InvalidRulesError(f"{key} must be true or false, not {text!r}")
    if key == "suits":
        if word not in ("1", "2", "4"):
            raise InvalidRulesError(f"suits must be 1, 2 or 4, not {text!r}")
        return int(word)
    if key == "suit_set":
        return list(text.upper())
    return word if key == "shape" else text


def parse_rules(text: str, policies: Mapping[str, ScoringPolicy] | None = None) -> RuleSet:
    """Read Spider rules written by `format_rules`: ``preset``, ``preset,key=value,...`` or
    ``key=value,...`` (changes to the bicycle preset); names and words in any case.

    Examples:
        >>> parse_rules("relaxed,suits=1") == RuleSet.preset("relaxed", suits=1)
        True

    Raises:
        InvalidRulesError: an unknown preset or setting, or a bad value.
    """
    base, pairs = rule_items(text, "bicycle", "suits=2")
    suits = 4
    for key, value in pairs:
        if key == "suits":
            suits = _parse_setting(key, value, 4)
    settings = RuleSet.preset(base, suits=suits).to_dict()
    for key, value in pairs:
        if key not in settings:
            raise InvalidRulesError(
                f"unknown rule setting {key!r}; settings: {', '.join(settings)}"
            )
        settings[key] = _parse_setting(key, value, settings[key])
    return RuleSet.from_dict(settings, policies=policies)


# -- positions ------------------------------------------------------------------------------


def _cards_text(cards: Sequence[Card]) -> str:
    return "".join(map(str, cards))


def format_position(state: Any) -> str:
    """The position code of a Spider `state` (see the module docstring)."""
    piles = []
    for pile in state.piles:
        if not len(pile):
            piles.append("-")
        else:
            piles.append(f"{_cards_text(pile.face_down)}|{_cards_text(pile.face_up)}")
    removed = "".join(suit.value for suit in state.runs_removed) or "-"
    return " ".join(
        [
            "/".join(piles),
            _cards_text(state.stock) or "-",
            removed,
            str(state.score),
            format_rules(state.rules),
        ]
    )


def _cards(text: str, where: str) -> list[Card]:
    if len(text) % 2:
        raise InvalidPositionError(
            f"{where}: {text!r} is not a sequence of two-character cards like 'TH4C'"
        )
    cards = []
    for number, start in enumerate(range(0, len(text), 2), 1):
        try:
            cards.append(Card.parse(text[start : start + 2]))
        except InvalidCardError as error:
            raise InvalidPositionError(f"{where}, card {number}: {error}") from None
    return cards


def _pile(text: str, number: int, rules: RuleSet) -> tuple[list[Card], list[Card]]:
    where = f"pile {number}"
    if text == "-":
        return [], []
    parts = text.split("|")
    if len(parts) == 1:
        raise InvalidPositionError(
            f"{where}: {text!r} has no '|'; write a pile as its face-down cards, '|', then "
            "its face-up cards (or '-' for an empty pile)"
        )
    if len(parts) > 2:
        raise InvalidPositionError(
            f"{where}: {text!r} has face-down cards above face-up ones (a second '|'); a "
            "face-down card never lies on a face-up card"
        )
    down = _cards(parts[0], f"{where}, face-down")
    up = _cards(parts[1], f"{where}, face-up")
    if down and not up:
        raise InvalidPositionError(
            f"{where}: face-down cards with no face-up card on top; the top card of a pile "
            "turns face up as soon as it is uncovered"
        )
    if not down and not up:
        raise InvalidPositionError(f"{where}: write an empty pile as '-', not {text!r}")
    limit = rules.shape.pile_sizes[number - 1] - 1 if rules.face_down else 0
    if len(down) > limit:
        what = (
            f"the {rules.shape.value} deal gives it {limit}"
            if rules.face_down
            else "these rules deal every card face up"
        )
        raise InvalidPositionError(
            f"{where} has {len(down)} face-down card(s); {what}, and face-down cards never move"
        )
    if rules.auto_remove_runs:
        for start in range(len(up) - _RUN + 1):
            window = up[start : start + _RUN]
            suit = window[0].suit
            if all(
                card.suit is suit and card.rank is rank
                for card, rank in zip(window, _KING_TO_ACE, strict=True)
            ):
                raise InvalidPositionError(
                    f"{where} holds a complete King-to-Ace run of {suit.name.lower()} face "
                    "up; under these rules it would have been lifted off"
                )
    return down, up


def _stock_sizes(rules: RuleSet) -> list[int]:
    sizes = rules.shape.deal_sizes
    return [sum(sizes[len(sizes) - left :]) for left in range(len(sizes), -1, -1)]


def _check_deck(
    piles: Sequence[tuple[list[Card], list[Card]]],
    stock: Sequence[Card],
    removed: Sequence[Suit],
    rules: RuleSet,
) -> None:
    on_table = sum(len(down) + len(up) for down, up in piles)
    total = on_table + len(stock) + _RUN * len(removed)
    if total != 104:
        raise InvalidPositionError(
            f"the code accounts for {total} cards (piles {on_table}, stock {len(stock)}, "
            f"runs removed {len(removed)} x 13); a Spider deck has 104"
        )
    counts: Counter[Card] = Counter()
    for down, up in piles:
        counts.update(down)
        counts.update(up)
    counts.update(stock)
    for suit in removed:
        counts.update(Card(rank, suit) for rank in Rank)
    copies = 8 // rules.suits
    in_play = "".join(suit.value for suit in rules.suit_set)
    for card, count in sorted(counts.items(), key=lambda item: item[0].index):
        if card.suit not in rules.suit_set:
            raise InvalidPositionError(
                f"{card} is not in play: these rules play {rules.suits} suit(s), {in_play}"
            )
        if count != copies:
            raise InvalidPositionError(
                f"{card} appears {count} time(s) between the piles, the stock and the runs "
                f"removed; with {rules.suits} suit(s) ({in_play}) the deck holds {copies} "
                "of each card"
            )


def parse_position(text: str, rules: RuleSet | str | None = None) -> Any:
    """Read a Spider position code into a state without history; see
    `GameState.from_string`."""
    fields = code_fields(text, _FIELDS, MAX_CODE_LENGTH, "Spider ")
    given = None if rules is None else as_rules(rules)
    rules = code_rules(fields, len(_FIELDS), given, parse_rules, format_rules, RuleSet)
    pile_texts = fields[0].split("/")
    if len(pile_texts) != PILES:
        raise InvalidPositionError(
            f"a Spider position has {PILES} piles separated by '/', this code has {len(pile_texts)}"
        )
    piles = [_pile(pile, number, rules) for number, pile in enumerate(pile_texts, 1)]
    stock = [] if fields[1] == "-" else _cards(fields[1], "the stock")
    sizes = _stock_sizes(rules)
    if len(stock) not in sizes:
        raise InvalidPositionError(
            f"the stock holds {len(stock)} cards; the {rules.shape.value} deal leaves "
            f"{', '.join(map(str, sizes))} cards in the stock"
        )
    removed: list[Suit] = []
    if fields[2] != "-":
        for number, letter in enumerate(fields[2], 1):
            try:
                suit = Suit(letter.upper())
            except ValueError:
                raise InvalidPositionError(
                    f"runs removed, suit {number}: {letter!r} is not a suit (C, D, H or S)"
                ) from None
            if suit not in rules.suit_set:
                raise InvalidPositionError(
                    f"runs removed, suit {number}: no {suit.name.lower()} are in play under "
                    f"these rules ({''.join(s.value for s in rules.suit_set)})"
                )
            removed.append(suit)
        if len(removed) > _MAX_RUNS:
            raise InvalidPositionError(f"{len(removed)} runs removed; a game ends with {_MAX_RUNS}")
    if not _SCORE.fullmatch(fields[3]):
        raise InvalidPositionError(f"the score must be a whole number, not {fields[3]!r}")
    score = int(fields[3])
    if isinstance(rules.scoring, NoScoring) and score:
        raise InvalidPositionError(f"the score must be 0 under rules without scoring, not {score}")
    _check_deck(piles, stock, removed, rules)
    from ._state import from_position

    return from_position(rules, piles, stock, tuple(removed), score)
