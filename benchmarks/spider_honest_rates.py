"""Honest Spider win rates (no undo) of the shipped bots, and thoughtful rates of the solver.

Run: ``python benchmarks/spider_honest_rates.py --deals 100 --sampling-deals 10``, or one
player and suit count at a time (to run several at once):
``python benchmarks/spider_honest_rates.py --players planner --suits 4 --deals 150``.
Deals are ``spider.Layout.shuffled`` seeds from ``--first-seed`` (0 by default) under the
``pysolfc`` preset; one line per (player, suits) with the Wilson 95 % interval and the
sample size, each labelled thoughtful or honest by `win_rate` itself. CPU seconds are this
process's own (``time.process_time``), the games running in it (``workers=1``).
"""

from __future__ import annotations

import argparse
import time

import pyramid13 as p13
from pyramid13 import spider

_PLAYERS = ("random", "greedy", "sampling", "planner", "replan", "rollout", "solver")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument(
        "--first-seed", type=int, default=0, help="the first seed (to run a range in parts)"
    )
    parser.add_argument("--sampling-deals", type=int, default=10)
    parser.add_argument("--solver-deals", type=int, default=0)
    parser.add_argument("--preset", default="pysolfc")
    parser.add_argument(
        "--players",
        default="random,greedy,sampling,planner",
        help=f"comma-separated, from {', '.join(_PLAYERS)}",
    )
    parser.add_argument("--suits", default="1,2,4", help="comma-separated suit counts")
    parser.add_argument("--no-header", action="store_true")
    args = parser.parse_args()
    if not args.no_header:
        print("| player | play | preset | suits | deals | wins | rate | 95 % CI | CPU s/deal |")
        print("|---|---|---|---|---|---|---|---|---|")
    bots: dict[str, tuple[str | p13.Bot, int]] = {
        "random": ("random", args.deals),
        "greedy": ("greedy", args.deals),
        "sampling": (spider.SamplingBot(), args.sampling_deals),
        "planner": (spider.PlannerBot(), args.deals),
        "replan": (spider.ReplanBot(), args.deals),
        "rollout": (spider.RolloutBot(), args.deals),
        "solver": ("solver", args.solver_deals),
    }
    for name in args.players.split(","):
        player, deals = bots[name]
        for suits in map(int, args.suits.split(",")):
            rules = spider.RuleSet.preset(args.preset, suits=suits)
            start = time.process_time()
            seeds = range(args.first_seed, args.first_seed + deals)
            result = p13.win_rate(rules, seeds, player, workers=1)
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
