"""The past of a Spider observation: a deal of its rules from which its history plays to
what it shows, found from the observation alone (`determinize` gives its states that past).

An observation keeps the moves, not the tables the player saw on the way: a unit move
says how many cards went from which pile to which, not which cards; and under rules that
lift complete runs off by themselves, a move does not say whether it completed one. The
search here undoes the history from the observation's table back to a fresh deal, with
the hidden cards (face down or in the stock) kept as blanks: no move of the history ever
touched them, so every sample of them fits the past it finds.

Undoing a move needs what it did besides moving its cards: whether it lifted a run off
(for a deal, off which piles) and whether it turned a card face up. Counting answers
most of it: from the fresh deal, each pile's face-down and face-up counts follow the
moves, but for the runs lifted off by themselves, which the count of face-up cards only
allows where a pile holds 13 or more. So the search first plays the counts forward from
the deal, trying a lift-off wherever one may be, and keeps the counts from which the
observation's can be reached. It then undoes the moves from the observation's table,
each as one of the ways the counts allow, and keeps an undone table only when the move,
played again on it by the rules, gives the table it came from. A table that led nowhere
is not tried again.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .._base.cards import Card, Rank, Suit
from .._base.errors import IllegalMoveError
from ._layout import Layout
from ._moves import PILES, Move, MoveKind
from ._state import RUNS_TO_WIN, GameState, first_state, new_game

if TYPE_CHECKING:
    from ._observation import Observation

__all__ = ["Past", "find_past"]

_RUN = 13
# The search gives up (and `determinize` keeps the observation's history as moves made
# before its first state) after this many tables or counts per move, plus a floor.
_STEPS_PER_MOVE = 200
_STEPS = 20_000

_Counts = tuple[int, ...]  # each pile's face-down and face-up counts (pile 1 first), runs
_Events = tuple[int, ...]  # the piles a move lifted a run off
_Pile = tuple[tuple[Card | None, ...], tuple[Card, ...]]  # face down (None: hidden), face up
_Table = tuple[tuple[_Pile, ...], tuple[tuple[Card | None, ...], ...], tuple[Suit, ...]]

_RUNS = {suit: tuple(Card(rank, suit) for rank in reversed(Rank)) for suit in Suit}  # K..A


class Past:
    """A deal from which an observation's history plays to it: the deal's piles and deals
    (as `Layout` has them) with None for each hidden card, which a sample fills: the first
    cards of a pile (those still face down) and the last deals (those still in the stock).
    """

    __slots__ = ("chain", "deals", "debt", "piles")

    def __init__(
        self,
        piles: tuple[tuple[Card | None, ...], ...],
        deals: tuple[tuple[Card | None, ...], ...],
        moves: tuple[Move, ...],
        debt: int,
    ) -> None:
        self.piles = piles
        self.deals = deals
        self.debt = debt  # undo penalties paid: what the score lacks against the moves'
        chain: Any = None
        for move in moves:
            chain = (move, chain)
        self.chain = chain  # the history as the state's move chain (see `move_line`)

    def layout(self, downs: list[tuple[Card, ...]], deals: list[tuple[Card, ...]]) -> Layout:
        """The deal, its hidden cards filled from a sample: `downs` the face-down cards of
        each pile, `deals` the deals left in the stock."""
        piles = tuple(
            down + pile[len(down) :] for down, pile in zip(downs, self.piles, strict=True)
        )
        dealt = self.deals[: len(self.deals) - len(deals)]
        return Layout(piles, dealt + tuple(deals))  # type: ignore[arg-type]


def find_past(observation: Observation) -> Past | None:
    """A past of `observation` (see the module), or None when no deal of its rules leads to
    it through its history (a game begun from a position code, say) or the search gives up.
    """
    moves = observation.history
    rules = observation.rules
    sizes = rules.shape.deal_sizes
    deals = sum(move.kind is MoveKind.DEAL for move in moves)
    removals = sum(move.kind is MoveKind.REMOVE for move in moves)
    runs = len(observation.runs_removed)
    if not moves or deals != len(sizes) - observation.deals_left or removals > runs:
        return None
    if not rules.auto_remove_runs and removals != runs:
        return None
    return _Search(observation, moves).run()


class _Search:
    """The count pass and the undoing of `find_past` (see the module)."""

    def __init__(self, observation: Observation, moves: tuple[Move, ...]) -> None:
        self.observation = observation
        self.moves = moves
        self.rules = rules = observation.rules
        self.auto = rules.auto_remove_runs
        self.runs = len(observation.runs_removed)
        self.budget = _STEPS + _STEPS_PER_MOVE * len(moves)
        # The runs the moves from each number on remove by move (not by themselves).
        self.removals_after = [0] * (len(moves) + 1)
        for number in range(len(moves) - 1, -1, -1):
            later = self.removals_after[number + 1]
            self.removals_after[number] = later + (moves[number].kind is MoveKind.REMOVE)

    def run(self) -> Past | None:
        rules = self.rules
        first: list[int] = []
        for size in rules.shape.pile_sizes:
            first.extend((size - 1, 1) if rules.face_down else (0, size))
        first.append(0)
        links = self.counts(tuple(first))
        if links is None:
            return None
        observation = self.observation
        table: _Table = (
            tuple(((None,) * pile.face_down_count, pile.face_up) for pile in observation.piles),
            tuple((None,) * size for size in rules.shape.deal_sizes[-observation.deals_left :])
            if observation.deals_left
            else (),
            observation.runs_removed,
        )
        start = self.undo_all(table, links)
        if start is None:
            return None
        piles, deals, _ = start
        past = Past(tuple(down + up for down, up in piles), deals, self.moves, 0)
        return self.check(past)

    # -- the counts ----------------------------------------------------------------------

    def counts(self, first: _Counts) -> list[dict[_Counts, list[tuple[_Counts, _Events]]]] | None:
        """For each move number after the first, the counts that move may lead to from
        which the observation's can be reached, each with the counts before the move and
        what it lifted off; None when there are none."""
        layers: list[dict[_Counts, list[tuple[_Counts, _Events]]]] = [{first: []}]
        deals = 0
        for number, move in enumerate(self.moves):
            room = self.runs - self.removals_after[number + 1]  # runs removed after it, at most
            layer: dict[_Counts, list[tuple[_Counts, _Events]]] = {}
            for counts in layers[-1]:
                for after, events in self.count_children(move, counts, deals, room):
                    layer.setdefault(after, []).append((counts, events))
            self.budget -= len(layer)
            if not layer or self.budget < 0:
                return None
            layers.append(layer)
            deals += move.kind is MoveKind.DEAL
        end: list[int] = []
        for pile in self.observation.piles:
            end.extend((pile.face_down_count, len(pile.face_up)))
        end.append(self.runs)
        if tuple(end) not in layers[-1]:
            return None
        # Keep only what leads to the end.
        reach = {tuple(end)}
        for number in range(len(layers) - 1, 0, -1):
            layer = {counts: layers[number][counts] for counts in reach}
            layers[number] = layer
            reach = {before for links in layer.values() for before, _ in links}
        return layers

    def count_children(
        self, move: Move, counts: _Counts, deals: int, room: int
    ) -> Iterator[tuple[_Counts, _Events]]:
        """The counts `move` may lead to from `counts` (`deals` made before it, at most
        `room` runs removed after it), with the piles it lifted a run off."""
        if counts[-1] == RUNS_TO_WIN:
            return  # won: no move follows
        after = list(counts)
        if move.kind is MoveKind.UNIT:
            source: int = move.source  # type: ignore[assignment]
            count: int = move.count  # type: ignore[assignment]
            target: int = move.target  # type: ignore[assignment]
            if source == target or counts[2 * source + 1] < count:
                return
            after[2 * source + 1] -= count
            _turn(after, source)
            after[2 * target + 1] += count
            yield tuple(after), ()
            if self.auto and after[2 * target + 1] >= _RUN and after[-1] < room:
                yield _lift(after, target), (target,)
            return
        if move.kind is MoveKind.REMOVE:
            pile: int = move.pile  # type: ignore[assignment]
            if not self.auto and counts[2 * pile + 1] >= _RUN and counts[-1] < room:
                yield _lift(after, pile), (pile,)
            return
        sizes = self.rules.shape.deal_sizes
        if deals == len(sizes):
            return
        if not self.rules.deal_onto_empty and not all(
            counts[2 * pile] + counts[2 * pile + 1] for pile in range(PILES)
        ):
            return
        found: list[tuple[list[int], _Events]] = [(after, ())]
        for pile in range(sizes[deals]):
            grown = []
            for table, events in found:
                table[2 * pile + 1] += 1
                grown.append((table, events))
                if self.auto and table[2 * pile + 1] >= _RUN and table[-1] < room:
                    grown.append((list(_lift(table, pile)), (*events, pile)))
            found = grown
        for table, events in found:
            yield tuple(table), events

    # -- undoing the moves ---------------------------------------------------------------

    def undo_all(
        self, table: _Table, links: list[dict[_Counts, list[tuple[_Counts, _Events]]]]
    ) -> _Table | None:
        """The table of the fresh deal the history plays to `table`, found by undoing the
        moves in every way `links` (the counts) allows; None when there is none."""
        end = _counts_of(table)
        failed: set[tuple[int, _Table]] = set()
        stack = [(len(self.moves), table, self.undone(len(self.moves), table, end, links))]
        while stack:
            number, table, earlier = stack[-1]
            before = next(earlier, None)
            if before is None:
                failed.add((number, table))
                stack.pop()
                continue
            self.budget -= 1
            if self.budget < 0:
                return None
            if number == 1:
                return before
            if (number - 1, before) in failed:
                continue
            counts = _counts_of(before)
            stack.append((number - 1, before, self.undone(number - 1, before, counts, links)))
        return None

    def undone(
        self,
        number: int,
        table: _Table,
        counts: _Counts,
        links: list[dict[_Counts, list[tuple[_Counts, _Events]]]],
    ) -> Iterator[_Table]:
        """The tables before move ``number - 1`` that it turns into `table` (whose counts
        are `counts`), one for each way the counts allow."""
        move = self.moves[number - 1]
        for before_counts, events in links[number].get(counts, ()):
            before = self.undo(move, table, counts, before_counts, events)
            if self.play(move, before) == table:
                yield before

    def undo(
        self, move: Move, table: _Table, counts: _Counts, before: _Counts, events: _Events
    ) -> _Table:
        """`table` (whose counts are `counts`) with `move` undone as `events` (the piles it
        lifted a run off) and the counts `before` it say (a pile whose face-down count went
        down turned a card up: its one face-up card). The counts leave no choice, and no
        room for a pile too short: only the cards can be wrong, which `play` checks."""
        piles = list(table[0])
        runs = list(table[2])
        stock = table[1]

        def unturn(pile: int) -> None:
            down, up = piles[pile]
            if before[2 * pile] != counts[2 * pile]:
                piles[pile] = ((*down, *up), ())

        def restore(pile: int) -> None:
            unturn(pile)
            down, up = piles[pile]
            piles[pile] = (down, up + _RUNS[runs.pop()])

        if move.kind is MoveKind.UNIT:
            source: int = move.source  # type: ignore[assignment]
            count: int = move.count  # type: ignore[assignment]
            target: int = move.target  # type: ignore[assignment]
            if events:
                restore(target)
            down, up = piles[target]
            piles[target] = (down, up[: len(up) - count])
            unturn(source)
            down, rest = piles[source]
            piles[source] = (down, rest + up[len(up) - count :])
        elif move.kind is MoveKind.REMOVE:
            restore(move.pile)  # type: ignore[arg-type]
        else:
            sizes = self.rules.shape.deal_sizes
            size = sizes[len(sizes) - len(stock) - 1]  # the deal made: the last one left
            dealt: list[Card] = []
            for pile in range(size - 1, -1, -1):  # the runs lifted off come back last first
                if pile in events:
                    restore(pile)
                down, up = piles[pile]
                dealt.append(up[-1])
                piles[pile] = (down, up[:-1])
            stock = (tuple(reversed(dealt)), *stock)
        return tuple(piles), stock, tuple(runs)

    def play(self, move: Move, table: _Table) -> _Table | None:
        """`table` after `move` by the rules, None when the rules refuse it for the cards
        it moves (what the counts cannot see: a unit that is no run of one suit, or that
        does not go onto the pile's top card)."""
        piles = list(table[0])
        stock = table[1]
        runs = list(table[2])

        def lift_and_turn(pile: int, lift: bool) -> None:
            down, up = piles[pile]
            if lift and _run_length(up) == _RUN:
                runs.append(up[-1].suit)
                up = up[:-_RUN]
            if not up and down:
                down, up = down[:-1], (down[-1],)  # type: ignore[assignment]
            piles[pile] = (down, up)

        if move.kind is MoveKind.UNIT:
            source: int = move.source  # type: ignore[assignment]
            count: int = move.count  # type: ignore[assignment]
            target: int = move.target  # type: ignore[assignment]
            down, up = piles[source]
            unit = up[len(up) - count :]
            on_down, on_up = piles[target]
            if _run_length(up) < count or (on_up and on_up[-1].value != unit[0].value + 1):
                return None
            piles[source] = (down, up[: len(up) - count])
            lift_and_turn(source, False)
            piles[target] = (on_down, on_up + unit)
            lift_and_turn(target, self.auto)
        elif move.kind is MoveKind.REMOVE:
            lift_and_turn(move.pile, True)  # type: ignore[arg-type]
        else:
            for pile, card in enumerate(stock[0]):
                down, up = piles[pile]
                piles[pile] = (down, (*up, card))  # type: ignore[arg-type]
                lift_and_turn(pile, self.auto)
            stock = stock[1:]
        return tuple(piles), stock, tuple(runs)

    # -- the deal ------------------------------------------------------------------------

    def check(self, past: Past) -> Past | None:
        """`past` with the undo penalties its score lacks, when the engine plays the
        history from its deal to the observation (the hidden cards filled in any order):
        the search follows the rules, the engine is the judge. None when it does not."""
        observation = self.observation
        rules = self.rules
        hidden = iter(observation.unseen)
        downs = [
            tuple(next(hidden) for _ in range(pile.face_down_count)) for pile in observation.piles
        ]
        sizes = rules.shape.deal_sizes
        deals = [
            tuple(next(hidden) for _ in range(size))
            for size in sizes[len(sizes) - observation.deals_left :]
        ]
        state = GameState.new(past.layout(downs, deals), rules)
        try:
            for move in self.moves:
                state = state.apply(move)
        except IllegalMoveError:
            return None
        seen = state.observe()
        if (
            seen.piles != observation.piles
            or seen.runs_removed != observation.runs_removed
            or seen.deals_left != observation.deals_left
            or seen.unseen != observation.unseen
        ):
            return None
        debt = state.score - observation.score
        if debt:  # undo penalties paid: the game starts with them, as if paid at once
            if debt < 0 or not rules.scoring.undo_penalty:
                return None
            state = first_state(new_game(past.layout(downs, deals), rules), debt)
            for move in self.moves:
                state = state.apply_unchecked(move)
            if state.score != observation.score:
                return None
        past.debt = debt
        return past


def _counts_of(table: _Table) -> _Counts:
    found: list[int] = []
    for down, up in table[0]:
        found.extend((len(down), len(up)))
    found.append(len(table[2]))
    return tuple(found)


def _turn(counts: list[int], pile: int) -> None:
    """Turn pile `pile`'s next face-down card up if no face-up card is left on it."""
    if not counts[2 * pile + 1] and counts[2 * pile]:
        counts[2 * pile] -= 1
        counts[2 * pile + 1] = 1


def _lift(counts: list[int], pile: int) -> _Counts:
    """`counts` with a run lifted off pile `pile`."""
    after = list(counts)
    after[2 * pile + 1] -= _RUN
    after[-1] += 1
    _turn(after, pile)
    return tuple(after)


def _run_length(up: tuple[Card, ...]) -> int:
    """How many top cards of `up` form one suit, descending (up to a whole run)."""
    if not up:
        return 0
    length = 1
    while length < len(up) and length < _RUN:
        lower, upper = up[-length], up[-length - 1]
        if upper.suit is not lower.suit or upper.value != lower.value + 1:
            break
        length += 1
    return length
