"""The thoughtful Spider solver (every card known) and hints built on it.

`solve` converts the position into a compact model (ten byte strings, see
``_model``), searches it (``_search``) and turns the line found back into `spider.Move`s,
replayed to a won state before they are returned.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from ._hint import hint
from ._hinter import Hinter
from ._solve import DEFAULT_NODE_LIMIT, solve

__all__ = ["DEFAULT_NODE_LIMIT", "Hinter", "hint", "solve"]
