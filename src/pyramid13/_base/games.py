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
import inspect
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from .errors import InvalidArgumentError
from .text import QUOTE_LIMIT, describe

__all__ = [
    "Game",
    "describe_value",
    "game_of",
    "get_game",
    "kind_of",
    "loaded_games",
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
        >>> game.title, game.default_node_limit, sorted(game.bots)
        ('Pyramid', 3000000, ['greedy', 'random', 'replan', 'solver'])
        >>> state = game.deal(1, game.as_rules("microsoft"))
        >>> game.move_to_action(state.legal_moves()[0]) in state.legal_actions()
        True
    """

    name: str
    """The game's name in records (their ``"game"`` field) and on the command line:
    ``"pyramid"``, ``"spider"``."""
    title: str
    """The game's name in sentences and error messages: ``"Pyramid"``, ``"Spider"``."""
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
    hinter: Callable[..., Any]
    """The game's `Hinter` class: ``hinter(**limits).hint(state)``, hints for one game
    that may learn as it goes."""
    determinize: Callable[..., Any]
    """``determinize(observation, rng)``: a full state consistent with an observation."""
    as_rules: Callable[[Any], Any]
    """``as_rules(rules)``: a rule set of the game from itself, a preset's name or None
    (the game's own error for anything else)."""
    deal: Callable[[int, Any], Any]
    """``deal(seed, rules)``: the start of the game dealt from a `Layout.shuffled` seed."""
    draw: Callable[..., str]
    """``draw(state, **options)``: an SVG picture of a state or observation, with the
    options of `pyramid13.to_svg`."""
    bots: Mapping[str, Callable[[], Any]]
    """The named bots (``"random"``, ``"greedy"``, ...), each a class called with no
    argument for its defaults."""
    default_node_limit: int
    """The solver's default node limit."""
    action_count: int
    """The size of the game's action space (``ACTION_COUNT``): every move has a number in
    ``range(action_count)``, as ``state.legal_actions()`` gives them."""
    action_to_move: Callable[[int], Any]
    """``action_to_move(number)``: the move of an action number."""
    move_to_action: Callable[[Any], int]
    """``move_to_action(move)``: the action number of a move."""
    no_progress: int | None
    """Statistics stop a bot's game after this many moves in a row that make no progress
    (None: the game cannot stall, as Pyramid's bounded stock passes ensure)."""
    progress: Callable[[Any], object] | None = None
    """A value that changes whenever a game makes progress (Spider: the deals left, the
    runs removed and the face-down cards), read by the no-progress rule; None where
    `no_progress` is None."""
    shortest: bool = False
    """Whether `solve` can look for a shortest solution (``solve(state, optimal=True)``)."""
    namespace: str = ""
    """The module where the game's public names live (``"pyramid13"`` for Pyramid, whose
    names are the package's top-level names; ``"pyramid13.spider"``), for messages that
    name a type as its users write it."""
    encoding: str | None = None
    """The module of the game's observation encoding for the learning environments
    (``pyramid13.envs``), imported only when an environment needs it (it needs NumPy):
    it offers ``observation_bounds(rules) -> (low, high)`` and
    ``encode_observation(observation) -> numpy.ndarray``. None: the game has no
    environment."""
    batch: str | None = None
    """Where the game's batched engine lives, as ``"module:Class"`` (Pyramid's is
    ``"pyramid13.pyramid._batch:PyramidBatch"``), for `pyramid13.batch`: a class that plays
    many games at once on NumPy arrays, following `pyramid13.batch.BatchEngine`. It is
    imported only when a batch is made (it needs NumPy). None: the game has none."""

    parse_rules: Callable[[str], Any] | None = None
    """``parse_rules(text)``: rules from their compact text (``"microsoft,passes=2"``), as
    position codes and the command line's ``--preset`` write them."""
    format_rules: Callable[[Any], str] | None = None
    """``format_rules(rules)``: the compact text that `parse_rules` reads back."""
    winnable_deal: Callable[..., Any] | None = None
    """``winnable_deal(rules, seed, *, difficulty, date, max_attempts, progress)``, and
    ``key=`` when a server's key is given: a deal proven winnable, with its certificate (a
    `WinnableDeal`); None: the game offers none."""

    @classmethod
    def from_namespace(
        cls,
        names: Mapping[str, Any],
        *,
        name: str,
        title: str,
        deal: Callable[[int, Any], Any],
        draw: Callable[..., str],
        bots: Mapping[str, Callable[[], Any]],
        no_progress: int | None = None,
        progress: Callable[[Any], object] | None = None,
        encoding: str | None = None,
        batch: str | None = None,
        namespace: str = "",
    ) -> Game:
        """The entry of a game whose package follows the naming convention of the games.

        Every game offers the same names: `RuleSet`, `Layout`, `Move`, `GameState`,
        `Observation`, `solve`, `hint`, `Hinter`, `determinize`, `as_rules`, `winnable_deal`,
        `action_to_move`, `move_to_action`, `ACTION_COUNT` and `DEFAULT_NODE_LIMIT`. They
        are read from `names` (a game's ``_game`` module passes its ``globals()``);
        only what differs between games is passed by keyword.

        Args:
            names: the game's conventional names and their values.
            name: the game's name (`Game.name`).
            title: the game's name in sentences (`Game.title`).
            deal: `Game.deal`.
            draw: `Game.draw`.
            bots: `Game.bots`.
            no_progress: `Game.no_progress`.
            progress: `Game.progress`.
            encoding: `Game.encoding`.
            batch: `Game.batch`.
            namespace: `Game.namespace`.

        Raises:
            InvalidArgumentError: `names` lacks one of them.

        Examples:
            >>> import pyramid13 as p13
            >>> entry = p13.get_game("spider")
            >>> entry.action_count, entry.shortest, p13.get_game("pyramid").shortest
            (1181, False, True)
        """
        missing = [key for key in _CONVENTION.values() if key not in names]
        if missing:
            raise InvalidArgumentError(f"the names of game {name!r} lack {', '.join(missing)}")
        found = {field: names[key] for field, key in _CONVENTION.items()}
        return cls(
            name=name,
            title=title,
            deal=deal,
            draw=draw,
            bots=bots,
            no_progress=no_progress,
            progress=progress,
            encoding=encoding,
            batch=batch,
            namespace=namespace,
            shortest="optimal" in inspect.signature(found["solve"]).parameters,
            **found,
        )

    def __repr__(self) -> str:
        return f"<Game {self.name!r}>"

    def type_name(self, kind: type) -> str:
        """`kind`'s name as the game's users write it: ``"Move"`` for Pyramid (the
        top-level names), ``"spider Move"`` for Spider.

        Args:
            kind: one of the game's classes.

        Examples:
            >>> import pyramid13 as p13
            >>> p13.get_game("spider").type_name(p13.spider.Move)
            'spider Move'
        """
        prefix = self.namespace.removeprefix("pyramid13").lstrip(".")
        return f"{prefix} {kind.__name__}" if prefix else kind.__name__

    def owns(self, value: object) -> bool:
        """True when `value` is a rule set, layout, state, move or observation of this game.

        Args:
            value: any value.

        Examples:
            >>> import pyramid13 as p13
            >>> p13.get_game("pyramid").owns(p13.Move.parse("KC"))
            True
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


#: The names a game package offers by convention, by the `Game` field they fill.
_CONVENTION: Mapping[str, str] = {
    "rules_type": "RuleSet",
    "layout_type": "Layout",
    "state_type": "GameState",
    "move_type": "Move",
    "observation_type": "Observation",
    "solve": "solve",
    "hint": "hint",
    "hinter": "Hinter",
    "parse_rules": "parse_rules",
    "format_rules": "format_rules",
    "winnable_deal": "winnable_deal",
    "determinize": "determinize",
    "as_rules": "as_rules",
    "action_to_move": "action_to_move",
    "move_to_action": "move_to_action",
    "action_count": "ACTION_COUNT",
    "default_node_limit": "DEFAULT_NODE_LIMIT",
}

_REGISTRY: dict[str, Game] = {}


def register_game(game: Game) -> Game:
    """Add `game` to the registry (each game package does so when imported).

    Args:
        game: the entry; registering the same entry again changes nothing.

    Raises:
        InvalidArgumentError: `game` is not a `Game`, or another game has its name.

    Examples:
        >>> import pyramid13 as p13
        >>> spider = p13.get_game("spider")
        >>> p13.register_game(spider) is spider
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
        name: the game's name, as records and the command line write it.

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
        >>> p13.game_of(p13.spider.RuleSet.preset("microsoft")).name
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
            game included); the message names what it is: ``"state must be a GameState of
            a game, not a Spider Observation"``.
    """
    for game in _REGISTRY.values():
        if isinstance(state, game.state_type):
            return game
    raise InvalidArgumentError(f"{name} must be a GameState of a game, not {describe_value(state)}")


def describe_value(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`value` described for an error message, naming its game when it has one
    (``"a Spider GameState"``) and its short ``repr`` otherwise (see `describe`)."""
    for game in _REGISTRY.values():
        if game.owns(value):
            return f"a {game.title} {type(value).__name__}"
    return describe(value, limit)


def kind_of(value: object) -> str:
    """What `value` is, for an error message that names a type: ``"a Spider GameState"``
    for a value of a game (from the registry), else its type's name (``"NoneType"``).

    Examples:
        >>> import pyramid13 as p13
        >>> from pyramid13._base.games import kind_of
        >>> kind_of(None), kind_of(p13.spider.Move.DEAL)
        ('NoneType', 'a Spider Move')
    """
    for game in _REGISTRY.values():
        if game.owns(value):
            return f"a {game.title} {type(value).__name__}"
    return type(value).__name__


def loaded_games() -> tuple[Game, ...]:
    """The games registered so far, importing none: the games a value can belong to."""
    return tuple(_REGISTRY.values())
