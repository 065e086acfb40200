"""A masked agent trained on ``pyramid13/Pyramid-v0``, beside the random and greedy bots.

The agent is a masked linear softmax policy trained with REINFORCE (NumPy only): it sees
what the environment gives it, the observation array and the action mask, nothing else.
Each action is scored from features of the cards it uses (where each lies: covered,
available, a waste top, ...), read from the array. It trains for a time budget on deals
of its own (``options={"deal_seed": ...}`` from 1,000,000 up), then plays the held-out
deals ``0 .. episodes - 1`` greedily (its most probable action), as do a masked random
agent and `GreedyBot` (which chooses from ``env.unwrapped.observe()``): all three honest.
Needs the ``rl`` extra. With no arguments it trains for 5 s and plays 200 held-out deals
under ``microsoft``; the documentation's table comes from a longer training:

    python examples/rl_agents.py --seconds 60 --episodes 200 --preset microsoft
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import pyramid13 as p13
import pyramid13.envs  # registers the environments

Env = gymnasium.Env[Any, Any]
_CODES = 6  # the card codes of the observation's "cards" part: removed .. in the stock
_TRAINING_DEALS = 1_000_000


def _action_cards() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For each action, the index of its first and second card (-1: none)."""
    first = np.full(p13.ACTION_COUNT, -1)
    second = np.full(p13.ACTION_COUNT, -1)
    for action in range(p13.ACTION_COUNT):
        move = p13.action_to_move(action)
        cards = sorted(card.index for card in move.cards)
        if cards:
            first[action] = cards[0]
        if len(cards) > 1:
            second[action] = cards[1]
    return first, second


FIRST, SECOND = _action_cards()
FEATURES = 2 * _CODES + 4  # both cards' codes, King, draw, recycle, stock left (draw)


def features(observation: npt.NDArray[np.int16], parts: dict[str, slice]) -> npt.NDArray[Any]:
    """One row of features per action, read from the observation array alone."""
    codes = observation[parts["cards"]].astype(np.int64)
    rows = np.zeros((p13.ACTION_COUNT, FEATURES))
    has_first = FIRST >= 0
    rows[np.flatnonzero(has_first), codes[FIRST[has_first]]] = 1.0
    has_second = SECOND >= 0
    rows[np.flatnonzero(has_second), _CODES + codes[SECOND[has_second]]] = 1.0
    rows[:4, 2 * _CODES] = 1.0  # the four Kings
    rows[100, 2 * _CODES + 1] = 1.0  # draw
    rows[101, 2 * _CODES + 2] = 1.0  # recycle
    rows[100, 2 * _CODES + 3] = observation[parts["stock_size"]][0] / 24
    return rows


def policy(
    weights: npt.NDArray[Any], rows: npt.NDArray[Any], mask: npt.NDArray[np.int8]
) -> npt.NDArray[Any]:
    """The masked softmax over the actions (illegal ones get probability 0)."""
    logits = np.where(mask.astype(bool), rows @ weights, -np.inf)
    weights_exp = np.exp(logits - logits.max())
    probabilities: npt.NDArray[Any] = weights_exp / weights_exp.sum()
    return probabilities


def train(env: Env, seconds: float, seed: int = 0) -> tuple[npt.NDArray[Any], int]:
    """REINFORCE with a running-mean baseline, for `seconds`; (weights, episodes)."""
    rng = np.random.default_rng(seed)
    parts = env.unwrapped.observation_slices  # type: ignore[attr-defined]
    weights = np.zeros(FEATURES)
    baseline, rate = 0.0, 0.05
    episodes = 0
    deadline = time.process_time() + seconds
    while time.process_time() < deadline:
        observation, info = env.reset(options={"deal_seed": _TRAINING_DEALS + episodes})
        grads: list[npt.NDArray[Any]] = []
        rewards: list[float] = []
        done = False
        while not done:
            rows = features(observation, parts)
            probabilities = policy(weights, rows, info["action_mask"])
            action = int(rng.choice(p13.ACTION_COUNT, p=probabilities))
            grads.append(rows[action] - probabilities @ rows)  # grad of log pi(action)
            observation, reward, terminated, truncated, info = env.step(action)
            rewards.append(float(reward))
            done = terminated or truncated
        returns = np.cumsum(np.array(rewards[::-1]))[::-1]  # the reward still to come
        total = float(returns[0])
        for grad, ahead in zip(grads, returns, strict=True):
            weights += rate * (ahead - baseline) * grad / max(len(grads), 1)
        baseline += 0.05 * (total - baseline)
        episodes += 1
    return weights, episodes


def trained_wins(env: Env, seeds: range, weights: npt.NDArray[Any]) -> int:
    """Games won by the trained policy, playing its most probable action."""
    parts = env.unwrapped.observation_slices  # type: ignore[attr-defined]
    wins = 0
    for seed in seeds:
        observation, info = env.reset(seed=seed)
        done = False
        while not done:
            probabilities = policy(weights, features(observation, parts), info["action_mask"])
            observation, _, terminated, truncated, info = env.step(int(probabilities.argmax()))
            done = terminated or truncated
        wins += info["status"] == "won"
    return wins


def masked_random_wins(env: Env, seeds: range) -> int:
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


def greedy_wins(env: Env, seeds: range) -> int:
    """Games won by the shipped greedy bot, choosing from the observation."""
    bot = p13.GreedyBot()
    wins = 0
    for seed in seeds:
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            observation = env.unwrapped.observe()  # type: ignore[attr-defined]
            action = p13.move_to_action(bot.choose(observation))
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins += info["status"] == "won"
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="training time (CPU, default 5)")
    parser.add_argument("--episodes", type=int, default=200, help="held-out deals")
    parser.add_argument("--preset", default="microsoft")
    args = parser.parse_args()
    env = gymnasium.make("pyramid13/Pyramid-v0", preset=args.preset)
    weights, trained = train(env, args.seconds)
    seeds = range(args.episodes)
    results = [
        ("masked random", masked_random_wins(env, seeds)),
        ("greedy", greedy_wins(env, seeds)),
        ("trained", trained_wins(env, seeds, weights)),
    ]
    for name, wins in results:
        low, high = p13.wilson_interval(wins, len(seeds))
        print(
            f"{name:>13}: {wins} of {len(seeds)} won = {100 * wins / len(seeds):.1f} % "
            f"(95 % CI {100 * low:.1f} to {100 * high:.1f} %)"
        )
    reward = env.unwrapped.reward_mode  # type: ignore[attr-defined]
    print(f"trained for {args.seconds:g} s: {trained} episodes, reward {reward!r}")


if __name__ == "__main__":
    main()
