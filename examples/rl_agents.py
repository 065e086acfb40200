"""Two players through the Gymnasium environment: a masked random agent and the greedy bot.

Nothing is trained: this shows the loop a learning agent runs (reset, mask, step) and
compares two fixed players over the same deals. Needs the ``rl`` extra.

    python examples/rl_agents.py --episodes 200 --preset microsoft
"""

from __future__ import annotations

import argparse

import gymnasium
import numpy as np

import pyramid13 as p13
import pyramid13.envs  # registers the environments


def masked_random_wins(env: gymnasium.Env[np.ndarray, np.int64], seeds: range) -> int:
    """Games won by an agent that picks uniformly among the legal actions."""
    wins = 0
    for seed in seeds:
        _, info = env.reset(seed=seed)
        env.action_space.seed(seed)
        done = False
        while not done:
            action = env.action_space.sample(mask=info["action_mask"])
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins += info["status"] == "won"
    return wins


def greedy_wins(env: gymnasium.Env[np.ndarray, np.int64], seeds: range) -> int:
    """Games won by the shipped greedy bot, choosing from the full position."""
    bot = p13.GreedyBot()
    wins = 0
    for seed in seeds:
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            state = env.unwrapped.state  # type: ignore[attr-defined]
            action = np.int64(p13.move_to_action(bot.choose(state)))
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins += info["status"] == "won"
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--preset", default="microsoft")
    args = parser.parse_args()
    env = gymnasium.make("pyramid13/Pyramid-v0", preset=args.preset, reward="win")
    seeds = range(args.episodes)
    for name, player in (("masked random", masked_random_wins), ("greedy", greedy_wins)):
        wins = player(env, seeds)
        low, high = p13.wilson_interval(wins, len(seeds))
        print(
            f"{name:>13}: {wins} of {len(seeds)} won = {100 * wins / len(seeds):.1f} % "
            f"(95 % CI {100 * low:.1f} to {100 * high:.1f} %)"
        )


if __name__ == "__main__":
    main()
