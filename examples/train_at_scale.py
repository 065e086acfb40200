"""Train a Pyramid policy on the native vector environment with plain policy gradient.

Run: ``python examples/train_at_scale.py [--envs 256] [--updates 30]`` (the ``rl`` extra).
It needs NumPy and Gymnasium only: the policy is a linear, masked softmax over the 102
actions of the observation array, trained by REINFORCE with a mean baseline on
``gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=...)``, which steps every game in one
call of the batched engine. It sees what an agent sees (the observation and the mask),
never a hidden card. At the end it plays held-out deals with the trained policy and with a
masked random player and prints both win rates and the time taken.

``benchmarks/bench_training.py`` trains longer and puts GreedyBot beside them.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

# One BLAS thread: the matrices are small, and several threads only wait for each other.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

import pyramid13.envs  # registers the environments  # noqa: E402
from pyramid13 import batch  # noqa: E402

Array = npt.NDArray[np.float64]
PRESET = "microsoft"


def features(observations: npt.NDArray[np.int16], low: Array, high: Array) -> Array:
    """The observation scaled into 0..1, with a constant 1 for the bias."""
    scaled = (observations - low) / (high - low)
    return np.concatenate([scaled, np.ones((scaled.shape[0], 1))], axis=1)


def policy(weights: Array, x: Array, mask: npt.NDArray[Any]) -> Array:
    """The masked softmax over the actions: 0 for every illegal action."""
    logits = x @ weights
    logits = np.where(mask.astype(bool), logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    odds = np.exp(logits)
    result: Array = odds / odds.sum(axis=1, keepdims=True)
    return result


def train(
    envs: int = 256,
    updates: int = 30,
    horizon: int = 48,
    rate: float = 0.5,
    seed: int = 0,
) -> tuple[Array, list[float]]:
    """Train the policy; the weights, and the mean reward per step of each update."""
    vector = gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=envs, preset=PRESET)
    space: Any = vector.single_observation_space
    low, high = space.low.astype(np.float64), space.high.astype(np.float64)
    rng = np.random.default_rng(seed)
    actions_space: Any = vector.single_action_space
    weights = np.zeros((low.size + 1, int(actions_space.n)))
    observations, infos = vector.reset(seed=seed)
    fresh = np.zeros(envs, dtype=bool)  # the next step deals a new game (autoreset)
    history = []
    for _ in range(updates):
        xs, masks, actions, rewards, ends, counted = [], [], [], [], [], []
        for _ in range(horizon):
            x = features(observations, low, high)
            mask = infos["action_mask"]
            odds = policy(weights, x, mask)
            action = (odds.cumsum(axis=1) > rng.random((envs, 1))).argmax(axis=1)
            observations, reward, terminated, truncated, infos = vector.step(action)
            xs.append(x)
            masks.append(mask)
            actions.append(action)
            rewards.append(reward)
            ends.append(terminated | truncated)
            counted.append(~fresh)  # a step that dealt a new game taught nothing
            fresh = terminated | truncated
        # Rewards to go within each game, from the end of the rollout backwards.
        to_go = np.zeros((horizon, envs))
        running = np.zeros(envs)
        for t in reversed(range(horizon)):
            running = rewards[t] + running * ~ends[t]
            to_go[t] = running
        keep = np.array(counted)
        advantage = (to_go - to_go[keep].mean()) / (to_go[keep].std() + 1e-8)
        gradient = np.zeros_like(weights)
        for t in range(horizon):
            odds = policy(weights, xs[t], masks[t])
            chosen = np.zeros_like(odds)
            chosen[np.arange(envs), actions[t]] = 1.0
            scale = (advantage[t] * keep[t])[:, None]
            gradient += xs[t].T @ ((chosen - odds) * scale)
        weights += rate * gradient / keep.sum()
        history.append(float(np.mean(rewards)))
    return weights, history


def win_rate(weights: Array | None, seeds: list[int], rng: np.random.Generator) -> float:
    """The share of the deals `seeds` won by the policy (its likeliest legal action), or
    by a masked random player when `weights` is None; all deals played at once."""
    games = batch.for_rules(PRESET, len(seeds))
    games.reset(seeds)
    space = gymnasium.spaces.Box(*pyramid13.envs.pyramid_observation_bounds(games.rules))
    low, high = space.low.astype(np.float64), space.high.astype(np.float64)
    while (games.status == batch.PLAYING).any():
        mask = games.legal_mask()
        if weights is None:
            noise = rng.random(mask.shape)
            action = np.where(mask, noise, -1.0).argmax(axis=1)
        else:
            action = policy(weights, features(games.observe(), low, high), mask).argmax(axis=1)
        games.step(action)
    return float((games.status == 1).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=256, help="games played at once")
    parser.add_argument("--updates", type=int, default=30, help="policy updates")
    parser.add_argument("--deals", type=int, default=300, help="held-out deals to play")
    args = parser.parse_args()
    start = time.perf_counter()
    weights, history = train(args.envs, args.updates)
    spent = time.perf_counter() - start
    held_out = list(range(10**9, 10**9 + args.deals))
    rng = np.random.default_rng(1)
    print(f"trained on {args.envs} games at once, {args.updates} updates in {spent:.1f} s")
    print(f"reward per step: {history[0]:.2f} at first, {history[-1]:.2f} at the end")
    print(f"held-out win rate, trained policy: {win_rate(weights, held_out, rng):.1%}")
    print(f"held-out win rate, masked random:  {win_rate(None, held_out, rng):.1%}")


if __name__ == "__main__":
    main()
