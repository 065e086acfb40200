"""`solve`: can a Spider position be won, knowing every card, and how.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

import time

from ..._base.solving import SolveResult, check_limits
from ..._base.status import Status
from .._check import check_type
from .._moves import Move
from .._state import GameState
from ._model import from_state, to_move
from ._search import Budget, OutOfBudgetError, find, prove

__all__ = ["DEFAULT_NODE_LIMIT", "solve"]

DEFAULT_NODE_LIMIT = 5_000_000
"""The default `node_limit` of Spider's `solve`: 5,000,000 positions expanded. It takes the
finding search through width 405 and into width 1,215 on the deals that need it. The
complete search keeps every position it has seen, a few hundred bytes each. Pyramid's is
`pyramid13.DEFAULT_NODE_LIMIT`."""
_FIRST_PROOF = 2_000  # nodes the complete search gets before the finding search starts


def _replay(state: GameState, codes: list[int]) -> tuple[Move, ...]:
    moves = tuple(to_move(code) for code in codes)
    end = state
    for move in moves:
        end = end.apply(move)  # checked: a wrong line raises here rather than escape
    if end.status is not Status.WON:
        raise RuntimeError("internal error: the solver's line does not win")  # pragma: no cover
    return moves


def solve(
    state: GameState,
    *,
    node_limit: int | None = DEFAULT_NODE_LIMIT,
    time_limit: float | None = None,
) -> SolveResult[Move]:
    """Decide whether a Spider position can still be won, knowing every card ("thoughtful").

    Two searches share the budget. A complete depth-first search (every legal move, a
    table of positions seen, and one exact cut: once the stock is empty, piles are
    interchangeable) runs first with a small part of it; it settles endgames and proves
    losses. Then a beam search looks for a win: it keeps the least chaotic positions
    (fewest face-down cards and broken runs) at each depth, for each number of deals
    made, and starts again wider when a beam fails; if it gives up, the complete search
    resumes with what is left. A win is replayed with `GameState.apply` to a won state
    before it is returned; `winnable` is False only when the complete search has seen
    every position reachable.

    Args:
        state: the position to solve; the solution starts from it.
        node_limit: stop, with `winnable` None, after expanding this many positions;
            None for no limit.
        time_limit: stop, with `winnable` None, after about this many seconds
            (wall clock).

    Raises:
        InvalidArgumentError: `state` is not a spider GameState, or a limit is not a
            positive number or None (NaN and infinity included; a node limit: an int up
            to 2**63-1).

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1, suits=1), rules)
        >>> result = spider.solve(state)
        >>> result.winnable
        True
        >>> end = state
        >>> for move in result.moves:
        ...     end = end.apply(move)
        >>> end.status
        <Status.WON: 'won'>
    """
    check_type(state, GameState, "state")
    check_limits(node_limit, time_limit)
    start = time.perf_counter()
    status = state.status
    if status is not Status.PLAYING:
        return SolveResult(status is Status.WON, (), 0, time.perf_counter() - start, False)
    deadline = None if time_limit is None else start + time_limit
    game = from_state(state)
    budget = Budget(node_limit, deadline)
    winnable: bool | None = None
    codes: list[int] | None = None
    try:
        first = Budget(min(_FIRST_PROOF, budget.limit), deadline)
        try:
            codes = prove(game, first)
            winnable = codes is not None
        except OutOfBudgetError:
            pass
        budget.nodes = first.nodes
        if winnable is None and budget.nodes >= budget.limit:
            raise OutOfBudgetError
        if winnable is None:
            codes = find(game, budget)
            if codes is None:
                codes = prove(game, budget)
            winnable = codes is not None
    except OutOfBudgetError:
        winnable, codes = None, None
    moves = _replay(state, codes) if codes is not None else ()
    return SolveResult(winnable, moves, budget.nodes, time.perf_counter() - start, False)
