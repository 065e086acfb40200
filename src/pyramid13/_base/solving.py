"""What every game's solver shares: `SolveResult`, the check of its limits, and a
hinter's limits as attributes (`Limit`).

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

import enum
import math
from typing import Any, Final, Generic, TypeVar, cast, overload

import attrs
from typing_extensions import Self

from .errors import InvalidArgumentError
from .integers import as_int
from .text import describe

__all__ = [
    "GAME_DEFAULT",
    "MAX_NODE_LIMIT",
    "GameDefault",
    "Limit",
    "SolveResult",
    "check_limits",
    "check_node_count",
]

MoveT = TypeVar("MoveT")
LimitT = TypeVar("LimitT")


class GameDefault(enum.Enum):
    """The type of `GAME_DEFAULT`, the default of a limit that each game sets itself."""

    GAME_DEFAULT = "the game's default"

    def __repr__(self) -> str:
        return "GAME_DEFAULT"


GAME_DEFAULT: Final = GameDefault.GAME_DEFAULT
"""The default of a limit of a function that serves every game (`pyramid13.solve`'s
`node_limit`, say): the game's own default, as its solver or hinter has it, which each
such function's description gives for each game. A value of its own type, never a
number: pass it, or leave the limit out, to get the game's default."""


#: The largest node limit a search takes (the largest signed 64-bit int: more positions
#: than any search can store); None is the way to ask for no limit.
MAX_NODE_LIMIT: Final = 2**63 - 1


def check_node_count(value: object, name: str = "node_limit", low: int = 1) -> int:
    """A bot's node limit (any int, NumPy's too, in ``low..MAX_NODE_LIMIT``) as an int.

    Raises:
        InvalidArgumentError: `value` is anything else.
    """
    number = as_int(value)
    if number is None or not low <= number <= MAX_NODE_LIMIT:
        raise InvalidArgumentError(
            f"{name} must be an int in {low}..2**63-1, not {describe(value)}"
        )
    return number


def check_limits(node_limit: object, time_limit: object) -> None:
    """Check a node limit (an int in 1..`MAX_NODE_LIMIT` or None) and a time limit (a
    positive, finite number of seconds or None), as `solve`, `hint` and `Hinter` of both
    games take them.

    Raises:
        InvalidArgumentError: a limit is anything else (NaN and infinity included).
    """
    if node_limit is not None and (
        isinstance(node_limit, bool)
        or not isinstance(node_limit, int)
        or not 0 < node_limit <= MAX_NODE_LIMIT
    ):
        raise InvalidArgumentError(
            f"node_limit must be an int in 1..2**63-1 or None, not {describe(node_limit)}"
        )
    if time_limit is None:
        return
    seconds = math.nan
    if isinstance(time_limit, (int, float)) and not isinstance(time_limit, bool):
        try:
            seconds = float(time_limit)
        except OverflowError:
            seconds = math.inf
    if not (math.isfinite(seconds) and seconds > 0):
        raise InvalidArgumentError(
            "time_limit must be a positive, finite number of seconds or None, "
            f"not {describe(time_limit)}"
        )


class Limit(Generic[LimitT]):
    """A hinter's ``node_limit`` or ``time_limit``, named so in the class body: it reads
    the value kept in the slot of that name with a leading underscore, and checks a value
    set with `check_limits` first, so that every game's hinter refuses the same values
    with the same messages. The type argument is the value's type, the argument its
    docstring.

    Examples:
        >>> class Searcher:
        ...     __slots__ = ("_node_limit",)
        ...     node_limit = Limit[int | None]("Positions each call may store.")
        >>> searcher = Searcher()
        >>> searcher.node_limit = 100
        >>> searcher.node_limit
        100
        >>> searcher.node_limit = 0
        Traceback (most recent call last):
        ...
        pyramid13.InvalidArgumentError: node_limit must be an int in 1..2**63-1 or None, not 0
    """

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self._name = self._slot = ""

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self._name = name
        self._slot = f"_{name}"

    @overload
    def __get__(self, instance: None, owner: type[Any]) -> Self: ...

    @overload
    def __get__(self, instance: object, owner: type[Any] | None = None) -> LimitT: ...

    def __get__(self, instance: object, owner: type[Any] | None = None) -> Self | LimitT:
        if instance is None:
            return self
        return cast(LimitT, getattr(instance, self._slot))

    def __set__(self, instance: object, value: LimitT) -> None:
        check_limits(**{"node_limit": None, "time_limit": None, self._name: value})
        setattr(instance, self._slot, value)


@attrs.frozen
class SolveResult(Generic[MoveT]):
    """What `solve` found (``SolveResult[Move]`` for Pyramid, ``SolveResult[spider.Move]``
    for Spider's `pyramid13.spider.solve`).

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> result = p13.solve(state)
        >>> result.winnable
        True
        >>> end = state
        >>> for move in result.moves:
        ...     end = end.apply(move)
        >>> end.status
        <Status.WON: 'won'>
    """

    winnable: bool | None
    """True: `moves` wins. False: proved that no sequence of moves wins. None: a node or
    time limit stopped the search first."""
    moves: tuple[MoveT, ...]
    """A winning line from the position solved (empty unless `winnable`); replay it with
    `GameState.apply`."""
    nodes: int
    """Positions the search stored (its memory grows with this number)."""
    seconds: float
    """Wall-clock time the search took."""
    optimal: bool
    """True when a shortest solution was asked for: then a winning `moves` is as short
    as any, counting each removal, draw and recycle as one step."""

    @property
    def solved(self) -> bool:
        """True when the search decided (`winnable` is True or False)."""
        return self.winnable is not None

    @property
    def length(self) -> int:
        """The number of moves of the solution (0 when there is none)."""
        return len(self.moves)
