"""Thoughtful Spider win rates: the solver, which sees every card, per preset and suit count.

Run: ``python benchmarks/spider_thoughtful_rates.py --deals 100`` (every preset and suit
count), or a part at a time to run several at once:
``python benchmarks/spider_thoughtful_rates.py --presets pysolfc --suits 4 --deals 100``.
Deals are ``spider.Layout.shuffled`` seeds of each rule set (``--first-seed`` on). Each
deal is solved alone by `spider.solve` at its default limits and timed in CPU seconds of
this process (``time.process_time``); every win is replayed to a won state.

With ``--out FILE`` each deal appends one JSON line to FILE, and deals already there are
skipped, so a long run can be cut into pieces, stopped and resumed, in several processes.
``--table FILE ...`` prints the table of the lines gathered: per (preset, suits) the deals
won, proved lost and undecided (the node limit reached), the win rate over all deals with
its Wilson 95 % interval (an undecided deal counts as not won, so the rate is a lower
bound), the mean and median CPU seconds per deal, the slowest, and the undecided seeds so
that a later run can finish them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path

import pyramid13 as p13
from pyramid13 import spider

__all__ = ["main", "solve_deal", "table"]

_PRESETS = ("bicycle", "microsoft", "pysolfc", "relaxed")


def solve_deal(preset: str, suits: int, seed: int, node_limit: int) -> dict[str, object]:
    """Solve deal `seed` of the preset with `suits` suits; its record (one JSON line)."""
    rules = spider.RuleSet.preset(preset, suits=suits)
    state = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
    start = time.process_time()
    result = spider.solve(state, node_limit=node_limit)
    cpu = time.process_time() - start
    if result.winnable:
        end = state
        for move in result.moves:
            end = end.apply(move)
        assert end.status is p13.Status.WON, (preset, suits, seed)
    outcome = {True: "won", False: "lost", None: "undecided"}[result.winnable]
    return {
        "preset": preset,
        "suits": suits,
        "seed": seed,
        "outcome": outcome,
        "cpu": round(cpu, 4),
        "nodes": result.nodes,
        "length": result.length,
    }


def _read(paths: list[Path]) -> list[dict[str, object]]:
    records: dict[tuple[object, object, object], dict[str, object]] = {}
    for path in paths:
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    record = json.loads(line)
                    records[record["preset"], record["suits"], record["seed"]] = record
    return list(records.values())


def table(records: list[dict[str, object]]) -> str:
    """The Markdown table of the deal `records`, a row per (preset, suits)."""
    rows: dict[tuple[str, int], list[dict[str, object]]] = defaultdict(list)
    for record in records:
        rows[str(record["preset"]), int(str(record["suits"]))].append(record)
    lines = [
        "| preset | suits | deals | won | lost | undecided | rate | 95 % CI "
        "| mean CPU s | median CPU s | max CPU s | undecided seeds |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for (preset, suits), group in sorted(rows.items()):
        count = len(group)
        won = sum(r["outcome"] == "won" for r in group)
        lost = sum(r["outcome"] == "lost" for r in group)
        open_seeds = sorted(int(str(r["seed"])) for r in group if r["outcome"] == "undecided")
        cpu = [float(str(r["cpu"])) for r in group]
        low, high = p13.wilson_interval(won, count)
        lines.append(
            f"| {preset} | {suits} | {count:,} | {won:,} | {lost} | {len(open_seeds)} "
            f"| {100 * won / count:.1f} % | {100 * low:.1f} .. {100 * high:.1f} % "
            f"| {statistics.fmean(cpu):.2f} | {statistics.median(cpu):.2f} | {max(cpu):.2f} "
            f"| {' '.join(map(str, open_seeds)) or '—'} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--presets", default=",".join(_PRESETS), help="comma-separated")
    parser.add_argument("--suits", default="1,2,4", help="comma-separated suit counts")
    parser.add_argument("--node-limit", type=int, default=spider.solver.DEFAULT_NODE_LIMIT)
    parser.add_argument("--out", type=Path, help="append a JSON line per deal; skip those there")
    parser.add_argument("--table", type=Path, nargs="+", help="print the table of these files")
    args = parser.parse_args()
    if args.table:
        print(table(_read(args.table)))
        return
    done = {(r["preset"], r["suits"], r["seed"]) for r in _read([args.out] if args.out else [])}
    records = []
    for preset in args.presets.split(","):
        for suits in map(int, args.suits.split(",")):
            for seed in range(args.first_seed, args.first_seed + args.deals):
                if (preset, suits, seed) in done:
                    continue
                record = solve_deal(preset, suits, seed, args.node_limit)
                records.append(record)
                if args.out:
                    with args.out.open("a", encoding="utf-8") as out:
                        out.write(json.dumps(record) + "\n")
    if not args.out:
        print(table(records))


if __name__ == "__main__":
    main()
