"""Count move sequences (perft) from a deal, to compare move generation with another engine.

Usage::

    python examples/perft.py --seed 1 --preset microsoft --depth 12
    python examples/perft.py --pysolfc 617 --preset pysolfc --depth 10 --divide
    python examples/perft.py --code "8S JH 9C ..." --depth 8

``--divide`` prints the count below each first move: where two implementations disagree,
follow the move whose counts differ, one ply deeper each time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import pyramid13 as p13


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    deal = parser.add_mutually_exclusive_group()
    deal.add_argument("--seed", type=int, default=1, help="Layout.shuffled seed (default 1)")
    deal.add_argument("--pysolfc", type=int, metavar="N", help="PySolFC game number")
    deal.add_argument("--code", metavar="CODE", help="a layout code (52 cards)")
    parser.add_argument(
        "--preset", default="classic", choices=p13.RuleSet.preset_names(), help="rules"
    )
    parser.add_argument("--depth", type=int, default=6, help="sequence length (default 6)")
    parser.add_argument("--divide", action="store_true", help="split the count by first move")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Print perft (or its divide) for the chosen deal, rules and depth."""
    args = parse_args(argv)
    try:
        if args.code is not None:
            layout = p13.Layout.parse(args.code)
        elif args.pysolfc is not None:
            layout = p13.Layout.from_pysolfc(args.pysolfc)
        else:
            layout = p13.Layout.shuffled(args.seed)
        state = p13.GameState.new(layout, p13.RuleSet.preset(args.preset))
        began = time.perf_counter()
        if args.divide:
            divide = p13.perft_divide(state, args.depth)
            for move, count in divide.items():
                print(f"{move}: {count}")
            total = sum(divide.values())
        else:
            total = p13.perft(state, args.depth)
    except (p13.Pyramid13Error, ValueError) as error:
        print(f"perft: {error}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - began
    print(f"perft({args.depth}) = {total}  [{elapsed:.2f} s]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
