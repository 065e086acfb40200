"""Win rates of one rule set for the solver and the bots, on all local cores.

Run it with ``python examples/statistics_run.py --deals 200 --preset classic``. Pass an
executor to `pyramid13.win_rate` (a Dask ``Client.get_executor()``, say) to spread the same
run over a cluster; nothing else changes.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import pyramid13 as p13


def main(argv: Sequence[str] | None = None) -> int:
    """Print each player's win rate with its 95 % confidence interval."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per player (default 200)")
    parser.add_argument("--preset", default="classic", choices=p13.RuleSet.preset_names())
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all)")
    args = parser.parse_args(argv)

    for player in ("random", "greedy", "solver"):
        result = p13.win_rate(args.preset, range(args.deals), player, workers=args.workers)
        print(
            f"{player:>6}: {result.rate:7.2%}  "
            f"(95 % CI {result.ci_low:.2%} .. {result.ci_high:.2%}, "
            f"{result.deals} deals, {result.seconds:.1f} s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
