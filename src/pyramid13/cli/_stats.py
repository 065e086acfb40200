"""``stats``: win rates over many seeded deals, with a progress bar, for every game.

Layer: generic (`pyramid13.cli`): reaches a game only through the registry.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import sys

from .._base.bots import Bot
from .._runs import MAX_WORKERS, pool_size
from ..stats import HONEST_NO_UNDO, THOUGHTFUL, WinRateError, win_rate
from ._common import (
    EXIT_FAILED,
    EXIT_OK,
    CliError,
    Parser,
    add_limit_arguments,
    add_rules_arguments,
    natural,
    positive_int,
    whole_number,
)
from ._games import GameHooks, hooks_for
from ._players import bot_from_spec, player_argument, takes_seed

__all__ = ["KNOWLEDGE", "MAX_WORKERS", "PLAYER_EPILOG", "add_parser", "players", "run"]

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


def players(hooks: GameHooks) -> tuple[str, ...]:
    """The built-in players of a game's ``stats``: the solver (the default), then its
    named bots, greedy and random first."""
    bots = [name for name in hooks.game.bots if name != "solver"]
    first = [name for name in ("greedy", "random") if name in bots]
    return ("solver", *first, *(name for name in bots if name not in first))


def add_parser(subparsers: argparse._SubParsersAction[Parser], hooks: GameHooks) -> None:
    """Register ``stats`` for the game of `hooks`."""
    game = hooks.game
    names = players(hooks)
    bots = [name for name in names if name != "solver"]
    seeded = [name for name in bots if takes_seed(game.bots[name])]
    parser = subparsers.add_parser(
        "stats",
        help="measure a win rate over many seeded deals",
        description=f"Play the {game.title} deals Layout.shuffled(S), S+1, ... (of the rules) "
        "with a player and print the win rate with its 95 % confidence interval (Wilson), "
        "and what the player knew: thoughtful (it sees every card: the solver, which knows "
        "the order of the stock, and any bot that does not say it is honest) or honest (it "
        f"sees only what a player sees). Built-in players: {', '.join(names)}.",
        epilog=PLAYER_EPILOG,
    )
    add_rules_arguments(parser, hooks, deal=False)
    parser.add_argument(
        "--deals", type=positive_int, default=100, metavar="N", help="how many deals (default: 100)"
    )
    parser.add_argument(
        "--first-seed", type=natural, default=0, metavar="S", help="the first seed (default: 0)"
    )
    parser.add_argument(
        "--player",
        type=player_argument(names),
        default=names[0],
        metavar="PLAYER",
        help=f"who plays: {', '.join(names)} (default: {names[0]}), or your own bot "
        "class as MODULE:CLASS or path/to/file.py:CLASS (importing it runs its code)",
    )
    parser.add_argument(
        "--bot-seed",
        type=natural,
        default=0,
        metavar="N",
        help=f"the seed of {_and(seeded)}, and of your class when its constructor takes a "
        "seed (default: 0)",
    )
    parser.add_argument(
        "--workers",
        type=whole_number(1, MAX_WORKERS),
        metavar="N",
        help="processes to use (default: every core; 1 runs in this process; at most "
        f"{MAX_WORKERS:,}, and never more than the deals or the cores)",
    )
    add_limit_arguments(parser, hooks)
    parser.add_argument(
        "--json", action="store_true", help="print the result as JSON on standard output"
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="no progress bar on standard error"
    )
    parser.set_defaults(run=run, game=hooks.game.name)


def _and(names: list[str]) -> str:
    """``"a, b and c"``."""
    return " and ".join(filter(None, (", ".join(names[:-1]), *names[-1:])))


def _built_in(hooks: GameHooks, name: str, seed: int) -> str | Bot:
    """The player of a built-in name: "solver", or the game's bot, given `seed` when its
    constructor takes one."""
    if name == "solver":
        return name
    bot = hooks.game.bots[name]
    built: Bot = bot(seed=seed) if takes_seed(bot) else bot()  # type: ignore[call-arg]
    return built


def workers(asked: int | None, deals: int) -> int | None:
    """The processes a run starts: as asked, but at most one per deal and per core (as
    `win_rate` caps them; None: its default)."""
    return None if asked is None else pool_size(asked, deals)


def run(args: argparse.Namespace) -> int:
    """``stats``, for the game the command names: run `win_rate` as the options say and
    print the result."""
    hooks = hooks_for(args.game)
    rules = hooks.chosen_rules(args) or hooks.default_rules()
    rules_text = hooks.stats_text(rules)
    command = " ".join(filter(None, (args.command, getattr(args, "game_command", None))))
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
            player = _built_in(hooks, args.player, args.bot_seed)
        try:
            result = win_rate(
                rules,
                seeds,
                player,
                workers=workers(args.workers, len(seeds)),
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
