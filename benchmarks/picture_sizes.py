"""The size of `pyramid13.to_svg` pictures: Spider with one long pile, and Pyramid's presets.

Run: ``python benchmarks/picture_sizes.py``.

A Spider pile grows as cards are moved onto it; its picture fans the pile closer past a
length, so the picture keeps `MAX_HEIGHT` (600 pixels without a title). Each row draws what
a player would see of a Microsoft deal (seed 1) with pile 1 replaced by `cards` cards, `down`
of them face down (the face-up ones K-Q-J-...-A of spades, repeated), and gives the picture's
width and height in pixels at scale 1, the vertical offset between the pile's face-up cards,
and the time to draw it. Pyramid's pictures do not grow: one row per preset.
"""

from __future__ import annotations

import re
import time

import attrs

import pyramid13 as p13
from pyramid13 import spider
from pyramid13.spider._svg import MAX_HEIGHT


def long_pile(cards: int, down: int) -> spider.Observation:
    """What a player sees of a Microsoft deal with `cards` cards in pile 1, `down` face down."""
    rules = spider.RuleSet.preset("microsoft")
    seen = spider.GameState.new(spider.Layout.shuffled(1, rules), rules).observe()
    up = tuple(p13.Card.parse(f"{'KQJT98765432A'[i % 13]}S") for i in range(cards - down))
    return attrs.evolve(seen, piles=(spider.ObservedPile(down, up), *seen.piles[1:]))


def size(picture: str) -> tuple[str, str]:
    match = re.search(r'width="([\d.]+)" height="([\d.]+)"', picture)
    assert match is not None
    return match[1], match[2]


def main() -> None:
    print(f"Spider, one long pile (MAX_HEIGHT {MAX_HEIGHT}):")
    print("| cards in pile 1 | face down | width x height | face-up offset | draw (ms) |")
    print("|---:|---:|---:|---:|---:|")
    for cards in (6, 17, 30, 60, 104):
        for down in (0, 5):
            view = long_pile(cards, down)
            start = time.perf_counter()
            picture = p13.to_svg(view)
            elapsed = (time.perf_counter() - start) * 1000
            ys = [
                float(y)
                for y in re.findall(
                    r'data-place="pile" data-index="0" data-depth="\d+" data-card="\w+">'
                    r'<title>\w+</title><rect x="[\d.]+" y="([\d.]+)"',
                    picture,
                )
            ]
            step = f"{ys[1] - ys[0]:.1f}" if len(ys) > 1 else "-"
            width, height = size(picture)
            print(f"| {cards} | {down} | {width} x {height} | {step} | {elapsed:.2f} |")
    print()
    print("Pyramid, the first position of seed 1:")
    print("| preset | width x height |")
    print("|---|---:|")
    for name in p13.RuleSet.preset_names():
        state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset(name))
        width, height = size(p13.to_svg(state))
        print(f"| {name} | {width} x {height} |")


if __name__ == "__main__":
    main()
