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

Cards are written as in a layout code (``TH``, ``4C``), without spaces, in either case; a
scoring policy's name is percent-encoded (``my%20policy``), so that no space or comma
splits it.

**What the reader checks.** Besides the syntax, it refuses a position that breaks one of
these facts, true of every position a game reaches, with a message saying what and where:

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
* more face-up cards in a pile that are not one rank below the card under them than
  deals have been made (see `check_reachable`);
* a score other than 0 under rules without scoring, or under Microsoft scoring a score
  above ``500 + 100 * runs removed - deals made - unit moves the table needs``.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor; the framing
every game's codes share (fields, the rules field) is the floor's `pyramid13._base.position`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote, unquote

from .._base.cards import Card, Rank, Suit
from .._base.errors import InvalidCardError, InvalidPositionError, InvalidRulesError
from .._base.position import check_code_length, code_fields, code_rules, rule_items
from .._base.text import describe
from ._moves import PILES
from ._rules import RuleSet, as_rules
from ._scoring import MicrosoftScoring, NoScoring, ScoringPolicy

__all__ = ["MAX_CODE_LENGTH", "format_position", "format_rules", "parse_position", "parse_rules"]

#: The longest Spider position code read (a real one is under 400 characters; a scoring
#: policy's name, percent-encoded, can take up to 768 more).
MAX_CODE_LENGTH = 2000

_FIELDS = ("piles", "stock", "runs removed", "score", "rules")
_SCORE = re.compile(r"-?[0-9]+")
#: Numbers this large cannot fit in a code (and Python will not even write them as text).
_TOO_LARGE = 10**MAX_CODE_LENGTH
_RUN = 13
_MAX_RUNS = 8
_KING_TO_ACE = tuple(reversed(Rank))

# -- rules ----------------------------------------------------------------------------------


def _format_value(key: str, value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if key == "suit_set":
        return "".join(value)  # type: ignore[arg-type]
    if key == "scoring":
        # A policy name: percent-encoded (UTF-8), so spaces, commas and '=' cannot split it.
        return quote(str(value), safe="")
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
        raise InvalidRulesError(f"{key} must be true or false, not {describe(text)}")
    if key == "suits":
        if word not in ("1", "2", "4"):
            raise InvalidRulesError(f"suits must be 1, 2 or 4, not {describe(text)}")
        return int(word)
    if key == "suit_set":
        return list(text.upper())
    if key == "scoring":
        try:
            return unquote(text, errors="strict")
        except UnicodeDecodeError:
            raise InvalidRulesError(
                f"scoring: {describe(text)} is not a percent-encoded UTF-8 name"
            ) from None
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
                f"unknown rule setting {describe(key)}; settings: {', '.join(settings)}"
            )
        settings[key] = _parse_setting(key, value, settings[key])
    return RuleSet.from_dict(settings, policies=policies)


# -- positions ------------------------------------------------------------------------------


def _cards_text(cards: Sequence[Card]) -> str:
    return "".join(map(str, cards))


def format_position(state: Any) -> str:
    """The position code of a Spider `state` (see the module docstring).

    Raises:
        InvalidPositionError: the code would be longer than `MAX_CODE_LENGTH` (only a
            score of hundreds of digits, from a scoring policy of your own, does that).
    """
    if not -_TOO_LARGE < state.score < _TOO_LARGE:
        raise InvalidPositionError(
            f"the score has more than {MAX_CODE_LENGTH} digits: no position code holds it"
        )
    piles = []
    for pile in state.piles:
        if not len(pile):
            piles.append("-")
        else:
            piles.append(f"{_cards_text(pile.face_down)}|{_cards_text(pile.face_up)}")
    removed = "".join(suit.value for suit in state.runs_removed) or "-"
    code = " ".join(
        [
            "/".join(piles),
            _cards_text(state.stock) or "-",
            removed,
            str(state.score),
            format_rules(state.rules),
        ]
    )
    return check_code_length(code, MAX_CODE_LENGTH, state.score)


def _cards(text: str, where: str) -> list[Card]:
    if len(text) % 2:
        raise InvalidPositionError(
            f"{where}: {describe(text)} is not a sequence of two-character cards like 'TH4C'"
        )
    cards = []
    for number, start in enumerate(range(0, len(text), 2), 1):
        try:
            cards.append(Card.parse(text[start : start + 2]))
        except InvalidCardError as error:
            raise InvalidPositionError(f"{where}, card {number}: {error}") from None
    return cards


def _pile(text: str, number: int) -> tuple[list[Card], list[Card]]:
    where = f"pile {number}"
    if text == "-":
        return [], []
    parts = text.split("|")
    if len(parts) == 1:
        raise InvalidPositionError(
            f"{where}: {describe(text)} has no '|'; write a pile as its face-down cards, '|', then "
            "its face-up cards (or '-' for an empty pile)"
        )
    if len(parts) > 2:
        raise InvalidPositionError(
            f"{where}: {describe(text)} has face-down cards above face-up ones (a second '|'); a "
            "face-down card never lies on a face-up card"
        )
    down = _cards(parts[0], f"{where}, face-down")
    up = _cards(parts[1], f"{where}, face-up")
    if not down and not up:
        raise InvalidPositionError(f"{where}: write an empty pile as '-', not {describe(text)}")
    return down, up


def _check_pile(down: Sequence[Card], up: Sequence[Card], number: int, rules: RuleSet) -> None:
    where = f"pile {number}"
    if down and not up:
        raise InvalidPositionError(
            f"{where}: face-down cards with no face-up card on top; the top card of a pile "
            "turns face up as soon as it is uncovered"
        )
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


def _stock_sizes(rules: RuleSet) -> list[int]:
    sizes = rules.shape.deal_sizes
    return [sum(sizes[len(sizes) - left :]) for left in range(len(sizes), -1, -1)]


def _check_deck(
    piles: Sequence[tuple[Sequence[Card], Sequence[Card]]],
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


def _links(up: Sequence[Card], first: int) -> tuple[int, int]:
    """(links, breaks) among the face-up cards `up` of a pile: each card but the bottom one
    lies on a link; a break is a link whose card is not one rank below the card under it,
    counted only from the card at index `first` of `up` on."""
    breaks = 0
    for index in range(max(first, 1), len(up)):
        if up[index].rank.value != up[index - 1].rank.value - 1:
            breaks += 1
    return max(len(up) - 1, 0), breaks


def check_reachable(
    rules: RuleSet,
    piles: Sequence[tuple[Sequence[Card], Sequence[Card]]],
    stock_size: int,
    runs: int,
    score: int,
) -> None:
    """Refuse a table that no play reaches with these deals made and runs removed, or a
    Microsoft score above what play reaches there (see the module docstring).

    Every card of a pile above its bottom face-up card lies on a *link*, made when that
    card was dealt or moved onto the one below: a deal makes at most one per card dealt,
    a unit move one; a unit moves with its links. A *break*, a link whose card is not one
    rank below the card under it, is made only by a deal (a unit goes only onto the rank
    above its bottom card), and no break is ever inside a unit, so it stays on the pile
    where it was dealt: a pile holds at most one break per deal made (under rules that
    deal every card face up, the deal's own breaks below a pile's first height may lie
    there too). So:

    * each pile holds at most as many breaks as deals have been made;
    * under Microsoft scoring (500, -1 a unit move or deal, +100 a run removed) the score
      is at most ``500 + 100 * runs - deals - moves``, where the unit moves are at least
      the links on the table plus the 12 of each run removed, less one per card dealt
      (and, when every card is dealt face up, less the links the deal laid); and at least
      the face-down cards turned over plus the empty piles, less one per run removed
      (each unit move or removal leaves one pile, and turns at most one card over or
      empties that pile). Undo penalties and moves that change nothing only lower it.

    Raises:
        InvalidPositionError: the position is not reachable; the message says why.
    """
    sizes = rules.shape.pile_sizes
    deal_sizes = rules.shape.deal_sizes
    deals_left = next(
        left
        for left in range(len(deal_sizes) + 1)
        if sum(deal_sizes[len(deal_sizes) - left :]) == stock_size
    )
    deals = len(deal_sizes) - deals_left
    dealt = sum(deal_sizes) - stock_size
    links = 0
    for number, (_down, up) in enumerate(piles, 1):
        # Dealt face up, a pile's first cards may lie as the deal laid them, breaks and all.
        first = 0 if rules.face_down else sizes[number - 1]
        pile_links, breaks = _links(up, first)
        links += pile_links
        if breaks > deals:
            raise InvalidPositionError(
                f"pile {number} holds {breaks} face-up card(s) that are not one rank below "
                f"the card under them, but {deals} deal(s) have been made; only a deal puts "
                "a card on one that is not one rank above it (one per pile per deal)"
            )
    if type(rules.scoring) is not MicrosoftScoring:
        return
    laid = 0 if rules.face_down else sum(size - 1 for size in sizes)
    turned = sum(size - 1 - len(down) for size, (down, _up) in zip(sizes, piles, strict=True))
    turned = turned if rules.face_down else 0
    empty = sum(1 for down, up in piles if not down and not up)
    moves = max(0, links + 12 * runs - dealt - laid, turned + empty - runs)
    best = rules.scoring.start + 100 * runs - deals - moves
    if score > best:
        raise InvalidPositionError(
            f"the score is {score}, but Microsoft scoring reaches at most {best} here: "
            f"500, +100 for each of the {runs} run(s) removed, -1 for each of the {deals} "
            f"deal(s) made and for each of the at least {moves} unit move(s) this table "
            "needs"
        )


def check_table(
    rules: RuleSet,
    piles: Sequence[tuple[Sequence[Card], Sequence[Card]]],
    stock: Sequence[Card],
    removed: Sequence[Suit],
    score: int,
) -> None:
    """Refuse a position that breaks a fact true of every position a game reaches under
    `rules` (the list in the module docstring): what `parse_position` checks once it has
    read the code, and `determinize` once it has dealt an observation's unseen cards.

    Raises:
        InvalidPositionError: the first fact it breaks, saying what and where.
    """
    for number, (down, up) in enumerate(piles, 1):
        _check_pile(down, up, number, rules)
    sizes = _stock_sizes(rules)
    if len(stock) not in sizes:
        raise InvalidPositionError(
            f"the stock holds {len(stock)} cards; the {rules.shape.value} deal leaves "
            f"{', '.join(map(str, sizes))} cards in the stock"
        )
    for number, suit in enumerate(removed, 1):
        if suit not in rules.suit_set:
            raise InvalidPositionError(
                f"runs removed, suit {number}: no {suit.name.lower()} are in play under "
                f"these rules ({''.join(s.value for s in rules.suit_set)})"
            )
    if len(removed) > _MAX_RUNS:
        raise InvalidPositionError(f"{len(removed)} runs removed; a game ends with {_MAX_RUNS}")
    if isinstance(rules.scoring, NoScoring) and score:
        raise InvalidPositionError(f"the score must be 0 under rules without scoring, not {score}")
    _check_deck(piles, stock, removed, rules)
    check_reachable(rules, piles, len(stock), len(removed), score)


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
    piles = [_pile(pile, number) for number, pile in enumerate(pile_texts, 1)]
    stock = [] if fields[1] == "-" else _cards(fields[1], "the stock")
    removed: list[Suit] = []
    if fields[2] != "-":
        for number, letter in enumerate(fields[2], 1):
            try:
                removed.append(Suit(letter.upper()))
            except ValueError:
                raise InvalidPositionError(
                    f"runs removed, suit {number}: {letter!r} is not a suit (C, D, H or S)"
                ) from None
    if not _SCORE.fullmatch(fields[3]):
        raise InvalidPositionError(f"the score must be a whole number, not {describe(fields[3])}")
    score = int(fields[3])
    check_table(rules, piles, stock, removed, score)
    from ._state import from_position

    return from_position(rules, piles, stock, tuple(removed), score)
