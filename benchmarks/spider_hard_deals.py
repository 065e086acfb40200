"""The 4-suit Spider deals the thoughtful solver found hardest: solved one at a time.

Run: ``python benchmarks/spider_hard_deals.py`` (or ``--cases pysolfc:12 relaxed:83``).
The default cases are the `spider.Layout.shuffled` seeds the 100-deal rows of
`benchmarks/spider_thoughtful_rates.py` left undecided at the default limits (`pysolfc`
12, 56, 82; `relaxed` 12, 56, 82, 83). One line per deal: the verdict (True won, None
undecided), positions expanded, the length of the winning line, CPU seconds; every win
is replayed with `GameState.apply` to a won state.

``--sample PRESET FIRST COUNT`` solves seeds FIRST .. FIRST+COUNT-1 of the preset instead
(at ``--suits``) and ends with a summary: deals won, proved lost and undecided, mean and
median CPU seconds per deal, to compare the solver's speed on ordinary deals.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pyramid13 import Status, spider

_CASES = (
    "pysolfc:12",
    "pysolfc:56",
    "pysolfc:82",
    "relaxed:12",
    "relaxed:56",
    "relaxed:82",
    "relaxed:83",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="*", default=list(_CASES), help="preset:seed ...")
    parser.add_argument("--suits", type=int, default=4, choices=(1, 2, 4))
    parser.add_argument("--node-limit", type=int, default=spider.solver.DEFAULT_NODE_LIMIT)
    parser.add_argument("--sample", nargs=3, metavar=("PRESET", "FIRST", "COUNT"))
    args = parser.parse_args()
    cases = args.cases
    if args.sample:
        preset, first, count = args.sample
        cases = [f"{preset}:{seed}" for seed in range(int(first), int(first) + int(count))]
    times: list[float] = []
    verdicts: list[bool | None] = []
    print("| preset | seed | winnable | positions | moves | CPU s |")
    print("|---|---|---|---|---|---|")
    for case in cases:
        preset, seed = case.split(":")
        rules = spider.RuleSet.preset(preset, suits=args.suits)
        state = spider.GameState.new(spider.Layout.shuffled(int(seed), rules), rules)
        start = time.process_time()
        result = spider.solve(state, node_limit=args.node_limit)
        cpu = time.process_time() - start
        times.append(cpu)
        verdicts.append(result.winnable)
        end = state
        for move in result.moves:
            end = end.apply(move)
        assert (end.status is Status.WON) == bool(result.winnable)
        print(
            f"| {preset} | {seed} | {result.winnable} | {result.nodes:,} "
            f"| {len(result.moves)} | {cpu:.2f} |",
            flush=True,
        )
    won, lost = verdicts.count(True), verdicts.count(False)
    print(
        f"\n{len(cases)} deals: {won} won, {lost} proved lost, "
        f"{len(cases) - won - lost} undecided; CPU s per deal: mean "
        f"{statistics.mean(times):.2f}, median {statistics.median(times):.2f}"
    )


if __name__ == "__main__":
    main()
