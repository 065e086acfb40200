"""The greedy bot against the solver: on each deal, did the bot win, and could it be won?

Run it with ``python examples/greedy_vs_solver.py --deals 50 --preset microsoft``. The
solver knows the stock's order, so its verdict is the best any player could do; the gap
between the two columns is what the greedy bot's judgement costs.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import pyramid13 as p13


def play(bot: p13.Bot, state: p13.GameState) -> p13.GameState:
    """Let `bot` play `state` to the end; the final state's history is the game."""
    while state.status is p13.Status.PLAYING:
        state = state.apply(bot.choose(state))
    return state


def main(argv: Sequence[str] | None = None) -> int:
    """Compare the greedy bot with the solver's verdict on ``--deals`` seeded deals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="deals to play (default 50)")
    parser.add_argument("--preset", default="microsoft", choices=p13.RuleSet.preset_names())
    args = parser.parse_args(argv)

    rules = p13.RuleSet.preset(args.preset)
    bot = p13.GreedyBot()
    greedy_wins = winnable = 0
    for seed in range(args.deals):
        start = p13.GameState.new(p13.Layout.shuffled(seed), rules)
        final = play(bot, start)
        verdict = p13.solve(start)
        greedy_wins += final.status is p13.Status.WON
        winnable += verdict.winnable is True
        # A win by the bot is a proof that the deal is winnable: the two must agree.
        assert final.status is not p13.Status.WON or verdict.winnable is not False
    print(
        f"{args.preset}: greedy bot won {greedy_wins} of {args.deals} deals; "
        f"the solver found {winnable} winnable"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
