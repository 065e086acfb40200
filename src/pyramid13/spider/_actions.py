"""Integer actions: every Spider move as a number in one fixed action space.

The space is the same for every rule set and position, 1,181 actions:

* ``0 .. 1169``: unit moves, numbered ``(source * 13 + count - 1) * 9 + t``, where
  ``source`` is the pile moved from (0..9), ``count`` the number of cards (1..13, the
  longest run of one suit) and ``t`` the target pile (0..9) with the source left out
  (``t = target`` when ``target < source``, else ``target - 1``);
* ``1170``: the deal;
* ``1171 .. 1180``: lifting a complete run off pile 0..9 (offered only by rules where a
  removal is a move of its own).

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from .._base.actions import ActionSpace, action_mask, sorted_actions
from ._moves import Move, MoveKind

__all__ = [
    "ACTION_COUNT",
    "SPACE",
    "action_mask",
    "action_to_move",
    "move_to_action",
    "sorted_actions",
]

_PILES = 10
_MAX_UNIT = 13
_UNIT_ACTIONS = _PILES * _MAX_UNIT * (_PILES - 1)
DEAL_ACTION = _UNIT_ACTIONS
_REMOVE_BASE = DEAL_ACTION + 1

ACTION_COUNT: int = _REMOVE_BASE + _PILES
"""The size of Spider's action space: 1,181 (1,170 unit moves, the deal, 10 removals)."""


def _unit_action(source: int, count: int, target: int) -> int:
    return (source * _MAX_UNIT + count - 1) * (_PILES - 1) + (
        target if target < source else target - 1
    )


def _build() -> tuple[Move, ...]:
    moves: list[Move] = [Move.DEAL] * ACTION_COUNT
    for source in range(_PILES):
        for count in range(1, _MAX_UNIT + 1):
            for target in range(_PILES):
                if target != source:
                    moves[_unit_action(source, count, target)] = Move.unit(source, count, target)
    for pile in range(_PILES):
        moves[_REMOVE_BASE + pile] = Move.remove(pile)
    return tuple(moves)


SPACE = ActionSpace("Spider", _build(), Move, ": a unit never goes onto its own pile")
"""Spider's action space."""
_MOVES = SPACE.moves
_ACTION_OF = SPACE.action_of


def action_to_move(action: int) -> Move:
    """The move numbered `action` in Spider's action space.

    Args:
        action: an int in ``0 .. ACTION_COUNT - 1``.

    Examples:
        >>> action_to_move(0), action_to_move(1170), action_to_move(1171)
        (Move.parse('1:1>2'), Move.parse('deal'), Move.parse('remove 1'))

    Raises:
        InvalidArgumentError: `action` is not an int in that range.
    """
    return SPACE.move(action)


def move_to_action(move: Move | str) -> int:
    """The number of `move` (a `Move` or its text) in Spider's action space.

    Args:
        move: any well-formed move, legal or not.

    Examples:
        >>> move_to_action("3:2>7"), move_to_action("deal"), move_to_action("remove 10")
        (248, 1170, 1180)

    Raises:
        InvalidMoveError: `move` is neither a Move nor valid move text, or is a unit onto
            its own pile (never legal, so not numbered).
    """
    return SPACE.action(move)


assert all(move.kind is MoveKind.UNIT for move in _MOVES[:_UNIT_ACTIONS]), (
    "every unit action maps to a unit move"
)
