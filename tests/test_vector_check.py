"""`pyramid13.testing.check_vector_env`: both vector environments of both games pass
Gymnasium's vector checks (wrapped or not, every observation type, step limits, every
autoreset mode), and vector environments broken one way each are caught."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

gymnasium = pytest.importorskip("gymnasium")
envs = pytest.importorskip("pyramid13.envs")

from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402
from gymnasium.wrappers.vector import RecordEpisodeStatistics  # noqa: E402

import pyramid13 as p13  # noqa: E402
from pyramid13.envs import BatchVectorEnv  # noqa: E402
from pyramid13.testing import check_vector_env  # noqa: E402

PYRAMID = "pyramid13/Pyramid-v0"
SPIDER = "pyramid13/Spider-v0"

#: (environment, number, vectorize, keyword arguments): natural ends and step limits,
#: both observation types, both reward modes, the presets of both games.
CASES: list[tuple[str, int, str, dict[str, Any]]] = [
    (PYRAMID, envs.NATIVE_FROM, "auto", {"preset": "microsoft"}),
    (PYRAMID, 4, "native", {"preset": "classic", "observation": "dict"}),
    (PYRAMID, 3, "sync", {"preset": "classic", "observation": "dict"}),
    (PYRAMID, 3, "sync", {"preset": "microsoft", "reward": "score", "max_episode_steps": 3}),
    (PYRAMID, 4, "native", {"preset": "microsoft", "reward": "score", "max_episode_steps": 3}),
    (SPIDER, envs.NATIVE_FROM, "auto", {"suits": 4}),
    (SPIDER, 4, "native", {"suits": 4, "observation": "dict", "max_episode_steps": 10}),
    (SPIDER, 4, "native", {"suits": 1, "reward": "score", "max_episode_steps": 8}),
    (SPIDER, 3, "sync", {"preset": "bicycle", "suits": 1, "max_episode_steps": 10}),
    (
        SPIDER,
        2,
        "sync",
        {"preset": "pysolfc", "suits": 4, "observation": "dict", "max_episode_steps": 6},
    ),
]


@pytest.mark.parametrize(("env_id", "count", "vectorize", "options"), CASES)
def test_both_vector_envs_pass_the_checks(
    env_id: str, count: int, vectorize: str, options: dict[str, Any]
) -> None:
    vector = gymnasium.make_vec(env_id, num_envs=count, vectorize=vectorize, **options)
    native = vectorize == "native" or (vectorize == "auto" and count >= envs.NATIVE_FROM)
    assert isinstance(vector, envs.BatchVectorEnv if native else envs.CardGameVectorEnv)
    check_vector_env(vector, seed=count)
    assert vector.closed


def test_the_checks_pass_through_a_gymnasium_vector_wrapper() -> None:
    # The wrapper's "episode" info holds wall times, which differ from run to run.
    wrapped = RecordEpisodeStatistics(
        gymnasium.make_vec(PYRAMID, num_envs=envs.NATIVE_FROM, max_episode_steps=4)
    )
    assert not hasattr(wrapped, "action_masks")  # found on envs.unwrapped
    check_vector_env(wrapped, ignore_infos={"episode"})
    assert wrapped.unwrapped.closed


@pytest.mark.parametrize("mode", [AutoresetMode.SAME_STEP, AutoresetMode.DISABLED])
def test_gymnasiums_other_autoreset_modes_pass_too(mode: AutoresetMode) -> None:
    def make() -> Any:
        return gymnasium.make(SPIDER, suits=2, max_episode_steps=3)

    check_vector_env(SyncVectorEnv([make, make, make], autoreset_mode=mode))


@pytest.mark.parametrize("env_id", ["CartPole-v1", "Blackjack-v1"])
def test_the_checks_know_no_game(env_id: str) -> None:
    check_vector_env(gymnasium.make_vec(env_id, num_envs=3, vectorization_mode="sync"))


def test_the_synchronous_vector_env_gives_its_masks_as_the_native_one() -> None:
    native = gymnasium.make_vec(PYRAMID, num_envs=3, vectorize="native", max_episode_steps=2)
    sync = gymnasium.make_vec(PYRAMID, num_envs=3, vectorize="sync", max_episode_steps=2)
    infos = sync.reset(seed=4)[1]
    native.reset(seed=4)
    for _ in range(5):
        masks = sync.action_masks()
        assert masks.dtype == np.bool_
        assert np.array_equal(masks, infos["action_mask"].astype(bool))
        assert np.array_equal(masks, native.action_masks())
        actions = masks.argmax(axis=1)
        infos = sync.step(actions)[-1]
        native.step(actions)


# -- broken vector environments are caught --------------------------------------------------


class Broken(BatchVectorEnv):
    """A native vector env of 4 Pyramid games, cut after 3 steps, broken by `defect`."""

    def __init__(self, defect: str) -> None:
        observation = "dict" if defect.startswith("dict") else "array"
        super().__init__("pyramid", "microsoft", 4, max_episode_steps=3, observation=observation)
        self.defect = defect
        self.buffer: Any = None
        self.masks: list[Any] = []
        self.resets = 0
        if defect == "unbatched space":
            self.observation_space = self.single_observation_space
        if defect == "no autoreset mode":
            self.metadata = {"render_modes": list[str]()}

    def reset(self, *, seed: Any = None, options: Any = None) -> Any:
        self.resets += 1
        if self.defect == "unseeded reset" and seed is not None:
            seed = self.resets
        if self.defect == "one start" and seed is not None:
            seed = 0
        if self.defect == "one seed for all" and isinstance(seed, int):
            seed = [seed] * self.num_envs
        if self.defect == "unseeded draws" and seed is None:
            self._generators = [None] * self.num_envs
        if self.defect == "options change the start" and options == {}:
            seed += 1
        observations, infos = super().reset(seed=seed, options=options)
        if self.defect == "reset without infos":
            return observations
        if self.defect == "infos list":
            return observations, [infos]
        return observations, infos

    def step(self, actions: Any) -> Any:
        renewed = self._autoreset.copy()
        observations, rewards, terminated, truncated, infos = super().step(actions)
        defect = self.defect
        if defect == "integer rewards":
            rewards = rewards.astype(np.int64)
        if defect == "integer flags":
            terminated = terminated.astype(np.int8)
        if defect == "reward on autoreset":
            rewards[renewed] = 1.0
        if defect == "action read on autoreset":
            infos["illegal_action"] = infos["illegal_action"] | (renewed & (actions % 2 == 1))
        if defect == "nondeterministic step" and self._steps[0] == 1:
            rewards[0] = float(self.resets)
        if defect == "final observation again":
            if renewed.any():
                observations[renewed] = self.buffer[renewed]
            self.buffer = observations.copy()
        if defect == "nan reward":
            rewards[0] = np.nan
        if defect == "old step API":
            return observations, rewards, terminated | truncated, infos
        return observations, rewards, terminated, truncated, infos

    def _observation(self, mask: npt.NDArray[np.bool_]) -> Any:
        arrays = super()._observation(mask)
        if self.defect == "reused buffer":
            if self.buffer is None:
                self.buffer = arrays
            self.buffer[...] = arrays
            return self.buffer
        if self.defect == "wrong dtype":
            return arrays.astype(np.int32)
        if self.defect == "wrong shape":
            return arrays[:, :-1]
        if self.defect == "out of bounds":
            arrays[:, 0] = 999
        if self.defect == "dict without mask":
            del arrays["action_mask"]
        return arrays

    def _infos(self, mask: npt.NDArray[np.bool_], illegal: npt.NDArray[np.bool_]) -> Any:
        infos = super()._infos(mask, illegal)
        if self.defect == "info without flags":
            del infos["_score"]
        if self.defect == "short info":
            infos["score"] = infos["score"][:-1]
        if self.defect in ("masks that differ", "no legal action"):
            infos["action_mask"][0] = 0
        if self.defect == "mask of 2s":
            infos["action_mask"] *= 2
        return infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        if self.defect == "one mask array":
            assert self._mask is not None
            return self._mask
        masks: npt.NDArray[np.bool_] = super().action_masks()
        if self.defect == "no legal action":
            masks[0] = False
        if self.defect == "integer masks":
            return masks.astype(np.int8)
        if self.defect == "double-buffered masks":  # two arrays in turn
            if len(self.masks) < 2:
                self.masks.append(masks)
            self.masks.reverse()
            self.masks[0][...] = masks
            return self.masks[0]  # type: ignore[no-any-return]
        return masks

    def close(self, **kwargs: Any) -> None:
        if self.defect == "closed once" and self.closed:
            raise RuntimeError("closed already")
        super().close(**kwargs)


DEFECTS = {
    "unbatched space": "observation_space must be batch_space",
    "no autoreset mode": r'metadata\["autoreset_mode"\]',
    "unseeded reset": r"reset\(seed=0\) is not deterministic",
    "one start": "returned the same observations",
    "one seed for all": "every sub-environment started alike",
    "reused buffer": "share an array",
    "wrong dtype": "must have dtype int16",
    "wrong shape": r"must be an array of shape \(4, 113\)",
    "out of bounds": r"entry \(0, 0\) is 999, outside",
    "integer rewards": "rewards must be a float array",
    "integer flags": "terminated must be a bool array",
    "reward on autoreset": "with reward 0",
    "action read on autoreset": "must ignore the action",
    "nondeterministic step": "steps must be deterministic",
    "info without flags": r'infos\["_score"\] must flag',
    "short info": r'infos\["score"\] must be an array with one entry per sub-environment',
    "masks that differ": r'infos\["action_mask"\] and action_masks\(\) flag different',
    "no legal action": "flags no legal action for sub-environments",
    "one mask array": "returned the same array twice",
    "closed once": r"close\(\) \(again\) raised RuntimeError",
    "reset without infos": r"reset\(seed=0\) must return \(observations, infos\)",
    "infos list": "infos must be a dict",
    "unseeded draws": r"reset\(\) after reset\(seed=0\) is not deterministic",
    "options change the start": r"reset\(seed=0, options=\{\}\) must start as reset\(seed=0\)",
    "final observation again": "must return a new episode's observation, not the final one",
    "nan reward": "rewards must be finite",
    "old step API": r"must return \(observations, rewards, terminated, truncated, infos\)",
    "mask of 2s": r'infos\["action_mask"\] must be 0s and 1s of shape \(4, 102\)',
    "integer masks": r"action_masks\(\) after reset\(seed=0\) must be a bool array",
    "double-buffered masks": "share memory with its earlier ones",
    "dict without mask": r"must be a dict with keys \['action_mask', 'observation'\]",
}


@pytest.mark.parametrize(("defect", "message"), DEFECTS.items(), ids=list(DEFECTS))
def test_a_broken_vector_env_fails_the_checks(defect: str, message: str) -> None:
    check_vector_env(Broken("none"))  # the same environment, unbroken, passes
    with pytest.raises(AssertionError, match=message):
        check_vector_env(Broken(defect))


def test_an_episode_that_never_ends_is_reported() -> None:
    vector = envs.BatchVectorEnv("spider", "microsoft", 1)
    with pytest.raises(AssertionError, match="no sub-environment's episode ended within 5"):
        check_vector_env(vector, max_steps=5)


def test_what_it_cannot_check_is_refused() -> None:
    vector = gymnasium.make_vec(PYRAMID, num_envs=2)
    pendulum = gymnasium.make_vec("Pendulum-v1", num_envs=2, vectorization_mode="sync")
    bad_calls: list[tuple[Any, dict[str, Any]]] = [
        (gymnasium.make(PYRAMID), {}),
        (pendulum, {}),
        (vector, {"seed": -1}),
        (vector, {"seed": "1"}),
        (vector, {"max_steps": 0}),
        (vector, {"ignore_infos": "episode"}),
        (vector, {"ignore_infos": [1]}),
    ]
    for envs_given, options in bad_calls:
        with pytest.raises(p13.InvalidArgumentError):
            check_vector_env(envs_given, **options)
