"""Pyramid's entry in the game registry.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from .._base.games import Game
from ._bots import GreedyBot, RandomBot, SolverBot
from ._layout import Layout
from ._moves import Move
from ._observation import Observation, determinize
from ._position import format_rules, parse_rules
from ._rules import RuleSet
from ._state import GameState
from ._svg import pyramid_svg
from .solver import DEFAULT_NODE_LIMIT, Hinter, hint, solve

__all__ = ["GAME"]


def _deal(seed: int, rules: RuleSet) -> GameState:
    return GameState.new(Layout.shuffled(seed), rules)


GAME = Game(
    name="pyramid",
    title="Pyramid",
    rules_type=RuleSet,
    layout_type=Layout,
    state_type=GameState,
    move_type=Move,
    observation_type=Observation,
    solve=solve,
    hint=hint,
    determinize=determinize,
    deal=_deal,
    draw=pyramid_svg,
    bots={"random": RandomBot, "greedy": GreedyBot, "solver": SolverBot},
    default_node_limit=DEFAULT_NODE_LIMIT,
    no_progress=None,  # every rule set ends: the stock's passes are bounded or cycle-checked
    parse_rules=parse_rules,
    format_rules=format_rules,
    hinter=Hinter,
)
