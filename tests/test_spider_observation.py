"""Spider hidden information (SPEC-spider S7): observations and determinize."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hidden import reachable_objects
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import Card, Rank, spider
from pyramid13.spider import GameState, Layout, RuleSet, determinize

PRESETS = [(name, suits) for name in RuleSet.preset_names() for suits in (1, 2, 4)]


def random_states(rules: RuleSet, seed: int, length: int) -> list[GameState]:
    rng = random.Random(seed)
    state = GameState.new(Layout.shuffled(seed, rules), rules)
    states = [state]
    for _ in range(length):
        if not state.legal_moves():
            break
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def test_an_observation_shows_what_a_player_sees() -> None:
    state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc")).apply("4:1>8")
    obs = state.observe()
    assert obs.piles[3] == spider.ObservedPile(4, (Card.parse("9C"),))
    assert obs.piles[7].face_up == (Card.parse("QC"), Card.parse("JC"))
    assert (obs.stock_size, obs.deals_left, obs.runs_removed, obs.score) == (50, 5, (), 0)
    assert obs.history == state.history
    assert obs.status is state.status
    hidden = [card for pile in state.piles for card in pile.face_down] + list(state.stock)
    assert Counter(obs.unseen) == Counter(hidden)
    assert list(obs.unseen) == sorted(obs.unseen, key=lambda card: card.index)
    assert obs.legal_moves() == state.legal_moves()
    assert "##" in str(obs)
    assert str(obs) == str(state)


@pytest.mark.parametrize(("preset", "suits"), PRESETS)
def test_observations_offer_the_state_moves_and_hold_no_hidden_card(
    preset: str, suits: int
) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    for state in random_states(rules, seed=suits, length=120)[::10]:
        obs = state.observe()
        assert obs.legal_moves() == state.legal_moves()
        assert obs.status is state.status
        reachable = reachable_objects(obs)
        assert not [item for item in reachable if isinstance(item, (GameState, Layout))]
        seen = sum(len(pile.face_up) for pile in obs.piles) + 13 * len(obs.runs_removed)
        assert len(obs.unseen) == 104 - seen
        if not rules.face_down:
            assert len(obs.unseen) == obs.stock_size


@pytest.mark.parametrize(("preset", "suits"), PRESETS)
def test_determinize_is_consistent_with_the_observation(preset: str, suits: int) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    for state in random_states(rules, seed=suits + 10, length=120)[::20]:
        obs = state.observe()
        sample = determinize(obs, random.Random(5))
        assert sample.observe() == obs
        assert sample.legal_moves() == state.legal_moves()
        assert sample.rules == rules
        assert sample.score == state.score
        assert sample == determinize(obs, random.Random(5))  # the same seed, the same sample
        cards = Counter(card for pile in sample.piles for card in pile.cards)
        cards.update(sample.stock)
        cards.update(Card(rank, suit) for suit in sample.runs_removed for rank in Rank)
        assert sum(cards.values()) == 104
        assert Counter(sample.layout.piles[0] + sample.layout.piles[1]) <= cards
        if sample.legal_moves():  # it plays on like any state
            after = sample.apply(sample.legal_moves()[-1])
            assert after.history == (*obs.history, sample.legal_moves()[-1])
            assert after.undo() is sample
        with pytest.raises(p13.UndoError):
            sample.undo()


def test_determinize_samples_differ_with_the_seed() -> None:
    state = GameState.new(Layout.shuffled(9), RuleSet())
    samples = {determinize(state.observe(), random.Random(seed)) for seed in range(5)}
    assert len(samples) == 5
    assert {sample.observe() for sample in samples} == {state.observe()}


def test_determinize_refuses_what_is_not_an_observation() -> None:
    state = GameState.new(Layout.shuffled(9), RuleSet())
    with pytest.raises(p13.InvalidArgumentError, match="Observation"):
        determinize(state, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError, match=r"random\.Random"):
        determinize(state.observe(), 1)  # type: ignore[arg-type]


# -- an observation no game shows: refused, never a broken state -----------------------------


def _an_observation() -> spider.Observation:
    rules = RuleSet.preset("microsoft")
    return random_states(rules, 3, 12)[-1].observe()


def test_an_inconsistent_observation_is_refused() -> None:
    # Regression: one pile's face-down count raised to 8 and three others lowered by one
    # gave a 96-card state whose observe() differed (the 3-bit counter overflowed).
    obs = _an_observation()
    piles = list(obs.piles)
    piles[0] = attrs.evolve(piles[0], face_down_count=8)
    for number in (1, 2, 3):
        piles[number] = attrs.evolve(
            piles[number], face_down_count=piles[number].face_down_count - 1
        )
    with pytest.raises(p13.InvalidArgumentError, match="pile 1 has 8 face-down card"):
        determinize(attrs.evolve(obs, piles=tuple(piles)), random.Random(1))


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"rules": None}, "rules must be a Spider RuleSet, not None"),
        ({"piles": ()}, "piles must be a tuple of 10"),
        ({"stock_size": None}, "stock_size must be an int"),
        ({"deals_left": 9}, "9 deals left"),
        ({"score": 1.5}, "score must be an int"),
        ({"runs_removed": ("S",)}, "runs_removed must be a tuple of Suit"),
        ({"history": ["deal"]}, "history must be a tuple"),
        ({"status": "playing"}, "status must be a Status"),
        ({"unseen": None}, "unseen must be a tuple of Card"),
        ({"score": 501}, "reaches at most"),
        ({"status": p13.Status.WON}, "status is won, but its table is playing"),
        ({"runs_removed": (p13.Suit.SPADES,)}, "do not fill|no position"),
    ],
)
def test_a_hand_built_observation_gets_a_library_error(
    change: dict[str, object], match: str
) -> None:
    obs = attrs.evolve(_an_observation(), **change)  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError, match=match):
        determinize(obs, random.Random(1))


def test_observation_none_everywhere_is_refused() -> None:
    obs = spider.Observation(None, (), 0, 0, (), 0, (), None, ())  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError, match="rules must be a Spider RuleSet"):
        determinize(obs, random.Random(1))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_mutated_observation_is_refused_or_sampled_exactly(data: st.DataObject) -> None:
    obs = _an_observation()
    piles = list(obs.piles)
    for _ in range(data.draw(st.integers(0, 3))):
        number = data.draw(st.integers(0, 9))
        count = data.draw(st.integers(0, 9))
        piles[number] = attrs.evolve(piles[number], face_down_count=count)
    change: dict[str, object] = {"piles": tuple(piles)}
    if data.draw(st.booleans()):
        change["stock_size"] = data.draw(st.sampled_from([0, 10, 40, 50, 60]))
    if data.draw(st.booleans()):
        change["deals_left"] = data.draw(st.integers(0, 6))
    if data.draw(st.booleans()):
        change["score"] = data.draw(st.integers(480, 520))
    mutated = attrs.evolve(obs, **change)  # type: ignore[arg-type]
    try:
        sample = determinize(mutated, random.Random(0))
    except p13.InvalidArgumentError:
        return
    assert sample.observe() == mutated
    assert GameState.from_string(sample.to_string()) == sample
