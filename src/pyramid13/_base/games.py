"""The game registry: one frozen `Game` entry per game, looked up by name or by value.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
Each game package builds its entry and registers it when it is imported
(``register_game(GAME)`` in its ``__init__``); the generic layers (statistics, records,
environments, pictures, perft, the command line) find a game here, by its name
(`get_game`) or from a state, rules, layout, move or observation of it (`game_of`), and
never import a game module by name. A game's package is imported on the first look-up of
its name, so a program that plays one game never loads the other.

Examples:
    >>> import pyramid13 as p13
    >>> [game.name for game in p13.registered_games()]
    ['pyramid', 'spider']
    >>> p13.get_game("spider").state_type is p13.spider.GameState
    True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from .errors import InvalidArgumentError
from .text import describe

__all__ = [
    "Game",
    "describe_value",
    "game_of",
    "get_game",
    "register_game",
    "registered_games",
    "state_game",
]

#: The games that ship with pyramid13, each with the package that registers it. A game
#: added to the library is one more line here (and one new subpackage).
BUILTIN_GAMES: Mapping[str, str] = {
    "pyramid": "pyramid13.pyramid",
    "spider": "pyramid13.spider",
}


@attrs.frozen(eq=False)
class Game:
    """Everything generic code needs to know about one game, in one frozen value.

    In the manner of OpenSpiel's ``GameType``: the types of the game's values, its
    solver, hint and named bots, how to draw it, how statistics stop a game that makes no
    progress and how a record names it. Entries compare by identity: there is one per game.

    Examples:
        >>> import pyramid13 as p13
        >>> game = p13.get_game("pyramid")
        >>> game.title, game.rules_type is p13.RuleSet, sorted(game.bots)
        ('Pyramid', True, ['greedy', 'random', 'solver'])
    """

    name: str
    """The game's name in records and on the command line: ``"pyramid"``, ``"spider"``."""
    title: str
    """The game's name in sentences: ``"Pyramid"``, ``"Spider"``."""
    rules_type: type
    """The game's `RuleSet` class."""
    layout_type: type
    """The game's `Layout` class."""
    state_type: type
    """The game's `GameState` class."""
    move_type: type
    """The game's `Move` class."""
    observation_type: type
    """The game's `Observation` class (what an honest player sees)."""
    solve: Callable[..., Any]
    """The thoughtful solver: ``solve(state, **limits) -> SolveResult``."""
    hint: Callable[..., Any]
    """``hint(state, **limits)``: a good move, or None when the game is over."""
    determinize: Callable[..., Any]
    """``determinize(observation, rng)``: a full state consistent with an observation."""
    deal: Callable[[int, Any], Any]
    """``deal(seed, rules)``: the start of the game dealt from a `Layout.shuffled` seed."""
    draw: Callable[..., str]
    """``draw(state, highlight=..., title=..., scale=...)``: an SVG picture."""
    bots: Mapping[str, Callable[[], Any]]
    """The named bots (``"random"``, ``"greedy"``, ...), each a class called with no
    argument for its defaults."""
    default_node_limit: int
    """The solver's default node limit."""
    no_progress: int | None
    """Statistics stop a bot's game after this many moves in a row that make no progress
    (None: the game cannot stall, as Pyramid's bounded stock passes ensure)."""
    progress: Callable[[Any], object] | None = None
    """A value that changes whenever a game makes progress (Spider: the deals left, the
    runs removed and the face-down cards), read by the no-progress rule; None where
    `no_progress` is None."""

    def __repr__(self) -> str:
        return f"<Game {self.name!r}>"

    def owns(self, value: object) -> bool:
        """True when `value` is a rule set, layout, state, move or observation of this game.

        Args:
            value: any value.

        Examples:
            >>> import pyramid13 as p13
            >>> p13.get_game("pyramid").owns(p13.RuleSet()), p13.get_game("spider").owns(3)
            (True, False)
        """
        return isinstance(
            value,
            (
                self.rules_type,
                self.layout_type,
                self.state_type,
                self.move_type,
                self.observation_type,
            ),
        )


_REGISTRY: dict[str, Game] = {}


def register_game(game: Game) -> Game:
    """Add `game` to the registry (each game package does so when imported).

    Args:
        game: the game's entry; registering the same entry again changes nothing.

    Raises:
        InvalidArgumentError: `game` is not a `Game`, or another game has its name.

    Examples:
        >>> import pyramid13 as p13
        >>> p13.register_game(p13.get_game("spider")) is p13.get_game("spider")
        True
    """
    if not isinstance(game, Game):
        raise InvalidArgumentError(f"game must be a Game, not {describe(game)}")
    known = _REGISTRY.get(game.name)
    if known is not None and known is not game:
        raise InvalidArgumentError(f"a game named {game.name!r} is already registered")
    _REGISTRY[game.name] = game
    return game


def get_game(name: str) -> Game:
    """The game called `name`, importing its package on first use.

    Args:
        name: the game's `Game.name`: ``"pyramid"`` or ``"spider"`` (or a game registered
            since).

    Raises:
        InvalidArgumentError: no game has that name.

    Examples:
        >>> import pyramid13 as p13
        >>> p13.get_game("pyramid").title
        'Pyramid'
    """
    game = _REGISTRY.get(name) if isinstance(name, str) else None
    if game is None and isinstance(name, str) and name in BUILTIN_GAMES:
        importlib.import_module(BUILTIN_GAMES[name])
        game = _REGISTRY.get(name)
    if game is None:
        known = ", ".join(sorted({*BUILTIN_GAMES, *_REGISTRY}))
        raise InvalidArgumentError(f"no game is named {describe(name)} (known: {known})")
    return game


def registered_games() -> tuple[Game, ...]:
    """Every game: the built-in ones (imported here if need be) and any registered since.

    Examples:
        >>> import pyramid13 as p13
        >>> [game.title for game in p13.registered_games()]
        ['Pyramid', 'Spider']
    """
    for name in BUILTIN_GAMES:
        get_game(name)
    return tuple(_REGISTRY.values())


def game_of(value: object, name: str = "state", what: str = "GameState") -> Game:
    """The game that `value` (a state, rules, layout, move or observation) belongs to.

    Only games already imported are asked: a value of a game exists only once its package
    has been imported, and so registered.

    Args:
        value: the value to place.
        name: the argument's name, for the error message.
        what: what the argument should be, for the error message.

    Raises:
        InvalidArgumentError: `value` belongs to no game; the message names what it is.

    Examples:
        >>> import pyramid13 as p13
        >>> p13.game_of(p13.spider.RuleSet()).name
        'spider'
    """
    for game in _REGISTRY.values():
        if game.owns(value):
            return game
    raise InvalidArgumentError(f"{name} must be a {what} of a game, not {describe_value(value)}")


def state_game(state: object, name: str = "state") -> Game:
    """The game whose `GameState` `state` is.

    Raises:
        InvalidArgumentError: `state` is no game's state (a rule set or an observation of a
            game included); the message names what it is, ``"a Spider Observation"``.
    """
    for game in _REGISTRY.values():
        if isinstance(state, game.state_type):
            return game
    raise InvalidArgumentError(
        f"{name} must be the GameState of a game, not {describe_value(state)}"
    )


def describe_value(value: object) -> str:
    """`value` described for an error message, naming its game when it has one
    (``"a Spider GameState"``) and its type otherwise."""
    for game in _REGISTRY.values():
        if game.owns(value):
            return f"a {game.title} {type(value).__name__}"
    return describe(value)
