"""`win_rate` and `wilson_interval`: counts, intervals, executors, bad arguments."""

from __future__ import annotations

import math
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_model import ref_winnable

import pyramid13 as p13


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
    with pytest.raises(ImportError, match=r"pip install 'pyramid13\[cli\]'"):
        p13.win_rate("classic", range(3), "greedy", workers=1, progress=True)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"player": "nobody"}, p13.InvalidArgumentError),
        ({"player": 3}, TypeError),
        ({"deals": [1, -1]}, p13.InvalidArgumentError),
        ({"deals": range(-1, 2)}, p13.InvalidArgumentError),
        ({"deals": "123"}, TypeError),
        ({"workers": 0}, p13.InvalidArgumentError),
        ({"chunk_size": 0}, p13.InvalidArgumentError),
        ({"node_limit": 0}, p13.InvalidArgumentError),
        ({"time_limit": -1.0}, p13.InvalidArgumentError),
        ({"rules": "no-such-preset"}, p13.InvalidRulesError),
        ({"rules": 3}, TypeError),
    ],
)
def test_bad_arguments(arguments: dict[str, object], error: type[Exception]) -> None:
    call: dict[str, object] = {"rules": "classic", "deals": range(2), "workers": 1}
    call.update(arguments)
    with pytest.raises(error):
        p13.win_rate(**call)  # type: ignore[arg-type]
