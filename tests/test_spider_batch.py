"""Spider's batched engine against the scalar engine and its environment: after every
batched step each game's state, mask, reward, ``terminated``, status, score and
observation array are the scalar ones; twins look the same until a card is revealed; the
options, auto-reset, truncation, the sampler and the refusals."""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("gymnasium")
envs = pytest.importorskip("pyramid13.envs")

from pyramid13 import (  # noqa: E402
    InvalidArgumentError,
    InvalidRulesError,
    Status,
    Suit,
    spider,
)
from pyramid13.spider import GameState, Layout, RuleSet  # noqa: E402
from pyramid13.spider import _batch as batching  # noqa: E402
from pyramid13.spider._batch import END_ACTION, STATUSES, SpiderBatch  # noqa: E402

SPIDER_SLICES = envs.SPIDER_OBSERVATION_SLICES
PRESETS = [(name, suits) for name in RuleSet.preset_names() for suits in (1, 2, 4)]


class Mirror:
    """A batch and one scalar environment per game, stepped together and compared."""

    def __init__(self, rules: RuleSet, n: int, reward: str | None = "win") -> None:
        self.batch = SpiderBatch(rules, n, reward=reward)
        self.envs = [envs.CardGameEnv("spider", rules, reward=reward) for _ in range(n)]
        self.arrays: list[Any] = [None] * n
        self.counts = {"steps": 0, "won": 0, "lost": 0, "lifted": 0, "illegal": 0, "empty": 0}

    def reset(self, seeds: list[int]) -> None:
        self.batch.reset(seeds)
        for number, (env, seed) in enumerate(zip(self.envs, seeds, strict=True)):
            self.arrays[number], _info = env.reset(seed=seed)
        self.check()

    def reset_states(self, states: list[GameState]) -> None:
        self.batch.reset_states(states)
        for number, (env, state) in enumerate(zip(self.envs, states, strict=True)):
            self.arrays[number], _info = env.reset(options={"state": state})
        self.check()

    def check(self) -> None:
        batch = self.batch
        mask = batch.legal_mask()
        observed = batch.observe()
        status, score = batch.status, batch.score
        for number, env in enumerate(self.envs):
            assert (mask[number] == env.action_mask().astype(bool)).all(), env.state
            assert (observed[number] == self.arrays[number]).all(), env.state
            assert STATUSES[status[number]] is env.state.status
            assert score[number] == env.state.score
            state = batch.state(number)
            assert state == env.state
            assert state.history == env.state.history
            if any(not pile.face_up for pile in state.piles):
                self.counts["empty"] += 1

    def step(self, actions: Any) -> None:
        batch = self.batch
        lifted = int(sum(len(batch.state(i).runs_removed) for i in range(batch.n)))
        before = batch.status
        rewards, terminated = batch.step(np.asarray(actions, dtype=np.int64))
        illegal = batch.illegal
        for number, env in enumerate(self.envs):
            array, reward, done, truncated, info = env.step(int(actions[number]))
            self.arrays[number] = array
            assert (rewards[number], terminated[number]) == (reward, done), env.state
            assert illegal[number] == info["illegal_action"]
            assert not truncated
        self.check()
        self.counts["steps"] += 1
        self.counts["illegal"] += int(illegal.sum())
        self.counts["lifted"] += sum(len(batch.state(i).runs_removed) for i in range(batch.n))
        self.counts["lifted"] -= lifted
        after = batch.status
        self.counts["won"] += int(((before == 0) & (after == 1)).sum())
        self.counts["lost"] += int(((before == 0) & (after == 2)).sum())


def _choose(mirror: Mirror, rng: np.random.Generator, twists: bool = True) -> Any:
    """Mostly a uniform legal action; now and then an illegal one, or END_ACTION."""
    actions = mirror.batch.sample_actions(rng)
    if twists and rng.random() < 0.1:
        actions[int(rng.integers(mirror.batch.n))] = int(rng.integers(-5, 1190))
    return actions


def play(mirror: Mirror, rng: np.random.Generator, steps: int) -> None:
    for _ in range(steps):
        mirror.step(_choose(mirror, rng))


@pytest.mark.parametrize(("preset", "suits"), PRESETS)
def test_batched_games_are_the_scalar_games_step_by_step(preset: str, suits: int) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    mirror = Mirror(rules, 3, reward="score" if preset == "microsoft" else "win")
    mirror.reset([suits * 1000 + seed for seed in range(3)])
    play(mirror, np.random.default_rng(suits), 140)
    assert mirror.counts["steps"] == 140


def test_random_walks_lift_runs_and_empty_piles() -> None:
    mirror = Mirror(RuleSet.preset("kpat", suits=1), 4)
    mirror.reset([11, 12, 13, 14])
    play(mirror, np.random.default_rng(3), 300)
    assert mirror.counts["lifted"] >= 1
    assert mirror.counts["empty"] >= 1
    assert mirror.counts["illegal"] >= 1


def _dead_end() -> GameState:
    """Six runs removed; the last deal leaves tops A 3 5 7 9, twice: no move is left."""
    rules = RuleSet.preset("microsoft", suits=2)
    tops = ["2S", "2H", "4S", "4H", "6S", "6H", "8S", "8H", "TS", "TH"]
    downs = ["QS", "QH", "JS", "JH", "KS", "KH", "", "", "", ""]
    piles = "/".join(f"{down}|{top}" for down, top in zip(downs, tops, strict=True))
    return GameState.from_string(f"{piles} ASAH3S3H5S5H7S7H9S9H SSSHHH 100", rules)


def _two_runs_await_their_aces(auto: bool) -> GameState:
    """Piles 1 and 2 hold King to Two of hearts and of spades; the last deal brings
    their Aces (two suits, two runs of each removed)."""
    rules = RuleSet(shape="first-four", suits=2, auto_remove_runs=auto, deal_onto_empty=True)
    ranks = "KQJT98765432"
    rest = [f"{rank}{suit}" for suit in "SH" for rank in ranks] + ["AS", "AH"]
    stock = [*rest[:8], "AS", "AH"]  # the last one is dealt first, onto pile 1
    left = rest[8:]
    piles = ["|" + "".join(f"{rank}H" for rank in ranks), "|" + "".join(f"{r}S" for r in ranks)]
    for number in range(8):
        cards = left[number::8]
        piles.append("".join(cards[1:]) + "|" + cards[0])
    return GameState.from_string(f"{'/'.join(piles)} {''.join(stock)} SSHH 0", rules)


@pytest.mark.parametrize("auto", [True, False])
def test_a_deal_that_completes_two_runs(auto: bool) -> None:
    start = _two_runs_await_their_aces(auto)
    mirror = Mirror(start.rules, 2)
    mirror.reset_states([start, start])
    mirror.step([spider.move_to_action("deal")] * 2)
    if auto:
        assert mirror.batch.state(0).runs_removed[-2:] == (Suit.HEARTS, Suit.SPADES)
    else:
        mirror.step([spider.move_to_action("remove 2"), spider.move_to_action("remove 1")])
    assert len(mirror.batch.state(1).runs_removed) == 6 - int(not auto)
    play(mirror, np.random.default_rng(2), 30)


@pytest.mark.parametrize("reward", ["win", "score"])
def test_a_deal_into_a_dead_end_loses_in_both_engines(reward: str) -> None:
    start = _dead_end()
    mirror = Mirror(start.rules, 2, reward=reward)
    mirror.reset_states([start, start.apply("deal")])
    assert mirror.batch.status.tolist() == [0, 2]
    mirror.step([spider.move_to_action("deal"), 0])
    assert mirror.counts["lost"] == 1
    assert mirror.batch.status.tolist() == [2, 2]


def _near_win(preset: str) -> GameState:
    """Seven runs removed; the eighth waits on pile 1 for the Ace on pile 2."""
    rules = RuleSet.preset(preset, suits=1)
    suit = rules.suit_set[0].value
    run = "".join(f"{rank}{suit}" for rank in "KQJT98765432")
    score = 1150 if preset == "microsoft" else 0
    code = f"|{run}/|A{suit}" + "/-" * 8 + f" - {suit * 7} {score}"
    return GameState.from_string(code, rules)


@pytest.mark.parametrize("preset", ["bicycle", "microsoft", "pysolfc", "relaxed", "open"])
@pytest.mark.parametrize("reward", ["win", "score", None])
def test_the_last_run_wins_in_both_engines(preset: str, reward: str | None) -> None:
    start = _near_win(preset)
    mirror = Mirror(start.rules, 3, reward=reward)
    mirror.reset_states([start, start, start])
    last = spider.move_to_action("2:1>1")
    mirror.step([last, spider.move_to_action("1:12>3"), last])
    if not start.rules.auto_remove_runs:
        mirror.step([spider.move_to_action("remove 1"), 0, 0])
    status = mirror.batch.status
    assert STATUSES[status[0]] is Status.WON
    mirror.step([0, 0, 0])  # over: END_ACTION changes nothing, and is no illegal action
    assert not mirror.batch.illegal[0]
    play(mirror, np.random.default_rng(1), 20)


def test_games_started_over_stay_over() -> None:
    start = _near_win("bicycle")
    won = start.apply("2:1>1")
    batch = SpiderBatch(start.rules, 2)
    batch.reset_states([won, start])
    assert batch.status.tolist() == [1, 0]
    assert batch.legal_mask()[0].nonzero()[0].tolist() == [END_ACTION]
    rewards, terminated = batch.step([5, spider.move_to_action("2:1>1")])
    assert rewards.tolist() == [0.0, 1.0]
    assert terminated.tolist() == [True, True]
    assert batch.illegal.tolist() == [True, False]
    assert batch.state(0) is won
    assert batch.sample_actions(np.random.default_rng(0)).tolist() == [END_ACTION] * 2
    batch.reset([], indices=[])  # no game dealt: nothing changes
    assert batch.status.tolist() == [1, 1]


@st.composite
def rulesets(draw: st.DrawFn) -> RuleSet:
    """Any Spider rule set the batch runs: every shape, suits in any order, every flag."""
    suits = draw(st.sampled_from([1, 2, 4]))
    suit_set = draw(st.permutations(list(Suit)))[:suits]
    return RuleSet(
        shape=draw(st.sampled_from(spider.DealShape)),
        suits=suits,
        suit_set=tuple(suit_set),
        deal_onto_empty=draw(st.booleans()),
        auto_remove_runs=draw(st.booleans()),
        face_down=draw(st.booleans()),
        scoring=draw(st.sampled_from(["none", "microsoft"])),
    )


@settings(max_examples=12, deadline=None)
@given(rules=rulesets(), seed=st.integers(0, 2**64 - 1), reward=st.sampled_from(["win", "score"]))
def test_any_rule_set_plays_as_the_scalar_engine(rules: RuleSet, seed: int, reward: str) -> None:
    mirror = Mirror(rules, 2, reward=reward)
    mirror.reset([seed, (seed * 7 + 1) % 2**64])
    play(mirror, np.random.default_rng(seed % 1000), 60)


@pytest.mark.parametrize(("preset", "suits"), PRESETS[::2])
def test_mid_game_states_carry_on_as_the_scalar_engine(preset: str, suits: int) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    rng = random.Random(preset)
    states = []
    for seed in range(3):
        state = GameState.new(Layout.shuffled(seed, rules), rules)
        for _ in range(rng.randrange(10, 80)):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.apply(rng.choice(moves))
        states.append(state)
    states.append(GameState.from_string(states[0].to_string(), rules))  # no deal history
    mirror = Mirror(rules, 4)
    mirror.reset_states(states)
    play(mirror, np.random.default_rng(7), 40)
    assert mirror.batch.state(0).history[: len(states[0].history)] == states[0].history


_ARRAYS = ("_cards", "_height", "_down", "_top", "_run", "_deals", "_ndeals", "_dealt")
_MORE = ("_stock", "_unseen", "_score", "_status", "_nremoved", "_by_suit")


@pytest.mark.parametrize("rejected", [False, True])
@settings(max_examples=8, deadline=None)
@given(rules=rulesets(), seeds=st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=4))
def test_seeded_deals_are_the_layouts_dealt_one_by_one(
    rules: RuleSet, seeds: list[int], rejected: bool
) -> None:
    # All seeds are shuffled at once in arrays; a seed whose generator would reject a
    # draw (about once in 10**16) is dealt by Layout.shuffled: force that path too.
    dealt = SpiderBatch(rules, len(seeds))
    with pytest.MonkeyPatch.context() as patch:
        if rejected:
            draws = batching._splitmix_draws
            patch.setattr(
                batching, "_splitmix_draws", lambda s: (draws(s)[0], np.ones(s.size, dtype=bool))
            )
        dealt.reset(seeds)
    loaded = SpiderBatch(rules, len(seeds))
    loaded.reset_states([GameState.new(Layout.shuffled(seed, rules), rules) for seed in seeds])
    for name in _ARRAYS + _MORE:
        assert (getattr(dealt, name) == getattr(loaded, name)).all(), name
    assert dealt.seeds == seeds
    assert loaded.seeds == [None] * len(seeds)


# -- twins -----------------------------------------------------------------------------------


def _twin(state: GameState, rng: random.Random) -> GameState | None:
    seen = state.observe()
    for _ in range(20):
        twin = spider.determinize(seen, rng)
        if twin.observe() == seen and twin.to_string() != state.to_string():
            return twin
    return None


@pytest.mark.parametrize(("preset", "suits"), PRESETS[::3])
def test_twins_look_the_same_until_a_card_is_revealed(preset: str, suits: int) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    rng = random.Random(f"{preset}{suits}")
    firsts, seconds = [], []
    for seed in range(6):
        state = GameState.new(Layout.shuffled(seed, rules), rules)
        twin = _twin(state, rng)
        if twin is not None:
            firsts.append(state)
            seconds.append(twin)
    if not firsts:  # Open Spider hides only the stock's order
        assert not rules.face_down
        return
    count = len(firsts)
    batch = SpiderBatch(rules, 2 * count)
    batch.reset_states(firsts + seconds)
    apart = np.zeros(count, dtype=bool)
    compared = parted = 0
    sampler = np.random.default_rng(5)
    unseen = SPIDER_SLICES["unseen"]
    hidden = batch.observe()[:count, unseen].sum(axis=1)
    for _ in range(120):
        observed = batch.observe()
        mask = batch.legal_mask()
        same = (observed[:count] == observed[count:]).all(axis=1)
        now_hidden = observed[:count, unseen].sum(axis=1)
        newly = ~same & ~apart
        assert (now_hidden[newly] < hidden[newly]).all()  # they part only at a reveal
        parted += int(newly.sum())
        hidden = now_hidden
        apart |= ~same
        together = ~apart
        assert (mask[:count][together] == mask[count:][together]).all()
        compared += int(together.sum())
        actions = batch.sample_actions(sampler)
        actions[count:] = actions[:count]
        rewards, terminated = batch.step(actions)
        assert (rewards[:count][together] == rewards[count:][together]).all()
        assert (terminated[:count][together] == terminated[count:][together]).all()
    assert compared >= count
    assert parted >= 1


# -- sampling, auto-reset, truncation ---------------------------------------------------------


def test_the_sampler_draws_every_legal_action_uniformly() -> None:
    # Units onto empty piles, a run to remove, units onto cards and the deal.
    near = _near_win("pysolfc")
    rules = near.rules
    positions = [near, near.apply("2:1>1"), GameState.new(Layout.shuffled(3, rules), rules)]
    n = 1500
    batch = SpiderBatch(rules, n * len(positions))
    batch.reset_states([state for state in positions for _ in range(n)])
    actions = batch.sample_actions(np.random.default_rng(0))
    for number, state in enumerate(positions):
        legal = sorted(spider.move_to_action(move) for move in state.legal_moves())
        counts = np.bincount(actions[number * n : number * n + n], minlength=spider.ACTION_COUNT)
        assert np.flatnonzero(counts).tolist() == legal
        expected = n / len(legal)
        assert (np.abs(counts[legal] - expected) < 5 * np.sqrt(expected) + 1).all()


def test_auto_reset_deals_anew_from_seeds_it_tells() -> None:
    start = _near_win("microsoft")
    batch = SpiderBatch(start.rules, 2, reward="score", auto_reset=True)
    batch.reset([4, 5])
    batch.reset_states([start], indices=[1])
    assert batch.seeds == [4, None]
    rewards, terminated = batch.step([0, spider.move_to_action("2:1>1")])
    assert terminated.tolist() == [False, True]
    assert rewards[1] == 99.0  # the ended game's reward: -1 for the move, +100 for the run
    seed = batch.seeds[1]
    assert seed is not None
    fresh = GameState.new(Layout.shuffled(seed, start.rules), start.rules)
    assert batch.state(1) == fresh
    assert batch.state(1).history == ()
    assert batch.status.tolist() == [0, 0]
    again = SpiderBatch(start.rules, 2, reward="score", auto_reset=True)
    again.reset([4, 5])
    again.reset_states([start], indices=np.array([False, True]))
    again.step([0, spider.move_to_action("2:1>1")])
    assert again.seeds == batch.seeds  # reset's seeds seed the draws


def test_max_steps_cuts_games_as_the_time_limit_does() -> None:
    rules = RuleSet.preset("bicycle")
    batch = SpiderBatch(rules, 3, max_steps=5)
    batch.reset([1, 2, 3])
    rng = np.random.default_rng(0)
    for step in range(1, 6):
        batch.step(batch.sample_actions(rng))
        assert batch.steps.tolist() == [step] * 3
        assert batch.truncated.tolist() == [step == 5] * 3
    looping = SpiderBatch(rules, 3, max_steps=5, auto_reset=True)
    looping.reset([1, 2, 3])
    for _ in range(5):
        looping.step(looping.sample_actions(rng))
    assert looping.steps.tolist() == [0, 0, 0]
    assert looping.truncated.tolist() == [True] * 3
    assert all(looping.state(i).history == () for i in range(3))


def test_a_game_takes_the_memory_the_docs_say() -> None:
    n = 64
    batch = SpiderBatch("bicycle", n)
    batch.reset(range(n))
    batch.legal_mask()
    start = batch.nbytes
    assert 1800 * n < start < 2000 * n  # "about 1.9 KB a game"
    rng = np.random.default_rng(0)
    for _ in range(200):
        batch.step(batch.sample_actions(rng))
    longest = int(max(len(batch.state(i).history) for i in range(n)))
    grown = batch.nbytes - start
    assert 2 * n * (longest - 64) <= grown <= 2 * n * 2 * longest  # 2 bytes a move, doubled


def test_a_copied_or_pickled_batch_plays_on_as_the_original() -> None:
    batch = SpiderBatch("microsoft", 4, reward="score", auto_reset=True, max_steps=30)
    batch.reset(range(4))
    rng = np.random.default_rng(0)
    for _ in range(40):
        batch.step(batch.sample_actions(rng))
    copies = [copy.deepcopy(batch), pickle.loads(pickle.dumps(batch))]
    for _ in range(40):
        actions = batch.sample_actions(rng)
        rewards, terminated = batch.step(actions)
        for other in copies:
            again, ended = other.step(actions)
            assert (again == rewards).all()
            assert (ended == terminated).all()
            assert (other.observe() == batch.observe()).all()
    assert all(other.seeds == batch.seeds for other in copies)
    assert all(other.state(3) == batch.state(3) for other in copies)


# -- refusals ---------------------------------------------------------------------------------


class _Points:
    name = "points"
    start = 0
    undo_penalty = 0

    def score(self, score: int, event: spider.ScoreEvent) -> int:
        return score + event.runs_removed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Points)

    def __hash__(self) -> int:
        return 1


def test_what_the_batch_cannot_run_is_refused_saying_why() -> None:
    with pytest.raises(InvalidRulesError, match="scoring policy 'points'"):
        SpiderBatch(RuleSet(scoring=_Points()), 2)
    with pytest.raises(InvalidRulesError):
        SpiderBatch("no-such-preset", 2)
    for bad in (0, -1, 2.0, "2", True):
        with pytest.raises(InvalidArgumentError, match="n must be"):
            SpiderBatch(None, bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="reward"):
        SpiderBatch(None, 2, reward="points")
    with pytest.raises(InvalidArgumentError, match="auto_reset"):
        SpiderBatch(None, 2, auto_reset=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="max_steps"):
        SpiderBatch(None, 2, max_steps=0)


def test_bad_calls_are_refused_and_change_nothing() -> None:
    batch = SpiderBatch("microsoft", 2)
    with pytest.raises(InvalidArgumentError, match="reset"):
        batch.step([0, 0])
    with pytest.raises(InvalidArgumentError, match="reset"):
        batch.legal_mask()
    for seeds in ([1], [1, 2, 3], [1, -1], [1, 2.0], [1, 2**64], 7):
        with pytest.raises(InvalidArgumentError):
            batch.reset(seeds)
    batch.reset([1, 2])
    before = [batch.state(i) for i in range(2)], batch.observe()
    for actions in ([0], [0.0, 1.0], np.array([[0, 1]]), [True, False], "ab"):
        with pytest.raises(InvalidArgumentError, match="actions"):
            batch.step(actions)
    for games in ([0, 0], [2], [True], np.array([[0]]), ["a"]):
        with pytest.raises(InvalidArgumentError, match="game"):
            batch.reset([1] * np.asarray(games).size, indices=games)
    other = GameState.new(Layout.shuffled(1, "pysolfc"), "pysolfc")
    with pytest.raises(InvalidArgumentError, match="other rules"):
        batch.reset_states([other, other])
    with pytest.raises(InvalidArgumentError, match="GameState"):
        batch.reset_states(["a", "b"])  # type: ignore[list-item]
    with pytest.raises(InvalidArgumentError, match="2 state"):
        batch.reset_states([batch.state(0)])
    for index in (-1, 2, 1.0, "0"):
        with pytest.raises(InvalidArgumentError, match="i must be"):
            batch.state(index)  # type: ignore[arg-type]
    assert [batch.state(i) for i in range(2)] == before[0]
    assert (batch.observe() == before[1]).all()
    assert (batch.information_state() == before[1]).all()
    buffer = np.full((2, 1128), 7, dtype=np.int16)
    assert batch.observe(out=buffer) is buffer
    assert (buffer == before[1]).all()
    for out in (np.zeros((2, 1128)), np.zeros((3, 1128), np.int16), [[0] * 1128] * 2):
        with pytest.raises(InvalidArgumentError, match="out must be"):
            batch.observe(out=out)  # type: ignore[arg-type]
    assert batch.steps.tolist() == [0, 0]


def test_the_core_never_loads_the_batch_or_numpy() -> None:
    code = (
        "import sys, pyramid13, pyramid13.spider; print('numpy' in sys.modules, "
        "'pyramid13.spider._batch' in sys.modules)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    assert output.split() == ["False", "False"]
