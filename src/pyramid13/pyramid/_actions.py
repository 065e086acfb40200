"""Integer actions: every Pyramid move as a number in one fixed action space.

Learning code (and OpenSpiel-style bots) wants a move as an int from a space that is the
same in every position. Pyramid's space holds 102 actions under every rule set:

* ``0 .. 3``: the four King removals, in suit order (clubs, diamonds, hearts, spades);
* ``4 .. 99``: the 96 pairs summing to 13, ordered by their lower card's `Card.index`,
  then by the higher card's;
* ``100``: draw; ``101``: recycle.

A removal is identified by its cards, wherever they lie (as `Move` is), so the numbering
does not depend on the deal.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from .._base.actions import ActionSpace
from ._moves import _REMOVALS, Move, MoveKind

__all__ = ["ACTION_COUNT", "SPACE", "action_to_move", "move_to_action"]


def _removal_key(move: Move) -> tuple[int, ...]:
    # Kings first (one card), then pairs by (lower index, higher index).
    indexes = sorted(card.index for card in move.cards)
    return (len(indexes), *indexes)


SPACE = ActionSpace(
    "Pyramid",
    (*sorted(_REMOVALS.values(), key=_removal_key), Move.DRAW, Move.RECYCLE),
    Move,
    ": only a King alone or two cards summing to 13 is ever legal",
)
"""Pyramid's action space."""
_MOVES = SPACE.moves
_ACTION_OF = SPACE.action_of

ACTION_COUNT: int = SPACE.count
"""The size of Pyramid's action space: 102 (4 Kings, 96 pairs, draw, recycle)."""


def action_to_move(action: int) -> Move:
    """The move numbered `action` in Pyramid's action space: a King removal for 0 to 3, a
    pair for 4 to 99 (by the lower card's index, then the higher's), draw (100) or recycle
    (101). Every rule set uses all of them; which are legal depends on the position.

    Args:
        action: an int in ``0 .. ACTION_COUNT - 1``.

    Examples:
        >>> action_to_move(0), action_to_move(100), action_to_move(101)
        (Move.parse('KC'), Move.parse('draw'), Move.parse('recycle'))

    Raises:
        InvalidArgumentError: `action` is not an int in that range.
    """
    return SPACE.move(action)


def move_to_action(move: Move | str) -> int:
    """The number of `move` (a `Move` or its text) in Pyramid's action space; a removal is
    numbered by its cards, wherever they lie, so the number does not depend on the deal.

    Args:
        move: any well-formed move, legal or not.

    Examples:
        >>> move_to_action("KS"), move_to_action("AC+QC"), move_to_action("draw")
        (3, 4, 100)
        >>> action_to_move(move_to_action("4C+9H"))
        Move.parse('4C+9H')

    Raises:
        InvalidMoveError: `move` is neither a Move nor valid move text, or is a removal
            that is never legal (``"4H+QH"``: those have no number).
    """
    return SPACE.action(move)


def _check_table() -> None:
    kinds = [move.kind for move in _MOVES]
    assert kinds.count(MoveKind.REMOVE) == 100
    assert len(set(_MOVES)) == ACTION_COUNT == 102


_check_table()
