"""Spider Solitaire: the same immutable, typed API as Pyramid, for every Spider variant.

Layer: the Spider game: it imports only the floor (`pyramid13._base`). Importing it registers
Spider in the game registry.

Cards (`pyramid13.Card`), `pyramid13.Status` and the `pyramid13.Pyramid13Error` hierarchy
are shared with Pyramid; everything else has its Spider twin here: `RuleSet` (six presets,
1, 2 or 4 suits), `Layout` (codes, seeded and PySolFC deals), `Move` (``"3:2>7"``,
``"deal"``, ``"remove 3"``), `GameState`, the scoring policies, and `Observation` with
`determinize` for honest play; `solve`, `hint` and `Hinter` (thoughtful: they see the
face-down cards); `honest_hint` and the honest bots (they see what the player sees).
A layout must have the shape and the suits of the rules it is
played under: deal it with ``Layout.shuffled(seed, rules)``, or pick PySolFC's deals with a
PySolFC preset.

Examples:
    >>> from pyramid13 import spider
    >>> rules = spider.RuleSet.preset("microsoft", suits=2)
    >>> state = spider.GameState.new(spider.Layout.shuffled(42, rules), rules)
    >>> state.status, state.score, state.deals_left
    (<Status.PLAYING: 'playing'>, 500, 5)
"""

from __future__ import annotations

from .._base.deals import WinnableDeal
from .._base.games import register_game
from .._base.location import Change
from ._actions import ACTION_COUNT, action_to_move, move_to_action
from ._bots import GreedyBot, RandomBot, SamplingBot
from ._deals import winnable_deal
from ._game import GAME
from ._honest import honest_hint
from ._layout import Layout
from ._moves import Move, MoveKind
from ._observation import Observation, determinize
from ._pile import ObservedPile, Pile
from ._planner import PlannerBot
from ._replan import ReplanBot
from ._rollout import RolloutBot
from ._rules import DealShape, RuleSet
from ._scoring import MicrosoftScoring, NoScoring, ScoreEvent, ScoringPolicy, scoring_policy
from ._state import GameState
from .solver import Hinter, hint, solve

__all__ = [
    "ACTION_COUNT",
    "Change",
    "DealShape",
    "GameState",
    "GreedyBot",
    "Hinter",
    "Layout",
    "MicrosoftScoring",
    "Move",
    "MoveKind",
    "NoScoring",
    "Observation",
    "ObservedPile",
    "Pile",
    "PlannerBot",
    "RandomBot",
    "ReplanBot",
    "RolloutBot",
    "RuleSet",
    "SamplingBot",
    "ScoreEvent",
    "ScoringPolicy",
    "WinnableDeal",
    "action_to_move",
    "determinize",
    "hint",
    "honest_hint",
    "move_to_action",
    "scoring_policy",
    "solve",
    "winnable_deal",
]

register_game(GAME)
