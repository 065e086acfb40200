"""Win-rate statistics over many seeded deals, on all local cores or any executor.

The deals are `Layout.shuffled` seeds. Work travels in chunks of seeds (small picklable
arguments: the rules, a range or list of ints, the player and its limits), so the same
call runs on a `concurrent.futures.ProcessPoolExecutor`, a thread pool, or a cluster's
executor (Dask's ``Client.get_executor()``, Ray's ``RayExecutor``) unchanged.
"""

from __future__ import annotations

import copy
import importlib
import math
import os
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from ._errors import InvalidArgumentError
from ._layout import Layout
from ._rules import RuleSet, as_rules
from ._state import GameState, Status
from ._text import describe
from .bots import Bot, GreedyBot, RandomBot
from .solver import DEFAULT_NODE_LIMIT, solve
from .solver._solve import check_limits

__all__ = ["DEFAULT_MAX_MOVES", "WinRateResult", "wilson_interval", "win_rate"]

#: A bot's game longer than this many moves stops and counts as undecided.
DEFAULT_MAX_MOVES = 5_000
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


@attrs.frozen
class WinRateResult:
    """How often a player won a set of deals under some rules.

    Examples:
        >>> import pyramid13 as p13
        >>> result = p13.win_rate("microsoft", range(20), workers=1)
        >>> result.deals, result.wins, result.unknown
        (20, 13, 0)
        >>> print(result)
        microsoft, solver: 13 wins in 20 deals = 65.00 % (95 % CI 43.29 % .. 81.88 %)
    """

    rules: RuleSet
    """The rules played."""
    player: str
    """The player: ``"solver"`` or the bot's repr."""
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

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % confidence interval as ``(low, high)``."""
        return self.ci_low, self.ci_high

    def __str__(self) -> str:
        name = self.rules.preset_name or "custom rules"
        text = (
            f"{name}, {self.player}: {self.wins} win{'' if self.wins == 1 else 's'} in "
            f"{self.deals} deal{'' if self.deals == 1 else 's'} = "
            f"{100 * self.rate:.2f} % (95 % CI {100 * self.ci_low:.2f} % .. "
            f"{100 * self.ci_high:.2f} %)"
        )
        if self.unknown:
            text += f", {self.unknown} undecided"
        return text


@attrs.frozen
class _Job:
    """What one worker needs: small and picklable."""

    rules: RuleSet
    player: Bot | None  # None: the solver
    node_limit: int | None
    time_limit: float | None
    max_moves: int


def _play(job: _Job, bot: Bot | None, seed: int) -> bool | None:
    state = GameState.new(Layout.shuffled(seed), job.rules)
    if bot is None:
        return solve(state, node_limit=job.node_limit, time_limit=job.time_limit).winnable
    for _ in range(job.max_moves):
        status = state.status
        if status is not Status.PLAYING:
            return status is Status.WON
        state = state.apply(bot.choose(state))
    return state.status is Status.WON or None


def _run_chunk(job: _Job, seeds: range | list[int]) -> tuple[int, int, int]:
    """(deals, wins, unknown) over a chunk of seeds; the bot is copied for the chunk."""
    bot = copy.deepcopy(job.player)
    wins = unknown = 0
    for seed in seeds:
        outcome = _play(job, bot, seed)
        if outcome is None:
            unknown += 1
        elif outcome:
            wins += 1
    return len(seeds), wins, unknown


def _chunks(deals: range | list[int], size: int) -> Iterator[range | list[int]]:
    for start in range(0, len(deals), size):
        yield deals[start : start + size]


def _as_player(player: str | Bot) -> tuple[Bot | None, str]:
    if isinstance(player, str):
        named: dict[str, Callable[[], Bot | None]] = {
            "solver": lambda: None,
            "greedy": GreedyBot,
            "random": RandomBot,
        }
        if player not in named:
            raise InvalidArgumentError(
                f"unknown player {describe(player)}; use 'solver', 'greedy', 'random' or a Bot"
            )
        bot = named[player]()
        return bot, player
    if not isinstance(player, Bot):
        raise InvalidArgumentError(
            f"player must be 'solver', 'greedy', 'random' or a Bot, not {describe(player)}"
        )
    return player, repr(player)


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
    seeds = list(deals)
    for seed in seeds:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise InvalidArgumentError(
                f"deal seeds must be ints in 0..2**64-1, not {describe(seed)}"
            )
    return seeds


def win_rate(
    rules: RuleSet | str,
    deals: Iterable[int],
    player: str | Bot = "solver",
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    chunk_size: int | None = None,
    progress: bool = False,
    node_limit: int | None = DEFAULT_NODE_LIMIT,
    time_limit: float | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
) -> WinRateResult:
    """Play every deal in `deals` under `rules` and count the wins.

    With the solver (the default) this is the perfect-information win rate: the share of
    deals that can be won knowing the stock order. With a bot it is how often that bot
    wins.

    The deals run in chunks on all local cores by default (a `ProcessPoolExecutor`), or on
    the `executor` given: any `concurrent.futures.Executor`, a cluster's included. Only the
    rules, the player, the limits and a range or list of seeds travel to the workers. The
    counts do not depend on the executor or the chunking (every bot shipped is
    deterministic), except where a `time_limit` leaves deals undecided.

    Args:
        rules: the rules, or a preset name.
        deals: `Layout.shuffled` seeds, e.g. ``range(10_000)``.
        player: ``"solver"``, ``"greedy"``, ``"random"`` (the shipped bots with default
            settings) or any `Bot`; it must pickle to run in a process pool.
        executor: where to run the chunks; the caller keeps ownership (it is not shut
            down). None: a process pool over `workers` processes made for this call.
        workers: processes of the default pool (default: every core); 1 runs everything
            in this process, without a pool.
        chunk_size: seeds per task (default: about four tasks per worker, at most 500
            seeds each, so progress moves and the load stays balanced).
        progress: show a `tqdm` progress bar (install the ``cli`` extra).
        node_limit: the solver's node limit per deal (see `solve`).
        time_limit: the solver's time limit per deal in seconds.
        max_moves: a bot's game that reaches this many moves counts as undecided.

    Raises:
        InvalidArgumentError: an unknown player, bad seeds, limits, counts or executor.
        InvalidRulesError: `rules` is neither a RuleSet nor a preset's name.
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
    rules = as_rules(rules)
    bot, name = _as_player(player)
    seeds = _as_deals(deals)
    for label, value in (
        ("workers", workers),
        ("chunk_size", chunk_size),
        ("max_moves", max_moves),
    ):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            raise InvalidArgumentError(f"{label} must be a positive int, not {describe(value)}")
    if max_moves is None:
        raise InvalidArgumentError("max_moves must be a positive int, not None")
    if executor is not None and not isinstance(executor, Executor):
        raise InvalidArgumentError(
            f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}"
        )
    check_limits(node_limit, time_limit)
    bar = _progress_bar(len(seeds), rules, name) if progress else None
    job = _Job(rules, bot, node_limit, time_limit, max_moves)
    total = wins = unknown = 0
    own_pool = None
    try:
        if executor is None and (workers == 1 or len(seeds) <= 1):
            size = chunk_size or 1
            for chunk in _chunks(seeds, size):
                played, won, undecided = _run_chunk(job, chunk)
                total, wins, unknown = total + played, wins + won, unknown + undecided
                if bar is not None:
                    bar.update(played)
        else:
            if executor is None:
                workers = workers or os.cpu_count() or 1
                executor = own_pool = ProcessPoolExecutor(max_workers=workers)
            parallel = workers or os.cpu_count() or 1
            size = chunk_size or max(1, min(500, math.ceil(len(seeds) / (4 * parallel))))
            futures: list[Future[tuple[int, int, int]]] = [
                executor.submit(_run_chunk, job, chunk) for chunk in _chunks(seeds, size)
            ]
            try:
                for future in as_completed(futures):
                    played, won, undecided = future.result()
                    total, wins, unknown = total + played, wins + won, unknown + undecided
                    if bar is not None:
                        bar.update(played)
            finally:
                for future in futures:
                    future.cancel()
    finally:
        if own_pool is not None:
            own_pool.shutdown(cancel_futures=True)
        if bar is not None:
            bar.close()
    low, high = wilson_interval(wins, total)
    return WinRateResult(
        rules=rules,
        player=name,
        deals=total,
        wins=wins,
        unknown=unknown,
        rate=wins / total if total else 0.0,
        ci_low=low,
        ci_high=high,
        seconds=time.perf_counter() - start,
    )


def _progress_bar(total: int, rules: RuleSet, player: str) -> Any:
    try:
        tqdm = importlib.import_module("tqdm").tqdm
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError(
            "progress bars need tqdm: pip install tqdm (the cli extra installs it)"
        ) from None
    label = f"{rules.preset_name or 'custom rules'}, {player}"
    return tqdm(total=total, desc=label, unit="deal")
