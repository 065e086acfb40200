"""The ``pyramid13`` command line: ``play``, ``solve``, ``show`` and ``stats``.

Run ``pyramid13 --help`` (or ``python -m pyramid13 --help``) for the commands and
``pyramid13 COMMAND --help`` for each one. Exit status: 0 success (winnable, won), 1 a
negative answer (no solution, game lost), 2 bad arguments or input (one line on stderr),
3 the solver's limit was reached without an answer, 4 a run stopped part-way (a worker
process died or a player raised, one line on stderr).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from .. import __version__
from .._errors import Pyramid13Error
from . import _play, _show, _solve, _stats
from ._common import EXIT_ERROR, CliError, Parser, UsageError

__all__ = ["build_parser", "main"]


def build_parser() -> Parser:
    """The argument parser of the whole command line."""
    parser = Parser(
        prog="pyramid13",
        description="Pyramid Solitaire (the '13' game): play, solve, show and measure deals.",
        epilog="Exit status: 0 success (winnable, won), 1 no solution or game lost, "
        "2 bad arguments or input, 3 solver limit reached, 4 a run stopped part-way. "
        "Run 'pyramid13 COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"pyramid13 {__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    commands.required = True
    _play.add_parser(commands)
    _solve.add_parser(commands)
    _show.add_parser(commands)
    _stats.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (default: ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        print(error, file=sys.stderr)
        return EXIT_ERROR
    except SystemExit as exit_:  # --help and --version
        return exit_.code if isinstance(exit_.code, int) else 0
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except (CliError, Pyramid13Error) as error:
        print(f"pyramid13 {args.command}: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (as with '| head'): stop quietly, like other tools.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status
