"""Write a bot and measure it: a simple heuristic against random play.

Run it with ``python examples/first_bot.py --games 1000``.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from typing import Protocol

import pyramid13 as p13


class Bot(Protocol):
    """Anything with a ``choose`` method can play."""

    def choose(self, state: p13.GameState) -> p13.Move:
        """The move to play in ``state``, one of ``state.legal_moves()``."""
        ...


class RandomBot:
    """The baseline: any legal move, uniformly at random."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: p13.GameState) -> p13.Move:
        """A random legal move."""
        return self._rng.choice(state.legal_moves())


class PyramidFirstBot:
    """Prefer the removal that takes the most pyramid cards; draw or recycle last."""

    def choose(self, state: p13.GameState) -> p13.Move:
        """The legal move that clears the most pyramid cards (the first one on ties)."""
        in_pyramid = {card for card in state.pyramid if card is not None}

        def value(move: p13.Move) -> tuple[int, bool]:
            return sum(card in in_pyramid for card in move.cards), move.is_removal

        return max(state.legal_moves(), key=value)


def play(bot: Bot, layout: p13.Layout, rules: p13.RuleSet) -> p13.GameState:
    """Play one deal to the end and return the final state."""
    state = p13.GameState.new(layout, rules)
    while state.status is p13.Status.PLAYING:
        state = state.apply(bot.choose(state))
    return state


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """A 95 % confidence interval for a win rate (Wilson score interval)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def measure(bot: Bot, rules: p13.RuleSet, games: int) -> tuple[int, float, float]:
    """Wins over the deals ``Layout.shuffled(0 .. games-1)``, with the interval."""
    wins = 0
    for deal in range(games):
        final = play(bot, p13.Layout.shuffled(deal), rules)
        wins += final.status is p13.Status.WON
    low, high = wilson_interval(wins, games)
    return wins, low, high


def main(argv: Sequence[str] | None = None) -> int:
    """Measure both bots on the same deals and print a small table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="deals per bot (default 200)")
    parser.add_argument("--preset", default="microsoft", choices=p13.RuleSet.preset_names())
    args = parser.parse_args(argv)

    rules = p13.RuleSet.preset(args.preset)
    bots: dict[str, Bot] = {"random": RandomBot(seed=1), "pyramid-first": PyramidFirstBot()}
    print(f"{args.games} deals, rules {args.preset}")
    for name, bot in bots.items():
        wins, low, high = measure(bot, rules, args.games)
        print(f"{name:>14}: {wins / args.games:6.1%} won  (95 % interval {low:.1%} to {high:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
