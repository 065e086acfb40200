"""Rule sets: presets (SPEC §8), validation, the dict round trip and custom scoring."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from dealing import NEUTRAL, SELF_CLEARING, SELF_CLEARING_MOVES, deal, play
from hypothesis import given

import pyramid13 as p13
from pyramid13 import Goal, RuleSet
from pyramid13.strategies import rulesets

# SPEC §8, column by column.
PRESETS: dict[str, dict[str, Any]] = {
    "classic": {"passes": 1},
    "cardems": {"passes": None, "scoring": "cardems"},
    "three-stacks": {"passes": 1, "waste_piles": 3},
    "microsoft": {"passes": 3, "stock_top_pairable": True, "scoring": "microsoft"},
    "pysolfc": {
        "passes": 3,
        "stock_top_pairable": True,
        "first_card_to_waste": True,
        "goal": "all-cards",
    },
    "relaxed": {"passes": 3, "stock_top_pairable": True, "first_card_to_waste": True},
    "apophis": {"passes": 3, "waste_piles": 3, "goal": "all-cards"},
    "king-tut": {"passes": None, "draw_count": 3},
    "cardgames": {"passes": None, "overlap_pairing": True},
    "solitaire-lab": {"passes": 1, "stock_top_pairable": True},
}
DEFAULTS: dict[str, Any] = {
    "passes": 1,
    "draw_count": 1,
    "waste_piles": 1,
    "stock_top_pairable": False,
    "waste_pairing": False,
    "overlap_pairing": False,
    "goal": "pyramid",
    "first_card_to_waste": False,
    "scoring": "none",
}


def test_the_preset_list() -> None:
    assert RuleSet.preset_names() == tuple(PRESETS)
    assert RuleSet.preset_names()[0] == "classic"


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_has_the_settings_of_the_spec(name: str) -> None:
    rules = RuleSet.preset(name)
    assert rules.to_dict() == {**DEFAULTS, **PRESETS[name]}
    assert rules.preset_name == name
    assert RuleSet.from_dict(rules.to_dict()) == rules


def test_the_default_rule_set_is_classic() -> None:
    assert RuleSet() == RuleSet.preset("classic")
    assert RuleSet().preset_name == "classic"
    assert RuleSet(passes=2).preset_name is None


def test_presets_are_distinct() -> None:
    assert len({RuleSet.preset(name) for name in RuleSet.preset_names()}) == len(PRESETS)


def test_an_unknown_preset_is_rejected_with_the_list() -> None:
    with pytest.raises(p13.InvalidRulesError, match="known presets: classic, cardems"):
        RuleSet.preset("spider")


def test_several_piles_with_a_draw_count_contradict() -> None:
    with pytest.raises(p13.InvalidRulesError, match="draw_count=3 contradicts waste_piles=3"):
        RuleSet(draw_count=3, waste_piles=3)
    with pytest.raises(p13.InvalidRulesError, match="contradicts"):
        RuleSet.from_dict({"draw_count": 2, "waste_piles": 2})


@attrs.frozen
class _Named:
    """A scoring policy of one's own with any name: one point per move."""

    name: str

    def score(self, score: int, event: p13.ScoreEvent) -> int:
        return score + 1


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"passes": 0}, "passes must be an int in 1..9007199254740991"),
        ({"passes": -1}, "passes must be an int in 1..9007199254740991"),
        ({"passes": True}, "passes must be an int in 1..9007199254740991"),
        ({"passes": 1.5}, "passes must be an int in 1..9007199254740991"),
        # Beyond what every JSON reader holds exactly (and 10**5000 beyond what Python
        # writes as text): such rules could be built but not saved or read back.
        ({"passes": 2**53}, "unlimited, not 9007199254740992"),
        ({"passes": 10**5000}, "not an int of 5001 digits"),
        ({"draw_count": 0}, "draw_count must be an int in 1..24"),
        ({"draw_count": 25}, "draw_count must be an int in 1..24"),
        ({"waste_piles": 0}, "waste_piles must be an int in 1..24"),
        ({"waste_piles": "3"}, "waste_piles must be an int in 1..24"),
        ({"stock_top_pairable": 1}, "stock_top_pairable must be True or False"),
        ({"waste_pairing": None}, "waste_pairing must be True or False"),
        ({"overlap_pairing": "yes"}, "overlap_pairing must be True or False"),
        ({"first_card_to_waste": 0}, "first_card_to_waste must be True or False"),
        ({"goal": "pyramid"}, "goal must be a Goal"),
        ({"scoring": "golf"}, "unknown scoring policy 'golf'"),
        ({"scoring": 3}, "scoring must be a ScoringPolicy"),
        # Regression: a policy class passed the protocol check and broke at the first move.
        ({"scoring": p13.MicrosoftScoring}, "not the class MicrosoftScoring; use Micro"),
        # A policy of one's own under a shipped name would be read back as the shipped one.
        ({"scoring": _Named("microsoft")}, "'microsoft' belongs to a shipped policy"),
        ({"scoring": _Named("none")}, "'none' belongs to a shipped policy"),
        ({"scoring": _Named("")}, "1 to 64 characters"),
        ({"scoring": _Named("x" * 65)}, "1 to 64 characters"),
        ({"scoring": _Named("bad \udcff")}, "no surrogates"),
    ],
)
def test_bad_settings_are_rejected_with_a_clear_message(
    settings: dict[str, Any], message: str
) -> None:
    with pytest.raises(p13.InvalidRulesError, match=message) as caught:
        RuleSet(**settings)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"colour": "red"}, "unknown rule setting"),
        ({"goal": "everything"}, "goal must be one of pyramid, all-cards"),
        ({"goal": ["pyramid"]}, "goal must be one of"),
        ({"scoring": 5}, "scoring must be a policy name"),
        ({"scoring": "golf"}, "unknown scoring policy"),
        ({"passes": "3"}, "passes must be"),
    ],
)
def test_bad_dicts_are_rejected(data: dict[str, Any], message: str) -> None:
    with pytest.raises(p13.InvalidRulesError, match=message):
        RuleSet.from_dict(data)


def test_from_dict_fills_missing_settings_with_defaults() -> None:
    assert RuleSet.from_dict({}) == RuleSet()
    assert RuleSet.from_dict({"passes": None}) == RuleSet(passes=None)
    assert RuleSet.from_dict({"goal": "all-cards"}).goal is Goal.ALL_CARDS


@given(rulesets())
def test_every_rule_set_round_trips_through_a_json_dict(rules: RuleSet) -> None:
    data = rules.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert RuleSet.from_dict(data) == rules
    assert hash(RuleSet.from_dict(data)) == hash(rules)


@attrs.frozen
class MoveCounting:
    """A user's own policy: one point per move, minus three per recycle."""

    @property
    def name(self) -> str:
        return "move-counting"

    def score(self, score: int, event: p13.ScoreEvent) -> int:
        if event.move.kind is p13.MoveKind.RECYCLE:
            return score - 3
        return score + 1 + (100 if event.won else 0)


def test_a_custom_scoring_policy() -> None:
    policy = MoveCounting()
    assert isinstance(policy, p13.ScoringPolicy)
    rules = RuleSet(passes=2, scoring=policy)
    state = p13.GameState.new(deal(NEUTRAL), rules)
    for _ in range(24):
        state = state.apply("draw")
    assert state.score == 24
    state = state.apply("recycle")
    assert state.score == 21  # negative steps are the policy's business
    assert state.undo().score == 24
    assert rules.to_dict()["scoring"] == "move-counting"
    with pytest.raises(p13.InvalidRulesError, match="unknown scoring policy 'move-counting'"):
        RuleSet.from_dict(rules.to_dict())
    again = RuleSet.from_dict(rules.to_dict(), policies={"move-counting": policy})
    assert again == rules


def test_a_custom_policy_sees_the_win() -> None:
    state = play(
        p13.GameState.new(SELF_CLEARING, RuleSet(scoring=MoveCounting())), *SELF_CLEARING_MOVES
    )
    assert state.status is p13.Status.WON
    assert state.score == len(SELF_CLEARING_MOVES) + 100


def test_score_events_describe_the_move() -> None:
    events: list[p13.ScoreEvent] = []

    @attrs.frozen
    class Recording:
        @property
        def name(self) -> str:
            return "recording"

        def score(self, score: int, event: p13.ScoreEvent) -> int:
            events.append(event)
            return score

    play(
        p13.GameState.new(SELF_CLEARING, RuleSet(scoring=Recording())), "draw", *SELF_CLEARING_MOVES
    )
    assert events[0] == p13.ScoreEvent(p13.Move.draw(), 0, (), False, 24, 1)
    assert events[1].cards_removed == 1
    assert [event.rows_cleared for event in events if event.rows_cleared] == [
        (6,),
        (5,),
        (4,),
        (3,),
        (2,),
        (1,),
        (0,),
    ]
    assert events[-1].won
    assert events[-1].cards_left == 24
    assert not any(event.won for event in events[:-1])


_HUGE_LIMIT = """
import pyramid13 as p13
code = "8S/JH9C/..2DQD/....3DAC/......8CQS/........5C../.............. 6D5S7H4C6H TS4DAS9S7D 2 0"
huge = p13.GameState.from_string(code, p13.RuleSet(passes=10**9))
endless = p13.GameState.from_string(code, p13.RuleSet(passes=None))
print(huge.status.value, endless.status.value)
"""


def test_a_huge_pass_limit_decides_the_status_at_once() -> None:
    # No removal can come back: with 10**9 passes allowed, the status check used to go
    # round the stock 10**9 times (hours); unlimited passes stopped at the first repeat.
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _HUGE_LIMIT], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.split() == ["lost", "lost"], done.stderr
