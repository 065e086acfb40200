"""Gymnasium environment speed: steps per second through ``env.step``, one env and a
vectorised env, next to the bare engine's applied moves per second; and a count of illegal
actions taken by a masked random agent (it must be 0).

Run: ``python benchmarks/bench_envs.py [--steps 100000] [--vector 8]``. Times are CPU time
of this process (``time.process_time``), one core; the vectorised env is Gymnasium's
synchronous one, so it measures the overhead of batching, not parallel speed-up.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

import pyramid13 as p13
import pyramid13.envs  # registers the environments
from pyramid13 import spider

GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "pyramid microsoft": ("pyramid13/Pyramid-v0", {"preset": "microsoft"}),
    "spider pysolfc 4 suits": ("pyramid13/Spider-v0", {"preset": "pysolfc", "suits": 4}),
}


def env_steps(env_id: str, kwargs: dict[str, Any], steps: int) -> tuple[float, int]:
    """(steps per second, illegal actions) for a masked random agent on one env."""
    env = gymnasium.make(env_id, **kwargs)
    env.action_space.seed(0)
    _, info = env.reset(seed=0)
    illegal = 0
    start = time.process_time()
    for _ in range(steps):
        action = env.action_space.sample(mask=info["action_mask"])
        _, _, terminated, truncated, info = env.step(action)
        illegal += bool(info["illegal_action"])
        if terminated or truncated:
            _, info = env.reset()
    return steps / (time.process_time() - start), illegal


def vector_steps(env_id: str, kwargs: dict[str, Any], steps: int, count: int) -> float:
    """Environment steps per second (summed over the envs) of a synchronous vector env."""
    envs = gymnasium.make_vec(env_id, num_envs=count, vectorization_mode="sync", **kwargs)
    envs.action_space.seed(0)
    # A list of seeds, one per env, as gymnasium's vector envs take (typed as an int only).
    _, infos = envs.reset(seed=list(range(count)))  # type: ignore[arg-type]
    rng = np.random.default_rng(0)
    start = time.process_time()
    for _ in range(steps // count):
        masks = infos["action_mask"]
        # A finished game's mask is empty; its next step resets it (the action is ignored).
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        _, _, _, _, infos = envs.step(actions)
    return (steps // count) * count / (time.process_time() - start)


def engine_moves(name: str, steps: int) -> float:
    """Applied moves per second of random playouts on the bare engine (no env)."""
    rng = random.Random(0)
    new: Callable[[int], Any]
    if name.startswith("pyramid"):
        rules = p13.RuleSet.preset("microsoft")

        def new(seed: int) -> Any:
            return p13.GameState.new(p13.Layout.shuffled(seed), rules)
    else:
        srules = spider.RuleSet.preset("pysolfc")

        def new(seed: int) -> Any:
            return spider.GameState.new(spider.Layout.shuffled(seed, srules), srules)

    done = games = 0
    start = time.process_time()
    state = new(0)
    while done < steps:
        legal = state.legal_moves()
        if not legal or len(state.history) >= 2_000:
            games += 1
            state = new(games)
            continue
        state = state.apply(rng.choice(legal))
        done += 1
    return done / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--vector", type=int, default=8, help="envs in the vector env")
    args = parser.parse_args()
    print(f"{'game':<24} {'env.step/s':>11} {'vector/s':>10} {'engine/s':>10} {'illegal':>8}")
    for name, (env_id, kwargs) in GAMES.items():
        rate, illegal = env_steps(env_id, kwargs, args.steps)
        vector = vector_steps(env_id, kwargs, args.steps, args.vector)
        engine = engine_moves(name, args.steps)
        print(f"{name:<24} {rate:>11,.0f} {vector:>10,.0f} {engine:>10,.0f} {illegal:>8}")


if __name__ == "__main__":
    main()
