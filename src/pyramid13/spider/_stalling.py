"""When a Spider game without undo has stalled, and a bot's game played out to that point.

Cards can shuttle between piles for ever, so a Spider bot's game ends either when the
game is over or after `NO_PROGRESS` moves in a row that change nothing `progress`
measures. `pyramid13.win_rate` counts such a game as lost (through the game's registry
entry); the grades of `winnable_deal` read how far the greedy bot got (`play_out`).

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from collections.abc import Callable

from ._moves import Move
from ._observation import Observation
from ._state import GameState

__all__ = ["NO_PROGRESS", "face_down_left", "play_out", "progress"]

#: A Spider bot that plays this many moves in a row without turning a card over, removing
#: a run or dealing has lost (cards can shuttle between piles for ever).
NO_PROGRESS = 500


def face_down_left(state: GameState) -> int:
    """How many cards of the table are still face down."""
    return sum(len(pile.face_down) for pile in state.piles)


def progress(state: GameState) -> tuple[int, int, int]:
    """What a move must change to count as progress: the deals left, the runs removed
    and the face-down cards (each only ever falls, or rises for runs, without undo)."""
    return state.deals_left, len(state.runs_removed), face_down_left(state)


def play_out(start: GameState, choose: Callable[[Observation], Move | None]) -> GameState:
    """The game from `start` with the moves `choose` picks from each observation (an
    honest player), until it is over or has stalled (`NO_PROGRESS` idle moves in a row).

    It always ends: without undo each count of `progress` moves only one way and has a
    bound, and the counts change at most `NO_PROGRESS` moves apart.

    Examples:
        >>> from pyramid13 import spider
        >>> from pyramid13.spider._greedy import greedy_move
        >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
        >>> start = spider.GameState.new(spider.Layout.shuffled(1, rules), rules)
        >>> end = play_out(start, greedy_move)
        >>> end.is_over or len(end.history) > NO_PROGRESS
        True
    """
    state = start
    counts = progress(state)
    idle = 0
    while not state.is_over and idle < NO_PROGRESS:
        move = choose(state.observe())
        assert move is not None  # a game that is not over has a legal move
        state = state.apply(move)
        before, counts = counts, progress(state)
        idle = idle + 1 if counts == before else 0
    return state
