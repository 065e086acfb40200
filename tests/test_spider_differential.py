"""The Spider engine against a naive reference model of the rules (SPEC-spider S1-S6).

Seeded random games of every preset with 1, 2 and 4 suits (and a few rule sets no preset
has) are played move by move in both: after every move the legal moves (as sets of text),
the piles, the stock, the removed runs, the score, the history and the status must be
equal; illegal moves must be refused; and undo must walk back to the start through the
very same positions.
"""

from __future__ import annotations

import random

import pytest
from spider_bridge import COMBOS, assert_same, engine_layout, ref_layout, ref_rules
from spider_reference import (
    RefLayout,
    RefRules,
    RefState,
    choose_move,
    pysolfc_layout,
    unit_text,
)

import pyramid13 as p13
from pyramid13 import IllegalMoveError, Pyramid13Error, Suit, UndoError, spider

STEPS = 120

# Engine against the reference model: untraced, see tests/conftest.py.
pytestmark = pytest.mark.no_cover


def play_both(
    layout: spider.Layout,
    rules: spider.RuleSet,
    rng: random.Random,
    greed: float,
    steps: int = STEPS,
) -> spider.GameState:
    """Play one seeded game in the engine and the model, comparing at every step; then undo
    it all. Returns the last position."""
    state = spider.GameState.new(layout, rules)
    ref = RefState.new(ref_layout(layout), ref_rules(rules))
    assert_same(state, ref)
    states, refs = [state], [ref]
    probes = random.Random(len(layout.code))  # apart from `rng`: walks depend on `rng` alone
    for _ in range(steps):
        legal = sorted(ref.legal_moves())
        if not legal:
            break
        _refuses_illegal_moves(state, legal, probes)
        text = choose_move(rng, ref, legal, greed)
        move = spider.Move.parse(text)
        after = state.apply(move)
        assert after.last_move == move
        assert state.apply_unchecked(move) == after, f"apply_unchecked({text}) differs"
        assert after.undo() == state
        state, ref = after, ref.after(text)
        assert_same(state, ref)
        states.append(state)
        refs.append(ref)
    # Undo all the way back: every intermediate position is the one seen on the way.
    back = states[-1]
    for index in range(len(states) - 2, -1, -1):
        back = back.undo()
        assert back == states[index], f"undo to move {index} differs"
        assert hash(back) == hash(states[index])
        assert_same(back, refs[index])
    with pytest.raises(UndoError):
        back.undo()
    return states[-1]


def _refuses_illegal_moves(state: spider.GameState, legal: list[str], rng: random.Random) -> None:
    """A few unit moves the model calls illegal (and removals, and the deal when it is
    illegal) must raise IllegalMoveError and leave the state as it was."""
    candidates = [
        unit_text(rng.randrange(10), rng.randrange(1, 14), rng.randrange(10)) for _ in range(6)
    ]
    candidates += [f"remove {rng.randrange(1, 11)}", "deal"]
    before = (state.piles, state.stock, state.score, state.history)
    for text in candidates:
        if text in legal:
            continue
        with pytest.raises(IllegalMoveError):
            state.apply(spider.Move.parse(text))
        with pytest.raises(IllegalMoveError):
            state.apply(text)
    assert (state.piles, state.stock, state.score, state.history) == before


@pytest.mark.parametrize(("preset", "suits"), COMBOS)
def test_the_presets_follow_the_rules_table(preset: str, suits: int) -> None:
    """S5, read from the reference model's own table."""
    rules = spider.RuleSet.preset(preset, suits=suits)
    assert ref_rules(rules) == RefRules.preset(preset, suits)
    assert rules.preset_name == preset
    assert rules.suits == suits


def test_the_default_rules_are_bicycle_with_four_suits() -> None:
    assert ref_rules(spider.RuleSet()) == RefRules.preset("bicycle", 4)


@pytest.mark.parametrize(("preset", "suits"), COMBOS)
def test_random_games_agree_with_the_model(preset: str, suits: int) -> None:
    rules = spider.RuleSet.preset(preset, suits=suits)
    for seed, greed in ((suits * 1000 + 1, 0.9), (suits * 1000 + 2, 0.5)):
        rng = random.Random(f"{preset}/{suits}/{seed}")
        play_both(spider.Layout.shuffled(seed, rules), rules, rng, greed)


@pytest.mark.parametrize(("preset", "suits"), [c for c in COMBOS if c[0] in ("pysolfc", "open")])
def test_pysolfc_deals_agree_with_the_model(preset: str, suits: int) -> None:
    """Layouts dealt by the model itself (S6), not by the engine."""
    rules = spider.RuleSet.preset(preset, suits=suits)
    number = 14934 if suits == 4 else 7 * suits
    layout = spider.Layout.parse(pysolfc_layout(number, suits).code)
    play_both(layout, rules, random.Random(number), 0.9)


#: Games the model's walk (greed 0.95, `random.Random(seed)`) plays to their end: won on
#: several presets (the eighth run, automatic and manual removals, Microsoft's +100) and lost.
ENDINGS = [
    ("microsoft", 1, 2, "WON"),
    ("kpat", 1, 3, "WON"),
    ("relaxed", 1, 5, "WON"),
    ("bicycle", 2, 2, "LOST"),
]


@pytest.mark.parametrize(("preset", "suits", "seed", "end"), ENDINGS)
def test_games_played_to_their_end_agree_with_the_model(
    preset: str, suits: int, seed: int, end: str
) -> None:
    rules = spider.RuleSet.preset(preset, suits=suits)
    layout = spider.Layout.shuffled(seed, rules)
    last = play_both(layout, rules, random.Random(seed), 0.95, steps=400)
    assert last.status.name == end
    assert last.legal_moves() == ()


CUSTOM = [
    {"shape": "bicycle", "auto_remove_runs": False, "scoring": "microsoft"},
    {"shape": "bicycle", "deal_onto_empty": True, "face_down": False},
    {"shape": "first-four", "auto_remove_runs": False, "deal_onto_empty": True},
    {"shape": "pysolfc", "scoring": "microsoft", "face_down": False},
    {"shape": "first-four", "suits": 2, "suit_set": ["D", "C"], "scoring": "microsoft"},
    {"shape": "pysolfc", "suits": 1, "suit_set": ["D"], "auto_remove_runs": False},
]


@pytest.mark.parametrize("settings", CUSTOM, ids=lambda s: "-".join(map(str, s.values())))
def test_rule_sets_no_preset_has_agree_with_the_model(settings: dict[str, object]) -> None:
    rules = spider.RuleSet.from_dict(settings)
    assert rules.preset_name is None
    suits = len(rules.suit_set)
    for seed in (5, 6):
        play_both(spider.Layout.shuffled(seed, rules), rules, random.Random(seed), 0.9 - suits / 10)


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_pysolfc_game_numbers_match_the_model(suits: int) -> None:
    """S6 for many game numbers, both random sources (the LCG below 32000, Mersenne
    Twister from 32000 on)."""
    numbers = [*range(1, 120, 7), 31999, 32000, 32001, 10**6 + 3, 2**40]
    for number in numbers:
        assert spider.Layout.from_pysolfc(number, suits=suits).code == (
            pysolfc_layout(number, suits).code
        ), number


def test_bad_moves_raise_library_errors() -> None:
    state = spider.GameState.new(spider.Layout.shuffled(1), spider.RuleSet())
    for text in ("1:1>1", "0:1>2", "1:0>2", "1:14>2", "11:1>2", "remove 0", "undeal", ""):
        with pytest.raises(Pyramid13Error):
            state.apply(text)


# -- hand-made positions: rule edges random games seldom reach -----------------------------------


def play_line(
    layout: RefLayout, rules: spider.RuleSet, moves: list[str]
) -> tuple[spider.GameState, RefState]:
    """Play `moves` in both, comparing after each."""
    state = spider.GameState.new(engine_layout(layout), rules)
    ref = RefState.new(layout, ref_rules(rules))
    assert_same(state, ref)
    for move in moves:
        state, ref = state.apply(move), ref.after(move)
        assert_same(state, ref)
    return state, ref


#: Bicycle, 2 suits, every card face up: spades K..9 on pile 1, 8..4 on pile 2, 3 2 on top of
#: pile 3; the same in hearts on piles 4-6; the first deal brings AS onto pile 1 and AH
#: onto pile 4.
TWO_RUNS = RefLayout.build(
    "bicycle",
    (Suit.HEARTS, Suit.SPADES),
    {
        0: "KS QS JS TS 9S",
        1: "8S 7S 6S 5S 4S",
        2: "3S 2S",
        3: "KH QH JH TH 9H",
        4: "8H 7H 6H 5H 4H",
        5: "3H 2H",
    },
    {(0, 0): "AS", (0, 3): "AH"},
)
BUILD_TWO_RUNS = ["2:5>1", "3:2>1", "5:5>4", "6:2>4", "7:1>2", "8:1>5"]


def test_a_deal_completing_two_runs_removes_both() -> None:
    """S3: a deal can complete runs on several piles at once; S4: -1 per move and deal,
    +100 per run."""
    rules = spider.RuleSet.from_dict(
        {"shape": "bicycle", "suits": 2, "face_down": False, "scoring": "microsoft"}
    )
    state, _ = play_line(TWO_RUNS, rules, [*BUILD_TWO_RUNS, "deal"])
    assert state.runs_removed == (p13.Suit.SPADES, p13.Suit.HEARTS)  # pile 1 first
    assert state.score == 500 - 7 + 200
    assert not state.piles[0].face_up
    assert not state.piles[3].face_up


def test_a_deal_completing_two_runs_under_manual_removal() -> None:
    """S3: with removal by a move, both runs are offered, and a deal buries them; S4: a
    removal move earns 100 and costs nothing."""
    rules = spider.RuleSet.from_dict(
        {
            "shape": "bicycle",
            "suits": 2,
            "face_down": False,
            "auto_remove_runs": False,
            "scoring": "microsoft",
        }
    )
    state, _ = play_line(TWO_RUNS, rules, [*BUILD_TWO_RUNS, "deal"])
    assert state.runs_removed == ()
    assert {"remove 1", "remove 4"} <= {str(move) for move in state.legal_moves()}
    buried, _ = play_line(TWO_RUNS, rules, [*BUILD_TWO_RUNS, "deal", "deal"])
    assert not any(move.kind is spider.MoveKind.REMOVE for move in buried.legal_moves())
    done, _ = play_line(TWO_RUNS, rules, [*BUILD_TWO_RUNS, "deal", "remove 4", "remove 1"])
    assert done.runs_removed == (p13.Suit.HEARTS, p13.Suit.SPADES)
    assert done.score == 500 - 7 + 200  # a removal move itself costs nothing


#: Bicycle, 4 suits, every card face up: pile 10 is TS..6S and the five deals of 10 bring
#: it 5S..AS, while the fifth deal leaves JD on pile 9; so after five deals pile 10 (T..A of
#: spades) moves onto pile 9 whole and leaves an empty pile before the final deal of four.
FINAL_FOUR = RefLayout.build(
    "bicycle",
    (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES),
    {9: "TS 9S 8S 7S 6S"},
    {**{(k, 9): card for k, card in enumerate(["5S", "4S", "3S", "2S", "AS"])}, (4, 8): "JD"},
)


@pytest.mark.parametrize("onto_empty", [False, True])
def test_the_final_deal_of_four_and_an_empty_pile(onto_empty: bool) -> None:
    """S2: no deal while a pile is empty, Bicycle's final deal of four included; with
    deal_onto_empty it goes onto piles 1-4 only."""
    rules = spider.RuleSet.from_dict(
        {"shape": "bicycle", "face_down": False, "deal_onto_empty": onto_empty}
    )
    state, _ = play_line(FINAL_FOUR, rules, ["deal"] * 5 + ["10:10>9"])
    assert len(state.stock) == 4
    assert state.deals_left == 1
    assert not state.piles[9].face_up
    assert (spider.Move.DEAL in state.legal_moves()) == onto_empty
    if onto_empty:
        after, _ = play_line(FINAL_FOUR, rules, ["deal"] * 5 + ["10:10>9", "deal"])
        assert after.stock == ()
        assert after.deals_left == 0
        for index in range(10):
            grew = len(after.piles[index].face_up) - len(state.piles[index].face_up)
            assert grew == (1 if index < 4 else 0)
