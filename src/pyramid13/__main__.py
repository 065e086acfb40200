"""``python -m pyramid13``: deal a seeded game and play it out with a simple strategy."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import GameState, Layout, Move, RuleSet, Status


def _pick(state: GameState) -> Move:
    """Kings first, then pairs that use pyramid cards, then draw or recycle."""
    moves = state.legal_moves()
    pyramid = {card for card in state.pyramid if card is not None}
    removals = [move for move in moves if move.is_removal]
    removals.sort(key=lambda move: -sum(card in pyramid for card in move.cards))
    return removals[0] if removals else moves[0]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="pyramid13", description="Deal a seeded Pyramid game and play it out."
    )
    parser.add_argument("--seed", type=int, default=1, help="deal seed (default: 1)")
    parser.add_argument(
        "--preset",
        default="classic",
        choices=RuleSet.preset_names(),
        help="rule preset (default: classic)",
    )
    args = parser.parse_args(argv)
    state = GameState.new(Layout.shuffled(args.seed), RuleSet.preset(args.preset))
    print(state, end="\n\n")
    while state.status is Status.PLAYING:
        state = state.apply(_pick(state))
    print(" ".join(str(move) for move in state.history), end="\n\n")
    print(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
