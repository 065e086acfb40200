"""The exact solver: winnability, solutions and shortest solutions for every rule set.

`solve` builds, for the deal and rules of the position it is given, a compact model in
which every position is one int (see `pyramid13.solver._model`) and searches it without
recursion: depth-first for any win, A* for a shortest one.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from ..._base.solving import SolveResult
from ._hint import Hinter, hint
from ._solve import DEFAULT_NODE_LIMIT, solve

__all__ = ["DEFAULT_NODE_LIMIT", "Hinter", "SolveResult", "hint", "solve"]
