"""``show``: draw a position as text, print its position code, or write SVG, for every game.

Layer: generic (`pyramid13.cli`): reaches a game only through the registry.
"""

from __future__ import annotations

import argparse
import sys

from .._base.errors import Pyramid13Error
from .._files import write_atomically
from ..svg import to_svg
from ._common import (
    BARE_CODE,
    DEFAULT_GAME,
    EXIT_OK,
    NUL_IN_NAME,
    CliError,
    Parser,
    add_source_arguments,
    argument_text,
    display_path,
    load_source,
    positive_float,
)
from ._games import GameHooks, hooks_for
from ._style import PLAIN

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[Parser], hooks: GameHooks) -> None:
    """Register ``show`` for the game of `hooks`."""
    parser = subparsers.add_parser(
        "show",
        help="draw a position as text or SVG",
        description=f"Draw a {hooks.game.title} position: as text (the default) with its "
        "legal moves and its position code, as the position code alone (--code-only), or "
        "as an SVG picture (--svg).",
    )
    add_source_arguments(parser, hooks, what="the position shown", bare_code=True)
    output = parser.add_mutually_exclusive_group()
    output.add_argument(
        "--svg", metavar="FILE", help="write an SVG picture to FILE ('-' for standard output)"
    )
    output.add_argument(
        "--code-only",
        action="store_true",
        help="print only the position code ('--code' alone, or before a FILE, is its older "
        "spelling)",
    )
    parser.add_argument(
        "--highlight",
        metavar="MOVE",
        help=f"with --svg: highlight this move, such as {hooks.move_example.split()[-1]}",
    )
    parser.add_argument("--title", metavar="TEXT", help="with --svg: a caption above the picture")
    parser.add_argument(
        "--scale",
        type=positive_float,
        metavar="FACTOR",
        help="with --svg: the picture's size as a factor of its natural size, at most 100 "
        "(default: 1)",
    )
    parser.set_defaults(run=run, game=hooks.game.name)


def _old_code_spelling(args: argparse.Namespace) -> None:
    """Read ``--code`` alone, or followed by one word (a FILE: no code of any game is one
    word), as the older spelling of ``--code-only``."""
    code = args.code
    if code is None or (code != BARE_CODE and (len(code.split()) != 1 or code.startswith("{"))):
        return
    if args.svg:
        raise CliError("--code (the older spelling of --code-only) and --svg go apart")
    args.code_only = True
    args.code = None
    if code != BARE_CODE:
        args.file = code


def run(args: argparse.Namespace) -> int:
    """``show``, for the game the command names."""
    if (args.highlight or args.title or args.scale) and not args.svg:
        raise CliError("--highlight, --title and --scale go with --svg")
    _old_code_spelling(args)
    hooks = hooks_for(args.game)
    source = load_source(args, hooks)
    state = source.state
    if args.code_only:
        print(state.to_string())
        return EXIT_OK
    if args.svg:
        highlight = None
        if args.highlight:
            try:
                highlight = hooks.move_type.parse(args.highlight)
            except Pyramid13Error as error:
                raise CliError(f"--highlight: {error}") from None
        title = None if args.title is None else argument_text(args.title)
        try:
            picture = to_svg(state, highlight=highlight, title=title, scale=args.scale or 1)
        except Pyramid13Error as error:
            raise CliError(f"--svg: {error}") from None
        data = (picture + "\n").encode("utf-8")  # SVG is UTF-8, whatever the terminal's encoding
        if args.svg == "-":
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
        else:
            if "\0" in args.svg:  # no file name holds one
                raise CliError(f"cannot write {display_path(args.svg)}: {NUL_IN_NAME}")
            try:  # as save_game writes: the old picture stays if anything fails
                write_atomically(args.svg, data)
            except OSError as error:
                raise CliError(
                    f"cannot write {display_path(args.svg)}: {error.strerror or error}"
                ) from None
        return EXIT_OK
    if hooks.game.name != DEFAULT_GAME:  # the default game's commands do not name it
        print(f"{hooks.game.title}: {source.description}, {hooks.rules_text(state.rules)}")
    print(hooks.board(state, PLAIN))
    moves = state.legal_moves()
    print("moves:", " ".join(map(str, moves)) if moves else "none")
    print("position code:", state.to_string())
    return EXIT_OK
