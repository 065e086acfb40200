"""Spider scoring policies: the protocol a Spider `RuleSet`'s scoring follows, and the
shipped ``none`` and ``microsoft`` policies.

This is the Spider twin of Pyramid's `pyramid13.ScoringPolicy`, not the same protocol:
Spider events say how many runs a move removed rather than which pyramid rows it cleared,
Microsoft's Spider score starts at 500 rather than 0, and Microsoft charges for undo. So a
Spider policy has two more members than a Pyramid one, `start` and `undo_penalty`, and a
Pyramid policy is refused by a Spider `RuleSet` (and the other way round).

Layer: the Spider game (`pyramid13.spider`), which imports only the floor; the lookup by
name is the floor's (`pyramid13._base.scoring`).
"""

from __future__ import annotations

from typing import NamedTuple, Protocol, runtime_checkable

import attrs

from .._base.scoring import ShippedPolicies, constant
from ._moves import Move, MoveKind

__all__ = ["MicrosoftScoring", "NoScoring", "ScoreEvent", "ScoringPolicy", "scoring_policy"]


class ScoreEvent(NamedTuple):
    """What a Spider move did, as a scoring policy sees it (after the move).

    Examples:
        >>> event = ScoreEvent(Move.DEAL, runs_removed=2, won=False, deals_left=3)
        >>> MicrosoftScoring().score(480, event)  # -1 for the deal, +100 per run
        679
    """

    move: Move
    """The move just applied."""
    runs_removed: int
    """How many complete runs the move lifted off: 1 for a removal move, 0 or more for a
    unit move or a deal when runs are removed automatically."""
    won: bool
    """Whether the move removed the eighth run."""
    deals_left: int
    """Deals left in the stock after the move."""


@runtime_checkable
class ScoringPolicy(Protocol):
    """How a Spider score changes. Implement it to bring your own scoring to a `RuleSet`.

    A policy must be immutable and comparable by value (an ``attrs.frozen`` class is
    ideal). A game's score starts at `start`; every applied move replaces it with
    `score(previous, event)`. `GameState.undo` restores the previous score exactly;
    ``undo(penalty=True)`` lowers it by `undo_penalty` as well.

    Examples:
        A policy that counts the runs removed, ten points each:

        >>> @attrs.frozen
        ... class RunPoints:
        ...     name = "run-points"
        ...     start = 0
        ...     undo_penalty = 0
        ...     def score(self, score: int, event: ScoreEvent) -> int:
        ...         return score + 10 * event.runs_removed
        >>> isinstance(RunPoints(), ScoringPolicy)
        True
        >>> from pyramid13.spider import RuleSet
        >>> RuleSet(scoring=RunPoints()).scoring.name
        'run-points'
    """

    @property
    def name(self) -> str:
        """A short, unique name; rule sets are saved to dicts with it."""
        ...  # pragma: no cover

    @property
    def start(self) -> int:
        """The score at the start of a game."""
        ...  # pragma: no cover

    @property
    def undo_penalty(self) -> int:
        """Points an undo costs when the player's interface asks for the penalty."""
        ...  # pragma: no cover

    def score(self, score: int, event: ScoreEvent) -> int:
        """The score after the move described by `event`, given the score before it.

        Args:
            score: the score before the move (the policy's `start` when no move is made yet).
            event: what the move did: the runs it lifted off, the win, the deals left.
        """
        ...  # pragma: no cover


@attrs.frozen
class NoScoring:
    """No score: it stays 0 (Bicycle, PySolFC, KPat).

    Examples:
        >>> policy = NoScoring()
        >>> policy.name, policy.start, policy.score(0, ScoreEvent(Move.DEAL, 1, False, 4))
        ('none', 0, 0)
    """

    name = constant("none")
    """``"none"``."""

    start = constant(0)
    """0."""

    undo_penalty = constant(0)
    """0."""

    def score(self, score: int, event: ScoreEvent) -> int:
        """Always 0.

        Args:
            score: the score before the move (the policy's `start` when no move is made yet).
            event: what the move did: the runs it lifted off, the win, the deals left.

        Examples:
            >>> NoScoring().score(0, ScoreEvent(Move.parse("remove 3"), 1, True, 0))
            0
        """
        return 0


@attrs.frozen
class MicrosoftScoring:
    """Microsoft Spider: start at 500; -1 per unit move and per deal; +100 per run removed
    (a removal move itself costs nothing); -1 per penalised undo; no floor.

    Examples:
        >>> policy = MicrosoftScoring()
        >>> policy.start, policy.score(500, ScoreEvent(Move.parse("1:1>2"), 1, False, 5))
        (500, 599)
    """

    name = constant("microsoft")
    """``"microsoft"``."""

    start = constant(500)
    """500."""

    undo_penalty = constant(1)
    """1."""

    def score(self, score: int, event: ScoreEvent) -> int:
        """Apply Microsoft's table to one move.

        Args:
            score: the score before the move (the policy's `start` when no move is made yet).
            event: what the move did: the runs it lifted off, the win, the deals left.

        Examples:
            >>> policy = MicrosoftScoring()
            >>> policy.score(500, ScoreEvent(Move.parse("3:2>7"), 0, False, 5))
            499
            >>> policy.score(499, ScoreEvent(Move.parse("remove 7"), 1, False, 5))
            599
        """
        if event.move.kind is not MoveKind.REMOVE:
            score -= 1
        return score + 100 * event.runs_removed


_SHIPPED: ShippedPolicies[ScoringPolicy] = ShippedPolicies(
    "Spider ", NoScoring(), MicrosoftScoring()
)


def scoring_policy(name: str) -> ScoringPolicy:
    """The shipped Spider scoring policy called `name`: ``"none"`` or ``"microsoft"``.

    A Pyramid policy's name (``"cardems"``) is not one of them: the two games score moves
    of different kinds, so each has its own policies.

    Args:
        name: a Spider policy's `ScoringPolicy.name`, as saved rules and position codes
            write it.

    Raises:
        InvalidRulesError: no shipped Spider policy has that name.

    Examples:
        >>> scoring_policy("none"), scoring_policy("microsoft").start
        (NoScoring(), 500)
    """
    return _SHIPPED.get(name)


def shipped_policy_names() -> tuple[str, ...]:
    """The names of the shipped Spider policies."""
    return _SHIPPED.names()
