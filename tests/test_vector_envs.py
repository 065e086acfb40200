"""The native vector environment (`BatchVectorEnv`) against Gymnasium's synchronous one
(`CardGameVectorEnv`): the same observations, rewards, ends, infos and deals, step for
step, autoreset and step limits included; and saving, restoring and copying a single
environment."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
envs = pytest.importorskip("pyramid13.envs")

from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

import pyramid13 as p13  # noqa: E402
from pyramid13 import batch  # noqa: E402

BATCHED_IDS = {"pyramid": "pyramid13/Pyramid-v0", "spider": "pyramid13/Spider-v0"}
#: The options each game's native vector env is checked with.
VECTOR_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "pyramid": [
        {"preset": "microsoft"},
        {"preset": "classic", "observation": "dict"},
        {"preset": "apophis", "reward": "score"},
    ],
    "spider": [
        {"preset": "microsoft", "suits": 1},
        {"preset": "bicycle", "suits": 2, "observation": "dict"},
        {"preset": "pysolfc", "suits": 4, "reward": "score"},
    ],
}
VECTOR_CASES = [
    (BATCHED_IDS[game.name], options)
    for game in batch.batched_games()
    for options in VECTOR_OPTIONS[game.name]
]


def _pair(env_id: str, count: int, **options: Any) -> tuple[Any, Any]:
    native = gymnasium.make_vec(env_id, num_envs=count, vectorize="native", **options)
    sync = gymnasium.make_vec(env_id, num_envs=count, vectorize="sync", **options)
    assert isinstance(native, envs.BatchVectorEnv)
    assert isinstance(sync, envs.CardGameVectorEnv)
    return native, sync


@pytest.mark.parametrize(("env_id", "options"), VECTOR_CASES)
def test_the_native_vector_env_steps_as_the_synchronous_one(
    env_id: str, options: dict[str, Any]
) -> None:
    native, sync = _pair(env_id, 6, max_episode_steps=30, **options)
    assert native.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert native.observation_space == sync.observation_space
    assert native.single_observation_space == sync.single_observation_space
    assert native.action_space == sync.action_space
    first = native.reset(seed=11)
    assert data_equivalence(first, sync.reset(seed=11), exact=True)
    rng = random.Random(4)
    ended = 0
    infos = first[1]
    for step in range(160):
        mask = infos["action_mask"]
        assert np.array_equal(native.action_masks(), mask.astype(bool))
        actions = np.array(
            [
                rng.choice(np.flatnonzero(row).tolist())
                if rng.random() < 0.9
                else rng.randrange(-2, 110)
                for row in mask
            ]
        )
        result = native.step(actions)
        expected = sync.step(actions)
        assert data_equivalence(result, expected, exact=True), step
        observations, _, terminated, truncated, infos = result
        assert native.observation_space.contains(observations)
        ended += int((terminated | truncated).sum())
        if step == 80:
            assert native.get_attr("deal_seed") == sync.get_attr("deal_seed")
            assert data_equivalence(native.reset(), sync.reset(), exact=True)
            infos = native.reset(seed=[5, None, 6, 7, None, 8])[1]
            sync.reset(seed=[5, None, 6, 7, None, 8])
            native_states = native.states()
            first_state = native_states[0]
            dealt = p13.game_of(first_state).deal(5, first_state.rules)
            assert first_state.layout == dealt.layout
            sync_infos = sync.reset(seed=[5, 1, 6, 7, 2, 8])[1]
            infos = native.reset(seed=[5, 1, 6, 7, 2, 8])[1]
            assert data_equivalence(infos, sync_infos, exact=True)
    assert ended >= 6


def test_reset_options_start_every_game_where_asked() -> None:
    native, sync = _pair("pyramid13/Pyramid-v0", 3, preset="microsoft")
    state = p13.GameState.new(p13.Layout.shuffled(9), "microsoft").apply("draw")
    for options in ({"state": state}, {"deal_seed": 12}, {"pysolfc": 3}, {"layout": state.layout}):
        assert data_equivalence(
            native.reset(options=options), sync.reset(options=options), exact=True
        )
        assert native.get_attr("deal_seed") == sync.get_attr("deal_seed")
    with pytest.raises(p13.InvalidArgumentError):
        native.reset(options={"state": "KC"})


def test_returned_arrays_are_never_changed_later() -> None:
    native = gymnasium.make_vec(
        "pyramid13/Pyramid-v0", num_envs=4, preset="classic", vectorize="native"
    )
    observations, infos = native.reset(seed=1)
    kept = observations.copy(), infos["action_mask"].copy()
    for _ in range(5):
        native.step(native.action_masks().argmax(axis=1))
    assert np.array_equal(observations, kept[0])
    assert np.array_equal(infos["action_mask"], kept[1])


def test_make_vec_serves_the_other_options_with_the_synchronous_env() -> None:
    wide = envs.NATIVE_FROM
    assert isinstance(
        gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=wide), envs.BatchVectorEnv
    )
    assert isinstance(
        gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=2), envs.CardGameVectorEnv
    )
    for options in ({"information_state": True}, {"render_mode": "ansi"}, {"leak_deal_seed": True}):
        vector = gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=wide, **options)
        assert isinstance(vector, envs.CardGameVectorEnv)

    class Odd:
        name = "odd"

        def score(self, score: int, event: Any) -> int:
            return score + 1

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Odd)

        def __hash__(self) -> int:
            return 1

    rules = p13.RuleSet(scoring=Odd())
    assert isinstance(
        gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=wide, preset=rules),
        envs.CardGameVectorEnv,
    )
    with pytest.raises(p13.InvalidRulesError, match="scoring"):
        gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=2, preset=rules, vectorize="native")
    with pytest.raises(p13.InvalidArgumentError):
        gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=2, vectorize="fast")


def test_bad_calls_on_the_native_vector_env_are_refused() -> None:
    native = envs.BatchVectorEnv("pyramid", "classic", 2)
    with pytest.raises(p13.InvalidArgumentError):
        native.step(np.array([0, 0]))
    with pytest.raises(p13.InvalidArgumentError):
        native.action_masks()
    native.reset(seed=2)
    for actions in (np.array([0]), np.array([0.5, 1.0]), "draw"):
        with pytest.raises(p13.InvalidArgumentError):
            native.step(actions)
    for seed in ([1], -1, 2**64):
        with pytest.raises(p13.InvalidArgumentError):
            native.reset(seed=seed)
    with pytest.raises(AttributeError):
        native.get_attr("state")
    assert native.get_wrapper_attr("action_masks")().shape == (2, 102)
    assert native.get_attr("reward_mode") == ("win", "win")
    for bad in ({"observation": "tensor"}, {"max_episode_steps": 0}):
        with pytest.raises(p13.InvalidArgumentError):
            envs.BatchVectorEnv("pyramid", "classic", 2, **bad)


# -- one environment: save, restore, copy ---------------------------------------------------


def _play(env: Any, rng: random.Random, steps: int) -> list[Any]:
    out = []
    for _ in range(steps):
        action = rng.choice(np.flatnonzero(env.action_mask()).tolist())
        observation, reward, terminated, _, info = env.step(action)
        out.append((observation.tobytes(), reward, terminated, info["action_mask"].tobytes()))
        if terminated:
            env.reset()
    return out


@pytest.mark.parametrize("env_id", ["pyramid13/Pyramid-v0", "pyramid13/Spider-v0"])
def test_a_saved_environment_is_restored_and_a_copy_plays_the_same(env_id: str) -> None:
    env = gymnasium.make(env_id)
    env.reset(seed=21)
    _play(env.unwrapped, random.Random(1), 10)
    saved = env.get_wrapper_attr("get_state")()
    clone = copy.deepcopy(env.unwrapped)
    ahead = _play(env.unwrapped, random.Random(2), 80)
    assert _play(clone, random.Random(2), 80) == ahead
    env.unwrapped.set_state(saved)
    assert _play(env.unwrapped, random.Random(2), 80) == ahead
    assert env.get_wrapper_attr("action_masks")().dtype == np.bool_


def test_set_state_refuses_what_get_state_never_gives() -> None:
    env = envs.PyramidEnv("microsoft")
    env.reset(seed=1)
    saved = env.get_state()
    before = env.get_state()
    bad_states: list[Any] = [
        None,
        {"state": saved["state"]},
        {**saved, "state": p13.GameState.new(p13.Layout.shuffled(1), "classic")},
        {**saved, "deal_seed": -1},
        {**saved, "np_random": {"bit_generator": "MT19937"}},
    ]
    for bad in bad_states:
        with pytest.raises(p13.InvalidArgumentError):
            env.set_state(bad)
    assert env.get_state()["state"] == before["state"]
    with pytest.raises(p13.InvalidArgumentError):
        envs.PyramidEnv().get_state()


def test_a_step_without_the_encoders_shortcuts_gives_the_same() -> None:
    # A game whose encoder offers neither `advance_view` nor `advance` is served by the
    # observation alone: the same arrays, masks, rewards and ends, lost games included.
    fast = envs.PyramidEnv("king-tut")
    slow = envs.PyramidEnv("king-tut")
    slow._honest = slow._fast = None
    rng = random.Random(8)
    for deal in range(6):
        expected = fast.reset(seed=deal)
        assert data_equivalence(slow.reset(seed=deal), expected, exact=True)
        while not fast.observe().is_over:
            action = rng.choice(np.flatnonzero(fast.action_mask()).tolist())
            assert data_equivalence(slow.step(action), fast.step(action), exact=True)


def _declared_lost(rules: Any, deals: range) -> list[Any]:
    """Positions the engine declares lost where the player still plays (one a deal)."""
    found = []
    rng = random.Random(3)
    for deal in deals:
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        while not state.observe().is_over:
            if state.status is p13.Status.LOST:
                found.append(state)
                break
            state = state.apply(rng.choice(state.observe().legal_moves()))
    return found


def test_a_reset_onto_a_position_declared_lost_is_encoded_afresh() -> None:
    rules = p13.RuleSet.preset("king-tut")
    lost = _declared_lost(rules, range(60))
    assert len(lost) >= 2
    env = envs.PyramidEnv(rules)
    for state in lost:
        observation, _ = env.reset(options={"state": state})
        expected = envs.encode_pyramid_observation(state.observe())
        assert np.array_equal(observation, expected)


def test_under_a_vector_wrapper_the_masks_come_from_unwrapped() -> None:
    # As the how-to says: Gymnasium's vector wrappers pass no attribute through.
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    native = gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=32, vectorize="native")
    wrapped = RecordEpisodeStatistics(native)
    wrapped.reset(seed=5)
    assert not hasattr(wrapped, "get_wrapper_attr")
    assert not hasattr(wrapped, "action_masks")
    unwrapped: Any = wrapped.unwrapped
    masks = unwrapped.action_masks()
    assert masks.shape == (32, 102)
    assert masks.any(axis=1).all()
