"""Peak memory of `solve`, each search in a fresh process, as Markdown table rows.

Run: ``python benchmarks/bench_memory.py [--cases apophis:220:optimal ...] [--sample 3]
[--node-limit N]``.

Each case (``preset:seed:mode``, mode ``default`` or ``optimal``) runs in a child process
that imports pyramid13, builds the `Layout.shuffled` deal, notes its resident set size
(``ru_maxrss``) and then solves it; the row gives the peak resident set size of the whole
process, the growth caused by the search (peak less the size before it), the positions
stored, the growth per position and the search's CPU time (process time, so that other
jobs on the machine do not count). ``--sample N`` adds seeds ``0 .. N-1`` of every preset
in both modes. The default cases are the two deals known to run to the default node limit
and a few more that do.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pyramid13 as p13

#: Hard deals: the first two run to the default node limit (3,000,000 positions).
HARD = [
    "apophis:220:optimal",
    "king-tut:151:default",
    "king-tut:151:optimal",
    "apophis:220:default",
    "three-stacks:33:optimal",
]

_CHILD = """
import json, resource, sys, time
import pyramid13 as p13
preset, seed, mode, limit = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
state = p13.GameState.new(p13.Layout.shuffled(seed), p13.RuleSet.preset(preset))
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.process_time()
kwargs = {} if limit == "default" else {"node_limit": None if limit == "none" else int(limit)}
result = p13.solve(state, optimal=mode == "optimal", **kwargs)
seconds = time.process_time() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"before": before, "peak": peak, "nodes": result.nodes,
                  "winnable": result.winnable, "seconds": seconds}))
"""


def measure(case: str, node_limit: str) -> dict[str, object]:
    """Run one case in a child process; its figures (``ru_maxrss`` in KiB, Linux)."""
    preset, seed, mode = case.split(":")
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, preset, seed, mode, node_limit],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    figures: dict[str, object] = json.loads(out)
    figures.update(preset=preset, seed=int(seed), mode=mode)
    return figures


def row(figures: dict[str, object]) -> str:
    before = int(str(figures["before"])) / 1024
    peak = int(str(figures["peak"])) / 1024
    nodes = int(str(figures["nodes"]))
    grown = peak - before
    per_node = grown * 1024 * 1024 / nodes if nodes > 1000 else float("nan")
    per = f"{per_node:.0f} B" if per_node == per_node else "—"
    return (
        f"| `{figures['preset']}` | {figures['seed']} | {figures['mode']} | {nodes:,} | "
        f"{figures['winnable']} | {peak:.0f} MB | {grown:.0f} MB | {per} | "
        f"{float(str(figures['seconds'])):.1f} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", nargs="*", default=HARD)
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--node-limit", default="default", help="an int, 'none' or 'default'")
    args = parser.parse_args()
    cases = list(args.cases)
    for preset in p13.RuleSet.preset_names():
        for seed in range(args.sample):
            cases.extend(f"{preset}:{seed}:{mode}" for mode in ("default", "optimal"))
    print(
        "| preset | seed | mode | positions stored | winnable | peak RSS | growth "
        "| per position | time |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for case in cases:
        print(row(measure(case, args.node_limit)), flush=True)


if __name__ == "__main__":
    main()
