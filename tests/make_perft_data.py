"""Regenerate ``tests/data/perft/<preset>.txt``: perft counts by the engine AND by the naive
reference model, written only when the two agree.

Run from the repository root: ``python tests/make_perft_data.py [PRESET ...]`` (a few minutes: the
reference model is slow on purpose). Each line is ``<seed or layout code>  <depth>  <count>``;
a seed means ``Layout.shuffled(seed)``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from dealing import deal
from reference_model import RefState, ref_perft

import pyramid13 as p13

OUT = Path(__file__).parent / "data" / "perft"
# Few removals ever: the stock holds one King and 4..9; the pyramid's bottom row wants
# Jacks and Tens it covers itself. Deep lines reach recycles, pass limits and lost games.
SPARSE = deal(
    """
                4C
              KD  KH
            KS  JC  JD
          JH  JS  TC  TD
        TH  TS  QC  QD  QH
      QS  AC  AD  AH  AS  3H
    2C  2D  2H  2S  3C  3D  3S
    """,
    "5C 6C 9H KC",
)
STARTS: list[int | p13.Layout] = [1, 2, 3, SPARSE]
PRESETS = list(p13.RuleSet.preset_names())
BUDGET = 0.08  # seconds of engine perft for the deepest line of each start
MAX_DEPTH = 120


def layout_of(start: int | p13.Layout) -> p13.Layout:
    return p13.Layout.shuffled(start) if isinstance(start, int) else start


def deepest(state: p13.GameState) -> int:
    depth = 1
    while depth < MAX_DEPTH:
        began = time.perf_counter()
        p13.perft(state, depth + 1)
        if time.perf_counter() - began > BUDGET:
            break
        depth += 1
    return depth


def main() -> None:
    """Regenerate the presets named on the command line, or all of them."""
    OUT.mkdir(parents=True, exist_ok=True)
    for preset in sys.argv[1:] or PRESETS:
        rules = p13.RuleSet.preset(preset)
        lines = [
            f"# perft under the {preset} preset: <seed or layout code>  <depth>  <count>",
            "# Counted by the engine and by tests/reference_model.py, which agree.",
        ]
        for start in STARTS:
            layout = layout_of(start)
            state = p13.GameState.new(layout, rules)
            top = deepest(state)
            depths = sorted({1, 2, 3, top // 2, top} - {0})
            name = str(start) if isinstance(start, int) else layout.code
            for depth in depths:
                count = p13.perft(state, depth)
                reference = ref_perft(RefState.new(layout, rules), depth)
                if count != reference:
                    raise SystemExit(
                        f"{preset} {name} depth {depth}: engine {count}, model {reference}"
                    )
                lines.append(f"{name}  {depth}  {count}")
                print(preset, str(start)[:20], depth, count, flush=True)
        (OUT / f"{preset}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
