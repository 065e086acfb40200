"""`Hinter`: hints for one Spider game that remember the winning line they found.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..._base.errors import InvalidArgumentError
from ..._base.solving import Limit, check_limits
from ..._base.status import Status
from ..._base.text import describe
from .._greedy import greedy_move
from .._moves import Move
from .._state import GameState
from ._solve import solve

__all__ = ["Hinter"]


def _check(state: object) -> GameState:
    if not isinstance(state, GameState):
        raise InvalidArgumentError(f"state must be a spider GameState, not {describe(state)}")
    return state


class Hinter:
    """Hints for Spider games that keep what their searches found, the twin of Pyramid's
    `pyramid13.Hinter`.

    Each call is `spider.hint`'s: the next move of a winning line found earlier while the
    game follows it (no search); else the solver's first move when it finds a win within
    the budget (the line is kept for the positions that follow); else
    `spider.GreedyBot`'s move. Unlike `spider.hint`, whose lines are shared by every
    caller, a hinter keeps its own, and it also keeps the positions its solver proved
    lost, which its ``known`` reports. It is thoughtful: it sees the face-down cards and the
    stock (like `spider.solve`), an aid, not an honest player (`spider.honest_hint` suggests
    from the player's view alone). A hinter changes as it learns: keep one per game and per
    thread.

    Args:
        node_limit: the solver's node budget for each call that has no line to follow.
        time_limit: the solver's time budget in seconds (wall clock) for each such call.
        memory_limit: positions (of winning lines and proved losses) the hinter keeps; past
            it, it forgets the oldest.

    Raises:
        InvalidArgumentError: a limit is not a positive number or None (a node limit: an
            int up to 2**63-1).

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1, suits=1), rules)
        >>> hinter = spider.Hinter(time_limit=None)
        >>> for _ in range(5):
        ...     state = state.apply(hinter.hint(state))
        >>> hinter.known(state)  # the game follows the winning line found at the start
        True
    """

    __slots__ = ("_lines", "_lost", "_node_limit", "_time_limit", "memory_limit")

    memory_limit: int
    """Positions the hinter remembers."""

    def __init__(
        self,
        *,
        node_limit: int | None = 30_000,
        time_limit: float | None = 0.5,
        memory_limit: int = 100_000,
    ) -> None:
        check_limits(node_limit, time_limit)
        if isinstance(memory_limit, bool) or not isinstance(memory_limit, int) or memory_limit < 1:
            raise InvalidArgumentError(
                f"memory_limit must be a positive int, not {describe(memory_limit)}"
            )
        self._node_limit = node_limit
        self._time_limit = time_limit
        self.memory_limit = memory_limit
        self._lines: OrderedDict[GameState, tuple[Move, ...]] = OrderedDict()
        self._lost: OrderedDict[GameState, None] = OrderedDict()

    node_limit = Limit[int | None](
        "The solver's node budget for each call (an int in 1..2**63-1, or None)."
    )
    time_limit = Limit[float | None](
        "The solver's time budget for each call, in seconds (a positive, finite number, or None)."
    )

    def __repr__(self) -> str:
        return (
            f"Hinter(node_limit={self.node_limit!r}, time_limit={self.time_limit!r}, "
            f"memory_limit={self.memory_limit!r})"
        )

    def _keep(self, table: OrderedDict[GameState, Any], state: GameState, value: object) -> None:
        table[state] = value
        table.move_to_end(state)
        while len(self._lines) + len(self._lost) > self.memory_limit:
            (self._lost if self._lost else self._lines).popitem(last=False)

    def hint(self, state: GameState) -> Move | None:
        """The move to suggest in `state`, or None when the game is over.

        Args:
            state: a position.

        Raises:
            InvalidArgumentError: `state` is not a spider GameState.

        Examples:
            >>> from pyramid13 import spider
            >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
            >>> state = spider.GameState.new(spider.Layout.from_pysolfc(5, suits=1), rules)
            >>> spider.Hinter().hint(state) in state.legal_moves()
            True
        """
        state = _check(state)
        legal = state.legal_moves()
        if not legal:
            return None
        line = self._lines.get(state)
        if line is None:
            if len(legal) == 1:
                return legal[0]
            if state not in self._lost:
                result = solve(state, node_limit=self.node_limit, time_limit=self.time_limit)
                if result.winnable is False:
                    self._keep(self._lost, state, None)
                if result.winnable and result.moves:
                    line = result.moves
            if line is None:
                move = greedy_move(state.observe())
                assert move is not None
                return move
        move = line[0]
        if len(line) > 1:
            self._keep(self._lines, state.apply_unchecked(move), line[1:])
        return move

    def known(self, state: GameState) -> bool | None:
        """What the hinter has found about `state`, without searching.

        Args:
            state: a position.

        Returns:
            True when it knows a winning line from `state` (or the game is won), False
            when its solver proved `state` lost (or the game is lost), None otherwise.

        Raises:
            InvalidArgumentError: `state` is not a spider GameState.

        Examples:
            >>> from pyramid13 import spider
            >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
            >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1, suits=1), rules)
            >>> hinter = spider.Hinter(time_limit=None)
            >>> hinter.known(state) is None
            True
            >>> hinter.known(state.apply(hinter.hint(state)))
            True
        """
        state = _check(state)
        status = state.status
        if status is not Status.PLAYING:
            return status is Status.WON
        if state in self._lines:
            return True
        if state in self._lost:
            return False
        return None
