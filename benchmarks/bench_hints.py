"""Following hints from the deal: how many winnable games they win, and how long each takes.

Run: ``python benchmarks/bench_hints.py [--deals 200] [--presets classic ...]
[--hinter session|plain] [--time-limit 0.25|none] [--out FILE] [--seeds-file FILE]``.

For every preset, the `Layout.shuffled` seeds ``0, 1, 2, ...`` are solved in turn (default
node limit) and the first ``--deals`` winnable ones are kept; seeds the solver cannot
decide are skipped and counted. Each kept deal is then played from the start by following
the hints: one `Hinter` per game (``session``, the default) or the plain `hint` function
(``plain``), with the default budget: 20,000 positions and 0.25 s per hint, or the
positions alone with ``--time-limit none`` (then the hints do not depend on the
machine's speed). A row gives the games won, the games that came back to a table they had
already shown (the same pyramid, stock and waste, whatever the pass: a hint that goes
round), the hints asked for and the wall-clock time per hint (mean, 99th percentile,
maximum). Times are measured on
whatever machine runs it; say how busy it was. ``--seeds-file`` keeps the winnable seeds
found (JSON), so a second run skips the solving.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import pyramid13 as p13


def winnable_seeds(preset: str, deals: int, cache: dict[str, list[int]]) -> tuple[list[int], int]:
    """The first `deals` winnable seeds of `preset`, and how many seeds before the last
    of them the solver left undecided (``cache`` keeps both, by preset)."""
    known = cache.get(preset, [])
    if len(known) >= deals:
        skipped = cache.get(f"{preset}:undecided", [])
        return known[:deals], sum(1 for seed in skipped if seed < known[deals - 1])
    rules = p13.RuleSet.preset(preset)
    found: list[int] = []
    undecided: list[int] = []
    seed = 0
    while len(found) < deals:
        result = p13.solve(p13.GameState.new(p13.Layout.shuffled(seed), rules))
        if result.winnable:
            found.append(seed)
        elif result.winnable is None:
            undecided.append(seed)
        seed += 1
    cache[preset] = found
    cache[f"{preset}:undecided"] = undecided
    return found, len(undecided)


def follow(
    preset: str, seed: int, plain: bool, time_limit: float | None
) -> tuple[bool, bool, list[float]]:
    """Play one deal by the hints; whether it was won, whether it came back to a table,
    and the time of each hint."""
    state = p13.GameState.new(p13.Layout.shuffled(seed), p13.RuleSet.preset(preset))
    hinter = p13.Hinter(time_limit=time_limit)
    times = []
    tables = set()
    repeated = False
    while not state.is_over:
        table = (state.pyramid, state.stock, state.waste_piles)
        repeated = repeated or table in tables
        tables.add(table)
        start = time.perf_counter()
        move = p13.hint(state, time_limit=time_limit) if plain else hinter.hint(state)
        times.append(time.perf_counter() - start)
        assert move is not None
        state = state.apply(move)
    return state.status is p13.Status.WON, repeated, times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--presets", nargs="*", default=list(p13.RuleSet.preset_names()))
    parser.add_argument("--hinter", choices=["session", "plain"], default="session")
    parser.add_argument(
        "--time-limit",
        default="0.25",
        help="seconds per hint (the default budget), or 'none' for the node budget alone",
    )
    parser.add_argument("--out", type=Path, default=None, help="also append the rows here")
    parser.add_argument("--seeds-file", type=Path, default=None)
    args = parser.parse_args()
    time_limit = None if args.time_limit == "none" else float(args.time_limit)
    budget = "20,000 positions" + ("" if time_limit is None else f", {time_limit:g} s")
    cache: dict[str, list[int]] = {}
    if args.seeds_file is not None and args.seeds_file.exists():
        cache = json.loads(args.seeds_file.read_text())
    header = (
        "| preset | hints | budget per hint | winnable deals | won by following the hints | "
        "came back to a table | hints asked | mean per hint | p99 | max | lost seeds |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|"
    )
    print(header, flush=True)
    if args.out is not None:
        with args.out.open("a") as out:
            out.write(header + "\n")
    for preset in args.presets:
        if args.seeds_file is not None and args.seeds_file.exists():
            cache.update(json.loads(args.seeds_file.read_text()))
        seeds, undecided = winnable_seeds(preset, args.deals, cache)
        if args.seeds_file is not None:
            args.seeds_file.write_text(json.dumps(cache))
        wins = 0
        times: list[float] = []
        lost = []
        repeats = 0
        for seed in seeds:
            won, repeated, hint_times = follow(preset, seed, args.hinter == "plain", time_limit)
            wins += won
            repeats += repeated
            times.extend(hint_times)
            if not won:
                lost.append(seed)
                print(f"{preset} seed {seed}: lost", file=sys.stderr, flush=True)
        plural = "s" if undecided > 1 else ""
        note = f" ({undecided} undecided seed{plural} skipped)" if undecided else ""
        line = (
            f"| `{preset}` | {args.hinter} | {budget} | "
            f"{len(seeds)} (seeds 0 to {seeds[-1]}){note} | "
            f"{wins} ({100 * wins / len(seeds):.1f} %) | {repeats} | {len(times):,} | "
            f"{1000 * statistics.fmean(times):.1f} ms | {1000 * percentile(times, 0.99):.0f} ms | "
            f"{1000 * max(times):.0f} ms | {', '.join(map(str, lost)) or '—'} |"
        )
        print(line, flush=True)
        if args.out is not None:
            with args.out.open("a") as out:
                out.write(line + "\n")


if __name__ == "__main__":
    main()
