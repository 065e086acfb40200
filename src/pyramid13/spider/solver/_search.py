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

from ._model import DEAL, DOWN, Position, SolverGame

__all__ = ["Budget", "OutOfBudgetError", "find", "prove"]

_CHECK_EVERY = 256
_PER_SIGNATURE = 2
_WIDENINGS = 5


class OutOfBudgetError(Exception):
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
        """Count one expanded node; raise `OutOfBudgetError` past a limit."""
        self.nodes += 1
        if self.nodes >= self.check:
            self.check += _CHECK_EVERY
            if self.nodes >= self.limit:
                raise OutOfBudgetError
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise OutOfBudgetError


def _line(parents: dict[Position, tuple[Position, int] | None], piles: Position) -> list[int]:
    codes = []
    link = parents[piles]
    while link is not None:
        piles, code = link
        codes.append(code)
        link = parents[piles]
    codes.reverse()
    return codes


def _explore(
    game: SolverGame,
    roots: list[tuple[Position, int, tuple[int, ...]]],
    dealt: int,
    budget: Budget,
    per_root: int,
) -> tuple[list[int] | None, dict[Position, tuple[int, tuple[int, ...], int]], bool]:
    """One stage from each of `roots` (position, runs removed, line to it), best-first
    within `per_root` expansions each, sharing one table of the positions seen. Returns a
    winning line, or the positions after the deal reachable from the positions expanded:
    after-deal position -> (its disorder, line to it including the deal, runs removed);
    and whether the budget cut some root's search short."""
    last = dealt == len(game.deals)
    onto_empty = game.onto_empty
    disorder = game.disorder
    children = game.children
    deal = game.deal
    parents: dict[Position, tuple[Position, int] | None] = {}
    found: dict[Position, tuple[int, tuple[int, ...], int]] = {}
    counter = 0
    cut = False
    for root, removed, prefix in roots:
        if root in parents:
            continue
        parents[root] = None
        heap = [(disorder(root, removed), counter, root, removed)]
        expanded = 0
        while heap and expanded < per_root:
            _, _, piles, runs = heapq.heappop(heap)
            budget.spend()
            expanded += 1
            if not last and (onto_empty or all(piles)):
                after, lifted = deal(piles, dealt)
                if after not in found:
                    total = runs + lifted
                    line = (*prefix, *_line(parents, piles), DEAL)
                    if total == 8:
                        return list(line), {}, False
                    found[after] = (disorder(after, total), line, total)
            for code, child, _, lifted in children(piles, dealt, last):
                if code == DEAL or child in parents:
                    continue
                parents[child] = (piles, code)
                total = runs + lifted
                if total == 8:
                    return [*prefix, *_line(parents, child)], {}, False
                counter -= 1  # among equals, the newest first: depth-first on plateaus
                heapq.heappush(heap, (disorder(child, total), counter, child, total))
        cut = cut or bool(heap)
    return None, found, cut


def _signature(piles: Position) -> tuple[int, ...]:
    return tuple(sum(card >= DOWN for card in pile) for pile in piles)


def _diverse(
    found: dict[Position, tuple[int, tuple[int, ...], int]], width: int
) -> list[tuple[Position, int, tuple[int, ...]]]:
    """The `width` least disordered positions, at most `_PER_SIGNATURE` of them with the
    same face-down cards left on each pile (near-copies make a beam narrow)."""
    ranked = sorted(found.items(), key=lambda item: item[1][0])
    chosen: list[tuple[Position, int, tuple[int, ...]]] = []
    count: dict[tuple[int, ...], int] = {}
    for after, (_, line, runs) in ranked:
        signature = _signature(after)
        seen = count.get(signature, 0)
        if seen >= _PER_SIGNATURE:
            continue
        count[signature] = seen + 1
        chosen.append((after, runs, line))
        if len(chosen) == width:
            break
    return chosen


def find(
    game: SolverGame, budget: Budget, width: int = 24, per_root: int = 300
) -> list[int] | None:
    """A winning line of move codes from the root, or None (nothing proved either way).

    A beam over stages: each stage is explored from the `width` best positions the stage
    before dealt into; if no win comes out of the last stage, the beam doubles, up to
    `_WIDENINGS` times, and only while some limit cut the search short.

    Raises:
        OutOfBudgetError: a limit was reached.
    """
    if not any(game.root) and not game.deals:
        return []
    ndeals = len(game.deals)
    for _ in range(_WIDENINGS + 1):
        cut = False
        beam: list[tuple[Position, int, tuple[int, ...]]] = [(game.root, game.removed, ())]
        for dealt in range(ndeals + 1):
            last = dealt == ndeals
            share = per_root * width // len(beam)  # a stage's budget, shared by its roots
            win, found, stopped = _explore(game, beam, dealt, budget, share * (8 if last else 1))
            if win is not None:
                return win
            cut = cut or stopped or len(found) > width
            if last or not found:
                break
            beam = _diverse(found, width)
        if not cut:
            return None
        width *= 2
    return None


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
