"""``pyramid13 show``: draw a position as text, print its position code, or write SVG."""

from __future__ import annotations

import argparse
import sys

from .._base.errors import Pyramid13Error
from ..pyramid._moves import Move
from ..svg import to_svg
from ._common import (
    EXIT_OK,
    CliError,
    Parser,
    add_source_arguments,
    argument_text,
    display_path,
    load_source,
    positive_float,
)

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Register ``show``."""
    parser = subparsers.add_parser(
        "show",
        help="draw a position as text or SVG",
        description="Draw a position: as text (the default) with its legal moves and its "
        "position code, as the position code alone (--code), or as an SVG picture (--svg).",
    )
    add_source_arguments(parser, what="the position shown")
    output = parser.add_mutually_exclusive_group()
    output.add_argument(
        "--svg", metavar="FILE", help="write an SVG picture to FILE ('-' for standard output)"
    )
    output.add_argument("--code", action="store_true", help="print only the position code")
    parser.add_argument(
        "--highlight", metavar="MOVE", help="with --svg: highlight this move, such as 4C+9C"
    )
    parser.add_argument("--title", metavar="TEXT", help="with --svg: a caption above the picture")
    parser.add_argument(
        "--scale",
        type=positive_float,
        metavar="FACTOR",
        help="with --svg: the picture's size as a factor of its natural size, at most 100 "
        "(default: 1)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``pyramid13 show``."""
    if (args.highlight or args.title or args.scale) and not args.svg:
        raise CliError("--highlight, --title and --scale go with --svg")
    state = load_source(args).state
    if args.code:
        print(state.to_string())
        return EXIT_OK
    if args.svg:
        highlight = None
        if args.highlight:
            try:
                highlight = Move.parse(args.highlight)
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
            try:
                with open(args.svg, "wb") as file:
                    file.write(data)
            except OSError as error:
                raise CliError(
                    f"cannot write {display_path(args.svg)}: {error.strerror or error}"
                ) from None
        return EXIT_OK
    print(state)
    moves = state.legal_moves()
    print("moves:", " ".join(map(str, moves)) if moves else "none")
    print("code:", state.to_string())
    return EXIT_OK
