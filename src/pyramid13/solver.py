"""The exact solver and hints under their top-level names, for every game.

Layer: the façade. `solve`, `hint`, `Hinter` and `determinize` serve every game: each
finds the game of the state it is given in the registry and answers as the game's own
does (Pyramid's solver is ``pyramid13.pyramid.solver``, Spider's
``pyramid13.spider.solver``). `DEFAULT_NODE_LIMIT` is Pyramid's default node limit.
"""

from __future__ import annotations

from ._base.solving import GAME_DEFAULT, SolveResult
from ._generic import Hinter, determinize, hint, solve
from .pyramid.solver import DEFAULT_NODE_LIMIT

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "GAME_DEFAULT",
    "Hinter",
    "SolveResult",
    "determinize",
    "hint",
    "solve",
]
