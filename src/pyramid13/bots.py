"""Players behind one tiny interface, for every game: ``bot.choose(view) -> move``.

Layer: the façade (the top-level names, which present Pyramid as the package's first
game). `Bot` and `bot_view` serve every game; `RandomBot` and `GreedyBot` are Pyramid's
(``pyramid13.pyramid``); the Spider bots are in ``pyramid13.spider``. `SolverBot` plays
every game: Pyramid's own (``pyramid13.pyramid.SolverBot``) for a Pyramid state, and the
game's solver found in the registry for the others.
"""

from __future__ import annotations

from typing import Any

from ._base.bots import Bot, bot_view
from ._base.errors import GameOverError
from ._base.games import state_game
from ._base.solving import GAME_DEFAULT, GameDefault
from .pyramid._bots import GreedyBot, RandomBot
from .pyramid._bots import SolverBot as _PyramidSolverBot
from .pyramid.solver import DEFAULT_NODE_LIMIT

__all__ = ["Bot", "GameOverError", "GreedyBot", "RandomBot", "SolverBot", "bot_view"]


class SolverBot(_PyramidSolverBot):
    """Plays a winning line whenever one exists, in any game: perfect information play.

    On its first move in a game it solves the position (see `solve`) and then follows the
    solution while the positions it is shown are the ones the solution leads to, solving
    again if they are not. Where the solver proves the game lost, or hits its limits, it
    plays like the game's `GreedyBot` for the rest of that game. A Pyramid state is played
    exactly as ``pyramid13.pyramid.SolverBot`` plays it; a Spider state with
    `pyramid13.spider.solve` and `pyramid13.spider.GreedyBot`.

    Args:
        node_limit: passed to `solve` for each search; by default the game's own:
            Pyramid 3,000,000 (`DEFAULT_NODE_LIMIT`, shown in the bot's repr), Spider
            5,000,000 (`pyramid13.spider.solver.DEFAULT_NODE_LIMIT`).
        time_limit: passed to `solve` for each search.
        optimal: follow shortest solutions (slower to find), in the games whose solver
            finds them (Pyramid).

    Raises:
        InvalidArgumentError: a limit is not one `solve` takes.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> bot = p13.SolverBot()
        >>> while not state.is_over:
        ...     state = state.apply(bot.choose(state))
        >>> state.status
        <Status.WON: 'won'>
        >>> rules = p13.spider.RuleSet.preset("pysolfc", suits=1)
        >>> spider = p13.spider.GameState.new(p13.spider.Layout.from_pysolfc(1, suits=1), rules)
        >>> bot.choose(spider) == p13.spider.solve(spider).moves[0]
        True
    """

    __slots__ = ("_game_default",)

    def __init__(
        self,
        *,
        node_limit: int | GameDefault | None = GAME_DEFAULT,
        time_limit: float | None = None,
        optimal: bool = False,
    ) -> None:
        self._game_default = node_limit is GAME_DEFAULT
        limit = DEFAULT_NODE_LIMIT if isinstance(node_limit, GameDefault) else node_limit
        super().__init__(node_limit=limit, time_limit=time_limit, optimal=optimal)

    def choose(self, state: Any) -> Any:
        """The next move of a winning line, or the greedy move where there is none.

        Args:
            state: a position of a game that is not over (of any game).

        Raises:
            GameOverError: the game is over.
            InvalidArgumentError: `state` is not a GameState of a game.

        Examples:
            >>> import pyramid13 as p13
            >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
            >>> p13.SolverBot().choose(state)  # the first move of a win
            Move.parse('AD+QD')
        """
        return super().choose(state)

    # The game's own solver and greedy bot, found in the registry (for a Pyramid state:
    # Pyramid's solve with this bot's limits, and Pyramid's greedy move).

    def _takes_default(self) -> bool:
        # A bot unpickled from a version without the flag was given its limits by name.
        return bool(getattr(self, "_game_default", False))

    def _check(self, state: Any) -> None:
        state_game(state)
        if not state.legal_moves():
            raise GameOverError(
                f"the game is over ({state.status.value}): there is no move to choose"
            )

    def _solve(self, state: Any) -> Any:
        game = state_game(state)
        limits: dict[str, Any] = {
            "node_limit": game.default_node_limit if self._takes_default() else self.node_limit,
            "time_limit": self.time_limit,
        }
        if game.shortest:
            limits["optimal"] = self.optimal
        return game.solve(state, **limits)

    def _fallback(self, state: Any) -> Any:
        greedy = state_game(state).bots["greedy"]()
        return greedy.choose(bot_view(greedy, state))

    def __eq__(self, other: object) -> bool:
        # As Pyramid's: by the settings shown in the repr (a bot given Pyramid's default
        # node limit by name equals one that takes the game's own).
        return isinstance(other, _PyramidSolverBot) and self._settings() == other._settings()

    def __hash__(self) -> int:
        return hash((_PyramidSolverBot, *self._settings()))
