"""Pyramid scoring policies: the protocol a RuleSet's scoring follows and the shipped
policies.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor; the lookup by
name is the floor's (`pyramid13._base.scoring`).
"""

from __future__ import annotations

from typing import NamedTuple, Protocol, runtime_checkable

import attrs

from .._base.scoring import ShippedPolicies, constant
from ._moves import Move, MoveKind

__all__ = [
    "CardemsScoring",
    "MicrosoftScoring",
    "NoScoring",
    "ScoreEvent",
    "ScoringPolicy",
    "scoring_policy",
]


class ScoreEvent(NamedTuple):
    """What a move did, as a scoring policy sees it (after the move).

    Examples:
        >>> event = ScoreEvent(Move.parse("KD"), 1, (6,), False, 24, 1)
        >>> event.cards_removed, event.rows_cleared, MicrosoftScoring().score(0, event)
        (1, (6,), 30)
    """

    move: Move
    """The move just applied."""
    cards_removed: int
    """How many cards it removed (0 for draw and recycle)."""
    rows_cleared: tuple[int, ...]
    """Pyramid rows (0 is the apex, 6 the bottom row) that this move emptied."""
    won: bool
    """Whether the move reached the goal."""
    cards_left: int
    """Cards left in the stock and the waste after the move."""
    pass_number: int
    """The pass number after the move."""


@runtime_checkable
class ScoringPolicy(Protocol):
    """How a score changes. Implement it to bring your own scoring to a `RuleSet`.

    A policy must be immutable and comparable by value (an ``attrs.frozen`` class is
    ideal), since rule sets are compared and hashed with it. The score starts at 0 and
    every applied move replaces it with `score(previous, event)`; undo restores the
    previous score exactly, whatever the policy does.

    Examples:
        >>> import attrs
        >>> import pyramid13 as p13
        >>> @attrs.frozen
        ... class PerCard:
        ...     name = "per-card"
        ...     def score(self, score, event):
        ...         return score + event.cards_removed
        >>> isinstance(PerCard(), ScoringPolicy)
        True
        >>> rules = p13.RuleSet(scoring=PerCard())
        >>> p13.GameState.new(p13.Layout.shuffled(1), rules).apply("KC").score
        1
    """

    @property
    def name(self) -> str:
        """A short, unique name; rule sets are saved to dicts with it."""
        ...  # pragma: no cover

    def score(self, score: int, event: ScoreEvent) -> int:
        """The score after the move described by `event`, given the score before it.

        Args:
            score: the score before the move (0 at the start of a game).
            event: what the move did.

        Examples:
            >>> pair = ScoreEvent(Move.parse("4C+9C"), 2, (), False, 24, 1)
            >>> [policy.score(100, pair) for policy in (NoScoring(), CardemsScoring())]
            [0, 120]
        """
        ...  # pragma: no cover


@attrs.frozen
class NoScoring:
    """No score at all: it stays 0 (seed 000, PySolFC).

    Examples:
        >>> import pyramid13 as p13
        >>> p13.RuleSet.preset("classic").scoring
        NoScoring()
    """

    name = constant("none")
    """``"none"``."""

    def score(self, score: int, event: ScoreEvent) -> int:
        """Always 0.

        Args:
            score: the score before the move.
            event: what the move did.

        Examples:
            >>> NoScoring().score(0, ScoreEvent(Move.parse("KD"), 1, (6,), False, 24, 1))
            0
        """
        return 0


@attrs.frozen
class CardemsScoring:
    """Cardems (seed 002): +10 per card removed; recycle -10 but never below 0; a win earns
    +100 and +5 per card still in the stock and waste.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("cardems"))
        >>> state.rules.scoring, state.apply("KC").score
        (CardemsScoring(), 10)
    """

    name = constant("cardems")
    """``"cardems"``."""

    def score(self, score: int, event: ScoreEvent) -> int:
        """Apply the Cardems table to one move.

        Args:
            score: the score before the move.
            event: what the move did.

        Examples:
            >>> policy = CardemsScoring()
            >>> policy.score(30, ScoreEvent(Move.parse("4C+9C"), 2, (), False, 24, 1))
            50
            >>> policy.score(5, ScoreEvent(Move.parse("recycle"), 0, (), False, 20, 2))
            0
            >>> policy.score(270, ScoreEvent(Move.parse("KD"), 1, (0,), True, 3, 1))
            395
        """
        if event.move.kind is MoveKind.RECYCLE:
            return max(0, score - 10)
        score += 10 * event.cards_removed
        if event.won:
            score += 100 + 5 * event.cards_left
        return score


#: Microsoft's row bonuses by row index (0 is the apex).
MICROSOFT_ROW_BONUS = (500, 250, 150, 100, 75, 50, 25)


@attrs.frozen
class MicrosoftScoring:
    """Microsoft Solitaire Collection: +5 per removal (pair or King), and a bonus for each
    pyramid row cleared: bottom row 25, then 50, 75, 100, 150, 250 and 500 for the apex
    (1290 at most).

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
        >>> state.rules.scoring, state.apply("KC").score
        (MicrosoftScoring(), 5)
    """

    name = constant("microsoft")
    """``"microsoft"``."""

    def score(self, score: int, event: ScoreEvent) -> int:
        """Apply the Microsoft table to one move.

        Args:
            score: the score before the move.
            event: what the move did.

        Examples:
            >>> policy = MicrosoftScoring()
            >>> policy.score(0, ScoreEvent(Move.parse("4C+9C"), 2, (), False, 24, 1))
            5
            >>> policy.score(760, ScoreEvent(Move.parse("KD"), 1, (0,), True, 10, 1))
            1265
        """
        if event.cards_removed:
            score += 5
            for row in event.rows_cleared:
                score += MICROSOFT_ROW_BONUS[row]
        return score


_SHIPPED: ShippedPolicies[ScoringPolicy] = ShippedPolicies(
    "", NoScoring(), CardemsScoring(), MicrosoftScoring()
)


def scoring_policy(name: str) -> ScoringPolicy:
    """The shipped scoring policy called `name`: ``"none"``, ``"cardems"`` or ``"microsoft"``.

    Args:
        name: the policy's `ScoringPolicy.name`.

    Examples:
        >>> scoring_policy("cardems")
        CardemsScoring()

    Raises:
        InvalidRulesError: no shipped policy has that name.
    """
    return _SHIPPED.get(name)


def shipped_policy_names() -> tuple[str, ...]:
    """The names of the shipped policies."""
    return _SHIPPED.names()
