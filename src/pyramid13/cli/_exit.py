"""The exit statuses of the command line (kept free of imports: `main` needs them first).

Layer: generic (the command line), which reaches each game through the registry.
"""

from __future__ import annotations

__all__ = [
    "EXIT_BUG",
    "EXIT_ERROR",
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_NO",
    "EXIT_OK",
    "EXIT_PIPE",
    "EXIT_UNKNOWN",
    "STATUSES",
]

EXIT_OK = 0
"""Success: the deal is winnable, the game was won, the job is done."""
EXIT_NO = 1
"""A negative answer: no solution, or the game was lost."""
EXIT_ERROR = 2
"""Bad arguments or bad input (a file, a code, a command), or output that cannot be written
(a full disk), with one line on stderr."""
EXIT_UNKNOWN = 3
"""The solver hit its node or time limit without an answer."""
EXIT_FAILED = 4
"""A run stopped part-way (a worker process died, a player raised), with one line on
stderr naming the seed."""
EXIT_BUG = 70
"""An internal error: a bug in pyramid13 (one line on stderr; please report it)."""
EXIT_INTERRUPTED = 130
"""Interrupted by Ctrl-C (SIGINT), as shells report it: 128 + 2."""
EXIT_PIPE = 141
"""Standard output was closed by its reader (as ``| head`` does) before all was written:
128 + SIGPIPE, as for any program stopped that way. Not an answer."""

#: Every status with its meaning, as the help and the reference page list them.
STATUSES = (
    (EXIT_OK, "success (winnable, won, done)"),
    (EXIT_NO, "no solution or game lost"),
    (EXIT_ERROR, "bad arguments or input (one line on stderr)"),
    (EXIT_UNKNOWN, "solver limit reached"),
    (EXIT_FAILED, "a run stopped part-way"),
    (EXIT_BUG, "internal error"),
    (EXIT_INTERRUPTED, "interrupted (Ctrl-C)"),
    (EXIT_PIPE, "standard output closed early (as by '| head')"),
)
