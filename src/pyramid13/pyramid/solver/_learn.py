"""A depth-first search that keeps what it proves, so that searches of one game add up.

`Knowledge` holds, for one deal under one rule set, the positions proved lost and the
moves of winning lines found. `learning_dfs` searches from any position of that game,
skips what is already known and records what it proves. A search cut short by its budget
still records every part of the graph it finished: the positions are grouped into
strongly connected components as in Tarjan's algorithm (with unlimited passes a round of
draws and a recycle leads back to the same position), and a component is recorded as
lost only once its first position is finished, so no proof rests on a position whose
search is still open.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import time

from ._model import _PYR, Model

__all__ = ["Knowledge", "Search", "learning_dfs"]

_CHECK_EVERY = 256
_NO_LIMIT = 1 << 62


class Knowledge:
    """What the searches of one game proved: lost positions and winning moves.

    ``lost`` maps a position's key (``state & key_mask``) to the fewest passes with which
    it was proved lost: with as many passes used or more it is lost too. ``wins`` maps a
    position (its whole int) to the move code of a winning line through it.
    """

    __slots__ = ("lost", "model", "nodes", "wins")

    def __init__(self, model: Model) -> None:
        self.model = model
        self.lost: dict[int, int] = {}
        self.wins: dict[int, int] = {}
        self.nodes = 0  # positions stored by all its searches

    def is_lost(self, state: int) -> bool:
        """True when `state` was proved lost (by a search, or by the model's pruning)."""
        known = self.lost.get(state & self.model.key_mask)
        return known is not None and known <= state >> self.model.key_bits

    def __len__(self) -> int:
        return len(self.lost) + len(self.wins)


class Search:
    """The outcome of one `learning_dfs`.

    Attributes:
        winnable: True (``line`` wins), False (proved lost) or None (budget spent).
        line: move codes of a winning line from the root (empty unless winnable).
        nodes: positions this search stored.
        progress: for each child of the root the search entered, the fewest pyramid
            cards left in any position it reached below that child.
    """

    __slots__ = ("line", "nodes", "progress", "winnable")

    def __init__(
        self, winnable: bool | None, line: list[int], nodes: int, progress: dict[int, int]
    ) -> None:
        self.winnable = winnable
        self.line = line
        self.nodes = nodes
        self.progress = progress


def learning_dfs(
    knowledge: Knowledge, root: int, node_limit: int | None, deadline: float | None
) -> Search:
    """Depth-first search for a win from `root`, using and extending `knowledge`.

    `deadline` is on the clock of `time.thread_time` (CPU time of the calling thread),
    so other processes busy on the machine do not shrink the search.

    Children proved lost are skipped, a child on a known winning line ends the search
    with that line, and every strongly connected component finished without a win is
    recorded as lost. Winning lines found are recorded in ``knowledge.wins``.
    """
    model = knowledge.model
    key_mask = model.key_mask
    key_bits = model.key_bits
    won_mask = model.won_mask
    children = model.children
    lost = knowledge.lost
    wins = knowledge.wins
    lost_get = lost.get
    progress: dict[int, int] = {}
    if not root & won_mask:
        return Search(True, [], 1, progress)
    if root in wins:
        return Search(True, _follow(wins, model, root), 1, progress)
    if knowledge.is_lost(root):
        return Search(False, [], 1, progress)
    if deadline is not None and time.thread_time() > deadline:
        return Search(None, [], 0, progress)
    seen: dict[int, int] = {root & key_mask: root >> key_bits}
    seen_get = seen.get
    index_of: dict[int, int] = {root & key_mask: 0}
    open_states = [root]  # Tarjan's stack: finished or not, in components still open
    open_index = [0]
    states = [root]  # the current line, root first
    kids_stack = [children(root)]
    lows = [0]
    indexes = [0]
    codes: list[int] = []
    counter = 1
    limit = node_limit if node_limit is not None else _NO_LIMIT
    check = _CHECK_EVERY
    top_child = 0
    best = 99
    while kids_stack:
        kids = kids_stack[-1]
        if not kids:
            kids_stack.pop()
            state = states.pop()
            low = lows.pop()
            index = indexes.pop()
            if low == index:
                # The first position of a component: the whole component is lost.
                while True:
                    done = open_states.pop()
                    open_index.pop()
                    key = done & key_mask
                    passes = done >> key_bits
                    known = lost_get(key)
                    if known is None or passes < known:
                        lost[key] = passes
                    if done == state:
                        break
            elif low < lows[-1]:
                lows[-1] = low
            if codes:
                codes.pop()
            if len(states) == 1 and top_child:
                old_best = progress.get(top_child)
                if old_best is None or best < old_best:
                    progress[top_child] = best
            continue
        code, child = kids.pop()
        key = child & key_mask
        passes = child >> key_bits
        known = lost_get(key)
        if known is not None and known <= passes:
            continue
        old = seen_get(key)
        if old is not None and old <= passes:
            # Reached before with as many passes left: it is still open (else it would
            # be proved lost), so this position's fate depends on it.
            index = index_of.get(key, 0)
            if index < lows[-1]:
                lows[-1] = index
            continue
        if child in wins or not child & won_mask:
            codes.append(code)
            line = codes + _follow(wins, model, child)
            _record(wins, model, root, line)
            knowledge.nodes += counter
            return Search(True, line, counter, progress)
        seen[key] = passes
        index_of[key] = counter
        if len(states) == 1:
            top_child = child
            best = 99
        count = (child & _PYR).bit_count()
        if count < best:
            best = count
        if counter >= limit:
            break
        if counter >= check:
            check += _CHECK_EVERY
            if deadline is not None and time.thread_time() > deadline:
                break
        open_states.append(child)
        open_index.append(counter)
        states.append(child)
        indexes.append(counter)
        lows.append(counter)
        counter += 1
        kids_stack.append(children(child))
        codes.append(code)
    else:
        knowledge.nodes += counter
        return Search(False, [], counter, progress)
    if top_child:
        old_best = progress.get(top_child)
        if old_best is None or best < old_best:
            progress[top_child] = best
    knowledge.nodes += counter
    return Search(None, [], counter, progress)


def _follow(wins: dict[int, int], model: Model, state: int) -> list[int]:
    """The move codes of the known winning line from `state` (empty when it is won)."""
    line = []
    children = model.children
    won_mask = model.won_mask
    while state & won_mask:
        code = wins[state]
        line.append(code)
        state = next(child for move, child in children(state) if move == code)
    return line


def _record(wins: dict[int, int], model: Model, root: int, line: list[int]) -> None:
    """Remember every position of a winning line from `root` with its next move."""
    children = model.children
    state = root
    for code in line:
        wins[state] = code
        state = next(child for move, child in children(state) if move == code)
