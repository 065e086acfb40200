"""Engine speed and memory: random playouts through the public API, undo, history size.

Run: ``python benchmarks/bench_engine.py [--seconds 3] [--presets classic microsoft]``.
Each figure is measured on one core in CPU time (``time.process_time``), so that other work
on the machine does not skew it; the layouts are dealt before the clock starts.
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc

import pyramid13 as p13


def playouts(rules: p13.RuleSet, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """Random playouts until `seconds` pass: (games, applied moves, elapsed)."""
    rng = random.Random(seed)
    layouts = [p13.Layout.shuffled(i) for i in range(2000)]
    games = moves = 0
    start = time.process_time()
    deadline = start + seconds
    choice = rng.choice
    while time.process_time() < deadline:
        state = p13.GameState.new(layouts[games % len(layouts)], rules)
        games += 1
        while True:
            legal = state.legal_moves()
            if not legal:
                break
            state = state.apply(choice(legal))
            moves += 1
    return games, moves, time.process_time() - start


def long_game(rules: p13.RuleSet, length: int, seed: int = 1) -> p13.GameState:
    """A game of exactly `length` moves: a player who mostly draws and recycles, as long
    unlimited-pass games are played (another deal is tried when one ends too soon)."""
    rng = random.Random(seed)
    deal = 0
    while True:
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        for _ in range(length):
            legal = state.legal_moves()
            if not legal:
                break
            talon = [m for m in legal if not m.is_removal]
            pick = talon if talon and rng.random() < 0.97 else legal
            state = state.apply(rng.choice(pick))
        if len(state.history) == length:
            return state
        deal += 1


def undo_rate(rules: p13.RuleSet, seconds: float) -> tuple[float, float]:
    """(checked apply per second, undo per second) over the same random games.

    Only `apply` is timed in the first figure (the legal moves are generated before the
    clock starts for each move), and only `undo` in the second.
    """
    rng = random.Random(2)
    layouts = [p13.Layout.shuffled(i) for i in range(500)]
    finals = []
    applied = 0
    apply_time = 0.0
    clock = time.process_time
    deal = 0
    while apply_time < seconds:
        state = p13.GameState.new(layouts[deal % len(layouts)], rules)
        deal += 1
        while legal := state.legal_moves():
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


def history_bytes(rules: p13.RuleSet, length: int) -> int:
    """Memory held by one game of `length` moves with its whole undo history."""
    p13.GameState.new(p13.Layout.shuffled(0), rules).legal_moves()  # warm the tables
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
    parser.add_argument("--presets", nargs="*", default=list(p13.RuleSet.preset_names()))
    args = parser.parse_args()
    print(
        f"{'preset':<14}{'games':>8}{'moves':>10}{'moves/s':>11}{'apply/s':>11}"
        f"{'undo/s':>12}{'1000-move game':>16}"
    )
    for name in args.presets:
        rules = p13.RuleSet.preset(name)
        games, moves, elapsed = playouts(rules, args.seconds)
        apply_rate, undo_per_s = undo_rate(rules, args.seconds / 2)
        size = history_bytes(rules, 1000) if rules.passes is None else None
        size_text = f"{size / 1000:.0f} KB" if size is not None else "n/a"
        print(
            f"{name:<14}{games:>8}{moves:>10}{moves / elapsed:>11,.0f}{apply_rate:>11,.0f}"
            f"{undo_per_s:>12,.0f}{size_text:>16}"
        )


if __name__ == "__main__":
    main()
