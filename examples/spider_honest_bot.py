"""An honest Spider bot: it decides from what a player sees (``state.observe()``) only.

Run it with ``python examples/spider_honest_bot.py --games 100 --suits 1``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from pyramid13 import Status, spider

MAX_MOVES = 1000  # an empty pile can let cards go round in circles: a game stops here


class HonestBot:
    """Lift runs off, then turn cards over, then build in suit; deal when nothing helps."""

    def choose(self, state: spider.GameState) -> spider.Move:
        """A move for `state`, chosen from its observation alone."""
        seen = state.observe()  # face-up cards and counts: no hidden card
        moves = seen.legal_moves()
        best, best_value = None, 0
        for move in moves:
            value = self.value(seen, move)
            if value > best_value:
                best, best_value = move, value
        if best is not None:
            return best
        if spider.Move.DEAL in moves:
            return spider.Move.DEAL
        return self.fill_empty_pile(seen, moves)

    @staticmethod
    def value(seen: spider.Observation, move: spider.Move) -> int:
        """How much a move helps: 0 for a move that gains nothing."""
        if move.kind is spider.MoveKind.REMOVE:
            return 10
        source, count, target = move.source, move.count, move.target
        if source is None or count is None or target is None:
            return 0  # the deal: the caller decides when to deal
        pile = seen.piles[source]
        bottom = pile.face_up[-count]  # the unit's deepest card
        under = pile.face_up[-count - 1] if count < len(pile.face_up) else None
        onto = seen.piles[target].top
        if under is None:  # the whole face-up part leaves
            if pile.face_down_count:
                return 5  # a face-down card turns over
            return 0 if onto is None else 4  # a pile empties (unless it only moves)
        if onto is None:
            return 0  # never spend an empty pile on half a pile
        on_its_card = under.value == bottom.value + 1  # already one rank below its card
        if onto.suit is bottom.suit and not (on_its_card and under.suit is bottom.suit):
            return 3  # builds in suit, and breaks no run of one suit
        if not on_its_card:
            return 1  # tidies up: the card underneath becomes free to play
        return 0

    @staticmethod
    def fill_empty_pile(seen: spider.Observation, moves: Sequence[spider.Move]) -> spider.Move:
        """No deal while a pile is empty: fill it with the longest unit that does not leave
        its own pile empty, best one that lies on no card one rank above it."""
        best: spider.Move | None = None
        best_key = (False, 0)
        for move in moves:
            if move.source is None or move.count is None:
                continue  # not a unit move
            face_up = seen.piles[move.source].face_up
            if move.count == len(face_up):
                continue  # it would only move the empty pile elsewhere
            loose = face_up[-move.count - 1].value != face_up[-move.count].value + 1
            if best is None or (loose, move.count) > best_key:
                best, best_key = move, (loose, move.count)
        return best if best is not None else moves[0]

    def __repr__(self) -> str:
        return "HonestBot()"


class RandomBot:
    """Any legal move at random: the baseline."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: spider.GameState) -> spider.Move:
        """A legal move at random."""
        return self.rng.choice(state.observe().legal_moves())


def play(bot: HonestBot | RandomBot, seed: int, rules: spider.RuleSet) -> spider.GameState:
    """Play the deal `seed` to the end, or for `MAX_MOVES` moves."""
    state = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
    for _ in range(MAX_MOVES):
        if state.status is not Status.PLAYING:
            break
        state = state.apply(bot.choose(state))
    return state


def main(argv: Sequence[str] | None = None) -> int:
    """Play both bots on the same deals and print how they did."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="deals per bot (default 50)")
    parser.add_argument("--preset", default="microsoft", choices=spider.RuleSet.preset_names())
    parser.add_argument("--suits", type=int, default=1, choices=(1, 2, 4))
    args = parser.parse_args(argv)
    rules = spider.RuleSet.preset(args.preset, suits=args.suits)
    print(f"{args.games} deals, {args.preset} with {args.suits} suit(s)")
    bots: dict[str, HonestBot | RandomBot] = {"random": RandomBot(seed=1), "honest": HonestBot()}
    for name, bot in bots.items():
        finals = [play(bot, seed, rules) for seed in range(args.games)]
        wins = sum(final.status is Status.WON for final in finals)
        runs = sum(len(final.runs_removed) for final in finals) / len(finals)
        print(f"{name:>7}: won {wins} of {args.games}, {runs:.2f} runs removed a game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
