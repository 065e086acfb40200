"""The batched engines (`pyramid13.batch`) against the scalar engines and environments:
after every batched step, each game's state equals the scalar engine's, and its mask,
reward, ``terminated`` and observation equal the environment's; twins stay identical until
a card is revealed; bad input is refused.

The differential checks are written once, for every registered game that has a batched
engine (`batch.batched_games`); `RULE_CASES` names the rule sets each game is played under.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

gymnasium = pytest.importorskip("gymnasium")
batch = pytest.importorskip("pyramid13.batch")
envs = pytest.importorskip("pyramid13.envs")

import pyramid13 as p13  # noqa: E402
from pyramid13 import spider  # noqa: E402
from pyramid13.strategies import rulesets  # noqa: E402


def _pyramid_cases() -> list[Any]:
    return [p13.RuleSet.preset(name) for name in p13.RuleSet.preset_names()]


def _spider_cases() -> list[Any]:
    return [
        spider.RuleSet.preset(name, suits=suits)
        for name in spider.RuleSet.preset_names()
        for suits in (1, 2, 4)
    ]


#: The rule sets each game's batch is checked under: every preset (Spider's in 1, 2 and 4
#: suits).
RULE_CASES: dict[str, Callable[[], list[Any]]] = {
    "pyramid": _pyramid_cases,
    "spider": _spider_cases,
}
#: Hypothesis strategies of each game's rule sets.
RULE_STRATEGIES: dict[str, Callable[[], st.SearchStrategy[Any]]] = {
    "pyramid": rulesets,
    "spider": lambda: st.sampled_from(_spider_cases()),
}

BATCHED = [game.name for game in batch.batched_games()]
CASES = [
    pytest.param(rules, id=f"{name}-{rules.preset_name or 'custom'}-{index}")
    for name in BATCHED
    for index, rules in enumerate(RULE_CASES[name]())
]


def _compare(
    games: Any,
    scalar: list[Any],
    observations: list[Any],
    where: str,
) -> None:
    """Each game of `games` against its scalar environment: mask, observation, status."""
    mask = games.legal_mask()
    arrays = games.observe()
    status = games.status
    assert mask.dtype == np.bool_
    assert mask.shape == (games.n, scalar[0].action_space.n)
    for index, env in enumerate(scalar):
        assert np.array_equal(mask[index], env.action_mask().astype(bool)), (where, index)
        assert np.array_equal(arrays[index], observations[index]), (where, index)
        assert batch.STATUSES[status[index]] is env.observe().status, (where, index)
        assert games.score[index] == env.observe().score


def check_against_environments(
    rules: Any, seeds: list[int], steps: int, rng: random.Random, *, every: int = 1
) -> int:
    """Play `steps` masked random actions in a batch and in one environment per game,
    comparing everything after each step (the states every `every` steps and at each
    game's end); finished games are dealt anew from fresh seeds. The steps compared."""
    games = batch.for_rules(rules, len(seeds))
    game = p13.game_of(rules)
    games.reset(seeds)
    scalar = [envs.CardGameEnv(game.name, rules) for _ in seeds]
    observations = [env.reset(seed=seed)[0] for env, seed in zip(scalar, seeds, strict=True)]
    _compare(games, scalar, observations, "reset")
    compared = 0
    for step in range(steps):
        mask = games.legal_mask()
        actions = np.array([rng.choice(np.flatnonzero(row).tolist()) for row in mask])
        rewards, terminated = games.step(actions)
        for index, env in enumerate(scalar):
            observation, reward, done, _, info = env.step(int(actions[index]))
            assert not info["illegal_action"]
            observations[index] = observation
            assert rewards[index] == reward, (step, index)
            assert terminated[index] == done, (step, index)
            if done or step % every == 0:
                state = games.state(index)
                assert state == env.state, (step, index)
                assert state.history == env.state.history
        _compare(games, scalar, observations, f"step {step}")
        compared += 1
        ended = np.flatnonzero(games.status != batch.PLAYING)
        if ended.size:
            fresh = [rng.randrange(2**64) for _ in ended]
            games.reset(fresh, ended)
            for index, seed in zip(ended.tolist(), fresh, strict=True):
                observations[index] = scalar[index].reset(seed=seed)[0]
            _compare(games, scalar, observations, f"reset after step {step}")
    return compared


@pytest.mark.no_cover  # whole games, over code the smaller tests trace
@pytest.mark.parametrize("rules", CASES)
def test_every_preset_plays_as_the_scalar_engine_and_environment(rules: Any) -> None:
    rng = random.Random(str(rules))
    assert (
        check_against_environments(rules, [rng.randrange(2**64) for _ in range(5)], 150, rng) == 150
    )


@pytest.mark.parametrize("game", BATCHED)
def test_drawn_rule_sets_play_as_the_scalar_engine_and_environment(game: str) -> None:
    @settings(max_examples=12, deadline=None)
    @given(RULE_STRATEGIES[game](), st.integers(0, 2**64 - 1))
    def check(rules: Any, seed: int) -> None:
        rng = random.Random(seed)
        check_against_environments(rules, [rng.randrange(2**64) for _ in range(3)], 60, rng)

    check()


@pytest.mark.parametrize("game", BATCHED)
def test_a_game_started_from_a_state_goes_on_as_the_scalar_game(game: str) -> None:
    entry = p13.get_game(game)
    rules = RULE_CASES[game]()[1]
    rng = random.Random(5)
    starts = []
    for seed in range(3):
        state = entry.deal(seed, rules)
        for _ in range(rng.randrange(1, 15)):
            if not state.legal_moves():
                break
            state = state.apply(rng.choice(state.legal_moves()))
        starts.append(state)
    games = batch.for_rules(rules, 3)
    games.reset([0, 1, 2])
    games.reset_states(starts)
    for index, start in enumerate(starts):
        assert games.state(index) == start
        assert games.state(index).history == start.history
    for _ in range(10):
        mask = games.legal_mask()
        actions = np.array([rng.choice(np.flatnonzero(row).tolist()) for row in mask])
        before = [games.state(index) for index in range(3)]
        games.step(actions)
        for index in range(3):
            if before[index].observe().is_over:
                continue
            after = before[index].apply(entry.action_to_move(int(actions[index])))
            assert games.state(index) == after
            assert games.state(index).undo() == before[index]


# -- twins: other hidden cards, the same of everything until a card is revealed ----------


def _twin(state: Any, rng: random.Random) -> Any | None:
    observation = state.observe()
    for _ in range(20):
        twin = p13.determinize(observation, rng)
        if twin.observe() == observation and twin.to_string() != state.to_string():
            return twin
    return None


@pytest.mark.parametrize("game", BATCHED)
def test_twins_get_identical_observations_and_masks_until_a_reveal(game: str) -> None:
    entry = p13.get_game(game)
    compared = reveals = 0
    for rules in RULE_CASES[game]():
        rng = random.Random(str(rules))
        for seed in range(4):
            state = entry.deal(seed, rules)
            twin = _twin(state, rng)
            if twin is None:
                continue
            games = batch.for_rules(rules, 2)
            games.reset([0, 0])
            games.reset_states([state, twin])
            while True:
                mask = games.legal_mask()
                arrays = games.observe()
                assert np.array_equal(mask[0], mask[1])
                assert np.array_equal(arrays[0], arrays[1])
                assert games.status[0] == games.status[1]
                compared += 1
                if games.status[0] != batch.PLAYING:
                    break
                action = rng.choice(np.flatnonzero(mask[0]).tolist())
                hidden = len(games.state(0).observe().unseen)
                rewards, terminated = games.step(np.array([action, action]))
                if len(games.state(0).observe().unseen) < hidden:
                    reveals += 1
                    break
                assert rewards[0] == rewards[1]
                assert terminated[0] == terminated[1]
    assert compared >= 50
    assert reveals >= 5


# -- the engine's own behaviour --------------------------------------------------------------


def test_the_batched_shuffle_deals_the_seeded_layouts() -> None:
    from pyramid13.pyramid._batch import shuffled_cards

    rng = random.Random(3)
    seeds = [0, 1, 2**64 - 1, 2**63, *(rng.randrange(2**64) for _ in range(40))]
    cards = shuffled_cards(seeds)
    for seed, row in zip(seeds, cards, strict=True):
        assert row.tolist() == [card.index for card in p13.Layout.shuffled(seed).cards]


def test_an_illegal_action_changes_nothing_and_earns_nothing() -> None:
    games = batch.for_rules("microsoft", 3)
    games.reset([1, 2, 3])
    before = [games.state(index) for index in range(3)]
    arrays = games.observe()
    mask = games.legal_mask()
    illegal = [int(np.flatnonzero(~row)[0]) for row in mask]
    rewards, terminated = games.step(np.array([illegal[0], -1, 500]))
    assert rewards.tolist() == [0.0, 0.0, 0.0]
    assert not terminated.any()
    assert [games.state(index) for index in range(3)] == before
    assert np.array_equal(games.observe(), arrays)


def test_a_finished_game_stays_over_until_reset() -> None:
    games = batch.for_rules("classic", 2, reward="win")
    games.reset([4, 5])
    rng = random.Random(1)
    final = None
    while final is None:
        mask = games.legal_mask()
        rewards, terminated = games.step(
            np.array([rng.choice(np.flatnonzero(row).tolist()) for row in mask])
        )
        if terminated[0]:
            final = rewards[0]
    assert final in (1.0, -1.0)
    assert games.legal_mask()[0].tolist() == [True] + [False] * 101
    state = games.state(0)
    for action in (envs.END_ACTION, 100):
        rewards, terminated = games.step(np.array([action, envs.END_ACTION]))
        assert rewards[0] == 0.0
        assert terminated[0]
        assert games.state(0) == state
        assert games.state(0).history == state.history


def test_auto_reset_deals_anew_at_once_and_reports_the_ended_game() -> None:
    def run() -> list[Any]:
        games = batch.for_rules("classic", 4, auto_reset=True)
        games.reset([10, 11, 12, 13])
        rng = random.Random(2)
        seen = []
        for _ in range(200):
            mask = games.legal_mask()
            assert mask.any(axis=1).all()
            assert not mask[:, 0].all()
            rewards, terminated = games.step(
                np.array([rng.choice(np.flatnonzero(row).tolist()) for row in mask])
            )
            assert (games.status == batch.PLAYING).all()
            for index in np.flatnonzero(terminated).tolist():
                assert rewards[index] in (1.0, -1.0)
                state = games.state(index)
                assert not state.history  # a new deal
                seen.append(state.layout)
        return seen

    first = run()
    assert len(first) >= 4
    assert run() == first  # the new deals follow from the seeds of the reset


def test_scores_and_rewards_follow_every_shipped_policy() -> None:
    for name in ("cardems", "microsoft"):
        games = batch.for_rules(name, 3)
        games.reset([7, 8, 9])
        total = np.zeros(3)
        rng = random.Random(name)
        for _ in range(120):
            mask = games.legal_mask()
            rewards, _ = games.step(
                np.array([rng.choice(np.flatnonzero(row).tolist()) for row in mask])
            )
            total += rewards
        assert total.tolist() == games.score.tolist()
        assert games.score.tolist() == [games.state(index).score for index in range(3)]
        assert games.score.any()


def test_rules_the_batch_cannot_play_are_refused_by_option() -> None:
    import attrs

    @attrs.frozen
    class PerCard:
        name = "per-card"

        def score(self, score: int, event: Any) -> int:
            return score + int(event.cards_removed)

    with pytest.raises(p13.InvalidRulesError, match="scoring"):
        batch.for_rules(p13.RuleSet(scoring=PerCard()), 2)


def test_for_rules_finds_the_game_through_the_registry() -> None:
    engine = batch.for_rules(p13.RuleSet.preset("king-tut"), 3)
    assert isinstance(engine, batch.BatchEngine)
    assert engine.n == 3
    assert engine.rules == p13.RuleSet.preset("king-tut")
    assert engine.reward_mode == "win"
    assert batch.for_rules("microsoft", 1).reward_mode == "score"
    assert batch.for_rules(None, 1).rules == p13.RuleSet()
    assert batch.for_rules("cardems", 1, game="pyramid").rules == p13.RuleSet.preset("cardems")
    assert batch.batch_class("pyramid").__name__ == "PyramidBatch"
    assert p13.get_game("pyramid").batch == "pyramid13.pyramid._batch:PyramidBatch"
    assert "pyramid" in [game.name for game in batch.batched_games()]


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: batch.for_rules("microsoft", 0), p13.InvalidArgumentError),
        (lambda: batch.for_rules("microsoft", 2, reward="points"), p13.InvalidArgumentError),
        (lambda: batch.for_rules("microsoft", 2, auto_reset=1), p13.InvalidArgumentError),
        (lambda: batch.for_rules("windows", 2), p13.InvalidRulesError),
        (lambda: batch.for_rules(3.5, 2), p13.InvalidArgumentError),
        (lambda: batch.for_rules("classic", 2, game="chess"), p13.InvalidArgumentError),
    ],
)
def test_bad_arguments_are_refused(call: Callable[[], Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        call()


def test_the_engine_class_takes_the_environments_default_reward() -> None:
    from pyramid13.pyramid._batch import PyramidBatch

    assert PyramidBatch("cardems", 1).reward_mode == "score"
    assert PyramidBatch(None, 1).reward_mode == "win"
    assert PyramidBatch("cardems", 1, reward="win").reward_mode == "win"


def test_bad_calls_are_refused_and_change_nothing() -> None:
    games = batch.for_rules("classic", 2)
    with pytest.raises(p13.InvalidArgumentError, match="reset"):
        games.legal_mask()
    with pytest.raises(p13.InvalidArgumentError, match="reset"):
        games.reset([1], [0])
    games.reset([1, 2])
    arrays = games.observe()
    bad_calls: list[Callable[[], Any]] = [
        lambda: games.step(np.array([0, 1, 2])),
        lambda: games.step(np.array([0.0, 1.0])),
        lambda: games.step("draw"),
        lambda: games.reset([1]),
        lambda: games.reset([-1, 2]),
        lambda: games.reset([1, 2**64]),
        lambda: games.reset([1], [2]),
        lambda: games.reset(5),
        lambda: games.reset([1, 2], [[0, 1]]),
        lambda: games.reset([1, 2], "01"),
        lambda: games.step([object(), object()]),
        lambda: games.reset([1, 2], [0, 0]),
        lambda: games.reset_states([p13.GameState.new(p13.Layout.shuffled(1), "microsoft")], [0]),
        lambda: games.reset_states(["KC"], [0]),
        lambda: games.reset_states("KC"),
        lambda: games.state(2),
        lambda: games.state("0"),
    ]
    for call in bad_calls:
        with pytest.raises(p13.InvalidArgumentError):
            call()
    assert np.array_equal(games.observe(), arrays)
    games.reset([], [])
    assert np.array_equal(games.observe(), arrays)


#: Each game's messages for bad seeds: ``(seeds, message)`` for a batch of two games.
BAD_SEEDS: dict[str, list[tuple[Any, str]]] = {
    "pyramid": [
        (seeds, f"seeds must be 2 ints in 0..2**64-1, not {shown}")
        for seeds, shown in (([1], "[1]"), ([1, -1], "[1, -1]"), ([1, True], "[1, True]"), (7, "7"))
    ],
    "spider": [
        ([1], "reset needs 2 seed(s), one per game dealt, not 1"),
        ([1, -1], "a deal seed must be an int in 0..2**64-1, not -1"),
        ([1, True], "a deal seed must be an int in 0..2**64-1, not True"),
        (7, "seeds must be a sequence of ints, not 7"),
    ],
}


@pytest.mark.parametrize("game", BATCHED)
def test_bad_seeds_and_states_are_refused_with_messages_that_say_which(game: str) -> None:
    entry = p13.get_game(game)
    rules, other = RULE_CASES[game]()[:2]
    assert rules != other
    games = batch.for_rules(rules, 2)
    games.reset([np.uint64(2**64 - 1), np.int8(3)])  # the largest seed, NumPy's ints too
    assert [games.state(index).layout for index in range(2)] == [
        entry.deal(seed, rules).layout for seed in (2**64 - 1, 3)
    ]
    for seeds, message in BAD_SEEDS[game]:
        with pytest.raises(p13.InvalidArgumentError) as refused:
            games.reset(seeds)
        assert str(refused.value) == message
    good = entry.deal(1, rules)
    named = {"pyramid": "a Pyramid GameState", "spider": "a spider GameState"}[game]
    for states, message in (
        ([good, "KC"], f"states[1] must be {named}, not 'KC'"),
        ([entry.deal(1, other), good], "states[0] is played under other rules than the batch's"),
        ([good, entry.deal(1, other)], "states[1] is played under other rules than the batch's"),
    ):
        with pytest.raises(p13.InvalidArgumentError) as refused:
            games.reset_states(states)
        assert str(refused.value) == message
    games.reset_states([good, good])
    assert games.state(1) == good
