"""Players behind one tiny interface, for both games: ``bot.choose(view) -> move``.

A bot that sees every card is given the state itself. A bot that plays honestly declares
it with a class attribute ``honest = True`` and is given ``state.observe()`` instead (an
observation holds no hidden card); `bot_view` makes that choice for any runner. The Spider
bots (``spider.RandomBot``, ``spider.GreedyBot``, ``spider.SamplingBot``) and Pyramid's
`GreedyBot` are honest.

Every bot here is deterministic: given the same position it makes the same choice, so a
game replays identically and parallel statistics do not depend on how the work is split.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from .._base.errors import GameOverError, InvalidArgumentError
from .._base.integers import as_int
from .._base.settings import Settings
from .._base.solving import SolveResult, check_limits
from .._base.text import describe
from ._greedy import greedy_move
from ._layout import Layout
from ._moves import Move
from ._observation import Observation
from ._rules import RuleSet
from ._state import GameState, check_state
from .solver import DEFAULT_NODE_LIMIT, solve

__all__ = ["GreedyBot", "RandomBot", "SolverBot", "honest_view"]


def honest_view(view: object, refusal: Callable[[], str]) -> Observation:
    """What an honest bot chooses from: `view` itself, or a GameState's observation.

    Raises:
        InvalidArgumentError: `view` is neither (with the message ``refusal()``, built
            only then).
        GameOverError: the game is over.
    """
    if isinstance(view, GameState):
        view = view.observe()
    elif not isinstance(view, Observation):
        raise InvalidArgumentError(refusal())
    if not view.legal_moves():
        raise GameOverError(f"the game is over ({view.status.value}): there is no move to choose")
    return view


def _legal(state: GameState) -> tuple[Move, ...]:
    check_state(state)
    legal = state.legal_moves()
    if not legal:
        raise GameOverError(f"the game is over ({state.status.value}): there is no move to choose")
    return legal


class RandomBot(Settings):
    """Plays a uniformly random legal move: the baseline every other player should beat.

    The choice is a hash (BLAKE2) of `seed` and the position (where every card lies and
    the pass), so the same bot replays the same game identically, whatever process,
    platform or order the games run in.

    Args:
        seed: picks the sequence of choices; bots with equal seeds play alike.

    Raises:
        InvalidArgumentError: `seed` is not an int (a bool or a float is refused).

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1))
        >>> bot = p13.RandomBot(seed=7)
        >>> bot.choose(state) == p13.RandomBot(seed=7).choose(state)
        True
    """

    __slots__ = ("seed",)
    _SETTINGS = ("seed",)

    seed: int
    """The seed the choices derive from."""

    def __init__(self, seed: int = 0) -> None:
        number = as_int(seed)
        if number is None:
            raise InvalidArgumentError(f"seed must be an int, not {describe(seed)}")
        self._settle(seed=number)

    def choose(self, state: GameState) -> Move:
        """A random legal move.

        Args:
            state: a position of a game that is not over.

        Raises:
            GameOverError: the game is over.
            InvalidArgumentError: `state` is not a GameState.

        Examples:
            >>> state = GameState.new(Layout.shuffled(1))
            >>> state.legal_moves()
            (Move.parse('KC'), Move.parse('KH'), Move.parse('draw'))
            >>> RandomBot(seed=3).choose(state), RandomBot(seed=5).choose(state)
            (Move.parse('KC'), Move.parse('KH'))
        """
        legal = _legal(state)
        if len(legal) == 1:
            return legal[0]
        # The seed, the pass and where every card lies (a byte per card, +3 so that the
        # markers -1, -2 and -3 fit), hashed into a choice.
        cells = [-1 if card is None else card.index for card in state.pyramid]
        cells.append(-2)
        cells.extend(card.index for card in state.stock)
        for pile in state.waste_piles:
            cells.append(-3)
            cells.extend(card.index for card in pile)
        head = f"{self.seed}|{state.pass_number}|".encode()
        digest = hashlib.blake2b(head + bytes(cell + 3 for cell in cells), digest_size=8).digest()
        return legal[int.from_bytes(digest, "big") % len(legal)]


class GreedyBot(Settings):
    """Plays by the rules of thumb players are taught, looking one move ahead.

    A King goes at once; a removal that leaves some pyramid card with no partner that
    can still reach it is avoided; pyramid cards are removed in preference to talon
    cards; the waste top is used before a draw buries it; removals that uncover cards come
    first; a card that is the last reachable partner of a buried pyramid card is kept for
    it. It draws only when no removal is worth making.

    It is honest (``honest = True``): it reads only what the player sees, and runners
    give it ``state.observe()``; given a state, it looks only at the state's observation.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1))
        >>> p13.GreedyBot().choose(state.observe()) in state.legal_moves()
        True
    """

    __slots__ = ()
    honest = True

    def choose(self, state: Observation | GameState) -> Move:
        """The greedy move.

        Args:
            state: the observation of a position of a game that is not over (or the
                position itself, of which only the observation is read).

        Raises:
            GameOverError: the game is over.
            InvalidArgumentError: `state` is neither an Observation nor a GameState.

        Examples:
            >>> state = GameState.new(Layout.shuffled(1))
            >>> GreedyBot().choose(state)  # a King goes at once
            Move.parse('KC')
            >>> while not state.is_over:
            ...     state = state.apply(state.legal_moves()[0])
            >>> GreedyBot().choose(state)
            Traceback (most recent call last):
            ...
            pyramid13.GameOverError: the game is over (lost): there is no move to choose
        """
        view = honest_view(
            state,
            lambda: f"GreedyBot chooses from an Observation or a GameState, not {describe(state)}",
        )
        move = greedy_move(view)
        assert move is not None
        return move


class SolverBot(Settings):
    """Plays a winning line whenever one exists: perfect information play.

    On its first move in a game it solves the position (see `solve`) and then follows the
    solution while the positions it is shown are the ones the solution leads to, solving
    again if they are not. Where the solver proves the game lost, or hits its limits, it
    plays like `GreedyBot` for the rest of that game.

    Args:
        node_limit: passed to `solve` for each search.
        time_limit: passed to `solve` for each search.
        optimal: follow shortest solutions (slower to find).

    Raises:
        InvalidArgumentError: a limit is not one `solve` takes.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> bot = p13.SolverBot()
        >>> while not state.is_over:
        ...     state = state.apply(bot.choose(state))
        >>> state.status
        <Status.WON: 'won'>
    """

    __slots__ = ("_expect", "_given_up", "_line", "node_limit", "optimal", "time_limit")
    # The plan in progress is not part of the bot's identity and does not travel.
    _SETTINGS = ("node_limit", "time_limit", "optimal")

    node_limit: int | None
    """The node limit of each search."""
    time_limit: float | None
    """The time limit of each search, in seconds."""
    optimal: bool
    """Whether the bot follows shortest solutions."""

    def __init__(
        self,
        *,
        node_limit: int | None = DEFAULT_NODE_LIMIT,
        time_limit: float | None = None,
        optimal: bool = False,
    ) -> None:
        check_limits(node_limit, time_limit)
        self._settle(node_limit=node_limit, time_limit=time_limit, optimal=optimal)
        self._reset()

    def _reset(self) -> None:
        self._line: list[Move] = []
        self._expect: GameState | None = None
        self._given_up: tuple[Layout, RuleSet] | None = None

    def choose(self, state: GameState) -> Move:
        """The next move of a winning line, or the greedy move where there is none.

        Args:
            state: a position of a game that is not over.

        Raises:
            GameOverError: the game is over.
            InvalidArgumentError: `state` is not a GameState.

        Examples:
            >>> state = GameState.new(Layout.shuffled(2), RuleSet.preset("microsoft"))
            >>> state.legal_moves()
            (Move.parse('5S+8H'), Move.parse('AD+QD'), Move.parse('draw'))
            >>> SolverBot().choose(state)  # the first move of a win
            Move.parse('AD+QD')
        """
        self._check(state)
        expect = self._expect
        if self._line and expect is not None and expect == state and expect.layout == state.layout:
            move = self._line.pop(0)
            self._expect = state.apply_unchecked(move)
            return move
        game = (state.layout, state.rules)
        if self._given_up != game:
            result = self._solve(state)
            if result.winnable:
                self._line = list(result.moves[1:])
                move = result.moves[0]
                self._expect = state.apply_unchecked(move)
                return move
            self._given_up = game
        self._line = []
        self._expect = None
        return self._fallback(state)

    # What `choose` asks of the game; `pyramid13.SolverBot` answers them for every game.

    def _check(self, state: GameState) -> None:
        """Refuse what is no position to choose in (not a state, or a game over)."""
        _legal(state)

    def _solve(self, state: GameState) -> SolveResult[Move]:
        return solve(
            state, optimal=self.optimal, node_limit=self.node_limit, time_limit=self.time_limit
        )

    def _fallback(self, state: GameState) -> Move:
        """The move to play where the solver found no win."""
        move = greedy_move(state)
        assert move is not None
        return move
