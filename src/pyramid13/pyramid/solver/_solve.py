"""`solve`: is a position winnable, and how (perfect information: the stock order is known).

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import time

from ..._base.solving import SolveResult, check_limits
from ..._base.status import Status
from .._moves import Move
from .._state import GameState, check_state
from ._model import decode_move, make_model
from ._search import astar, dfs

__all__ = ["DEFAULT_NODE_LIMIT", "solve"]


DEFAULT_NODE_LIMIT = 3_000_000
"""The default `node_limit` of Pyramid's `solve`: 3,000,000 positions. Searches that reach
it were measured at about 350 MB (one waste pile), 522 MB (one pile, optimal mode) and
850 MB (three waste piles, optimal mode): see `benchmarks/memory.md`. Spider's is
`pyramid13.spider.solver.DEFAULT_NODE_LIMIT`."""


def solve(
    state: GameState,
    *,
    optimal: bool = False,
    node_limit: int | None = DEFAULT_NODE_LIMIT,
    time_limit: float | None = None,
) -> SolveResult[Move]:
    """Decide whether `state` can still be won, knowing the order of the stock.

    The search is exact for every `RuleSet`: any number of passes (unlimited included),
    `draw_count`, several waste piles, `stock_top_pairable`, `waste_pairing`,
    `overlap_pairing`, either goal and `first_card_to_waste`. Scoring plays no part.
    It never recurses and its memory is bounded by `node_limit` (see
    `DEFAULT_NODE_LIMIT`).

    Args:
        state: the position to solve; the solution starts from it.
        optimal: find a shortest solution (A*, slower) instead of any solution
            (depth-first search). Every removal, draw and recycle counts as one step.
        node_limit: stop, with `winnable` None, once this many positions are stored;
            None for no limit (memory then grows with the search: on the hardest deals,
            hundreds of bytes per position for millions of positions).
        time_limit: stop, with `winnable` None, after about this many seconds.

    Raises:
        InvalidArgumentError: `state` is not a GameState, or a limit is not a positive
            number or None (a time limit must also be finite: NaN and infinity are
            refused; a node limit is an int up to 2**63-1).

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
        >>> p13.solve(state, optimal=True).length
        52
    """
    check_state(state)
    check_limits(node_limit, time_limit)
    optimal = bool(optimal)
    start = time.perf_counter()
    status = state.status
    if status is not Status.PLAYING:
        won = status is Status.WON
        return SolveResult(won, (), 1, time.perf_counter() - start, optimal)
    deadline = None if time_limit is None else start + time_limit
    model = make_model(state, optimal=optimal)
    if model.is_dead(model.root):
        return SolveResult(False, (), 1, time.perf_counter() - start, optimal)
    search = astar if optimal else dfs
    winnable, codes, nodes = search(model, node_limit, deadline)
    moves = tuple(decode_move(code) for code in codes)
    return SolveResult(winnable, moves, nodes, time.perf_counter() - start, optimal)
