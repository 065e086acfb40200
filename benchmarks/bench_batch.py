"""Batched engine speed (``pyramid13.batch``): steps per second on one core, memory per
game, the native vector environment beside Gymnasium's synchronous one, and a single
environment's ``step`` beside the bare engine.

Run: ``python benchmarks/bench_batch.py [--game pyramid] [--n 4096] [--steps 200]``
(``--game spider`` once Spider has a batched engine: else it says so and stops).

Every figure is CPU time (``time.process_time``) of one process, the best of ``--repeat``
runs, so other work on the machine slows it little. Batch: a loop of ``legal_mask()``, a
random legal action per game drawn uniformly from that mask inside the timed loop (a
random index into each game's legal actions), and ``step``, with ``auto_reset=True`` so
every game is always in play. Vector environments: ``gymnasium.make_vec`` (the native
`BatchVectorEnv`) against ``SyncVectorEnv`` of the
scalar environment, the same sampler over ``infos["action_mask"]``, the same number of
environments. Single environment: ``env.step`` over recorded random games against
``legal_moves()`` + ``apply_unchecked()`` over the same games, game starts untimed.
Memory: the bytes of the engine's arrays over `n`.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import pyramid13 as p13
import pyramid13.envs  # registers the environments
from pyramid13 import batch

ENV_IDS = {"pyramid": "pyramid13/Pyramid-v0", "spider": "pyramid13/Spider-v0"}
PRESETS = {"pyramid": ["microsoft", "classic"], "spider": ["microsoft"]}


def rules_of(game: str, preset: str) -> Any:
    if game == "spider":
        return p13.spider.RuleSet.preset(preset, suits=4)
    return p13.RuleSet.preset(preset)


def env_options(game: str, preset: str) -> dict[str, Any]:
    return {"preset": preset, "suits": 4} if game == "spider" else {"preset": preset}


def sampler(seed: int) -> Callable[[npt.NDArray[Any]], npt.NDArray[np.int64]]:
    rng = np.random.default_rng(seed)

    def sample(mask: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
        games, actions = mask.shape
        if mask.dtype == np.int8:  # the infos' 0/1 mask, read as booleans: NumPy finds
            mask = mask.view(np.bool_)  # the set entries of booleans many times faster
        legal = np.flatnonzero(mask)  # every game's legal actions, game after game
        counts = np.bincount(legal // actions, minlength=games)
        first = np.cumsum(counts) - counts
        pick = first + (rng.random(games) * counts).astype(np.int64)
        chosen: npt.NDArray[np.int64] = legal[pick] - np.arange(games) * actions
        return chosen

    return sample


def best(run: Callable[[], float], repeat: int) -> float:
    return min(run() for _ in range(repeat))


def memory(engine: Any) -> int:
    """The bytes of the arrays an engine holds (in its attributes and theirs)."""
    seen: set[int] = set()
    total = 0
    stack = [engine]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, np.ndarray):
            total += item.nbytes
            continue
        names = list(getattr(item, "__dict__", {})) + list(getattr(type(item), "__slots__", ()))
        for name in names:
            value = getattr(item, name, None)
            if isinstance(value, np.ndarray) or type(value).__module__.startswith("pyramid13"):
                stack.append(value)
    return total


def batch_rate(rules: Any, n: int, steps: int, repeat: int) -> tuple[float, float]:
    """(steps per second, bytes per game) of the batch."""
    games = batch.for_rules(rules, n, auto_reset=True)
    games.reset(range(n))
    sample = sampler(0)
    for _ in range(20):  # past the first moves of every game
        games.step(sample(games.legal_mask()))

    def run() -> float:
        start = time.process_time()
        for _ in range(steps):
            games.step(sample(games.legal_mask()))
        return time.process_time() - start

    return n * steps / best(run, repeat), memory(games) / n


def vector_rate(env: Any, steps: int, repeat: int) -> float:
    """Environment steps per second (over every sub-environment) of a vector env."""
    sample = sampler(1)
    _, infos = env.reset(seed=0)

    def run() -> float:
        nonlocal infos
        start = time.process_time()
        for _ in range(steps):
            _, _, _, _, infos = env.step(sample(infos["action_mask"]))
        return time.process_time() - start

    return float(env.num_envs * steps / best(run, repeat))


def single_ratio(game: str, preset: str, games: int, repeat: int) -> tuple[float, float]:
    """(env.step per second, bare engine moves per second) over the same random games."""
    entry = p13.get_game(game)
    rules = rules_of(game, preset)
    rng = random.Random(0)
    lines: list[tuple[int, list[int]]] = []
    for seed in range(games):
        state = entry.deal(seed, rules)
        actions: list[int] = []
        while state.legal_moves() and len(actions) < 1_000:
            move = rng.choice(state.legal_moves())
            actions.append(entry.move_to_action(move))
            state = state.apply_unchecked(move)
        lines.append((seed, actions))
    total = sum(len(actions) for _, actions in lines)
    moves = [entry.action_to_move(action) for action in range(entry.action_count)]
    env = gymnasium.make(ENV_IDS[game], max_episode_steps=None, **env_options(game, preset))
    step = env.unwrapped.step
    clock = time.process_time

    def bare() -> float:
        spent = 0.0
        for seed, actions in lines:
            state = entry.deal(seed, rules)
            state.legal_moves()
            start = clock()
            for action in actions:
                state = state.apply_unchecked(moves[action])
                state.legal_moves()
            spent += clock() - start
        return spent

    def stepped() -> float:
        spent = 0.0
        for seed, actions in lines:
            env.reset(seed=seed)
            start = clock()
            for action in actions:
                step(action)
            spent += clock() - start
        return spent

    # Taken in turns, so a change in the machine's load weighs on both alike.
    env_times, engine_times = zip(*((stepped(), bare()) for _ in range(repeat)), strict=True)
    return total / min(env_times), total / min(engine_times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(ENV_IDS), default="pyramid")
    parser.add_argument("--presets", nargs="+", help="presets (default: the game's usual)")
    parser.add_argument("--n", type=int, default=4096, help="games in the batch")
    parser.add_argument("--steps", type=int, default=200, help="batch steps timed")
    parser.add_argument("--vector-n", type=int, default=1024, help="envs in each vector env")
    parser.add_argument("--vector-steps", type=int, default=20)
    parser.add_argument("--env-games", type=int, default=60, help="games for env/engine")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is kept")
    args = parser.parse_args()
    if args.game not in [game.name for game in batch.batched_games()]:
        print(f"skipped: {args.game} has no batched engine")
        return
    print(
        f"{'preset':<12} {'batch steps/s':>14} {'bytes/game':>11} {'native/s':>10} "
        f"{'sync/s':>9} {'native/sync':>11} {'env/s':>9} {'engine/s':>9} {'env/engine':>10}"
    )
    for preset in args.presets or PRESETS[args.game]:
        rules = rules_of(args.game, preset)
        rate, size = batch_rate(rules, args.n, args.steps, args.repeat)
        options = env_options(args.game, preset)
        env_id = ENV_IDS[args.game]
        native = gymnasium.make_vec(env_id, num_envs=args.vector_n, vectorize="native", **options)
        sync = gymnasium.vector.SyncVectorEnv(
            [partial(gymnasium.make, env_id, **options) for _ in range(args.vector_n)]
        )
        native_rate = vector_rate(native, args.vector_steps, args.repeat)
        sync_rate = vector_rate(sync, args.vector_steps, args.repeat)
        env_rate, engine_rate = single_ratio(args.game, preset, args.env_games, args.repeat)
        print(
            f"{preset:<12} {rate:>14,.0f} {size:>11,.0f} {native_rate:>10,.0f} "
            f"{sync_rate:>9,.0f} {native_rate / sync_rate:>11.1f} {env_rate:>9,.0f} "
            f"{engine_rate:>9,.0f} {env_rate / engine_rate:>10.2f}"
        )


if __name__ == "__main__":
    main()
