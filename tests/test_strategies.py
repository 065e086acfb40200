"""The public Hypothesis strategies of `pyramid13.strategies`."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import strategies as p13st


def test_importing_the_library_does_not_import_hypothesis() -> None:
    code = "import sys, pyramid13; sys.exit('hypothesis' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize(
    "code",
    [
        # Regression: importing the strategies first ran Hypothesis's entry point while the
        # module that held the hook was still half-imported (AttributeError).
        "from pyramid13.strategies import layouts; layouts().example()",
        "import hypothesis.strategies as st, pyramid13 as p; st.from_type(p.GameState).example()",
        "import pyramid13.strategies, hypothesis.strategies as st, pyramid13 as p; "
        "st.from_type(p.Move).example()",
    ],
)
def test_a_fresh_interpreter_imports_in_any_order(code: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_the_module_exports_what_it_documents() -> None:
    for name in p13st.__all__:
        assert getattr(p13st, name).__doc__


@given(st.data())
def test_types_resolve_through_the_entry_point(data: st.DataObject) -> None:
    assert isinstance(data.draw(st.from_type(p13.Card)), p13.Card)
    assert isinstance(data.draw(st.from_type(p13.Layout)), p13.Layout)
    assert isinstance(data.draw(st.from_type(p13.RuleSet)), p13.RuleSet)
    assert isinstance(data.draw(st.from_type(p13.Move)), p13.Move)
    assert isinstance(data.draw(st.from_type(p13.GameState)), p13.GameState)


@given(p13st.layouts())
def test_layouts_are_whole_deals(layout: p13.Layout) -> None:
    assert sorted(card.index for card in layout.cards) == list(range(52))


@given(p13st.rulesets(presets=False))
def test_custom_rulesets_are_valid_and_round_trip(rules: p13.RuleSet) -> None:
    assert p13.RuleSet.from_dict(rules.to_dict()) == rules
    assert rules.draw_count == 1 or rules.waste_piles == 1


@given(p13st.preset_rulesets())
def test_preset_rulesets_are_presets(rules: p13.RuleSet) -> None:
    assert rules.preset_name in p13.RuleSet.preset_names()


def test_rulesets_needs_something_to_draw_from() -> None:
    with pytest.raises(ValueError, match="presets=True or custom=True"):
        p13st.rulesets(presets=False, custom=False)


@given(p13st.moves())
def test_moves_exist(move: p13.Move) -> None:
    assert p13.Move.parse(str(move)) == move


@settings(max_examples=30)
@given(p13st.game_states(rules=p13.RuleSet.preset("microsoft"), max_moves=25))
def test_game_states_follow_the_rules_given(state: p13.GameState) -> None:
    assert state.rules == p13.RuleSet.preset("microsoft")
    assert len(state.history) <= 25
    replayed = p13.GameState.new(state.layout, state.rules)
    for move in state.history:
        replayed = replayed.apply(move)
    assert replayed == state


@settings(max_examples=20)
@given(p13st.game_states(rules=p13st.preset_rulesets(), max_moves=0, layout=p13.Layout.sorted()))
def test_game_states_take_strategies_and_values(state: p13.GameState) -> None:
    assert state.history == ()
    assert state.layout == p13.Layout.sorted()
    assert state.rules.preset_name is not None


def test_game_states_reach_the_end_of_games() -> None:
    seen: set[p13.Status] = set()

    @settings(max_examples=60, database=None)
    @given(p13st.game_states(max_moves=300))
    def collect(state: p13.GameState) -> None:
        seen.add(state.status)

    collect()
    assert p13.Status.PLAYING in seen
    assert p13.Status.LOST in seen


@pytest.mark.parametrize("bad", [-1, True, 2.5])
def test_game_states_checks_max_moves(bad: object) -> None:
    with pytest.raises(ValueError, match="max_moves"):
        p13st.game_states(max_moves=bad)  # type: ignore[arg-type]
