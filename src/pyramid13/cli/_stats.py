"""``pyramid13 stats``: win rates over many seeded deals, with a progress bar."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys

from .._position import format_rules
from .._rules import RuleSet
from ..bots import Bot, GreedyBot, RandomBot
from ..stats import WinRateError, win_rate
from ._common import (
    EXIT_FAILED,
    EXIT_OK,
    CliError,
    Parser,
    add_limit_arguments,
    natural,
    positive_int,
    rules_argument,
)

__all__ = ["add_parser", "run"]

PLAYERS = ("solver", "greedy", "random")
_LAST_SEED = 2**64 - 1


def add_parser(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Register ``stats``."""
    parser = subparsers.add_parser(
        "stats",
        help="measure a win rate over many seeded deals",
        description="Play the deals Layout.shuffled(S), S+1, ... with a player and print the "
        "win rate with its 95 % confidence interval (Wilson). The 'solver' player plays "
        "perfectly, knowing the order of the stock.",
    )
    parser.add_argument(
        "--preset",
        type=rules_argument,
        default=RuleSet(),
        metavar="RULES",
        help="the rules: a preset, optionally followed by settings such as "
        "microsoft,passes=2 (default: classic)",
    )
    parser.add_argument(
        "--deals", type=positive_int, default=100, metavar="N", help="how many deals (default: 100)"
    )
    parser.add_argument(
        "--first-seed", type=natural, default=0, metavar="S", help="the first seed (default: 0)"
    )
    parser.add_argument(
        "--player", choices=PLAYERS, default="solver", help="who plays (default: solver)"
    )
    parser.add_argument(
        "--bot-seed",
        type=natural,
        default=0,
        metavar="N",
        help="the seed of the random player (default: 0)",
    )
    parser.add_argument(
        "--workers",
        type=positive_int,
        metavar="N",
        help="processes to use (default: every core; 1 runs in this process)",
    )
    add_limit_arguments(parser)
    parser.add_argument(
        "--json", action="store_true", help="print the result as JSON on standard output"
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="no progress bar on standard error"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``pyramid13 stats``."""
    player: str | Bot = args.player
    if args.player == "random":
        player = RandomBot(args.bot_seed)
    elif args.player == "greedy":
        player = GreedyBot()
    # The bar needs tqdm (the cli extra) and a terminal to draw on; without them, no bar.
    progress = (
        not args.no_progress
        and sys.stderr.isatty()
        and importlib.util.find_spec("tqdm") is not None
    )
    last = args.first_seed + args.deals - 1
    if last > _LAST_SEED:
        raise CliError(
            f"--first-seed {args.first_seed} and --deals {args.deals} go up to seed {last}, "
            f"past the last seed 2**64-1 = {_LAST_SEED}"
        )
    seeds = range(args.first_seed, last + 1)
    try:
        result = win_rate(
            args.preset,
            seeds,
            player,
            workers=args.workers,
            progress=progress,
            node_limit=args.node_limit,
            time_limit=args.time_limit,
        )
    except WinRateError as error:
        # Not a verdict on the deals: the run itself broke (see EXIT_FAILED).
        print(f"pyramid13 stats: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        print(
            json.dumps(
                {
                    "rules": result.rules.to_dict(),
                    "player": args.player,
                    "first_seed": args.first_seed,
                    "deals": result.deals,
                    "wins": result.wins,
                    "unknown": result.unknown,
                    "undecided_seeds": list(result.undecided_seeds),
                    "rate": result.rate,
                    "ci_low": result.ci_low,
                    "ci_high": result.ci_high,
                    "seconds": round(result.seconds, 3),
                },
                indent=2,
            )
        )
        return EXIT_OK
    undecided = f", {result.unknown} undecided" if result.unknown else ""
    assert isinstance(result.rules, RuleSet)  # the command line plays Pyramid
    print(
        f"{format_rules(result.rules)} rules, {args.player} player, seeds {seeds.start}.."
        f"{seeds.stop - 1}: {result.wins} wins in {result.deals} deals = "
        f"{100 * result.rate:.1f} % (95 % CI {100 * result.ci_low:.1f} .. "
        f"{100 * result.ci_high:.1f} %){undecided}, {result.seconds:.1f} s"
    )
    return EXIT_OK
