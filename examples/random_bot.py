"""A random bot: play seeded deals with uniformly random legal moves; report the win rate.

Run it with ``python examples/random_bot.py --games 500 --preset microsoft``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import pyramid13 as p13


class RandomBot:
    """Picks one of the legal moves at random; reproducible through its seed."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: p13.GameState) -> p13.Move:
        """One of ``state.legal_moves()``, uniformly at random."""
        return self._rng.choice(state.legal_moves())


def play(bot: RandomBot, layout: p13.Layout, rules: p13.RuleSet) -> p13.GameState:
    """Play one deal to the end and return the final state (its history is the game)."""
    state = p13.GameState.new(layout, rules)
    while state.status is p13.Status.PLAYING:
        state = state.apply(bot.choose(state))
    return state


def main(argv: Sequence[str] | None = None) -> int:
    """Play ``--games`` deals (seeds 0, 1, ...) and print how many the bot won."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="deals to play (default 200)")
    parser.add_argument("--preset", default="microsoft", choices=p13.RuleSet.preset_names())
    parser.add_argument("--seed", type=int, default=0, help="the bot's random seed")
    args = parser.parse_args(argv)

    rules = p13.RuleSet.preset(args.preset)
    bot = RandomBot(args.seed)
    wins = 0
    for deal in range(args.games):
        final = play(bot, p13.Layout.shuffled(deal), rules)
        wins += final.status is p13.Status.WON
    print(f"random bot, {args.preset}: won {wins} of {args.games} deals ({wins / args.games:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
