"""Spider players on the library's bot interface (`pyramid13.Bot`), all of them honest.

An honest bot declares ``honest = True``: whoever runs it (`pyramid13.win_rate`, your own
loop through `pyramid13.bot_view`) passes it ``state.observe()``, an `Observation` that
holds no face-down card and no stock order, never the `GameState`. Each bot here also
accepts a `GameState` and looks only at its observation, so calling ``bot.choose(state)``
by hand is honest too. A bot's settings (``samples``, ``seed``...) are fixed once it is
built: assigning one raises ``attrs.exceptions.FrozenInstanceError``.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any, TypeVar

from .._base.errors import GameOverError, InvalidArgumentError
from .._base.games import kind_of
from .._base.integers import as_int
from .._base.settings import Settings
from .._base.text import describe
from ._greedy import greedy_move, move_scores
from ._moves import Move, MoveKind
from ._observation import Observation, determinize
from ._state import GameState
from .solver._model import DEAL, SolverGame, from_state

__all__ = ["GreedyBot", "RandomBot", "SamplingBot"]


def _observation(view: Observation | GameState) -> Observation:
    if isinstance(view, GameState):
        view = view.observe()
    elif not isinstance(view, Observation):
        raise InvalidArgumentError(
            f"a Spider bot chooses from a Spider Observation or GameState, not {kind_of(view)}"
        )
    if not view.legal_moves():
        raise GameOverError(f"the game is over ({view.status.value}): there is no move to choose")
    return view


def _digest(seed: int, observation: Observation, salt: int = 0) -> int:
    """A hash of a seed and what is seen: the same on every platform and process."""
    cells = bytearray()
    for pile in observation.piles:
        cells.append(200 + pile.face_down_count)
        cells.extend(card.index for card in pile.face_up)
    cells.append(250)
    cells.append(observation.stock_size)
    head = f"{seed}|{salt}|{len(observation.history)}|".encode()
    return int.from_bytes(hashlib.blake2b(head + bytes(cells), digest_size=8).digest(), "big")


_Seen = TypeVar("_Seen")


def _next_planned(
    plan: list[tuple[Move, _Seen]], seen: _Seen, legal: Sequence[Move]
) -> Move | None:
    """The plan's next move, taken off it, if the table is the one the plan expected and
    the move is legal; otherwise None, and the plan is dropped (the cards fell otherwise)."""
    if plan:
        move, expected = plan.pop(0)
        if expected == seen and move in legal:
            return move
        plan.clear()
    return None


class _Bot(Settings):
    """A Spider bot: its settings give its repr (``spider.`` before the name), equality,
    hash and pickling, and are fixed once built (`pyramid13._base.settings`)."""

    __slots__ = ()
    _PREFIX = "spider."


class _PerGame(_Bot):
    """A bot that keeps plans for the game in progress: a new game, or an earlier position
    of it, starts afresh (`_reset`, which sets `_history` to -1)."""

    __slots__ = ("_history",)
    _history: int
    """The moves of the game's history when the bot last chose."""

    def _reset(self) -> None:
        raise NotImplementedError  # pragma: no cover

    def _observe(self, view: Observation | GameState) -> Observation:
        """`view`'s observation, the game's plans forgotten first when it is another game."""
        observation = _observation(view)
        moves = len(observation.history)
        if moves <= self._history:
            self._reset()  # a new game, or an earlier position
        self._history = moves
        return observation


def _check_int(name: str, value: object, low: int) -> int:
    number = as_int(value)
    if number is None or number < low:
        raise InvalidArgumentError(f"{name} must be an int >= {low}, not {describe(value)}")
    return number


def _check_seed(seed: object) -> int:
    number = as_int(seed)
    if number is None:
        raise InvalidArgumentError(f"seed must be an int, not {describe(seed)}")
    return number


class RandomBot(_Bot):
    """Plays a uniformly random legal move (an honest baseline).

    The choice is a hash (BLAKE2) of `seed` and what is seen, so a game replays
    identically in any process.

    Args:
        seed: picks the sequence of choices.

    Raises:
        InvalidArgumentError: `seed` is not an int (a bool or a float is refused).

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc")
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
        >>> spider.RandomBot(7).choose(state.observe()) in state.legal_moves()
        True
    """

    __slots__ = ("seed",)
    _SETTINGS = ("seed",)
    honest = True
    """Given observations, never the full state."""
    seed: int
    """The seed the choices derive from."""

    def __init__(self, seed: int = 0) -> None:
        self._settle(seed=_check_seed(seed))

    def choose(self, view: Observation | GameState) -> Move:
        """A random legal move.

        Args:
            view: what is seen (a `GameState` is reduced to its observation).

        Examples:
            >>> from pyramid13 import spider
            >>> rules = spider.RuleSet.preset("pysolfc")
            >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
            >>> spider.RandomBot(2).choose(state.observe()) in state.legal_moves()
            True

        Raises:
            GameOverError: the game is over.
            InvalidArgumentError: `view` is neither a Spider Observation nor a GameState.
        """
        observation = _observation(view)
        legal = observation.legal_moves()
        return legal[_digest(self.seed, observation) % len(legal)]


class GreedyBot(_Bot):
    """Plays by rules of thumb, one move ahead, from what it sees.

    A run removal first; then a move that turns a face-down card over (from the pile
    with fewest face-down cards), joins a unit to its own suit or empties a pile; it
    avoids splitting a same-suit run and spending an empty pile; it deals when no such
    move is left. Those good moves never repeat a position.

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc")
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
        >>> spider.GreedyBot().choose(state.observe()) in state.legal_moves()
        True
    """

    __slots__ = ()
    honest = True
    """Given observations, never the full state."""

    def choose(self, view: Observation | GameState) -> Move:
        """The greedy move.

        Args:
            view: what is seen (a `GameState` is reduced to its observation).

        Examples:
            >>> from pyramid13 import spider
            >>> rules = spider.RuleSet.preset("pysolfc")
            >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
            >>> spider.GreedyBot().choose(state.observe()) in state.legal_moves()
            True

        Raises:
            GameOverError: the game is over.
            InvalidArgumentError: `view` is neither a Spider Observation nor a GameState.
        """
        move = greedy_move(_observation(view))
        assert move is not None
        return move


def _rollout(game: SolverGame, steps: int) -> int:
    """Play `steps` moves in `game`'s model, each to the least disordered position not
    seen (dealing when nothing improves); the final disorder, lower is better."""
    piles, dealt, removed = game.root, 0, game.removed
    seen = {piles}
    current = game.disorder(piles, removed)
    for _ in range(steps):
        if removed == 8:
            return -10_000
        best = None
        deal = None
        for code, child, child_dealt, lifted in game.children(piles, dealt, False):
            if code == DEAL:
                deal = (child, child_dealt, lifted)
                continue
            if child in seen:
                continue
            value = game.disorder(child, removed + lifted)
            if best is None or value < best[0]:
                best = (value, child, lifted)
        if best is not None and best[0] < current:
            current, piles, lifted = best
        elif deal is not None:
            piles, dealt, lifted = deal
            current = game.disorder(piles, removed + lifted)
        else:
            break
        removed += lifted
        seen.add(piles)
    return current


class SamplingBot(_Bot):
    """Samples what it cannot see and plays the move that does best across the samples.

    For each decision it deals the unseen cards at random into the hidden places
    `samples` times (``spider.determinize``), and from each sample plays every one of its
    `candidates` best greedy moves followed by a `depth`-move rollout that always goes to
    the least disordered position (the solver's measure: face-down cards, cards not on
    their own suit one rank higher, empty piles, runs removed). It plays the candidate
    whose rollouts end least disordered on average (a won rollout counts best), never
    returning to a position it has already seen in the game. Honest: the samples come
    from the observation alone. Deterministic: the samples' random numbers are a hash of
    `seed` and what is seen.

    Args:
        samples: determinizations per decision.
        candidates: greedy moves compared per decision (the deal, when legal, always is).
        depth: moves per rollout.
        seed: picks the samples.

    Raises:
        InvalidArgumentError: a setting is not an int (a bool or a float is refused) or is
            below its least value: 1 for `samples` and `candidates`, 0 for `depth`.

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc")
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
        >>> bot = spider.SamplingBot(samples=2, depth=5)
        >>> bot.choose(state.observe()) in state.legal_moves()
        True
    """

    __slots__ = ("_seen", "candidates", "depth", "samples", "seed")
    # The positions seen in the game in progress do not travel.
    _SETTINGS = ("samples", "candidates", "depth", "seed")
    honest = True
    """Given observations, never the full state."""
    samples: int
    """Determinizations per decision."""
    candidates: int
    """Greedy moves compared per decision."""
    depth: int
    """Moves per rollout."""
    seed: int
    """The seed the samples derive from."""

    def __init__(
        self, samples: int = 8, *, candidates: int = 6, depth: int = 20, seed: int = 0
    ) -> None:
        self._settle(
            samples=_check_int("samples", samples, 1),
            candidates=_check_int("candidates", candidates, 1),
            depth=_check_int("depth", depth, 0),
            seed=_check_seed(seed),
        )
        self._reset()

    def _reset(self) -> None:
        self._seen: set[Any] = set()

    @staticmethod
    def _key(observation: Observation) -> Any:
        return (
            tuple((pile.face_down_count, pile.face_up) for pile in observation.piles),
            observation.stock_size,
        )

    def choose(self, view: Observation | GameState) -> Move:
        """The move that does best over the samples.

        Args:
            view: what is seen (a `GameState` is reduced to its observation).

        Examples:
            >>> from pyramid13 import spider
            >>> rules = spider.RuleSet.preset("pysolfc")
            >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
            >>> spider.SamplingBot(1, depth=2).choose(state.observe()) in state.legal_moves()
            True

        Raises:
            GameOverError: the game is over.
            InvalidArgumentError: `view` is neither a Spider Observation nor a GameState.
        """
        observation = _observation(view)
        if not observation.history:
            self._seen = set()
        self._seen.add(self._key(observation))
        scored = move_scores(observation)
        scored.sort(key=lambda item: -item[0])  # stable: equals keep the legal order
        removal = [move for _, move in scored if move.kind is MoveKind.REMOVE]
        if removal:
            return removal[0]
        options = [move for _, move in scored if move.kind is not MoveKind.DEAL]
        options = options[: self.candidates]
        if Move.DEAL in observation.legal_moves():
            options.append(Move.DEAL)
        if len(options) == 1:
            return options[0]
        totals = dict.fromkeys(options, 0)
        for sample_number in range(self.samples):
            rng = random.Random(_digest(self.seed, observation, sample_number))
            sample = determinize(observation, rng)
            for move in options:
                after = sample.apply_unchecked(move)
                if self._key(after.observe()) in self._seen:
                    totals[move] += 1_000_000  # never back to a position seen
                    continue
                totals[move] += _rollout(from_state(after), self.depth)
        return min(options, key=lambda move: totals[move])
