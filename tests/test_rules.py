"""One test per rule of SPEC §3-8 and per edge named in the engine's issue, on hand-made deals."""

from __future__ import annotations

import itertools

import pytest
from dealing import MAX_MICROSOFT, NEUTRAL, SELF_CLEARING, SELF_CLEARING_MOVES, deal, play

import pyramid13 as p13
from pyramid13 import GameState, Move, RuleSet, Status

# The stock that NEUTRAL leaves, in the canonical order `deal` appends it in.
NEUTRAL_REST = "4C 5C 6C KC 3D 4D 5D 6D QD KD 3H 4H 5H 6H QH KH AS 2S 3S 4S 5S 6S QS KS"


# 4C (row 5, column 0) lies under KH and 9C, its partner.
OVERLAP = """
            7C
          7D  7H
        7S  8C  8D
      8H  8S  TS  9D
    9H  9S  TC  TD  TH
  4C  JC  JD  JH  JS  QC
KH  9C  AH  2C  2D  2H  3C
"""


def cards(text: str) -> tuple[p13.Card, ...]:
    return tuple(p13.Card.parse(token) for token in text.split())


def moves(text: str) -> set[Move]:
    return {Move.parse(token) for token in text.split()}


def draws(state: GameState, count: int) -> GameState:
    for _ in range(count):
        state = state.apply(Move.draw())
    return state


def test_neutral_deal_offers_only_a_draw() -> None:
    state = GameState.new(deal(NEUTRAL))
    assert state.legal_moves() == (Move.draw(),)
    assert state.stock == tuple(reversed(cards(NEUTRAL_REST)))
    assert state.waste_piles == ((),)


# -- geometry -------------------------------------------------------------------------------


def test_only_the_bottom_row_is_available_at_the_start() -> None:
    state = GameState.new(deal(NEUTRAL))
    assert state.exposed == cards("AC AD AH 2C 2D 2H 3C")


def test_a_card_is_available_once_both_covering_cards_are_gone() -> None:
    four = p13.Card.parse("4C")  # row 5, column 0: under KH and 9C
    state = GameState.new(deal(OVERLAP, "4D"))
    assert four not in state.exposed
    state = state.apply("KH")
    assert four not in state.exposed  # 9C still lies on it
    assert Move.parse("4C+9C") not in state.legal_moves()
    state = play(state, "draw", "4D+9C")
    assert four in state.exposed


# -- stock, waste, draw, recycle (SPEC §4) ---------------------------------------------------


def test_the_last_stock_card_is_drawn_and_the_stock_is_empty() -> None:
    layout = deal(NEUTRAL)
    state = draws(GameState.new(layout), 23)
    assert state.stock == cards("KS")
    state = state.apply("draw")
    assert state.stock == ()
    assert state.waste_piles == (layout.stock,)
    assert set(state.legal_moves()) == moves("KS")  # one pass: no draw, no recycle
    with pytest.raises(p13.IllegalMoveError, match="stock is empty"):
        state.apply("draw")


def test_removing_the_last_stock_card_from_the_stock_top_leaves_a_recycle() -> None:
    state = draws(GameState.new(deal(NEUTRAL), RuleSet.preset("microsoft")), 23)
    assert state.stock == cards("KS")
    assert Move.parse("KS") in state.legal_moves()
    state = state.apply("KS")
    assert state.stock == ()
    assert Move.recycle() in state.legal_moves()
    assert Move.draw() not in state.legal_moves()


def test_drawing_with_fewer_cards_than_draw_count_draws_what_is_left() -> None:
    layout = deal(NEUTRAL)
    state = draws(GameState.new(layout, RuleSet(draw_count=5)), 4)
    assert len(state.stock) == 4
    assert state.waste_piles == (layout.stock[:20],)
    state = state.apply("draw")
    assert state.stock == ()
    assert state.waste_piles == (layout.stock,)


def test_king_tut_draws_the_last_two_cards_after_a_removal() -> None:
    layout = deal(NEUTRAL, "4C 5C KD")
    state = GameState.new(layout, RuleSet.preset("king-tut"))
    state = play(state, "draw", "KD")
    assert state.waste_piles == (cards("4C 5C"),)
    state = play(draws(state, 7), "recycle")
    assert len(state.stock) == 23
    state = draws(state, 7)
    assert len(state.stock) == 2
    before = state.waste_piles[0]
    state = state.apply("draw")
    assert state.stock == ()
    assert state.waste_piles == (before + layout.stock[-2:],)


def test_drawing_with_fewer_cards_than_piles_fills_the_first_piles() -> None:
    layout = deal(NEUTRAL)
    state = draws(GameState.new(layout, RuleSet(waste_piles=5)), 4)
    assert len(state.stock) == 4
    piles = state.waste_piles
    state = state.apply("draw")
    assert state.stock == ()
    assert [len(pile) for pile in state.waste_piles] == [5, 5, 5, 5, 4]
    assert state.waste_piles[4] == piles[4]
    assert tuple(pile[-1] for pile in state.waste_piles[:4]) == layout.stock[20:]


def test_apophis_deals_the_last_two_cards_onto_piles_one_and_two() -> None:
    layout = deal(NEUTRAL, "KD 4C 5C")
    state = GameState.new(layout, RuleSet.preset("apophis"))
    state = play(state, "draw", "KD")  # pile 1 is empty again
    state = play(draws(state, 7), "recycle")
    assert len(state.stock) == 23
    state = draws(state, 7)
    assert len(state.stock) == 2
    last_two = state.stock[::-1]
    piles = state.waste_piles
    state = state.apply("draw")
    assert state.waste_piles == (
        (*piles[0], last_two[0]),
        (*piles[1], last_two[1]),
        piles[2],
    )


def test_recycling_one_pile_brings_the_cards_back_in_the_same_order() -> None:
    layout = deal(NEUTRAL)
    start = GameState.new(layout, RuleSet(passes=2))
    state = play(draws(start, 24), "recycle")
    assert state.stock == start.stock
    assert state.waste_piles == ((),)
    assert state.pass_number == 2
    state = draws(state, 3)
    assert state.waste_piles == (layout.stock[:3],)


def test_recycling_one_pile_keeps_the_order_around_a_removed_card() -> None:
    layout = deal(NEUTRAL, "4C KD 5C")
    state = play(GameState.new(layout, RuleSet(passes=2)), "draw", "draw", "KD")
    state = play(draws(state, 22), "recycle")
    kept = tuple(card for card in layout.stock if card != p13.Card.parse("KD"))
    assert state.stock == tuple(reversed(kept))


THREE_PILE_STOCK = "AS 2S 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S QD QH QS KC KD KH KS"


def test_recycling_three_piles_picks_up_pile_one_then_two_then_three() -> None:
    layout = deal(NEUTRAL, THREE_PILE_STOCK)
    state = draws(GameState.new(layout, RuleSet(waste_piles=3, passes=2)), 8)
    assert state.waste_piles == (
        cards("AS 3H 4D 5C 5S 6H QH KD"),
        cards("2S 3S 4H 5D 6C 6S QS KH"),
        cards("3D 4C 4S 5H 6D QD KC KS"),
    )
    state = state.apply("recycle")
    # Pile 1 from its top, then pile 2, then pile 3, each card onto the new stock: the
    # bottom card of pile 3 ends on top and is drawn next.
    assert state.stock == cards(
        "KD QH 6H 5S 5C 4D 3H AS  KH QS 6S 6C 5D 4H 3S 2S  KS KC QD 6D 5H 4S 4C 3D"
    )
    state = state.apply("draw")
    assert state.waste_piles == (cards("3D"), cards("4C"), cards("4S"))


@pytest.mark.parametrize("passes", [1, 2, 3])
def test_the_pass_limit_allows_passes_minus_one_recycles(passes: int) -> None:
    state = GameState.new(deal(NEUTRAL), RuleSet(passes=passes))
    for number in range(1, passes + 1):
        assert state.pass_number == number
        state = draws(state, 24)
        if number < passes:
            state = state.apply("recycle")
    assert Move.recycle() not in state.legal_moves()
    with pytest.raises(p13.IllegalMoveError, match=f"allow {passes} pass"):
        state.apply("recycle")
    assert state.pass_number == passes


def test_unlimited_passes_recycle_again_and_again() -> None:
    state = GameState.new(deal(NEUTRAL), RuleSet(passes=None))
    for _ in range(10):
        state = play(draws(state, 24), "recycle")
    assert state.pass_number == 11
    assert state.status is Status.PLAYING


def test_recycle_needs_an_empty_stock() -> None:
    state = GameState.new(deal(NEUTRAL), RuleSet(passes=None))
    with pytest.raises(p13.IllegalMoveError, match="stock is not empty"):
        state.apply("recycle")


def test_first_card_to_waste_starts_with_one_card_on_the_waste() -> None:
    layout = deal(NEUTRAL)
    for name in ("pysolfc", "relaxed"):
        state = GameState.new(layout, RuleSet.preset(name))
        assert state.waste_piles == ((layout.stock[0],),)
        assert len(state.stock) == 23
        assert state.stock[-1] == layout.stock[1]
        assert state.pass_number == 1
        assert state.history == ()
    state = GameState.new(layout, RuleSet(waste_piles=3, first_card_to_waste=True))
    assert state.waste_piles == ((layout.stock[0],), (), ())
    state = state.apply("draw")
    assert state.waste_piles == (layout.stock[0:2], layout.stock[2:3], layout.stock[3:4])


# -- exposed cards and removals (SPEC §5) ----------------------------------------------------


def test_a_king_on_the_waste_is_removed_alone() -> None:
    state = GameState.new(deal(NEUTRAL, "KD"))
    assert Move.parse("KD") not in state.legal_moves()  # still face down in the stock
    state = state.apply("draw")
    assert set(state.legal_moves()) == moves("KD draw")
    state = state.apply("KD")
    assert state.waste_piles == ((),)


def test_a_king_on_the_stock_top_plays_only_when_the_stock_top_is_pairable() -> None:
    layout = deal(NEUTRAL, "KD")
    with pytest.raises(p13.IllegalMoveError, match="KD is not exposed"):
        GameState.new(layout).apply("KD")
    state = GameState.new(layout, RuleSet.preset("microsoft"))
    assert set(state.legal_moves()) == moves("KD draw")
    state = state.apply("KD")
    assert len(state.stock) == 23
    assert state.stock[-1] == p13.Card.parse("4C")  # the first card of NEUTRAL_REST


def test_the_stock_top_pairs_with_the_waste_top() -> None:
    state = GameState.new(deal(NEUTRAL, "AS QD"), RuleSet.preset("microsoft"))
    assert set(state.legal_moves()) == moves("draw")  # the stock top AS has no partner
    state = state.apply("draw")
    assert set(state.legal_moves()) == moves("AS+QD AC+QD AD+QD AH+QD draw")
    state = state.apply("AS+QD")
    assert state.waste_piles == ((),)
    assert state.stock[-1] == p13.Card.parse("4C")


def test_the_waste_top_pairs_with_an_available_pyramid_card() -> None:
    state = play(GameState.new(deal(NEUTRAL, "QD")), "draw")
    assert set(state.legal_moves()) == moves("AC+QD AD+QD AH+QD draw")
    state = state.apply("AD+QD")
    assert state.pyramid[22] is None
    assert state.waste_piles == ((),)


def test_waste_tops_pair_across_piles() -> None:
    state = GameState.new(deal(NEUTRAL, "AS 4C QD"), RuleSet(waste_piles=3))
    state = state.apply("draw")
    assert state.waste_piles == (cards("AS"), cards("4C"), cards("QD"))
    assert set(state.legal_moves()) == moves("AS+QD AC+QD AD+QD AH+QD draw")
    state = state.apply("AS+QD")
    assert state.waste_piles == ((), cards("4C"), ())


def test_waste_pairing_needs_a_card_beneath() -> None:
    rules = RuleSet(waste_pairing=True)
    state = play(GameState.new(deal(NEUTRAL, "AS QD"), rules), "draw")
    assert state.waste_piles == (cards("AS"),)  # a pile of one card: nothing beneath
    assert set(state.legal_moves()) == moves("draw")
    state = state.apply("draw")
    assert set(state.legal_moves()) == moves("AS+QD AC+QD AD+QD AH+QD draw")
    state = state.apply("AS+QD")
    assert state.waste_piles == ((),)


def test_waste_pairing_with_several_piles_pairs_within_a_pile() -> None:
    rules = RuleSet(waste_piles=2, waste_pairing=True)
    state = play(GameState.new(deal(NEUTRAL, "AS 4C QS 5C"), rules), "draw")
    assert state.waste_piles == (cards("AS"), cards("4C"))  # piles of one card
    assert set(state.legal_moves()) == moves("draw")
    state = state.apply("draw")
    assert state.waste_piles == (cards("AS QS"), cards("4C 5C"))
    assert set(state.legal_moves()) == moves("AS+QS AC+QS AD+QS AH+QS draw")
    state = state.apply("AS+QS")
    assert state.waste_piles == ((), cards("4C 5C"))


def test_without_waste_pairing_the_card_beneath_is_not_exposed() -> None:
    state = play(GameState.new(deal(NEUTRAL, "AS QD")), "draw", "draw")
    assert Move.parse("AS+QD") not in state.legal_moves()
    with pytest.raises(p13.IllegalMoveError, match="AS is not exposed"):
        state.apply("AS+QD")


def test_overlap_pairing_only_once_a_single_covering_card_is_left() -> None:
    state = GameState.new(deal(OVERLAP), RuleSet.preset("cardgames"))
    assert set(state.legal_moves()) == moves("KH draw")  # 4C lies under KH and 9C
    state = state.apply("KH")
    assert set(state.legal_moves()) == moves("4C+9C draw")
    state = state.apply("4C+9C")
    assert state.pyramid[15] is None
    assert state.pyramid[22] is None


def test_without_overlap_pairing_a_covered_card_never_pairs() -> None:
    state = play(GameState.new(deal(OVERLAP), RuleSet(passes=None)), "KH")
    assert set(state.legal_moves()) == moves("draw")
    with pytest.raises(p13.IllegalMoveError, match="4C is not exposed"):
        state.apply("4C+9C")


def test_removing_cards_moves_no_other_card() -> None:
    state = GameState.new(deal(OVERLAP), RuleSet.preset("cardgames"))
    after = play(state, "KH", "4C+9C")
    changed = [i for i in range(28) if state.pyramid[i] != after.pyramid[i]]
    assert changed == [15, 21, 22]


# -- goal, status (SPEC §6) ------------------------------------------------------------------


def test_clearing_the_pyramid_wins_with_cards_left_in_the_talon() -> None:
    state = play(GameState.new(SELF_CLEARING), *SELF_CLEARING_MOVES)
    assert state.pyramid == (None,) * 28
    assert len(state.stock) == 24
    assert state.status is Status.WON
    assert state.legal_moves() == ()
    with pytest.raises(p13.IllegalMoveError, match="game is over"):
        state.apply("draw")


def test_the_all_cards_goal_needs_the_talon_cleared_too() -> None:
    state = play(GameState.new(SELF_CLEARING, RuleSet.preset("pysolfc")), *SELF_CLEARING_MOVES)
    assert state.pyramid == (None,) * 28
    assert state.status is Status.PLAYING
    assert state.waste_piles == (cards("AH"),)
    assert len(state.stock) == 23
    # The talon pairs up: waste top with stock top, then draw and again.
    state = state.apply("AH+QH")
    hearts = ["2H+JH", "3H+TH", "4H+9H", "5H+8H", "6H+7H"]
    spades = ["AS+QS", "2S+JS", "3S+TS", "4S+9S", "5S+8S", "6S+7S"]
    for pair in hearts + spades:
        assert state.status is Status.PLAYING
        state = play(state, "draw", pair)
    assert state.stock == ()
    assert state.waste_piles == ((),)
    assert state.status is Status.WON
    assert state.legal_moves() == ()


LOCKED = """
            KC
          KD  KH
        KS  JC  JD
      JH  JS  TC  TD
    TH  TS  QC  QD  QH
  QS  AC  AD  AH  AS  3H
2C  2D  2H  2S  3C  3D  3S
"""


def test_lost_at_the_start_of_an_unlimited_game() -> None:
    # The bottom row wants Jacks and Tens; the stock holds only 4..9 and one waste pile.
    layout = deal(LOCKED)
    state = GameState.new(layout, RuleSet.preset("cardems"))
    assert state.status is Status.LOST
    assert state.legal_moves() == ()
    assert state.is_over
    # The same deal is alive when the stock top may pair with the waste top.
    assert GameState.new(layout, RuleSet.preset("microsoft")).status is Status.PLAYING


def test_a_waste_pairing_to_come_keeps_the_game_alive() -> None:
    # LOCKED's stock comes 4C 5C 6C 7C ...: only waste pairing can ever remove 6C+7C.
    layout = deal(LOCKED)
    assert GameState.new(layout).status is Status.LOST
    state = GameState.new(layout, RuleSet(waste_pairing=True))
    assert state.status is Status.PLAYING
    state = draws(state, 4)
    assert set(state.legal_moves()) == moves("6C+7C draw")


KING_TUT_LOCKED = """
            KC
          KD  KH
        KS  JC  JD
      JH  JS  TC  TD
    TH  TS  QC  QD  QH
  QS  AC  AD  AH  AS  3S
2C  2D  2H  2S  3C  3D  4H
"""


def test_lost_in_king_tut_when_the_only_partners_never_reach_the_top() -> None:
    # 4H wants a Nine; drawing three at a time, every Nine stays under another card.
    layout = deal(KING_TUT_LOCKED, "9C 9D 5C 9H 9S 5D")
    assert GameState.new(layout, RuleSet.preset("king-tut")).status is Status.LOST
    assert GameState.new(layout, RuleSet(passes=None)).status is Status.PLAYING


def test_lost_with_cards_left_in_the_stock() -> None:
    state = GameState.new(deal(NEUTRAL, "QD KC KD KH KS QH QS"), RuleSet(passes=2))
    state = play(draws(state, 24), "recycle")
    state = play(state, "draw", "draw", "KC", "draw", "KD", "draw", "KH", "draw", "KS")
    state = play(state, "draw", "draw")
    assert state.waste_piles == (cards("QD QH QS"),)
    assert state.status is Status.PLAYING
    state = state.apply("draw")  # a 4 buries the Queens for good: this is the last pass
    # Only cards of value 2..6 are left in the stock, and the bottom row wants J, Q, T.
    assert len(state.stock) == 16
    assert state.status is Status.LOST
    assert state.legal_moves() == ()
    with pytest.raises(p13.IllegalMoveError, match="game is over"):
        state.apply("draw")


def test_playing_while_a_removal_is_reachable_by_drawing() -> None:
    state = GameState.new(deal(NEUTRAL), RuleSet())
    assert state.legal_moves() == (Move.draw(),)
    assert state.status is Status.PLAYING


# -- scoring (SPEC §7) -----------------------------------------------------------------------


def test_no_scoring_stays_at_zero() -> None:
    state = play(GameState.new(SELF_CLEARING), *SELF_CLEARING_MOVES)
    assert state.score == 0


def test_cardems_scores_ten_per_card_and_floors_recycles_at_zero() -> None:
    state = GameState.new(deal(NEUTRAL, "KC QD"), RuleSet.preset("cardems"))
    state = draws(state, 24)
    state = state.apply("recycle")
    assert state.score == 0  # not -10
    state = play(state, "draw", "KC")
    assert state.score == 10
    state = play(state, "draw", "AC+QD")
    assert state.score == 30
    scores = []
    for _ in range(4):
        state = play(draws(state, len(state.stock)), "recycle")
        scores.append(state.score)
    assert scores == [20, 10, 0, 0]
    assert state.undo().score == 0
    assert state.undo().undo().score == 0
    floor = state
    for _ in range(26):
        floor = floor.undo()
    assert floor.score == 10


def test_cardems_win_bonus_counts_the_cards_left() -> None:
    rules = RuleSet.preset("cardems")
    state = play(GameState.new(SELF_CLEARING, rules), *SELF_CLEARING_MOVES)
    # 4 Kings (10) + 12 pairs (20) + win 100 + 24 cards left x 5
    assert state.score == 40 + 240 + 100 + 5 * 24
    state = play(GameState.new(SELF_CLEARING, rules), "draw", "draw", *SELF_CLEARING_MOVES)
    assert state.score == 40 + 240 + 100 + 5 * 24


def test_cardems_win_bonus_with_no_card_left() -> None:
    rules = RuleSet(passes=None, stock_top_pairable=True, scoring="cardems")
    state = _clear_max_microsoft(GameState.new(MAX_MICROSOFT, rules))[-1]
    assert state.status is Status.WON
    assert state.stock == ()
    assert state.score == 4 * 10 + 24 * 20 + 100


def test_cardems_win_bonus_waits_for_the_all_cards_goal() -> None:
    rules = RuleSet(
        passes=3,
        stock_top_pairable=True,
        first_card_to_waste=True,
        goal=p13.Goal.ALL_CARDS,
        scoring="cardems",
    )
    state = play(GameState.new(SELF_CLEARING, rules), *SELF_CLEARING_MOVES)
    assert state.status is Status.PLAYING
    assert state.score == 40 + 240  # the pyramid is clear, the game is not won yet
    state = state.apply("AH+QH")
    for pair in ["2H+JH", "3H+TH", "4H+9H", "5H+8H", "6H+7H"]:
        state = play(state, "draw", pair)
    for pair in ["AS+QS", "2S+JS", "3S+TS", "4S+9S", "5S+8S", "6S+7S"]:
        state = play(state, "draw", pair)
    assert state.status is Status.WON
    assert state.score == 40 + 240 + 12 * 20 + 100  # no card left for the bonus


def _clear_max_microsoft(state: GameState) -> list[GameState]:
    """Clear MAX_MICROSOFT bottom row first, each card with the stock top or alone."""
    states = [state]
    for row in range(6, -1, -1):
        for col in range(row + 1):
            card = state.pyramid[row * (row + 1) // 2 + col]
            assert card is not None
            if card.rank is p13.Rank.KING:
                state = state.apply(Move.remove(card))
            else:
                state = state.apply(Move.remove(card, state.stock[-1]))
            states.append(state)
    return states


def test_every_microsoft_row_bonus_and_the_maximum() -> None:
    states = _clear_max_microsoft(GameState.new(MAX_MICROSOFT, RuleSet.preset("microsoft")))
    gains = [after.score - before.score for before, after in itertools.pairwise(states)]
    assert len(gains) == 28
    bonuses = [gain - 5 for gain in gains if gain != 5]
    assert bonuses == [25, 50, 75, 100, 150, 250, 500]  # bottom row first
    assert states[-1].score == 1290
    assert states[-1].status is Status.WON


def test_microsoft_scores_removals_not_draws_or_recycles() -> None:
    state = GameState.new(deal(NEUTRAL, "4C KD"), RuleSet.preset("microsoft"))
    state = play(state, "draw", "KD")
    assert state.score == 5
    state = play(draws(state, len(state.stock)), "recycle", "draw")
    assert state.score == 5


def test_microsoft_row_bonuses_when_one_pair_clears_two_rows() -> None:
    rules = RuleSet(passes=None, overlap_pairing=True, scoring="microsoft")
    layout = deal(
        """
                    AC
                  QC  KC
                KD  JC  2C
              TC  3C  9C  4C
            KH  8C  5C  7C  6C
          QD  AD  JD  2D  TD  3D
        KS  9D  4D  8D  5D  7D  6D
        """
    )
    state = play(GameState.new(layout, rules), *SELF_CLEARING_MOVES[:-2], "KC")
    assert [card for card in state.pyramid if card] == list(cards("AC QC"))
    state = state.apply("AC+QC")  # overlap pairing: the apex with the card on it
    assert state.status is Status.WON
    assert state.score - state.undo().score == 5 + 250 + 500


def test_undo_restores_the_score_exactly() -> None:
    state = GameState.new(deal(NEUTRAL, "KC"), RuleSet.preset("cardems"))
    state = play(state, "draw", "KC")
    after = play(draws(state, 23), "recycle")
    assert after.score == 0
    assert after.undo().score == 10
    assert after.undo().pass_number == 1
    assert after.pass_number == 2
