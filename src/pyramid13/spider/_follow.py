"""What `ReplanBot` and `RolloutBot` share: following a plan while the table is the one it
expects, and sampling the unseen cards.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

import random
from typing import Protocol

from ._bots import _digest, _next_planned, _PerGame
from ._moves import Move
from ._observation import Observation, determinize
from ._state import GameState

__all__ = ["Plan", "PlanFollower", "Table", "hidden", "sample", "table"]

# What is seen of a table: the face-up cards and face-down counts of each pile, the stock.
Table = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]
Plan = list[tuple[Move, Table]]


class _Chooser(Protocol):
    def choose(self, view: Observation | GameState) -> Move: ...  # pragma: no cover


def table(observation: Observation) -> Table:
    """What is seen of `observation`'s table."""
    return (
        tuple(tuple(card.index for card in pile.face_up) for pile in observation.piles),
        tuple(pile.face_down_count for pile in observation.piles),
        observation.stock_size,
    )


def hidden(seen: Table) -> tuple[int, int]:
    """The face-down cards and the stock's cards of a table."""
    return sum(seen[1]), seen[2]


def sample(observation: Observation, seed: int, number: int) -> GameState:
    """Sample `number` of what is seen, the same for the same seed and observation."""
    return determinize(observation, random.Random(_digest(seed, observation, number)))


class PlanFollower(_PerGame):
    """Plays a plan, each move with the table it expects, while the table is as expected;
    asks for a new plan when it ends or the cards fall otherwise; and when no plan comes,
    leaves the moves to a fallback player until a card is turned over, a deal made or a
    run removed. A new game, or an earlier position, starts afresh."""

    __slots__ = ("_failed", "_fallback", "_plan")

    def _reset(self) -> None:
        self._fallback = self._new_fallback()
        self._plan: Plan = []
        self._history = -1
        self._failed: tuple[int, int, int] | None = None

    def _new_fallback(self) -> _Chooser:
        raise NotImplementedError  # pragma: no cover

    def _new_plan(self, observation: Observation, seen: Table) -> Plan:
        raise NotImplementedError  # pragma: no cover

    def _follow(self, view: Observation | GameState) -> Move:
        observation = self._observe(view)
        legal = observation.legal_moves()
        seen = table(observation)
        planned = _next_planned(self._plan, seen, legal)
        if planned is not None:
            return planned
        progress = (*hidden(seen), len(observation.runs_removed))
        if progress != self._failed:
            plan = self._new_plan(observation, seen)
            if plan and plan[0][0] in legal:
                self._plan = plan[1:]
                return plan[0][0]
            self._failed = progress  # no new search until a card is turned or a run goes
        return self._fallback.choose(observation)
