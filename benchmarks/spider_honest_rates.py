"""Honest Spider win rates (no undo) of the shipped bots, and thoughtful rates of the solver.

Run: ``python benchmarks/spider_honest_rates.py --deals 100 --sampling-deals 10``.
Deals are ``spider.Layout.shuffled`` seeds 0..n-1 under the ``pysolfc`` preset; one
line per (player, suits) with the Wilson 95 % interval and the sample size, each labelled
thoughtful or honest by `win_rate` itself. CPU seconds are this process's own
(``time.process_time``), the games running in it (``workers=1``).
"""

from __future__ import annotations

import argparse
import time

import pyramid13 as p13
from pyramid13 import spider


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--sampling-deals", type=int, default=10)
    parser.add_argument("--solver-deals", type=int, default=0)
    parser.add_argument("--preset", default="pysolfc")
    args = parser.parse_args()
    print("| player | play | preset | suits | deals | wins | rate | 95 % CI | CPU s/deal |")
    print("|---|---|---|---|---|---|---|---|---|")
    runs: list[tuple[str | p13.Bot, int]] = [
        ("random", args.deals),
        ("greedy", args.deals),
        (spider.SamplingBot(), args.sampling_deals),
    ]
    if args.solver_deals:
        runs.append(("solver", args.solver_deals))
    for player, deals in runs:
        for suits in (1, 2, 4):
            rules = spider.RuleSet.preset(args.preset, suits=suits)
            start = time.process_time()
            result = p13.win_rate(rules, range(deals), player, workers=1)
            cpu = (time.process_time() - start) / max(1, deals)
            low, high = result.interval
            print(
                f"| {result.player} | {result.play} | {args.preset} | {suits} | {result.deals} "
                f"| {result.wins} | {100 * result.rate:.1f} % "
                f"| {100 * low:.1f} .. {100 * high:.1f} % | {cpu:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
