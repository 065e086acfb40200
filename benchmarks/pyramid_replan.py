"""How often Pyramid's honest `ReplanBot` wins beside `GreedyBot` and the solver, and what it
costs.

Run: ``python benchmarks/pyramid_replan.py [--deals 200] [--presets microsoft classic]
[--samples N] [--node-limit N] [--output benchmarks/pyramid-replan.md]``.

Every player plays the same deals, the `Layout.shuffled` seeds ``0 .. deals-1``, in this
process (``win_rate(..., workers=1)``), so that the CPU time per game is the player's own.
The page ``benchmarks/pyramid-replan.md`` was written by this script with its defaults.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

import pyramid13 as p13

HEADER = (
    "| preset | player | deals | wins | rate | 95 % CI (Wilson) | CPU per game |\n"
    "|---|---|---|---|---|---|---|"
)


def measure(
    rules: p13.RuleSet, deals: range, bot: p13.Bot | str
) -> tuple[p13.WinRateResult, float]:
    """The win rate of `bot` over `deals` and its mean CPU seconds per game."""
    start = time.process_time()
    result = p13.win_rate(rules, deals, bot, workers=1)
    return result, (time.process_time() - start) / len(deals)


def row(preset: str, name: str, result: p13.WinRateResult, cpu: float) -> str:
    low, high = p13.wilson_interval(result.wins, result.deals)
    return (
        f"| `{preset}` | {name} | {result.deals:,} | {result.wins:,} | "
        f"{100 * result.rate:.1f} % | {100 * low:.1f} .. {100 * high:.1f} % | "
        f"{1000 * cpu:.1f} ms |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--presets", nargs="*", default=["microsoft", "classic"])
    parser.add_argument("--samples", type=int, default=None, help="default: ReplanBot's")
    parser.add_argument("--node-limit", type=int, default=None, help="default: ReplanBot's")
    parser.add_argument("--output", type=Path, default=None, help="write the page here")
    args = parser.parse_args()
    settings = {}
    if args.samples is not None:
        settings["samples"] = args.samples
    if args.node_limit is not None:
        settings["node_limit"] = args.node_limit
    replan = p13.ReplanBot(**settings)
    deals = range(args.deals)
    rows = []
    for preset in args.presets:
        rules = p13.RuleSet.preset(preset)
        players: list[tuple[str, p13.Bot | str]] = [
            ("`GreedyBot()`", p13.GreedyBot()),
            (f"`{replan!r}`", replan),
            ("`solve` (thoughtful: it knows the stock)", "solver"),
        ]
        for name, bot in players:
            result, cpu = measure(rules, deals, bot)
            rows.append(row(preset, name, result, cpu))
            print(rows[-1], flush=True)
    command = " ".join(["python", "benchmarks/pyramid_replan.py", *sys.argv[1:]])
    page = "\n".join(
        [
            f"Made with `{command}`: every player plays the same deals "
            f"(`Layout.shuffled` seeds 0 to {args.deals - 1}) in one process "
            "(`win_rate(..., workers=1)`). The two bots play honestly (each is given "
            "`state.observe()`, never the stock's order) and without undo; the solver's row, "
            "the rate of play that knows every card, is the most any player can win. CPU per "
            "game is the process's CPU time over the deals, on one core "
            f"({platform.python_implementation()} {platform.python_version()}).",
            "",
            HEADER,
            *rows,
            "",
        ]
    )
    if args.output is not None:
        args.output.write_text(page, encoding="utf-8")
    else:
        print(page)


if __name__ == "__main__":
    main()
