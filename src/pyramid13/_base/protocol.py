"""The protocol every game's state satisfies, for code that works with any game.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.

`pyramid13.GameState` (Pyramid) and ``pyramid13.spider.GameState`` (Spider) both satisfy
`State`; perft, and everything generic built on the library (bots, statistics, records),
is written against it.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from .status import Status

__all__ = ["State"]

MoveT = TypeVar("MoveT")


class State(Protocol[MoveT]):
    """What every game state offers, whatever the game: a typing protocol.

    ``State[Move]`` is satisfied by `pyramid13.GameState`, ``State[spider.Move]`` by
    ``pyramid13.spider.GameState``; both are immutable, so `apply` returns a new state and
    `undo` the previous one.

    Examples:
        >>> import random
        >>> from pyramid13 import GameState, Layout, spider
        >>> def playout(state: State[Any], moves: int, rng: random.Random) -> State[Any]:
        ...     for _ in range(moves):
        ...         if not state.legal_moves():
        ...             break
        ...         state = state.apply(rng.choice(state.legal_moves()))
        ...     return state
        >>> playout(GameState.new(Layout.shuffled(1)), 100, random.Random(1)).status
        <Status.LOST: 'lost'>
        >>> rules = spider.RuleSet.preset("microsoft")
        >>> start = spider.GameState.new(spider.Layout.shuffled(1, rules), rules)
        >>> len(playout(start, 20, random.Random(1)).history)
        20
    """

    def legal_moves(self) -> tuple[MoveT, ...]:
        """Every legal move in the game's documented order; empty once the game is over."""
        ...  # pragma: no cover

    def apply(self, move: MoveT) -> State[MoveT]:
        """The state after a legal move; raises `IllegalMoveError` for any other move.

        Args:
            move: one of `legal_moves`.
        """
        ...  # pragma: no cover

    def apply_unchecked(self, move: MoveT) -> State[MoveT]:
        """The state after `move` without the legality check: the fast path for search.

        Args:
            move: one of `legal_moves`.
        """
        ...  # pragma: no cover

    def undo(self) -> State[MoveT]:
        """The previous state, exactly; raises `UndoError` at the start of the game."""
        ...  # pragma: no cover

    @property
    def status(self) -> Status:
        """Whether the game is being played, won or lost."""
        ...  # pragma: no cover

    @property
    def is_over(self) -> bool:
        """True when the game is won or lost."""
        ...  # pragma: no cover

    @property
    def score(self) -> int:
        """The score under the rules' scoring policy."""
        ...  # pragma: no cover

    @property
    def history(self) -> tuple[MoveT, ...]:
        """The moves played since the start, oldest first."""
        ...  # pragma: no cover

    def observe(self) -> Any:
        """What a player sees: the game's observation (`pyramid13.Observation` or
        ``pyramid13.spider.Observation``), without hidden cards."""
        ...  # pragma: no cover
