"""The Spider solver on PySolFC's deals: wins found, losses proved, CPU seconds per deal.

Run: ``python benchmarks/bench_spider_solver.py --suits 4 --deals 200 --nodes 300000``.
The game numbers are drawn at random from 1..32000 with ``random.Random(--seed)``, so a run
is repeatable; ``--numbers`` gives them by hand. Each deal is solved under the ``pysolfc``
preset (``--preset``) on one core; the time is CPU time (``time.process_time``), so that
other work on the machine skews it little. Every winning line is replayed by `solve`
itself (it raises otherwise) and once more here, to a won state. One line per deal, then a
summary; ``--out`` appends the summary as a Markdown table row.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pyramid13.spider.solver  # noqa: F401  (the solver's subpackage, for clarity)
from pyramid13 import Status, spider


def solve_one(
    number: int, suits: int, preset: str, nodes: int
) -> tuple[bool | None, float, int, int]:
    """(verdict, CPU seconds, nodes, moves) for PySolFC deal `number`."""
    rules = spider.RuleSet.preset(preset, suits=suits)
    state = spider.GameState.new(spider.Layout.from_pysolfc(number, suits=suits), rules)
    start = time.process_time()
    result = spider.solve(state, node_limit=nodes)
    seconds = time.process_time() - start
    if result.winnable:
        end = state
        for move in result.moves:
            end = end.apply(move)
        if end.status is not Status.WON:
            raise SystemExit(f"deal {number}: the line does not win")
    return result.winnable, seconds, result.nodes, len(result.moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suits", type=int, default=4, choices=(1, 2, 4))
    parser.add_argument("--preset", default="pysolfc")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--nodes", type=int, default=300_000)
    parser.add_argument("--numbers", type=int, nargs="*")
    parser.add_argument("--out", help="append a Markdown row of the summary to this file")
    args = parser.parse_args()
    numbers = args.numbers or random.Random(args.seed).sample(range(1, 32001), args.deals)
    times = []
    wins = lost = 0
    undecided = []
    for number in numbers:
        verdict, seconds, nodes, moves = solve_one(number, args.suits, args.preset, args.nodes)
        times.append(seconds)
        if verdict:
            wins += 1
        elif verdict is False:
            lost += 1
        else:
            undecided.append(number)
        print(f"#{number}: {verdict} {seconds:.2f} s {nodes} nodes {moves} moves", flush=True)
    summary = (
        f"| {args.preset} | {args.suits} | {len(numbers)} | {wins} | {lost} | {len(undecided)} "
        f"| {statistics.mean(times):.2f} | {statistics.median(times):.2f} | {max(times):.2f} "
        f"| {args.nodes:,} |"
    )
    print(
        "| preset | suits | deals | won | proved lost | undecided | mean s | median s | max s "
        "| node limit |"
    )
    print(summary)
    print("undecided:", " ".join(map(str, undecided)) or "none")
    if args.out:
        with open(args.out, "a", encoding="utf-8") as file:
            file.write(summary + "\n")


if __name__ == "__main__":
    main()
