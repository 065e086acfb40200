"""Win-rate statistics over many seeded deals, on all local cores or any executor.

Layer: generic (the game of the rules is found in the registry, `pyramid13._base.games`).
The deals are `Layout.shuffled` seeds (``spider.Layout.shuffled`` for Spider rules: the
same functions serve every game: its entry deals, solves and names the bots). Work
travels in chunks of seeds (small picklable arguments: the rules, a range or list of
ints, the player and its limits), so the same call runs on a
`concurrent.futures.ProcessPoolExecutor`, a thread pool, or a cluster's executor (Dask's
``Client.get_executor()``, say) unchanged.
"""

from __future__ import annotations

import array
import copy
import enum
import importlib
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, overload

import attrs

from ._base.bots import Bot, bot_view
from ._base.errors import InvalidArgumentError, Pyramid13Error
from ._base.games import Game, game_of, get_game
from ._base.integers import as_int
from ._base.solving import GAME_DEFAULT, GameDefault, check_limits
from ._base.status import Status
from ._base.text import describe
from ._runs import MAX_WORKERS, Chunks, RunError, check_picklable, pool_size, run_chunks

__all__ = [
    "DEFAULT_MAX_MOVES",
    "HONEST_NO_UNDO",
    "THOUGHTFUL",
    "Outcome",
    "WinRateError",
    "WinRateResult",
    "wilson_interval",
    "win_rate",
]

DEFAULT_MAX_MOVES = 5_000
"""The default `max_moves` of `win_rate`: 5,000. A bot's game longer than this many moves
stops and counts as undecided."""
THOUGHTFUL = "thoughtful"
"""``"thoughtful"``: `WinRateResult.play` of a player that sees every card: the solver,
or a bot that does not declare itself honest."""
HONEST_NO_UNDO = "honest, no undo"
"""``"honest, no undo"``: `WinRateResult.play` of an honest bot (``honest = True``: it is
given observations), which `win_rate` never lets undo."""
_Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default).

    It stays inside [0, 1] and behaves well for rates near 0 or 1 and small samples,
    where the textbook ``p ± z·sqrt(p(1-p)/n)`` does not.

    Args:
        successes: how many trials succeeded.
        trials: how many trials there were.
        z: the normal quantile of the confidence level (1.96 for 95 %).

    Raises:
        InvalidArgumentError: counts that are not ints, negative counts, more successes
            than trials, counts too large for a float, or `z` not a positive finite number.

    Examples:
        >>> low, high = wilson_interval(902, 10_000)
        >>> round(low, 4), round(high, 4)
        (0.0847, 0.096)
    """
    for label, count in (("successes", successes), ("trials", trials)):
        if isinstance(count, bool) or not isinstance(count, int):
            raise InvalidArgumentError(f"{label} must be an int, not {describe(count)}")
    if (
        isinstance(z, bool)
        or not isinstance(z, (int, float))
        or not 0 < z < 1e300  # also refuses NaN, and ints too large for a float
    ):
        raise InvalidArgumentError(f"z must be a positive, finite number, not {describe(z)}")
    z = float(z)
    if trials < 0 or successes < 0 or successes > trials:
        raise InvalidArgumentError(
            f"need 0 <= successes <= trials, not {describe(successes)} of {describe(trials)}"
        )
    if trials == 0:
        return 0.0, 1.0
    if trials.bit_length() > 1000:
        raise InvalidArgumentError(f"trials must fit in a float, not {describe(trials)}")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At 0 and at `trials` the bound is exactly the rate; rounding could push it past.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


class Outcome(enum.Enum):
    """How one deal of a win-rate run ended.

    Examples:
        >>> import pyramid13 as p13
        >>> result = p13.win_rate("microsoft", range(3), "greedy", workers=1)
        >>> [(seed, outcome.value) for seed, outcome in result.outcomes]
        [(0, 'lost'), (1, 'lost'), (2, 'won')]
    """

    WON = "won"
    """The player won (the solver: the deal is winnable)."""
    LOST = "lost"
    """The player lost (the solver: the deal cannot be won)."""
    UNDECIDED = "undecided"
    """The solver hit a limit, or a bot's game reached the move cap."""


# One byte per deal travels back from the workers.
_OUTCOMES = (Outcome.LOST, Outcome.WON, Outcome.UNDECIDED)
_LOST, _WON, _UNDECIDED = 0, 1, 2


class _Outcomes(Sequence[tuple[int, Outcome]]):
    """``(seed, outcome)`` pairs stored as a range or array of seeds and one byte per
    deal: a million deals take at most 9 MB, not the 90 MB of a tuple of tuples."""

    __slots__ = ("_codes", "_seeds")

    def __init__(self, seeds: range | array.array[int], codes: bytes) -> None:
        self._seeds = seeds
        self._codes = codes

    def __len__(self) -> int:
        return len(self._codes)

    @overload
    def __getitem__(self, index: int) -> tuple[int, Outcome]: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[tuple[int, Outcome], ...]: ...
    def __getitem__(
        self, index: int | slice
    ) -> tuple[int, Outcome] | tuple[tuple[int, Outcome], ...]:
        if isinstance(index, slice):
            pairs = zip(
                self._seeds[index], map(_OUTCOMES.__getitem__, self._codes[index]), strict=True
            )
            return tuple(pairs)
        return self._seeds[index], _OUTCOMES[self._codes[index]]

    def __iter__(self) -> Iterator[tuple[int, Outcome]]:
        return zip(self._seeds, map(_OUTCOMES.__getitem__, self._codes), strict=True)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Outcomes):
            return self._codes == other._codes and list(self._seeds) == list(other._seeds)
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash((len(self._codes), self._codes))

    def __repr__(self) -> str:
        return repr(tuple(self))


@attrs.frozen
class WinRateResult:
    """How often a player won a set of deals under some rules, and each deal's outcome.

    Examples:
        >>> import pyramid13 as p13
        >>> result = p13.win_rate("microsoft", range(20), workers=1)
        >>> result.deals, result.wins, result.unknown
        (20, 13, 0)
        >>> print(result)
        microsoft, solver (thoughtful): 13 wins in 20 deals = 65.00 % (95 % CI 43.29 % .. 81.88 %)
        >>> result.outcomes[:3]
        ((0, <Outcome.LOST: 'lost'>), (1, <Outcome.WON: 'won'>), (2, <Outcome.WON: 'won'>))
    """

    rules: Any
    """The rules played (a rule set of the game: Pyramid's or Spider's)."""
    player: str
    """The player: its name as given (``"solver"``, ``"greedy"``), or for a bot its
    ``name`` attribute (a str), else its repr if its class writes one (``GreedyBot()``),
    else its class's name (``FirstUnitBot``)."""
    play: str
    """What the player knew: `THOUGHTFUL` (every card: the solver, or a bot that sees the
    whole state) or `HONEST_NO_UNDO` (a bot given observations only). Results of the two
    kinds measure different things and belong in different tables."""
    deals: int
    """Deals played."""
    wins: int
    """Deals won."""
    unknown: int
    """Deals left undecided: the solver hit a limit, or a bot's game reached the move cap.
    They count as not won, so the true rate lies between `rate` and
    ``(wins + unknown) / deals``."""
    rate: float
    """``wins / deals`` (0 when no deal was played)."""
    ci_low: float
    """Lower end of the 95 % Wilson confidence interval of the rate."""
    ci_high: float
    """Upper end of the 95 % Wilson confidence interval of the rate."""
    seconds: float
    """Wall-clock time of the whole run."""
    outcomes: Sequence[tuple[int, Outcome]] = attrs.field(default=(), repr=False)
    """``(seed, outcome)`` for every deal played, in the order of the seeds given, so
    two players can be compared deal by deal (``dict(result.outcomes)``). A read-only
    sequence (indexing, slices, iteration, ``==`` with a tuple of pairs) that keeps at
    most 9 bytes per deal."""

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % confidence interval as ``(low, high)``."""
        return self.ci_low, self.ci_high

    @property
    def undecided_seeds(self) -> tuple[int, ...]:
        """The seeds of the undecided deals (`unknown` of them), to run again with
        higher limits.

        Examples:
            >>> import pyramid13 as p13
            >>> p13.win_rate("microsoft", range(5, 8), workers=1, node_limit=3).undecided_seeds
            (5, 6)
        """
        return tuple(seed for seed, outcome in self.outcomes if outcome is Outcome.UNDECIDED)

    def __str__(self) -> str:
        name = self.rules.preset_name or "custom rules"
        text = (
            f"{name}, {self.player} ({self.play}): "
            f"{self.wins} win{'' if self.wins == 1 else 's'} in "
            f"{self.deals} deal{'' if self.deals == 1 else 's'} = "
            f"{100 * self.rate:.2f} % (95 % CI {100 * self.ci_low:.2f} % .. "
            f"{100 * self.ci_high:.2f} %)"
        )
        if self.unknown:
            text += f", {self.unknown} undecided"
        return text


class WinRateError(Pyramid13Error):
    """A `win_rate` run stopped before every deal was played.

    The player raised while playing a deal, a worker process died (killed, out of memory,
    ``os._exit``), or the executor failed a task. The message names the seed; the deals
    that finished before the run stopped are kept in ``partial``.

    Attributes:
        seed: the seed being played when the run failed; None when it is not known (a
            cluster's worker died somewhere in a chunk, or a worker process died but each
            seed it may have been playing replays alone without failing).
        seeds: the seeds the failure is narrowed to: ``(seed,)``, or the seeds of the chunk
            or the seeds being played when the worker died.
        partial: the result over the deals that finished.

    Examples:
        >>> import pyramid13 as p13
        >>> class Picky:
        ...     def choose(self, state):
        ...         if state.layout == p13.Layout.shuffled(3):
        ...             raise RuntimeError("not this one")
        ...         return state.legal_moves()[0]
        >>> try:
        ...     p13.win_rate("classic", range(6), Picky(), workers=1, chunk_size=2)
        ... except p13.WinRateError as error:
        ...     print(error)
        ...     print(error.seed, error.partial.deals)
        seed 3: the player raised RuntimeError: not this one (2 of 6 deals finished: 0 wins)
        3 2
    """

    def __init__(
        self,
        message: str,
        *,
        seed: int | None,
        seeds: tuple[int, ...],
        partial: WinRateResult,
    ) -> None:
        super().__init__(message)
        self.seed = seed
        self.seeds = seeds
        self.partial = partial

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild_error, (str(self), self.seed, self.seeds, self.partial)


WinRateError.__module__ = "pyramid13"  # shown and pickled as pyramid13.WinRateError


def _rebuild_error(
    message: str, seed: int | None, seeds: tuple[int, ...], partial: WinRateResult
) -> WinRateError:
    return WinRateError(message, seed=seed, seeds=seeds, partial=partial)


@attrs.frozen
class _Job:
    """What one worker needs: small and picklable (see `_runs.ChunkJob`)."""

    game: str  # the game's name: the entry is looked up in the worker
    rules: Any
    player: Bot | None  # None: the solver
    node_limit: int | None
    time_limit: float | None
    max_moves: int

    def new_player(self) -> Bot | None:
        """A copy of the player for one chunk, so a bot's state stays in its chunk."""
        return copy.deepcopy(self.player)

    def play(self, bot: Bot | None, seed: int) -> int:
        """The outcome code of the deal `seed`."""
        game = get_game(self.game)
        state = game.deal(seed, self.rules)
        if bot is None:
            limits = {"node_limit": self.node_limit, "time_limit": self.time_limit}
            winnable = game.solve(state, **limits).winnable
            return _UNDECIDED if winnable is None else _WON if winnable else _LOST
        if game.no_progress is None:
            for _ in range(self.max_moves):
                status = state.status
                if status is not Status.PLAYING:
                    return _WON if status is Status.WON else _LOST
                state = state.apply(bot.choose(bot_view(bot, state)))
            return _WON if state.status is Status.WON else _UNDECIDED
        return self.play_stalling(game, bot, state)

    def play_stalling(self, game: Game, bot: Bot, state: Any) -> int:
        """The outcome code of a game that can stall: lost after `Game.no_progress` moves
        in a row that change nothing its `Game.progress` measures."""
        progress = game.progress
        assert progress is not None
        assert game.no_progress is not None
        idle = 0
        for _ in range(self.max_moves):
            status = state.status
            if status is not Status.PLAYING:
                return _WON if status is Status.WON else _LOST
            before = progress(state)
            state = state.apply(bot.choose(bot_view(bot, state)))
            if progress(state) == before:
                idle += 1
                if idle >= game.no_progress:
                    return _LOST
            else:
                idle = 0
        return _WON if state.status is Status.WON else _UNDECIDED


def _as_player(player: str | Bot, game: Game) -> tuple[Bot | None, str]:
    if isinstance(player, str):
        named: dict[str, Callable[[], Bot | None]] = {"solver": lambda: None}
        for key in ("greedy", "random", *game.bots):
            if key in game.bots and key not in named:
                named[key] = game.bots[key]
        if player not in named:
            raise InvalidArgumentError(
                f"unknown player {describe(player)}; use {', '.join(map(repr, named))} or a Bot"
            )
        bot = named[player]()
        return bot, player
    if not isinstance(player, Bot):
        raise InvalidArgumentError(
            f"player must be 'solver', 'greedy', 'random' or a Bot, not {describe(player)}"
        )
    return player, _player_name(player)


def _player_name(bot: Bot) -> str:
    """The name `win_rate` gives a bot (`WinRateResult.player`): its ``name`` attribute
    when it has one (a non-empty str), its repr when its class writes one (the shipped
    bots: ``GreedyBot()``), else its class's name (``FirstUnitBot``), never
    ``<... object at 0x...>``."""
    name = getattr(bot, "name", None)
    if isinstance(name, str) and name:
        return name
    if type(bot).__repr__ is object.__repr__:
        return type(bot).__name__
    return repr(bot)


def _rules_and_game(rules: Any) -> tuple[Any, Game]:
    """`rules` as a rule set, and its game: a rule set of any game is itself; anything
    else (a preset's name, None) is Pyramid's, as the top-level names are."""
    try:
        game = game_of(rules, "rules", "RuleSet")
    except InvalidArgumentError:
        game = None
    if game is None or not isinstance(rules, game.rules_type):
        game = get_game("pyramid")
        rules = game.as_rules(rules)
    return rules, game


def _as_deals(deals: Iterable[int]) -> range | list[int]:
    if isinstance(deals, range):
        # The ends of a range, not min() and max(), which would walk all of it.
        if deals and (min(deals[0], deals[-1]) < 0 or max(deals[0], deals[-1]) >= 1 << 64):
            raise InvalidArgumentError(
                f"deal seeds must be ints in 0..2**64-1, not {describe(deals)}"
            )
        return deals
    if isinstance(deals, (str, bytes)) or not isinstance(deals, Iterable):
        raise InvalidArgumentError(
            f"deals must be an iterable of int seeds, not {type(deals).__name__}"
        )
    seeds = []
    for seed in deals:
        checked = as_int(seed)
        if checked is None or not 0 <= checked < 1 << 64:
            raise InvalidArgumentError(
                f"deal seeds must be ints in 0..2**64-1, not {describe(seed)}"
            )
        seeds.append(checked)
    return seeds


def win_rate(
    rules: Any,
    deals: Iterable[int],
    player: str | Bot = "solver",
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    chunk_size: int | None = None,
    progress: bool = False,
    node_limit: int | GameDefault | None = GAME_DEFAULT,
    time_limit: float | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
) -> WinRateResult:
    """Play every deal in `deals` under `rules` and count the wins.

    With the solver (the default) this is the perfect-information ("thoughtful") win
    rate: the share of deals that can be won knowing every card. With a bot it is how
    often that bot wins; a bot that declares ``honest = True`` is given
    ``state.observe()`` instead of the state (see `bot_view`), and its result is labelled
    `HONEST_NO_UNDO`, every other result `THOUGHTFUL` (`WinRateResult.play`).

    The rules say the game (found in the registry): Spider rules (a ``spider.RuleSet``)
    play ``spider.Layout.shuffled`` deals with
    ``spider.solve`` or a Spider bot (``"greedy"``, ``"random"``, ``"sampling"``,
    ``"planner"``, ``"replan"``, ``"rollout"`` name ``spider.GreedyBot``,
    ``spider.RandomBot``, ``spider.SamplingBot``, ``spider.PlannerBot``,
    ``spider.ReplanBot``, ``spider.RolloutBot``). A Spider bot that
    plays `SPIDER_NO_PROGRESS` moves in a row without turning a card over, removing a run
    or dealing has lost.

    The deals run in chunks on all local cores by default (a `ProcessPoolExecutor`), or on
    the `executor` given: any `concurrent.futures.Executor`, a cluster's included. Only the
    rules, the player, the limits and a range or list of seeds travel to the workers, and
    one byte per deal comes back. The outcomes do not depend on the executor or the
    chunking (every bot shipped is deterministic), except where a `time_limit` leaves
    deals undecided.

    Args:
        rules: the rules (a rule set of any game: Pyramid's or Spider's), or a Pyramid
            preset name.
        deals: `Layout.shuffled` seeds, e.g. ``range(10_000)``.
        player: ``"solver"``, ``"greedy"``, ``"random"``, ``"replan"`` (Pyramid's
            `ReplanBot`; the shipped bots with default settings) or any `Bot` (the result
            names it as `WinRateResult.player` says). For a process pool it must pickle:
            a class defined at the top level of a module, without lambdas or local
            functions in it.
        executor: where to run the chunks; the caller keeps ownership (it is not shut
            down). None: a process pool over `workers` processes made for this call.
        workers: processes of the default pool, an int in 1..1024 (default: every core);
            the pool has at most one per deal and per core (more would only wait for each
            other); 1 runs everything in this process, without a pool.
        chunk_size: seeds per task (default: about four tasks per worker, at most 500
            seeds each, so progress moves and the load stays balanced).
        progress: show a `tqdm` progress bar (install the ``cli`` extra).
        node_limit: the solver's node limit per deal (see `solve`); by default the
            game's own: Pyramid 3,000,000 (`DEFAULT_NODE_LIMIT`), Spider 5,000,000
            (`pyramid13.spider.solver.DEFAULT_NODE_LIMIT`).
        time_limit: the solver's time limit per deal in seconds.
        max_moves: a bot's game that reaches this many moves counts as undecided.

    Raises:
        InvalidArgumentError: an unknown player, bad seeds, limits, counts or executor, or
            a player that cannot be pickled for a process pool (checked before any work
            starts).
        InvalidRulesError: `rules` is neither a RuleSet nor a preset's name.
        WinRateError: the run stopped: the player raised, or a worker died. It names the
            seed and keeps the deals that finished.
        ImportError: `progress` without `tqdm` installed.

    Examples:
        >>> import pyramid13 as p13
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(2) as pool:
        ...     result = p13.win_rate("classic", range(10), p13.GreedyBot(), executor=pool)
        >>> result.deals
        10
    """
    start = time.perf_counter()
    rules, game = _rules_and_game(rules)
    bot, name = _as_player(player, game)
    seeds = _as_deals(deals)
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or not 0 < workers <= MAX_WORKERS
    ):
        raise InvalidArgumentError(
            f"workers must be an int in 1..{MAX_WORKERS} or None, not {describe(workers)}"
        )
    for label, value in (("chunk_size", chunk_size), ("max_moves", max_moves)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            raise InvalidArgumentError(f"{label} must be a positive int, not {describe(value)}")
    if max_moves is None:
        raise InvalidArgumentError("max_moves must be a positive int, not None")
    if node_limit is GAME_DEFAULT:
        node_limit = game.default_node_limit
    check_limits(node_limit, time_limit)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidArgumentError(
            f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}"
        )
    job = _Job(game.name, rules, bot, node_limit, time_limit, max_moves)
    parallel = pool_size(workers, len(seeds))
    alone = executor is None and parallel == 1
    size = chunk_size or max(1, min(500, math.ceil(len(seeds) / (4 * parallel))))
    if alone:
        workers = 1
    else:
        if executor is None or isinstance(executor, ProcessPoolExecutor):
            problem = check_picklable(job, f"the player {name}")
            if problem is not None:
                raise InvalidArgumentError(
                    f"{problem}; define its class at the top level of a module, keep no "
                    "lambda or local function in it, or pass workers=1"
                )
        workers = parallel
    chunks = Chunks(seeds, size)
    bar = _progress_bar(len(seeds), rules, name) if progress else None
    try:
        codes = run_chunks(
            job,
            chunks,
            executor=executor,
            workers=workers,
            on_done=bar.update if bar is not None else lambda played: None,
        )
    except RunError as failure:
        partial = _result(rules, name, bot, seeds, chunks, failure.done, start)
        where = "" if failure.seed is None else f"seed {failure.seed}: "
        raise WinRateError(
            f"{where}{failure.reason} ({partial.deals} of {len(seeds)} deals finished: "
            f"{partial.wins} win{'' if partial.wins == 1 else 's'})",
            seed=failure.seed,
            seeds=failure.seeds,
            partial=partial,
        ) from failure.__cause__
    finally:
        if bar is not None:
            bar.close()
    return _result(rules, name, bot, seeds, chunks, codes, start)


def _result(
    rules: Any,
    name: str,
    bot: Bot | None,
    deals: range | list[int],
    chunks: Sequence[Sequence[int]],
    codes: dict[int, bytes],
    start: float,
) -> WinRateResult:
    """The result over the chunks that have answers, in the order of the chunks."""
    finished = [index for index in range(len(chunks)) if index in codes]
    answers = b"".join(codes[index] for index in finished)
    seeds: range | array.array[int]
    if isinstance(deals, range) and len(answers) == len(deals):
        seeds = deals
    else:
        seeds = array.array("Q")
        for index in finished:
            seeds.extend(chunks[index])
    outcomes = _Outcomes(seeds, answers)
    total = len(outcomes)
    wins = answers.count(_WON)
    unknown = answers.count(_UNDECIDED)
    low, high = wilson_interval(wins, total)
    return WinRateResult(
        rules=rules,
        player=name,
        play=HONEST_NO_UNDO if getattr(bot, "honest", False) else THOUGHTFUL,
        deals=total,
        wins=wins,
        unknown=unknown,
        rate=wins / total if total else 0.0,
        ci_low=low,
        ci_high=high,
        seconds=time.perf_counter() - start,
        outcomes=outcomes,
    )


def _progress_bar(total: int, rules: Any, player: str) -> Any:
    try:
        tqdm = importlib.import_module("tqdm").tqdm
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError(
            "progress bars need tqdm: pip install tqdm (the cli extra installs it)"
        ) from None
    label = f"{rules.preset_name or 'custom rules'}, {player}"
    return tqdm(total=total, desc=label, unit="deal")


def __getattr__(name: str) -> Any:
    # `SPIDER_NO_PROGRESS` is Spider's no-progress rule, kept in its registry entry.
    if name == "SPIDER_NO_PROGRESS":
        return get_game("spider").no_progress
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
