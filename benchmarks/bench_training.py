"""The table of the how-to "Train at scale": a policy trained on the native vector
environment (``examples/train_at_scale.py``) beside masked random play and GreedyBot, on
held-out deals, with the time the training took.

Run: ``python benchmarks/bench_training.py [--envs 1024] [--updates 60] [--deals 2000]``.
Every player plays the same held-out deals (seeds from 10**9 on, never dealt in training);
the trained policy and the random player play them all at once on the batched engine,
GreedyBot one by one (``win_rate``). The wall time is the training's alone.
"""

from __future__ import annotations

import argparse
import os
import runpy
import time
from pathlib import Path

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402

import pyramid13 as p13  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_at_scale.py"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--updates", type=int, default=60)
    parser.add_argument("--deals", type=int, default=2000)
    args = parser.parse_args()
    example = runpy.run_path(str(EXAMPLE), run_name="benchmark")
    preset = example["PRESET"]
    wall, cpu = time.perf_counter(), time.process_time()
    weights, _ = example["train"](args.envs, args.updates)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    seeds = list(range(10**9, 10**9 + args.deals))
    rng = np.random.default_rng(1)
    trained = example["win_rate"](weights, seeds, rng)
    random_rate = example["win_rate"](None, seeds, rng)
    greedy = p13.win_rate(preset, seeds, "greedy", workers=1)
    steps = args.envs * args.updates * 48
    print(f"Pyramid, {preset} rules, {args.deals:,} held-out deals")
    print()
    print("| player | win rate | training |")
    print("| --- | ---: | --- |")
    print(
        f"| linear policy, policy gradient | {trained:.1%} | {steps:,} steps "
        f"({args.envs:,} games at once), {wall:.0f} s wall, {cpu:.0f} s CPU |"
    )
    print(f"| masked random | {random_rate:.1%} | none |")
    print(f"| GreedyBot | {greedy.wins / greedy.deals:.1%} | none |")


if __name__ == "__main__":
    main()
