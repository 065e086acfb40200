"""`Hinter` and `hint`: the next move to suggest, cheap enough to ask for after every move.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import time

from ..._base.errors import InvalidArgumentError
from ..._base.solving import Limit, check_limits
from ..._base.status import Status
from .._greedy import greedy_move, rank_moves
from .._layout import Layout
from .._moves import Move
from .._rules import RuleSet
from .._state import GameState, check_state
from ._learn import Knowledge, learning_dfs
from ._model import DRAW, RECYCLE, Model, decode_move, make_model

__all__ = ["Hinter", "hint"]

#: Share of a hint's budget spent searching from the position itself; the rest goes to
#: its moves one by one, to rule out the ones that lose.
_FIRST_SHARE = 0.5

#: Positions `hint` searches on to, past its budget, to decide a position the budget left
#: open (a fresh hint has no later call to learn in): `solve`'s default node limit.
SETTLE_NODES = 3_000_000


class Hinter:
    """Hints for one game that learn as it goes, so that following them keeps a win.

    A `Hinter` keeps, for the game it is asked about (one deal under one rule set), what
    its searches proved: the positions that are lost and the winning line once one is
    found. Each call searches within its own budget, but nothing proved is searched again,
    so the budgets add up over the game; a call may also spend what the call before it
    left unused. A hint is:

    * the next move of the known winning line while the game follows it (no search);
    * else the first move of a win found within the budget;
    * else, the position still undecided, a move not proved losing: half the budget
      searches from the position, the rest from each of its moves in turn, which rules
      out the moves that lose; of the moves left, the one after which most of the moves
      possible now still are, then a draw or recycle before a removal, then the move
      whose search came closest to clearing the pyramid;
    * when the position is proved lost, the move `GreedyBot` would play.

    That never suggests a move the search proved losing while another is not; it is no
    proof that a winnable game stays won (`benchmarks/hints.md` measures how often it
    does). Positions of another deal or rule set start a new game (and forget the old
    one); undo is fine: earlier positions of the game keep what was learned. A hinter
    changes as it learns: keep one per game and per thread.

    Args:
        node_limit: positions each call may store (freed when the call returns), or None.
        time_limit: CPU seconds (of the calling thread) each call may search, or None.
            CPU time, not wall-clock time, so that a busy machine does not shrink the
            search; the call takes longer when other work shares the processor.
        memory_limit: positions proved lost or winning that the hinter keeps for its
            game; past it, it forgets them and starts learning again.
        saved_limit: how many calls' worth of unused budget a call may add to its own
            (0: none).

    Raises:
        InvalidArgumentError: a limit is not a positive number or None (a node limit: an
            int up to 2**63-1).

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> hinter = p13.Hinter()
        >>> while not state.is_over:
        ...     state = state.apply(hinter.hint(state))
        >>> state.status
        <Status.WON: 'won'>
    """

    __slots__ = (
        "_game",
        "_knowledge",
        "_node_limit",
        "_nodes_saved",
        "_settle",
        "_time_limit",
        "_time_saved",
        "_visited",
        "memory_limit",
        "saved_limit",
    )

    memory_limit: int
    """Positions the hinter remembers for its game."""

    def __init__(
        self,
        *,
        node_limit: int | None = 20_000,
        time_limit: float | None = 0.25,
        memory_limit: int = 1_000_000,
        saved_limit: int = 1,
    ) -> None:
        check_limits(node_limit, time_limit)
        if isinstance(memory_limit, bool) or not isinstance(memory_limit, int) or memory_limit < 1:
            raise InvalidArgumentError(f"memory_limit must be a positive int, not {memory_limit!r}")
        if isinstance(saved_limit, bool) or not isinstance(saved_limit, int) or saved_limit < 0:
            raise InvalidArgumentError(f"saved_limit must be an int >= 0, not {saved_limit!r}")
        if time_limit is not None and not time_limit < float("inf"):
            raise InvalidArgumentError(f"time_limit must be finite or None, not {time_limit!r}")
        self._node_limit = node_limit
        self._time_limit = time_limit
        self.memory_limit = memory_limit
        self.saved_limit = saved_limit
        self._nodes_saved = 0
        self._time_saved = 0.0
        self._game: tuple[Layout, RuleSet] | None = None
        self._knowledge: Knowledge | None = None
        self._settle = False  # `hint`'s: search on past the budget until decided
        # `hint`'s: the positions the game has been through (keys, with the fewest passes
        # used), which a move in a lost position should not lead back to.
        self._visited: dict[int, int] | None = None

    node_limit = Limit[int | None]("Positions each call may store (an int in 1..2**63-1, or None).")
    time_limit = Limit[float | None](
        "Seconds each call may search (a positive, finite number, or None)."
    )

    def __repr__(self) -> str:
        return (
            f"Hinter(node_limit={self.node_limit!r}, time_limit={self.time_limit!r}, "
            f"memory_limit={self.memory_limit!r})"
        )

    def hint(self, state: GameState) -> Move | None:
        """The move to suggest in `state`, or None when the game is over.

        Args:
            state: a position of the hinter's game (of another game, it starts anew).

        Raises:
            InvalidArgumentError: `state` is not a GameState.

        Examples:
            >>> import pyramid13 as p13
            >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
            >>> hinter = p13.Hinter()
            >>> move = hinter.hint(state)
            >>> move, move in state.legal_moves()
            (Move.parse('AD+QD'), True)
        """
        check_state(state)
        legal = state.legal_moves()
        if not legal:
            return None
        start = time.thread_time()
        knowledge = self._knowledge_for(state)
        # This call's budget: its own plus what earlier calls of the game left unused.
        budget = None if self.time_limit is None else self.time_limit + self._time_saved
        nodes = None if self.node_limit is None else self.node_limit + self._nodes_saved
        before = knowledge.nodes
        move = self._choose(state, legal, knowledge, start, budget, nodes)
        if budget is not None:
            left = max(0.0, budget - (time.thread_time() - start))
            self._time_saved = min(left, self.saved_limit * (self.time_limit or 0.0))
        if nodes is not None:
            left_nodes = max(0, nodes - (knowledge.nodes - before))
            self._nodes_saved = min(left_nodes, self.saved_limit * (self.node_limit or 0))
        return move

    def _choose(
        self,
        state: GameState,
        legal: tuple[Move, ...],
        knowledge: Knowledge,
        start: float,
        budget: float | None,
        nodes: int | None,
    ) -> Move:
        model = knowledge.model
        root = model.encode(state)
        known = knowledge.wins.get(root)
        if known is not None:
            return decode_move(known)
        if len(legal) == 1:
            return legal[0]
        if knowledge.is_lost(root) or model.is_dead(root):
            return self._lost_move(state, knowledge.model)
        first_nodes = None if nodes is None else max(1, int(nodes * _FIRST_SHARE))
        first_end = None if budget is None else start + budget * _FIRST_SHARE
        found = learning_dfs(knowledge, root, first_nodes, first_end)
        if found.winnable is None and self._settle:
            # A stateless hint has no later call to learn in: decide the position now.
            found = learning_dfs(knowledge, root, SETTLE_NODES, None)
        if found.winnable:
            return decode_move(found.line[0])
        if found.winnable is False:
            return self._lost_move(state, knowledge.model)
        # Undecided: rule out the moves that lose, then pick among the others.
        kids = [(code, child) for code, child in reversed(model.children(root))]
        open_kids = [(code, child) for code, child in kids if not knowledge.is_lost(child)]
        if not open_kids:
            return self._lost_move(
                state, knowledge.model
            )  # pragma: no cover - the search would have proved it
        progress = dict(found.progress)
        left = len(open_kids)
        undecided = []
        for code, child in open_kids:
            if len(open_kids) > 1:
                now = time.thread_time()
                end = None
                if budget is not None:
                    end = now + max(0.0, start + budget - now) / left
                share = None if nodes is None else max(1, (nodes - found.nodes) // left)
                left -= 1
                result = learning_dfs(knowledge, child, share, end)
                if result.winnable:
                    knowledge.wins[root] = code
                    return decode_move(code)
                if result.winnable is False:
                    continue
                if result.progress:
                    reached = min(result.progress.values())
                    if reached < progress.get(child, 99):
                        progress[child] = reached
            undecided.append((code, child))
        if not undecided:
            return self._lost_move(
                state, knowledge.model
            )  # pragma: no cover - every move proved lost
        # Keep options open: the move after which most of the moves possible now still
        # are; then waiting (a draw or recycle) before a removal; then the move whose
        # search came closest to clearing the pyramid; then the search's own order.
        codes = {code for code, _ in kids}
        kept = [
            len(codes.intersection(move for move, _ in model.children(child)))
            for _, child in undecided
        ]
        best = min(
            range(len(undecided)),
            key=lambda i: (
                -kept[i],
                undecided[i][0] not in (DRAW, RECYCLE),
                progress.get(undecided[i][1], 99),
                i,
            ),
        )
        return decode_move(undecided[best][0])

    def _lost_move(self, state: GameState, model: Model) -> Move:
        """The move in a position proved lost: `GreedyBot`'s; but for a fresh `hint`, not
        one that leads back round. There a removal is always new (fewer cards than any
        table before it), and a draw or recycle is taken only when the draws and recycles
        after it make a removal legal before they reach a table the game has been
        through; else the best removal (when none is legal, the draw or recycle is
        forced)."""
        visited = self._visited
        greedy = _greedy(state)
        if visited is None:
            return greedy
        ranked = [move for _, move in rank_moves(state)]
        ranked.remove(greedy)
        for move in (greedy, *ranked):
            if move.is_removal or _removal_comes(state.apply(move), model, visited):
                return move
        return greedy

    def known(self, state: GameState) -> bool | None:
        """What the hinter has proved about `state`, without searching.

        Args:
            state: a position.

        Returns:
            True when it knows a winning line from `state` (or the game is won), False
            when it proved `state` lost (or the game is lost), None when it does not
            know yet (or `state` is not of its game).

        Raises:
            InvalidArgumentError: `state` is not a GameState.

        Examples:
            >>> import pyramid13 as p13
            >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
            >>> hinter = p13.Hinter()
            >>> hinter.known(state) is None
            True
            >>> hinter.hint(state)
            Move.parse('AD+QD')
            >>> hinter.known(state)
            True
        """
        check_state(state)
        status = state.status
        if status is not Status.PLAYING:
            return status is Status.WON
        knowledge = self._knowledge
        if knowledge is None or self._game != (state.layout, state.rules):
            return None
        model = knowledge.model
        root = model.encode(state)
        if root in knowledge.wins:
            return True
        if knowledge.is_lost(root) or model.is_dead(root):
            return False
        return None

    def _knowledge_for(self, state: GameState) -> Knowledge:
        game = (state.layout, state.rules)
        knowledge = self._knowledge
        if knowledge is None or self._game != game or len(knowledge) > self.memory_limit:
            knowledge = self._knowledge = Knowledge(make_model(state))
            self._game = game
        return knowledge


def _removal_comes(state: GameState, model: Model, visited: dict[int, int]) -> bool:
    """Whether draws and recycles from `state` make a removal legal (or end the game)
    before they reach a position of `visited` (with as many passes used or more)."""
    key_mask = model.key_mask
    key_bits = model.key_bits
    passed: set[int] = set()  # the draws and recycles come round at last
    while True:
        code = model.encode(state)
        known = visited.get(code & key_mask)
        if (known is not None and known <= code >> key_bits) or code in passed:
            return False
        passed.add(code)
        legal = state.legal_moves()
        if not legal or legal[0].is_removal:  # removals come first in the order
            return True
        state = state.apply_unchecked(legal[0])


def _greedy(state: GameState) -> Move:
    move = greedy_move(state)
    assert move is not None  # the game is not over
    return move


def hint(
    state: GameState, *, node_limit: int | None = 20_000, time_limit: float | None = 0.25
) -> Move | None:
    """The move to suggest in `state`, or None when the game is over.

    One call of a fresh `Hinter`, made for a caller that keeps nothing between moves (a
    stateless server): it never suggests a move its search proved losing when another is
    not, and it does not lead the game back to a table it has been through (the same
    cards in the same places, at this pass or a later one). The positions of
    ``state.history`` count as lost for its search; in a position proved lost it plays
    `GreedyBot`'s move, unless that is a draw or recycle after which the draws and
    recycles come back to a table of the game before a removal can: then a removal.
    So hints followed one after another from the start never go round, in won and lost
    games alike; the game ends. (What can still come back: a game that went round before
    it asked, and a position its search leaves undecided, whose move only avoids the
    tables of the game.) When its budget leaves the position undecided, it searches on,
    with no time limit, up to 3,000,000 positions (as `solve` does by default), so that
    it suggests the first move of a win whenever one is found within that; that call
    takes longer (`benchmarks/hints.md` gives the times). A `Hinter` kept for the whole
    game learns as it goes instead, and its calls stay within the budget.

    Args:
        state: the position.
        node_limit: the positions the search may store (see `solve`): an int in
            1..2**63-1, or None.
        time_limit: the search's budget in CPU seconds of the calling thread.

    Raises:
        InvalidArgumentError: `state` is not a GameState.
        InvalidArgumentError: a limit is not a positive number or None (or a node limit
            is past 2**63-1).

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> p13.hint(state)
        Move.parse('AD+QD')
    """
    check_state(state)
    hinter = Hinter(node_limit=node_limit, time_limit=time_limit)
    hinter._settle = True
    if state.is_over:
        return None
    # A fresh hint each move must not lead the game round in circles: the positions the
    # game has been through count as lost for this search. Had each earlier hint been the
    # first move of a win that avoids the positions before it, the rest of that win still
    # avoids them all, so a position on the way to a win keeps one.
    knowledge = hinter._knowledge_for(state)
    model = knowledge.model
    lost = knowledge.lost
    visited: dict[int, int] = {}
    # Back to the first state: a `determinize` state whose observation no deal leads to
    # has moves before its first state, but no states for them.
    earlier: GameState | None = state
    while earlier is not None:
        code = model.encode(earlier)
        key = code & model.key_mask
        passes = code >> model.key_bits
        known = visited.get(key)
        if known is None or passes < known:
            visited[key] = passes
        if earlier is not state:
            known = lost.get(key)
            if known is None or passes < known:
                lost[key] = passes
        earlier = earlier.previous
    hinter._visited = visited
    return hinter.hint(state)
