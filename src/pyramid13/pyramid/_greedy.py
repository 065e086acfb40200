"""The greedy player's judgement of a move: the rules of thumb players are taught.

Shared by `GreedyBot` and `hint` (which falls back on it when the solver cannot decide).

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import functools

from .._base.cards import Card
from ._geometry import COVERED_BY, COVERS, SLOTS, available_slots
from ._layout import Layout
from ._moves import Move
from ._state import GameState

__all__ = ["greedy_move", "rank_moves"]

_KING = 10_000
_PER_PYRAMID_CARD = 100
_WASTE_TOP = 30
_PER_UNCOVERED = 5
_PRECARIOUS = 40
_KILLS = -1_000


def _closure(table: tuple[int, ...], slot: int) -> int:
    found = 0
    todo = table[slot]
    while todo:
        low = todo & -todo
        todo ^= low
        if not found & low:
            found |= low
            todo |= table[low.bit_length() - 1]
    return found


@functools.lru_cache(maxsize=64)
def _meets(layout: Layout, overlap: bool) -> tuple[int, ...]:
    """For each slot: the slots whose card pairs with its card and can be available with it."""
    cards = layout.pyramid
    table = []
    for slot in range(SLOTS):
        blocked = _closure(COVERED_BY, slot) | _closure(COVERS, slot)
        if overlap:
            blocked &= ~(COVERED_BY[slot] | COVERS[slot])
        table.append(
            sum(
                1 << other
                for other in range(SLOTS)
                if cards[other].value + cards[slot].value == 13 and not blocked >> other & 1
            )
        )
    return tuple(table)


def rank_moves(state: GameState) -> list[tuple[int, Move]]:
    """Every legal move with the greedy score, best first (ties keep `legal_moves` order).

    Rules of thumb, in order of weight: a King goes at once; a move that leaves some
    pyramid card with no partner able to reach it is avoided; pyramid cards are preferred
    to talon cards; the waste top is used before a draw buries it; removals that uncover
    cards are preferred; a pair whose card is the last reachable partner of a buried
    pyramid card waits. Draws and recycles score 0.
    """
    legal = state.legal_moves()
    if not legal:
        return []
    pyramid = state.pyramid
    layout = state.layout
    meets = _meets(layout, state.rules.overlap_pairing)
    slot_of = {card: slot for slot, card in enumerate(layout.pyramid)}
    mask = sum(1 << slot for slot, card in enumerate(pyramid) if card is not None)
    talon: list[Card] = list(state.stock)
    for pile in state.waste_piles:
        talon.extend(pile)
    talon_values = [0] * 14
    for card in talon:
        talon_values[card.value] += 1
    waste_tops = {pile[-1] for pile in state.waste_piles if pile}
    available = len(available_slots(mask))

    def partners(slot: int, mask_after: int, talon_after: list[int]) -> int:
        value = layout.pyramid[slot].value
        return (meets[slot] & mask_after).bit_count() + talon_after[13 - value]

    scored = []
    for move in legal:
        if not move.is_removal:
            scored.append((0, move))
            continue
        if len(move.cards) == 1:
            scored.append((_KING, move))
            continue
        score = 0
        removed = 0
        mask_after = mask
        talon_after = list(talon_values)
        for card in move.cards:
            slot = slot_of.get(card)
            if slot is not None and mask >> slot & 1:
                mask_after &= ~(1 << slot)
                removed += 1
                score += _PER_PYRAMID_CARD
            else:
                talon_after[card.value] -= 1
                if card in waste_tops:
                    score += _WASTE_TOP
        score += _PER_UNCOVERED * (len(available_slots(mask_after)) - available + removed)
        for slot in range(SLOTS):
            if not mask_after >> slot & 1 or layout.pyramid[slot].value == 13:
                continue
            left = partners(slot, mask_after, talon_after)
            if left == 0:
                score += _KILLS
                break
            if (
                left == 1
                and COVERED_BY[slot] & mask_after
                and partners(slot, mask, talon_values) > 1
            ):
                score -= _PRECARIOUS
        scored.append((score, move))
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
    return [scored[i] for i in order]


def greedy_move(state: GameState) -> Move | None:
    """The greedy player's move, or None when the game is over.

    The best-scoring removal when it is not harmful; otherwise a draw or recycle when
    one is legal; otherwise the least harmful removal.
    """
    ranked = rank_moves(state)
    if not ranked:
        return None
    removals = [move for score, move in ranked if move.is_removal]
    if not removals:
        return ranked[0][1]
    if ranked[0][0] > 0 or len(removals) == len(ranked):
        return ranked[0][1] if ranked[0][1].is_removal else removals[0]
    if _went_round(state):
        return removals[0]  # waiting did not help: a whole turn of the talon without a removal
    return next(move for _, move in ranked if not move.is_removal)


def _went_round(state: GameState) -> bool:
    """True when the last removal is at least a full turn of the talon ago (every talon
    card drawn and the stock recycled), so drawing on would only repeat the cycle."""
    turn = len(state.stock) + sum(len(pile) for pile in state.waste_piles) + 1
    current: GameState | None = state
    for _ in range(turn):
        if current is None or current.last_move is None or current.last_move.is_removal:
            return False
        current = current.previous
    return True
