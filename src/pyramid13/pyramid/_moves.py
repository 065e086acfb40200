"""Moves: small immutable values with a text notation that round-trips.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import ClassVar

import attrs

from .._base.cards import DECK, Card, Rank, parse_cards
from .._base.errors import InvalidMoveError
from .._base.text import describe

__all__ = ["Move", "MoveKind"]


class MoveKind(enum.Enum):
    """What a move does.

    Examples:
        >>> Move.parse("KD").kind, Move.parse("draw").kind
        (<MoveKind.REMOVE: 'remove'>, <MoveKind.DRAW: 'draw'>)
    """

    REMOVE = "remove"
    """Remove a King alone or two cards whose values sum to 13."""
    DRAW = "draw"
    """Draw from the stock onto the waste pile(s)."""
    RECYCLE = "recycle"
    """Turn the waste back into the stock for another pass."""


def _sort_key(card: Card) -> tuple[int, int]:
    return card.value, card.suit.index


def _normalise_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    # Runs before the validator, so it must reject anything that is not cards itself.
    try:
        items = tuple(cards)
    except TypeError:
        raise InvalidMoveError(
            f"a move's cards must be a tuple of Card, not {describe(cards)}"
        ) from None
    for item in items:
        if not isinstance(item, Card):
            raise InvalidMoveError(f"a move's cards must be Card values, not {describe(item)}")
    return tuple(sorted(items, key=_sort_key))


def _check_move(instance: Move, _attribute: object, cards: tuple[Card, ...]) -> None:
    if not isinstance(instance.kind, MoveKind):
        raise InvalidMoveError(f"a move's kind must be a MoveKind, not {describe(instance.kind)}")
    if not isinstance(cards, tuple) or not all(isinstance(card, Card) for card in cards):
        raise InvalidMoveError(f"a move's cards must be a tuple of Card, not {describe(cards)}")
    if instance.kind is not MoveKind.REMOVE:
        if cards:
            raise InvalidMoveError(f"a {instance.kind.value} move takes no cards")
        return
    if len(cards) == 2:
        first, second = cards
        if first == second:
            raise InvalidMoveError(f"a pair needs two different cards, not {first} twice")
    elif len(cards) != 1:
        raise InvalidMoveError(f"a removal takes one King or two cards, not {len(cards)} cards")


@attrs.frozen(repr=False)
class Move:
    """A move: remove one King or a pair summing to 13, draw, or recycle.

    A removal is identified by the set of cards it removes, wherever they lie, so the
    cards are kept in a canonical order (value, then suit). Moves are context-free: whether
    one is legal depends on the position it is applied to. A removal of any one card or any
    two different cards is a move, so that ``state.is_legal`` answers for every pair a
    player may pick; only a King alone or two cards summing to 13 is ever legal.

    Notation: ``"KD"``, ``"4C+9C"``, ``"draw"``, ``"recycle"``.

    Examples:
        >>> move = Move.parse("9c+4C")
        >>> str(move), move
        ('4C+9C', Move.parse('4C+9C'))
        >>> Move.remove(Card.parse("KD")) == Move.parse("KD")
        True
    """

    kind: MoveKind
    """What the move does."""
    cards: tuple[Card, ...] = attrs.field(
        default=(), converter=_normalise_cards, validator=_check_move
    )
    """The removed cards in canonical order (empty for draw and recycle)."""
    _ids: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)

    DRAW: ClassVar[Move]
    """The draw move."""
    RECYCLE: ClassVar[Move]
    """The recycle move."""

    def __attrs_post_init__(self) -> None:
        # Card ids 1..52 for the engine's hot path (0 means "no card" there).
        object.__setattr__(self, "_ids", tuple(card.index + 1 for card in self.cards))

    @classmethod
    def remove(cls, *cards: Card) -> Move:
        """The removal of a King alone or of two cards whose values sum to 13.

        Args:
            *cards: one King, or two cards in either order.

        Any one card or two different cards make a removal; one that is never legal (a card
        other than a King alone, two cards not summing to 13) is refused by ``apply``,
        which says why.

        Raises:
            InvalidMoveError: not one card or two different cards.

        Examples:
            >>> Move.remove(Card.parse("9C"), Card.parse("4C"))
            Move.parse('4C+9C')
            >>> Move.remove(Card.parse("4C"), Card.parse("8C"))  # never legal: 12, not 13
            Move.parse('4C+8C')
            >>> Move.remove(Card.parse("4C"), Card.parse("4C"))
            Traceback (most recent call last):
            ...
            pyramid13.InvalidMoveError: a pair needs two different cards, not 4C twice
        """
        return cls(MoveKind.REMOVE, cards)

    @classmethod
    def draw(cls) -> Move:
        """The draw move.

        Examples:
            >>> Move.draw() == Move.parse("draw"), Move.draw().kind
            (True, <MoveKind.DRAW: 'draw'>)
        """
        return cls.DRAW

    @classmethod
    def recycle(cls) -> Move:
        """The recycle move.

        Examples:
            >>> Move.recycle() == Move.parse("recycle"), Move.recycle().is_removal
            (True, False)
        """
        return cls.RECYCLE

    @property
    def is_removal(self) -> bool:
        """True for a removal of cards."""
        return self.kind is MoveKind.REMOVE

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in the notation of `str(move)`, case-insensitive.

        ``"draw"``, ``"recycle"``, a King such as ``"KD"``, or two cards joined by ``+``
        in either order such as ``"4C+9C"``. Whitespace around the parts is ignored. Any
        card, or any two different cards, read as a removal, even one that is never legal
        (``"QS"``, ``"4H+QH"``).

        Args:
            text: the move's text.

        Raises:
            InvalidMoveError: the text is not a move; the message says why.

        Examples:
            >>> Move.parse("9c + 4c"), Move.parse("kd"), Move.parse(" Draw ")
            (Move.parse('4C+9C'), Move.parse('KD'), Move.parse('draw'))
            >>> Move.parse("4H+QH")  # a move, never legal
            Move.parse('4H+QH')
            >>> Move.parse("QS+")
            Traceback (most recent call last):
            ...
            pyramid13.InvalidMoveError: 'QS+' is not a move: card 2: '' is not a card: ...
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move must be given as text, not {type(text).__name__}")
        word = text.strip().lower()
        if word == "draw":
            return cls.DRAW
        if word == "recycle":
            return cls.RECYCLE
        if not word:
            raise InvalidMoveError("an empty string is not a move")
        parts = word.split("+")
        if len(parts) > 2:
            raise InvalidMoveError(
                f"{describe(text)} is not a move: at most two cards, joined by '+'"
            )
        cards = parse_cards(
            parts, InvalidMoveError, lambda number: f"{describe(text)} is not a move: card {number}"
        )
        move = _REMOVALS.get(frozenset(cards)) if len(set(cards)) == len(cards) else None
        if move is not None:
            return move
        return cls(MoveKind.REMOVE, tuple(cards))  # one never legal, or refused with the reason

    def __str__(self) -> str:
        if self.kind is MoveKind.REMOVE:
            return "+".join(map(str, self.cards))
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


Move.DRAW = Move(MoveKind.DRAW)
Move.RECYCLE = Move(MoveKind.RECYCLE)


def _all_removals() -> dict[frozenset[Card], Move]:
    removals = {}
    for first in DECK:
        if first.rank is Rank.KING:
            removals[frozenset((first,))] = Move(MoveKind.REMOVE, (first,))
        for second in DECK:
            if first.index < second.index and first.value + second.value == 13:
                removals[frozenset((first, second))] = Move(MoveKind.REMOVE, (first, second))
    return removals


#: Every possible removal (4 Kings and 96 pairs), keyed by its set of cards.
_REMOVALS = _all_removals()
#: The engine's interned moves by card id (1..52): ``PAIR_MOVES[a][b]`` and ``KING_MOVES[k]``.
PAIR_MOVES: list[list[Move | None]] = [[None] * 53 for _ in range(53)]
KING_MOVES: list[Move | None] = [None] * 53
for _cards, _move in _REMOVALS.items():
    _ids = _move._ids
    if len(_ids) == 1:
        KING_MOVES[_ids[0]] = _move
    else:
        PAIR_MOVES[_ids[0]][_ids[1]] = PAIR_MOVES[_ids[1]][_ids[0]] = _move
