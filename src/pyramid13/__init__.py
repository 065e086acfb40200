"""pyramid13: Pyramid Solitaire (the "13" game) as an immutable, typed engine, and Spider
Solitaire in the ``pyramid13.spider`` subpackage.

Layer: the façade. Its names are Pyramid's (``pyramid13.pyramid``), the floor's (cards,
errors, `Status`, the game registry) and the generic layers' (`solve`, `hint`, `Hinter`
and `determinize`, statistics, records, pictures, perft, `Timeline`: they serve every
game), each imported from its module on first use.

Examples:
    >>> import pyramid13 as p13
    >>> state = p13.GameState.new(p13.Layout.shuffled(42), p13.RuleSet.preset("classic"))
    >>> state.status
    <Status.PLAYING: 'playing'>
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import geometry as geometry
    from . import pyramid as pyramid  # a subpackage, not part of the flat namespace
    from . import spider as spider  # a subpackage, not part of the flat namespace
    from ._base.bots import Bot, bot_view
    from ._base.cards import (
        DECK,
        Card,
        Rank,
        Suit,
    )
    from ._base.deals import WinnableDeal
    from ._base.errors import (
        GameOverError,
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
    from ._base.games import (
        Game,
        game_of,
        get_game,
        register_game,
        registered_games,
    )
    from ._base.location import CardLocation, Change, Place
    from ._base.protocol import State
    from ._base.solving import GAME_DEFAULT, SolveResult
    from ._base.status import Status
    from ._generic import Hinter, determinize, hint, solve, winnable_deal
    from ._perft import perft, perft_divide
    from ._timeline import Timeline
    from .bots import SolverBot
    from .pyramid._actions import ACTION_COUNT, action_to_move, move_to_action
    from .pyramid._bots import GreedyBot, RandomBot
    from .pyramid._honest import honest_hint
    from .pyramid._layout import Layout
    from .pyramid._moves import Move, MoveKind
    from .pyramid._observation import Observation
    from .pyramid._replan import ReplanBot
    from .pyramid._rules import Goal, RuleSet
    from .pyramid._scoring import (
        CardemsScoring,
        MicrosoftScoring,
        NoScoring,
        ScoreEvent,
        ScoringPolicy,
        scoring_policy,
    )
    from .pyramid._state import GameState
    from .pyramid.solver import DEFAULT_NODE_LIMIT
    from .records import (
        MAX_RECORD_BYTES,
        MAX_RECORD_MOVES,
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
    from .spider._game import SPIDER_NO_PROGRESS
    from .stats import (
        DEFAULT_MAX_MOVES,
        HONEST_NO_UNDO,
        THOUGHTFUL,
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
    "GAME_DEFAULT",
    "HONEST_NO_UNDO",
    "MAX_RECORD_BYTES",
    "MAX_RECORD_MOVES",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "SPIDER_NO_PROGRESS",
    "THOUGHTFUL",
    "Bot",
    "Card",
    "CardLocation",
    "CardemsScoring",
    "Change",
    "Game",
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
    "ReplanBot",
    "RuleSet",
    "ScoreEvent",
    "ScoringPolicy",
    "SolveResult",
    "SolverBot",
    "State",
    "Status",
    "Suit",
    "Timeline",
    "UndoError",
    "WinRateError",
    "WinRateResult",
    "WinnableDeal",
    "__version__",
    "action_to_move",
    "bot_view",
    "determinize",
    "format_msc_solution",
    "game_of",
    "get_game",
    "hint",
    "honest_hint",
    "load_game",
    "move_to_action",
    "parse_msc_solution",
    "perft",
    "perft_divide",
    "record_schema",
    "register_game",
    "registered_games",
    "save_game",
    "scoring_policy",
    "solve",
    "to_svg",
    "wilson_interval",
    "win_rate",
    "winnable_deal",
]

# `import pyramid13` stays cheap: each public name is imported from its module on first
# use (PEP 562). The command line counts on it to answer Ctrl-C from its first instant.
_HOMES: dict[str, tuple[str, ...]] = {
    ".pyramid._actions": (
        "ACTION_COUNT",
        "action_to_move",
        "move_to_action",
    ),
    "._base.cards": (
        "DECK",
        "Card",
        "Rank",
        "Suit",
    ),
    "._base.errors": (
        "GameOverError",
        "IllegalMoveError",
        "InvalidArgumentError",
        "InvalidCardError",
        "InvalidLayoutError",
        "InvalidMoveError",
        "InvalidPositionError",
        "InvalidRecordError",
        "InvalidRulesError",
        "ParseError",
        "Pyramid13Error",
        "UndoError",
    ),
    ".pyramid._layout": ("Layout",),
    "._base.location": (
        "CardLocation",
        "Change",
        "Place",
    ),
    ".pyramid._moves": (
        "Move",
        "MoveKind",
    ),
    ".pyramid._observation": ("Observation",),
    "._generic": (
        "Hinter",
        "determinize",
        "hint",
        "solve",
        "winnable_deal",
    ),
    "._base.deals": ("WinnableDeal",),
    "._perft": (
        "perft",
        "perft_divide",
    ),
    "._base.protocol": ("State",),
    "._timeline": ("Timeline",),
    ".pyramid._rules": (
        "Goal",
        "RuleSet",
    ),
    ".pyramid._scoring": (
        "CardemsScoring",
        "MicrosoftScoring",
        "NoScoring",
        "ScoreEvent",
        "ScoringPolicy",
        "scoring_policy",
    ),
    "._base.games": (
        "Game",
        "game_of",
        "get_game",
        "register_game",
        "registered_games",
    ),
    "._base.status": ("Status",),
    ".pyramid._state": ("GameState",),
    "._base.bots": (
        "Bot",
        "bot_view",
    ),
    ".pyramid._bots": (
        "GreedyBot",
        "RandomBot",
    ),
    ".pyramid._honest": ("honest_hint",),
    ".pyramid._replan": ("ReplanBot",),
    ".bots": ("SolverBot",),
    ".records": (
        "MAX_RECORD_BYTES",
        "MAX_RECORD_MOVES",
        "RECORD_FORMAT",
        "RECORD_VERSION",
        "GameRecord",
        "RecordMetadata",
        "format_msc_solution",
        "load_game",
        "parse_msc_solution",
        "record_schema",
        "save_game",
    ),
    "._base.solving": (
        "GAME_DEFAULT",
        "SolveResult",
    ),
    ".pyramid.solver": ("DEFAULT_NODE_LIMIT",),
    ".spider._game": ("SPIDER_NO_PROGRESS",),
    ".stats": (
        "DEFAULT_MAX_MOVES",
        "HONEST_NO_UNDO",
        "THOUGHTFUL",
        "Outcome",
        "WinRateError",
        "WinRateResult",
        "wilson_interval",
        "win_rate",
    ),
    ".svg": ("to_svg",),
}
_NAMES = {name: module for module, names in _HOMES.items() for name in names}
_SUBMODULES = frozenset(
    {"bots", "geometry", "pyramid", "records", "solver", "spider", "stats", "svg"}
)


def __getattr__(name: str) -> Any:
    module = _NAMES.get(name)
    if module is not None:
        value = getattr(importlib.import_module(module, __name__), name)
    elif name in _SUBMODULES:
        value = importlib.import_module(f".{name}", __name__)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_SUBMODULES})
