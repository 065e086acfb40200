"""Solver speed and correctness on msc-1500 (Microsoft Solitaire Collection rules).

Run: ``python benchmarks/bench_solver.py [--decks 200] [--all] [--mode default|optimal|both]``.

Each deck of ``../shared/data/msc-1500/decks.txt`` is solved under the ``microsoft``
preset, one at a time on one core, and the verdict (and, in the optimal mode, the length)
is compared with ``optimal-lengths.txt`` (0 means no solution). Times are wall clock and
CPU (process) time per deck, a deck proved unwinnable counting like any other; every
solution found is replayed through ``GameState.apply`` and must end WON.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import pyramid13 as p13


def _data() -> Path:
    """msc-1500 in $PYRAMID13_SHARED, else in the nearest ``shared`` folder beside the
    checkout or one of its parents."""
    if os.environ.get("PYRAMID13_SHARED"):
        return Path(os.environ["PYRAMID13_SHARED"]) / "data" / "msc-1500"
    for parent in Path(__file__).resolve().parents[1].parents:
        if (parent / "shared").is_dir():
            return parent / "shared" / "data" / "msc-1500"
    return Path(__file__).resolve().parents[2] / "shared" / "data" / "msc-1500"


DATA = _data()


def load(data: Path) -> list[tuple[str, int]]:
    """The decks and their shortest solution lengths, line by line."""
    decks = (data / "decks.txt").read_text().splitlines()
    lengths = [int(word) for word in (data / "optimal-lengths.txt").read_text().split()]
    if len(decks) != len(lengths):
        raise SystemExit(f"{data}: {len(decks)} decks but {len(lengths)} lengths")
    return list(zip(decks, lengths, strict=True))


def run(decks: list[tuple[str, int]], optimal: bool, node_limit: int | None) -> dict[str, float]:
    """Solve every deck; print disagreements; return the summary figures."""
    rules = p13.RuleSet.preset("microsoft")
    wall: list[float] = []
    cpu: list[float] = []
    nodes: list[int] = []
    flags_ok = lengths_ok = undecided = 0
    for number, (code, length) in enumerate(decks):
        state = p13.GameState.new(p13.Layout.parse(code), rules)
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        result = p13.solve(state, optimal=optimal, node_limit=node_limit)
        wall.append(time.perf_counter() - start_wall)
        cpu.append(time.process_time() - start_cpu)
        nodes.append(result.nodes)
        if result.winnable is None:
            undecided += 1
            print(f"deck {number}: undecided after {result.nodes} positions", file=sys.stderr)
            continue
        if result.winnable:
            end = state
            for move in result.moves:
                end = end.apply(move)
            assert end.status is p13.Status.WON, f"deck {number}: the solution does not win"
        if result.winnable is (length > 0):
            flags_ok += 1
        else:
            print(f"deck {number}: winnable={result.winnable}, data says {length}", file=sys.stderr)
        if optimal and result.winnable and result.length == length:
            lengths_ok += 1
        elif optimal and result.winnable:
            print(f"deck {number}: length {result.length}, data says {length}", file=sys.stderr)
    winnable = sum(1 for _, length in decks if length > 0)
    return {
        "decks": len(decks),
        "flags agree": flags_ok,
        "lengths agree": lengths_ok if optimal else float("nan"),
        "winnable decks": winnable,
        "undecided": undecided,
        "mean s": statistics.mean(wall),
        "median s": statistics.median(wall),
        "max s": max(wall),
        "mean cpu s": statistics.mean(cpu),
        "median cpu s": statistics.median(cpu),
        "max cpu s": max(cpu),
        "max positions": max(nodes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decks", type=int, default=200, help="the first N decks (200)")
    parser.add_argument("--all", action="store_true", help="all 1500 decks")
    parser.add_argument("--mode", choices=["default", "optimal", "both"], default="both")
    parser.add_argument("--node-limit", type=int, default=p13.DEFAULT_NODE_LIMIT)
    parser.add_argument("--data", type=Path, default=DATA, help="the msc-1500 directory")
    parser.add_argument(
        "--skip-missing", action="store_true", help="exit 0, not 1, when the data are absent"
    )
    args = parser.parse_args()
    if not (args.data / "decks.txt").is_file():
        if args.skip_missing:
            print(f"no msc-1500 data at {args.data}: skipped")
            return
        raise SystemExit(f"no msc-1500 data at {args.data}")
    decks = load(args.data)
    if not args.all:
        decks = decks[: args.decks]
    modes = ["default", "optimal"] if args.mode == "both" else [args.mode]
    disagreements = 0
    for mode in modes:
        figures = run(decks, mode == "optimal", args.node_limit)
        disagreements += int(figures["decks"] - figures["undecided"] - figures["flags agree"])
        if mode == "optimal":
            decided_wins = figures["winnable decks"] - figures["undecided"]
            disagreements += max(0, int(decided_wins - figures["lengths agree"]))
        print(f"\n{mode} mode, {figures['decks']} decks (microsoft preset, one core)")
        print(
            f"  verdicts agree: {figures['flags agree']:.0f}/{figures['decks']} "
            f"({figures['winnable decks']:.0f} winnable), undecided: {figures['undecided']:.0f}"
        )
        if mode == "optimal":
            print(
                f"  shortest lengths agree: {figures['lengths agree']:.0f}/"
                f"{figures['winnable decks']:.0f}"
            )
        print(
            f"  seconds per deck, wall: mean {figures['mean s']:.3f}, median "
            f"{figures['median s']:.3f}, max {figures['max s']:.2f}"
        )
        print(
            f"  seconds per deck, CPU:  mean {figures['mean cpu s']:.3f}, median "
            f"{figures['median cpu s']:.3f}, max {figures['max cpu s']:.2f}"
        )
        print(f"  most positions stored for one deck: {figures['max positions']:,.0f}")
    if disagreements:
        raise SystemExit(f"{disagreements} disagreement(s) with the data (see above)")


if __name__ == "__main__":
    main()
