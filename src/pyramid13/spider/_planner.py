"""`PlannerBot`: an honest Spider player that plans over the cards it can see.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

import random

from ._bots import _check_int, _check_seed, _digest, _next_planned, _PerGame
from ._moves import Move, MoveKind
from ._observation import Observation
from ._plan import Valuer, Weights, search
from ._state import GameState

__all__ = ["PlannerBot"]

_Position = tuple[tuple[int, ...], ...]


def _to_move(step: tuple[int, int, int]) -> Move:
    source, count, target = step
    return Move.remove(source) if target < 0 else Move.unit(source, count, target)


class PlannerBot(_PerGame):
    """Plans over the face-up cards, where nothing is hidden, and turns cards over.

    Only a move that turns a face-down card over, or a deal, shows something unknown;
    every other move is certain. So at each turn the bot searches best-first, up to
    `budget` positions, over the moves that reveal nothing, for the line to the best
    position (fewest face-down cards, most empty piles, runs removed and cards on their
    own suit one rank higher; a line may end with the move that turns a card over). It
    plays that line to its end while the table stays as planned, removes each complete
    run at once, and deals only when no line improves on where it stands (filling empty
    piles first where the rules ask). Honest: it reads only the observation.
    Deterministic: when no line and no deal is left it plays random moves whose choice
    is a hash of `seed` and what is seen.

    Args:
        budget: positions expanded per search.
        seed: picks the moves when the bot is stuck.

    Raises:
        InvalidArgumentError: `budget` is not an int >= 1 or `seed` not an int (a bool or
            a float is refused).

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc")
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
        >>> bot = spider.PlannerBot()
        >>> bot.choose(state.observe()) in state.legal_moves()
        True
    """

    __slots__ = ("_dealing", "_plan", "_stuck", "_valuer", "budget", "seed")
    # The plan and the table of the game in progress do not travel.
    _SETTINGS = ("budget", "seed")
    honest = True
    """Given observations, never the full state."""
    budget: int
    """Positions expanded per search."""
    seed: int
    """The seed the moves of a stuck game derive from."""

    def __init__(self, budget: int = 1500, *, seed: int = 0) -> None:
        self._settle(budget=_check_int("budget", budget, 1), seed=_check_seed(seed))
        self._reset()

    def _reset(self) -> None:
        self._valuer = Valuer(Weights())
        self._plan: list[tuple[Move, _Position]] = []
        self._history = -1
        self._stuck: tuple[int, int, int] | None = None
        self._dealing: tuple[int, int, int] | None = None

    def choose(self, view: Observation | GameState) -> Move:
        """The next move of the best line, a run removal, or the deal.

        Args:
            view: what is seen (a `GameState` is reduced to its observation).

        Examples:
            >>> from pyramid13 import spider
            >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
            >>> state = spider.GameState.new(spider.Layout.from_pysolfc(3, suits=1), rules)
            >>> spider.PlannerBot(50).choose(state) in state.legal_moves()
            True

        Raises:
            GameOverError: the game is over.
            InvalidArgumentError: `view` is neither a Spider Observation nor a GameState.
        """
        observation = self._observe(view)
        legal = observation.legal_moves()
        for move in legal:
            if move.kind is MoveKind.REMOVE:
                self._plan.clear()
                return move
        ups = tuple(tuple(card.index for card in pile.face_up) for pile in observation.piles)
        downs = tuple(pile.face_down_count for pile in observation.piles)
        planned = _next_planned(self._plan, ups, legal)
        if planned is not None:
            return planned
        progress = (sum(downs), len(observation.runs_removed), observation.deals_left)
        if progress == self._dealing:
            # Filling empty piles for the deal: no search, which would empty them again.
            if Move.DEAL in legal:
                return Move.DEAL
            fill = self._fill(observation, ups, downs)
            if fill is not None:
                return fill
            self._stuck = progress
        if progress != self._stuck:
            self._stuck = None
            self._dealing = None
            auto = observation.rules.auto_remove_runs
            _, line = search(ups, downs, self._valuer, self.budget, auto)
            if line is None:
                # Before a deal, or giving up: look harder.
                _, line = search(ups, downs, self._valuer, 8 * self.budget, auto)
            if line is not None:
                befores = (ups, *line.ends)
                plan = [
                    (_to_move(step), before)
                    for step, before in zip(line.moves, befores, strict=False)
                ]
                move = plan[0][0]
                if move in legal:
                    self._plan = plan[1:]
                    return move
            if Move.DEAL in legal:
                return Move.DEAL
            fill = self._fill(observation, ups, downs)
            if fill is not None:
                self._dealing = progress
                return fill
            self._stuck = progress
        rng = random.Random(_digest(self.seed, observation))
        return legal[rng.randrange(len(legal))]

    def _fill(
        self, observation: Observation, ups: _Position, downs: tuple[int, ...]
    ) -> Move | None:
        """The best move onto an empty pile from a pile that keeps a card, when a deal is
        left (the rules deal only onto full piles)."""
        if not observation.deals_left:
            return None
        pile = self._valuer.pile
        best: tuple[float, Move] | None = None
        for move in observation.legal_moves():
            if move.kind is not MoveKind.UNIT:
                continue
            source: int = move.source  # type: ignore[assignment]
            target: int = move.target  # type: ignore[assignment]
            count: int = move.count  # type: ignore[assignment]
            if ups[target] or len(ups[source]) <= count:
                continue
            up = ups[source]
            change = (
                pile(up[:-count], downs[source])
                + pile(up[-count:], 0)
                - pile(up, downs[source])
                - pile((), 0)
            )
            if best is None or change > best[0]:
                best = (change, move)
        return None if best is None else best[1]
