"""`ReplanBot`: an honest Spider player that solves sampled deals and replans.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from collections import Counter

from .._base.solving import check_node_count
from ._bots import _check_int, _check_seed
from ._follow import Plan, PlanFollower, Table, hidden, sample, table
from ._moves import Move
from ._observation import Observation
from ._planner import PlannerBot
from ._state import GameState
from .solver._model import from_state, to_move
from .solver._search import Budget, OutOfBudgetError, find

__all__ = ["ReplanBot", "solved_plan"]

_FIRST_WIDTH = 10  # the beam's first width: narrow, so that small budgets find wins


class ReplanBot(PlanFollower):
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

    Raises:
        InvalidArgumentError: `samples` or `node_limit` is not an int >= 1, or `seed` not
            an int (a bool or a float is refused).

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1, suits=1), rules)
        >>> bot = spider.ReplanBot(node_limit=500)
        >>> bot.choose(state.observe()) in state.legal_moves()
        True
    """

    __slots__ = ("node_limit", "samples", "seed")
    # The plan of the game in progress does not travel.
    _SETTINGS = ("samples", "node_limit", "seed")
    honest = True
    """Given observations, never the full state."""
    samples: int
    """Sampled deals per plan."""
    node_limit: int
    """Positions the beam search expands per sample."""
    seed: int
    """The seed the samples derive from."""

    def __init__(self, samples: int = 3, *, node_limit: int = 20_000, seed: int = 0) -> None:
        self._settle(
            samples=_check_int("samples", samples, 1),
            node_limit=check_node_count(node_limit),
            seed=_check_seed(seed),
        )
        self._reset()

    def _new_fallback(self) -> PlannerBot:
        return PlannerBot(seed=self.seed)

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
            InvalidArgumentError: `view` is neither a Spider Observation nor a GameState.
        """
        return self._follow(view)

    def _new_plan(self, observation: Observation, seen: Table) -> Plan:
        """The cut winning line most samples agree on, or an empty list."""
        return solved_plan(observation, self.samples, self.node_limit, self.seed)


def solved_plan(observation: Observation, samples: int, node_limit: int, seed: int) -> Plan:
    """The cut winning line most of `samples` sampled deals agree on (each searched for a win
    with at most `node_limit` positions), or an empty list when none is won."""
    found: Counter[tuple[Move, ...]] = Counter()
    first: dict[tuple[Move, ...], tuple[int, Plan]] = {}
    for number in range(samples):
        dealt = sample(observation, seed, number)
        try:
            codes = find(from_state(dealt), Budget(node_limit, None), _FIRST_WIDTH)
        except OutOfBudgetError:
            continue
        if not codes:
            continue
        plan = _cut(dealt, codes)
        if plan[-1][0] is Move.DEAL:
            continue  # the sample knows what the deal brings: the caller decides
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


def _cut(dealt: GameState, codes: list[int]) -> Plan:
    """The line's moves, each with the table it expects, up to and including the first
    that turns a card over or deals."""
    plan: Plan = []
    state = dealt
    before = table(state.observe())
    for code in codes:
        move = to_move(code)
        plan.append((move, before))
        state = state.apply(move)
        after = table(state.observe())
        if hidden(after) != hidden(before):
            break
        before = after
    return plan
