"""Shared pieces of the command line: the parser class, errors, the number options, and
reading a deal of any game (its game's differences behind `GameHooks`).

Layer: generic (`pyramid13.cli`): reaches a game only through the registry."""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

import attrs

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from .._base.errors import InvalidRulesError, Pyramid13Error
from .._base.games import state_game
from .._base.text import describe, shorten
from ..records import MAX_RECORD_BYTES, GameRecord
from ._exit import EXIT_ERROR, EXIT_FAILED, EXIT_NO, EXIT_OK, EXIT_UNKNOWN

if TYPE_CHECKING:
    from ._games import GameHooks

__all__ = [
    "BARE_CODE",
    "DEFAULT_GAME",
    "EXIT_ERROR",
    "EXIT_FAILED",
    "EXIT_NO",
    "EXIT_OK",
    "EXIT_UNKNOWN",
    "NUL_IN_NAME",
    "CliError",
    "CodeError",
    "Parser",
    "Source",
    "UsageError",
    "add_limit_arguments",
    "add_rules_arguments",
    "add_source_arguments",
    "apply_moves",
    "argument_text",
    "command_of",
    "display_path",
    "load_source",
    "natural",
    "plural",
    "positive_float",
    "positive_int",
    "read_game_file",
    "read_text",
    "rules_argument",
    "state_from_text",
    "whole_number",
]

#: The game whose commands sit at the top of the command line (``pyramid13 play``); every
#: other game's are under its name (``pyramid13 spider play``).
DEFAULT_GAME = "pyramid"
#: The longest number the options read, in digits (a deal seed has at most 20).
_MAX_DIGITS = 30
_WHOLE = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: int() would also take '١٢' or '1_0'
_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


class UsageError(Exception):
    """Bad command-line arguments; the message is the whole line to print."""


class CliError(Exception):
    """A problem to report on one line of stderr, with exit status 2."""


class CodeError(CliError):
    """Text that is no code of the game: the message follows the text's name."""


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


def plural(count: int, word: str, words: str | None = None) -> str:
    """``"1 move"``, ``"2 moves"``: `count` and `word`, in the plural (`words`, by default
    `word` + ``s``) unless `count` is 1."""
    return f"{count:,} {word if count == 1 else words or word + 's'}"


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


def rules_argument(hooks: GameHooks) -> Callable[[str], object]:
    """An argparse type: a game's preset name, optionally followed by settings."""

    def parse(text: str) -> object:
        try:
            return hooks.parse_rules(text)
        except InvalidRulesError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    parse.__name__ = "rules"  # argparse names the type in some messages
    return parse


def whole_number(minimum: int = 0, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from `minimum` to `maximum`, the one reader of
    every integer option.

    It reads ASCII digits only, with an optional sign, and ignores the spaces around them
    (``" 4"``, ``"04"`` and ``"4"`` are the same number): `int` would also take an
    Arabic-Indic digit or ``"1_0"``. At most `_MAX_DIGITS` digits, so that a huge
    argument costs no time.
    """

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
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"expected a number <= {maximum:,}, not {value:,}")
        return value

    parse.__name__ = "whole number"
    return parse


natural = whole_number(0)
"""An argparse type: a whole number >= 0."""
positive_int = whole_number(1)
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


def add_limit_arguments(parser: argparse.ArgumentParser, hooks: GameHooks) -> None:
    """--node-limit and --time-limit, shared by solve and stats (the default and what the
    solver counts are the game's)."""
    default = hooks.game.default_node_limit
    parser.add_argument(
        "--node-limit",
        type=positive_int,
        default=default,
        metavar="N",
        help=f"give up on a deal after {hooks.nodes} N positions, leaving it undecided "
        f"(default: {default:,})",
    )
    parser.add_argument(
        "--time-limit",
        type=positive_float,
        metavar="SECONDS",
        help="give up on a deal after this many seconds, leaving it undecided",
    )


def add_rules_arguments(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup,
    hooks: GameHooks,
    *,
    deal: bool = True,
) -> None:
    """--preset RULES, and the game's own rule options (Spider's --suits); `deal`: the
    command also reads saved games and position codes, which bring their own rules."""
    presets = ", ".join(hooks.rules_type.preset_names())
    default = hooks.default_rules().preset_name
    own = "; a saved game or a position code brings its own" if deal else ""
    parser.add_argument(
        "--preset",
        type=rules_argument(hooks),
        metavar="RULES",
        help=f"the rules: a preset ({presets}), optionally followed by settings such as "
        f"microsoft,{hooks.setting_example} (default: {default}{own})",
    )
    hooks.add_rule_options(parser)  # type: ignore[arg-type]


#: The value of a bare ``--code`` in ``show`` (its older spelling of ``--code-only``).
BARE_CODE = "\0bare"


def add_source_arguments(
    parser: argparse.ArgumentParser, hooks: GameHooks, *, what: str, bare_code: bool = False
) -> None:
    """The options that choose a game: FILE, --seed, --pysolfc, --layout, --position or
    --code (and the game's own), plus the rules and --moves. `bare_code`: ``--code`` may
    come without a value (`BARE_CODE`, ``show``'s older spelling of ``--code-only``)."""
    title = hooks.game.title
    group = parser.add_argument_group("the game")
    choice = group.add_mutually_exclusive_group()
    choice.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a file holding a layout code, a position code or a saved game (JSON); '-' "
        "reads standard input",
    )
    choice.add_argument(
        "--seed", type=natural, metavar="N", help="the deal Layout.shuffled(N) of the rules"
    )
    choice.add_argument(
        "--pysolfc",
        type=natural,
        metavar="N",
        help=f"PySolFC's {title} deal number N (>= 1){hooks.pysolfc_note}",
    )
    choice.add_argument("--layout", metavar="CODE", help=f"a layout code: {hooks.layout_note}")
    choice.add_argument(
        "--position",
        metavar="CODE",
        help=f"a position code, as '{command_words(hooks)} show --code-only' prints",
    )
    # Bare, '--code' goes with the other choices (load_source checks that they go apart).
    (group if bare_code else choice).add_argument(
        "--code",
        metavar="TEXT",
        nargs="?" if bare_code else None,
        const=BARE_CODE if bare_code else None,
        help="a layout code, a position code or a saved game (JSON), whichever it is, as "
        "FILE holds them",
    )
    hooks.add_deal_options(choice)
    add_rules_arguments(group, hooks)
    group.add_argument(
        "--moves",
        metavar="MOVES",
        help=f"moves to play first, separated by spaces, such as '{hooks.move_example}' "
        f"({what} comes after them)",
    )


def command_words(hooks: GameHooks) -> str:
    """``"pyramid13"`` or ``"pyramid13 spider"``: how the game's commands are typed."""
    return command_of(hooks.game.name)


def command_of(name: str) -> str:
    """The command line's words for a game's commands: ``"pyramid13"`` for the default
    game (`DEFAULT_GAME`), ``"pyramid13 spider"`` for Spider."""
    return "pyramid13" if name == DEFAULT_GAME else f"pyramid13 {name}"


@attrs.frozen
class Source:
    """A game read from the command line, with a few words saying where it came from."""

    state: Any
    description: str


def read_text(path: str) -> str:
    """The text of FILE (``-``: standard input), at most a record's size.

    Raises:
        CliError: it cannot be read, is too large or is not UTF-8.
    """
    if "\0" in path:  # open() would raise ValueError (a name typed in 'play')
        raise CliError(f"cannot read {display_path(path)}: {NUL_IN_NAME}")
    try:
        if path == "-":
            stdin = getattr(sys.stdin, "buffer", None)
            if stdin is None:  # started with standard input closed ('<&-')
                raise CliError("cannot read standard input: it is closed")
            data: bytes = stdin.read(MAX_RECORD_BYTES + 1)
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


#: Why a file name with a NUL byte names no file.
NUL_IN_NAME = "a file name cannot hold a NUL byte"


def state_from_text(
    text: str, hooks: GameHooks, rules: Any, name: str, *, layout_rules: Any = None
) -> Any:
    """A state from text: a saved game (JSON), a layout code or a position code.

    `rules` are the rules asked for (None: not asked, a saved game or position code then
    brings its own); `layout_rules` are the rules a layout code is played with when none
    are asked for and the layout fits them (``play``'s ``load``: the game's so far; else
    the game's default for the layout, `GameHooks.layout_rules`).

    Raises:
        CliError: the text holds none of these; the message starts with `name`.
    """
    stripped = text.strip()
    game = hooks.game
    try:
        if stripped.startswith("{"):
            if rules is not None:
                options = " and ".join(("--preset", *hooks.rule_options))
                raise CliError(f"{name} is a saved game with its own rules: leave out {options}")
            state = GameRecord.from_json(stripped).replay()
            if not isinstance(state, game.state_type):
                other = state_game(state)
                raise CliError(
                    f"{name} is a {other.title} game: play it with '{command_of(other.name)} play'"
                )
            return state
        try:
            is_layout = hooks.is_layout(stripped)
        except CodeError as error:
            raise CliError(f"{name} {error}") from None
        if is_layout:
            layout = hooks.layout_type.parse(stripped)
            chosen = rules or hooks.layout_rules(layout, layout_rules)
            return hooks.state_type.new(layout, chosen)
        return hooks.state_type.from_string(stripped, rules)
    except Pyramid13Error as error:
        raise CliError(f"{name}: {error}") from None


def read_game_file(path: str, hooks: GameHooks, rules: Any, *, layout_rules: Any = None) -> Any:
    """Read FILE: a saved game (JSON), a layout code or a position code.

    Raises:
        CliError: the file cannot be read or holds none of these.
    """
    name = "standard input" if path == "-" else display_path(path)
    return state_from_text(read_text(path), hooks, rules, name, layout_rules=layout_rules)


def apply_moves(state: Any, text: str) -> Any:
    """Play the space-separated `text` moves on `state` (the --moves option)."""
    for number, move in enumerate(text.split(), 1):
        try:
            state = state.apply(move)
        except Pyramid13Error as error:
            raise CliError(f"--moves, move {number}: {error}") from None
    return state


def load_source(
    args: argparse.Namespace, hooks: GameHooks, *, random_default: bool = False
) -> Source:
    """The game the source options choose.

    Args:
        args: parsed arguments with the options of `add_source_arguments`.
        hooks: the game's.
        random_default: without any source option, deal a random seed (else it is an error).

    Raises:
        CliError: no game was chosen, or it could not be read.
    """
    game = hooks.game
    rules = hooks.chosen_rules(args)
    seed = args.seed
    code = args.code
    chosen = (args.file, seed, args.pysolfc, args.layout, args.position, code)
    names = ("FILE", "--seed", "--pysolfc", "--layout", "--position", "--code")
    given = [name for name, value in zip(names, chosen, strict=True) if value is not None]
    if len(given) > 1:  # argparse checks the others; show's bare --code comes here
        raise CliError(f"{given[0]} and {given[1]} go apart: choose one game")
    if all(choice is None for choice in chosen):
        if not random_default:
            raise CliError(
                "choose a game: --seed N, --pysolfc N, --layout CODE, --position CODE, "
                "--code TEXT or a FILE"
            )
        seed = random.SystemRandom().randrange(1_000_000)
    if args.file is not None:
        state = read_game_file(args.file, hooks, rules)
        description = "standard input" if args.file == "-" else display_path(args.file)
    elif code is not None:
        state = state_from_text(argument_text(code), hooks, rules, "--code")
        description = "the code given"
    else:
        option = "--position"
        try:
            if args.position is not None:
                state = hooks.state_type.from_string(args.position, rules)
                description = "a position code"
            elif args.layout is not None:
                option, description = "--layout", "a layout code"
                layout = hooks.layout_type.parse(args.layout)
                state = hooks.state_type.new(layout, rules or hooks.layout_rules(layout))
            elif args.pysolfc is not None:
                option, description = "--pysolfc", f"PySolFC game {args.pysolfc}"
                state = hooks.pysolfc(args.pysolfc, rules or hooks.default_rules())
            else:
                option, description = "--seed", f"seed {seed}"
                state = game.deal(seed, rules or hooks.default_rules())
        except Pyramid13Error as error:
            raise CliError(f"{option}: {error}") from None
    if args.moves:
        state = apply_moves(state, args.moves)
    return Source(state, description)
