"""Shared pieces of the command line: the parser class, errors, and reading deals."""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

import attrs

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from .._base.errors import InvalidRulesError, Pyramid13Error
from .._base.text import describe, shorten
from ..pyramid._layout import Layout
from ..pyramid._position import parse_rules
from ..pyramid._rules import RuleSet
from ..pyramid._state import GameState
from ..pyramid.solver import DEFAULT_NODE_LIMIT
from ..records import MAX_RECORD_BYTES, GameRecord
from ._exit import EXIT_ERROR, EXIT_FAILED, EXIT_NO, EXIT_OK, EXIT_UNKNOWN

__all__ = [
    "EXIT_ERROR",
    "EXIT_FAILED",
    "EXIT_NO",
    "EXIT_OK",
    "EXIT_UNKNOWN",
    "CliError",
    "Parser",
    "Source",
    "UsageError",
    "add_limit_arguments",
    "add_source_arguments",
    "apply_moves",
    "argument_text",
    "display_path",
    "load_source",
    "natural",
    "positive_float",
    "positive_int",
    "read_game_file",
    "rules_argument",
]

#: The longest number the options read, in digits (a deal seed has at most 20).
_MAX_DIGITS = 30
_WHOLE = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: int() would also take '١٢' or '1_0'
_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


class UsageError(Exception):
    """Bad command-line arguments; the message is the whole line to print."""


class CliError(Exception):
    """A problem to report on one line of stderr, with exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: what is wrong and where to look."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse drops write errors: a closed pipe must reach `main`, as for any output.
        if message:
            (file or sys.stderr).write(message)

    def error(self, message: str) -> NoReturn:
        # argparse quotes the arguments it refuses: cut them, a 10 MB argument included.
        message = shorten(message, 300)
        raise UsageError(f"{self.prog}: error: {message} (see '{self.prog} --help')")


def display_path(path: str, limit: int = 200) -> str:
    """A file name as it can be shown: bytes that are not text in the file system's
    encoding (kept as surrogates by Python) shown as ``\\xff`` escapes, and cut to
    `limit` characters."""
    try:
        shown = os.fsencode(path).decode(sys.getfilesystemencoding(), "backslashreplace")
    except (UnicodeError, ValueError):  # pragma: no cover - not a file name at all
        shown = path.encode("utf-8", "backslashreplace").decode("utf-8")
    return shorten(shown, limit)


def argument_text(text: str) -> str:
    """Text from the command line as text: bytes that are not text in the terminal's
    encoding (kept as surrogates by Python) become U+FFFD, the replacement character."""
    try:
        return os.fsencode(text).decode(sys.getfilesystemencoding(), "replace")
    except (UnicodeError, ValueError):  # pragma: no cover
        return text.encode("utf-8", "replace").decode("utf-8")


def rules_argument(text: str) -> RuleSet:
    """An argparse type: a preset name, optionally followed by settings."""
    try:
        return parse_rules(text)
    except InvalidRulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _whole_number(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        word = text.strip()
        if not _WHOLE.fullmatch(word):
            raise argparse.ArgumentTypeError(f"expected a whole number, not {describe(text)}")
        if len(word.lstrip("+-")) > _MAX_DIGITS:
            raise argparse.ArgumentTypeError(
                f"expected a number of at most {_MAX_DIGITS} digits, not one of "
                f"{len(word.lstrip('+-'))} digits"
            )
        value = int(word)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected a number >= {minimum}, not {value}")
        return value

    return parse


natural = _whole_number(0)
"""An argparse type: a whole number >= 0."""
positive_int = _whole_number(1)
"""An argparse type: a whole number >= 1."""


def positive_float(text: str) -> float:
    """An argparse type: a number of seconds > 0."""
    word = text.strip()
    if word.lower() in ("nan", "inf", "infinity", "+inf", "-inf"):
        raise argparse.ArgumentTypeError(f"expected a number > 0, not {describe(text)}")
    if not _DECIMAL.fullmatch(word):
        raise argparse.ArgumentTypeError(f"expected a number, not {describe(text)}")
    value = float(word)
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a finite number > 0, not {shorten(word)}")
    return value


def add_limit_arguments(
    parser: argparse.ArgumentParser, default: int = DEFAULT_NODE_LIMIT, nodes: str = "storing"
) -> None:
    """--node-limit and --time-limit, shared by solve and stats (`default`: the solver's
    node limit; `nodes`: what the solver counts, "storing" or "expanding" positions)."""
    parser.add_argument(
        "--node-limit",
        type=positive_int,
        default=default,
        metavar="N",
        help=f"give up on a deal after {nodes} N positions, leaving it undecided "
        f"(default: {default:,})",
    )
    parser.add_argument(
        "--time-limit",
        type=positive_float,
        metavar="SECONDS",
        help="give up on a deal after this many seconds, leaving it undecided",
    )


def add_source_arguments(parser: argparse.ArgumentParser, *, what: str) -> None:
    """The options that choose a game: FILE, --seed, --pysolfc, --layout or --position,
    plus --preset and --moves."""
    group = parser.add_argument_group("the game")
    choice = group.add_mutually_exclusive_group()
    choice.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a file holding a layout code (52 cards), a position code or a saved game "
        "(JSON); '-' reads standard input",
    )
    choice.add_argument("--seed", type=natural, metavar="N", help="the deal Layout.shuffled(N)")
    choice.add_argument(
        "--pysolfc", type=natural, metavar="N", help="PySolFC's Pyramid deal number N (>= 1)"
    )
    choice.add_argument(
        "--layout", metavar="CODE", help="a layout code: 52 cards, pyramid first (quote it)"
    )
    choice.add_argument(
        "--position", metavar="CODE", help="a position code, as 'pyramid13 show --code' prints"
    )
    group.add_argument(
        "--preset",
        type=rules_argument,
        metavar="RULES",
        help=f"the rules: a preset ({', '.join(RuleSet.preset_names())}), optionally followed "
        "by settings such as microsoft,passes=2 (default: classic; a saved game or a "
        "position code brings its own)",
    )
    group.add_argument(
        "--moves",
        metavar="MOVES",
        help=f"moves to play first, separated by spaces, such as 'draw 4C+9C KD' ({what} "
        "comes after them)",
    )


@attrs.frozen
class Source:
    """A game read from the command line, with a few words saying where it came from."""

    state: GameState
    description: str


def _read_text(path: str) -> str:
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise CliError(f"cannot read {display_path(path)}: {error.strerror or error}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise CliError(
            f"{display_path(path)}: larger than {MAX_RECORD_BYTES} bytes, not a game file"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CliError(f"{display_path(path)}: not a text file (not UTF-8)") from None


def read_game_file(
    path: str, rules: RuleSet | None, *, layout_rules: RuleSet | None = None
) -> GameState:
    """Read FILE: a saved game (JSON), a layout code or a position code.

    `rules` are the rules asked for (None: not asked, a saved game or position code then
    brings its own); `layout_rules` are the rules for a layout code when none are asked for.

    Raises:
        CliError: the file cannot be read or holds none of these.
    """
    text = _read_text(path)
    stripped = text.strip()
    name = "standard input" if path == "-" else display_path(path)
    try:
        if stripped.startswith("{"):
            if rules is not None:
                raise CliError(f"{name} is a saved game with its own rules: leave out --preset")
            state = GameRecord.from_json(stripped).replay()
            if not isinstance(state, GameState):
                raise CliError(f"{name} is a Spider game: play it with 'pyramid13 spider play'")
            return state
        tokens = stripped.split()
        if len(tokens) == 52:
            return GameState.new(Layout.parse(stripped), rules or layout_rules)
        if len(tokens) in (5, 6):
            return GameState.from_string(stripped, rules)
    except Pyramid13Error as error:
        raise CliError(f"{name}: {error}") from None
    raise CliError(
        f"{name} holds {len(tokens)} words: neither a layout code (52 cards), a position "
        "code (5 or 6 fields) nor a saved game (JSON)"
    )


def apply_moves(state: GameState, text: str) -> GameState:
    """Play the space-separated `text` moves on `state` (the --moves option)."""
    for number, move in enumerate(text.split(), 1):
        try:
            state = state.apply(move)
        except Pyramid13Error as error:
            raise CliError(f"--moves, move {number}: {error}") from None
    return state


def load_source(args: argparse.Namespace, *, random_default: bool = False) -> Source:
    """The game the source options choose.

    Args:
        args: parsed arguments with the options of `add_source_arguments`.
        random_default: without any source option, deal a random seed (else it is an error).

    Raises:
        CliError: no game was chosen, or it could not be read.
    """
    rules: RuleSet | None = args.preset
    seed = args.seed
    chosen = (args.file, seed, args.pysolfc, args.layout, args.position)
    if all(choice is None for choice in chosen):
        if not random_default:
            raise CliError(
                "choose a game: --seed N, --pysolfc N, --layout CODE, --position CODE or a FILE"
            )
        seed = random.SystemRandom().randrange(1_000_000)
    if args.file is not None:
        state = read_game_file(args.file, rules)
        description = "standard input" if args.file == "-" else display_path(args.file)
    else:
        option = "--position"
        try:
            if args.position is not None:
                state = GameState.from_string(args.position, rules)
                description = "a position code"
            else:
                if seed is not None:
                    option, description = "--seed", f"seed {seed}"
                    layout = Layout.shuffled(seed)
                elif args.pysolfc is not None:
                    option, description = "--pysolfc", f"PySolFC deal {args.pysolfc}"
                    layout = Layout.from_pysolfc(args.pysolfc)
                else:
                    option, description = "--layout", "a layout code"
                    layout = Layout.parse(args.layout)
                state = GameState.new(layout, rules)
        except Pyramid13Error as error:
            raise CliError(f"{option}: {error}") from None
    if args.moves:
        state = apply_moves(state, args.moves)
    return Source(state, description)
