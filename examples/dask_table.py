"""A table of win rates measured on a Dask cluster: one row per preset and player.

Run with no address (``python examples/dask_table.py --deals 200``), it starts a local
cluster (`dask.distributed.LocalCluster`, one worker process per core) for the run and
says so. For a real cluster, start a scheduler and workers (``dask scheduler``, ``dask
worker tcp://HOST:8786``), then run ``python examples/dask_table.py tcp://HOST:8786 --deals
100000``. The deals are the seeds 0, 1, ... of `pyramid13.Layout.shuffled`; ``--outcomes
FILE`` also writes every deal's outcome as CSV, to compare players deal by deal.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import sys
from collections.abc import Iterator, Sequence

from dask.distributed import Client, LocalCluster

import pyramid13 as p13


@contextlib.contextmanager
def connect(address: str | None) -> Iterator[Client]:
    """A client of the scheduler at `address`, or of a local cluster started for the run."""
    if address is not None:
        with Client(address) as client:
            yield client
        return
    print(
        "no scheduler address given: starting a local cluster for this run; to use a real "
        "one, start `dask scheduler` and `dask worker tcp://HOST:8786` and pass its address "
        "(python examples/dask_table.py tcp://HOST:8786)",
        file=sys.stderr,
    )
    with (
        LocalCluster(threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        Client(cluster) as client,
    ):
        yield client


def main(argv: Sequence[str] | None = None) -> int:
    """Print a Markdown table of win rates computed on the cluster at ADDRESS (or on a
    local cluster started for the run, when no address is given)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "address",
        nargs="?",
        help="the scheduler, such as tcp://192.0.2.10:8786; none starts a local cluster",
    )
    parser.add_argument("--deals", type=int, default=100_000, help="deals per row (100000)")
    parser.add_argument("--presets", nargs="+", default=["microsoft"], metavar="PRESET")
    parser.add_argument(
        "--players",
        nargs="+",
        default=["random", "greedy", "solver"],
        choices=["random", "greedy", "solver"],
    )
    parser.add_argument("--chunk-size", type=int, default=100, help="deals per task (100)")
    parser.add_argument("--outcomes", metavar="FILE", help="write seed,preset,player,outcome")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    args = parser.parse_args(argv)

    rows = []
    with connect(args.address) as client, client.get_executor() as executor:
        for preset in args.presets:
            for player in args.players:
                rows.append(
                    p13.win_rate(
                        preset,
                        range(args.deals),
                        player,
                        executor=executor,
                        chunk_size=args.chunk_size,
                        progress=not args.no_progress,
                    )
                )
    print("| rules | player | deals | wins | rate | 95 % CI | undecided | seconds |")
    print("|---|---|---:|---:|---:|---|---:|---:|")
    for row in rows:
        print(
            f"| {row.rules.preset_name} | {row.player} | {row.deals} | {row.wins} | "
            f"{row.rate:.2%} | {row.ci_low:.2%} .. {row.ci_high:.2%} | {row.unknown} | "
            f"{row.seconds:.1f} |"
        )
    if args.outcomes:
        with open(args.outcomes, "w", newline="", encoding="utf-8") as file:
            writer = csv.writer(file)
            writer.writerow(["seed", "preset", "player", "outcome"])
            for row in rows:
                for seed, outcome in row.outcomes:
                    writer.writerow([seed, row.rules.preset_name, row.player, outcome.value])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
