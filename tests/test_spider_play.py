"""Spider rules, one edge at a time (SPEC-spider S2-S5), on hand-made deals."""

from __future__ import annotations

import attrs
import pytest
from spider_tables import play, table

from pyramid13 import Card, IllegalMoveError, InvalidLayoutError, Status, Suit, UndoError, spider
from pyramid13.spider import GameState, Move, RuleSet

OPEN = RuleSet.preset("open")  # pysolfc shape, every card face up, removal is a move


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(token) for token in text.split())


def moves_from(state: GameState, pile: int) -> list[str]:
    """The legal unit moves from pile `pile` (1..10), in notation."""
    return [str(m) for m in state.legal_moves() if m.is_unit and m.source == pile - 1]


# -- units ----------------------------------------------------------------------------------

SPLIT = ["9S 8S 7S 6S 5S 4S", "5H", "6H", "7H", "8H", "9H", "TH", "KD", "KC", "KD"]


def test_a_run_splits_at_every_point() -> None:
    state = table(OPEN, SPLIT)
    # 4S goes on the 5, 5S-4S on the 6, ... the whole run 9S..4S on the Ten.
    assert moves_from(state, 1) == ["1:1>2", "1:2>3", "1:3>4", "1:4>5", "1:5>6", "1:6>7"]
    run = cards("9S 8S 7S 6S 5S 4S")
    for count in range(1, 7):
        after = state.apply(f"1:{count}>{count + 1}")
        assert after.piles[0].face_up == run[: 6 - count]
        assert after.piles[count].face_up[-count - 1 :] == cards(SPLIT[count]) + run[6 - count :]
        assert after.undo() is state


def test_a_unit_that_is_not_one_suit_descending_does_not_move() -> None:
    state = table(OPEN, ["TH 9S 8S", "9D", "TC", "JH", "5C", "6C", "7C", "KD", "KC", "KD"])
    # 8S alone goes on the 9D; 9S-8S on the TC; TH-9S-8S is two suits and never moves.
    assert moves_from(state, 1) == ["1:1>2", "1:2>3"]
    with pytest.raises(IllegalMoveError, match="only the top 2 are"):
        state.apply("1:3>4")


def test_a_whole_pile_moves_and_any_unit_goes_onto_the_empty_pile() -> None:
    state = table(OPEN, SPLIT).apply("1:6>7")  # all six cards of pile 1
    assert state.piles[0].face_up == ()
    assert state.piles[0].face_down == ()
    # Every unit of every pile may go onto the empty pile 1, the Kings included.
    onto_1 = [move for move in moves_from(state, 7) if move.endswith(">1")]
    assert onto_1 == ["7:1>1", "7:2>1", "7:3>1", "7:4>1", "7:5>1", "7:6>1"]
    for pile in (8, 9, 10):
        assert f"{pile}:1>1" in moves_from(state, pile)
    assert state.apply("8:1>1").piles[0].face_up == cards("KD")


def test_a_king_goes_only_onto_an_empty_pile() -> None:
    state = table(OPEN, SPLIT)
    for pile in (8, 9, 10):  # Kings on top, no pile empty
        assert moves_from(state, pile) == []
    with pytest.raises(IllegalMoveError, match="King only goes onto an empty pile"):
        state.apply("8:1>2")


def test_a_unit_moves_onto_each_empty_pile_separately() -> None:
    piles = ["9S 8S 7S 6S 5S 4S", "5H", "6H", "7C 6C 5C 4C 3C 2C", "8H", "9H", "TH"]
    state = play(table(OPEN, [*piles, "KD", "KC", "8C"]), "1:6>7", "4:6>10")
    assert [str(m) for m in state.legal_moves() if m.source == 1] == ["2:1>1", "2:1>3", "2:1>4"]


# -- flips ----------------------------------------------------------------------------------


def test_a_move_flips_the_card_below_and_undo_turns_it_back() -> None:
    # PySolFC game 1 (SPEC-spider S9's data): pile 4 is KH 6H 8S JH 9C JC, pile 8 ends QC.
    start = GameState.new(spider.Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
    after = start.apply("4:1>8")
    assert after.piles[3] == spider.Pile(cards("KH 6H 8S JH"), cards("9C"))
    assert after.piles[7].face_up == cards("QC JC")
    assert after.undo().piles[3] == spider.Pile(cards("KH 6H 8S JH 9C"), cards("JC"))


SPADES_ONTO_PILE_1 = ["5D KS", "AS 2S 3S QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"]
BUILD_THE_RUN = [f"{pile}:1>1" for pile in range(2, 11)] + ["2:1>1"] * 3


def test_auto_removal_lifts_the_run_and_flips_the_card_below() -> None:
    rules = RuleSet.preset("bicycle")
    state = play(table(rules, SPADES_ONTO_PILE_1), *BUILD_THE_RUN[:-1])
    assert state.piles[0].face_up == cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
    after = state.apply("2:1>1")  # the Ace completes King..Ace: lifted off as part of the move
    assert after.runs_removed == (Suit.SPADES,)
    assert after.piles[0].face_up == cards("5D")
    assert len(after.piles[0].face_down) == 3
    assert not any(m.kind is spider.MoveKind.REMOVE for m in after.legal_moves())
    assert after.undo() is state


def test_manual_removal_is_a_move_that_flips_the_card_below() -> None:
    rules = RuleSet.preset("pysolfc")
    state = play(table(rules, SPADES_ONTO_PILE_1), *BUILD_THE_RUN)
    assert state.runs_removed == ()
    assert len(state.piles[0].face_up) == 13
    assert state.legal_moves()[0] == Move.remove(0)
    after = state.apply("remove 1")
    assert after.runs_removed == (Suit.SPADES,)
    assert after.piles[0] == spider.Pile(after.piles[0].face_down, cards("5D"))
    assert len(after.piles[0].face_down) == 4
    with pytest.raises(IllegalMoveError, match="not a complete King-to-Ace run"):
        after.apply("remove 1")


def test_removal_is_no_move_when_runs_leave_by_themselves() -> None:
    state = table(RuleSet.preset("microsoft"), SPADES_ONTO_PILE_1)
    with pytest.raises(IllegalMoveError, match="by themselves"):
        state.apply("remove 1")


# -- deals ----------------------------------------------------------------------------------

# Pile 5 holds 5H..9H (9H face up); pile 6 ends with TC: five moves empty pile 5.
EMPTY_PILE_5 = ["", "", "", "", "5H 6H 7H 8H 9H", "TC"]


@pytest.mark.parametrize("preset", ["bicycle", "microsoft", "pysolfc", "open"])
def test_no_deal_while_a_pile_is_empty(preset: str) -> None:
    rules = RuleSet.preset(preset)
    state = play(table(rules, EMPTY_PILE_5), *["5:1>6"] * 5)
    assert len(state.piles[4]) == 0
    assert Move.DEAL not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="no deal while a pile is empty \\(pile 5\\)"):
        state.apply("deal")


@pytest.mark.parametrize("preset", ["relaxed", "kpat"])
def test_relaxed_rules_deal_onto_an_empty_pile(preset: str) -> None:
    rules = RuleSet.preset(preset)
    start = table(rules, EMPTY_PILE_5)
    state = play(start, *["5:1>6"] * 5)
    assert state.legal_moves()[-1] == Move.DEAL
    after = state.apply("deal")
    assert after.piles[4].face_up == (start.layout.deals[0][4],)


def test_the_bicycle_stock_ends_with_a_deal_of_four() -> None:
    rules = RuleSet.preset("bicycle")
    deal = spider.Layout.shuffled(11, rules)
    state = play(GameState.new(deal, rules), *["deal"] * 5)
    assert (state.deals_left, len(state.stock)) == (1, 4)
    before = state.piles
    state = state.apply("deal")
    assert (state.deals_left, state.stock) == (0, ())
    for pile in range(10):
        added = state.piles[pile].face_up[len(before[pile].face_up) :]
        assert added == ((deal.deals[5][pile],) if pile < 4 else ())
    assert Move.DEAL not in state.legal_moves()


def test_the_final_deal_of_four_also_waits_for_empty_piles() -> None:
    # Pile 5 gets 8H 7H 6H 5H 4H from the five deals: 9H..4H on top, then 8H..5H below.
    deals = ["?? ?? ?? ?? 8H", "?? ?? ?? ?? 7H", "?? ?? ?? ?? 6H", "?? ?? ?? ?? 5H"]
    deals.append("?? ?? ?? ?? 4H TC 9C")
    empty = ["5:6>6", "5:1>7", "5:1>7", "5:1>7", "5:1>7"]
    state = play(table(RuleSet.preset("bicycle"), EMPTY_PILE_5[:5], deals), *["deal"] * 5, *empty)
    assert len(state.piles[4]) == 0
    assert state.deals_left == 1
    assert Move.DEAL not in state.legal_moves()
    relaxed = attrs.evolve(RuleSet.preset("bicycle"), deal_onto_empty=True)
    state = play(table(relaxed, EMPTY_PILE_5[:5], deals), *["deal"] * 5, *empty)
    assert len(state.apply("deal").piles[4]) == 0  # the deal of four reaches piles 1-4 only


# Eight one-suit runs: piles 1-4 hold KS..8S and piles 5-10 7S..3S, all face up. Deal 1
# brings four 2s and deal 2 four Aces onto piles 1-4: four runs complete at once. The rest
# are assembled from the later deals (see the moves below).
ONE_SUIT_CODE = (
    " / ".join(["KS QS JS TS 9S 8S"] * 4 + ["7S 6S 5S 4S 3S"] * 6)
    + " | "
    + " / ".join(
        [
            "2S 2S 2S 2S KS KS KS KS 2S 2S",
            "AS AS AS AS QS QS QS QS AS AS",
            "7S 4S AS 3S JS JS JS JS 8S 8S",
            "6S 3S 5S 2S TS TS TS TS 8S 7S",
            "5S 2S 4S AS 9S 9S 9S 9S 8S 6S",
        ]
    )
)
ONE_SUIT_RULES = RuleSet(shape="first-four", suits=1, deal_onto_empty=True, face_down=False)
BEFORE_THE_DEALS = ["5:5>1", "6:5>2", "7:5>3", "8:5>4"]
AFTER_THE_DEALS = ["9:1>5", "9:1>6", "9:1>7", "9:7>5", "10:3>8", "10:7>6"]
AFTER_THE_DEALS += ["1:3>7", "2:3>7", "3:2>8", "3:1>7", "4:3>8"]


def test_a_deal_completes_runs_on_several_piles_at_once() -> None:
    state = GameState.new(spider.Layout.parse(ONE_SUIT_CODE), ONE_SUIT_RULES)
    state = play(state, *BEFORE_THE_DEALS, "deal")
    assert state.runs_removed == ()
    state = state.apply("deal")
    assert state.runs_removed == (Suit.SPADES,) * 4
    assert [len(pile) for pile in state.piles[:4]] == [0, 0, 0, 0]


def test_a_won_game_has_eight_runs_removed_and_no_move() -> None:
    state = GameState.new(spider.Layout.parse(ONE_SUIT_CODE), ONE_SUIT_RULES)
    state = play(state, *BEFORE_THE_DEALS, *["deal"] * 5, *AFTER_THE_DEALS[:-1])
    assert (len(state.runs_removed), state.status) == (7, Status.PLAYING)
    state = state.apply(AFTER_THE_DEALS[-1])
    assert (len(state.runs_removed), state.status, state.legal_moves()) == (8, Status.WON, ())
    assert state.is_over
    assert all(len(pile) == 0 for pile in state.piles)
    with pytest.raises(IllegalMoveError, match="the game is over \\(won\\)"):
        state.apply("1:1>2")


def test_a_deal_buries_a_complete_run_until_it_is_uncovered() -> None:
    piles = ["KS QS JS TS 9S 8S", "2S", "AS", "?? 7S 6S 5S 4S 3S"]
    state = play(table(OPEN, piles, ["5D 6C"]), "4:5>1", "2:1>1", "3:1>1")
    assert Move.remove(0) in state.legal_moves()
    buried = state.apply("deal")
    assert buried.piles[0].face_up[-2:] == cards("AS 5D")
    assert Move.remove(0) not in buried.legal_moves()
    assert buried.runs_removed == ()
    uncovered = buried.apply("1:1>2")
    assert uncovered.legal_moves()[0] == Move.remove(0)
    assert uncovered.apply("remove 1").runs_removed == (Suit.SPADES,)


def test_a_game_with_no_move_left_is_lost() -> None:
    # The last two deals leave Kings and Jacks on 2s and 3s: nothing moves, the stock is out.
    deals = ["", "", "", "2C 2D 2H 2S 2C 2D 2H 2S 3C 3D", "KC KD KH KS KC KD KH KS JC JD"]
    state = play(table(RuleSet.preset("pysolfc"), (), deals), *["deal"] * 4)
    assert state.status is Status.PLAYING
    state = state.apply("deal")
    assert (state.status, state.legal_moves(), state.is_over) == (Status.LOST, (), True)
    with pytest.raises(IllegalMoveError, match="the game is over \\(lost\\)"):
        state.apply("deal")


# -- scoring --------------------------------------------------------------------------------


def test_microsoft_scoring_with_moves_deals_removals_and_undo_penalty() -> None:
    rules = attrs.evolve(ONE_SUIT_RULES, scoring="microsoft")
    state = GameState.new(spider.Layout.parse(ONE_SUIT_CODE), rules)
    assert state.score == 500
    state = play(state, *BEFORE_THE_DEALS, "deal")
    assert state.score == 500 - 5
    state = state.apply("deal")  # -1 for the deal, +100 for each of the four runs
    assert state.score == 500 - 6 + 400
    state = play(state, *["deal"] * 3, *AFTER_THE_DEALS)
    assert state.score == 500 - 20 + 800  # 20 moves and deals, 8 runs
    previous = state.previous
    assert previous is not None
    assert previous.previous is not None
    penalised = state.undo(penalty=True)
    assert penalised.score == previous.score - 1
    assert penalised != previous
    assert penalised.piles == previous.piles
    assert penalised.history == previous.history
    assert penalised.undo(penalty=True).score == previous.previous.score - 2
    assert state.undo() is previous  # the plain undo stays exact
    with pytest.raises(UndoError):
        GameState.new(spider.Layout.parse(ONE_SUIT_CODE), rules).undo(penalty=True)


def test_a_removal_move_costs_nothing_under_microsoft_scoring() -> None:
    rules = attrs.evolve(OPEN, scoring="microsoft")
    piles = ["KS QS JS TS 9S 8S", "2S", "AS", "?? 7S 6S 5S 4S 3S"]
    state = play(table(rules, piles), "4:5>1", "2:1>1", "3:1>1")
    assert state.score == 497
    assert state.apply("remove 1").score == 597


def test_scoring_none_keeps_zero_and_undo_penalty_changes_nothing() -> None:
    state = play(table(OPEN, SPLIT), "1:1>2")
    assert state.score == 0
    assert state.undo(penalty=True) is state.previous


# -- the deck and the start -----------------------------------------------------------------


@pytest.mark.parametrize("preset", RuleSet.preset_names())
@pytest.mark.parametrize("suits", [1, 2, 4])
def test_a_new_game_shows_the_top_cards_only(preset: str, suits: int) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    deal = spider.Layout.shuffled(5, rules)
    state = GameState.new(deal, rules)
    for pile, dealt in zip(state.piles, deal.piles, strict=True):
        assert pile.cards == dealt
        assert len(pile.face_up) == (1 if rules.face_down else len(dealt))
    assert state.stock == tuple(card for d in reversed(deal.deals) for card in reversed(d))
    assert state.deals_left == len(rules.shape.deal_sizes)
    assert (state.runs_removed, state.history, state.previous) == ((), (), None)
    assert state.score == (500 if preset == "microsoft" else 0)


def test_a_layout_must_fit_the_rules() -> None:
    with pytest.raises(InvalidLayoutError, match="shape"):
        GameState.new(spider.Layout.from_pysolfc(1), RuleSet.preset("microsoft"))
    with pytest.raises(InvalidLayoutError, match="suits"):
        GameState.new(spider.Layout.from_pysolfc(1, suits=2), RuleSet.preset("pysolfc"))
