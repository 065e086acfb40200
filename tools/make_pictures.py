"""Draw the pictures of the documentation (both games) into ``docs/assets/``.

Run ``python tools/make_pictures.py`` after changing the pictures' code and review the
diff; ``tests/test_spider_pictures.py`` checks that the files in ``docs/assets/`` are what
this script draws. Mid-game Spider positions are given as position codes, reached by
``examples/spider_honest_bot.py`` on seeded deals.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pyramid13 as p13
from pyramid13 import CardLocation, Place, spider

ASSETS = Path(__file__).resolve().parents[1] / "docs" / "assets"

#: Microsoft rules, 2 suits, seed 10, after 18 moves of the honest bot.
UNIT_MOVE = (
    "4S3S3S|QH/ASTS6STHTH|KSQSJS/TSJH3H8SQH|8H7S6S4H/QS8SKHJH|KHQHJH7H6HAS/"
    "3H4STS8S|2SAH6S5H4H3H2H/7SQH5HAH|5S9H3S/AS2S6H|JS6S5S/7HJS9SAS|2S9S/9HKSTS7S|5SAH6H/"
    "2SKH|KS9H8H7H 9SQS9HJH6H8H5H7S2H7H8H3S4H8S4H4S5S4SKHAH2HTH9SQSTH2HJS3H5HKS - 482 "
    "microsoft,suits=2"
)
#: Microsoft rules, 1 suit, seed 0, after 76 moves of the honest bot: three runs removed.
RUNS_REMOVED = (
    "-/|KSQSJSTS/|JS/|8S7S6S5S4S3S2S/|KS/|5S4S3S2SAS/|8S7S6S5S/7S9S3S|9S8S6SQS3S2SAS/"
    "|KSQSJSTS9S8S7S/|6S5S4S3S2SJS TSQS5SKS9STS8SASTS7SAS4S6S4S9SQSKSJS2SAS SSS 724 "
    "microsoft,suits=1"
)


#: The first 20 moves of a winning line of seed 1 under the microsoft rules.
SEED_1_MOVES = (
    "KC",
    "KH",
    "5H+8S",
    "draw",
    "draw",
    "draw",
    "6C+7C",
    "draw",
    "draw",
    "draw",
    "KS",
    "draw",
    "draw",
    "draw",
    "draw",
    "draw",
    "3D+TH",
    "3S+TS",
    "4H+9D",
    "AC+QD",
)


def pictures() -> dict[str, str]:
    """Each picture's file name and SVG text."""
    seed_1 = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    after_20 = seed_1
    for move in SEED_1_MOVES:
        after_20 = after_20.apply(move)
    played = spider.GameState.from_string(UNIT_MOVE).apply("5:4>9")
    microsoft = spider.RuleSet.preset("microsoft", suits=2)
    start = spider.GameState.new(spider.Layout.shuffled(7, microsoft), microsoft)
    bicycle = spider.RuleSet.preset("bicycle", suits=2)
    bicycle_start = spider.GameState.new(spider.Layout.shuffled(7, bicycle), bicycle)
    return {
        "seed-1-microsoft.svg": p13.to_svg(
            seed_1, highlight="KC", title="Seed 1, microsoft rules: KC highlighted"
        ),
        "seed-1-after-20.svg": p13.to_svg(
            after_20, lastmove=after_20.last_move, title="Seed 1 after 20 moves"
        ),
        "spider-marks.svg": p13.to_svg(
            played,
            lastmove=played.last_move,
            arrows=["5:1>10"],
            fill={
                CardLocation(Place.PILE, 4, 0): "#ffe08a",  # a selection: the 6S
                CardLocation(Place.PILE, 9): "#c8f0c8",  # where it can go: the 7H
            },
            title="After 5:4>9 (marked): 5:1>10 as an arrow, the 6S and its target filled",
        ),
        "spider-start.svg": p13.to_svg(
            start, title="Microsoft rules, 2 suits, seed 7: the first position"
        ),
        "spider-bicycle-start.svg": p13.to_svg(
            bicycle_start, title="Bicycle rules, 2 suits, seed 7: six deals in the stock"
        ),
        "spider-unit-move.svg": p13.to_svg(
            spider.GameState.from_string(UNIT_MOVE),
            highlight="5:4>9",
            title="5:4>9: four hearts from pile 5 onto the Six of hearts",
        ),
        "spider-runs-removed.svg": p13.to_svg(
            spider.GameState.from_string(RUNS_REMOVED),
            highlight="9:3>2",
            title="Three runs removed; 9:3>2 would put 9-8-7 of spades on the Ten",
        ),
    }


def main() -> int:
    """Write every picture; print the ones that changed."""
    for name, svg in pictures().items():
        path = ASSETS / name
        if not path.exists() or path.read_text() != svg:
            path.write_text(svg)
            print(f"wrote {path.relative_to(ASSETS.parents[1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
