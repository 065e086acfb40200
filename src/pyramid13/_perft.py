"""Perft: counting move sequences, the cheapest cross-check of move generation.

Layer: generic. It counts through the `State` protocol, so it serves every game of the
registry (and any state of your own that offers `legal_moves` and `apply_unchecked`).
"""

from __future__ import annotations

from typing import Any, TypeVar

from ._base.errors import InvalidArgumentError
from ._base.games import describe_value
from ._base.integers import as_int
from ._base.protocol import State
from ._base.text import describe

__all__ = ["perft", "perft_divide"]

MoveT = TypeVar("MoveT")


def perft(state: State[Any], depth: int) -> int:
    """The number of legal move sequences of exactly `depth` moves from `state`.

    A finished game (won or lost) has no moves, so it counts only at depth 0. Works on any
    game's state (`State`): Pyramid's and Spider's.

    Args:
        state: the position to count from.
        depth: the length of the sequences, 0 or more.

    Examples:
        >>> from pyramid13 import GameState, Layout, RuleSet
        >>> state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
        >>> [perft(state, depth) for depth in range(5)]
        [1, 3, 7, 15, 30]
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc")
        >>> perft(spider.GameState.new(spider.Layout.from_pysolfc(1), rules), 1)
        7

    Raises:
        InvalidArgumentError: `state` is not a game state, or `depth` is not an int >= 0.
    """
    _check_state(state)
    number = as_int(depth)
    if number is None or number < 0:
        raise InvalidArgumentError(f"depth must be an int >= 0, not {describe(depth)}")
    return _perft(state, number)


def _check_state(state: object) -> None:
    # Any `State` will do (Pyramid's, Spider's, one of your own): it is checked by the two
    # methods perft calls, so that a wrong argument is refused with a library error.
    for method in ("legal_moves", "apply_unchecked"):
        if not callable(getattr(state, method, None)):
            raise InvalidArgumentError(
                f"state must be a game state (a GameState), not {describe_value(state)}"
            )


def _perft(state: State[Any], depth: int) -> int:
    moves = state.legal_moves()
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    return sum(_perft(state.apply_unchecked(move), depth - 1) for move in moves)


def perft_divide(state: State[MoveT], depth: int) -> dict[MoveT, int]:
    """`perft` split by first move: for each legal move, the count below it.

    Comparing two implementations' divides finds the first move they disagree on.

    Args:
        state: the position to count from.
        depth: the length of the sequences, 1 or more (the first move included).

    Examples:
        >>> from pyramid13 import GameState, Layout, RuleSet
        >>> state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
        >>> perft_divide(state, 2)
        {Move.parse('KC'): 2, Move.parse('KH'): 2, Move.parse('draw'): 3}

    Raises:
        InvalidArgumentError: `state` is not a game state, or `depth` is not an int >= 1.
    """
    _check_state(state)
    number = as_int(depth)
    if number is None or number < 1:
        raise InvalidArgumentError(f"depth must be an int >= 1, not {describe(depth)}")
    return {move: _perft(state.apply_unchecked(move), number - 1) for move in state.legal_moves()}
