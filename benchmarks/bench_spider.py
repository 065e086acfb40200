"""Spider engine speed and memory: random playouts through the public API, undo, history size.

Run: ``python benchmarks/bench_spider.py [--seconds 3] [--presets microsoft pysolfc]``.
Each figure is measured on one core in CPU time (``time.process_time``), so that other work
on the machine does not skew it much; the layouts are dealt before the clock starts. Random
Spider games can shuttle cards between piles for ever, so each playout stops after
``--max-moves`` moves.
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc

from pyramid13 import spider


def deals(rules: spider.RuleSet, count: int) -> list[spider.Layout]:
    """`count` seeded layouts for `rules`."""
    return [spider.Layout.shuffled(seed, rules) for seed in range(count)]


def playouts(
    rules: spider.RuleSet, seconds: float, max_moves: int, seed: int = 0
) -> tuple[int, int, float]:
    """Random playouts (``legal_moves`` + checked ``apply``) until `seconds` pass:
    (games, applied moves, elapsed)."""
    rng = random.Random(seed)
    layouts = deals(rules, 200)
    games = moves = 0
    choice = rng.choice
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = spider.GameState.new(layouts[games % len(layouts)], rules)
        games += 1
        for _ in range(max_moves):
            legal = state.legal_moves()
            if not legal:
                break
            state = state.apply(choice(legal))
            moves += 1
    return games, moves, time.process_time() - start


def apply_and_undo(rules: spider.RuleSet, seconds: float, max_moves: int) -> tuple[float, float]:
    """(checked apply per second, undo per second) over the same random games.

    Only `apply` is timed in the first figure (the legal moves are generated before the
    clock starts for each move), and only `undo` in the second.
    """
    rng = random.Random(2)
    layouts = deals(rules, 100)
    finals = []
    applied = 0
    apply_time = 0.0
    clock = time.process_time
    game = 0
    while apply_time < seconds:
        state = spider.GameState.new(layouts[game % len(layouts)], rules)
        game += 1
        for _ in range(max_moves):
            legal = state.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            began = clock()
            state = state.apply(move)
            apply_time += clock() - began
            applied += 1
        finals.append(state)
    undone = 0
    began = clock()
    for state in finals:
        while state.previous is not None:
            state = state.undo()
            undone += 1
    undo_time = clock() - began
    return applied / apply_time, undone / undo_time


def long_game(rules: spider.RuleSet, length: int) -> spider.GameState:
    """A random game of exactly `length` moves (later deals are tried when one ends early)."""
    rng = random.Random(3)
    seed = 0
    while True:
        state = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
        for _ in range(length):
            legal = state.legal_moves()
            if not legal:
                break
            state = state.apply(rng.choice(legal))
        if len(state.history) == length:
            return state
        seed += 1


def history_bytes(rules: spider.RuleSet, length: int) -> int:
    """Memory held by one random game of `length` moves with its whole undo history."""
    long_game(rules, 10)  # warm the tables
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    state = long_game(rules, length)
    state.legal_moves()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(state.history) == length
    return after - before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--max-moves", type=int, default=1000)
    parser.add_argument("--suits", type=int, default=4)
    parser.add_argument("--presets", nargs="*", default=["microsoft", "pysolfc"])
    args = parser.parse_args()
    print(
        f"{'preset':<11}{'suits':>6}{'games':>7}{'moves':>9}{'moves/s':>10}{'apply/s':>10}"
        f"{'undo/s':>11}{'1000-move game':>16}"
    )
    for name in args.presets:
        rules = spider.RuleSet.preset(name, suits=args.suits)
        games, moves, elapsed = playouts(rules, args.seconds, args.max_moves)
        apply_rate, undo_rate = apply_and_undo(rules, args.seconds / 2, args.max_moves)
        size = history_bytes(rules, 1000)
        print(
            f"{name:<11}{args.suits:>6}{games:>7}{moves:>9}{moves / elapsed:>10,.0f}"
            f"{apply_rate:>10,.0f}{undo_rate:>11,.0f}{size / 1000:>13.0f} KB"
        )


if __name__ == "__main__":
    main()
