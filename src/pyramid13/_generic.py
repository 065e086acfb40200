"""`solve`, `hint`, `Hinter`, `determinize` and `winnable_deal` for every game: the
top-level names.

Layer: generic (the game of a state or an observation is found in the registry,
`pyramid13._base.games`). Each function looks the game up and answers as the game's own
function does (``pyramid13.pyramid.solve`` or ``pyramid13.spider.solve``, ...), with the
game's defaults where a limit is not given; a Pyramid state gets exactly what it always
got. A value of no game is refused with an error that says what it is (``"state must be
a GameState of a game, not a Spider Observation"``).

Examples:
    >>> import pyramid13 as p13
    >>> rules = p13.spider.RuleSet.preset("pysolfc", suits=1)
    >>> state = p13.spider.GameState.new(p13.spider.Layout.from_pysolfc(1, suits=1), rules)
    >>> p13.solve(state).winnable, p13.hint(state) in state.legal_moves()
    (True, True)
"""

from __future__ import annotations

import datetime
import inspect
import random
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ._base.deals import MAX_ATTEMPTS, Difficulty, WinnableDeal
from ._base.errors import InvalidArgumentError
from ._base.games import Game, describe_value, get_game, loaded_games, state_game
from ._base.solving import GAME_DEFAULT, GameDefault, SolveResult, check_limits
from ._base.text import describe

if TYPE_CHECKING:  # for the annotations only: the games are found in the registry
    from .pyramid._observation import Observation as PyramidObservation
    from .spider._observation import Observation as SpiderObservation

__all__ = ["Hinter", "determinize", "hint", "solve", "winnable_deal"]

MoveT = TypeVar("MoveT")
_MoveCo = TypeVar("_MoveCo", covariant=True)


class _Position(Protocol[_MoveCo]):
    """For typing: a state of some game, as far as the moves it offers (a `State`, read
    only, so that ``_Position[Move]`` is a ``_Position[object]`` too)."""

    def legal_moves(self) -> tuple[_MoveCo, ...]:
        """The legal moves."""
        ...  # pragma: no cover


def solve(
    state: _Position[MoveT],
    *,
    optimal: bool = False,
    node_limit: int | GameDefault | None = GAME_DEFAULT,
    time_limit: float | None = None,
) -> SolveResult[MoveT]:
    """Decide whether `state`, of any game, can still be won, knowing every card.

    The game's own solver answers: for a Pyramid state ``pyramid13.pyramid.solve`` (see
    its description: exact for every rule set, a shortest solution with `optimal`), for a
    Spider state `pyramid13.spider.solve`.

    Args:
        state: the position to solve; the solution starts from it.
        optimal: find a shortest solution (the games whose solver can: Pyramid).
        node_limit: stop, with `winnable` None, once the search has this many positions;
            None for no limit; by default the game's own: Pyramid 3,000,000
            (`DEFAULT_NODE_LIMIT`), Spider 5,000,000
            (`pyramid13.spider.solver.DEFAULT_NODE_LIMIT`).
        time_limit: stop, with `winnable` None, after about this many seconds.

    Raises:
        InvalidArgumentError: `state` is not a GameState of a game, a limit is not a
            positive number or None (a time limit must also be finite: NaN and infinity
            are refused; a node limit is an int up to 2**63-1, in every game), or
            `optimal` for a game whose solver finds no shortest solution.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
        >>> p13.solve(state, optimal=True).length
        52
        >>> rules = p13.spider.RuleSet.preset("pysolfc", suits=1)
        >>> spider = p13.spider.GameState.new(p13.spider.Layout.from_pysolfc(1, suits=1), rules)
        >>> p13.solve(spider).moves == p13.spider.solve(spider).moves
        True
    """
    game = state_game(state)
    limits: dict[str, Any] = {
        "node_limit": game.default_node_limit if node_limit is GAME_DEFAULT else node_limit,
        "time_limit": time_limit,
    }
    if game.shortest:
        limits["optimal"] = optimal
    elif optimal:
        check_limits(limits["node_limit"], time_limit)
        raise InvalidArgumentError(
            f"{game.title}'s solver finds no shortest solution: use optimal=False"
        )
    result: SolveResult[MoveT] = game.solve(state, **limits)
    return result


def hint(
    state: _Position[MoveT],
    *,
    node_limit: int | GameDefault | None = GAME_DEFAULT,
    time_limit: float | GameDefault | None = GAME_DEFAULT,
) -> MoveT | None:
    """The move to suggest in `state`, of any game, or None when the game is over.

    The game's own `hint` answers (`pyramid13.pyramid.hint`, `pyramid13.spider.hint`),
    with its own budget where a limit is not given.

    Args:
        state: the position.
        node_limit: the positions the search may store, or None; by default the game's:
            Pyramid 20,000, Spider 30,000.
        time_limit: the search's budget in seconds, or None; by default the game's:
            Pyramid 0.25, Spider 0.5.

    Raises:
        InvalidArgumentError: `state` is not a GameState of a game, or a limit is not a
            positive number or None (a node limit: an int up to 2**63-1).

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> p13.hint(state)
        Move.parse('AD+QD')
        >>> rules = p13.spider.RuleSet.preset("pysolfc", suits=1)
        >>> spider = p13.spider.GameState.new(p13.spider.Layout.from_pysolfc(5, suits=1), rules)
        >>> p13.hint(spider, time_limit=None) == p13.spider.hint(spider, time_limit=None)
        True
    """
    game = state_game(state)
    limits = {"node_limit": node_limit, "time_limit": time_limit}
    given = {name: value for name, value in limits.items() if value is not GAME_DEFAULT}
    move: MoveT | None = game.hint(state, **given)
    return move


def determinize(observation: PyramidObservation | SpiderObservation, rng: random.Random) -> Any:
    """A full state consistent with `observation`, of any game: the unseen cards dealt
    at random where the observation cannot see them; the cards the player has seen stay
    where they lie (after a full pass through Pyramid's stock, its whole order).

    The game's own `determinize` answers (``pyramid13.pyramid.determinize``,
    `pyramid13.spider.determinize`): see them for what the state keeps.

    Args:
        observation: what a player sees (``state.observe()``) in any game.
        rng: the random generator the unseen cards are shuffled with.

    Raises:
        InvalidArgumentError: `observation` is not an Observation of a game, or `rng` is
            not a `random.Random` (the game's own check).

    Examples:
        >>> import random
        >>> import pyramid13 as p13
        >>> rules = p13.spider.RuleSet.preset("microsoft")
        >>> state = p13.spider.GameState.new(p13.spider.Layout.shuffled(3, rules), rules)
        >>> guess = p13.determinize(state.observe(), random.Random(1))
        >>> guess.observe() == state.observe()
        True
        >>> p13.determinize(state, random.Random(1))
        Traceback (most recent call last):
        ...
        pyramid13.InvalidArgumentError: observation must be an Observation of a game, not a ...
    """
    for game in loaded_games():
        if isinstance(observation, game.observation_type):
            return game.determinize(observation, rng)
    raise InvalidArgumentError(
        f"observation must be an Observation of a game, not {describe_value(observation)}"
    )


def winnable_deal(
    rules: object,
    seed: int | None = None,
    *,
    difficulty: Difficulty | None = None,
    date: datetime.date | None = None,
    max_attempts: int = MAX_ATTEMPTS,
    key: bytes | None = None,
    progress: bool = False,
) -> WinnableDeal[Any]:
    """A deal of any game proven winnable under `rules`, with its certificate: the game's
    own ``winnable_deal`` answers (``pyramid13.pyramid.winnable_deal`` for a Pyramid rule
    set, a Pyramid preset's name or None; `pyramid13.spider.winnable_deal` for a Spider
    rule set). See the how-to page "Winnable deals" for the algorithm and the grades.

    Args:
        rules: a RuleSet of a game; text or None name a Pyramid preset (as
            ``pyramid13.RuleSet.preset``): pass ``spider.RuleSet.preset(name)`` for Spider.
        seed: an int in ``0 .. 2**64 - 1``; omit it and give `date` for the daily deal.
        difficulty: ``"easy"``, ``"medium"``, ``"hard"``, or None for any grade.
        date: the day of the daily deal (the seed is the number ``YYYYMMDD``): public,
            anyone can compute it from the date, unless a `key` is given.
        max_attempts: how many candidate deals to try before giving up.
        key: a server's secret (non-empty bytes), mixed into the seed by HMAC-SHA256 so
            that only its holder can compute the deal and its certificate; None: public.

        progress: show a `tqdm` progress bar of the search on standard error once it has
            taken a second (install the ``cli`` extra).


    Raises:
        InvalidArgumentError: `rules` is a value of a game but no rule set, or a bad
            `seed`, `date`, `difficulty`, `max_attempts` or `key` (the game's own checks),
            a grade the rules cannot give, or no winnable deal of the grade among the
            candidates.
        InvalidRulesError: `rules` is neither a rule set nor a Pyramid preset's name.
        ImportError: `progress` without `tqdm` installed.

    Examples:
        >>> import pyramid13 as p13
        >>> deal = p13.winnable_deal("microsoft", 1)
        >>> deal == p13.pyramid.winnable_deal("microsoft", 1)
        True
        >>> rules = p13.spider.RuleSet.preset("pysolfc", suits=1)
        >>> p13.winnable_deal(rules, 1) == p13.spider.winnable_deal(rules, 1)
        True
    """
    game = None
    if rules is not None and not isinstance(rules, str):
        for known in loaded_games():
            if isinstance(rules, known.rules_type):
                game = known
                break
        else:
            for known in loaded_games():
                if known.owns(rules):
                    raise InvalidArgumentError(
                        f"rules must be a RuleSet of a game, not {describe_value(rules)}"
                    )
    if game is None:
        game = get_game("pyramid")
    if game.winnable_deal is None:
        raise InvalidArgumentError(f"{game.title} offers no winnable deals")
    keyed = {} if key is None else {"key": key}  # a game's function may predate keys
    deal: WinnableDeal[Any] = game.winnable_deal(
        rules,
        seed,
        difficulty=difficulty,
        date=date,
        max_attempts=max_attempts,
        progress=progress,
        **keyed,
    )
    return deal


_HINTER_LIMITS = ("node_limit", "time_limit", "memory_limit", "saved_limit")


class Hinter:
    """Hints for one game, of any game, that learn as it goes: the game's own `Hinter`.

    The first position asked about picks the game; its hinter (`pyramid13.pyramid.Hinter`,
    `pyramid13.spider.Hinter`) then answers, with the limits given here and the game's own
    defaults for the others. A limit that the game's hinter does not have (Spider's has no
    `saved_limit`) is not used for that game. A Pyramid hinter learns what its searches
    prove, so that following its hints keeps a win: see `pyramid13.pyramid.Hinter`.
    Keep one per game and per thread.

    Args:
        node_limit: positions each call may store, or None; by default the game's:
            Pyramid 20,000, Spider 30,000.
        time_limit: seconds each call may search, or None; by default the game's:
            Pyramid 0.25, Spider 0.5.
        memory_limit: positions the hinter keeps for its game; by default the game's:
            Pyramid 1,000,000, Spider 100,000.
        saved_limit: how many calls' worth of unused budget a call may add to its own;
            by default the game's: Pyramid 1 (Spider's hinter has none).

    Raises:
        InvalidArgumentError: a limit is not a positive number or None (a node limit: an
            int up to 2**63-1; `saved_limit`: an int >= 0), here or when set.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> hinter = p13.Hinter()
        >>> while not state.is_over:
        ...     state = state.apply(hinter.hint(state))
        >>> state.status
        <Status.WON: 'won'>
        >>> rules = p13.spider.RuleSet.preset("pysolfc", suits=1)
        >>> spider = p13.spider.GameState.new(p13.spider.Layout.from_pysolfc(5, suits=1), rules)
        >>> move = p13.Hinter(time_limit=None).hint(spider)
        >>> move == p13.spider.Hinter(time_limit=None).hint(spider)
        True
    """

    __slots__ = ("_given", "_hinters")

    def __init__(
        self,
        *,
        node_limit: int | GameDefault | None = GAME_DEFAULT,
        time_limit: float | GameDefault | None = GAME_DEFAULT,
        memory_limit: int | GameDefault = GAME_DEFAULT,
        saved_limit: int | GameDefault = GAME_DEFAULT,
    ) -> None:
        check_limits(
            None if node_limit is GAME_DEFAULT else node_limit,
            None if time_limit is GAME_DEFAULT else time_limit,
        )
        if memory_limit is not GAME_DEFAULT and (
            isinstance(memory_limit, bool) or not isinstance(memory_limit, int) or memory_limit < 1
        ):
            raise InvalidArgumentError(
                f"memory_limit must be a positive int, not {describe(memory_limit)}"
            )
        if saved_limit is not GAME_DEFAULT and (
            isinstance(saved_limit, bool) or not isinstance(saved_limit, int) or saved_limit < 0
        ):
            raise InvalidArgumentError(
                f"saved_limit must be an int >= 0, not {describe(saved_limit)}"
            )
        values = (node_limit, time_limit, memory_limit, saved_limit)
        limits = dict(zip(_HINTER_LIMITS, values, strict=True))
        self._given = {name: value for name, value in limits.items() if value is not GAME_DEFAULT}
        self._hinters: dict[str, Any] = {}

    def __repr__(self) -> str:
        limits = ", ".join(f"{name}={value!r}" for name, value in self._given.items())
        return f"Hinter({limits})"

    def _hinter(self, game: Game) -> Any:
        hinter = self._hinters.get(game.name)
        if hinter is None:
            taken = inspect.signature(game.hinter).parameters
            limits = {name: value for name, value in self._given.items() if name in taken}
            hinter = self._hinters[game.name] = game.hinter(**limits)
        return hinter

    def _limit(self, name: str) -> Any:
        if name in self._given:
            return self._given[name]
        for hinter in self._hinters.values():
            return getattr(hinter, name, GAME_DEFAULT)
        return GAME_DEFAULT

    def _set_limit(self, name: str, value: Any) -> None:
        check_limits(*((value, None) if name == "node_limit" else (None, value)))
        self._given[name] = value
        for hinter in self._hinters.values():
            if hasattr(hinter, name):
                setattr(hinter, name, value)

    @property
    def node_limit(self) -> int | GameDefault | None:
        """Positions each call may store: as given, else the game's hinter's once a game
        was asked about (`GAME_DEFAULT` before). Setting it changes the next calls."""
        limit: int | GameDefault | None = self._limit("node_limit")
        return limit

    @node_limit.setter
    def node_limit(self, value: int | None) -> None:
        self._set_limit("node_limit", value)

    @property
    def time_limit(self) -> float | GameDefault | None:
        """Seconds each call may search (as `node_limit`, the given value or the game's)."""
        limit: float | GameDefault | None = self._limit("time_limit")
        return limit

    @time_limit.setter
    def time_limit(self, value: float | None) -> None:
        self._set_limit("time_limit", value)

    def hint(self, state: _Position[MoveT]) -> MoveT | None:
        """The move to suggest in `state`, or None when the game is over.

        Args:
            state: a position of the hinter's game (of another deal, it starts anew).

        Raises:
            InvalidArgumentError: `state` is not a GameState of a game.

        Examples:
            >>> import pyramid13 as p13
            >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
            >>> move = p13.Hinter().hint(state)
            >>> move, move in state.legal_moves()
            (Move.parse('AD+QD'), True)
        """
        move: MoveT | None = self._hinter(state_game(state)).hint(state)
        return move

    def known(self, state: _Position[Any]) -> bool | None:
        """What the hinter has proved about `state`, without searching: True when it knows
        a winning line from it (or the game is won), False when it proved it lost (or the
        game is lost), None when it does not know.

        Args:
            state: a position.

        Raises:
            InvalidArgumentError: `state` is not a GameState of a game.

        Examples:
            >>> import pyramid13 as p13
            >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
            >>> hinter = p13.Hinter()
            >>> hinter.known(state) is None
            True
            >>> _ = hinter.hint(state)
            >>> hinter.known(state)
            True
        """
        known: bool | None = self._hinter(state_game(state)).known(state)
        return known
