"""A deliberately naive reference model of the rules, for differential testing.

Written straight from SPEC sections 3-7 with plain lists of `Card` objects: no bit tricks,
no tables, no code shared with the engine beyond the value types `Card`, `Layout`,
`RuleSet`, `Goal` and `Move`. It is slow and obvious on purpose; when it and the engine
disagree, the specification decides which one is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from pyramid13 import Card, Goal, Layout, Move, MoveKind, RuleSet

__all__ = ["RefState", "ref_perft", "ref_perft_cached", "ref_winnable"]

ROWS = 7


def slot(row: int, col: int) -> int:
    """SPEC §3: index of (row, col)."""
    return row * (row + 1) // 2 + col


def row_col(index: int) -> tuple[int, int]:
    for row in range(ROWS):
        for col in range(row + 1):
            if slot(row, col) == index:
                return row, col
    raise AssertionError(index)


def covering_slots(index: int) -> list[int]:
    """SPEC §3: (r, c) is covered by (r+1, c) and (r+1, c+1)."""
    row, col = row_col(index)
    if row == ROWS - 1:
        return []
    return [slot(row + 1, col), slot(row + 1, col + 1)]


def covered_slots(index: int) -> list[int]:
    """The slots that the card at `index` lies on (at most two)."""
    return [other for other in range(28) if index in covering_slots(other)]


# Looked up on every call otherwise; the lists are computed by the plain functions above.
COVERING = [covering_slots(index) for index in range(28)]
COVERED = [covered_slots(index) for index in range(28)]


# Microsoft row bonuses by row index, apex first (SPEC §7: bottom to apex 25 .. 500).
MICROSOFT_BONUS = {6: 25, 5: 50, 4: 75, 3: 100, 2: 150, 1: 250, 0: 500}


@dataclass
class RefState:
    """A position as plain lists: the pyramid (28 entries, None once removed), the stock
    bottom to top (``stock[-1]`` is drawn next) and the waste piles, each bottom to top."""

    rules: RuleSet
    pyramid: list[Card | None]
    stock: list[Card]
    waste: list[list[Card]]
    pass_number: int = 1
    score: int = 0
    _status: str | None = field(default=None, compare=False, repr=False)

    @classmethod
    def new(cls, layout: Layout, rules: RuleSet) -> RefState:
        codes = str(layout).split()
        cards = [Card.parse(code) for code in codes]
        pyramid: list[Card | None] = list(cards[:28])
        # The layout lists the stock in drawing order; our stock list is bottom to top.
        stock = list(reversed(cards[28:]))
        waste: list[list[Card]] = [[] for _ in range(rules.waste_piles)]
        if rules.first_card_to_waste:
            waste[0].append(stock.pop())
        return cls(rules, pyramid, stock, waste)

    def copy(self) -> RefState:
        return RefState(
            self.rules,
            list(self.pyramid),
            list(self.stock),
            [list(pile) for pile in self.waste],
            self.pass_number,
            self.score,
        )

    # -- SPEC §3, §5: what is exposed and what can be removed ---------------------------

    def is_available(self, index: int) -> bool:
        if self.pyramid[index] is None:
            return False
        return all(self.pyramid[other] is None for other in COVERING[index])

    def available_cards(self) -> list[Card]:
        cards = []
        for index in range(28):
            card = self.pyramid[index]
            if card is not None and self.is_available(index):
                cards.append(card)
        return cards

    def exposed_cards(self) -> list[Card]:
        exposed = self.available_cards()
        for pile in self.waste:
            if pile:
                exposed.append(pile[-1])
        if self.rules.stock_top_pairable and self.stock:
            exposed.append(self.stock[-1])
        return exposed

    def removals(self) -> set[frozenset[Card]]:
        """Every removal legal by §5, each as the set of cards it removes."""
        found: set[frozenset[Card]] = set()
        exposed = self.exposed_cards()
        for card in exposed:
            if card.value == 13:
                found.add(frozenset([card]))
        for first in exposed:
            for second in exposed:
                if first != second and first.value + second.value == 13:
                    found.add(frozenset([first, second]))
        if self.rules.waste_pairing:
            for pile in self.waste:
                if len(pile) >= 2 and pile[-1].value + pile[-2].value == 13:
                    found.add(frozenset([pile[-1], pile[-2]]))
        if self.rules.overlap_pairing:
            for upper in range(28):
                upper_card = self.pyramid[upper]
                if upper_card is None or not self.is_available(upper):
                    continue
                for lower in COVERED[upper]:
                    lower_card = self.pyramid[lower]
                    if lower_card is None:
                        continue
                    still_on_it = [c for c in COVERING[lower] if self.pyramid[c] is not None]
                    if still_on_it == [upper] and upper_card.value + lower_card.value == 13:
                        found.add(frozenset([upper_card, lower_card]))
        return found

    # -- SPEC §4: draw and recycle ------------------------------------------------------

    def can_draw(self) -> bool:
        return len(self.stock) > 0

    def can_recycle(self) -> bool:
        if self.stock:
            return False
        if not any(self.waste):
            return False
        passes = self.rules.passes
        return passes is None or self.pass_number < passes

    # -- SPEC §6: goal and status -------------------------------------------------------

    def is_won(self) -> bool:
        if any(card is not None for card in self.pyramid):
            return False
        if self.rules.goal is Goal.ALL_CARDS:
            return not self.stock and not any(self.waste)
        return True

    def _talon_key(self) -> tuple[object, ...]:
        # For the draw/recycle-only graph. With unlimited passes the pass number does not
        # change what can happen next, so it is left out and the graph is finite.
        passes = self.pass_number if self.rules.passes is not None else 0
        return (tuple(self.stock), tuple(tuple(pile) for pile in self.waste), passes)

    def removal_reachable(self) -> bool:
        """Brute force: explore every position reachable by draws and recycles alone."""
        seen = {self._talon_key()}
        todo = [self]
        while todo:
            state = todo.pop()
            if state.removals():
                return True
            successors = []
            if state.can_draw():
                successors.append(state.after(Move.draw(), score=False))
            if state.can_recycle():
                successors.append(state.after(Move.recycle(), score=False))
            for successor in successors:
                key = successor._talon_key()
                if key not in seen:
                    seen.add(key)
                    todo.append(successor)
        return False

    def status(self) -> str:
        if self._status is None:
            if self.is_won():
                self._status = "won"
            elif not self.removal_reachable():
                self._status = "lost"
            else:
                self._status = "playing"
        return self._status

    def legal_moves(self) -> set[Move]:
        if self.status() != "playing":
            return set()
        moves = {Move.remove(*cards) for cards in self.removals()}
        if self.can_draw():
            moves.add(Move.draw())
        if self.can_recycle():
            moves.add(Move.recycle())
        return moves

    # -- applying a move ----------------------------------------------------------------

    def after(self, move: Move, *, score: bool = True) -> RefState:
        """The successor position (the move is assumed legal)."""
        new = self.copy()
        removed = 0
        rows_before = [new._row_has_cards(row) for row in range(ROWS)]
        if move.kind is MoveKind.DRAW:
            if new.rules.waste_piles == 1:
                for _ in range(new.rules.draw_count):
                    if new.stock:
                        new.waste[0].append(new.stock.pop())
            else:
                for pile in new.waste:
                    if new.stock:
                        pile.append(new.stock.pop())
        elif move.kind is MoveKind.RECYCLE:
            new_stock: list[Card] = []
            for pile in new.waste:
                while pile:
                    new_stock.append(pile.pop())
            new.stock = new_stock
            new.pass_number += 1
        else:
            for card in move.cards:
                new._take(card)
                removed += 1
        if score:
            new.score = new._scored(move, removed, rows_before)
        return new

    def _take(self, card: Card) -> None:
        if card in self.pyramid:
            self.pyramid[self.pyramid.index(card)] = None
            return
        if self.stock and self.stock[-1] == card:
            self.stock.pop()
            return
        for pile in self.waste:
            if card in pile:
                pile.remove(card)
                return
        raise AssertionError(f"{card} is nowhere to be taken")

    def _row_has_cards(self, row: int) -> bool:
        return any(self.pyramid[slot(row, col)] is not None for col in range(row + 1))

    def _scored(self, move: Move, removed: int, rows_before: list[bool]) -> int:
        name = self.rules.scoring.name
        score = self.score
        if name == "none":
            return 0
        if name == "cardems":
            if move.kind is MoveKind.RECYCLE:
                return max(0, score - 10)
            score += 10 * removed
            if removed and self.is_won():
                score += 100 + 5 * (len(self.stock) + sum(len(pile) for pile in self.waste))
            return score
        if name == "microsoft":
            if removed:
                score += 5
                for row in range(ROWS):
                    if rows_before[row] and not self._row_has_cards(row):
                        score += MICROSOFT_BONUS[row]
            return score
        raise AssertionError(f"the model knows no scoring policy {name!r}")

    # -- comparison helpers -------------------------------------------------------------

    def stock_tuple(self) -> tuple[Card, ...]:
        return tuple(self.stock)

    def waste_tuple(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(pile) for pile in self.waste)

    def children(self) -> Iterator[RefState]:
        for move in self.legal_moves():
            yield self.after(move)


def ref_perft(state: RefState, depth: int) -> int:
    """Perft by the model: the number of legal move sequences of length `depth`."""
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(ref_perft(state.after(move), depth - 1) for move in moves)


def ref_perft_cached(state: RefState, depth: int) -> int:
    """`ref_perft` with the counts of positions met before remembered: the number of
    sequences from a position depends only on its cards, pass number and the depth left."""
    memo: dict[tuple[object, ...], int] = {}

    def count(current: RefState, left: int) -> int:
        if left == 0:
            return 1
        key = (
            tuple(current.pyramid),
            current.stock_tuple(),
            current.waste_tuple(),
            current.pass_number,
            left,
        )
        found = memo.get(key)
        if found is None:
            moves = current.legal_moves()
            if left == 1:
                found = len(moves)
            else:
                found = sum(count(current.after(move, score=False), left - 1) for move in moves)
            memo[key] = found
        return found

    return count(state, depth)


def ref_winnable(layout: Layout, rules: RuleSet, limit: int = 50_000) -> bool | None:
    """Exhaustive search by the model: can the deal be won? None when more than `limit`
    positions would have to be looked at. Depth first, removals tried first; a lost
    position has no way on to a win, so the plain moves of SPEC §4-5 are searched."""
    start = RefState.new(layout, rules)

    def key(state: RefState) -> tuple[object, ...]:
        passes = state.pass_number if rules.passes is not None else 0
        return (tuple(state.pyramid), state.stock_tuple(), state.waste_tuple(), passes)

    seen = {key(start)}
    todo = [start]
    while todo:
        state = todo.pop()
        if state.is_won():
            return True
        moves = [Move.draw()] if state.can_draw() else []
        if state.can_recycle():
            moves.append(Move.recycle())
        moves.extend(Move.remove(*cards) for cards in state.removals())  # popped first
        for move in moves:
            child = state.after(move, score=False)
            child_key = key(child)
            if child_key not in seen:
                seen.add(child_key)
                if len(seen) > limit:
                    return None
                todo.append(child)
    return False
