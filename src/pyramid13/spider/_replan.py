"""`ReplanBot`: an honest Spider player that solves sampled deals and replans."""

from __future__ import annotations

import random
from collections import Counter

from ._bots import _check_int, _check_seed, _digest, _next_planned, _observation
from ._moves import Move
from ._observation import Observation, determinize
from ._planner import PlannerBot
from ._state import GameState
from .solver._model import from_state, to_move
from .solver._search import Budget, OutOfBudgetError, find

__all__ = ["ReplanBot"]

# What is seen of a table: the face-up cards and face-down counts of each pile, the stock.
_Table = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]
_FIRST_WIDTH = 10  # the beam's first width: narrow, so that small budgets find wins


def _table(observation: Observation) -> _Table:
    return (
        tuple(tuple(card.index for card in pile.face_up) for pile in observation.piles),
        tuple(pile.face_down_count for pile in observation.piles),
        observation.stock_size,
    )


def _hidden(table: _Table) -> tuple[int, int]:
    return sum(table[1]), table[2]


class ReplanBot:
    """Solves sampled deals and plays each solution up to the first card it turns over.

    When it has no plan, or the table is not the one its plan expects, the bot deals the
    unseen cards at random into the hidden places (``spider.determinize``) `samples`
    times, and looks for a win of each sample with the solver's beam search (the one
    `spider.solve` uses), `node_limit` positions at most. Each winning line is cut after
    its first move that turns a face-down card over: up to there it is certain whatever
    the hidden cards are, beyond it it relies on the sample. A line cut at a deal is
    dropped (the sample knows what the deal brings). The bot plays the cut line whose
    first move most samples' lines share (ties: the line most samples found, the shorter,
    the earlier sample), then samples again from what it sees. When no sample gives a
    line it plays `PlannerBot`'s moves, which deal only when nothing else improves, until
    a card is turned over, a deal made or a run removed, then samples again. Honest: the
    samples come from the observation alone. Deterministic: their random numbers are a
    hash of `seed` and what is seen.

    Args:
        samples: sampled deals per plan.
        node_limit: positions the beam search expands per sample.
        seed: picks the samples (and the fallback's stuck moves).

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1, suits=1), rules)
        >>> bot = spider.ReplanBot(node_limit=500)
        >>> bot.choose(state.observe()) in state.legal_moves()
        True
    """

    __slots__ = ("_failed", "_fallback", "_history", "_plan", "node_limit", "samples", "seed")
    honest = True
    """Given observations, never the full state."""
    samples: int
    """Sampled deals per plan."""
    node_limit: int
    """Positions the beam search expands per sample."""
    seed: int
    """The seed the samples derive from."""

    def __init__(self, samples: int = 3, *, node_limit: int = 20_000, seed: int = 0) -> None:
        self.samples = _check_int("samples", samples, 1)
        self.node_limit = _check_int("node_limit", node_limit, 1)
        self.seed = _check_seed(seed)
        self._reset()

    def _reset(self) -> None:
        self._fallback = PlannerBot(seed=self.seed)
        self._plan: list[tuple[Move, _Table]] = []
        self._history = -1
        self._failed: tuple[int, int, int] | None = None

    def choose(self, view: Observation | GameState) -> Move:
        """The next move of the plan, a new plan's first move, or the fallback's move.

        Args:
            view: what is seen (a `GameState` is reduced to its observation).

        Examples:
            >>> from pyramid13 import spider
            >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
            >>> state = spider.GameState.new(spider.Layout.from_pysolfc(3, suits=1), rules)
            >>> spider.ReplanBot(node_limit=500).choose(state) in state.legal_moves()
            True

        Raises:
            GameOverError: the game is over.
        """
        observation = _observation(view)
        moves = len(observation.history)
        if moves <= self._history:
            self._reset()  # a new game, or an earlier position
        self._history = moves
        legal = observation.legal_moves()
        table = _table(observation)
        planned = _next_planned(self._plan, table, legal)
        if planned is not None:
            return planned
        progress = (*_hidden(table), len(observation.runs_removed))
        if progress != self._failed:
            plan = self._replan(observation)
            if plan and plan[0][0] in legal:
                self._plan = plan[1:]
                return plan[0][0]
            self._failed = progress  # no new search until a card is turned or a run goes
        return self._fallback.choose(observation)

    def _replan(self, observation: Observation) -> list[tuple[Move, _Table]]:
        """The cut winning line most samples agree on, or an empty list."""
        found: Counter[tuple[Move, ...]] = Counter()
        first: dict[tuple[Move, ...], tuple[int, list[tuple[Move, _Table]]]] = {}
        for number in range(self.samples):
            sample = _sample(observation, self.seed, number)
            try:
                codes = find(from_state(sample), Budget(self.node_limit, None), _FIRST_WIDTH)
            except OutOfBudgetError:
                continue
            if not codes:
                continue
            plan = _cut(sample, codes)
            if plan[-1][0] is Move.DEAL:
                continue  # the sample knows what the deal brings: the fallback decides
            key = tuple(move for move, _ in plan)
            found[key] += 1
            first.setdefault(key, (number, plan))
        if not found:
            return []
        votes: Counter[Move] = Counter()
        for key, count in found.items():
            votes[key[0]] += count
        best = min(found, key=lambda key: (-votes[key[0]], -found[key], len(key), first[key][0]))
        return first[best][1]

    def __repr__(self) -> str:
        return (
            f"spider.ReplanBot(samples={self.samples}, node_limit={self.node_limit}, "
            f"seed={self.seed})"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ReplanBot) and self.__getstate__() == other.__getstate__()

    def __hash__(self) -> int:
        return hash((ReplanBot, *self.__getstate__()))

    def __getstate__(self) -> tuple[int, int, int]:
        # The plan of the game in progress does not travel.
        return (self.samples, self.node_limit, self.seed)

    def __setstate__(self, state: tuple[int, int, int]) -> None:
        self.samples, self.node_limit, self.seed = state
        self._reset()


def _sample(observation: Observation, seed: int, number: int) -> GameState:
    """Sample `number` of what is seen, the same for the same seed and observation."""
    return determinize(observation, random.Random(_digest(seed, observation, number)))


def _cut(sample: GameState, codes: list[int]) -> list[tuple[Move, _Table]]:
    """The line's moves, each with the table it expects, up to and including the first
    that turns a card over or deals."""
    plan: list[tuple[Move, _Table]] = []
    state = sample
    table = _table(state.observe())
    for code in codes:
        move = to_move(code)
        plan.append((move, table))
        state = state.apply(move)
        after = _table(state.observe())
        if _hidden(after) != _hidden(table):
            break
        table = after
    return plan
