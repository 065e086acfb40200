"""The Gymnasium environments: the checker, masks, honest observations, rewards, vectors."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
envs = pytest.importorskip("pyramid13.envs")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import pyramid13 as p13  # noqa: E402
from pyramid13 import spider  # noqa: E402

CASES: list[tuple[str, dict[str, Any]]] = [
    ("pyramid13/Pyramid-v0", {"preset": name}) for name in p13.RuleSet.preset_names()
] + [
    ("pyramid13/Spider-v0", {"preset": name, "suits": suits})
    for name in spider.RuleSet.preset_names()
    for suits in (1, 4)
]


@pytest.mark.parametrize(("env_id", "kwargs"), CASES[:3] + CASES[-4:])
@pytest.mark.parametrize("render_mode", [None, "ansi", "svg"])
def test_gymnasium_checker_passes(env_id: str, kwargs: dict[str, Any], render_mode: str) -> None:
    env = gymnasium.make(env_id, render_mode=render_mode, **kwargs)
    check_env(env.unwrapped, skip_render_check=False)
    env.close()


@pytest.mark.no_cover  # 1,500 steps a case, over code the other tests trace
@pytest.mark.parametrize(("env_id", "kwargs"), CASES)
def test_masked_random_agent_never_plays_an_illegal_action(
    env_id: str, kwargs: dict[str, Any]
) -> None:
    env = gymnasium.make(env_id, **kwargs)
    observation, info = env.reset(seed=5)
    steps = 0
    while steps < 1_500:
        mask = info["action_mask"]
        assert mask.dtype == np.int8
        state = env.unwrapped.state
        assert [int(a) for a in np.flatnonzero(mask)] == list(state.legal_actions())
        assert env.observation_space.contains(observation)
        action = env.action_space.sample(mask=mask) if mask.any() else 0
        observation, _, terminated, truncated, info = env.step(action)
        assert not info["illegal_action"]
        steps += 1
        if terminated or truncated:
            assert terminated == env.unwrapped.state.is_over or truncated
            observation, info = env.reset()
    env.close()


def test_reset_deals_the_seeded_layout() -> None:
    env = gymnasium.make("pyramid13/Pyramid-v0", preset="microsoft")
    env.reset(seed=17)
    assert env.unwrapped.state == p13.GameState.new(
        p13.Layout.shuffled(17), p13.RuleSet.preset("microsoft")
    )
    rules = spider.RuleSet.preset("pysolfc", suits=2)
    env = gymnasium.make("pyramid13/Spider-v0", preset="pysolfc", suits=2)
    env.reset(seed=17)
    assert env.unwrapped.state == spider.GameState.new(spider.Layout.shuffled(17, rules), rules)
    env.reset(options={"deal_seed": 3})
    assert env.unwrapped.state.layout == spider.Layout.shuffled(3, rules)


def test_an_illegal_action_changes_nothing_and_is_flagged() -> None:
    env = gymnasium.make("pyramid13/Pyramid-v0", preset="classic")
    observation, info = env.reset(seed=1)
    before = env.unwrapped.state
    illegal = next(a for a in range(p13.ACTION_COUNT) if not info["action_mask"][a])
    after, reward, terminated, _truncated, info = env.step(illegal)
    assert info["illegal_action"]
    assert reward == 0.0
    assert not terminated
    assert env.unwrapped.state is before
    assert np.array_equal(after, observation)


def test_score_rewards_add_up_to_the_score_and_win_rewards_mark_the_end() -> None:
    rules = p13.RuleSet.preset("microsoft")
    start = p13.GameState.new(p13.Layout.shuffled(2), rules)
    line = p13.solve(start).moves
    assert line
    for mode in ("score", "win"):
        env = gymnasium.make("pyramid13/Pyramid-v0", preset="microsoft", reward=mode)
        env.reset(seed=2)
        rewards = []
        for move in line:
            _, reward, terminated, _, _ = env.step(p13.move_to_action(move))
            rewards.append(reward)
        assert terminated
        assert env.unwrapped.state.status is p13.Status.WON
        if mode == "score":
            assert sum(rewards) == env.unwrapped.state.score > 0
        else:
            assert rewards[-1] == 1.0
            assert set(rewards[:-1]) == {0.0}


def test_a_lost_game_ends_with_minus_one_under_win_rewards() -> None:
    env = gymnasium.make("pyramid13/Pyramid-v0", preset="classic", reward="win")
    _, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(mask=info["action_mask"])
        _, reward, terminated, _, info = env.step(action)
        if terminated:
            break
        assert reward == 0.0
    status = env.unwrapped.state.status
    assert reward == (1.0 if status is p13.Status.WON else -1.0)


@pytest.mark.parametrize("preset", ["classic", "microsoft", "three-stacks", "pysolfc"])
def test_pyramid_observation_layout_is_as_documented(preset: str) -> None:
    rules = p13.RuleSet.preset(preset)
    rng = random.Random(preset)
    state = p13.GameState.new(p13.Layout.shuffled(4), rules)
    w = rules.waste_piles
    while True:
        vector = envs.encode_pyramid_observation(state.observe())
        assert vector.shape == (envs.pyramid_observation_size(rules),)
        exposed = set(state.exposed)
        available = {c for c in exposed if c in state.pyramid}
        for card in p13.DECK:
            code = int(vector[card.index])
            where = state.locate(card)
            if where.place is p13.Place.REMOVED:
                assert code == 0
            elif where.place is p13.Place.PYRAMID:
                assert code == (2 if card in available else 1)
            elif card in exposed:
                assert code == 3
            elif where.place is p13.Place.WASTE:
                assert code == 4
            else:
                assert code == 5
        slots = [0 if c is None else c.index + 1 for c in state.pyramid]
        assert list(vector[52:80]) == slots
        assert list(vector[80:108]) == [
            int(c is not None and c in available) for c in state.pyramid
        ]
        tops = [pile[-1].index + 1 if pile else 0 for pile in state.waste_piles]
        assert list(vector[108 : 108 + w]) == tops
        base = 108 + w
        assert int(vector[base]) == len(state.stock)
        assert int(vector[base + 1]) == sum(map(len, state.waste_piles))
        assert int(vector[base + 2]) == state.pass_number
        left = -1 if rules.passes is None else rules.passes - state.pass_number
        assert int(vector[base + 3]) == left
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("preset", spider.RuleSet.preset_names())
def test_spider_observation_layout_is_as_documented(preset: str) -> None:
    rules = spider.RuleSet.preset(preset, suits=2)
    rng = random.Random(preset)
    state = spider.GameState.new(spider.Layout.shuffled(4, rules), rules)
    for _ in range(300):
        vector = envs.encode_spider_observation(state.observe())
        assert vector.shape == (envs.SPIDER_OBSERVATION_SIZE,)
        unseen = [0] * 52
        for number, pile in enumerate(state.piles):
            cells = [-1] * len(pile.face_down) + [c.index + 1 for c in pile.face_up]
            assert list(vector[number * 104 : number * 104 + 104]) == cells + [0] * (
                104 - len(cells)
            )
            assert int(vector[1040 + number]) == len(pile.face_down)
            assert int(vector[1050 + number]) == len(pile.face_up)
            unit = 0
            if pile.face_up:
                unit = 1
                while unit < len(pile.face_up):
                    lower, upper = pile.face_up[-unit - 1], pile.face_up[-unit]
                    if lower.suit != upper.suit or lower.value != upper.value + 1:
                        break
                    unit += 1
            assert int(vector[1060 + number]) == unit
            for card in pile.face_down:
                unseen[card.index] += 1
        for card in state.stock:
            unseen[card.index] += 1
        runs = [sum(1 for s in state.runs_removed if s is suit) for suit in p13.Suit]
        assert list(vector[1070:1074]) == runs
        assert int(vector[1074]) == len(state.stock)
        assert int(vector[1075]) == state.deals_left
        assert list(vector[1076:1128]) == unseen
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("game", ["pyramid", "spider"])
def test_observations_never_depend_on_hidden_cards(game: str) -> None:
    # Any deal of the hidden cards consistent with what is seen gives the same array.
    rng = random.Random(game)
    encode: Callable[[Any], Any]
    determinize: Callable[[Any, random.Random], Any]
    if game == "pyramid":
        rules = p13.RuleSet.preset("microsoft")
        state: Any = p13.GameState.new(p13.Layout.shuffled(8), rules)
        encode, determinize = envs.encode_pyramid_observation, p13.determinize
    else:
        srules = spider.RuleSet.preset("microsoft")
        state = spider.GameState.new(spider.Layout.shuffled(8, srules), srules)
        encode, determinize = envs.encode_spider_observation, spider.determinize
    for _ in range(40):
        observation = state.observe()
        vector = encode(observation)
        for _ in range(3):
            sample = determinize(observation, rng)
            assert np.array_equal(encode(sample.observe()), vector)
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [("pyramid13/Pyramid-v0", {"preset": "microsoft"}), ("pyramid13/Spider-v0", {"suits": 1})],
)
def test_vectorised_environments_step_with_masks(env_id: str, kwargs: dict[str, Any]) -> None:
    vector_env = gymnasium.make_vec(env_id, num_envs=3, vectorization_mode="sync", **kwargs)
    observations, infos = vector_env.reset(seed=[1, 2, 3])
    assert observations.shape[0] == 3
    masks = infos["action_mask"]
    for _ in range(50):
        actions = np.array([np.flatnonzero(mask)[0] if mask.any() else 0 for mask in masks])
        observations, _rewards, _terminated, _truncated, infos = vector_env.step(actions)
        masks = infos["action_mask"]
        assert masks.shape == (3, vector_env.single_action_space.n)
        assert not infos["illegal_action"].any()
    vector_env.close()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(p13.InvalidArgumentError):
        gymnasium.make("pyramid13/Pyramid-v0", reward="points")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Gymnasium warns of the unknown mode first
        with pytest.raises(p13.InvalidArgumentError):
            gymnasium.make("pyramid13/Spider-v0", render_mode="human")
    with pytest.raises(p13.InvalidRulesError):
        gymnasium.make("pyramid13/Pyramid-v0", preset="no-such-preset")
    env = envs.PyramidEnv()
    with pytest.raises(p13.InvalidArgumentError):
        env.action_mask()
