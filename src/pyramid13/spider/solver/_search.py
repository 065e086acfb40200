"""The two searches: a beam search that finds wins, a complete one that proves.

**Finding** (`find`). A beam search by depth: the positions one move deeper than the
beam are ranked by `beam_key` (chaos first), and the best `width` of them *per number of
deals made* form the next beam, so that positions that deal later are not crowded out by
those that dealt early (a deal adds ten cards, and chaos). A table of the positions that
entered the beam (their hashes) keeps it from coming back to them; a position ranked out
once may come back by another way. The moves are `SolverGame.options`: complete runs
are removed at once, a run is split only to make a longer one of its suit, one empty pile
is a target. Each width is tried with each of the weightings of chaos in `_KEYS`, in
turn (a deal one misses is often won by another at the same width, far more cheaply than
by a wider beam), from width `_WIDE` on with the eight of `_WIDE_KEYS`; when all end
without a win and some beam dropped a position, a wider one starts from scratch. This
search selects moves and drops positions, so it never proves a loss.

**Proving** (`prove`). A depth-first search over every legal move, with a table of the
positions seen: it explores everything reachable, so when it ends without a win the
position is lost. Its only cut is exact: once the stock is empty the ten piles are
interchangeable, so positions are keyed with their piles sorted (and moves that only
permute piles are not generated). Children are tried least disordered first.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

import time

from ._model import CHAOS, Position, SolverGame, Weights, beam_key

__all__ = ["Budget", "OutOfBudgetError", "find", "prove", "weightings"]

_CHECK_EVERY = 256
_RUNS = 8
_FIRST_WIDTH = 5
_GROWTH = 3
_NODES_PER_WIDTH = 1_500
# The chaos weights each width is tried with, in turn (see `beam_key`); from width `_WIDE`
# on, where a beam ranked by plain chaos tends to wander to its node limit without a win,
# the order of `_WIDE_KEYS`, with four more weightings after the first four: a wide beam
# that finds nothing usually runs dry (every child already seen) in a small part of its
# budget, and on the deals the first four miss a fifth to eighth weighting at the same
# width costs far less than the next width.
_KEYS: tuple[Weights, ...] = (CHAOS, (3, 2, 2), (4, 2, 2), (3, 2, 3))
_WIDE_KEYS: tuple[Weights, ...] = (
    (3, 2, 2),
    CHAOS,
    (4, 2, 2),
    (3, 2, 3),
    (3, 1, 2),
    (4, 2, 3),
    (5, 2, 3),
    (5, 2, 2),
)
_WIDE = 135

# A line of moves: (last move code, the line before it), None for the empty line.
_Line = tuple[int, "_Line"] | None


class OutOfBudgetError(Exception):
    """The node or time limit is reached."""


class Budget:
    """Nodes expanded so far, against a node limit and a deadline (``perf_counter``)."""

    __slots__ = ("check", "deadline", "limit", "nodes")

    def __init__(self, limit: int | None, deadline: float | None) -> None:
        self.nodes = 0
        self.limit = limit if limit is not None else 1 << 62
        self.deadline = deadline
        # The next count at which to look at the limits: every few hundred nodes for the
        # clock, and at the node limit itself, so that the search stops there exactly.
        self.check = min(_CHECK_EVERY, self.limit)

    def spend(self) -> None:
        """Count one expanded node; raise `OutOfBudgetError` past a limit."""
        self.nodes += 1
        if self.nodes >= self.check:
            self.check = min(self.nodes + _CHECK_EVERY, self.limit)
            if self.nodes >= self.limit:
                raise OutOfBudgetError
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise OutOfBudgetError


def _beam(
    game: SolverGame, budget: Budget, width: int, nodes: int, weights: Weights = CHAOS
) -> tuple[list[int] | None, bool]:
    """One beam search: a winning line or None, and whether it dropped anything (a
    position past the beam's width, or the search stopped after `nodes` expansions)."""
    ndeals = len(game.deals)
    options = game.options
    spend = budget.spend
    layer: list[tuple[Position, int, int, _Line]] = [(game.root, 0, game.removed, None)]
    seen = {hash((game.root, 0))}
    dropped = False
    stop = budget.nodes + nodes
    while layer:
        ranked: list[tuple[int, int, Position, int, int, _Line]] = []
        fresh: set[int] = set()
        for piles, dealt, removed, line in layer:
            spend()
            for code, child, after, lifted in options(piles, dealt):
                key = hash((child, after))
                if key in seen or key in fresh:
                    continue
                fresh.add(key)
                total = removed + lifted
                if total == _RUNS:
                    codes = [code]
                    while line is not None:
                        code, line = line
                        codes.append(code)
                    codes.reverse()
                    return codes, dropped
                rank = beam_key(child, total, weights)
                ranked.append((rank, key, child, after, total, (code, line)))
        if budget.nodes >= stop:
            return None, True
        ranked.sort(key=_first)
        kept = [0] * (ndeals + 1)
        layer = []
        for _, key, child, after, total, line in ranked:
            if kept[after] < width:
                kept[after] += 1
                layer.append((child, after, total, line))
                seen.add(key)
            else:
                dropped = True
    return None, dropped


def _first(item: tuple[int, int, Position, int, int, _Line]) -> int:
    return item[0]


def weightings(width: int) -> tuple[Weights, ...]:
    """The weightings of chaos the finding search tries at `width`, in order."""
    return _KEYS if width < _WIDE else _WIDE_KEYS


def find(game: SolverGame, budget: Budget, width: int = _FIRST_WIDTH) -> list[int] | None:
    """A winning line of move codes from the root, or None (nothing proved either way).

    Beam searches of growing width, each width with each weighting of chaos in `_KEYS`
    (`_WIDE_KEYS` from width `_WIDE` on):
    when all of a width end without a win and one of them dropped some position, the
    next width is `_GROWTH` times wider; each beam gets `_NODES_PER_WIDTH` expansions per
    unit of width.

    Raises:
        OutOfBudgetError: a limit was reached.
    """
    if not any(game.root) and not game.deals:
        return []
    while True:
        dropped = False
        for weights in weightings(width):
            line, cut = _beam(game, budget, width, width * _NODES_PER_WIDTH, weights)
            if line is not None:
                return line
            dropped = dropped or cut
        if not dropped:
            return None
        width *= _GROWTH


def prove(game: SolverGame, budget: Budget, symmetry: bool = True) -> list[int] | None:
    """A winning line of move codes, or None when no line wins (proved: the search is
    complete). `symmetry` False turns the one cut off (for tests).

    Raises:
        OutOfBudgetError: a limit was reached.
    """
    root = game.root
    ndeals = len(game.deals)
    if not any(root) and ndeals == 0:
        return []
    disorder = game.disorder
    children = game.children

    def key(piles: Position, dealt: int) -> tuple[Position, int]:
        if symmetry and dealt == ndeals:
            return tuple(sorted(piles)), dealt
        return piles, dealt

    def ordered(piles: Position, dealt: int, removed: int) -> list[tuple[int, Position, int, int]]:
        kids = children(piles, dealt, True)
        # least disordered last: the stack pops it first
        kids.sort(key=lambda kid: -disorder(kid[1], removed + kid[3]))
        return kids

    seen = {key(root, 0)}
    stack = [(ordered(root, 0, game.removed), game.removed)]
    path: list[int] = []
    while stack:
        kids, removed = stack[-1]
        if not kids:
            stack.pop()
            if path:
                path.pop()
            continue
        code, piles, dealt, lifted = kids.pop()
        k = key(piles, dealt)
        if k in seen:
            continue
        seen.add(k)
        total = removed + lifted
        if total == 8:
            path.append(code)
            return path
        budget.spend()
        stack.append((ordered(piles, dealt, total), total))
        path.append(code)
    return None
