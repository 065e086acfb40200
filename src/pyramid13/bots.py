"""Players behind one tiny interface, for every game: ``bot.choose(view) -> move``.

Layer: the façade (the top-level names, which present Pyramid as the package's first
game). `Bot` and `bot_view` serve every game; `RandomBot`, `GreedyBot` and `SolverBot`
are Pyramid's (``pyramid13.pyramid``); the Spider bots are in ``pyramid13.spider``.
"""

from __future__ import annotations

from ._base.bots import Bot, bot_view
from ._base.errors import GameOverError
from .pyramid._bots import GreedyBot, RandomBot, SolverBot

__all__ = ["Bot", "GameOverError", "GreedyBot", "RandomBot", "SolverBot", "bot_view"]
