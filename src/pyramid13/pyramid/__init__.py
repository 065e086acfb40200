"""Pyramid Solitaire (the "13" game): the engine, its solver, hints, bots and pictures.

Layer: the Pyramid game: it imports only the floor (`pyramid13._base`). Importing it registers
Pyramid in the game registry. Its public names are also the top-level names of the
package (``pyramid13.GameState`` is ``pyramid13.pyramid.GameState``), as Pyramid is the
package's first game; Spider is its sibling, ``pyramid13.spider``.

Examples:
    >>> from pyramid13 import pyramid
    >>> rules = pyramid.RuleSet.preset("classic")
    >>> state = pyramid.GameState.new(pyramid.Layout.shuffled(42), rules)
    >>> state.status
    <Status.PLAYING: 'playing'>
"""

from __future__ import annotations

from .._base.games import register_game
from .._base.location import Change
from ._actions import ACTION_COUNT, action_to_move, move_to_action
from ._bots import GreedyBot, RandomBot, SolverBot
from ._deals import winnable_deal
from ._game import GAME
from ._honest import honest_hint
from ._layout import Layout
from ._moves import Move, MoveKind
from ._observation import Observation, determinize
from ._replan import ReplanBot
from ._rules import Goal, RuleSet
from ._scoring import (
    CardemsScoring,
    MicrosoftScoring,
    NoScoring,
    ScoreEvent,
    ScoringPolicy,
    scoring_policy,
)
from ._state import GameState
from .solver import DEFAULT_NODE_LIMIT, Hinter, hint, solve

__all__ = [
    "ACTION_COUNT",
    "DEFAULT_NODE_LIMIT",
    "CardemsScoring",
    "Change",
    "GameState",
    "Goal",
    "GreedyBot",
    "Hinter",
    "Layout",
    "MicrosoftScoring",
    "Move",
    "MoveKind",
    "NoScoring",
    "Observation",
    "RandomBot",
    "ReplanBot",
    "RuleSet",
    "ScoreEvent",
    "ScoringPolicy",
    "SolverBot",
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
