"""Regenerate ``tests/data/perft/<preset>.txt``: perft counts by the engine AND by the naive
reference model, written only when the two agree.

Run from the repository root: ``python tests/make_perft_data.py [PRESET ...]``. The starts
and depths are fixed below, so the files come out the same on every machine. Each line is
``<seed or layout code>  <depth>  <count>``; a seed means ``Layout.shuffled(seed)``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from dealing import deal
from reference_model import RefState, ref_perft_cached

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
# The depths of each start under each preset, fixed: short lines, then two deep ones of
# up to some 20,000 sequences (the sparse deal's reach recycles, pass limits and lost games
# where the count stays small). Written down so that a regeneration gives the same files.
DEPTHS: dict[str, dict[int | p13.Layout, tuple[int, ...]]] = {
    "apophis": {
        1: (1, 2, 3, 5, 10),
        2: (1, 2, 3, 4, 8),
        3: (1, 2, 3, 4, 9),
        SPARSE: (1, 2, 3, 9, 18),
    },
    "cardems": {
        1: (1, 2, 3, 7, 15),
        2: (1, 2, 3, 5, 11),
        3: (1, 2, 3, 8, 17),
        SPARSE: (1, 2, 3, 60, 120),
    },
    "cardgames": {
        1: (1, 2, 3, 7, 15),
        2: (1, 2, 3, 4, 9),
        3: (1, 2, 3, 9, 18),
        SPARSE: (1, 2, 3, 60, 120),
    },
    "classic": {
        1: (1, 2, 3, 8, 17),
        2: (1, 2, 3, 6, 13),
        3: (1, 2, 3, 9, 18),
        SPARSE: (1, 2, 3, 60, 120),
    },
    "king-tut": {
        1: (1, 2, 3, 5, 11),
        2: (1, 2, 3, 6, 13),
        3: (1, 2, 3, 8, 17),
        SPARSE: (1, 2, 3, 60, 120),
    },
    "microsoft": {
        1: (1, 2, 3, 6, 12),
        2: (1, 2, 3, 5, 10),
        3: (1, 2, 3, 6, 12),
        SPARSE: (1, 2, 3, 14, 28),
    },
    "pysolfc": {
        1: (1, 2, 3, 5, 11),
        2: (1, 2, 3, 5, 11),
        3: (1, 2, 3, 5, 11),
        SPARSE: (1, 2, 3, 13, 26),
    },
    "relaxed": {
        1: (1, 2, 3, 6, 12),
        2: (1, 2, 3, 5, 11),
        3: (1, 2, 3, 5, 11),
        SPARSE: (1, 2, 3, 10, 21),
    },
    "solitaire-lab": {
        1: (1, 2, 3, 6, 13),
        2: (1, 2, 3, 5, 11),
        3: (1, 2, 3, 6, 12),
        SPARSE: (1, 2, 3, 60, 120),
    },
    "three-stacks": {
        1: (1, 2, 3, 5, 10),
        2: (1, 2, 3, 4, 9),
        3: (1, 2, 3, 4, 9),
        SPARSE: (1, 2, 3, 60, 120),
    },
}
PRESETS = list(p13.RuleSet.preset_names())


def layout_of(start: int | p13.Layout) -> p13.Layout:
    return p13.Layout.shuffled(start) if isinstance(start, int) else start


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
            depths = DEPTHS[preset][start]
            layout = layout_of(start)
            state = p13.GameState.new(layout, rules)
            name = str(start) if isinstance(start, int) else layout.code
            for depth in depths:
                count = p13.perft(state, depth)
                reference = ref_perft_cached(RefState.new(layout, rules), depth)
                if count != reference:
                    raise SystemExit(
                        f"{preset} {name} depth {depth}: engine {count}, model {reference}"
                    )
                lines.append(f"{name}  {depth}  {count}")
                print(preset, str(start)[:20], depth, count, flush=True)
        (OUT / f"{preset}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
