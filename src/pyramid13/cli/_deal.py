"""``deal``: a deal proven winnable, with its seed, grade and certificate, for every game;
and the ``--winnable``, ``--difficulty``, ``--daily`` and ``--key-file`` options of ``play``.

Layer: generic (`pyramid13.cli`): reaches a game only through the registry.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import random
import sys
from collections.abc import Callable
from typing import Any

from .._base.deals import DIFFICULTIES, MAX_SEED
from .._base.errors import Pyramid13Error
from ._common import (
    EXIT_OK,
    NUL_IN_NAME,
    CliError,
    Parser,
    Source,
    add_rules_arguments,
    apply_moves,
    command_words,
    display_path,
    natural,
)
from ._games import GameHooks, hooks_for

__all__ = [
    "MAX_KEY_BYTES",
    "add_deal_options",
    "add_parser",
    "chosen_deal",
    "describe_deal",
    "parse_date",
    "read_key",
    "run",
    "show_progress",
    "wants_winnable",
    "winnable_dealer",
    "winnable_source",
]


#: The largest key file ``--key-file`` reads, in bytes.
MAX_KEY_BYTES = 4096


def parse_date(text: str) -> datetime.date:
    """A date written ``YYYY-MM-DD`` (the ``--date`` option)."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a date YYYY-MM-DD, not {text[:40]!r}") from None


def add_deal_options(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """--winnable, --difficulty, --daily and --date: the options that ask for a deal
    proven winnable (`chosen_deal` reads them)."""
    parser.add_argument(
        "--winnable",
        action="store_true",
        help="a deal proven winnable (knowing every card), chosen by --seed N (else at random)",
    )
    parser.add_argument(
        "--difficulty",
        choices=DIFFICULTIES,
        help="with --winnable or --daily: a winnable deal of this grade",
    )
    parser.add_argument(
        "--daily",
        action="store_true",
        help="today's winnable deal (the local date), the same for everyone on the day",
    )
    parser.add_argument(
        "--date",
        type=parse_date,
        metavar="YYYY-MM-DD",
        help="the daily winnable deal of this date",
    )
    parser.add_argument(
        "--key-file",
        metavar="FILE",
        help="a server's secret key: the bytes of FILE (at most 4,096) keep the deal from "
        "anyone without them (winnable_deal(..., key=...)); never on the command line",
    )


def wants_winnable(args: argparse.Namespace) -> bool:
    """Whether the options ask for a winnable deal."""
    return bool(
        getattr(args, "winnable", False)
        or getattr(args, "daily", False)
        or getattr(args, "date", None) is not None
        or getattr(args, "difficulty", None) is not None
        or getattr(args, "key_file", None) is not None
    )


def read_key(args: argparse.Namespace) -> bytes | None:
    """The key of ``--key-file FILE``: the file's bytes exactly, as Python's
    ``Path(FILE).read_bytes()`` gives them (a final newline included); None without it.

    Raises:
        CliError: the file cannot be read, is empty or is larger than `MAX_KEY_BYTES`.
    """
    path = getattr(args, "key_file", None)
    if path is None:
        return None
    if "\0" in path:
        raise CliError(f"--key-file: cannot read {display_path(path)}: {NUL_IN_NAME}")
    try:
        with open(path, "rb") as file:
            key = file.read(MAX_KEY_BYTES + 1)
    except OSError as error:
        raise CliError(
            f"--key-file: cannot read {display_path(path)}: {error.strerror or error}"
        ) from None
    if not key:
        raise CliError(f"--key-file: {display_path(path)} is empty: a key needs bytes")
    if len(key) > MAX_KEY_BYTES:
        raise CliError(
            f"--key-file: {display_path(path)} holds more than {MAX_KEY_BYTES:,} bytes, "
            "too many for a key"
        )
    return key


def show_progress(args: argparse.Namespace) -> bool:
    """Whether the search for a winnable deal shows a progress bar on standard error:
    unless ``--no-progress``, when it is a terminal and tqdm (the cli extra) is installed.
    The bar appears once the search has taken a second, with the winnable deals found."""
    return (
        not getattr(args, "no_progress", False)
        and sys.stderr.isatty()
        and importlib.util.find_spec("tqdm") is not None
    )


def chosen_deal(args: argparse.Namespace, hooks: GameHooks) -> Any:
    """The `WinnableDeal` the options ask for: by --seed (a random one without), or the
    daily deal of --daily (today, local time) or --date.

    Raises:
        CliError: contradictory options, or the library refused them.
    """
    day = args.date
    if args.daily:
        if day is not None:
            raise CliError("--daily and --date go apart: choose one day")
        day = datetime.date.today()
    seed = getattr(args, "seed", None)
    if day is not None and seed is not None:
        raise CliError("--seed and a daily deal go apart: choose one")
    if day is None and seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    if seed is not None and seed > MAX_SEED:
        raise CliError(f"--seed: a seed of a winnable deal is at most 2**64-1, not {seed}")
    rules = hooks.chosen_rules(args) or hooks.default_rules()
    game = hooks.game
    if game.winnable_deal is None:
        raise CliError(f"{game.title} offers no winnable deals")
    keyed = {} if (key := read_key(args)) is None else {"key": key}
    try:
        return game.winnable_deal(
            rules, seed, difficulty=args.difficulty, date=day, progress=show_progress(args), **keyed
        )
    except Pyramid13Error as error:
        raise CliError(str(error)) from None


def winnable_source(args: argparse.Namespace, hooks: GameHooks) -> Source | None:
    """The game of ``play --winnable`` (or --daily, --date, --difficulty): the start of
    the winnable deal asked for, then --moves; None when no such option is given.

    Raises:
        CliError: another source of a game is given too, or the deal cannot be found.
    """
    if not wants_winnable(args):
        return None
    others = {"FILE": "file", "--pysolfc": "pysolfc", "--layout": "layout"}
    others |= {"--position": "position", "--code": "code"}
    for option, name in others.items():
        if getattr(args, name, None) is not None:
            raise CliError(f"{option} and a winnable deal go apart: choose one game")
    deal = chosen_deal(args, hooks)
    state = deal.start()
    if args.moves:
        state = apply_moves(state, args.moves)
    return Source(state, describe_deal(deal, hooks, rules=False))


def winnable_dealer(
    args: argparse.Namespace, hooks: GameHooks
) -> Callable[[int, Any], tuple[Any, str]] | None:
    """How ``new SEED`` deals in a ``play --winnable`` session (or --daily, --date,
    --difficulty): the winnable deal of SEED, of the grade asked; None in other sessions."""
    find = hooks.game.winnable_deal
    if not wants_winnable(args) or find is None:
        return None
    keyed = {} if (key := read_key(args)) is None else {"key": key}

    def deal(seed: int, rules: Any) -> tuple[Any, str]:
        try:
            found = find(
                rules, seed, difficulty=args.difficulty, progress=show_progress(args), **keyed
            )
        except Pyramid13Error as error:
            raise CliError(str(error)) from None
        return found.start(), describe_deal(found, hooks, rules=False)

    return deal


def describe_deal(deal: Any, hooks: GameHooks, *, rules: bool = True) -> str:
    """Words for the player: the seed (or the day), the deal number, the grade and, with
    `rules`, the rules."""
    day = f"the daily deal of {deal.date.isoformat()}, " if deal.date is not None else ""
    keyed = " with the key" if deal.keyed else ""
    text = (
        f"{day}winnable deal of seed {deal.seed}{keyed}: deal number {deal.number}, "
        f"{deal.difficulty}"
    )
    return f"{text}, {hooks.rules_text(deal.rules)}" if rules else text


def add_parser(subparsers: argparse._SubParsersAction[Parser], hooks: GameHooks) -> None:
    """Register ``deal`` for the game of `hooks`."""
    title = hooks.game.title
    parser = subparsers.add_parser(
        "deal",
        help="a deal proven winnable: its seed, grade and certificate",
        description=f"Find a {title} deal proven winnable (by a player who knows every "
        "card), chosen by --seed or by the day (--daily, --date), of a --difficulty if "
        "asked; print its seed, deal number and grade, or with --json the certificate "
        "(a winning line) as well. A daily deal is public (anyone can compute it from "
        "the date) unless --key-file gives a server's secret key.",
    )
    parser.add_argument(
        "--seed", type=natural, metavar="N", help="the seed (0 .. 2**64-1; default: at random)"
    )
    add_deal_options(parser)
    add_rules_arguments(parser, hooks, deal=False)
    parser.add_argument(
        "--json", action="store_true", help="print the deal and its certificate as JSON"
    )
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar on standard error (shown on a terminal once the search has "
        "taken a second)",
    )
    parser.set_defaults(run=run, game=hooks.game.name)


def run(args: argparse.Namespace) -> int:
    """``deal``, for the game the command names."""
    hooks = hooks_for(args.game)
    deal = chosen_deal(args, hooks)
    if args.json:
        print(json.dumps(deal.to_dict()))
        return EXIT_OK
    print(describe_deal(deal, hooks))
    print(
        f"certificate: a winning line of {len(deal.solution)} moves, found with "
        f"{deal.nodes:,} positions (--json prints it)"
    )
    rules = hooks.game.format_rules(deal.rules) if hooks.game.format_rules else None
    preset = f" --preset {rules}" if rules else ""
    print(f"play it: {command_words(hooks)} play --seed {deal.number}{preset}")
    return EXIT_OK
