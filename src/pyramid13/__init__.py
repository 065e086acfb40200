"""pyramid13: Pyramid Solitaire (the "13" game) as an immutable, typed engine, and Spider
Solitaire in the ``pyramid13.spider`` subpackage.

Examples:
    >>> import pyramid13 as p13
    >>> state = p13.GameState.new(p13.Layout.shuffled(42), p13.RuleSet.preset("classic"))
    >>> state.status
    <Status.PLAYING: 'playing'>
"""

from __future__ import annotations

from . import geometry as geometry
from . import spider as spider  # a subpackage, not part of the flat namespace
from ._actions import ACTION_COUNT, action_to_move, move_to_action
from ._cards import DECK, Card, Rank, Suit
from ._errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidLayoutError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidRulesError,
    ParseError,
    Pyramid13Error,
    UndoError,
)
from ._layout import Layout
from ._location import CardLocation, Place
from ._moves import Move, MoveKind
from ._observation import Observation, determinize
from ._perft import perft, perft_divide
from ._protocol import State
from ._rules import Goal, RuleSet
from ._scoring import (
    CardemsScoring,
    MicrosoftScoring,
    NoScoring,
    ScoreEvent,
    ScoringPolicy,
    scoring_policy,
)
from ._state import GameState, Status
from .bots import Bot, GameOverError, GreedyBot, RandomBot, SolverBot
from .records import (
    MAX_RECORD_BYTES,
    RECORD_FORMAT,
    RECORD_VERSION,
    GameRecord,
    RecordMetadata,
    format_msc_solution,
    load_game,
    parse_msc_solution,
    record_schema,
    save_game,
)
from .solver import DEFAULT_NODE_LIMIT, Hinter, SolveResult, hint, solve
from .stats import (
    DEFAULT_MAX_MOVES,
    Outcome,
    WinRateError,
    WinRateResult,
    wilson_interval,
    win_rate,
)
from .svg import to_svg

__version__ = "0.1.0.dev0"
"""The installed release of pyramid13, as a PEP 440 version string."""

__all__ = [
    "ACTION_COUNT",
    "DECK",
    "DEFAULT_MAX_MOVES",
    "DEFAULT_NODE_LIMIT",
    "MAX_RECORD_BYTES",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Bot",
    "Card",
    "CardLocation",
    "CardemsScoring",
    "GameOverError",
    "GameRecord",
    "GameState",
    "Goal",
    "GreedyBot",
    "Hinter",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidLayoutError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidRecordError",
    "InvalidRulesError",
    "Layout",
    "MicrosoftScoring",
    "Move",
    "MoveKind",
    "NoScoring",
    "Observation",
    "Outcome",
    "ParseError",
    "Place",
    "Pyramid13Error",
    "RandomBot",
    "Rank",
    "RecordMetadata",
    "RuleSet",
    "ScoreEvent",
    "ScoringPolicy",
    "SolveResult",
    "SolverBot",
    "State",
    "Status",
    "Suit",
    "UndoError",
    "WinRateError",
    "WinRateResult",
    "__version__",
    "action_to_move",
    "determinize",
    "format_msc_solution",
    "hint",
    "load_game",
    "move_to_action",
    "parse_msc_solution",
    "perft",
    "perft_divide",
    "record_schema",
    "save_game",
    "scoring_policy",
    "solve",
    "to_svg",
    "wilson_interval",
    "win_rate",
]
