"""`hint`: the next move to suggest, cheap enough to call after every move of a game."""

from __future__ import annotations

from .._greedy import greedy_move
from .._moves import Move
from .._state import GameState, check_state
from ._solve import solve

__all__ = ["hint"]


def hint(
    state: GameState, *, node_limit: int | None = 20_000, time_limit: float | None = 0.25
) -> Move | None:
    """The move to suggest in `state`, or None when the game is over.

    The solver gets a small budget: when it finds a win within it, the hint is the first
    move of that win (so following hints wins every game that can still be won and that
    the budget decides). When it proves the game lost or runs out of budget, the hint is
    the greedy player's move (see `GreedyBot`). With the default budget a hint takes at
    most about a quarter of a second, and usually a few milliseconds.

    Args:
        state: the position.
        node_limit: the solver's node budget (see `solve`).
        time_limit: the solver's time budget in seconds.

    Raises:
        InvalidArgumentError: `state` is not a GameState, or a limit is not a positive
            number or None (see `solve`).

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> while not state.is_over:
        ...     state = state.apply(p13.hint(state))
        >>> state.status
        <Status.WON: 'won'>
    """
    check_state(state)
    legal = state.legal_moves()
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    result = solve(state, node_limit=node_limit, time_limit=time_limit)
    if result.winnable:
        return result.moves[0]
    return greedy_move(state)
