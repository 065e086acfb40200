"""Win rates of every preset, for the solver and the bots, as Markdown table rows.

Run: ``python benchmarks/win_rates.py [--deals 10000] [--presets classic ...]
[--players solver greedy random] [--workers N] [--published]``.

Each row plays the `Layout.shuffled` seeds ``0 .. deals-1`` with `win_rate` (all cores by
default). ``--published`` measures instead the six settings behind the win rates that
solitairewinrates.com publishes (the ``solitaire-lab`` preset and its variants) beside
the published figures; ``--rows`` picks some of them. The tables in
``benchmarks/preset-rates.md`` and ``benchmarks/published-rates.md`` were made with this
script (the published table's first row is the ``solitaire-lab`` solver row of the other).
"""

from __future__ import annotations

import argparse
from typing import Any

import attrs

import pyramid13 as p13

#: The settings behind the published figures, with the figure (percent).
PUBLISHED: list[tuple[str, dict[str, Any], float]] = [
    ("pyramid, one pass", {}, 9.02),
    ("pyramid, one pass, overlap", {"overlap_pairing": True}, 22.77),
    ("pyramid, unlimited passes", {"passes": None}, 66.87),
    ("pyramid, unlimited passes, overlap", {"passes": None, "overlap_pairing": True}, 83.15),
    ("all 52 cards, one pass", {"goal": p13.Goal.ALL_CARDS}, 6.80),
    (
        "all 52 cards, one pass, overlap",
        {"goal": p13.Goal.ALL_CARDS, "overlap_pairing": True},
        15.92,
    ),
]


def row(label: str, result: p13.WinRateResult, extra: str = "") -> str:
    unknown = f"{result.unknown}" if result.unknown else "0"
    return (
        f"| {label} | {result.player} | {result.deals:,} | {result.wins:,} | "
        f"{100 * result.rate:.2f} % | {100 * result.ci_low:.2f} .. {100 * result.ci_high:.2f} % | "
        f"{unknown} | {result.seconds:,.0f} s |{extra}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--presets", nargs="*", default=list(p13.RuleSet.preset_names()))
    parser.add_argument("--players", nargs="*", default=["solver", "greedy", "random"])
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--node-limit", type=int, default=p13.DEFAULT_NODE_LIMIT)
    parser.add_argument("--published", action="store_true")
    parser.add_argument(
        "--rows", nargs="*", type=int, default=None, help="with --published: which rows (0-5)"
    )
    args = parser.parse_args()
    deals = range(args.deals)
    options: dict[str, Any] = {
        "workers": args.workers,
        "node_limit": args.node_limit,
        "progress": False,
    }
    if args.published:
        base = p13.RuleSet.preset("solitaire-lab")
        print("| rules | player | deals | wins | rate | 95 % CI | undecided | wall | published |")
        print("|---|---|---|---|---|---|---|---|---|")
        for index, (label, changes, figure) in enumerate(PUBLISHED):
            if args.rows is not None and index not in args.rows:
                continue
            rules = attrs.evolve(base, **changes)
            result = p13.win_rate(rules, deals, **options)
            print(row(label, result, f" {figure:.2f} % |"), flush=True)
        return
    print("| preset | player | deals | wins | rate | 95 % CI | undecided | wall |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.presets:
        for player in args.players:
            result = p13.win_rate(name, deals, player, **options)
            print(row(f"`{name}`", result), flush=True)


if __name__ == "__main__":
    main()
