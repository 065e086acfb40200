"""Integer actions: every Pyramid move as a number in one fixed action space.

Learning code (and OpenSpiel-style bots) wants a move as an int from a space that is the
same in every position. Pyramid's space holds 102 actions under every rule set:

* ``0 .. 3``: the four King removals, in suit order (clubs, diamonds, hearts, spades);
* ``4 .. 99``: the 96 pairs summing to 13, ordered by their lower card's `Card.index`,
  then by the higher card's;
* ``100``: draw; ``101``: recycle.

A removal is identified by its cards, wherever they lie (as `Move` is), so the numbering
does not depend on the deal.
"""

from __future__ import annotations

from .._base.errors import InvalidArgumentError, InvalidMoveError
from ._moves import _REMOVALS, Move, MoveKind

__all__ = ["ACTION_COUNT", "action_to_move", "move_to_action"]


def _removal_key(move: Move) -> tuple[int, ...]:
    # Kings first (one card), then pairs by (lower index, higher index).
    indexes = sorted(card.index for card in move.cards)
    return (len(indexes), *indexes)


_MOVES: tuple[Move, ...] = (
    *sorted(_REMOVALS.values(), key=_removal_key),
    Move.DRAW,
    Move.RECYCLE,
)

ACTION_COUNT: int = len(_MOVES)
"""The size of Pyramid's action space: 102 (4 Kings, 96 pairs, draw, recycle)."""

_ACTION_OF: dict[Move, int] = {move: action for action, move in enumerate(_MOVES)}


def action_to_move(action: int) -> Move:
    """The move numbered `action` in Pyramid's action space.

    Args:
        action: an int in ``0 .. ACTION_COUNT - 1``.

    Examples:
        >>> action_to_move(0), action_to_move(100), action_to_move(101)
        (Move.parse('KC'), Move.parse('draw'), Move.parse('recycle'))

    Raises:
        InvalidArgumentError: `action` is not an int in that range.
    """
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < ACTION_COUNT:
        raise InvalidArgumentError(
            f"a Pyramid action must be an int in 0..{ACTION_COUNT - 1}, not {action!r}"
        )
    return _MOVES[action]


def move_to_action(move: Move | str) -> int:
    """The number of `move` (a `Move` or its text) in Pyramid's action space.

    Args:
        move: any well-formed move, legal or not.

    Examples:
        >>> move_to_action("KS"), move_to_action("AC+QC"), move_to_action("draw")
        (3, 4, 100)
        >>> action_to_move(move_to_action("4C+9H"))
        Move.parse('4C+9H')

    Raises:
        InvalidMoveError: `move` is neither a Move nor valid move text.
    """
    if isinstance(move, str):
        move = Move.parse(move)
    elif not isinstance(move, Move):
        raise InvalidMoveError(f"expected a Move or move text, not {type(move).__name__}")
    action = _ACTION_OF.get(move)
    if action is None:  # pragma: no cover - every valid Move is in the table
        raise InvalidMoveError(f"{move} has no action number")
    return action


def _check_table() -> None:
    kinds = [move.kind for move in _MOVES]
    assert kinds.count(MoveKind.REMOVE) == 100
    assert len(set(_MOVES)) == ACTION_COUNT == 102


_check_table()
