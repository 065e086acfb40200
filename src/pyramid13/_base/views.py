"""The framing every game's view codes share: `Observation.to_string` writes what a player
sees as one line of fields separated by spaces, and `Observation.from_string` reads it.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
A view code is a position code (`pyramid13._base.position`) with the hidden cards left out
and two more fields: the unseen cards as a set, and the history. Each game writes and reads
its own fields; what they share is here: the fields counted, cards and moves written, the
history read, with messages that say which field is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from .cards import Card
from .errors import InvalidCardError, InvalidMoveError, InvalidPositionError
from .text import describe

__all__ = [
    "MAX_VIEW_LENGTH",
    "check_view_length",
    "format_cards",
    "format_history",
    "parse_cards",
    "parse_history",
    "view_fields",
]

#: The longest view code read: a million characters (a history of some 150,000 moves).
MAX_VIEW_LENGTH = 1_000_000

MoveT = TypeVar("MoveT")


def view_fields(text: object, names: tuple[str, ...], game: str = "") -> list[str]:
    """The fields of view code `text`, exactly as many as `names`.

    Raises:
        InvalidPositionError: `text` is not text, is longer than `MAX_VIEW_LENGTH`, or has
            another number of fields.

    Examples:
        >>> view_fields("a b", ("one", "two"))
        ['a', 'b']
        >>> view_fields("a", ("one", "two"))
        Traceback (most recent call last):
        ...
        pyramid13.InvalidPositionError: a view code has 2 fields separated by spaces ...
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"a {game}view code must be text, not {type(text).__name__}")
    if len(text) > MAX_VIEW_LENGTH:
        raise InvalidPositionError(
            f"a {game}view code is at most {MAX_VIEW_LENGTH} characters, this one has {len(text)}"
        )
    fields = text.split()
    if len(fields) != len(names):
        raise InvalidPositionError(
            f"a {game}view code has {len(names)} fields separated by spaces "
            f"({', '.join(names)}), this one has {len(fields)}"
        )
    return fields


def check_view_length(code: str) -> str:
    """`code` itself when ``Observation.from_string`` reads one that long (at most
    `MAX_VIEW_LENGTH` characters).

    Raises:
        InvalidPositionError: it is longer (a history of very many moves, or a score of
            very many digits from a scoring policy of your own).
    """
    if len(code) > MAX_VIEW_LENGTH:
        raise InvalidPositionError(
            f"the view code would be {len(code)} characters long, more than the "
            f"{MAX_VIEW_LENGTH} that Observation.from_string reads"
        )
    return code


def format_cards(cards: Iterable[Card | None]) -> str:
    """Cards written one after another (``##`` for an unseen one), ``-`` for none.

    Examples:
        >>> format_cards([None, Card.parse("TH")]), format_cards([])
        ('##TH', '-')
    """
    return "".join("##" if card is None else str(card) for card in cards) or "-"


def parse_cards(text: str, where: str, unseen: bool = False) -> list[Card | None]:
    """The cards of a field written by `format_cards` (``##`` read as None only where
    `unseen` allows it).

    Raises:
        InvalidPositionError: a token is no card; the message names the field and card.

    Examples:
        >>> parse_cards("##TH", "the stock", unseen=True)
        [None, Card.parse('TH')]
        >>> parse_cards("TX", "the unseen cards")
        Traceback (most recent call last):
        ...
        pyramid13.InvalidPositionError: the unseen cards, card 1: ...
    """
    if text == "-":
        return []
    if len(text) % 2:
        raise InvalidPositionError(
            f"{where}: {describe(text)} is not a sequence of two-character cards like 'TH4C'"
        )
    cards: list[Card | None] = []
    for number, start in enumerate(range(0, len(text), 2), 1):
        token = text[start : start + 2]
        if token == "##" and unseen:
            cards.append(None)
            continue
        try:
            cards.append(Card.parse(token))
        except InvalidCardError as error:
            raise InvalidPositionError(f"{where}, card {number}: {error}") from None
    return cards


def format_history(moves: Iterable[Any]) -> str:
    """Moves written without spaces and joined by commas, ``-`` for none.

    Examples:
        >>> format_history(["KC", "4C+9C", "draw"]), format_history([])
        ('KC,4C+9C,draw', '-')
    """
    return ",".join(str(move).replace(" ", "") for move in moves) or "-"


def parse_history(text: str, parse: Callable[[str], MoveT]) -> tuple[MoveT, ...]:
    """The moves of a history field written by `format_history`, each read by `parse`
    (the game's ``Move.parse``).

    Raises:
        InvalidPositionError: a move does not read; the message says which.
    """
    if text == "-":
        return ()
    moves = []
    for number, token in enumerate(text.split(","), 1):
        try:
            moves.append(parse(token))
        except InvalidMoveError as error:
            raise InvalidPositionError(f"the history, move {number}: {error}") from None
    return tuple(moves)
