"""The greedy player's judgement of a move: the rules of thumb players are taught.

Shared by `GreedyBot` and `hint` (which falls back on it when the solver cannot decide).
It reads only what a player sees, from a `GameState` or its `Observation` alike: the
pyramid, the waste, the history and the legal moves; the cards still in the talon are
known as a set (the deck less the pyramid and the cards removed), never in their order.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import functools
from typing import Any

from .._base.cards import Card
from ._geometry import COVERED_BY, COVERS, SLOTS, available_slots
from ._moves import Move

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


@functools.lru_cache(maxsize=2)
def _blocked(overlap: bool) -> tuple[int, ...]:
    """For each slot: the slots whose card can never be available together with its card."""
    table = []
    for slot in range(SLOTS):
        blocked = _closure(COVERED_BY, slot) | _closure(COVERS, slot)
        if overlap:
            blocked &= ~(COVERED_BY[slot] | COVERS[slot])
        table.append(blocked)
    return tuple(table)


@functools.lru_cache(maxsize=256)
def _meets(pyramid: tuple[Card | None, ...], overlap: bool) -> tuple[int, ...]:
    """For each slot: the slots whose card pairs with its card and can be available with it."""
    blocked = _blocked(overlap)
    table = []
    for slot in range(SLOTS):
        card = pyramid[slot]
        if card is None:
            table.append(0)
            continue
        table.append(
            sum(
                1 << other
                for other in range(SLOTS)
                if (partner := pyramid[other]) is not None
                and partner.value + card.value == 13
                and not blocked[slot] >> other & 1
            )
        )
    return tuple(table)


def _talon(view: Any) -> list[Card]:
    """The cards of the stock and the waste, as a set, never in their order: a state's
    stock and waste, or an observation's remembered and unseen stock cards and waste (the
    same cards)."""
    unseen = getattr(view, "unseen", None)
    if unseen is None:  # a GameState: which cards its stock holds, never their order
        cards = list(view.stock)
    else:  # an Observation: the stock cards remembered, and the unseen ones
        cards = [card for card in view.stock if card is not None]
        cards.extend(unseen)
    for pile in view.waste_piles:
        cards.extend(pile)
    return cards


def rank_moves(view: Any) -> list[tuple[int, Move]]:
    """Every legal move with the greedy score, best first (ties keep `legal_moves` order).

    Rules of thumb, in order of weight: a King goes at once; a move that leaves some
    pyramid card with no partner able to reach it is avoided; pyramid cards are preferred
    to talon cards; the waste top is used before a draw buries it; removals that uncover
    cards are preferred; a pair whose card is the last reachable partner of a buried
    pyramid card waits. Draws and recycles score 0.

    Args:
        view: a `GameState` or its `Observation`; only what the player sees is read.
    """
    legal = view.legal_moves()
    if not legal:
        return []
    pyramid = view.pyramid
    meets = _meets(pyramid, view.rules.overlap_pairing)
    slot_of = {card: slot for slot, card in enumerate(pyramid) if card is not None}
    mask = sum(1 << slot for slot, card in enumerate(pyramid) if card is not None)
    talon_values = [0] * 14
    for card in _talon(view):
        talon_values[card.value] += 1
    waste_tops = {pile[-1] for pile in view.waste_piles if pile}
    available = len(available_slots(mask))

    def partners(slot: int, mask_after: int, talon_after: list[int]) -> int:
        card = pyramid[slot]
        assert card is not None
        value: int = card.value
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
            if slot is not None:
                mask_after &= ~(1 << slot)
                removed += 1
                score += _PER_PYRAMID_CARD
            else:
                talon_after[card.value] -= 1
                if card in waste_tops:
                    score += _WASTE_TOP
        score += _PER_UNCOVERED * (len(available_slots(mask_after)) - available + removed)
        for slot in range(SLOTS):
            card = pyramid[slot]
            if not mask_after >> slot & 1 or card is None or card.value == 13:
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


def greedy_move(view: Any) -> Move | None:
    """The greedy player's move, or None when the game is over.

    The best-scoring removal when it is not harmful; otherwise a draw or recycle when
    one is legal; otherwise the least harmful removal.

    Args:
        view: a `GameState` or its `Observation`; only what the player sees is read.
    """
    ranked = rank_moves(view)
    if not ranked:
        return None
    removals = [move for score, move in ranked if move.is_removal]
    if not removals:
        return ranked[0][1]
    if ranked[0][0] > 0 or len(removals) == len(ranked):
        return ranked[0][1] if ranked[0][1].is_removal else removals[0]
    if _went_round(view):
        return removals[0]  # waiting did not help: a whole turn of the talon without a removal
    return next(move for _, move in ranked if not move.is_removal)


def _went_round(view: Any) -> bool:
    """True when the last removal is at least a full turn of the talon ago (every talon
    card drawn and the stock recycled), so drawing on would only repeat the cycle."""
    turn = len(_talon(view)) + 1
    history = view.history
    return len(history) >= turn and not any(move.is_removal for move in history[-turn:])
