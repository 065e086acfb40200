"""A table of win rates measured on a Dask cluster: one row per preset and player.

Run with no address (``python examples/dask_table.py``), it starts a local cluster
(`dask.distributed.LocalCluster`, one worker process per core) for the run, plays
`LOCAL_DEALS` deals per row (well under a minute on two cores) and says how to run the full
table. For a real cluster, start a scheduler and workers (``dask scheduler``, ``dask
worker tcp://HOST:8786``), then run ``python examples/dask_table.py tcp://HOST:8786``,
which plays `CLUSTER_DEALS` deals per row (``--deals N`` sets another count either way).
The deals are the seeds 0, 1, ... of `pyramid13.Layout.shuffled`; ``--outcomes FILE`` also
writes every deal's outcome as CSV, to compare players deal by deal.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import sys
from collections.abc import Iterator, Sequence

from dask.distributed import Client, LocalCluster

import pyramid13 as p13

CLUSTER_DEALS = 100_000
"""Deals per row on a cluster given by its address: the full table."""
LOCAL_DEALS = 200
"""Deals per row on the local cluster started when no address is given."""


@contextlib.contextmanager
def connect(address: str | None, deals: int) -> Iterator[Client]:
    """A client of the scheduler at `address`, or of a local cluster started for the run
    (saying so, with the `deals` per row it plays and how to run the full table)."""
    if address is not None:
        with Client(address) as client:
            yield client
        return
    print(
        f"no scheduler address given: starting a local cluster for this run, {deals:,} deals "
        f"per row; for the full table ({CLUSTER_DEALS:,} deals per row), start "
        "`dask scheduler` and `dask worker tcp://HOST:8786` on the cluster's machines and "
        "pass the scheduler's address: python examples/dask_table.py tcp://HOST:8786",
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
    parser.add_argument(
        "--deals",
        type=int,
        help=f"deals per row (default: {CLUSTER_DEALS} on a cluster, {LOCAL_DEALS} locally)",
    )
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
    deals = args.deals or (LOCAL_DEALS if args.address is None else CLUSTER_DEALS)

    rows = []
    with connect(args.address, deals) as client, client.get_executor() as executor:
        for preset in args.presets:
            for player in args.players:
                rows.append(
                    p13.win_rate(
                        preset,
                        range(deals),
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
