"""The exception hierarchy: everything pyramid13 raises for bad input derives from one root."""

from __future__ import annotations

from typing_extensions import override

__all__ = [
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
    """


class ParseError(Pyramid13Error, ValueError):
    """A piece of text could not be read; the message says what was wrong and where."""


class InvalidCardError(ParseError):
    """A card could not be parsed or built (unknown rank or suit, bad index)."""


class InvalidLayoutError(ParseError):
    """A layout is malformed: wrong number of cards, a duplicate, an unknown token."""


class InvalidMoveError(ParseError):
    """A move is malformed, or can never be legal (its cards do not sum to 13)."""


class InvalidPositionError(ParseError):
    """A position code is malformed or describes a position that cannot occur."""


class InvalidRecordError(ParseError):
    """A game record is malformed, breaks its schema, or replays an illegal move.

    Attributes:
        path: where in the document the problem lies, as a JSON path such as
            ``$.moves[12]`` (``$`` for the document as a whole), which also starts the
            message; None for a problem that is not in a document.
    """

    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(message if path is None else f"{path}: {message}")
        self.path = path
        self._message = message

    @override
    def __reduce__(self) -> tuple[type[InvalidRecordError], tuple[str, str | None]]:
        return type(self), (self._message, self.path)


class InvalidRulesError(Pyramid13Error, ValueError):
    """A rule set has a bad or contradictory setting."""


class InvalidArgumentError(Pyramid13Error, ValueError):
    """An argument of a function has a bad value (a negative search depth, say)."""


class IllegalMoveError(Pyramid13Error, ValueError):
    """A well-formed move is not legal in the position it was applied to.

    The position is left untouched.
    """


class UndoError(Pyramid13Error):
    """`GameState.undo` was called on a state that has no previous state."""
