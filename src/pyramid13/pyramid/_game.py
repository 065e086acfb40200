"""Pyramid's entry in the game registry.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor. The entry is
built by convention from the names imported here (the names every game offers); only
what is Pyramid's own is spelled out.
"""

from __future__ import annotations

from .._base.games import Game
from ._actions import ACTION_COUNT, action_to_move, move_to_action
from ._bots import GreedyBot, RandomBot, SolverBot
from ._deals import winnable_deal
from ._layout import Layout
from ._moves import Move
from ._observation import Observation, determinize
from ._position import format_rules, parse_rules
from ._replan import ReplanBot
from ._rules import RuleSet, as_rules
from ._state import GameState
from ._svg import pyramid_svg
from .solver import DEFAULT_NODE_LIMIT, Hinter, hint, solve

__all__ = ["GAME"]

# The names the entry is built from (see `Game.from_namespace`).
_CONVENTIONAL = (
    ACTION_COUNT, action_to_move, move_to_action, Layout, Move, Observation, determinize,
    RuleSet, as_rules, GameState, DEFAULT_NODE_LIMIT, Hinter, hint, solve, format_rules,
    parse_rules, winnable_deal,
)  # fmt: skip


def _deal(seed: int, rules: RuleSet) -> GameState:
    return GameState.new(Layout.shuffled(seed), rules)


GAME = Game.from_namespace(
    globals(),
    name="pyramid",
    title="Pyramid",
    deal=_deal,
    draw=pyramid_svg,
    bots={
        "random": RandomBot,
        "greedy": GreedyBot,
        "replan": ReplanBot,
        "solver": SolverBot,
    },
    no_progress=None,  # every rule set ends: the stock's passes are bounded or cycle-checked
    namespace="pyramid13",
    encoding="pyramid13.pyramid._encoding",
    batch="pyramid13.pyramid._batch:PyramidBatch",
)
