"""Whether a position can occur: the checks a position code passes before it is read.

A position is reachable when some deal and some sequence of legal moves lead to it. The
deal is free (a code does not say where removed cards lay), so what a position must
satisfy is what every legal game keeps true. `check_reachable` tests these facts, each
of which holds in every game under the given rules:

1. Removals take a King alone or two cards whose values sum to 13, so among the removed
   cards (those in none of the pyramid, stock and waste) there are as many of each value
   1..6 as of its complement (aces as queens, twos as jacks, ..., sixes as sevens).
2. Where no two stock or waste cards can ever be removed together (one waste pile,
   without `RuleSet.stock_top_pairable` and `RuleSet.waste_pairing`), each removed stock
   or waste card went alone (a King) or with a pyramid card: the removed talon cards
   number at most the removed pyramid slots plus the removed Kings.
3. Without `RuleSet.overlap_pairing`, a pyramid card is removed in a pair only with a card
   that is exposed at the same time, never one lying on it. When the removed slots are
   exactly one slot and every slot lying on it, directly or not (the apex and the whole
   pyramid, say), its card went last, so it went alone or with a stock or waste card: a
   King must be among the removed cards, or some stock or waste card must be gone.
4. The stock and waste sizes follow from the draws: on pass 1 the stock starts with 24
   cards (23 with `RuleSet.first_card_to_waste`, the other on waste pile 1), on a later
   pass with every card left in the stock and waste, all piles empty; a draw moves
   `RuleSet.draw_count` cards (with several piles, one card onto each pile, pile 1 first)
   or what is left; a card leaves a pile only from its top, and the stock only by a draw
   or, with `RuleSet.stock_top_pairable`, a removal of its top card.
5. The score of a shipped policy: always 0 without scoring; under ``microsoft``, exactly
   5 per removal (the removed Kings plus half the other removed cards) plus the bonus of
   every cleared row; under ``cardems``, 10 per removed card less at most 10 per recycle
   (pass number - 1), never below 0, a multiple of 10, plus 100 and 5 per stock and waste
   card left once the game is won. Scores of your own policies are not checked.

Checks 1 to 3 are exactly the conditions under which the removed cards can be taken from
the removed slots by legal removals, if each removed stock or waste card can be brought
to the top when needed; an exhaustive search over every set of removed slots, number of
removed Kings and of removed talon cards confirms it (see the tests). Check 4 is exactly
what counting cards through draws, removals from the tops and recycles allows. A code
that passes every check can still, in rare cases, describe a position that the order of
the stock forbids; no reachable position is ever rejected.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._base.cards import DECK, Card
from .._base.errors import InvalidPositionError
from ._geometry import COVERED_BY, ROW_MASKS, ROWS, SLOTS, position_of
from ._layout import STOCK_SIZE
from ._rules import Goal, RuleSet
from ._scoring import MICROSOFT_ROW_BONUS, CardemsScoring, MicrosoftScoring, NoScoring

__all__ = ["check_reachable"]

_RANK_NAMES = ("", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
               "ten", "jack", "queen", "king")  # fmt: skip


def _cone(slot: int) -> int:
    """Mask of `slot` and every slot lying on it, directly or not."""
    mask = 1 << slot
    todo = [slot]
    while todo:
        covering = COVERED_BY[todo.pop()]
        for upper in range(SLOTS):
            if covering >> upper & 1 and not mask >> upper & 1:
                mask |= 1 << upper
                todo.append(upper)
    return mask


#: Removed-slot masks that are one slot plus everything lying on it, by that slot.
_CONES = {_cone(slot): slot for slot in range(SLOTS)}


def check_reachable(
    rules: RuleSet,
    pyramid: Sequence[Card | None],
    stock: Sequence[Card],
    waste_piles: Sequence[Sequence[Card]],
    pass_number: int,
    score: int,
) -> None:
    """Raise `InvalidPositionError` if the position breaks one of the module's checks.

    The caller has already checked the fields one by one: no card twice, at most 24 cards
    in the stock and waste, no removed slot under a remaining card, the pass number
    within the rules.
    """
    present = {card for card in pyramid if card is not None}
    present.update(stock)
    for pile in waste_piles:
        present.update(pile)
    removed = [card for card in DECK if card not in present]
    removed_slots = sum(1 << slot for slot, card in enumerate(pyramid) if card is None)
    slots_gone = bin(removed_slots).count("1")
    talon_gone = len(removed) - slots_gone
    kings = sum(card.value == 13 for card in removed)
    _check_pairs(removed)
    _check_talon_partners(rules, slots_gone, talon_gone, kings)
    _check_last_pyramid_card(rules, removed_slots, talon_gone, kings)
    _check_talon(rules, len(stock), [len(pile) for pile in waste_piles], pass_number)
    _check_score(rules, removed, kings, removed_slots, pass_number, score, len(present))


def _check_pairs(removed: list[Card]) -> None:
    for value in range(1, 7):
        low = [str(card) for card in removed if card.value == value]
        high = [str(card) for card in removed if card.value == 13 - value]
        if len(low) != len(high):
            raise InvalidPositionError(
                f"the removed cards cannot have gone in legal removals (a King alone or two "
                f"cards summing to 13): {_count(low, value)} removed but "
                f"{_count(high, 13 - value)}"
            )


def _count(cards: list[str], value: int) -> str:
    name = _RANK_NAMES[value]
    if not cards:
        return f"no {name}"
    plural = "s" if len(cards) > 1 else ""
    return f"{len(cards)} {name}{plural} ({' '.join(cards)})"


def _check_talon_partners(rules: RuleSet, slots_gone: int, talon_gone: int, kings: int) -> None:
    if rules.waste_piles > 1 or rules.stock_top_pairable or rules.waste_pairing:
        return  # two talon cards can be removed together
    if talon_gone > slots_gone + kings:
        raise InvalidPositionError(
            f"{talon_gone} stock and waste cards are gone, but under these rules such a card "
            f"goes only alone (a King) or with a pyramid card, and only {slots_gone} pyramid "
            f"card(s) and {kings} King(s) are gone"
        )


def _check_last_pyramid_card(
    rules: RuleSet, removed_slots: int, talon_gone: int, kings: int
) -> None:
    peak = _CONES.get(removed_slots)
    if peak is None or rules.overlap_pairing or kings or talon_gone:
        return
    row, col = position_of(peak)
    where = f"row {row + 1}, slot {col + 1} and every slot lying on it"
    if peak == 0:
        where = "the whole pyramid"
    raise InvalidPositionError(
        f"the removed pyramid slots are {where}: the card of row {row + 1}, slot {col + 1} "
        "went last, so alone or with a stock or waste card, but no King is among the removed "
        "cards and no stock or waste card is gone"
    )


def _check_talon(rules: RuleSet, stock: int, piles: list[int], pass_number: int) -> None:
    if _talon_possible(rules, stock, piles, pass_number):
        return
    first = rules.first_card_to_waste and pass_number == 1
    start = (
        f"{STOCK_SIZE - 1} cards (the first card starts on the waste)"
        if first
        else f"{STOCK_SIZE} cards"
        if pass_number == 1
        else "every card left in the stock and waste, the waste empty"
    )
    if rules.waste_piles > 1:
        draw = (
            f"a draw deals one card onto each of the {rules.waste_piles} waste piles, pile 1 first"
        )
    else:
        draw = f"a draw moves {rules.draw_count} card(s) onto the waste"
    leaves = "draws and removals of its top card" if rules.stock_top_pairable else "draws alone"
    sizes = "/".join(map(str, piles))
    raise InvalidPositionError(
        f"a stock of {stock} card(s) with waste pile(s) of {sizes} card(s) cannot occur on "
        f"pass {pass_number}: the stock starts that pass with {start}, {draw}, cards leave "
        f"the stock by {leaves}, and a waste pile only loses cards from its top"
    )


def _talon_possible(rules: RuleSet, stock: int, piles: list[int], pass_number: int) -> bool:
    """Whether counting cards through the draws of this pass allows these sizes.

    On this pass, ``draws`` full draws and perhaps one last partial draw of ``extra`` cards
    (only when it emptied the stock) dealt cards onto the piles; each pile holds at most
    what it was dealt (plus the first card, on pass 1); the stock lost the dealt cards and
    ``tops`` removals of its top card.
    """
    many = rules.waste_piles > 1
    per_draw = rules.waste_piles if many else rules.draw_count
    first = 1 if rules.first_card_to_waste and pass_number == 1 else 0
    for draws in range(STOCK_SIZE + 1):
        for extra in range(per_draw if stock == 0 else 1):
            dealt = draws * per_draw + extra
            if stock + dealt > STOCK_SIZE:
                return False
            if many:
                fits = all(
                    size <= draws + (index < extra) + (first if index == 0 else 0)
                    for index, size in enumerate(piles)
                )
            else:
                fits = piles[0] <= dealt + first
            if not fits:
                continue
            if pass_number == 1:
                tops = STOCK_SIZE - first - stock - dealt
                if tops == 0 or (tops > 0 and rules.stock_top_pairable):
                    return True
            elif stock + dealt >= 1 or rules.stock_top_pairable:
                # The stock started the pass with stock + dealt (+ its removed tops) cards,
                # at least 1 since the recycle needed a card.
                return True
    return False


def _check_score(
    rules: RuleSet,
    removed: list[Card],
    kings: int,
    removed_slots: int,
    pass_number: int,
    score: int,
    present: int,
) -> None:
    policy = rules.scoring
    if policy == NoScoring():
        if score:
            raise InvalidPositionError(
                f"the score must be 0 under rules without scoring, not {score}"
            )
    elif policy == MicrosoftScoring():
        removals = kings + (len(removed) - kings) // 2
        cleared = [row for row in range(ROWS) if not ~removed_slots & ROW_MASKS[row]]
        bonus = sum(MICROSOFT_ROW_BONUS[row] for row in cleared)
        expected = 5 * removals + bonus
        if score != expected:
            raise InvalidPositionError(
                f"under microsoft scoring this position scores {expected} (5 for each of its "
                f"{removals} removal(s) plus {bonus} for its {len(cleared)} cleared row(s)), "
                f"not {score}"
            )
    elif policy == CardemsScoring():
        _check_cardems(rules, len(removed), removed_slots, pass_number, score, present)


def _check_cardems(
    rules: RuleSet, removed: int, removed_slots: int, pass_number: int, score: int, present: int
) -> None:
    talon_left = present - (SLOTS - bin(removed_slots).count("1"))
    won = removed_slots == (1 << SLOTS) - 1 and (rules.goal is Goal.PYRAMID or not talon_left)
    high = 10 * removed
    low = max(0, high - 10 * (pass_number - 1))
    bonus = 100 + 5 * talon_left if won else 0
    before = score - bonus
    if low <= before <= high and before % 10 == 0:
        return
    won_text = f", plus {bonus} for the win" if won else ""
    raise InvalidPositionError(
        f"under cardems scoring this position scores a multiple of 10 from {low} to {high} "
        f"({removed} card(s) removed, 10 each, less at most 10 for each of {pass_number - 1} "
        f"recycle(s), never below 0){won_text}, not {score}"
    )
