"""Spider's entry in the game registry.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor. The entry is
built by convention from the names imported here (the names every game offers); only
what is Spider's own is spelled out.
"""

from __future__ import annotations

from .._base.games import Game
from ._actions import ACTION_COUNT, action_to_move, move_to_action
from ._bots import GreedyBot, RandomBot, SamplingBot
from ._deals import winnable_deal
from ._layout import Layout
from ._moves import Move
from ._observation import Observation, determinize
from ._planner import PlannerBot
from ._position import format_rules, parse_rules
from ._replan import ReplanBot
from ._rollout import RolloutBot
from ._rules import RuleSet, as_rules
from ._stalling import NO_PROGRESS, progress
from ._state import GameState
from ._svg import spider_svg
from .solver import DEFAULT_NODE_LIMIT, Hinter, hint, solve

__all__ = ["GAME", "NO_PROGRESS", "SPIDER_NO_PROGRESS"]

# The names the entry is built from (see `Game.from_namespace`).
_CONVENTIONAL = (
    ACTION_COUNT, action_to_move, move_to_action, Layout, Move, Observation, determinize,
    RuleSet, as_rules, GameState, DEFAULT_NODE_LIMIT, Hinter, hint, solve, format_rules,
    parse_rules, winnable_deal,
)  # fmt: skip

SPIDER_NO_PROGRESS = NO_PROGRESS
"""Spider's no-progress rule, 500: a bot's game in which this many moves in a row turn no
card over, remove no run and deal no row is lost (`win_rate` ends it so)."""


def _deal(seed: int, rules: RuleSet) -> GameState:
    return GameState.new(Layout.shuffled(seed, rules), rules)


GAME = Game.from_namespace(
    globals(),
    name="spider",
    title="Spider",
    deal=_deal,
    draw=spider_svg,
    bots={
        "random": RandomBot,
        "greedy": GreedyBot,
        "sampling": SamplingBot,
        "planner": PlannerBot,
        "replan": ReplanBot,
        "rollout": RolloutBot,
    },
    no_progress=NO_PROGRESS,
    progress=progress,
    batch="pyramid13.spider._batch:SpiderBatch",
    namespace="pyramid13.spider",
    encoding="pyramid13.spider._encoding",
)
