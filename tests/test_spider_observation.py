"""Spider hidden information (SPEC-spider S7): observations and determinize."""

from __future__ import annotations

import itertools
import pickle
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
        if not obs.history:
            with pytest.raises(p13.UndoError):
                sample.undo()
            continue
        # A whole game: its deal, played by the history, gives the sample.
        assert sample.start.observe().history == ()
        assert sample.undo().apply(obs.history[-1]) == sample


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
    # A field of the wrong type is refused as the observation is built, a view no game
    # shows by `determinize`.
    observation = _an_observation()
    with pytest.raises(p13.InvalidArgumentError, match=match):
        determinize(attrs.evolve(observation, **change), random.Random(1))  # type: ignore[arg-type]


def test_observation_none_everywhere_is_refused() -> None:
    # Regression: built with None fields, an observation raised TypeError in legal_moves.
    with pytest.raises(p13.InvalidArgumentError, match="rules must be a Spider RuleSet"):
        spider.Observation(None, (), 0, 0, (), 0, (), None, ())  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError, match="piles must be a tuple of 10"):
        spider.Observation(RuleSet(), None, 0, 0, (), 0, (), p13.Status.PLAYING, ())  # type: ignore[arg-type]


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


# -- honest status, twins, memory -------------------------------------------------------------


def play_twins(one: GameState, other: GameState, rng: random.Random, limit: int = 60) -> None:
    """Play both states with the same moves while they look the same; every view agrees."""
    for _ in range(limit):
        seen, twin_seen = one.observe(), other.observe()
        if seen != twin_seen:  # a face-down card turned, or a deal came: it differs
            assert one.last_move is not None
            return
        assert seen.to_string() == twin_seen.to_string()
        assert (seen.status, seen.is_over) == (twin_seen.status, twin_seen.is_over)
        assert seen.status is one.status is other.status  # Spider's status is honest
        assert seen.legal_moves() == twin_seen.legal_moves() == one.legal_moves()
        assert seen.legal_action_mask() == twin_seen.legal_action_mask()
        if seen.is_over:
            return
        move = rng.choice(seen.legal_moves())
        one, other = one.apply(move), other.apply(move)


@pytest.mark.parametrize(("preset", "suits"), PRESETS)
def test_twins_look_the_same_until_a_card_is_revealed(preset: str, suits: int) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    rng = random.Random(f"{preset}{suits}")
    for seed in range(2):
        for state in random_states(rules, seed, 120)[::60]:  # the start, then mid-game
            play_twins(state, determinize(state.observe(), rng), rng)


@pytest.mark.parametrize(("preset", "suits"), PRESETS[::2])
def test_cards_seen_face_up_stay_in_view(preset: str, suits: int) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    states = random_states(rules, 4, 300)
    for before, after in itertools.pairwise(states):
        up_before = Counter(card for pile in before.observe().piles for card in pile.face_up)
        up_after = Counter(card for pile in after.observe().piles for card in pile.face_up)
        lifted = Counter(
            Card(rank, suit)
            for suit in after.runs_removed[len(before.runs_removed) :]
            for rank in Rank
        )
        assert up_before - up_after <= lifted  # only a run lifted off leaves the view
        assert after.observe().history == after.history


def test_history_is_kept_through_undo_and_penalised_undo() -> None:
    rules = RuleSet.preset("microsoft", suits=1)
    state = GameState.new(Layout.shuffled(6, rules), rules)
    rng = random.Random(6)
    for _ in range(200):
        if state.history and rng.random() < 0.2:
            state = state.undo(penalty=rng.random() < 0.5)
        elif state.legal_moves():
            state = state.apply(rng.choice(state.legal_moves()))
        obs = state.observe()
        assert obs.history == state.history
        assert pickle.loads(pickle.dumps(obs)) == obs


# -- view codes -------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "suits"), PRESETS)
def test_view_codes_round_trip_and_hold_no_face_down_card(preset: str, suits: int) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    for state in random_states(rules, suits, 150)[::25]:
        obs = state.observe()
        code = obs.to_string()
        again = spider.Observation.from_string(code)
        assert again == obs
        assert again.to_string() == code
        assert again.legal_moves() == obs.legal_moves()
        assert again.matches(state)
        assert spider.Observation.from_string(code, rules) == obs
        piles = code.split()[0].split("/")
        for pile, observed in zip(piles, obs.piles, strict=True):
            down, _bar, up = pile.partition("|")
            assert pile == "-" or int(down) == observed.face_down_count
            assert up == "".join(map(str, observed.face_up))
        assert code.split()[1] == str(len(state.stock))


_PYSOLFC = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc")).apply("4:1>8")
_CODE = _PYSOLFC.observe().to_string()
_FIELDS = _CODE.split()


def _with(number: int, text: str) -> str:
    fields = list(_FIELDS)
    fields[number] = text
    return " ".join(fields)


@pytest.mark.parametrize(
    ("code", "match"),
    [
        (" ".join(_FIELDS[:6]), "7 fields"),
        (_with(0, "/".join(_FIELDS[0].split("/")[:9])), "10 piles"),
        (_with(0, _FIELDS[0].replace("5|8H", "5-8H")), "pile 1: .* has no '|'"),
        (_with(0, _FIELDS[0].replace("5|8H", "x|8H")), "pile 1: the number of face-down"),
        (_with(0, _FIELDS[0].replace("5|8H", "5|8X")), "pile 1, face-up, card 1"),
        (_with(0, _FIELDS[0].replace("5|8H", "6|8H")), "hold 94 card"),
        (_with(1, "fifty"), "the stock must be a number"),
        (_with(1, "49"), "hold 92 card"),
        (_with(4, _FIELDS[4][:-2] + "ZZ"), "the unseen cards, card 93"),
        (_with(4, "KS" + _FIELDS[4][2:]), "AC appears 1 time"),
        (_with(2, "X"), "runs removed"),
        (_with(5, "nonsense"), "rules field"),
        (_with(6, "4:1>8,11:1>2"), "history, move 2"),
    ],
)
def test_a_malformed_view_code_is_refused_saying_where(code: str, match: str) -> None:
    with pytest.raises(p13.InvalidPositionError, match=match):
        spider.Observation.from_string(code)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(_CODE) - 1), st.sampled_from(list("#|-/,:> 0123456789AKQJTCDHS")))
def test_a_changed_view_code_is_refused_or_read_exactly(position: int, char: str) -> None:
    code = _CODE[:position] + char + _CODE[position + 1 :]
    try:
        obs = spider.Observation.from_string(code)
    except p13.InvalidPositionError:
        return
    assert spider.Observation.from_string(obs.to_string()) == obs
