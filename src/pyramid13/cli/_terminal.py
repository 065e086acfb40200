"""Whether a stream is a terminal: cheap to import, for the first instant of a command.

Layer: generic (the command line).
"""

from __future__ import annotations

__all__ = ["is_terminal"]


def is_terminal(stream: object) -> bool:
    """True when `stream` is a terminal (False for anything that cannot tell)."""
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False
