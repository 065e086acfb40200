"""``pyramid13 stats``: win rates over many seeded deals, with a progress bar."""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import sys
from collections.abc import Callable, Sequence

from .._base.bots import Bot
from ..pyramid._bots import GreedyBot, RandomBot
from ..pyramid._position import format_rules
from ..pyramid._rules import RuleSet
from ..pyramid.solver import DEFAULT_NODE_LIMIT
from ..spider import RuleSet as SpiderRules
from ..stats import HONEST_NO_UNDO, THOUGHTFUL, WinRateError, win_rate
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
from ._players import bot_from_spec, player_argument

__all__ = ["KNOWLEDGE", "PLAYER_EPILOG", "add_parser", "add_run_arguments", "measure", "run"]

PLAYERS = ("solver", "greedy", "random")
SEEDED = ("random", "sampling", "planner", "replan", "rollout")  # the players --bot-seed seeds
_LAST_SEED = 2**64 - 1

#: What the result line says the player knew, by `WinRateResult.play`.
KNOWLEDGE = {
    THOUGHTFUL: "thoughtful: it sees every card",
    HONEST_NO_UNDO: "honest, no undo: it sees only what a player sees",
}

PLAYER_EPILOG = (
    "Your own bot: --player MODULE:CLASS imports MODULE (from PYTHONPATH or installed) "
    "or a Python file path/to/file.py, and builds CLASS() - or CLASS(seed=N) with "
    "--bot-seed N when its constructor takes a seed - which must have a choose(state) "
    "method. Importing a module runs its code: name only code you trust. A bot whose "
    "class sets honest = True is given observations (honest play); any other sees every "
    "card (thoughtful play). A --player that cannot be imported, built or used as a bot "
    "ends the command with status 2 and one line on stderr; a bot that raises while "
    "playing ends it with status 4, naming the seed."
)


def add_parser(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Register ``stats``."""
    parser = subparsers.add_parser(
        "stats",
        help="measure a win rate over many seeded deals",
        description="Play the deals Layout.shuffled(S), S+1, ... with a player and print the "
        "win rate with its 95 % confidence interval (Wilson), and what the player knew: "
        "thoughtful (it sees every card: the solver, which knows the order of the stock, "
        "and the shipped Pyramid bots) or honest (it sees only what a player sees).",
        epilog=PLAYER_EPILOG,
    )
    parser.add_argument(
        "--preset",
        type=rules_argument,
        default=RuleSet(),
        metavar="RULES",
        help="the rules: a preset, optionally followed by settings such as "
        "microsoft,passes=2 (default: classic)",
    )
    add_run_arguments(parser, PLAYERS)
    parser.set_defaults(run=run)


def add_run_arguments(
    parser: argparse.ArgumentParser,
    players: Sequence[str],
    node_limit: int = DEFAULT_NODE_LIMIT,
    nodes: str = "storing",
) -> None:
    """The options of a win-rate run, shared by both games' ``stats`` (`players`: the
    built-in players' names, the first one the default)."""
    parser.add_argument(
        "--deals", type=positive_int, default=100, metavar="N", help="how many deals (default: 100)"
    )
    parser.add_argument(
        "--first-seed", type=natural, default=0, metavar="S", help="the first seed (default: 0)"
    )
    parser.add_argument(
        "--player",
        type=player_argument(players),
        default=players[0],
        metavar="PLAYER",
        help=f"who plays: {', '.join(players)} (default: {players[0]}), or your own bot "
        "class as MODULE:CLASS or path/to/file.py:CLASS (importing it runs its code)",
    )
    parser.add_argument(
        "--bot-seed",
        type=natural,
        default=0,
        metavar="N",
        help=f"the seed of {' and '.join(name for name in players if name in SEEDED)}, and "
        "of your class when its constructor takes a seed (default: 0)",
    )
    parser.add_argument(
        "--workers",
        type=positive_int,
        metavar="N",
        help="processes to use (default: every core; 1 runs in this process)",
    )
    add_limit_arguments(parser, node_limit, nodes)
    parser.add_argument(
        "--json", action="store_true", help="print the result as JSON on standard output"
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="no progress bar on standard error"
    )


def run(args: argparse.Namespace) -> int:
    """``pyramid13 stats``."""
    rules: RuleSet = args.preset
    return measure(args, rules, f"{format_rules(rules)} rules", _pyramid_player, "stats")


def _pyramid_player(name: str, seed: int) -> str | Bot:
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot()
    return name


def measure(
    args: argparse.Namespace,
    rules: RuleSet | SpiderRules,
    rules_text: str,
    built_in: Callable[[str, int], str | Bot],
    command: str,
) -> int:
    """Run `win_rate` as the options of `add_run_arguments` say and print the result.

    Args:
        args: the parsed options.
        rules: the rules to play.
        rules_text: the rules as the result line names them.
        built_in: the player of a built-in name, given the name and ``--bot-seed``.
        command: the command's name in error lines, such as ``"spider stats"``.
    """
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
    with contextlib.ExitStack() as stack:
        player: str | Bot
        if ":" in args.player:
            player = stack.enter_context(bot_from_spec(args.player, args.bot_seed))
        else:
            player = built_in(args.player, args.bot_seed)
        try:
            result = win_rate(
                rules,
                seeds,
                player,
                workers=args.workers,
                progress=progress,
                node_limit=args.node_limit,
                time_limit=args.time_limit,
            )
        except WinRateError as error:
            # Not a verdict on the deals: the run itself broke (see EXIT_FAILED).
            print(f"pyramid13 {command}: error: {error}", file=sys.stderr)
            return EXIT_FAILED
    if args.json:
        print(
            json.dumps(
                {
                    "rules": result.rules.to_dict(),
                    "player": args.player,
                    "play": result.play,
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
    print(
        f"{rules_text}, {args.player} player ({KNOWLEDGE[result.play]}), seeds "
        f"{seeds.start}..{seeds.stop - 1}: {result.wins} win{'s' * (result.wins != 1)} in "
        f"{result.deals} deal{'s' * (result.deals != 1)} = "
        f"{100 * result.rate:.1f} % (95 % CI {100 * result.ci_low:.1f} .. "
        f"{100 * result.ci_high:.1f} %){undecided}, {result.seconds:.1f} s"
    )
    return EXIT_OK
