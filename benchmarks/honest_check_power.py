"""How many positions `check_honest` needs to catch a bot that peeks now and then.

The bot plays Spider (PySolFC's rules, one suit) by the first legal move of what it sees,
except at about 1 % of positions (those whose view code hashes to 0 modulo 100, among the
positions with a hidden card and two moves or more): there it picks the first or the
second move by one bit of the hidden cards, so each twin changes its choice with
probability about 1/2. `check_honest` with two twins should then catch it at each
position with probability p = f (1 - (1/2) ** 2), f the share of positions it peeks at,
and within n positions with probability 1 - (1 - p) ** n.

Run: ``python benchmarks/honest_check_power.py [--runs 200] [--positions 200 398 612]``.
For each count of positions, `check_honest` runs with seeds 0, 1000, 2000, ... (each run
plays other deals and draws other twins); the table gives the share of runs that caught
the bot beside the share the formula predicts from the measured f (the peeking positions
over all positions the same bot is shown in the same games, counted separately).
"""

from __future__ import annotations

import argparse
import zlib

from pyramid13 import spider
from pyramid13.testing import check_honest

_RULES = spider.RuleSet.preset("pysolfc", suits=1)


def peeks(view: spider.Observation) -> bool:
    """Whether the bot peeks in a position that looks like `view` (so its twins agree)."""
    return (
        bool(view.unseen)
        and len(view.legal_moves()) >= 2
        and zlib.crc32(view.to_string().encode()) % 100 == 0
    )


class OnePercentPeeker:
    """Plays the first legal move it sees, but at about 1 % of positions picks the first
    or second by a bit of the hidden cards."""

    def choose(self, state: spider.GameState) -> spider.Move:
        view = state.observe()
        legal = view.legal_moves()
        if peeks(view):
            return legal[zlib.crc32(state.to_string().encode()) & 1]
        return legal[0]


def peek_share(seed: int, positions: int) -> tuple[int, int]:
    """(positions peeked at, positions) in the games `check_honest` plays from `seed`."""
    seen = peeked = 0
    deal = seed
    bot = OnePercentPeeker()
    while seen < positions:
        state = spider.GameState.new(spider.Layout.shuffled(deal, _RULES), _RULES)
        deal += 1
        for _ in range(1_000):  # check_honest's longest game
            if state.is_over or seen >= positions:
                break
            seen += 1
            peeked += peeks(state.observe())
            state = state.apply(bot.choose(state))
    return peeked, seen


def caught(seed: int, positions: int) -> bool:
    try:
        check_honest(OnePercentPeeker(), _RULES, positions=positions, seed=seed)
    except AssertionError:
        return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--positions", type=int, nargs="+", default=[200, 398, 612])
    args = parser.parse_args()
    seeds = [1000 * run for run in range(args.runs)]
    most = max(args.positions)
    peeked = total = 0
    for seed in seeds:
        count, seen = peek_share(seed, most)
        peeked += count
        total += seen
    share = peeked / total
    p = share * (1 - 0.5**2)
    print(f"peeks at {share:.2%} of {total:,} positions; per position p = {p:.4%}")
    print(f"{'positions':>9} {'caught':>8} {'predicted':>9}")
    for positions in args.positions:
        rate = sum(caught(seed, positions) for seed in seeds) / len(seeds)
        print(f"{positions:>9} {rate:>8.1%} {1 - (1 - p) ** positions:>9.1%}")


if __name__ == "__main__":
    main()
