"""Time `winnable_deal` per preset: CPU seconds to produce a winnable deal, p50 and p99,
with any grade (``difficulty=None``) and with a grade asked for.

Run with ``python benchmarks/bench_deals.py [--seeds 20] [--game pyramid|spider]``. Seeds
are ``0 .. N-1``; with a grade, seed ``s`` asks for ``("easy", "medium", "hard")[s % 3]``.
Times are the process's CPU time (`time.process_time`), which a busy shared machine
disturbs less than the wall clock. Every deal's certificate is replayed to a win.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import pyramid13 as p13
from pyramid13 import spider
from pyramid13._base.deals import DIFFICULTIES

__all__ = ["main", "percentile", "time_deals"]


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of `values` (share in 0..1)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * share) - 1)]


def time_deals(rules: Any, seeds: range, graded: bool) -> tuple[list[float], float]:
    """CPU seconds per deal, and the mean attempts, for `seeds` under `rules`."""
    times: list[float] = []
    attempts = 0
    for seed in seeds:
        difficulty = DIFFICULTIES[seed % 3] if graded else None
        start = time.process_time()
        deal = p13.winnable_deal(rules, seed, difficulty=difficulty)
        times.append(time.process_time() - start)
        attempts += deal.attempt + 1
        state = deal.start()
        for move in deal.solution:
            state = state.apply(move)
        assert state.status is p13.Status.WON
    return times, attempts / len(seeds)


def _row(name: str, rules: Any, seeds: range) -> str:
    cells = [name]
    for graded in (False, True):
        times, attempts = time_deals(rules, seeds, graded)
        cells += [
            f"{percentile(times, 0.5):.3f}",
            f"{percentile(times, 0.99):.3f}",
            f"{attempts:.1f}",
        ]
    return "| " + " | ".join(cells) + " |"


def main(argv: list[str] | None = None) -> None:
    """Print one table row per preset."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--game", choices=["pyramid", "spider"], default="pyramid")
    parser.add_argument("--presets", nargs="*", default=None)
    parser.add_argument("--suits", nargs="*", type=int, default=[1, 2, 4])
    args = parser.parse_args(argv)
    seeds = range(args.seeds)
    print(f"{args.seeds} seeds per row, CPU seconds per deal\n")
    print(
        "| preset | p50 s | p99 s | attempts | p50 s, graded | p99 s, graded | attempts, graded |"
    )
    print("|---|---|---|---|---|---|---|")
    if args.game == "pyramid":
        for preset in args.presets or p13.RuleSet.preset_names():
            print(_row(preset, p13.RuleSet.preset(preset), seeds), flush=True)
    else:
        for preset in args.presets or ["pysolfc"]:
            for suits in args.suits:
                rules = spider.RuleSet.preset(preset, suits=suits)
                suit_word = "suit" if suits == 1 else "suits"
                print(_row(f"{preset}, {suits} {suit_word}", rules, seeds), flush=True)


if __name__ == "__main__":
    main()
