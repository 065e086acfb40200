"""Gymnasium environment speed: ``env.step`` calls per second beside the bare engine's
``legal_moves`` + ``apply_unchecked`` moves per second, their ratio, the cost of a step
late in a long game, and a count of illegal actions taken by a masked random agent (it
must be 0).

Run: ``python benchmarks/bench_envs.py [--steps 100000] [--vector 8]``. Only the calls
measured are timed (``time.perf_counter`` around each), so the random choice of the
agent is left out of both rates alike: the env rate is that of ``env.step`` (apply,
observe, encode, mask, reward, info), the engine rate that of ``legal_moves`` then
``apply_unchecked``, with nothing else (no ``len(state.history)``, which walks the whole
game). The vector rate is Gymnasium's synchronous vector env, timed as a whole loop, so it
includes the masked choice. "late/early" compares a Spider step at move 1,800 with one at
move 1 (a ratio near 1 means no step costs more as the game grows).
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
_LIMIT = 2_000  # moves before a game is abandoned, in both loops


def env_steps(env_id: str, kwargs: dict[str, Any], steps: int) -> tuple[float, int]:
    """(``env.step`` calls per second, illegal actions) of a masked random agent."""
    env = gymnasium.make(env_id, max_episode_steps=_LIMIT, **kwargs)
    rng = random.Random(0)
    _, info = env.reset(seed=0)
    illegal = 0
    spent = 0.0
    clock = time.perf_counter
    for _ in range(steps):
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        start = clock()
        _, _, terminated, truncated, info = env.step(action)
        spent += clock() - start
        illegal += bool(info["illegal_action"])
        if terminated or truncated:
            _, info = env.reset()
    return steps / spent, illegal


def vector_steps(env_id: str, kwargs: dict[str, Any], steps: int, count: int) -> float:
    """Environment steps per second (summed over the envs) of a synchronous vector env."""
    envs = gymnasium.make_vec(env_id, num_envs=count, **kwargs)
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    start = time.perf_counter()
    for _ in range(steps // count):
        masks = infos["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        _, _, _, _, infos = envs.step(actions)
    return (steps // count) * count / (time.perf_counter() - start)


def _new_game(name: str) -> Callable[[int], Any]:
    if name.startswith("pyramid"):
        rules = p13.RuleSet.preset("microsoft")
        return lambda seed: p13.GameState.new(p13.Layout.shuffled(seed), rules)
    srules = spider.RuleSet.preset("pysolfc")
    return lambda seed: spider.GameState.new(spider.Layout.shuffled(seed, srules), srules)


def engine_moves(name: str, steps: int) -> float:
    """``legal_moves`` + ``apply_unchecked`` per second in random playouts (no env)."""
    new = _new_game(name)
    rng = random.Random(0)
    done = games = moves = 0
    spent = 0.0
    clock = time.perf_counter
    state = new(0)
    legal = state.legal_moves()
    while done < steps:
        if not legal or moves >= _LIMIT:
            games += 1
            moves = 0
            state = new(games)
            legal = state.legal_moves()
            continue
        move = rng.choice(legal)
        start = clock()
        state = state.apply_unchecked(move)
        legal = state.legal_moves()
        spent += clock() - start
        done += 1
        moves += 1
    return done / spent


def late_over_early(steps: int = 2_000) -> float:
    """A Spider ``env.step`` at move 1,800 over one at move 1 (time per step), measured
    by replaying the same positions: each is restarted (``options={"state": s}``) and
    stepped with the same action, many times."""
    rules = spider.RuleSet.preset("pysolfc", suits=1)
    env = pyramid13.envs.SpiderEnv(rules)
    rng = random.Random(3)
    seed = 0
    while True:  # a game of 1,800 moves or more (one suit, shuttling between piles)
        state = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
        line = [state]
        while len(line) <= 1_800 and state.legal_moves():
            state = state.apply(rng.choice(state.legal_moves()))
            line.append(state)
        if len(line) > 1_800:
            break
        seed += 1

    def cost(position: Any) -> float:
        env.reset(options={"state": position})
        action = int(position.legal_actions()[0])
        best = float("inf")
        for _ in range(5):
            total = 0.0
            for _ in range(steps // 5):
                env.reset(options={"state": position})
                start = time.perf_counter()
                env.step(action)
                total += time.perf_counter() - start
            best = min(best, total)
        return best

    return cost(line[1_800]) / cost(line[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--vector", type=int, default=8, help="envs in the vector env")
    args = parser.parse_args()
    print(
        f"{'game':<24} {'env.step/s':>11} {'engine/s':>10} {'env/engine':>10} "
        f"{'vector/s':>10} {'illegal':>8}"
    )
    for name, (env_id, kwargs) in GAMES.items():
        rate, illegal = env_steps(env_id, kwargs, args.steps)
        engine = engine_moves(name, args.steps)
        vector = vector_steps(env_id, kwargs, args.steps, args.vector)
        print(
            f"{name:<24} {rate:>11,.0f} {engine:>10,.0f} {rate / engine:>6.2f} "
            f"{vector:>10,.0f} {illegal:>8}"
        )
    print(f"spider step at move 1,800 / at move 1: {late_over_early():.2f}")


if __name__ == "__main__":
    main()
