"""The exact solver and hints: Pyramid's, under their top-level names.

Layer: the façade (the top-level names, which present Pyramid as the package's first
game). The solver itself is ``pyramid13.pyramid.solver``; Spider's is
``pyramid13.spider.solver``.
"""

from __future__ import annotations

from ._base.solving import SolveResult
from .pyramid.solver import DEFAULT_NODE_LIMIT, Hinter, hint, solve

__all__ = ["DEFAULT_NODE_LIMIT", "Hinter", "SolveResult", "hint", "solve"]
