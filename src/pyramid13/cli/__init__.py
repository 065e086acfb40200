"""The ``pyramid13`` command line: ``play``, ``solve``, ``show``, ``stats`` and ``deal``.

Run ``pyramid13 --help`` (or ``python -m pyramid13 --help``) for the commands and
``pyramid13 COMMAND --help`` for each one. Every run ends with a documented exit status
(see `pyramid13.cli._exit`) and, when something went wrong, one line on stderr: never a
Python traceback, whatever the arguments, the input, the terminal's encoding, a closed
pipe or a Ctrl-C.

Layer: generic (the command line), which reaches each game through the registry.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import sys
from collections.abc import Sequence
from typing import Any

from .. import __version__
from ._exit import EXIT_BUG, EXIT_ERROR, EXIT_INTERRUPTED, EXIT_PIPE, STATUSES
from ._terminal import is_terminal

__all__ = ["build_parser", "main"]

#: The longest line the command line prints on stderr about a problem.
MAX_ERROR_LINE = 1000

EPILOG = (
    "Exit status: "
    + ", ".join(f"{code} {meaning}" for code, meaning in STATUSES)
    + ". Run 'pyramid13 COMMAND --help' for a command's options."
)


def build_parser(game: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of the whole command line: the default game's commands at the
    top, every other game's under its name (``pyramid13 spider play``). Given the name of
    a game other than the default, the parser of that game's commands alone, which loads
    no other game (`main` builds that one for ``pyramid13 spider ...``)."""
    from .._base.games import get_game, registered_games
    from . import _deal, _play, _show, _solve, _stats
    from ._common import DEFAULT_GAME, Parser
    from ._games import hooks_for

    parser = Parser(
        prog="pyramid13",
        description="Pyramid Solitaire (the '13' game): play, solve, show and measure deals.",
        epilog=EPILOG,
    )
    parser.add_argument("--version", action="version", version=f"pyramid13 {__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    commands.required = True
    games = [get_game(game)] if game is not None else list(registered_games())
    for entry in games:
        hooks = hooks_for(entry.name)
        target = commands
        if entry.name != DEFAULT_GAME:
            rules = " and ".join(("--preset", *hooks.rule_options))
            group = commands.add_parser(
                entry.name,
                help=f"{entry.title} Solitaire: play, show, solve and measure deals",
                description=f"{entry.title} Solitaire with the same commands as "
                f"{DEFAULT_GAME.title()}: play, show, solve, stats, deal. Choose the rules with "
                f"{rules}, and the deal with --seed, --pysolfc, a code or a FILE.",
            )
            target = group.add_subparsers(title="commands", dest="game_command", metavar="COMMAND")
            target.required = True
        for module in (_play, _solve, _show, _stats, _deal):
            module.add_parser(target, hooks)
    return parser


def _quiet_pool_exit() -> None:
    """After Ctrl-C in a run with worker processes, keep the process pool's exit hook
    quiet: its wake-up pipe may already be closed when the hook writes to it (a race in
    `concurrent.futures` at interpreter exit), which would print a traceback after our
    one line."""
    from concurrent.futures import process

    wakeup_class: Any = getattr(process, "_ThreadWakeup", None)
    original = getattr(wakeup_class, "wakeup", None)
    if original is None:  # pragma: no cover - a Python without the class
        return

    def wakeup(self: object) -> None:
        with contextlib.suppress(OSError):
            original(self)

    wakeup_class.wakeup = wakeup


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (default: ``sys.argv[1:]``); returns the exit status.

    Nothing but the documented exit statuses (``STATUSES``) comes out: Ctrl-C gives 130
    and a closed standard output 141 (the Python documentation's way with
    ``BrokenPipeError``), each with at most one line on stderr.
    """
    restore = _lenient_output()
    closed = sys.stdout is None  # started with standard output closed ('>&-')
    if closed:
        sys.stdout = _ClosedOutput()
    try:
        return _run(argv)
    except KeyboardInterrupt:
        _quiet_pool_exit()
        # On a terminal the cursor follows the '^C' it echoed: start a line of our own.
        _error_line("pyramid13: interrupted", fresh=is_terminal(sys.stderr))
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (as with '| head'): stop quietly. Standard output now goes
        # to the null device, so that flushing it at exit fails no more.
        _drop_stdout()
        return EXIT_PIPE
    except OSError as error:  # such as writing the output to a full disk
        try:
            sys.stdout.flush()
        except (OSError, ValueError):
            _drop_stdout()  # else Python would fail again, flushing it at exit
        _error_line(f"pyramid13: error: {error}")
        return EXIT_ERROR
    except MemoryError:
        _error_line("pyramid13: error: out of memory")
        return EXIT_BUG
    except Exception as error:  # the last guard: one line, not a traceback
        _error_line(f"pyramid13: internal error, please report it: {type(error).__name__}: {error}")
        return EXIT_BUG
    finally:
        if closed:
            sys.stdout = None
        for stream, errors in restore:
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(errors=errors)


def _other_game(word: str) -> str | None:
    """`word` when it names a game other than the default one (its commands alone are then
    parsed), else None."""
    from .._base.games import BUILTIN_GAMES, loaded_games
    from ._common import DEFAULT_GAME

    names = {*BUILTIN_GAMES, *(game.name for game in loaded_games())}
    return word if word in names and word != DEFAULT_GAME else None


def _run(argv: Sequence[str] | None) -> int:
    # The engine is imported here, inside main's guard, so that a Ctrl-C while it loads
    # is handled like any other.
    from .._base.errors import Pyramid13Error
    from ._common import CliError, UsageError

    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_other_game(words[0]) if words else None)
    try:
        args = parser.parse_args(words)
    except UsageError as error:
        _error_line(str(error))
        return EXIT_ERROR
    except SystemExit as exit_:  # --help and --version
        sys.stdout.flush()
        return exit_.code if isinstance(exit_.code, int) else 0
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except (CliError, Pyramid13Error) as error:
        command = " ".join(filter(None, (args.command, getattr(args, "game_command", None))))
        _error_line(f"pyramid13 {command}: error: {error}")
        return EXIT_ERROR
    return status


class _ClosedOutput(io.TextIOBase):
    """Standard output when the program started without one (``>&-``): every write fails
    as a closed file does, so that a command that prints ends with status 2 and one line
    ("standard output is closed"), and one that prints nothing (``show --svg FILE``)
    still works."""

    def _closed(self, *_: object) -> Any:
        raise OSError(errno.EBADF, "standard output is closed")

    write = fileno = _closed

    def flush(self) -> None:
        pass  # nothing was written, so nothing is lost

    @property
    def buffer(self) -> _ClosedOutput:
        return self

    def isatty(self) -> bool:
        return False


def _lenient_output() -> list[tuple[Any, str | None]]:
    """Make stdout and stderr escape what their encoding cannot write, instead of failing
    (a strict ``PYTHONIOENCODING``, an ASCII terminal); returns how to undo it, for a
    caller that runs `main` inside its own program."""
    changed = []
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(OSError, ValueError):  # a stream already closed
                errors = stream.errors
                stream.reconfigure(errors="backslashreplace")
                changed.append((stream, errors))
    return changed


def _error_line(text: str, *, fresh: bool = False) -> None:
    """Print `text` on stderr as one line of at most `MAX_ERROR_LINE` characters (after a
    line break when `fresh`)."""
    line = " ".join(text.split())
    if len(line) > MAX_ERROR_LINE:
        line = line[: MAX_ERROR_LINE - 3] + "..."
    if fresh:
        line = "\n" + line
    if sys.stderr is None:  # started with stderr closed ('2>&-'): nothing to tell
        return
    with contextlib.suppress(OSError, ValueError):  # stderr is closed too: nothing to tell
        print(line, file=sys.stderr, flush=True)


def _drop_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):  # not a real file (captured in tests)
        pass
