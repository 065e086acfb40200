"""Search over the known part of a Spider position: the moves that reveal nothing.

Every Spider move is determined by the face-up cards, except that turning a face-down card
over shows an unknown card (and a deal brings unknown cards). So a player who sees only
the face-up cards can search exactly over the moves that reorganise them, and meets
uncertainty only where a move turns a card over: those moves end a line of the search.

Positions are ints inside: a card is its `pyramid13.Card.index` (suit * 13 + rank - 1), a
pile's face-up cards a tuple of them bottom to top, and a position the tuple of the ten.
Face-down counts do not change inside the search (a move that would change one ends the
line), so they stay outside the positions. A position's value is a sum of one value per
pile (kept in a table for the game) plus a bonus per run removed, so a move's child is
valued from its two piles alone.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

import attrs

__all__ = ["Line", "Valuer", "Weights", "reveal_lines", "search"]

_RUN = 13


@attrs.frozen
class Weights:
    """How a position is valued: higher is better. Face-down cards cost, empty piles, runs
    removed and cards on their own suit one rank higher earn."""

    down: float = 10.0
    """Each face-down card."""
    down_pile: float = 4.0
    """Each pile that still hides a card."""
    empty: float = 8.0
    """Each empty pile."""
    suited: float = 5.0
    """Each card on a card of its own suit one rank higher."""
    ordered: float = 1.5
    """Each card on a card of another suit one rank higher."""
    broken: float = 2.0
    """Each card on a card it does not follow."""
    block: float = 2.0
    """Each same-suit block of face-up cards above face-down cards (to move off before
    the next card turns over)."""
    block_clear: float = 0.0
    """Each same-suit block of a pile without face-down cards, beyond the first."""
    removed: float = 60.0
    """Each run removed."""
    king_base: float = 2.0
    """A pile with no face-down card whose bottom card is a King."""
    reveal: float = 0.0
    """Each card turned over, beyond the face-down card it no longer costs."""


class Valuer:
    """Values piles, with a table kept across searches (one game's positions repeat)."""

    __slots__ = ("_table", "weights")

    def __init__(self, weights: Weights) -> None:
        self.weights = weights
        self._table: dict[tuple[tuple[int, ...], int], float] = {}

    def clear(self) -> None:
        """Forget the table (a new game)."""
        self._table.clear()

    def pile(self, up: tuple[int, ...], down: int) -> float:
        """The value of a pile with face-up cards `up` over `down` face-down cards."""
        key = (up, down)
        value = self._table.get(key)
        if value is not None:
            return value
        w = self.weights
        if not up:
            value = w.empty if not down else -w.down * down - w.down_pile
        else:
            blocks = 1
            value = 0.0
            previous = up[0]
            for card in up[1:]:
                if previous == card + 1 and card % 13 != 12:
                    value += w.suited
                else:
                    blocks += 1
                    if previous % 13 == card % 13 + 1:
                        value += w.ordered
                    else:
                        value -= w.broken
                previous = card
            if down:
                value -= w.down * down + w.down_pile + w.block * blocks
            else:
                value -= w.block_clear * (blocks - 1)
                if up[0] % 13 == 12:
                    value += w.king_base
        if len(self._table) > 200_000:
            self._table.clear()
        self._table[key] = value
        return value

    def hidden_top(self, down: int) -> float:
        """The value of a pile whose top card was just turned over (unknown) with `down`
        face-down cards left below it."""
        w = self.weights
        value = w.reveal
        if down:
            value -= w.down * down + w.down_pile + w.block
        return value

    def position(self, ups: Sequence[tuple[int, ...]], downs: Sequence[int]) -> float:
        """The value of a whole position (without runs removed)."""
        return sum(self.pile(up, down) for up, down in zip(ups, downs, strict=True))


def _run_length(up: tuple[int, ...]) -> int:
    """How many top cards of `up` form one suit, descending."""
    length = 1
    index = len(up) - 1
    while index > 0:
        card = up[index]
        if up[index - 1] == card + 1 and card % 13 != 12:
            length += 1
            index -= 1
        else:
            break
    return length


def _complete(up: tuple[int, ...]) -> bool:
    """Whether the top 13 cards of `up` are a King-to-Ace run of one suit."""
    return len(up) >= _RUN and up[-1] % 13 == 0 and _run_length(up) >= _RUN


@attrs.frozen
class Line:
    """The best line found: its moves and value, and whether its last move turns a card
    over (its end is then not known)."""

    moves: tuple[tuple[int, int, int], ...]
    """(source, count, target) unit moves, or (pile, 0, -1) for a removal."""
    value: float
    """The value of where the line ends."""
    reveals: bool
    """Whether the last move turns a card over."""
    ends: tuple[tuple[tuple[int, ...], ...], ...]
    """The face-up cards after each move (the last omitted when it reveals)."""


_Ups = tuple[tuple[int, ...], ...]
_Node = tuple[_Ups, tuple[int, ...]]


def search(
    ups: _Ups, downs: tuple[int, ...], valuer: Valuer, budget: int, auto_remove: bool
) -> tuple[float, Line | None]:
    """Best-first search from (`ups`, `downs`) over the moves that turn no card over.

    Returns the root's value and the line to the best position found (a known position, or
    a move that turns a card over or removes a run), or None when nothing beats the root.
    At most `budget` positions are expanded.
    """
    tree = _Tree(ups, downs, valuer, budget, auto_remove, False)
    if tree.best is None:
        return tree.root, None
    value, end, last = tree.best
    return tree.root, tree.line(end, last, value)


def reveal_lines(
    ups: _Ups, downs: tuple[int, ...], valuer: Valuer, budget: int, auto_remove: bool, count: int
) -> list[Line]:
    """The best line to a move that turns a card over, one per pile whose card it would
    turn, for the `count` best piles, best first: what a player may choose to look at next.

    The same search as `search` (at most `budget` positions expanded), over the moves
    that turn no card over; a line is offered only when the value where it ends beats the
    root's.
    """
    tree = _Tree(ups, downs, valuer, budget, auto_remove, True)
    ranked = sorted(tree.reveals.items(), key=lambda item: (-item[1][0], item[0]))
    return [tree.line(end, last, value) for _, (value, end, last) in ranked[:count]]


_Step = tuple[int, int, int]
_End = tuple[float, _Node, _Step | None]


class _Tree:
    """One best-first search: the root's value, the best end found, the best move turning
    each pile's card over (when asked for), and the links to rebuild any line."""

    __slots__ = ("best", "parents", "reveals", "root")

    def __init__(
        self,
        ups: _Ups,
        downs: tuple[int, ...],
        valuer: Valuer,
        budget: int,
        auto_remove: bool,
        keep_reveals: bool,
    ) -> None:
        pile_value = valuer.pile
        hidden_top = valuer.hidden_top
        w_removed = valuer.weights.removed
        root = valuer.position(ups, downs)
        start: _Node = (ups, downs)
        parents: dict[_Node, tuple[_Node, _Step] | None] = {start: None}
        reveals: dict[int, tuple[float, _Node, _Step]] = {}
        heap: list[tuple[float, int, float, _Node]] = [(-root, 0, root, start)]
        best_value = root + 1e-9
        best: _End | None = None
        counter = 1
        expanded = 0
        while heap and expanded < budget:
            _, _, value, node = heapq.heappop(heap)
            expanded += 1
            cards, depths = node
            empty_target = -1
            for index in range(10):
                if not cards[index] and not depths[index]:
                    empty_target = index
                    break
            for source in range(10):
                up = cards[source]
                if not up:
                    continue
                down = depths[source]
                steps: list[tuple[tuple[int, ...], int, tuple[int, ...], _Step]]
                if not auto_remove and _complete(up):
                    steps = [(up[:-_RUN], -1, (), (source, 0, -1))]
                else:
                    steps = []
                    length = _run_length(up)
                    size = len(up)
                    for count in range(1, length + 1):
                        bottom = up[-count]
                        rank = bottom % 13
                        split = count < length
                        for target in range(10):
                            if target == source:
                                continue
                            onto = cards[target]
                            if onto:
                                if onto[-1] % 13 != rank + 1:
                                    continue
                                if split and onto[-1] != bottom + 1:
                                    continue  # breaks a run of one suit for a worse join
                            elif target != empty_target or (count == size and not down):
                                continue
                            steps.append(
                                (up[:-count], target, onto + up[-count:], (source, count, target))
                            )
                for rest, target, grown, move in steps:
                    change = -pile_value(up, down)
                    turned = -1  # the pile whose face-down card the move turns over
                    if target >= 0:
                        t_down = depths[target]
                        change -= pile_value(cards[target], t_down)
                        if auto_remove and _complete(grown):
                            grown = grown[:-_RUN]
                            change += w_removed
                            if not grown and t_down:
                                turned = target
                                change += pile_value(rest, down) + hidden_top(t_down - 1)
                        if turned < 0:
                            change += pile_value(grown, t_down)
                    else:
                        change += w_removed
                    if turned < 0 and not rest and down:
                        turned = source
                        change += hidden_top(down - 1)
                    if turned >= 0:
                        # The line ends here: what the card is, nobody knows.
                        reveal = value + change
                        if reveal > best_value:
                            best_value, best = reveal, (reveal, node, move)
                        if keep_reveals and reveal > root:
                            _keep(reveals, turned, reveal, node, move)
                        continue
                    change += pile_value(rest, down)
                    new_cards = list(cards)
                    new_cards[source] = rest
                    if target >= 0:
                        new_cards[target] = grown
                    child: _Node = (tuple(new_cards), depths)
                    if child in parents:
                        continue
                    parents[child] = (node, move)
                    child_value = value + change
                    if child_value > best_value:
                        best_value, best = child_value, (child_value, child, None)
                    heapq.heappush(heap, (-child_value, counter, child_value, child))
                    counter += 1
        self.root = root
        self.best = best
        self.parents = parents
        self.reveals = reveals

    def line(self, end: _Node, last: _Step | None, value: float) -> Line:
        """The line from the root to `end`, then `last` (a move that turns a card over)."""
        moves: list[_Step] = []
        ends: list[_Ups] = []
        cursor = end
        while True:
            link = self.parents[cursor]
            if link is None:
                break
            previous, move = link
            moves.append(move)
            ends.append(cursor[0])
            cursor = previous
        moves.reverse()
        ends.reverse()
        if last is not None:
            moves.append(last)
        return Line(tuple(moves), value, last is not None, tuple(ends))


def _keep(
    reveals: dict[int, tuple[float, _Node, _Step]],
    pile: int,
    value: float,
    node: _Node,
    move: _Step,
) -> None:
    """Keep the move turning `pile`'s card over if it ends better than the one kept."""
    kept = reveals.get(pile)
    if kept is None or value > kept[0]:
        reveals[pile] = (value, node, move)
