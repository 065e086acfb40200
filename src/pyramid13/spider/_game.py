"""Spider's entry in the game registry.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from .._base.games import Game
from ._bots import GreedyBot, RandomBot, SamplingBot
from ._layout import Layout
from ._moves import Move
from ._observation import Observation, determinize
from ._planner import PlannerBot
from ._position import format_rules, parse_rules
from ._replan import ReplanBot
from ._rollout import RolloutBot
from ._rules import RuleSet
from ._state import GameState
from ._svg import spider_svg
from .solver import DEFAULT_NODE_LIMIT, hint, solve

__all__ = ["GAME", "NO_PROGRESS"]

#: A Spider bot that plays this many moves in a row without turning a card over, removing
#: a run or dealing has lost (cards can shuttle between piles for ever).
NO_PROGRESS = 500


def _deal(seed: int, rules: RuleSet) -> GameState:
    return GameState.new(Layout.shuffled(seed, rules), rules)


def _progress(state: GameState) -> tuple[int, int, int]:
    face_down = sum(len(pile.face_down) for pile in state.piles)
    return state.deals_left, len(state.runs_removed), face_down


GAME = Game(
    name="spider",
    title="Spider",
    rules_type=RuleSet,
    layout_type=Layout,
    state_type=GameState,
    move_type=Move,
    observation_type=Observation,
    solve=solve,
    hint=hint,
    determinize=determinize,
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
    default_node_limit=DEFAULT_NODE_LIMIT,
    no_progress=NO_PROGRESS,
    progress=_progress,
    parse_rules=parse_rules,
    format_rules=format_rules,
)
