"""`Bot`, the one interface of every bot in every game, and `bot_view`, what a bot is shown.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .protocol import State

__all__ = ["Bot", "bot_view"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal move in a position that is still being played, in
    either game.

    Implement ``choose`` and the bot works with `win_rate` and the command line. A bot
    whose class sets ``honest = True`` is given the position's observation
    (``state.observe()``) rather than the state: see `bot_view`. Bots
    used with `win_rate` and a process pool are pickled to the workers, and each chunk of
    deals gets its own copy, so a bot may keep state between the moves of one game.

    Examples:
        >>> import pyramid13 as p13
        >>> class FirstMove:
        ...     def choose(self, state: p13.GameState) -> p13.Move:
        ...         return state.legal_moves()[0]
        >>> isinstance(FirstMove(), p13.Bot)
        True
    """

    def choose(self, state: Any) -> Any:
        """A legal move in `state`.

        Args:
            state: a position of a game that is not over: the state, or its observation
                for an honest bot.

        Examples:
            >>> import pyramid13 as p13
            >>> state = p13.GameState.new(p13.Layout.shuffled(1))
            >>> bots: list[Bot] = [p13.RandomBot(seed=5), p13.GreedyBot(), p13.SolverBot()]
            >>> [bot.choose(state) in state.legal_moves() for bot in bots]
            [True, True, True]
        """
        ...


def bot_view(bot: object, state: State[Any]) -> Any:
    """What `bot` is shown of `state`: ``state.observe()`` when the bot declares
    ``honest = True``, else the state itself. Runners call
    ``bot.choose(bot_view(bot, state))``.

    Args:
        bot: any bot.
        state: the position (either game).

    Examples:
        >>> from pyramid13 import bot_view, spider
        >>> rules = spider.RuleSet.preset("pysolfc")
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
        >>> type(bot_view(spider.GreedyBot(), state)).__name__
        'Observation'
    """
    return state.observe() if getattr(bot, "honest", False) else state
