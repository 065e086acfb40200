"""`RolloutBot`: an honest Spider player that chooses what to turn over next by playing each
choice on in sampled deals.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from .._base.solving import check_node_count
from ._bots import _check_int, _check_seed
from ._follow import Plan, PlanFollower, Table, sample
from ._moves import Move
from ._observation import Observation
from ._plan import Line, Valuer, Weights, reveal_lines, search
from ._planner import _to_move
from ._replan import ReplanBot, solved_plan
from ._state import GameState

__all__ = ["RolloutBot"]

_CHOICE_BUDGET = 1_500  # positions of the search for the lines to compare, as PlannerBot's
_STEP_BUDGET = 400  # positions of each search in a rollout


class RolloutBot(PlanFollower):
    """Chooses which face-down card to turn over next by playing each choice on in sampled
    deals, then plays the moves that lead to it.

    Only a move that turns a card over, or a deal, shows something unknown; the moves
    before it are certain. So the bot searches over the cards it sees, as `PlannerBot`
    does, for the best line to a move that turns each pile's top face-down card over: the
    `candidates` best piles give one line each. With two lines or more, it deals the
    unseen cards at random into the hidden places (``spider.determinize``) `samples`
    times and, in every sample, plays each line, then up to `depth` more of the planner's
    lines (each planned over the cards then face up, so the rollout sees only what a
    player would), and values where it ends as the planner does: face-down cards cost,
    same-suit runs, empty piles and runs removed earn. The same samples judge every line,
    so lines differ only by their own moves. The bot plays the line with the best total
    up to the card it turns, then chooses again from what it sees. When no card can be
    turned over it plays as `ReplanBot` (3 samples of `node_limit` positions): it follows a
    sampled deal's winning line where one is found and otherwise plans like `PlannerBot`,
    which deals only when nothing else improves. From the last deal on (the stock holding
    one deal or none), it first looks for wins, as `ReplanBot` does, in `samples` sampled
    deals of `solve_limit` positions each, and follows the line most of them share up to
    the first card it turns; it rolls out only when no sample is won. Honest: the samples
    come from the observation alone. Deterministic: their random numbers are a hash of
    `seed` and what is seen.

    Args:
        samples: sampled deals that judge the lines.
        candidates: lines compared, one per pile whose card they turn over.
        depth: the planner's lines played after each line in a sample.
        node_limit: positions each of `ReplanBot`'s searches expands, when no card can
            be turned over.
        solve_limit: positions each search for a sample's win expands from the last deal
            on; 0 plays from there as before it.
        seed: picks the samples.

    Raises:
        InvalidArgumentError: a setting is not an int (a bool or a float is refused) or is
            below its least value: 1 for `samples`, `candidates` and `node_limit`, 0 for
            `depth` and `solve_limit`.

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc")
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
        >>> bot = spider.RolloutBot(2, depth=2)
        >>> bot.choose(state.observe()) in state.legal_moves()
        True
    """

    __slots__ = ("_valuer", "candidates", "depth", "node_limit", "samples", "seed", "solve_limit")
    # The plan of the game in progress does not travel.
    _SETTINGS = ("samples", "candidates", "depth", "node_limit", "solve_limit", "seed")
    honest = True
    """Given observations, never the full state."""
    samples: int
    """Sampled deals that judge the lines."""
    candidates: int
    """Lines compared, one per pile whose card they turn over."""
    depth: int
    """The planner's lines played after each line in a sample."""
    node_limit: int
    """Positions each of `ReplanBot`'s searches expands, when no card can be turned over."""
    solve_limit: int
    """Positions each search for a sample's win expands from the last deal on (0: none)."""
    seed: int
    """The seed the samples derive from."""

    def __init__(
        self,
        samples: int = 6,
        *,
        candidates: int = 5,
        depth: int = 4,
        node_limit: int = 20_000,
        solve_limit: int = 50_000,
        seed: int = 0,
    ) -> None:
        self._settle(
            samples=_check_int("samples", samples, 1),
            candidates=_check_int("candidates", candidates, 1),
            depth=_check_int("depth", depth, 0),
            node_limit=check_node_count(node_limit),
            solve_limit=check_node_count(solve_limit, "solve_limit", 0),
            seed=_check_seed(seed),
        )
        self._reset()

    def _reset(self) -> None:
        self._valuer = Valuer(Weights())  # a new game: a new table of pile values
        super()._reset()

    def _new_fallback(self) -> ReplanBot:
        return ReplanBot(node_limit=self.node_limit, seed=self.seed)

    def choose(self, view: Observation | GameState) -> Move:
        """The next move of the chosen line, a new line's first move, or `ReplanBot`'s move.

        Args:
            view: what is seen (a `GameState` is reduced to its observation).

        Examples:
            >>> from pyramid13 import spider
            >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
            >>> state = spider.GameState.new(spider.Layout.from_pysolfc(3, suits=1), rules)
            >>> spider.RolloutBot(2, depth=1).choose(state) in state.legal_moves()
            True

        Raises:
            GameOverError: the game is over.
            InvalidArgumentError: `view` is neither a Spider Observation nor a GameState.
        """
        return self._follow(view)

    def _new_plan(self, observation: Observation, seen: Table) -> Plan:
        """From the last deal on, a sampled deal's winning line when one is found; otherwise
        the best line to a card turned over, each move with the table it expects, or an
        empty list when no move can turn a card over."""
        ups, downs, stock = seen
        if self.solve_limit and stock <= len(ups):
            plan = solved_plan(observation, self.samples, self.solve_limit, self.seed)
            if plan:
                return plan
        auto = observation.rules.auto_remove_runs
        lines = reveal_lines(ups, downs, self._valuer, _CHOICE_BUDGET, auto, self.candidates)
        if not lines:
            return []
        moves = [[_to_move(step) for step in line.moves] for line in lines]
        best = 0
        if len(lines) > 1:
            totals = [0.0] * len(lines)
            for number in range(self.samples):
                dealt = sample(observation, self.seed, number)
                for index, line in enumerate(moves):
                    totals[index] += self._roll_out(dealt, line, auto)
            best = max(range(len(lines)), key=lambda index: (totals[index], -index))
        return _with_tables(lines[best], moves[best], seen)

    def _roll_out(self, dealt: GameState, line: list[Move], auto: bool) -> float:
        """The planner's value of where `line`, then up to `depth` of the planner's lines,
        leave the sampled deal `dealt`."""
        state = dealt
        for move in line:
            state = state.apply_unchecked(move)
        valuer = self._valuer
        for _ in range(self.depth):
            ups, downs = _seen(state)
            _, found = search(ups, downs, valuer, _STEP_BUDGET, auto)
            if found is None:
                break
            for step in found.moves:
                state = state.apply_unchecked(_to_move(step))
        ups, downs = _seen(state)
        return valuer.position(ups, downs) + valuer.weights.removed * len(state.runs_removed)


def _seen(state: GameState) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The face-up cards and face-down counts of a sample's piles, as the planner sees them
    (read off the state: a rollout builds no observation)."""
    ups = tuple(tuple(card.index for card in pile.face_up) for pile in state.piles)
    return ups, tuple(len(pile.face_down) for pile in state.piles)


def _with_tables(line: Line, moves: list[Move], seen: Table) -> Plan:
    """The line's moves, each with the table seen before it: nothing is turned over and
    nothing dealt before the last move, so only the face-up cards change."""
    ups, downs, stock = seen
    befores = (ups, *line.ends)
    return [(move, (up, downs, stock)) for move, up in zip(moves, befores, strict=False)]
