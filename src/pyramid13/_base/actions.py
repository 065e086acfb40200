"""Every game's integer action space: `ActionSpace` (moves to numbers and back, with the
checks of both directions), sorted action numbers and masks.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from .errors import InvalidArgumentError, InvalidMoveError
from .integers import as_int
from .text import describe

__all__ = ["ActionSpace", "action_mask", "sorted_actions"]

MoveT = TypeVar("MoveT", bound=Hashable)


class ActionSpace(Generic[MoveT]):
    """A game's fixed action space: its moves numbered 0, 1, 2, ... in a fixed order.

    Args:
        game: the game's title, for messages (``"Pyramid"``).
        moves: every move of the game, in action order.
        move_type: the game's move class (with ``parse``), for moves given as text.
        unnumbered: what a message says of a well-formed move with no number.

    Examples:
        >>> from pyramid13.pyramid._actions import SPACE
        >>> SPACE.count, SPACE.move(100), SPACE.action("draw")
        (102, Move.parse('draw'), 100)
    """

    __slots__ = ("_game", "_move_type", "_unnumbered", "action_of", "count", "moves")

    def __init__(
        self, game: str, moves: Sequence[MoveT], move_type: Any, unnumbered: str = ""
    ) -> None:
        self._game = game
        self._move_type = move_type
        self._unnumbered = unnumbered
        self.moves: tuple[MoveT, ...] = tuple(moves)
        self.count: int = len(self.moves)
        self.action_of: dict[MoveT, int] = {move: n for n, move in enumerate(self.moves)}

    def move(self, action: object) -> MoveT:
        """The move numbered `action`.

        Raises:
            InvalidArgumentError: `action` is not an int (Python's or NumPy's; a bool or
                a float is refused) in ``0 .. count - 1``.
        """
        number = as_int(action)
        if number is None or not 0 <= number < self.count:
            raise InvalidArgumentError(
                f"a {self._game} action must be an int in 0..{self.count - 1}, "
                f"not {describe(action)}"
            )
        return self.moves[number]

    def action(self, move: object) -> int:
        """The number of `move` (a move or its text).

        Raises:
            InvalidMoveError: `move` is neither a move nor valid move text, or has no number.
        """
        if isinstance(move, str):
            move = self._move_type.parse(move)
        elif not isinstance(move, self._move_type):
            raise InvalidMoveError(f"expected a Move or move text, not {type(move).__name__}")
        action = self.action_of.get(move)  # type: ignore[arg-type]
        if action is None:
            raise InvalidMoveError(f"{move} has no action number{self._unnumbered}")
        return action


def sorted_actions(moves: Iterable[MoveT], action_of: Mapping[MoveT, int]) -> tuple[int, ...]:
    """The action numbers of `moves` in ascending order (shared by both games)."""
    return tuple(sorted([action_of[move] for move in moves]))


def action_mask(
    moves: Iterable[MoveT], action_of: Mapping[MoveT, int], count: int
) -> tuple[bool, ...]:
    """One flag per action of a space of `count` actions: True for those of `moves`."""
    mask = [False] * count
    for move in moves:
        mask[action_of[move]] = True
    return tuple(mask)
