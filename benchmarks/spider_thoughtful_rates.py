"""Thoughtful Spider win rates: the solver, which sees every card, per preset and suit count.

Run: ``python benchmarks/spider_thoughtful_rates.py --deals 100`` (every preset and suit
count), or a part at a time to run several at once:
``python benchmarks/spider_thoughtful_rates.py --presets pysolfc --suits 4 --deals 100``.
Deals are ``spider.Layout.shuffled`` seeds 0..n-1 of each rule set. One line per (preset,
suits): deals won, proved lost and undecided (the node limit reached), the win rate over
all deals with its Wilson 95 % interval (an undecided deal counts as not won, so the rate
is a lower bound), CPU seconds per deal of this process (``time.process_time``, the games
running in it), and the undecided seeds so that a later run can finish them.
"""

from __future__ import annotations

import argparse
import time

import pyramid13 as p13
from pyramid13 import spider

_PRESETS = ("bicycle", "microsoft", "pysolfc", "relaxed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--presets", default=",".join(_PRESETS), help="comma-separated")
    parser.add_argument("--suits", default="1,2,4", help="comma-separated suit counts")
    parser.add_argument("--node-limit", type=int, default=spider.solver.DEFAULT_NODE_LIMIT)
    parser.add_argument("--no-header", action="store_true")
    args = parser.parse_args()
    if not args.no_header:
        print(
            "| preset | suits | deals | won | lost | undecided | rate | 95 % CI "
            "| CPU s/deal | undecided seeds |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|")
    seeds = range(args.first_seed, args.first_seed + args.deals)
    for preset in args.presets.split(","):
        for suits in map(int, args.suits.split(",")):
            rules = spider.RuleSet.preset(preset, suits=suits)
            start = time.process_time()
            result = p13.win_rate(rules, seeds, "solver", workers=1, node_limit=args.node_limit)
            cpu = (time.process_time() - start) / max(1, args.deals)
            assert result.play == p13.THOUGHTFUL
            low, high = result.interval
            lost = result.deals - result.wins - result.unknown
            undecided = " ".join(map(str, result.undecided_seeds)) or "—"
            print(
                f"| {preset} | {suits} | {result.deals} | {result.wins} | {lost} "
                f"| {result.unknown} | {100 * result.rate:.1f} % "
                f"| {100 * low:.1f} .. {100 * high:.1f} % | {cpu:.2f} | {undecided} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
