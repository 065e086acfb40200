"""`Timeline`: undo and redo for a player's interface, for every game.

Layer: generic (reaches a game only through the registry, `pyramid13._base.games`, and
the `State` protocol): a timeline holds the states of any game.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Generic, NoReturn, TypeVar

from ._base.errors import UndoError
from ._base.games import state_game
from ._base.protocol import State

__all__ = ["Timeline"]

StateT = TypeVar("StateT", bound="State[Any]")


@functools.cache
def _takes_penalty(state_type: type) -> bool:
    """Whether the states of `state_type` charge an undo penalty (``undo(penalty=True)``)."""
    undo: Any = getattr(state_type, "undo", None)
    return undo is not None and "penalty" in inspect.signature(undo).parameters


class Timeline(Generic[StateT]):
    """The states of one game that a player steps back and forth through: undo and redo,
    as a value. Immutable: each method returns a new timeline.

    It holds the `present` state (whose own `undo` chain is the past) and the states
    undone since the last move played, to `redo` in turn; `play` makes a move from the
    present and drops them, as every undo/redo interface does. It works for every game
    (``Timeline[GameState]``, ``Timeline[spider.GameState]``), and keeps nothing but
    states, so a timeline is as cheap as the states it holds.

    Two timelines are equal when their present states are equal and were reached by the
    same moves, and their states to redo are so too.

    Args:
        state: the present: a game's state (its history can be undone).

    Raises:
        InvalidArgumentError: `state` is no game's state.

    Examples:
        >>> import pyramid13 as p13
        >>> timeline = p13.Timeline(p13.GameState.new(p13.Layout.shuffled(1)))
        >>> timeline = timeline.play("KC").play("KH").undo()
        >>> timeline.present.history, timeline.can_undo, timeline.can_redo
        ((Move.parse('KC'),), True, True)
        >>> timeline.redo().present.history
        (Move.parse('KC'), Move.parse('KH'))
        >>> timeline.play("draw").can_redo  # a new move drops what was undone
        False
    """

    __slots__ = ("_present", "_redo")

    _present: StateT
    _redo: tuple[StateT, ...]

    def __init__(self, state: StateT) -> None:
        state_game(state)
        object.__setattr__(self, "_present", state)
        object.__setattr__(self, "_redo", ())

    @classmethod
    def _make(cls, present: StateT, redo: tuple[StateT, ...]) -> Timeline[StateT]:
        timeline: Timeline[StateT] = cls.__new__(cls)
        object.__setattr__(timeline, "_present", present)
        object.__setattr__(timeline, "_redo", redo)
        return timeline

    # -- what it holds --------------------------------------------------------------------

    @property
    def present(self) -> StateT:
        """The state the player is at: the one to draw and to play from."""
        return self._present

    @property
    def state(self) -> StateT:
        """The same as `present`."""
        return self._present

    @property
    def redo_states(self) -> tuple[StateT, ...]:
        """The states undone since the last move played, the next to `redo` first."""
        return self._redo

    @property
    def can_undo(self) -> bool:
        """Whether `undo` has a state to go back to (the present is not the game's start)."""
        return self._present.previous is not None

    @property
    def can_redo(self) -> bool:
        """Whether `redo` has a state to go forward to."""
        return bool(self._redo)

    # -- stepping ---------------------------------------------------------------------------

    def undo(self, *, penalty: bool = False) -> Timeline[StateT]:
        """The timeline one move back: the present's previous state, the present kept to
        redo.

        Args:
            penalty: charge the rules' undo penalty, as a player's interface does
                (Spider's ``GameState.undo(penalty=True)`` under Microsoft scoring); a
                game whose states have no undo penalty (Pyramid) undoes plainly. A redo
                brings back the state undone, score included.

        Raises:
            UndoError: the present is the start of the game.

        Examples:
            >>> from pyramid13 import Timeline, spider
            >>> rules = spider.RuleSet.preset("microsoft")
            >>> start = spider.GameState.new(spider.Layout.shuffled(5, rules), rules)
            >>> timeline = Timeline(start).play(start.legal_moves()[0])
            >>> timeline.undo().present.score, timeline.undo(penalty=True).present.score
            (500, 499)
        """
        present = self._present
        if present.previous is None:
            raise UndoError("nothing to undo: this is the start of the game")
        undo: Any = present.undo
        previous = undo(penalty=True) if penalty and _takes_penalty(type(present)) else undo()
        return Timeline._make(previous, (present, *self._redo))

    def redo(self) -> Timeline[StateT]:
        """The timeline one move forward again: the state last undone.

        Raises:
            UndoError: nothing was undone since the last move played.

        Examples:
            >>> import pyramid13 as p13
            >>> timeline = p13.Timeline(p13.GameState.new(p13.Layout.shuffled(1))).play("KC")
            >>> timeline.undo().redo() == timeline
            True
            >>> timeline.redo()
            Traceback (most recent call last):
            ...
            pyramid13.UndoError: nothing to redo: no move was undone since the last one played
        """
        if not self._redo:
            raise UndoError("nothing to redo: no move was undone since the last one played")
        return Timeline._make(self._redo[0], self._redo[1:])

    def play(self, move: Any) -> Timeline[StateT]:
        """The timeline after `move`, played from the present; the states to redo are
        dropped. An illegal move raises, as the state's ``apply`` does, and changes
        nothing.

        Args:
            move: a move, its text or its action number, as the state's ``apply`` takes.

        Raises:
            IllegalMoveError: `move` is not legal in the present.
            InvalidMoveError: `move` is text that is no move of the game.

        Examples:
            >>> import pyramid13 as p13
            >>> timeline = p13.Timeline(p13.GameState.new(p13.Layout.shuffled(1)))
            >>> timeline.play("draw").present.last_move
            Move.parse('draw')
        """
        after: Any = self._present.apply(move)
        return Timeline._make(after, ())

    # -- a value ----------------------------------------------------------------------------

    def _marks(self) -> tuple[tuple[StateT, tuple[Any, ...]], ...]:
        return tuple((state, state.history) for state in (self._present, *self._redo))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Timeline):
            return NotImplemented
        if other is self:
            return True
        return len(self._redo) == len(other._redo) and self._marks() == other._marks()

    def __hash__(self) -> int:
        return hash((self._present, self._redo))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a Timeline is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a Timeline is immutable: cannot delete {name!r}")

    def __copy__(self) -> Timeline[StateT]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Timeline[StateT]:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self._present, self._redo))

    def __repr__(self) -> str:
        return f"<Timeline at {self._present!r}, {len(self._redo)} to redo>"


def _restore(present: Any, redo: tuple[Any, ...]) -> Timeline[Any]:
    """A pickled timeline, back."""
    return Timeline._make(present, tuple(redo))
