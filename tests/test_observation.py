"""Pyramid hidden information: the stock order is hidden, its top only when it cannot play."""

from __future__ import annotations

import random

import pytest
from hidden import reachable_objects

import pyramid13 as p13
from pyramid13 import GameState, Layout, RuleSet, determinize


def random_states(rules: RuleSet, seed: int, length: int) -> list[GameState]:
    rng = random.Random(seed)
    state = GameState.new(Layout.shuffled(seed), rules)
    states = [state]
    while state.legal_moves() and len(states) < length:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@pytest.mark.parametrize("preset", RuleSet.preset_names())
def test_observations_hide_the_stock_order(preset: str) -> None:
    rules = RuleSet.preset(preset)
    for state in random_states(rules, seed=3, length=80)[::8]:
        obs = state.observe()
        assert (obs.pyramid, obs.waste_piles) == (state.pyramid, state.waste_piles)
        assert (obs.pass_number, obs.score, obs.history) == (
            state.pass_number,
            state.score,
            state.history,
        )
        assert obs.status is state.status
        assert obs.legal_moves() == state.legal_moves()
        assert obs.stock_size == len(state.stock)
        visible_top = rules.stock_top_pairable and state.stock
        assert obs.stock_top == (state.stock[-1] if visible_top else None)
        hidden = state.stock[:-1] if visible_top else state.stock
        assert obs.unseen == tuple(sorted(hidden, key=lambda card: card.index))
        assert not [x for x in reachable_objects(obs) if isinstance(x, (GameState, Layout))]


@pytest.mark.parametrize("preset", RuleSet.preset_names())
def test_determinize_is_consistent_with_the_observation(preset: str) -> None:
    rules = RuleSet.preset(preset)
    for state in random_states(rules, seed=4, length=60)[::6]:
        obs = state.observe()
        sample = determinize(obs, random.Random(2))
        again = sample.observe()
        assert (again.pyramid, again.waste_piles, again.stock_size, again.stock_top) == (
            obs.pyramid,
            obs.waste_piles,
            obs.stock_size,
            obs.stock_top,
        )
        assert (again.unseen, again.pass_number, again.score, again.history) == (
            obs.unseen,
            obs.pass_number,
            obs.score,
            obs.history,
        )
        assert sample == determinize(obs, random.Random(2))
        with pytest.raises(p13.UndoError):
            sample.undo()


def test_samples_differ_with_the_seed_and_keep_a_visible_top() -> None:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
    samples = [determinize(state.observe(), random.Random(seed)) for seed in range(6)]
    assert len({sample.stock for sample in samples}) == 6
    assert {sample.stock[-1] for sample in samples} == {state.stock[-1]}


def test_determinize_refuses_what_is_not_an_observation() -> None:
    state = GameState.new(Layout.shuffled(1))
    with pytest.raises(p13.InvalidArgumentError, match="Observation"):
        determinize(state, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError, match=r"random\.Random"):
        determinize(state.observe(), None)  # type: ignore[arg-type]
