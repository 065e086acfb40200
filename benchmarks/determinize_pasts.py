"""How often `determinize` finds a Pyramid view's past, and how long the search takes:
views of random games under random rule sets (Hypothesis's ``rulesets``), every few moves
and at the end of each game, each searched once.

Run: ``python benchmarks/determinize_pasts.py [--rule-sets 1000] [--every 7]``

It prints the views searched, those whose search found no past (the sample then starts a
game of its own: see `pyramid13.determinize`), and the slowest searches, with their rules.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13.pyramid._observation import _past_of
from pyramid13.strategies import rulesets


def views(rules: p13.RuleSet, seed: int, every: int) -> Iterator[p13.Observation]:
    """Views of a random game that mostly removes what it can: every `every` moves, and
    the last."""
    rng = random.Random(seed)
    state = p13.GameState.new(p13.Layout.shuffled(seed), rules)
    while True:
        legal = state.observe().legal_moves()
        if not legal or len(state.history) >= 200:
            if state.history:
                yield state.observe()
            return
        if len(state.history) % every == every - 1:
            yield state.observe()
        removals = [move for move in legal if move.is_removal]
        state = state.apply(rng.choice(removals if removals and rng.random() < 0.7 else legal))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule-sets", type=int, default=1000, help="random rule sets")
    parser.add_argument("--every", type=int, default=7, help="a view every this many moves")
    args = parser.parse_args()
    searched: list[tuple[float, p13.RuleSet, int, int, bool]] = []

    @given(rules=rulesets(presets=False), seed=st.integers(0, 2**32 - 1))
    @settings(
        max_examples=args.rule_sets,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def sweep(rules: p13.RuleSet, seed: int) -> None:
        for view in views(rules, seed, args.every):
            start = time.perf_counter()
            found = _past_of(view) is not None
            searched.append((time.perf_counter() - start, rules, seed, len(view.history), found))

    sweep()
    missing = [row for row in searched if not row[4]]
    times = sorted(row[0] for row in searched)
    print(f"views searched: {len(searched)}, with no past found: {len(missing)}")
    if times:
        median = times[len(times) // 2]
        print(f"search time: median {median * 1e3:.1f} ms, slowest {times[-1] * 1e3:.1f} ms")
    for spent, rules, seed, moves, found in sorted(searched, key=lambda row: -row[0])[:3]:
        print(f"  {spent * 1e3:8.1f} ms  seed {seed}, {moves} moves, found {found}: {rules}")
    for _, rules, seed, moves, _ in missing:
        print(f"  no past: seed {seed}, {moves} moves: {rules}")


if __name__ == "__main__":
    main()
