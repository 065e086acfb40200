"""`win_rate` on a real Dask cluster: a `LocalCluster` of two worker processes."""

from __future__ import annotations

import csv
import logging
import runpy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pyramid13 as p13

distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    # Ports chosen by the system; torn down after this module's tests. A task
    # whose worker dies is not retried elsewhere (the default is 3 retries), for speed.
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            scheduler_port=0,
            dashboard_address=":0",  # a free port: two test workers may each run one
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_the_same_seeds_give_the_same_outcomes_everywhere(client: Any) -> None:
    seeds = range(100, 112)
    with client.get_executor() as executor:
        dask = p13.win_rate("microsoft", seeds, executor=executor, chunk_size=2)
        greedy_dask = p13.win_rate("microsoft", seeds, "greedy", executor=executor, chunk_size=5)
    pool = p13.win_rate("microsoft", seeds)  # the default process pool
    alone = p13.win_rate("microsoft", seeds, workers=1)
    assert dask.outcomes == pool.outcomes == alone.outcomes
    assert (dask.deals, dask.wins, dask.unknown) == (alone.deals, alone.wins, alone.unknown)
    assert [seed for seed, _ in dask.outcomes] == list(seeds)
    greedy_alone = p13.win_rate("microsoft", seeds, "greedy", workers=1)
    assert greedy_dask.outcomes == greedy_alone.outcomes
    # The two players, compared deal by deal: greedy never wins a deal the solver cannot.
    won = {seed for seed, outcome in dask.outcomes if outcome is p13.Outcome.WON}
    assert {seed for seed, outcome in greedy_dask.outcomes if outcome is p13.Outcome.WON} <= won


def test_a_bot_defined_in_a_function_travels_to_dask(client: Any) -> None:
    class FirstMove:  # Dask pickles by value what the standard pickle cannot
        def choose(self, state: p13.GameState) -> p13.Move:
            return state.legal_moves()[0]

    with client.get_executor() as executor:
        result = p13.win_rate("classic", range(6), FirstMove(), executor=executor, progress=True)
    assert result.outcomes == p13.win_rate("classic", range(6), FirstMove(), workers=1).outcomes


def test_a_bot_that_raises_on_dask_names_the_seed(client: Any) -> None:
    from failing_bots import RaisesOn

    with (
        client.get_executor() as executor,
        pytest.raises(p13.WinRateError) as caught,
    ):
        p13.win_rate("cardgames", range(8), RaisesOn(5), executor=executor, chunk_size=2)
    assert caught.value.seed == 5
    assert str(caught.value).startswith("seed 5: the player raised RuntimeError")


def test_the_example_table(client: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    program = runpy.run_path(str(ROOT / "examples" / "dask_table.py"), run_name="example")
    outcomes = tmp_path / "outcomes.csv"
    address = client.scheduler.address
    argv = [address, "--deals", "6", "--players", "greedy", "solver", "--no-progress"]
    assert program["main"]([*argv, "--chunk-size", "2", "--outcomes", str(outcomes)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("| rules | player | deals | wins | rate |")
    for line, player in zip(lines[2:], ["greedy", "solver"], strict=True):
        expected = p13.win_rate("microsoft", range(6), player, workers=1)
        assert line.startswith(f"| microsoft | {player} | 6 | {expected.wins} | ")
    with outcomes.open() as file:
        rows = list(csv.reader(file))
    assert rows[0] == ["seed", "preset", "player", "outcome"]
    solver = p13.win_rate("microsoft", range(6), workers=1)
    assert rows[7:] == [[str(s), "microsoft", "solver", o.value] for s, o in solver.outcomes]


def test_a_dead_cluster_worker_names_its_chunk(client: Any) -> None:
    # Last in this module: it kills a worker (the nanny starts another). One chunk only:
    # a chunk merely queued on the dying worker may fail with it too.
    from failing_bots import DiesOn

    with (
        client.get_executor() as executor,
        pytest.raises(p13.WinRateError) as caught,
    ):
        p13.win_rate("cardgames", range(4, 10), DiesOn(9, "kill"), executor=executor, chunk_size=6)
    error = caught.value
    assert error.seed is None
    assert error.seeds == (4, 5, 6, 7, 8, 9)
    assert str(error).startswith("the task of seeds 4..9 failed: KilledWorker")
    assert str(error).endswith("(0 of 6 deals finished: 0 wins)")
    assert type(error.__cause__).__name__ == "KilledWorker"


def test_the_example_table_starts_a_local_cluster_with_no_address(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Regression: run as a newcomer runs it, with no arguments, it stopped with "the
    # following arguments are required: address".
    program = runpy.run_path(str(ROOT / "examples" / "dask_table.py"), run_name="example")
    assert program["main"](["--deals", "2", "--players", "greedy", "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert "starting a local cluster" in captured.err
    assert "tcp://HOST:8786" in captured.err
    expected = p13.win_rate("microsoft", range(2), "greedy", workers=1)
    assert f"| microsoft | greedy | 2 | {expected.wins} | " in captured.out
