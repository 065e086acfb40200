"""The solver's compact model of a Spider position: ten byte strings and a deal counter.

A card is one byte, ``suit * 16 + rank`` (suit 0..3 in the order C, D, H, S; rank
1..13), plus 64 while it lies face down. A pile is the bytes of its cards, bottom to top,
so "``b`` sits on ``a`` in a same-suit run" is ``a == b + 1`` and never holds across a
face-down card (its byte is 64 higher). A position is the tuple of the ten piles and the
number of the model's deals made; the stock is the list of the deals still to come, as
bytes, fixed per solve. Removed runs are not stored: a position is won when its piles and
its stock are empty.

Moves are ints: ``source << 8 | count << 4 | target`` for a unit move, `DEAL` for the
deal and ``REMOVE | pile`` for a run removal; `to_move` turns them into `spider.Move`.

Two evaluations, lower is better, with per-pile parts cached by the pile's bytes:

- `SolverGame.disorder` orders the complete search's moves (and the bots' rollouts): per
  pile, a cost for every face-down card, for every card that does not continue a same-suit
  run (less when only the suit is wrong), a bonus for an empty pile; minus a bonus per run
  removed.
- `beam_key` ranks the finding search's positions by *chaos*, the number of pieces the
  piles are cut into: each face-down card is a piece, each maximal same-suit run is one;
  a pile whose cards are all face up counts one piece less when its bottom card is a King
  or fits on another pile's top card (it can move whole), and each empty pile half a
  piece less. Ties go to the position with more cards in top runs, runs removed and empty
  piles. Its `Weights` count a face-down card, a card on one rank higher of another suit
  and any other break in half pieces (`CHAOS`, every piece alike, by default); the bonuses
  for a movable pile and an empty one scale with the last weight.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from collections.abc import Callable

from ..._base.cards import Card
from .._moves import Move
from .._state import GameState

__all__ = [
    "CHAOS",
    "DEAL",
    "DOWN",
    "REMOVE",
    "Position",
    "SolverGame",
    "Weights",
    "beam_key",
    "from_state",
    "to_move",
]

DOWN = 64
"""Added to a face-down card's byte."""
DEAL = 1 << 12
"""The move code of the deal."""
REMOVE = 1 << 13
"""The move code of a run removal, or-ed with the pile."""
_RUN = 13

# A position: the ten piles and the number of the model's deals made.
Position = tuple[bytes, ...]

_W_DOWN = 5  # each face-down card
_W_SUIT = 1  # a card on one rank higher, wrong suit
_W_JUNK = 3  # a card on anything else
_W_EMPTY = -6  # an empty pile
_W_RUN = 20  # each run removed


def _byte(card: Card) -> int:
    return card.suit.index * 16 + card.value


def to_move(code: int) -> Move:
    """The `spider.Move` of a move code."""
    if code == DEAL:
        return Move.DEAL
    if code & REMOVE:
        return Move.remove(code & 15)
    return Move.unit(code >> 8, (code >> 4) & 15, code & 15)


_run_cache: dict[bytes, int] = {}
_cost_cache: dict[bytes, int] = {}


def run_length(pile: bytes) -> int:
    """The number of top cards that form one suit, descending, all face up."""
    length = _run_cache.get(pile)
    if length is None:
        n = len(pile)
        if not n:
            length = 0
        else:
            length = 1
            j = n - 2
            while j >= 0 and pile[j] == pile[j + 1] + 1:
                length += 1
                j -= 1
        if len(_run_cache) > 500_000:
            _run_cache.clear()
        _run_cache[pile] = length
    return length


def pile_cost(pile: bytes) -> int:
    """The disorder of one pile (see the module notes)."""
    cost = _cost_cache.get(pile)
    if cost is None:
        n = len(pile)
        if not n:
            cost = _W_EMPTY
        else:
            cost = 0
            for j in range(n - 1):
                below = pile[j]
                if below >= DOWN:
                    cost += _W_DOWN
                elif below != pile[j + 1] + 1:
                    cost += _W_SUIT if (below & 15) == (pile[j + 1] & 15) + 1 else _W_JUNK
        if len(_cost_cache) > 500_000:
            _cost_cache.clear()
        _cost_cache[pile] = cost
    return cost


_facts_cache: dict[bytes, tuple[int, int, int, int, int, int]] = {}

Weights = tuple[int, int, int]
"""What `beam_key` counts, in half pieces: a face-down card, a face-up card on one rank
higher of another suit, any other face-up card that does not continue a same-suit run."""
CHAOS: Weights = (2, 2, 2)
"""`beam_key`'s default weights: every piece counts the same (see the module notes)."""


def pile_facts(pile: bytes) -> tuple[int, int, int, int, int, int]:
    """What `beam_key` and `SolverGame.options` need of a non-empty pile: its face-down
    cards, its face-up cards on one rank higher of another suit, its other face-up cards
    that start a piece, the length of its top run, ``1 << rank`` of its top card, and
    ``1 << rank`` of the card its bottom card fits on (0 for a face-up King, -1 when face
    down)."""
    facts = _facts_cache.get(pile)
    if facts is None:
        down = rank = junk = 0
        previous = -1
        for card in pile:
            if card >= DOWN:
                down += 1
            elif previous != card + 1:
                if 0 <= previous < DOWN and previous & 15 == (card & 15) + 1:
                    rank += 1
                else:
                    junk += 1
            previous = card
        bottom = pile[0]
        if bottom >= DOWN:
            fits = -1
        elif bottom & 15 == _RUN:
            fits = 0
        else:
            fits = 1 << ((bottom & 15) + 1)
        facts = (down, rank, junk, run_length(pile), 1 << (pile[-1] & 15), fits)
        if len(_facts_cache) > 1_000_000:
            _facts_cache.clear()
        _facts_cache[pile] = facts
    return facts


def beam_key(piles: Position, removed: int, weights: Weights = CHAOS) -> int:
    """The finding search's rank of a position with `removed` runs removed in all: its
    chaos (see the module notes), counted with `weights`, first, then cards in top runs
    plus cards removed plus empty piles, more first. Lower is better."""
    w_down, w_rank, w_junk = weights
    chaos = 0
    free = 0
    ready = removed * _RUN
    tops = 0
    movable = []
    get = _facts_cache.get
    for pile in piles:
        if pile:
            down, rank, junk, run, top, fits = get(pile) or pile_facts(pile)
            chaos += w_down * down + w_rank * rank + w_junk * junk
            ready += run
            tops |= top
            if fits >= 0:
                movable.append(fits)
        else:
            free += 1
    for fits in movable:
        if not fits or tops & fits:
            chaos -= w_junk
    chaos -= free * (w_junk // 2)
    if chaos < 0:
        chaos = 0
    return (chaos << 10) - ready - free


def flip(pile: bytes) -> bytes:
    """Turn the top card face up if it is face down."""
    if pile and pile[-1] >= DOWN:
        return pile[:-1] + bytes((pile[-1] - DOWN,))
    return pile


class SolverGame:
    """One position's deal and rules, as the solver sees them.

    Attributes:
        deals: the deals still in the stock, in order, as card bytes (pile 0 first).
        auto: runs are removed as part of the move or deal completing them.
        onto_empty: a deal is legal while a pile is empty.
        root: the position solved.
        removed: runs removed before the root.
    """

    __slots__ = ("auto", "deals", "onto_empty", "removed", "root")

    def __init__(
        self,
        root: Position,
        deals: list[bytes],
        removed: int,
        auto: bool,
        onto_empty: bool,
    ) -> None:
        self.root = root
        self.deals = deals
        self.removed = removed
        self.auto = auto
        self.onto_empty = onto_empty

    def disorder(self, piles: Position, removed: int) -> int:
        """The evaluation of a position with `removed` runs removed in all (lower is better)."""
        return sum(map(pile_cost, piles)) - _W_RUN * removed

    def deal(self, piles: Position, dealt: int) -> tuple[Position, int]:
        """The position after deal number `dealt`, and how many runs it removed."""
        new = list(piles)
        lifted = 0
        auto = self.auto
        for pile, card in enumerate(self.deals[dealt]):
            cards = new[pile] + bytes((card,))
            if auto and card & 15 == 1 and run_length(cards) == _RUN:
                cards = flip(cards[:-_RUN])
                lifted += 1
            new[pile] = cards
        return tuple(new), lifted

    def children(
        self, piles: Position, dealt: int, complete: bool
    ) -> list[tuple[int, Position, int, int]]:
        """The successors of a position: (move code, piles, deals made, runs lifted).

        With `complete`, every legal move except those that only permute piles once the
        stock is empty (a unit moved onto an empty pile other than the first; a whole
        pile moved onto an empty pile): exact. Without, the finding search's selection:
        partial units only onto their own suit, one empty pile as target, whole piles
        never moved onto an empty pile.
        """
        out: list[tuple[int, Position, int, int]] = []
        auto = self.auto
        stock_empty = dealt == len(self.deals)
        empty = [pile for pile in range(10) if not piles[pile]]
        targets_of: list[list[int]] = [[] for _ in range(15)]
        for pile in range(10):
            cards = piles[pile]
            if cards:
                targets_of[cards[-1] & 15].append(pile)
        if not auto:
            for pile in range(10):
                cards = piles[pile]
                if cards and cards[-1] & 15 == 1 and run_length(cards) == _RUN:
                    new = list(piles)
                    new[pile] = flip(cards[:-_RUN])
                    out.append((REMOVE | pile, tuple(new), dealt, 1))
        empty_targets = empty if (complete and not stock_empty) else empty[:1]
        for source in range(10):
            cards = piles[source]
            if not cards:
                continue
            run = run_length(cards)
            size = len(cards)
            for count in range(1, run + 1):
                bottom = cards[-count]
                rest = flip(cards[:-count])
                unit = cards[-count:]
                for target in targets_of[(bottom & 15) + 1]:
                    below = piles[target]
                    if not complete and count < run and below[-1] != bottom + 1:
                        continue
                    joined = below + unit
                    lifted = 0
                    if auto and joined[-1] & 15 == 1 and run_length(joined) == _RUN:
                        joined = flip(joined[:-_RUN])
                        lifted = 1
                    new = list(piles)
                    new[source] = rest
                    new[target] = joined
                    out.append((source << 8 | count << 4 | target, tuple(new), dealt, lifted))
                if empty_targets and (count < size or (complete and not stock_empty)):
                    lifted = 0
                    if auto and count == _RUN and unit[-1] & 15 == 1:
                        lifted = 1  # a complete run moved onto an empty pile goes at once
                        joined = b""
                    else:
                        joined = unit
                    for target in empty_targets:
                        new = list(piles)
                        new[source] = rest
                        new[target] = joined
                        out.append((source << 8 | count << 4 | target, tuple(new), dealt, lifted))
        if dealt < len(self.deals) and (self.onto_empty or not empty):
            new_piles, lifted = self.deal(piles, dealt)
            out.append((DEAL, new_piles, dealt + 1, lifted))
        return out

    def options(self, piles: Position, dealt: int) -> list[tuple[int, Position, int, int]]:
        """The finding search's moves from a position, as `children` gives them.

        A complete run waiting to be removed is removed, and nothing else is offered. A
        unit that is only the top part of its same-suit run moves only onto a card of its
        own suit that makes a longer run than the one it leaves. Of the empty piles only
        the first is a target; once the stock is empty, no whole pile and no part of a run
        moves onto it. A deal is offered when legal.
        """
        out: list[tuple[int, Position, int, int]] = []
        auto = self.auto
        get = _facts_cache.get
        runs = [0] * 10
        empty = -1
        targets_of: list[list[int]] = [[] for _ in range(15)]
        for pile in range(10):
            cards = piles[pile]
            if cards:
                run = (get(cards) or pile_facts(cards))[3]
                if run == _RUN and not auto:
                    new = list(piles)
                    new[pile] = flip(cards[:-_RUN])
                    return [(REMOVE | pile, tuple(new), dealt, 1)]
                runs[pile] = run
                targets_of[cards[-1] & 15].append(pile)
            elif empty < 0:
                empty = pile
        stock_left = dealt < len(self.deals)
        for source in range(10):
            cards = piles[source]
            if not cards:
                continue
            run = runs[source]
            size = len(cards)
            for count in range(1, run + 1):
                bottom = cards[-count]
                rest = b""
                for target in targets_of[(bottom & 15) + 1]:
                    below = piles[target]
                    same_suit = below[-1] == bottom + 1
                    if count < run and (not same_suit or runs[target] + count <= run):
                        continue
                    if not rest:
                        rest = flip(cards[:-count])
                    joined = below + cards[-count:]
                    lifted = 0
                    if auto and same_suit and runs[target] + count >= _RUN and joined[-1] & 15 == 1:
                        joined = flip(joined[:-_RUN])
                        lifted = 1
                    new = list(piles)
                    new[source] = rest
                    new[target] = joined
                    out.append((source << 8 | count << 4 | target, tuple(new), dealt, lifted))
                if empty >= 0 and (stock_left or (count == run and count < size)):
                    new = list(piles)
                    new[source] = rest or flip(cards[:-count])
                    new[empty] = cards[-count:]
                    out.append((source << 8 | count << 4 | empty, tuple(new), dealt, 0))
        if stock_left and (self.onto_empty or empty < 0):
            new_piles, lifted = self.deal(piles, dealt)
            out.append((DEAL, new_piles, dealt + 1, lifted))
        return out


def from_state(state: GameState) -> SolverGame:
    """The solver's model of `state` (every card known)."""
    piles = []
    for pile in state.piles:
        down = bytes(_byte(card) + DOWN for card in pile.face_down)
        up = bytes(_byte(card) for card in pile.face_up)
        piles.append(down + up)
    stock = state.stock  # stock[-1] is dealt first, onto pile 1
    sizes = state.rules.shape.deal_sizes[len(state.rules.shape.deal_sizes) - state.deals_left :]
    deals = []
    position = len(stock)
    for size in sizes:
        deal = stock[position - size : position][::-1]
        position -= size
        deals.append(bytes(_byte(card) for card in deal))
    rules = state.rules
    return SolverGame(
        tuple(piles),
        deals,
        len(state.runs_removed),
        rules.auto_remove_runs,
        rules.deal_onto_empty,
    )


Expand = Callable[[Position, int, bool], list[tuple[int, Position, int, int]]]
