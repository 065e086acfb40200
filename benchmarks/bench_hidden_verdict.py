"""Whether the time an environment step takes gives a hidden verdict away.

Pyramid's engine may declare a game LOST from the stock order it knows, while the player,
who has not seen that order, still plays on (``state.observe().status`` is PLAYING). An
agent must not learn the verdict from the clock: a step into such a position should cost
about what the same step costs in its twin, a position that looks the same to the player
but whose hidden stock order lets the game go on.

Run: ``python benchmarks/bench_hidden_verdict.py [--pairs 100] [--presets microsoft
king-tut]``. Pairs are found by honest random play: a position, a move after which the
engine says LOST (the player's view still PLAYING), and a twin of the position (drawn
with ``determinize``) where the engine still says PLAYING after that move. Each pair's
step is timed (``time.perf_counter`` around ``env.step`` alone, best of `--repeat`) from
the position and from its twin; so are the parts of it: the engine's ``legal_moves`` (its
verdict), the observation's status and moves (``PyramidEncoder.play``) and a whole
``observe()``. The table gives the mean over the pairs, in microseconds, and the ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import pyramid13 as p13
from pyramid13.envs import CardGameEnv, PyramidEncoder

_TWIN_DRAWS = 30  # twins drawn for a position before it is given up


def pairs(preset: str, count: int) -> list[tuple[p13.GameState, p13.GameState, p13.Move]]:
    """`count` (position, twin, move) triples of honest random games under `preset`."""
    rules = p13.RuleSet.preset(preset)
    found: list[tuple[p13.GameState, p13.GameState, p13.Move]] = []
    for deal in range(1_000_000):
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        rng = random.Random(deal)
        while len(found) < count:
            view = state.observe()
            if view.is_over:
                break
            move = rng.choice(view.legal_moves())
            after = state.apply(move)
            if (
                state.status is p13.Status.PLAYING
                and after.status is p13.Status.LOST
                and after.observe().status is p13.Status.PLAYING
            ):
                for draw in range(_TWIN_DRAWS):
                    twin = p13.determinize(view, random.Random(draw))
                    if twin.apply(move).status is p13.Status.PLAYING:
                        found.append((state, twin, move))
                        break
            state = after
        if len(found) >= count:
            return found
    raise RuntimeError("too few pairs")  # pragma: no cover


def _mean(times: Callable[[int], float], count: int) -> float:
    return statistics.mean(times(index) for index in range(count)) * 1e6


def measure(preset: str, count: int, repeat: int) -> dict[str, tuple[float, float]]:
    """Per part, (mean microseconds into the engine's LOST, the same in the twin)."""
    found = pairs(preset, count)
    positions = [(state, twin) for state, twin, _ in found]
    moves = [move for _, _, move in found]
    env: CardGameEnv[p13.GameState] = CardGameEnv("pyramid", p13.RuleSet.preset(preset))
    clock = time.perf_counter

    def step_time(which: int) -> Callable[[int], float]:
        def time_one(index: int) -> float:
            state, move = positions[index][which], moves[index]
            action = p13.move_to_action(move)
            best = float("inf")
            for _ in range(repeat):
                env.reset(options={"state": state})
                start = clock()
                env.step(action)
                best = min(best, clock() - start)
            return best

        return time_one

    def part_time(part: Callable[[p13.GameState], object], which: int) -> Callable[[int], float]:
        def time_one(index: int) -> float:
            state, move = positions[index][which], moves[index]
            best = float("inf")
            for _ in range(repeat):
                after = state.apply_unchecked(move)  # a new state: nothing cached
                start = clock()
                part(after)
                best = min(best, clock() - start)
            return best

        return time_one

    size = len(found)
    results = {"env.step": (_mean(step_time(0), size), _mean(step_time(1), size))}
    parts: dict[str, Callable[[p13.GameState], object]] = {
        "legal_moves": lambda state: state.legal_moves(),
        "encoder play": PyramidEncoder.play,
        "observe": lambda state: state.observe(),
    }
    for name, part in parts.items():
        results[name] = (_mean(part_time(part, 0), size), _mean(part_time(part, 1), size))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=15, help="timings per pair (best kept)")
    parser.add_argument("--presets", nargs="+", default=["microsoft", "king-tut"])
    args = parser.parse_args()
    print(f"{'preset':<12} {'part':<14} {'engine LOST us':>14} {'twin us':>8} {'ratio':>6}")
    for preset in args.presets:
        for part, (lost, twin) in measure(preset, args.pairs, args.repeat).items():
            print(f"{preset:<12} {part:<14} {lost:>14.1f} {twin:>8.1f} {lost / twin:>6.2f}")


if __name__ == "__main__":
    main()
