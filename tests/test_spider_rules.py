"""Spider rule sets and moves: presets (SPEC-spider S5), validation, dict round-trip, notation."""

from __future__ import annotations

import json

import attrs
import pytest

import pyramid13 as p13
from pyramid13 import InvalidMoveError, InvalidRulesError, Pyramid13Error, Suit
from pyramid13.spider import DealShape, MicrosoftScoring, Move, MoveKind, NoScoring, RuleSet

S, H, C, D = Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS
BICYCLE, FIRST_FOUR, PYSOLFC = DealShape.BICYCLE, DealShape.FIRST_FOUR, DealShape.PYSOLFC

# S5, row by row: shape, 1 suit, 2 suits, deal onto empty, auto removal, face down, scoring.
PRESETS = {
    "bicycle": (BICYCLE, (S,), (S, H), False, True, True, "none"),
    "microsoft": (FIRST_FOUR, (S,), (S, H), False, True, True, "microsoft"),
    "pysolfc": (PYSOLFC, (C,), (C, H), False, False, True, "none"),
    "relaxed": (PYSOLFC, (C,), (C, H), True, False, True, "none"),
    "kpat": (FIRST_FOUR, (S,), (S, H), True, True, True, "none"),
    "open": (PYSOLFC, (C,), (C, H), False, False, False, "none"),
}


def test_preset_names_bicycle_first() -> None:
    assert RuleSet.preset_names() == tuple(PRESETS)


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("suits", [1, 2, 4])
def test_presets_match_the_table(name: str, suits: int) -> None:
    shape, one, two, onto_empty, auto, face_down, scoring = PRESETS[name]
    rules = RuleSet.preset(name, suits=suits)
    assert rules.shape is shape
    assert rules.suits == suits
    assert rules.suit_set == {1: one, 2: two, 4: (C, D, H, S)}[suits]
    assert (rules.deal_onto_empty, rules.auto_remove_runs, rules.face_down) == (
        onto_empty,
        auto,
        face_down,
    )
    assert rules.scoring.name == scoring
    assert rules.preset_name == name
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_the_default_is_bicycle_with_four_suits() -> None:
    assert RuleSet() == RuleSet.preset("bicycle") == RuleSet.preset("bicycle", suits=4)
    assert RuleSet().scoring == NoScoring()
    assert RuleSet.preset("microsoft").scoring == MicrosoftScoring()


def test_custom_rules_have_no_preset_name_and_round_trip() -> None:
    rules = RuleSet(shape="pysolfc", suits=2, suit_set=(D, S), scoring="microsoft")
    assert rules.preset_name is None
    assert rules.suit_set == (D, S)
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert attrs.evolve(RuleSet.preset("open"), face_down=True) == RuleSet.preset("pysolfc")


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"suits": 3}, "suits must be 1, 2 or 4"),
        ({"suits": True}, "suits must be 1, 2 or 4"),
        ({"suits": 2, "suit_set": (S,)}, "has 1 suit"),
        ({"suit_set": (S, S, H, D)}, "twice"),
        ({"suit_set": ("X", "S")}, "unknown suit"),
        ({"suit_set": "SH"}, "tuple of Suit"),
        ({"shape": "pyramid"}, "unknown deal shape"),
        ({"shape": 3}, "DealShape"),
        ({"deal_onto_empty": 1}, "True or False"),
        ({"auto_remove_runs": "yes"}, "True or False"),
        ({"face_down": None}, "True or False"),
        ({"scoring": "cardems"}, "unknown Spider scoring policy"),
        ({"scoring": p13.MicrosoftScoring()}, "Spider ScoringPolicy"),
        ({"scoring": MicrosoftScoring}, "instance"),
    ],
)
def test_contradictory_or_bad_settings_are_refused(
    settings: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        RuleSet(**settings)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"passes": 3}, "unknown Spider rule setting"),
        ({"shape": DealShape.BICYCLE}, "shape name"),
        ({"suit_set": "SH"}, "list of suit letters"),
        ({"scoring": 1}, "policy name"),
        ("bicycle", "mapping"),
    ],
)
def test_from_dict_refuses_bad_data(data: object, message: str) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        RuleSet.from_dict(data)  # type: ignore[arg-type]


def test_from_dict_accepts_extra_policies() -> None:
    @attrs.frozen
    class Generous:
        name: str = "generous"
        start: int = 0
        undo_penalty: int = 0

        def score(self, score: int, event: object) -> int:
            return score + 1

    rules = RuleSet(scoring=Generous())
    assert RuleSet.from_dict(rules.to_dict(), policies={"generous": Generous()}) == rules


@pytest.mark.parametrize(("name", "suits"), [("classic", 4), ("Bicycle", 4), ("kpat", 3)])
def test_unknown_presets_are_refused(name: str, suits: int) -> None:
    with pytest.raises(InvalidRulesError):
        RuleSet.preset(name, suits=suits)


# -- moves ----------------------------------------------------------------------------------


def test_move_notation_round_trips() -> None:
    every = [Move.DEAL, *(Move.remove(p) for p in range(10))]
    every += [
        Move.unit(s, k, t) for s in range(10) for k in range(1, 14) for t in range(10) if s != t
    ]
    assert len(every) == 1 + 10 + 10 * 9 * 13
    for move in every:
        assert Move.parse(str(move)) is move
        assert eval(repr(move), {"Move": Move}) is move


def test_moves_say_what_they_do() -> None:
    move = Move.parse("3:2>7")
    assert (move.kind, move.source, move.count, move.target, move.pile) == (
        MoveKind.UNIT,
        2,
        2,
        6,
        None,
    )
    assert (Move.remove(2).kind, Move.remove(2).pile) == (MoveKind.REMOVE, 2)
    assert Move.deal() is Move.DEAL
    assert Move.DEAL.kind is MoveKind.DEAL
    assert Move(MoveKind.UNIT, 2, 2, 6) == move


def test_a_unit_onto_its_own_pile_is_a_move_never_legal() -> None:
    move = Move.parse("1:1>1")
    assert move is Move.unit(0, 1, 0)
    assert (move.source, move.count, move.target) == (0, 1, 0)
    rules = RuleSet.preset("pysolfc")
    state = p13.spider.GameState.new(p13.spider.Layout.from_pysolfc(1), rules)
    assert not state.is_legal(move)
    assert state.why_illegal(move) == "A unit never goes onto its own pile (pile 1)."
    with pytest.raises(p13.IllegalMoveError, match="its own pile"):
        state.apply(move)


@pytest.mark.parametrize("text", ["3:2>7", " 3 : 2 > 7 ", "3:2 >7"])
def test_move_parsing_tolerates_spaces(text: str) -> None:
    assert Move.parse(text) == Move.unit(2, 2, 6)


@pytest.mark.parametrize("text", ["DEAL", " Deal ", "remove 3", "REMOVE3", "  remove   3 "])
def test_move_parsing_ignores_case(text: str) -> None:
    assert Move.parse(text) in (Move.DEAL, Move.remove(2))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "deal 1",
        "0:1>2",
        "11:1>2",
        "1:0>2",
        "1:14>2",
        "1:1>11",
        "1>2",
        "3-2>7",
        "remove 0",
        "remove 11",
        "remove",
        "1:1>2>3",
        "\uff11:1>2",  # a full-width digit
        "9999999999:1>2",
        "KS",
        "draw",
    ],
)
def test_bad_move_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        Move.parse(text)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Move.unit(0, 0, 1), "1 to 13"),
        (lambda: Move.unit(0, 14, 1), "1 to 13"),
        (lambda: Move.unit(-1, 1, 1), "source"),
        (lambda: Move.unit(0, 1, 10), "target"),
        (lambda: Move.unit(0, True, 1), "count"),
        (lambda: Move.remove(10), "pile"),
        (lambda: Move(MoveKind.DEAL, pile=1), "deal takes no"),
        (lambda: Move(MoveKind.REMOVE, 1, 1, 2, pile=1), "only a pile"),
        (lambda: Move("unit", 0, 1, 2), "MoveKind"),  # type: ignore[arg-type]
        (lambda: Move.parse(3), "text"),  # type: ignore[arg-type]
    ],
)
def test_bad_moves_are_refused(call: object, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message):
        call()  # type: ignore[operator]
    assert issubclass(InvalidMoveError, Pyramid13Error)
