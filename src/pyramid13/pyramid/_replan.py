"""`ReplanBot`: an honest Pyramid player that solves sampled stocks and replans.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any

from .._base.cards import Card
from .._base.errors import InvalidArgumentError
from .._base.games import kind_of
from .._base.integers import as_int
from .._base.settings import Settings
from .._base.solving import check_node_count
from .._base.status import Status
from .._base.text import describe
from ._bots import honest_view
from ._greedy import greedy_move, rank_moves
from ._moves import Move
from ._observation import Observation, determinize
from ._rules import RuleSet
from ._state import GameState
from .solver._model import decode_move, make_model
from .solver._search import dfs

__all__ = ["ReplanBot"]

# What is seen of a position: the pyramid, the stock as far as it is known, the waste
# piles and the pass.
_Seen = tuple[tuple[Card | None, ...], tuple[Card | None, ...], tuple[tuple[Card, ...], ...], int]
# A plan: moves, each with the position it expects to be played in.
_Plan = list[tuple[Move, _Seen]]


def _seen(view: Observation) -> _Seen:
    return (view.pyramid, view.stock, view.waste_piles, view.pass_number)


def _digest(seed: int, view: Observation, number: int) -> int:
    """A hash of a seed, a sample's number and what is seen: the same on every platform."""
    cells = [-1 if card is None else card.index for card in view.pyramid]
    cells.append(-2)
    cells.extend(-1 if card is None else card.index for card in view.stock)
    for pile in view.waste_piles:
        cells.append(-3)
        cells.extend(card.index for card in pile)
    head = f"{seed}|{number}|{view.pass_number}|{len(view.history)}|".encode()
    digest = hashlib.blake2b(head + bytes(cell + 3 for cell in cells), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def _check_int(name: str, value: object, low: int) -> int:
    number = as_int(value)
    if number is None or number < low:
        raise InvalidArgumentError(f"{name} must be an int >= {low}, not {describe(value)}")
    return number


def _observation(view: Observation | GameState) -> Observation:
    return honest_view(
        view,
        lambda: f"ReplanBot chooses from a Pyramid Observation or GameState, not {kind_of(view)}",
    )


def _forced(view: Observation, legal: tuple[Move, ...]) -> Move | None:
    """The move to play without searching: the only legal one, or a King's removal where
    removing Kings at once never spoils a win (the solver's rule: a pyramid King always,
    a talon King when cards are drawn one at a time)."""
    if len(legal) == 1:
        return legal[0]
    pyramid = {card for card in view.pyramid if card is not None}
    for move in legal:
        if len(move.cards) == 1 and (move.cards[0] in pyramid or view.rules.draw_count == 1):
            return move
    return None


class ReplanBot(Settings):
    """Solves sampled stocks and plays the move that wins in most of them.

    Where it has a choice (more than one legal move, and no King to remove, which it
    does at once where that never spoils a win: a pyramid King, or any King when cards are
    drawn one at a time), the bot deals the cards it has not seen into the stock at random
    (``determinize``) `samples` times and searches each sample for a win with the exact
    solver (`solve`'s depth-first search), `node_limit` positions at most. A won sample
    votes for the first move of its win, and also for `GreedyBot`'s move when a search
    after that move wins the sample too; the bot plays the move with most votes (ties:
    the greedy move, then `GreedyBot`'s order of preference). When no sample is won within
    the limit it plays `GreedyBot`'s move; when every sample is proved lost it also stops
    searching until the next pass or until the whole stock is known (for good once it
    is). After its move it follows the winning lines of the samples that began with it,
    up to the next draw or recycle (beyond, they rely on what the sample dealt), then
    samples again. Once every stock card has been seen (from the second pass on, or when
    the stock is empty) there is one position to solve, and the win its search finds is
    played out. Honest: the samples come from the observation alone. Deterministic: their
    random numbers are a hash of `seed` and what is seen. `benchmarks/pyramid-replan.md`
    gives its win rates and CPU time per game beside `GreedyBot`'s and the solver's.

    Args:
        samples: sampled stocks per choice.
        node_limit: positions each search stores at most.
        seed: picks the samples.

    Raises:
        InvalidArgumentError: `samples` or `node_limit` is not an int >= 1, or `seed` is
            not an int.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
        >>> bot = p13.ReplanBot()
        >>> bot.choose(state.observe()) in state.legal_moves()
        True
    """

    __slots__ = (
        "_history",
        "_plans",
        "_stopped",
        "_tables",
        "_tables_key",
        "node_limit",
        "samples",
        "seed",
    )
    # The plans of the game in progress do not travel.
    _SETTINGS = ("samples", "node_limit", "seed")
    honest = True
    """Given observations, never the full state."""
    samples: int
    """Sampled stocks per choice."""
    node_limit: int
    """Positions each search stores at most."""
    seed: int
    """The seed the samples derive from."""

    def __init__(self, samples: int = 3, *, node_limit: int = 2_000, seed: int = 0) -> None:
        number = as_int(seed)
        if number is None:
            raise InvalidArgumentError(f"seed must be an int, not {describe(seed)}")
        self._settle(
            samples=_check_int("samples", samples, 1),
            node_limit=check_node_count(node_limit),
            seed=number,
        )
        self._reset()

    def _reset(self) -> None:
        self._history = -1
        self._plans: list[_Plan] = []
        self._stopped: tuple[int, int] | None = None
        self._tables = _Tables()
        self._tables_key: tuple[RuleSet, tuple[Card | None, ...]] | None = None

    def choose(self, view: Observation | GameState) -> Move:
        """The next move of a plan, the move most samples win with, or the greedy move.

        Args:
            view: what is seen (a `GameState` is reduced to its observation).

        Raises:
            GameOverError: the game is over.
            InvalidArgumentError: `view` is neither an Observation nor a GameState.

        Examples:
            >>> import pyramid13 as p13
            >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
            >>> p13.ReplanBot(seed=1).choose(state) in state.legal_moves()
            True
        """
        observation = _observation(view)
        moves = len(observation.history)
        if moves <= self._history:
            self._reset()  # a new game, or an earlier position
        self._history = moves
        legal = observation.legal_moves()
        seen = _seen(observation)
        planned = self._planned(seen, legal)
        if planned is not None:
            return planned
        forced = _forced(observation, legal)
        if forced is not None:
            return forced
        stage = (observation.pass_number, len(observation.unseen))
        stopped = self._stopped
        if stopped is None or (stopped[1] and (stopped[0] != stage[0] or not stage[1])):
            move = self._search(observation, legal, stage)
            if move is not None:
                return move
        move = greedy_move(observation)
        assert move is not None
        return move

    def _planned(self, seen: _Seen, legal: tuple[Move, ...]) -> Move | None:
        """The next move most plans that expect `seen` agree on, taken off them; the plans
        that expect another position are dropped."""
        plans = [plan for plan in self._plans if plan and plan[0][1] == seen]
        if not plans:
            self._plans = []
            return None
        votes = Counter(plan[0][0] for plan in plans)
        move = max(votes, key=lambda move: (votes[move], -legal.index(move)))
        if move not in legal:  # pragma: no cover - a plan only holds legal moves
            self._plans = []
            return None
        self._plans = [plan[1:] for plan in plans if plan[0][0] == move]
        return move

    def _search(
        self, observation: Observation, legal: tuple[Move, ...], stage: tuple[int, int]
    ) -> Move | None:
        """The move the samples favour, the plans following it kept; None when they say
        nothing (and the search stopped when every sample is lost)."""
        tables = self._shared_tables(observation)
        known = not observation.unseen
        count = 1 if known else self.samples
        lines: list[tuple[GameState, tuple[Move, ...]]] = []
        undecided = 0
        for number in range(count):
            rng = random.Random(_digest(self.seed, observation, number))
            sample = determinize(observation, rng)
            winnable, line = _solve(sample, self.node_limit, tables)
            if winnable:
                lines.append((sample, line))
            elif winnable is None:
                undecided += 1
        if not lines:
            if not undecided:
                self._stopped = stage
            return None
        votes = Counter(line[0] for _, line in lines)
        greedy = greedy_move(observation)
        assert greedy is not None
        if greedy in legal:
            for sample, line in list(lines):
                if line[0] != greedy:
                    winnable, rest = _solve(sample.apply_unchecked(greedy), self.node_limit, tables)
                    if winnable:
                        votes[greedy] += 1
                        lines.append((sample, (greedy, *rest)))
        order = {move: rank for rank, (_, move) in enumerate(rank_moves(observation))}
        order[greedy] = -1
        move = min(votes, key=lambda move: (-votes[move], order.get(move, len(order))))
        if move not in legal:  # pragma: no cover - the solver plays only legal moves
            return None
        self._plans = [_plan(sample, line, known) for sample, line in lines if line[0] == move]
        return move

    def _shared_tables(self, observation: Observation) -> _Tables:
        """The solver's tables that every sample of the game shares (see `_Tables`)."""
        key = self._tables_key
        if (
            key is None
            or key[0] != observation.rules
            or any(
                card is not None and card != was
                for card, was in zip(observation.pyramid, key[1], strict=True)
            )
        ):
            self._tables = _Tables()
            self._tables_key = (observation.rules, observation.pyramid)
        return self._tables


class _Tables:
    """What the solver's model of a deal works out from the pyramid cards alone (their
    shapes and relaxed moves for each set of remaining cards) and from the pyramid and the
    values of the talon cards in play, never their order (the relaxation's verdicts): the
    same for every stock a sample deals, and for every position of one game under one
    rule set, so the samples of a game share them instead of working them out again."""

    __slots__ = ("memo", "relaxed", "shapes")

    def __init__(self) -> None:
        self.memo: dict[int, bool] = {}
        self.shapes: dict[int, Any] = {}
        self.relaxed: dict[int, list[tuple[int, int]]] = {}


def _solve(
    state: GameState, node_limit: int, tables: _Tables
) -> tuple[bool | None, tuple[Move, ...]]:
    """`solve`'s depth-first search of `state`, with the game's shared `tables`: whether
    it is won (None: undecided within `node_limit`) and the winning line."""
    status = state.status
    if status is not Status.PLAYING:
        return status is Status.WON, ()
    model = make_model(state)
    deal = model.deal
    deal.clear_memo = tables.memo
    deal.shapes = tables.shapes
    deal._relaxed = tables.relaxed
    if model.is_dead(model.root):
        return False, ()
    winnable, codes, _ = dfs(model, node_limit, None)
    return winnable, tuple(decode_move(code) for code in codes)


def _plan(sample: GameState, line: tuple[Move, ...], known: bool) -> _Plan:
    """The rest of a winning line after its first move, each move with the position it
    expects, up to and including the first draw or recycle after the first move (all of
    it when the stock is known)."""
    plan: _Plan = []
    state = sample.apply_unchecked(line[0])
    if not known and not line[0].is_removal:
        return plan
    for move in line[1:]:
        plan.append((move, _seen(state.observe())))
        if not known and not move.is_removal:
            break
        state = state.apply_unchecked(move)
    return plan
