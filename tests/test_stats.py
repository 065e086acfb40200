"""`win_rate` and `wilson_interval`: counts, intervals, executors, bad arguments."""

from __future__ import annotations

import contextlib
import math
import os
import pickle
import sys
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from failing_bots import DiesOn, RaisesOn
from hypothesis import given
from hypothesis import strategies as st
from reference_model import ref_winnable

import pyramid13 as p13
import pyramid13.stats as stats_module
from pyramid13._runs import run_chunks as run_chunks_here

CORES = os.cpu_count() or 1


def test_wilson_interval_against_published_values() -> None:
    # Newcombe (1998), Statistics in Medicine 17, table I: 81/263 -> 0.2553 .. 0.3662,
    # 15/148 -> 0.0624 .. 0.1605, 0/20 -> 0 .. 0.1611, 1/29 -> 0.0061 .. 0.1718.
    for wins, trials, low, high in [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ]:
        got = p13.wilson_interval(wins, trials)
        assert got == pytest.approx((low, high), abs=5e-5)


@given(trials=st.integers(1, 10**6), data=st.data())
def test_wilson_interval_contains_the_rate(trials: int, data: st.DataObject) -> None:
    wins = data.draw(st.integers(0, trials))
    low, high = p13.wilson_interval(wins, trials)
    assert 0 <= low <= wins / trials <= high <= 1
    assert high - low <= 2 * 1.96 * math.sqrt(0.25 / trials) + 1e-12


def test_wilson_interval_rejects_impossible_counts() -> None:
    with pytest.raises(p13.InvalidArgumentError):
        p13.wilson_interval(3, 2)
    assert p13.wilson_interval(0, 0) == (0.0, 1.0)


def counts(result: p13.WinRateResult) -> tuple[int, int, int]:
    return result.deals, result.wins, result.unknown


# three-stacks deals that the reference model's exhaustive search settles in a moment.
SMALL_DEALS = [1, 15, 21, 27, 29]


@pytest.mark.no_cover  # against the reference model: untraced, see tests/conftest.py
def test_win_rate_counts_solver_wins() -> None:
    rules = p13.RuleSet.preset("three-stacks")
    verdicts = [ref_winnable(p13.Layout.shuffled(deal), rules) for deal in SMALL_DEALS]
    assert None not in verdicts
    expected = sum(map(bool, verdicts))
    assert 0 < expected < len(SMALL_DEALS)  # both kinds of deal among them
    result = p13.win_rate(rules, SMALL_DEALS, workers=1)
    assert counts(result) == (5, expected, 0)
    assert result.rate == expected / 5
    assert result.interval == p13.wilson_interval(expected, 5)
    assert result.rules == rules
    assert result.player == "solver"
    assert result.seconds > 0
    assert "three-stacks, solver" in str(result)


def test_a_thread_pool_and_the_default_process_pool_agree() -> None:
    deals = [3, 1, 4, 1, 5, 9, 2, 6]
    alone = p13.win_rate("microsoft", deals, "greedy", workers=1)
    with ThreadPoolExecutor(max_workers=3) as pool:
        threads = p13.win_rate("microsoft", deals, p13.GreedyBot(), executor=pool, chunk_size=2)
    processes = p13.win_rate("microsoft", deals, "greedy", workers=2)
    assert counts(alone) == counts(threads) == counts(processes)
    assert alone.deals == 8


def test_the_default_process_pool_runs_the_solver() -> None:
    alone = p13.win_rate("cardems", range(6), workers=1)
    pooled = p13.win_rate("cardems", range(6), chunk_size=2)
    assert counts(alone) == counts(pooled)


def test_random_play_gives_the_same_counts_however_it_is_split() -> None:
    alone = p13.win_rate("cardgames", range(10), p13.RandomBot(2), workers=1)
    with ThreadPoolExecutor(max_workers=2) as pool:
        split = p13.win_rate("cardgames", range(10), "random", executor=pool, chunk_size=3)
    assert alone.deals == split.deals == 10
    assert p13.win_rate("cardgames", range(10), "random", workers=1).wins == split.wins


def test_limits_count_as_unknown() -> None:
    result = p13.win_rate("microsoft", range(5, 8), workers=1, node_limit=3)
    assert result.unknown >= 1
    assert "undecided" in str(result)
    bots = p13.win_rate("cardems", range(2), "random", workers=1, max_moves=2)
    assert bots.unknown == 2
    assert bots.wins == 0


def test_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    result = p13.win_rate("classic", range(3), "greedy", workers=1, progress=True)
    assert result.deals == 3
    out, err = capsys.readouterr()
    assert out == ""
    assert "classic, greedy" in err  # the bar's label
    assert "3/3" in err  # and it reached the end
    assert "100%" in err
    p13.win_rate("classic", range(3), "greedy", workers=1)
    assert capsys.readouterr() == ("", "")  # no bar unless asked for


def test_progress_without_tqdm_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now raises ImportError
    with pytest.raises(ImportError, match="progress bars need tqdm: pip install tqdm"):
        p13.win_rate("classic", range(3), "greedy", workers=1, progress=True)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"player": "nobody"}, p13.InvalidArgumentError),
        ({"player": 3}, p13.InvalidArgumentError),
        ({"deals": [1, -1]}, p13.InvalidArgumentError),
        ({"deals": range(-1, 2)}, p13.InvalidArgumentError),
        ({"deals": "123"}, p13.InvalidArgumentError),
        ({"workers": 0}, p13.InvalidArgumentError),
        ({"workers": 1025}, p13.InvalidArgumentError),
        ({"workers": 2**40}, p13.InvalidArgumentError),
        ({"workers": 2**63}, p13.InvalidArgumentError),
        ({"workers": 10**400}, p13.InvalidArgumentError),
        ({"workers": 2.0}, p13.InvalidArgumentError),
        ({"chunk_size": 0}, p13.InvalidArgumentError),
        ({"node_limit": 0}, p13.InvalidArgumentError),
        ({"time_limit": -1.0}, p13.InvalidArgumentError),
        ({"rules": "no-such-preset"}, p13.InvalidRulesError),
        ({"rules": 3}, p13.InvalidRulesError),
    ],
)
def test_bad_arguments(arguments: dict[str, object], error: type[Exception]) -> None:
    call: dict[str, object] = {"rules": "classic", "deals": range(2), "workers": 1}
    call.update(arguments)
    with pytest.raises(error):
        p13.win_rate(**call)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("workers", "deals", "started"),
    [(24, 3, min(3, CORES)), (1024, 100, CORES), (None, 2, min(2, CORES)), (1, 50, 1)],
)
def test_the_pool_has_at_most_one_process_per_deal_and_per_core(
    monkeypatch: pytest.MonkeyPatch, workers: int | None, deals: int, started: int
) -> None:
    # Regression: workers=24 for 3 deals started 24 processes; 2**40 raised OSError.
    asked: list[int] = []

    def run_chunks(*args: Any, workers: int, **kwargs: Any) -> dict[int, bytes]:
        asked.append(workers)
        return real_run_chunks(*args, workers=1, **kwargs)  # here, quickly

    real_run_chunks = run_chunks_here
    monkeypatch.setattr(stats_module, "run_chunks", run_chunks)
    result = p13.win_rate("classic", range(deals), "greedy", workers=workers)
    assert asked == [started]
    assert result.deals == deals


# -- per-deal outcomes ----------------------------------------------------------------------


def solver_outcome(seed: int, rules: p13.RuleSet) -> p13.Outcome:
    winnable = p13.solve(p13.GameState.new(p13.Layout.shuffled(seed), rules)).winnable
    return p13.Outcome.WON if winnable else p13.Outcome.LOST


def test_outcomes_follow_the_seeds_given_duplicates_included() -> None:
    rules = p13.RuleSet.preset("microsoft")
    deals = [3, 1, 4, 1, 5, 9, 2, 6]
    expected = tuple((seed, solver_outcome(seed, rules)) for seed in deals)
    alone = p13.win_rate(rules, deals, workers=1)
    pooled = p13.win_rate(rules, deals, workers=2, chunk_size=3)
    assert alone.outcomes == pooled.outcomes == expected
    assert alone.wins == sum(outcome is p13.Outcome.WON for _, outcome in expected)
    assert alone.undecided_seeds == ()


def test_undecided_seeds_are_listed() -> None:
    result = p13.win_rate("microsoft", range(5, 8), workers=1, node_limit=3)
    undecided = [seed for seed, outcome in result.outcomes if outcome is p13.Outcome.UNDECIDED]
    assert result.undecided_seeds == tuple(undecided)
    assert len(undecided) == result.unknown >= 1
    # Each one really is beyond three nodes: the solver alone says so.
    for seed in undecided:
        state = p13.GameState.new(p13.Layout.shuffled(seed), p13.RuleSet.preset("microsoft"))
        assert p13.solve(state, node_limit=3).winnable is None


def test_two_bots_compared_deal_by_deal() -> None:
    greedy = dict(p13.win_rate("cardgames", range(20), "greedy", workers=1).outcomes)
    solver = dict(p13.win_rate("cardgames", range(20), workers=1).outcomes)
    # The greedy bot never wins a deal that perfect play cannot win.
    assert all(
        solver[seed] is p13.Outcome.WON for seed, won in greedy.items() if won is p13.Outcome.WON
    )


# -- failures name the seed and keep the finished deals -------------------------------------


def check_partial(error: p13.WinRateError, rules: str, total: int) -> None:
    """The partial result holds whole finished chunks, outcomes as if played alone."""
    partial = error.partial
    assert partial.deals == len(partial.outcomes) < total
    assert error.seed is None or error.seed not in dict(partial.outcomes)
    whole = dict(p13.win_rate(rules, range(total), "greedy", workers=1).outcomes)
    assert all(whole[seed] is outcome for seed, outcome in partial.outcomes)
    assert partial.wins == sum(o is p13.Outcome.WON for _, o in partial.outcomes)
    assert f"{partial.deals} of {total} deals finished" in str(error)


@pytest.mark.parametrize("how", ["exit", "kill"])
def test_a_dead_worker_names_the_seed_and_keeps_the_finished_chunks(how: str) -> None:
    with pytest.raises(p13.WinRateError) as caught:
        p13.win_rate("cardgames", range(12), DiesOn(9, how), workers=2, chunk_size=2)
    error = caught.value
    assert error.seed == 9
    assert error.seeds == (9,)
    assert str(error).startswith("seed 9: a worker process died")
    check_partial(error, "cardgames", 12)
    # When worker A reaches chunk [8, 9], worker B holds at most one of the four before.
    assert error.partial.deals >= 6


def test_a_worker_that_dies_once_is_reported_without_blaming_a_seed(tmp_path: Path) -> None:
    bot = DiesOn(5, "exit", trigger=str(tmp_path / "died"))
    with pytest.raises(p13.WinRateError) as caught:
        p13.win_rate("cardgames", range(8), bot, workers=2, chunk_size=2)
    error = caught.value
    assert error.seed is None
    assert 5 in error.seeds
    assert "replayed alone" in str(error)
    check_partial(error, "cardgames", 8)


@pytest.mark.parametrize("where", ["alone", "threads", "processes"])
def test_a_bot_that_raises_names_the_seed(where: str) -> None:
    with contextlib.ExitStack() as stack:
        executor = None
        if where == "threads":
            executor = stack.enter_context(ThreadPoolExecutor(2))
        with pytest.raises(p13.WinRateError) as caught:
            p13.win_rate(
                "cardgames",
                range(8),
                RaisesOn(6),
                workers=1 if where == "alone" else 2,
                executor=executor,
                chunk_size=2,
            )
    error = caught.value
    assert error.seed == 6
    assert error.seeds == (6,)
    assert str(error).startswith("seed 6: the player raised RuntimeError: a bug in the bot")
    check_partial(error, "cardgames", 8)
    assert 6 not in dict(error.partial.outcomes)
    cause = error.__cause__
    assert cause is not None
    assert "a bug in the bot" in str(cause)  # the exception, or its traceback from a process


class LosesChunks(Executor):
    """Runs calls at once, but a chunk holding `lost` fails like a cluster's lost worker."""

    def __init__(self, lost: int) -> None:
        self.lost = lost

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        if self.lost in args[1]:
            future.set_exception(ConnectionError("worker lost"))
        else:
            future.set_result(fn(*args, **kwargs))
        return future


def test_a_failed_task_on_any_executor_names_its_chunk() -> None:
    with pytest.raises(p13.WinRateError) as caught:
        p13.win_rate("cardgames", range(9), "greedy", executor=LosesChunks(4), chunk_size=3)
    error = caught.value
    assert error.seed is None
    assert error.seeds == (3, 4, 5)
    assert "seeds 3..5" in str(error)
    assert "ConnectionError: worker lost" in str(error)
    assert isinstance(error.__cause__, ConnectionError)
    check_partial(error, "cardgames", 9)


def test_the_error_pickles() -> None:
    with pytest.raises(p13.WinRateError) as caught:
        p13.win_rate("cardgames", range(4), RaisesOn(2), workers=1)
    copy = pickle.loads(pickle.dumps(caught.value))
    assert (str(copy), copy.seed, copy.seeds) == (str(caught.value), 2, (2,))
    assert copy.partial == caught.value.partial


# -- players that cannot travel to a process fail at once ---------------------------------


class HoldsALambda(p13.GreedyBot):
    __slots__ = ("pick",)

    def __init__(self) -> None:
        self.pick = lambda moves: moves[0]


def local_bot() -> p13.Bot:
    class Local(p13.GreedyBot):
        pass

    return Local()


@pytest.mark.parametrize(
    ("bot", "cause"), [(local_bot(), "local object"), (HoldsALambda(), "lambda")]
)
@pytest.mark.parametrize("own_pool", [True, False])
def test_a_bot_that_cannot_pickle_fails_at_once(bot: p13.Bot, cause: str, own_pool: bool) -> None:
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        executor = None if own_pool else stack.enter_context(ProcessPoolExecutor(2))
        with pytest.raises(p13.InvalidArgumentError, match="cannot be sent to worker") as caught:
            p13.win_rate("classic", range(8), bot, workers=2, executor=executor)
    assert cause in str(caught.value)
    assert "workers=1" in str(caught.value)
    assert time.perf_counter() - start < 5


def test_a_bot_that_cannot_pickle_runs_in_one_process_or_threads() -> None:
    alone = p13.win_rate("classic", range(4), local_bot(), workers=1)
    with ThreadPoolExecutor(2) as pool:
        threads = p13.win_rate("classic", range(4), HoldsALambda(), executor=pool)
    assert alone.outcomes == threads.outcomes
    assert alone.deals == 4


def test_a_dead_worker_in_a_pool_given_keeps_the_finished_chunks() -> None:
    with ProcessPoolExecutor(2) as pool, pytest.raises(p13.WinRateError) as caught:
        p13.win_rate("cardgames", range(12), DiesOn(9, "kill"), executor=pool, chunk_size=2)
    error = caught.value
    assert error.seed is None
    assert 9 in error.seeds
    assert set(error.seeds).isdisjoint(dict(error.partial.outcomes))
    assert len(error.seeds) + error.partial.deals == 12
    assert "BrokenProcessPool" in str(error)
    check_partial(error, "cardgames", 12)


def test_outcomes_is_a_compact_read_only_sequence() -> None:
    rules = p13.RuleSet.preset("microsoft")
    for deals in (range(10, 16), [15, 11, 11, 10]):
        result = p13.win_rate(rules, deals, workers=1)
        expected = tuple((seed, solver_outcome(seed, rules)) for seed in deals)
        outcomes = result.outcomes
        assert len(outcomes) == len(expected)
        assert tuple(outcomes) == expected == outcomes
        assert outcomes[1] == expected[1]
        assert outcomes[-1] == expected[-1]
        assert outcomes[1:3] == expected[1:3]
        assert outcomes != expected[:-1]
        assert repr(outcomes) == repr(expected)
        again = pickle.loads(pickle.dumps(result))
        assert again == result
        assert hash(again) == hash(result)
    big = p13.win_rate("classic", range(1000), "random", workers=1, max_moves=1)
    assert big.unknown == 1000
    assert big.undecided_seeds == tuple(range(1000))
    assert len(pickle.dumps(big.outcomes)) < 4 * 1000


# -- a user's bot: its name in the result and what it knew -----------------------------------


class _FirstMoveBot:
    """A user's bot: no repr of its own, honest."""

    honest = True

    def choose(self, view: Any) -> Any:
        return view.legal_moves()[0]


class _NamedBot(_FirstMoveBot):
    name = "first move"


class _ThoughtfulBot:
    def choose(self, state: Any) -> Any:
        assert isinstance(state, (p13.GameState, p13.spider.GameState)), "given the state"
        return state.legal_moves()[0]

    def __repr__(self) -> str:
        return "_ThoughtfulBot(depth=0)"


@pytest.mark.parametrize(
    ("bot", "name", "play"),
    [
        (_FirstMoveBot(), "_FirstMoveBot", p13.HONEST_NO_UNDO),
        (_NamedBot(), "first move", p13.HONEST_NO_UNDO),
        (_ThoughtfulBot(), "_ThoughtfulBot(depth=0)", p13.THOUGHTFUL),
        (p13.GreedyBot(), "GreedyBot()", p13.HONEST_NO_UNDO),
    ],
)
def test_a_bot_is_named_and_labelled_in_its_result(bot: Any, name: str, play: str) -> None:
    rules = [p13.RuleSet.preset("microsoft"), p13.spider.RuleSet.preset("microsoft", suits=1)]
    for game_rules in rules:
        if isinstance(bot, p13.GreedyBot) and game_rules is rules[1]:
            continue  # Pyramid's greedy bot plays Pyramid only
        result = p13.win_rate(game_rules, range(2), bot, workers=1, max_moves=300)
        assert result.player == name
        assert result.play == play
        assert f", {name} ({play}): " in str(result)
        assert " object at 0x" not in str(result)
