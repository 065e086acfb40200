"""The protocol every game's state satisfies, for code that works with any game.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.

`pyramid13.GameState` (Pyramid) and ``pyramid13.spider.GameState`` (Spider) both satisfy
`State`; the generic layers (perft, statistics, records, pictures, the learning
environments, the top-level `solve` and `hint`) are written against it, and so can
everything built on the library (bots, runners, user interfaces).
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from .cards import Card
from .location import CardLocation, Change
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

    @property
    def rules(self) -> Any:
        """The rules the game is played under (the game's `RuleSet`)."""
        ...  # pragma: no cover

    @property
    def layout(self) -> Any:
        """The deal the game started from (the game's `Layout`)."""
        ...  # pragma: no cover

    def to_string(self) -> str:
        """The position code of the state, which the game's ``GameState.from_string``
        reads back under the same rules."""
        ...  # pragma: no cover

    def legal_moves(self) -> tuple[MoveT, ...]:
        """Every legal move in the game's documented order; empty once the game is over."""
        ...  # pragma: no cover

    def legal_actions(self) -> tuple[int, ...]:
        """The action numbers of `legal_moves` (the game's ``move_to_action``), ascending."""
        ...  # pragma: no cover

    def legal_action_mask(self) -> tuple[bool, ...]:
        """For every action number of the game, whether it is legal here."""
        ...  # pragma: no cover

    def is_legal(self, move: Any) -> bool:
        """True when `move` (a move or its text) is legal here.

        Args:
            move: a move of the game, or its text.
        """
        ...  # pragma: no cover

    def why_illegal(self, move: Any) -> str | None:
        """Why `move` (a move or its text) is not legal here, as one sentence for the
        player; None exactly when `is_legal` is True.

        Args:
            move: a move of the game, or its text.
        """
        ...  # pragma: no cover

    def playable(self) -> tuple[CardLocation, ...]:
        """Where the cards lie that a player may pick up now to make a legal move."""
        ...  # pragma: no cover

    def moves_by_card(self) -> dict[str, list[dict[str, str]]]:
        """The moves a player may make now, by the place (`CardLocation.key`) of each card
        they pick up, as JSON-ready data, from what the player sees alone."""
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

    @property
    def last_move(self) -> MoveT | None:
        """The move that led here, or None at the start of the game."""
        ...  # pragma: no cover

    @property
    def previous(self) -> State[MoveT] | None:
        """The state before `last_move`, or None at the start of the game."""
        ...  # pragma: no cover

    @property
    def start(self) -> State[MoveT]:
        """The first state of the game (``previous`` followed to the end)."""
        ...  # pragma: no cover

    def table(self) -> tuple[tuple[CardLocation, Card | None], ...]:
        """The picture of the table: every card of the deck with where it lies, as
        (location, card) pairs, the card None where it lies face down."""
        ...  # pragma: no cover

    def changes(self) -> tuple[Change, ...]:
        """What `last_move` did: one `Change` per card that moved or turned face up, in
        the order a player's interface animates them; empty at the start of the game.
        Applied to ``previous.table()`` as `Change` says, they give `table` exactly."""
        ...  # pragma: no cover

    def change_steps(self) -> tuple[tuple[Change, ...], ...]:
        """What `last_move` did, as the steps a player's interface animates one after
        another, each a tuple of the `Change` records of the cards that move together;
        empty at the start of the game. Each step applies to the table the steps before
        it left (the first to ``previous.table()``); the last leaves `table` exactly."""
        ...  # pragma: no cover

    def observe(self) -> Any:
        """What a player sees: the game's observation (`pyramid13.Observation` or
        ``pyramid13.spider.Observation``), without hidden cards."""
        ...  # pragma: no cover
