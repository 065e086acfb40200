"""Spider position codes: round trips, the written form, and every impossible position."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import Status
from pyramid13.spider import GameState, Layout, Move, RuleSet
from pyramid13.spider._position import format_rules

PRESETS = [(name, suits) for name in RuleSet.preset_names() for suits in (1, 2, 4)]
EMPTY = "/".join(["-"] * 10)
KING_TO_ACE_S = "KSQSJSTS9S8S7S6S5S4S3S2SAS"


def walk(rules: RuleSet, seed: int, length: int) -> list[GameState]:
    rng = random.Random(seed)
    state = GameState.new(Layout.shuffled(seed, rules), rules)
    states = [state]
    for _ in range(length):
        moves = state.legal_moves()
        if not moves:
            break
        # Removals first, deals now and then, so that games reach their later stages.
        removals = [move for move in moves if move.kind is p13.spider.MoveKind.REMOVE]
        if removals:
            move = removals[0]
        elif Move.DEAL in moves and rng.random() < 0.1:
            move = Move.DEAL
        else:
            move = rng.choice(moves)
        state = state.apply(move)
        states.append(state)
    return states


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**32),
    length=st.integers(0, 250),
)
def test_codes_round_trip_through_random_games(
    preset: tuple[str, int], seed: int, length: int
) -> None:
    rules = RuleSet.preset(*preset)
    state = walk(rules, seed, length)[-1]
    code = state.to_string()
    again = GameState.from_string(code)
    assert "\n" not in code
    assert again == state
    assert again.to_string() == code
    assert again.history == ()
    assert again.status is state.status
    assert again.legal_moves() == state.legal_moves()
    assert again.observe().piles == state.observe().piles
    assert again.stock == state.stock
    assert again.runs_removed == state.runs_removed
    # The copy plays on exactly like the original.
    for move in state.legal_moves()[:5]:
        assert again.apply(move) == state.apply(move)


@pytest.mark.parametrize(("preset", "suits"), PRESETS)
def test_a_start_position_keeps_its_real_deal(preset: str, suits: int) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    state = GameState.new(Layout.shuffled(9, rules), rules)
    assert GameState.from_string(state.to_string()).layout == state.layout


def test_the_written_form() -> None:
    # PySolFC deal 1 (4 suits), as published in data/spider/pysolfc-deals.txt: pile 1 is
    # 5 face-down cards under 8H.
    state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
    fields = state.to_string().split()
    assert len(fields) == 5
    piles = fields[0].split("/")
    assert len(piles) == 10
    first = state.piles[0]
    assert piles[0] == "".join(map(str, first.face_down)) + "|8H"
    assert len(piles[0]) == 2 * 6 + 1
    assert fields[1] == "".join(map(str, state.stock))
    assert len(fields[1]) == 100
    assert fields[2:] == ["-", "0", "pysolfc"]


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        (RuleSet(), "bicycle"),
        (RuleSet.preset("microsoft", suits=2), "microsoft,suits=2"),
        (RuleSet.preset("open", suits=1), "open,suits=1"),
        (RuleSet(deal_onto_empty=True, scoring="microsoft"), None),
    ],
)
def test_rules_are_written_short_and_read_back(rules: RuleSet, text: str | None) -> None:
    state = GameState.new(Layout.shuffled(1, rules), rules)
    written = state.to_string().split()[4]
    if text is not None:
        assert written == text
    assert GameState.from_string(state.to_string()).rules == rules


def test_rules_may_be_left_out_or_given() -> None:
    rules = RuleSet.preset("kpat", suits=2)
    state = GameState.new(Layout.shuffled(4, rules), rules)
    short = " ".join(state.to_string().split()[:4])
    assert GameState.from_string(short, rules) == state
    assert GameState.from_string(state.to_string(), rules) == state
    with pytest.raises(p13.InvalidPositionError, match="differ from the rules given"):
        GameState.from_string(state.to_string(), RuleSet.preset("kpat", suits=4))


def test_cards_are_read_in_either_case() -> None:
    state = GameState.new(Layout.shuffled(2))
    assert GameState.from_string(state.to_string().lower()) == state


def test_a_won_game_and_one_run_left() -> None:
    # 1 suit: eight runs of spades make up the 104 cards.
    won = GameState.from_string(f"{EMPTY} - SSSSSSSS 0 bicycle,suits=1")
    assert won.status is Status.WON
    assert won.legal_moves() == ()
    # Seven removed and the last run split over two piles: joining them wins.
    piles = ["|KSQSJSTS9S8S7S", "|6S5S4S3S2SAS"] + ["-"] * 8
    state = GameState.from_string(f"{'/'.join(piles)} - SSSSSSS 0 bicycle,suits=1")
    assert state.status is Status.PLAYING
    assert state.apply("2:6>1").status is Status.WON


def test_a_complete_run_may_wait_for_its_removal_move() -> None:
    # Without automatic removal a run stays until the removal move lifts it off.
    clubs = KING_TO_ACE_S.replace("S", "C")
    code = f"|{clubs}/" + "/".join(["-"] * 9) + " - CCCCCCC 0 pysolfc,suits=1"
    state = GameState.from_string(code)
    assert Move.remove(0) in state.legal_moves()


def bad(code: str, match: str, rules: RuleSet | None = None) -> None:
    with pytest.raises(p13.InvalidPositionError, match=match):
        GameState.from_string(code, rules)


def start_fields(preset: str = "bicycle", suits: int = 4) -> list[str]:
    rules = RuleSet.preset(preset, suits=suits)
    return GameState.new(Layout.shuffled(1, rules), rules).to_string().split()


def with_pile(fields: list[str], number: int, text: str) -> str:
    piles = fields[0].split("/")
    piles[number - 1] = text
    return " ".join(["/".join(piles), *fields[1:]])


def test_a_card_too_many_or_too_few() -> None:
    fields = start_fields()
    piles = fields[0].split("/")
    # Replace pile 1's top card by another: one card has 3 copies, another 1.
    down, up = piles[0].split("|")
    other = "AS" if up != "AS" else "2S"
    bad(with_pile(fields, 1, f"{down}|{other}"), "appears (3|1) time")
    bad(with_pile(fields, 1, f"{down}|{up}{up}"), "accounts for 105 cards")
    bad(with_pile(fields, 1, "-"), "accounts for 99 cards")


def test_a_card_of_a_suit_not_in_play() -> None:
    fields = start_fields("microsoft", 1)
    down, _up = fields[0].split("/")[0].split("|")
    bad(with_pile(fields, 1, f"{down}|AH"), "AH is not in play: these rules play 1 suit")


def test_face_down_above_face_up() -> None:
    fields = start_fields()
    down, up = fields[0].split("/")[0].split("|")
    bad(with_pile(fields, 1, f"{down[:2]}|{up}|{down[2:]}"), "face-down cards above face-up")
    bad(with_pile(fields, 1, f"{down}{up}|"), "no face-up card on top")
    bad(with_pile(fields, 1, f"{down}{up}"), "has no '|'")


def test_more_face_down_cards_than_dealt() -> None:
    fields = start_fields("microsoft")
    down5, up5 = fields[0].split("/")[4].split("|")  # pile 5 is dealt 4 face down
    assert len(down5) == 8
    piles = fields[0].split("/")
    moved = piles[5].split("|")
    piles[4] = f"{down5}{up5}|{moved[1]}"  # pile 5's top card turned down, pile 6's on it
    piles[5] = f"|{moved[0]}"  # pile 6 keeps its other cards, face up
    bad(" ".join(["/".join(piles), *fields[1:]]), "pile 5 has 5 face-down card")
    open_fields = start_fields("open")
    cards = open_fields[0].split("/")[0].lstrip("|")
    bad(with_pile(open_fields, 1, f"{cards[:2]}|{cards[2:]}"), "deal every card face up")


def test_a_stock_no_deal_leaves() -> None:
    fields = start_fields()
    stock = fields[1]
    piles = fields[0].split("/")
    down, up = piles[0].split("|")
    piles[0] = f"{down}|{up}{stock[:2]}"
    bad(" ".join(["/".join(piles), stock[2:], *fields[2:]]), "the stock holds 53 cards")


def test_too_many_runs_or_a_suit_not_in_play() -> None:
    bad(f"{EMPTY} - SSSSSSSSS 0 bicycle,suits=1", "9 runs removed; a game ends with 8")
    bad(f"{EMPTY} - SSSSSSSH 0 bicycle,suits=1", "suit 8: no hearts are in play")
    bad(f"{EMPTY} - SSSSSSSX 0 bicycle,suits=1", "suit 8: 'X' is not a suit")


def test_a_complete_run_cannot_stay_under_automatic_removal() -> None:
    code = f"|{KING_TO_ACE_S}/" + "/".join(["-"] * 9) + " - SSSSSSS 0 bicycle,suits=1"
    bad(code, "complete King-to-Ace run of spades")


def test_score_and_syntax_errors() -> None:
    fields = start_fields()
    bad(" ".join([*fields[:3], "5", *fields[4:]]), "score must be 0 under rules without")
    bad(" ".join([*fields[:3], "x", *fields[4:]]), "score must be a whole number")
    bad("nonsense", "has 5 fields")
    bad("a b c d e f", "has 5 fields")
    bad(" ".join(["/".join(fields[0].split("/")[:9]), *fields[1:]]), "has 10 piles")
    bad(" ".join([*fields[:4], "nosuch"]), "rules field: unknown Spider preset")
    bad(" ".join([*fields[:4], "microsoft,suits=3"]), "suits must be 1, 2 or 4")
    bad(" ".join([*fields[:4], "microsoft,color=red"]), "unknown rule setting 'color'")
    bad(with_pile(fields, 2, "|1S"), "pile 2, face-up, card 1")
    bad(with_pile(fields, 2, "|"), "write an empty pile as '-'")
    bad("x" * 2001, "at most 2000 characters")
    with pytest.raises(p13.InvalidPositionError, match="must be text"):
        GameState.from_string(42)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300) | st.from_regex(r"[-|/ 0-9A-Za-z,=]{0,300}", fullmatch=True))
def test_any_text_gives_a_state_or_a_position_error(text: str) -> None:
    try:
        state = GameState.from_string(text)
    except p13.InvalidPositionError:
        return
    assert GameState.from_string(state.to_string()) == state


def test_the_reference_page_shows_a_real_code() -> None:
    # docs/reference/spider.md shows PySolFC deal 1 after its first deal, with parts cut
    # out ("…"); every part it keeps is in the real code, in order.
    page = (Path(__file__).resolve().parents[1] / "docs" / "reference" / "spider.md").read_text()
    shown = page.split("```text\n", 1)[1].split("\n```", 1)[0]
    state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc")).apply("deal")
    code = state.to_string()
    position = 0
    for part in shown.split("…"):
        found = code.find(part, position)
        assert found >= 0, part
        position = found + len(part)
    assert code.endswith(shown.split("…")[-1])


def test_rules_may_be_named_by_their_preset() -> None:
    rules = RuleSet.preset("kpat")
    state = GameState.new(Layout.shuffled(1, rules), rules)
    short = " ".join(state.to_string().split()[:4])
    assert GameState.from_string(short, "kpat") == state
    with pytest.raises(p13.InvalidRulesError, match="preset name"):
        GameState.from_string(short, 42)  # type: ignore[arg-type]


# -- what the table, the stock, the runs removed and the score say together -----------------

WON_1_SUIT = f"{EMPTY} - SSSSSSSS"


@pytest.mark.parametrize(
    ("code", "match"),
    [
        (f"{WON_1_SUIT} 999999999 microsoft,suits=1", "reaches at most 1249"),
        (f"{WON_1_SUIT} 1300 microsoft,suits=1", "reaches at most 1249"),
        (f"{WON_1_SUIT} 1250 microsoft,suits=1", "reaches at most 1249"),
        (f"{EMPTY} - CCCCCCCC 1294 open,suits=1,scoring=microsoft", "reaches at most 1293"),
    ],
)
def test_a_microsoft_score_above_what_play_reaches(code: str, match: str) -> None:
    bad(code, match)


def test_a_microsoft_score_at_the_bound_or_below_is_read() -> None:
    assert GameState.from_string(f"{WON_1_SUIT} 1249 microsoft,suits=1").score == 1249
    assert GameState.from_string(f"{WON_1_SUIT} -5000 microsoft,suits=1").score == -5000
    code = f"{EMPTY} - CCCCCCCC 1293 open,suits=1,scoring=microsoft"
    assert GameState.from_string(code).status is Status.WON


def _with_score(state: GameState, score: int) -> str:
    fields = state.to_string().split()
    return " ".join([*fields[:3], str(score), *fields[4:]])


def test_a_fresh_deal_scores_at_most_500_and_a_deal_costs_one() -> None:
    rules = RuleSet.preset("microsoft", suits=2)
    start = GameState.new(Layout.shuffled(4, rules), rules)
    bad(_with_score(start, 501), "reaches at most 500")
    assert GameState.from_string(_with_score(start, 500)) == start
    # Undone to the start with the penalty: a lower score is what the game shows.
    assert GameState.from_string(_with_score(start, 499)).score == 499
    dealt = start.apply("deal")
    bad(_with_score(dealt, 500), "reaches at most 499")
    assert GameState.from_string(dealt.to_string()) == dealt


def test_a_run_needs_its_moves() -> None:
    # Seven runs removed and the last split over two piles, the stock dealt: the table
    # has 11 links and the 7 runs had 84, less the 50 cards dealt: at least 45 moves.
    piles = ["|KSQSJSTS9S8S7S", "|6S5S4S3S2SAS"] + ["-"] * 8
    code = f"{'/'.join(piles)} - SSSSSSS {{}} microsoft,suits=1"
    bad(code.format(1151), "reaches at most 1150")
    assert GameState.from_string(code.format(1150)).apply("2:6>1").score == 1249


def _one_suit_code(pile_1: tuple[str, str], suit: str = "S") -> str:
    """A 1-suit first-four table with a full stock, each pile as dealt (its top card face
    up) but pile 1, which is `pile_1` (face-down cards, face-up cards); no rules field."""
    pool = [f"{rank}{suit}" for _ in range(8) for rank in "A23456789TJQK"]
    down, up = pile_1
    for card in [down[i : i + 2] for i in range(0, len(down), 2)] + [
        up[i : i + 2] for i in range(0, len(up), 2)
    ]:
        pool.remove(card)
    piles = [f"{down}|{up}"]
    for number in range(1, 10):
        size = 6 if number < 4 else 5
        piles.append("".join(pool.pop() for _ in range(size - 1)) + "|" + pool.pop())
    assert len(pool) == 50
    return f"{'/'.join(piles)} {''.join(pool)} -"


def test_breaks_need_deals() -> None:
    # A full stock: no deal made, so every face-up card lies one rank below the one under
    # it. AS under 3S on pile 1 (two face-up cards, one face-down card turned over).
    code = _one_suit_code(("4S4S4S4S", "AS3S"))
    bad(f"{code} 500 microsoft,suits=1", "pile 1 holds 1 face-up card")
    bad(f"{code} 0 kpat,suits=1", "but 0 deal")
    # 5S under 4S is a move's work: one move at least, so 499 at most.
    code = _one_suit_code(("4S4S4S4S", "5S4S"))
    bad(f"{code} 500 microsoft,suits=1", "reaches at most 499")
    assert GameState.from_string(f"{code} 499 microsoft,suits=1").score == 499
    assert GameState.from_string(f"{code} 0 kpat,suits=1").score == 0


def test_a_deal_laid_face_up_may_hold_breaks_below_its_first_height() -> None:
    rules = RuleSet.preset("open", suits=1)
    start = GameState.new(Layout.from_pysolfc(3, suits=1), rules)
    fields = start.to_string().split()
    piles = fields[0].split("/")
    assert GameState.from_string(start.to_string()) == start  # breaks and all
    # Pile 2's top card onto pile 1 (6 cards dealt) as a seventh, no deal made: a move
    # puts it there only if it is one rank below pile 1's top card.
    moved = piles[1][-2:]
    piles[0] += moved
    piles[1] = piles[1][:-2]
    code = " ".join(["/".join(piles), *fields[1:]])
    natural = "A23456789TJQK".index(moved[0]) + 1 == "A23456789TJQK".index(piles[0][-4])
    if natural:
        assert GameState.from_string(code).piles[0].face_up[-1] == p13.Card.parse(moved)
    else:
        bad(code, "pile 1 holds 1 face-up card")


# -- property: every position a game reaches reads back, under every rule combination -------


def _microsoft_rule_sets() -> list[RuleSet]:
    return [
        RuleSet(
            shape=shape,
            suits=suits,
            deal_onto_empty=onto_empty,
            auto_remove_runs=auto,
            face_down=face_down,
            scoring="microsoft",
        )
        for shape in ("bicycle", "first-four", "pysolfc")
        for onto_empty in (False, True)
        for auto in (False, True)
        for face_down in (False, True)
        for suits in (1, 4)
    ]


@pytest.mark.parametrize("rules", _microsoft_rule_sets(), ids=format_rules)
def test_random_play_reaches_only_positions_the_reader_takes(rules: RuleSet) -> None:
    rng = random.Random(str(rules))
    for seed in range(2):
        state = GameState.new(Layout.shuffled(seed, rules), rules)
        for _ in range(150):
            moves = state.legal_moves()
            if not moves:
                break
            removals = [move for move in moves if move.kind is p13.spider.MoveKind.REMOVE]
            if removals:
                move = removals[0]
            elif Move.DEAL in moves and rng.random() < 0.08:
                move = Move.DEAL
            else:
                move = rng.choice(moves)
            state = state.apply(move)
            if state.previous is not None and rng.random() < 0.05:
                state = state.undo(penalty=rng.random() < 0.5)
            assert GameState.from_string(state.to_string()) == state


def _with_microsoft_scoring(rules: RuleSet) -> RuleSet:
    return RuleSet.from_dict({**rules.to_dict(), "scoring": "microsoft"})


@pytest.mark.no_cover  # solver lines, over code the other tests trace
@pytest.mark.parametrize(
    "rules",
    [
        change(RuleSet.preset(name, suits=1))
        for name in RuleSet.preset_names()
        for change in (lambda rules: rules, _with_microsoft_scoring)
    ],
    ids=format_rules,
)
def test_every_position_of_a_solver_line_reads_back(rules: RuleSet) -> None:
    # A solver's win is the tightest play there is: few moves for eight runs.
    state = GameState.new(Layout.shuffled(0, rules), rules)
    result = p13.spider.solve(state, node_limit=20_000)
    assert result.winnable
    for move in result.moves:
        state = state.apply(move)
        assert GameState.from_string(state.to_string()) == state
    assert state.status is Status.WON


# -- what Spider writes it reads back ---------------------------------------------------------


@attrs.frozen
class _Named:
    """A scoring policy of one's own with any name and a big score."""

    name: str
    start: int = 0
    undo_penalty: int = 0

    def score(self, score: int, event: p13.spider.ScoreEvent) -> int:
        return score + 10**12


@pytest.mark.parametrize(
    "name", ["my policy", "a,b", "x=y", "50%", "é ü", "a" * 64, "\U0001f600" * 64]
)
def test_a_policy_name_of_any_text_round_trips(name: str) -> None:
    policy = _Named(name)
    rules = RuleSet(scoring=policy)
    state = GameState.new(Layout.shuffled(1, rules), rules)
    state = state.apply(state.legal_moves()[0])
    assert state.score == 10**12  # more than 9 digits
    code = state.to_string()
    assert GameState.from_string(code, rules) == state
    record = p13.GameRecord.from_json(
        p13.GameRecord.from_state(state).to_json(), policies={name: policy}
    )
    assert record.replay() == state


@pytest.mark.parametrize("name", ["", "a" * 65, "x\udcff", "microsoft", "none"])
def test_a_policy_name_no_record_holds_is_refused(name: str) -> None:
    with pytest.raises(p13.InvalidRulesError, match="name"):
        RuleSet(scoring=_Named(name))


def test_a_long_score_reads_back_and_one_no_code_holds_is_refused() -> None:
    rules = RuleSet(scoring=_Named("big"))
    start = GameState.new(Layout.shuffled(1, rules), rules)
    fields = start.to_string().split()
    code = " ".join([*fields[:3], "-" + "9" * 1000, *fields[4:]])
    assert GameState.from_string(code, rules).score == -int("9" * 1000)
    bad(" ".join([*fields[:3], "9" * 1900, *fields[4:]]), "at most 2000 characters", rules)
    huge = RuleSet(scoring=_Named("huge", start=10**1900))
    state = GameState.new(Layout.shuffled(1, huge), huge)
    with pytest.raises(p13.InvalidPositionError, match=r"would be 2\d+ characters long"):
        state.to_string()
    huger = RuleSet(scoring=_Named("huger", start=10**5000))
    state = GameState.new(Layout.shuffled(1, huger), huger)
    with pytest.raises(p13.InvalidPositionError, match="more than 2000 digits"):
        state.to_string()
