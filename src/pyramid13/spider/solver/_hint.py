"""`hint`: the next move to suggest, cheap enough to ask after every move of a game.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from collections import OrderedDict

from .._check import check_type
from .._greedy import greedy_move
from .._moves import Move
from .._state import GameState
from ._solve import solve

__all__ = ["hint"]

# Winning lines found, by the position they start from (at most _PLANS of them): a game
# that follows a hint finds the rest of its line here without a search.
_PLANS: OrderedDict[GameState, tuple[Move, ...]] = OrderedDict()
_PLANS_KEPT = 64


def _remember(state: GameState, line: tuple[Move, ...]) -> None:
    _PLANS[state] = line
    _PLANS.move_to_end(state)
    while len(_PLANS) > _PLANS_KEPT:
        _PLANS.popitem(last=False)


def hint(
    state: GameState, *, node_limit: int | None = 30_000, time_limit: float | None = 0.5
) -> Move | None:
    """The move to suggest in a Spider position, or None when the game is over.

    When the position is the next one of a winning line found earlier (the game followed
    the hints), the hint is that line's next move, at once. Otherwise the solver gets a
    small budget: when it finds a win, the hint is its first move and the line is kept
    for the next positions; when it does not, the hint is `spider.GreedyBot`'s move.
    The hint is thoughtful: it sees the face-down cards and the order of the stock (as
    `spider.solve` does), which the player does not; it is an aid, not an honest player.
    `spider.honest_hint` suggests a move from the player's view alone.

    Args:
        state: the position.
        node_limit: the solver's node budget when there is no line to follow.
        time_limit: the solver's time budget in seconds.

    Raises:
        InvalidArgumentError: `state` is not a spider GameState, or a limit is not a
            positive number or None (a node limit: an int up to 2**63-1).

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(5, suits=1), rules)
        >>> spider.hint(state) in state.legal_moves()
        True
    """
    check_type(state, GameState, "state")
    legal = state.legal_moves()
    if not legal:
        return None
    line = _PLANS.get(state)
    if line is None:
        if len(legal) == 1:
            return legal[0]
        result = solve(state, node_limit=node_limit, time_limit=time_limit)
        if not result.winnable or not result.moves:
            move = greedy_move(state.observe())
            assert move is not None
            return move
        line = result.moves
    move = line[0]
    if len(line) > 1:
        _remember(state.apply_unchecked(move), line[1:])
    return move
