"""What `state.observe()` costs early and late in a long game, as an environment calls it
(each state observed once, right after the state before it).

Run: ``python benchmarks/bench_observe.py [--moves 1800] [--repeat 25]``. A random Spider
game (KPat rules, 4 suits, where empty piles keep it going) and a Pyramid game that mostly
draws and recycles (cardems, unlimited passes) are played to `--moves` moves first; then
100 states in a row are observed at move 1 and at move `--moves`, the best of `--repeat`
rounds in CPU time (``time.process_time``), each round on a fresh copy of the game so that
no observation is reused.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import pyramid13 as p13
from pyramid13 import spider

_BATCH = 100


def spider_moves(length: int, seed: int = 3) -> tuple[spider.GameState, list[spider.Move]]:
    """A Spider start and `length` + 100 random moves from it."""
    rules = spider.RuleSet.preset("kpat")
    rng = random.Random(seed)
    for deal in range(100):
        start = state = spider.GameState.new(spider.Layout.shuffled(deal, rules), rules)
        moves: list[spider.Move] = []
        while len(moves) < length + _BATCH and state.legal_moves():
            move = rng.choice(state.legal_moves())
            moves.append(move)
            state = state.apply_unchecked(move)
        if len(moves) == length + _BATCH:
            return start, moves
    raise RuntimeError("no random Spider game lasted that long")


def pyramid_moves(length: int) -> tuple[p13.GameState, list[p13.Move]]:
    """A Pyramid start and `length` + 100 moves, drawing and recycling once the removals
    run out (an honest player's forced draws)."""
    rules = p13.RuleSet.preset("cardems")
    for deal in range(100):
        start = state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        moves: list[p13.Move] = []
        while len(moves) < length + _BATCH:
            legal = state.observe().legal_moves()
            if not legal:
                break
            move = legal[-1]  # draw or recycle
            moves.append(move)
            state = state.apply(move)
        if len(moves) == length + _BATCH:
            return start, moves
    raise RuntimeError("no Pyramid game lasted that long")


def observe_cost(start: Any, moves: list[Any], at: int, repeat: int) -> float:
    """Microseconds per `observe()` over the 100 states from move `at` on."""
    best = float("inf")
    for _ in range(repeat):
        states = [start]
        for move in moves[: at + _BATCH]:
            states.append(states[-1].apply_unchecked(move))
        states[at - 1].observe()  # as the step before did
        began = time.process_time()
        for state in states[at : at + _BATCH]:
            state.observe()
        best = min(best, (time.process_time() - began) / _BATCH)
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=1800)
    parser.add_argument("--repeat", type=int, default=25)
    args = parser.parse_args()
    print(f"{'game':<10}{'observe at move 1':>20}{f'at move {args.moves}':>16}")
    for name, (start, moves) in (
        ("spider", spider_moves(args.moves)),
        ("pyramid", pyramid_moves(args.moves)),
    ):
        early = observe_cost(start, moves, 1, args.repeat)
        late = observe_cost(start, moves, args.moves, args.repeat)
        print(f"{name:<10}{early:>17.1f} µs{late:>13.1f} µs")


if __name__ == "__main__":
    main()
