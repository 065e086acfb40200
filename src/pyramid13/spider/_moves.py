"""Spider moves: unit moves, the deal and run removals, with a text notation that round-trips.

Piles are indexes 0..9 inside the library and numbers 1..10 in text, as on the table:

* ``"3:2>7"``: move the top 2 cards of pile 3 onto pile 7 (a unit move); ``"3:2-7"`` is
  read the same, a spelling a shell takes unquoted;
* ``"deal"``: deal the next stock cards, one onto each pile;
* ``"remove 3"``: lift the complete King-to-Ace run off pile 3 (rules where removal is a
  move of its own).

`Move.parse` reads these forms case-insensitively and tolerates spaces around the parts
(``" 3 : 2 > 7 "``, ``"Remove3"``). Every possible move exists once, built at import:
`Move.unit`, `Move.parse` and the engine hand out those shared objects, so comparing moves
is cheap and `GameState.legal_moves` allocates none.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

import enum
import re
from typing import ClassVar

import attrs

from .._base.errors import InvalidMoveError
from .._base.text import describe

__all__ = ["MAX_UNIT", "PILES", "Move", "MoveKind"]

PILES = 10
"""The number of piles on a Spider table."""
MAX_UNIT = 13
"""The longest unit: a same-suit descending run holds at most King to Ace."""


class MoveKind(enum.Enum):
    """What a Spider move does.

    Examples:
        >>> Move.parse("3:2>7").kind, Move.parse("deal").kind, Move.parse("remove 3").kind
        (<MoveKind.UNIT: 'unit'>, <MoveKind.DEAL: 'deal'>, <MoveKind.REMOVE: 'remove'>)
    """

    UNIT = "unit"
    """Move the top cards of a pile (one suit, descending) onto another pile."""
    DEAL = "deal"
    """Deal the next stock cards face up, one onto each pile, pile 1 first."""
    REMOVE = "remove"
    """Lift a complete King-to-Ace run of one suit off the top of a pile."""


def _check_pile(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PILES:
        raise InvalidMoveError(f"{name} must be a pile index in 0..9, not {describe(value)}")


@attrs.frozen(repr=False)
class Move:
    """A Spider move: a unit move, the deal, or a run removal. Context-free and immutable.

    Whether a move is legal depends on the position it is applied to. Build moves with
    `Move.unit`, `Move.remove`, `Move.DEAL` or `Move.parse`; they are shared objects.

    Examples:
        >>> move = Move.unit(2, 2, 6)
        >>> str(move), move
        ('3:2>7', Move.parse('3:2>7'))
        >>> Move.parse(" 3 : 2 > 7 ") is move
        True
        >>> Move.parse("REMOVE 4") == Move.remove(3), str(Move.DEAL)
        (True, 'deal')
    """

    kind: MoveKind
    """What the move does."""
    source: int | None = None
    """For a unit move, the index (0..9) of the pile the cards leave; else None."""
    count: int | None = None
    """For a unit move, how many cards move (1..13); else None."""
    target: int | None = None
    """For a unit move, the index (0..9) of the pile the cards go onto; else None."""
    pile: int | None = None
    """For a removal, the index (0..9) of the pile the run leaves; else None."""

    DEAL: ClassVar[Move]
    """The deal."""

    def __attrs_post_init__(self) -> None:
        kind = self.kind
        if kind is MoveKind.UNIT:
            _check_pile("source", self.source)
            _check_pile("target", self.target)
            count = self.count
            if isinstance(count, bool) or not isinstance(count, int):
                raise InvalidMoveError(f"count must be an int in 1..13, not {describe(count)}")
            if not 1 <= count <= MAX_UNIT:
                raise InvalidMoveError(
                    f"a unit has 1 to 13 cards (one suit, descending), not {count}"
                )
            if self.pile is not None:
                raise InvalidMoveError("a unit move has no pile; it has source and target")
        elif kind is MoveKind.REMOVE:
            _check_pile("pile", self.pile)
            if (self.source, self.count, self.target) != (None, None, None):
                raise InvalidMoveError("a removal has only a pile")
        elif kind is MoveKind.DEAL:
            if (self.source, self.count, self.target, self.pile) != (None, None, None, None):
                raise InvalidMoveError("the deal takes no pile or count")
        else:
            raise InvalidMoveError(f"a move's kind must be a MoveKind, not {describe(kind)}")

    @classmethod
    def unit(cls, source: int, count: int, target: int) -> Move:
        """Move the top `count` cards of pile `source` onto pile `target` (indexes 0..9).

        Args:
            source: the index of the pile the cards leave.
            count: how many cards move, 1 to 13.
            target: the index of the pile they go onto.

        Examples:
            >>> Move.unit(0, 1, 9)
            Move.parse('1:1>10')

        A unit onto its own pile (``source == target``) is a move too, never legal: so
        that ``state.is_legal`` answers False for it, and ``state.why_illegal`` says why.

        Raises:
            InvalidMoveError: an index out of range, or a count out of 1..13.
        """
        if (
            type(source) is int
            and type(count) is int
            and type(target) is int
            and 0 <= source < PILES
            and 0 <= target < PILES
            and 1 <= count <= MAX_UNIT
        ):
            return UNIT_MOVES[(source * 14 + count) * PILES + target]
        return cls(MoveKind.UNIT, source, count, target)  # raises with the reason

    @classmethod
    def deal(cls) -> Move:
        """The deal (the same object as `Move.DEAL`).

        Examples:
            >>> Move.deal() is Move.DEAL, str(Move.deal())
            (True, 'deal')
        """
        return cls.DEAL

    @classmethod
    def remove(cls, pile: int) -> Move:
        """Lift the complete King-to-Ace run off pile `pile` (index 0..9).

        Args:
            pile: the index of the pile.

        Examples:
            >>> Move.remove(2)
            Move.parse('remove 3')

        Raises:
            InvalidMoveError: the index is out of range.
        """
        if type(pile) is int and 0 <= pile < PILES:
            return REMOVE_MOVES[pile]
        return cls(MoveKind.REMOVE, pile=pile)  # raises with the reason

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in the notation of `str(move)`: ``"3:2>7"``, ``"deal"``, ``"remove 3"``.

        Piles are numbered 1..10. Case and spaces around the parts do not matter, and a
        ``-`` may stand for the ``>`` (``"3:2-7"``), so that a shell needs no quotes.

        Args:
            text: the move's text.

        Examples:
            >>> move = Move.parse("3:2>7")
            >>> move.source, move.count, move.target  # indexes count from 0
            (2, 2, 6)
            >>> Move.parse("3:2-7") is move
            True
            >>> Move.parse("3>7")
            Traceback (most recent call last):
            ...
            pyramid13.InvalidMoveError: '3>7' is not a move: expected 'SOURCE:COUNT>TARGET' ...

        Raises:
            InvalidMoveError: the text is not a move; the message says why.
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move must be given as text, not {type(text).__name__}")
        move = _BY_TEXT.get(text)
        if move is not None:
            return move
        word = text.strip().lower()
        if word == "deal":
            return cls.DEAL
        match = _UNIT_TEXT.fullmatch(word)
        if match is not None:
            source, count, target = (int(group) for group in match.groups())
            _check_number("source pile", source, text)
            _check_number("target pile", target, text)
            if not 1 <= count <= MAX_UNIT:
                raise InvalidMoveError(f"{describe(text)} is not a move: a unit has 1 to 13 cards")
            return UNIT_MOVES[((source - 1) * 14 + count) * PILES + target - 1]
        match = _REMOVE_TEXT.fullmatch(word)
        if match is not None:
            pile = int(match.group(1))
            _check_number("pile", pile, text)
            return REMOVE_MOVES[pile - 1]
        raise InvalidMoveError(
            f"{describe(text)} is not a move: expected 'SOURCE:COUNT>TARGET' such as '3:2>7' "
            "(or '3:2-7'), 'deal' or 'remove PILE' (piles 1..10)"
        )

    @property
    def is_unit(self) -> bool:
        """True for a unit move."""
        return self.kind is MoveKind.UNIT

    def __str__(self) -> str:
        kind = self.kind
        if kind is MoveKind.UNIT:
            return f"{self.source + 1}:{self.count}>{self.target + 1}"  # type: ignore[operator]
        if kind is MoveKind.REMOVE:
            return f"remove {self.pile + 1}"  # type: ignore[operator]
        return "deal"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _check_number(name: str, number: int, text: str) -> None:
    if not 1 <= number <= PILES:
        raise InvalidMoveError(f"{describe(text)} is not a move: {name} {number} is not in 1..10")


_UNIT_TEXT = re.compile(r"\s*(\d{1,3})\s*:\s*(\d{1,3})\s*[>-]\s*(\d{1,3})\s*", re.ASCII)
_REMOVE_TEXT = re.compile(r"\s*remove\s*(\d{1,3})\s*", re.ASCII)

Move.DEAL = Move(MoveKind.DEAL)
#: Every unit move, at ``UNIT_MOVES[(source * 14 + count) * 10 + target]`` (None where
#: ``count`` is 0); the engine's interned moves. Those onto their own pile are never legal.
UNIT_MOVES: list[Move] = [None] * (PILES * 14 * PILES)  # type: ignore[list-item]
for _source in range(PILES):
    for _count in range(1, MAX_UNIT + 1):
        for _target in range(PILES):
            UNIT_MOVES[(_source * 14 + _count) * PILES + _target] = Move(
                MoveKind.UNIT, _source, _count, _target
            )
#: The ten removals, by pile index.
REMOVE_MOVES: tuple[Move, ...] = tuple(Move(MoveKind.REMOVE, pile=_pile) for _pile in range(PILES))
_BY_TEXT: dict[str, Move] = {str(_move): _move for _move in UNIT_MOVES if _move is not None}
_BY_TEXT.update({str(_move): _move for _move in REMOVE_MOVES})
_BY_TEXT["deal"] = Move.DEAL
