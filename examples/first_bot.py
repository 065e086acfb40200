"""Write a bot and measure it: a simple heuristic against random play.

Run it with ``python examples/first_bot.py --games 1000``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import pyramid13 as p13


class PyramidFirstBot:
    """Prefer the removal that takes the most pyramid cards; draw or recycle last."""

    def choose(self, state: p13.GameState) -> p13.Move:
        """The legal move that clears the most pyramid cards (the first one on ties)."""
        in_pyramid = {card for card in state.pyramid if card is not None}

        def value(move: p13.Move) -> tuple[int, bool]:
            return sum(card in in_pyramid for card in move.cards), move.is_removal

        return max(state.legal_moves(), key=value)

    def __repr__(self) -> str:
        return "PyramidFirstBot()"


def main(argv: Sequence[str] | None = None) -> int:
    """Measure both bots on the same deals and print a small table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="deals per bot (default 200)")
    parser.add_argument("--preset", default="microsoft", choices=p13.RuleSet.preset_names())
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all)")
    args = parser.parse_args(argv)

    bots: dict[str, p13.Bot] = {"random": p13.RandomBot(seed=1), "pyramid-first": PyramidFirstBot()}
    print(f"{args.games} deals, rules {args.preset}")
    for name, bot in bots.items():
        result = p13.win_rate(args.preset, range(args.games), bot, workers=args.workers)
        low, high = result.interval
        print(f"{name:>14}: {result.rate:6.1%} won  (95 % interval {low:.1%} to {high:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
