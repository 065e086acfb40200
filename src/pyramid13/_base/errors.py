"""The exception hierarchy: everything pyramid13 raises for bad input derives from one root.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

from typing_extensions import override

__all__ = [
    "GameOverError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidLayoutError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidRecordError",
    "InvalidRulesError",
    "ParseError",
    "Pyramid13Error",
    "UndoError",
]


class Pyramid13Error(Exception):
    """Root of every error pyramid13 raises on purpose.

    Catch this one class to handle any bad input given to the library.

    Examples:
        >>> import pyramid13 as p13
        >>> try:
        ...     p13.Card.parse("1S")
        ... except p13.Pyramid13Error as error:
        ...     print(type(error).__name__, "-", error)
        InvalidCardError - '1S' is not a card: unknown rank '1' (expected A 2-9 T J Q K or 10)
    """


class ParseError(Pyramid13Error, ValueError):
    """A piece of text could not be read; the message says what was wrong and where.

    Examples:
        >>> import pyramid13 as p13
        >>> try:
        ...     p13.Move.parse("4C+4C")
        ... except p13.ParseError as error:
        ...     print(isinstance(error, ValueError), error)
        True a pair needs two different cards, not 4C twice
    """


class InvalidCardError(ParseError):
    """A card could not be parsed or built (unknown rank or suit, bad index).

    Examples:
        >>> import pyramid13 as p13
        >>> p13.Card.parse("1S")
        Traceback (most recent call last):
        ...
        pyramid13.InvalidCardError: '1S' is not a card: unknown rank '1' (expected A 2-9 ...
    """


class InvalidLayoutError(ParseError):
    """A layout is malformed: wrong number of cards, a duplicate, an unknown token.

    Examples:
        >>> import pyramid13 as p13
        >>> p13.Layout.parse("AS AS")
        Traceback (most recent call last):
        ...
        pyramid13.InvalidLayoutError: token 2 of the layout: AS already appeared as token 1
    """


class InvalidMoveError(ParseError):
    """A move's text or fields are malformed: no move at all. A well-formed move that is not
    legal (even one never legal, like ``"4H+QH"``) is no error: ``is_legal`` answers False
    and ``apply`` raises `IllegalMoveError`.

    Examples:
        >>> import pyramid13 as p13
        >>> p13.Move.parse("QS+QS")
        Traceback (most recent call last):
        ...
        pyramid13.InvalidMoveError: a pair needs two different cards, not QS twice
    """


class InvalidPositionError(ParseError):
    """A position code is malformed or describes a position that cannot occur.

    Examples:
        >>> import pyramid13 as p13
        >>> p13.GameState.from_string("nonsense")
        Traceback (most recent call last):
        ...
        pyramid13.InvalidPositionError: a position code has 6 fields separated by spaces ...
    """


class InvalidRecordError(ParseError):
    """A game record is malformed, breaks its schema, or replays an illegal move.

    Attributes:
        path: where in the document the problem lies, as a JSON path such as
            ``$.moves[12]`` (``$`` for the document as a whole), which also starts the
            message; None for a problem that is not in a document.

    Examples:
        >>> import pyramid13 as p13
        >>> try:
        ...     p13.GameRecord.from_json("[]")
        ... except p13.InvalidRecordError as error:
        ...     print(error.path, "-", error)
        $ - $: expected object, not array []
    """

    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(message if path is None else f"{path}: {message}")
        self.path = path
        self._message = message

    @override
    def __reduce__(self) -> tuple[type[InvalidRecordError], tuple[str, str | None]]:
        return type(self), (self._message, self.path)


class InvalidRulesError(Pyramid13Error, ValueError):
    """A rule set has a bad or contradictory setting.

    Examples:
        >>> import pyramid13 as p13
        >>> p13.RuleSet(passes=0)
        Traceback (most recent call last):
        ...
        pyramid13.InvalidRulesError: passes must be an int ..., not 0
    """


class InvalidArgumentError(Pyramid13Error, ValueError):
    """An argument of a function has a bad value (a negative search depth, say).

    Examples:
        >>> import pyramid13 as p13
        >>> p13.perft(p13.GameState.new(p13.Layout.shuffled(1)), -1)
        Traceback (most recent call last):
        ...
        pyramid13.InvalidArgumentError: depth must be an int >= 0, not -1
    """


class IllegalMoveError(Pyramid13Error, ValueError):
    """A well-formed move is not legal in the position it was applied to.

    The position is left untouched.

    Examples:
        >>> import pyramid13 as p13
        >>> p13.GameState.new(p13.Layout.shuffled(1)).apply("KS")
        Traceback (most recent call last):
        ...
        pyramid13.IllegalMoveError: KS is not legal here: KS is not exposed
    """


class UndoError(Pyramid13Error):
    """`GameState.undo` was called on a state that has no previous state (or a
    `Timeline`'s ``undo`` at the start of its game, its ``redo`` with nothing undone).

    Examples:
        >>> import pyramid13 as p13
        >>> p13.GameState.new(p13.Layout.shuffled(1)).undo()
        Traceback (most recent call last):
        ...
        pyramid13.UndoError: nothing to undo: this is the start of the game
    """


class GameOverError(InvalidArgumentError):
    """A bot was asked for a move in a game that is already won or lost.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1))
        >>> while not state.is_over:
        ...     state = state.apply(state.legal_moves()[0])
        >>> try:
        ...     p13.RandomBot().choose(state)
        ... except p13.GameOverError as error:
        ...     print(error)
        the game is over (lost): there is no move to choose
    """


# Tracebacks and reprs name each class where users import it from
# (``pyramid13.IllegalMoveError``), not this private module; pickle finds it there too.
for _name in __all__:
    globals()[_name].__module__ = "pyramid13"
del _name
