"""The two searches: a staged best-first search that finds wins, a complete one that proves.

**Finding** (`find`). Spider's deals cut a game into stages (the moves between two
deals). Within a stage the search is best-first on `SolverGame.disorder`, within a node
budget; every position it expands where a deal is legal is a candidate, scored by the
disorder of the position *after* the deal (the solver knows the stock). The candidates are
tried best first, each opening the next stage; when a stage finds nothing, the next
candidate of the stage before is tried (a depth-first search over stages whose branching,
the number of candidates tried per stage, widens pass after pass). In the last stage the
search runs until it wins or its budget is spent. This search selects moves
(`SolverGame.children` without ``complete``) and drops positions, so it never proves a
loss.

**Proving** (`prove`). A depth-first search over every legal move, with a table of the
positions seen: it explores everything reachable, so when it ends without a win the
position is lost. Its only cut is exact: once the stock is empty the ten piles are
interchangeable, so positions are keyed with their piles sorted (and moves that only
permute piles are not generated). Children are tried least disordered first.
"""

from __future__ import annotations

import heapq
import time

from ._model import DEAL, Position, SolverGame

__all__ = ["Budget", "OutOfBudget", "find", "prove"]

_CHECK_EVERY = 256


class OutOfBudget(Exception):
    """The node or time limit is reached."""


class Budget:
    """Nodes expanded so far, against a node limit and a deadline (``perf_counter``)."""

    __slots__ = ("check", "deadline", "limit", "nodes")

    def __init__(self, limit: int | None, deadline: float | None) -> None:
        self.nodes = 0
        self.limit = limit if limit is not None else 1 << 62
        self.deadline = deadline
        self.check = _CHECK_EVERY

    def spend(self) -> None:
        """Count one expanded node; raise `OutOfBudget` past a limit."""
        self.nodes += 1
        if self.nodes >= self.check:
            self.check += _CHECK_EVERY
            if self.nodes >= self.limit:
                raise OutOfBudget
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise OutOfBudget


def _line(parents: dict[Position, tuple[Position, int] | None], piles: Position) -> list[int]:
    codes = []
    link = parents[piles]
    while link is not None:
        piles, code = link
        codes.append(code)
        link = parents[piles]
    codes.reverse()
    return codes


def _stage(
    game: SolverGame,
    root: Position,
    dealt: int,
    removed: int,
    budget: Budget,
    stage_nodes: int,
    width: int,
) -> tuple[list[int] | None, list[tuple[list[int], Position, int]]]:
    """One stage's best-first search: a winning line, or the best `width` candidates to
    deal from, each as (line from `root`, position after the deal, runs removed)."""
    last = dealt == len(game.deals)
    onto_empty = game.onto_empty
    disorder = game.disorder
    parents: dict[Position, tuple[Position, int] | None] = {root: None}
    counter = 0
    heap = [(disorder(root, removed), counter, root, removed)]
    candidates: list[tuple[int, int, Position, Position, int]] = []
    expanded = 0
    limit = stage_nodes * (4 if last else 1)
    while heap and expanded < limit:
        _, _, piles, runs = heapq.heappop(heap)
        budget.spend()
        expanded += 1
        if not last and (onto_empty or all(piles)):
            after, lifted = game.deal(piles, dealt)
            score = disorder(after, runs + lifted)
            candidates.append((score, expanded, piles, after, runs + lifted))
        for code, child, _, lifted in game.children(piles, dealt, False):
            if code == DEAL or child in parents:
                continue
            parents[child] = (piles, code)
            total = runs + lifted
            if total == 8:
                return _line(parents, child), []
            counter += 1
            heapq.heappush(heap, (disorder(child, total), counter, child, total))
    candidates.sort()
    chosen: list[tuple[list[int], Position, int]] = []
    seen: set[Position] = set()
    for _, _, piles, after, runs in candidates:
        if after in seen:
            continue
        seen.add(after)
        chosen.append((_line(parents, piles), after, runs))
        if len(chosen) == width:
            break
    return None, chosen


def find(game: SolverGame, budget: Budget, stage_nodes: int = 1500) -> list[int] | None:
    """A winning line of move codes from the root, or None (nothing proved either way).

    Raises:
        OutOfBudget: a limit was reached.
    """
    if not any(game.root) and not game.deals:
        return []
    for width in (1, 2, 3, 5, 8):
        tried: set[tuple[Position, int]] = set()
        line = _find_from(game, game.root, 0, game.removed, budget, stage_nodes, width, tried)
        if line is not None:
            return line
        stage_nodes *= 2
    return None


def _find_from(
    game: SolverGame,
    root: Position,
    dealt: int,
    removed: int,
    budget: Budget,
    stage_nodes: int,
    width: int,
    tried: set[tuple[Position, int]],
) -> list[int] | None:
    win, candidates = _stage(game, root, dealt, removed, budget, stage_nodes, width)
    if win is not None:
        return win
    for line, after, runs in candidates:
        key = (after, dealt + 1)
        if key in tried:
            continue
        tried.add(key)
        if runs == 8:
            return [*line, DEAL]
        rest = _find_from(game, after, dealt + 1, runs, budget, stage_nodes, width, tried)
        if rest is not None:
            return [*line, DEAL, *rest]
    return None


def prove(game: SolverGame, budget: Budget, symmetry: bool = True) -> list[int] | None:
    """A winning line of move codes, or None when no line wins (proved: the search is
    complete). `symmetry` False turns the one cut off (for tests).

    Raises:
        OutOfBudget: a limit was reached.
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
