"""The greedy Spider player's rules of thumb, from what a player sees (an `Observation`).

Each legal move gets a score; the best positive one is played, else the deal, else the
least bad move. Positive moves are: a run removal; a move that turns a face-down card
over; a move that joins a unit to a card of its own suit; a move that empties a pile onto
another pile. Each of those lowers (face-down cards, broken same-suit joins, non-empty
piles) in that order, so positive moves alone never repeat a position.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from .._base.cards import Card
from ._moves import Move, MoveKind
from ._observation import Observation

__all__ = ["greedy_move", "move_scores"]


def _continues(below: Card, above: Card) -> bool:
    return below.suit is above.suit and below.value == above.value + 1


def move_scores(observation: Observation) -> list[tuple[int, Move]]:
    """Every legal move with its greedy score (higher is better), in legal-move order."""
    piles = observation.piles
    scored = []
    for move in observation.legal_moves():
        kind = move.kind
        if kind is MoveKind.REMOVE:
            scored.append((1000, move))
            continue
        if kind is MoveKind.DEAL:
            scored.append((0, move))
            continue
        source = piles[move.source]  # type: ignore[index]
        target = piles[move.target]  # type: ignore[index]
        count: int = move.count  # type: ignore[assignment]
        up = source.face_up
        bottom = up[-count]
        below = up[-count - 1] if count < len(up) else None
        score = 0
        if below is None:
            if source.face_down_count:
                score += 100 + 5 * (8 - source.face_down_count)  # turns a card over
            elif target.face_up:
                score += 60  # empties a pile
            else:
                score -= 200  # a whole pile onto an empty pile changes nothing
        elif _continues(below, bottom):
            score -= 100  # splits a same-suit run
        elif below.value == bottom.value + 1:
            score -= 20  # leaves a card of the right rank, wrong suit
        if target.face_up:
            if target.face_up[-1].suit is bottom.suit:
                score += 30 + count
        else:
            score -= 70  # uses up an empty pile
        scored.append((score, move))
    return scored


def greedy_move(observation: Observation) -> Move | None:
    """The greedy player's move, or None when there is no legal move."""
    scored = move_scores(observation)
    if not scored:
        return None
    best_score, best = max(scored, key=lambda item: item[0])  # first of equals
    if best_score > 0:
        return best
    if Move.DEAL in observation.legal_moves():
        return Move.DEAL
    if observation.deals_left:
        # The deal waits for the empty piles: fill one, from a pile that keeps a card.
        piles = observation.piles
        fills = [
            (score, move)
            for score, move in scored
            if move.kind is MoveKind.UNIT
            and not piles[move.target].face_up  # type: ignore[index]
            and len(piles[move.source]) > move.count  # type: ignore[index,operator]
        ]
        if fills:
            return max(fills, key=lambda item: item[0])[1]
    return best
