"""Calibrate the grade tables of `winnable_deal` (``GRADES`` in ``pyramid13/pyramid/_deals.py``
and ``pyramid13/spider/_deals.py``) on deals that the tests never use.

Layer: a tool (outside the package). For each preset (Pyramid) or suit count (Spider, the
`pysolfc` preset), it solves the candidates of calibration seeds (``2**40 + k``, a range no
test or example uses) exactly as `winnable_deal` does, keeps the winnable ones, and prints
the thresholds that split them into thirds:

``easy`` and ``medium`` are the scores seen (``pyramid13.pyramid._deals.score``,
``pyramid13.spider._deals.score``) that bring the shares of easy, and of easy or medium,
closest to one and two thirds; ties can leave the thirds uneven, never a grade empty.

Copy the printed rows into the tables. ``python tools/calibrate_deal_grades.py pyramid
--deals 200`` (every preset) or ``... spider --deals 60 --suits 1 2 4``.

``--shares E M`` asks for other shares than thirds: E of the deals easy, M easy or
medium.

``--from FILE`` reads the scores instead from a file of ``benchmarks/deal_grades.py
collect``, whose deals (the first winnable deal of each of the seeds ``3_000_000, ...``) are
no test's either: each rule set's first ``--deals`` deals by seed calibrate, and
``benchmarks/deal_grades.py --skip`` leaves the same deals out of the table it measures.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

import pyramid13 as p13
from pyramid13 import spider
from pyramid13._base.deals import candidate_numbers
from pyramid13._base.games import get_game
from pyramid13.pyramid import _deals as pyramid_deals
from pyramid13.spider import _deals as spider_deals

__all__ = ["main", "pyramid_row", "rows_from", "spider_row"]

CALIBRATION_SEED = 1 << 40


def _quantile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * share) - 1)]


def _thirds(values: list[int], shares: tuple[float, float] = (1 / 3, 2 / 3)) -> tuple[int, int]:
    """The thresholds that bring the shares of easy and of easy or medium closest to
    `shares` (one and two thirds by default), among the scores seen (ties can leave the
    shares uneven); hard and medium are never left empty while the scores differ."""
    distinct = sorted(set(values))
    count = len(values)

    def share(limit: int) -> float:
        return sum(value <= limit for value in values) / count

    below_top = distinct[:-1] or distinct  # a score above medium: hard is not empty
    easy = min(below_top[:-1] or below_top, key=lambda limit: abs(share(limit) - shares[0]))
    above = [limit for limit in below_top if limit > easy] or [easy]  # medium is not empty
    medium = min(above, key=lambda limit: abs(share(limit) - shares[1]))
    return easy, medium


def _shares(values: list[int], row: tuple[int, int]) -> str:
    easy = sum(value <= row[0] for value in values)
    medium = sum(row[0] < value <= row[1] for value in values)
    return f"easy {easy}, medium {medium}, hard {len(values) - easy - medium}"


def _row(game: str, rules: Any, deals: int) -> tuple[tuple[int, int], str, int]:
    """The thresholds of `rules` from `deals` winnable deals of `game` (dealt and solved
    as its `winnable_deal` does), the grades' counts, and the candidates solved."""
    entry = get_game(game)
    module = spider_deals if game == "spider" else pyramid_deals
    scores: list[int] = []
    tried = 0
    numbers = iter(candidate_numbers(CALIBRATION_SEED, 1_000_000))
    while len(scores) < deals:
        tried += 1
        start = entry.deal(next(numbers), rules)
        result = entry.solve(start, node_limit=module.SOLVE_NODE_LIMIT)
        if result.winnable:
            scores.append(module.score(start, result))
    row = _thirds(scores)
    return row, _shares(scores, row), tried


def pyramid_row(preset: str, deals: int) -> tuple[tuple[int, int], str, int]:
    """The thresholds of `preset` from `deals` winnable deals, the grades' counts, and
    the candidates solved."""
    return _row("pyramid", p13.RuleSet.preset(preset), deals)


def spider_row(suits: int, deals: int) -> tuple[tuple[int, int], str, int]:
    """The thresholds of `suits` (the `pysolfc` preset), the grades' counts, and the
    candidates solved."""
    return _row("spider", spider.RuleSet.preset("pysolfc", suits=suits), deals)


def rows_from(
    path: Path, deals: int, shares: tuple[float, float] = (1 / 3, 2 / 3)
) -> list[tuple[str, tuple[int, int], str]]:
    """The thresholds of every rule set of a ``deal_grades.py collect`` file, from its
    first `deals` deals by seed, for the `shares` of easy and of easy or medium: (rule
    set, row, the grades' counts)."""
    scores: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            scores[record["label"]].append((record["seed"], record["score"]))
    rows = []
    for label, pairs in scores.items():
        values = [score for _, score in sorted(pairs)[:deals]]
        row = _thirds(values, shares)
        rows.append((label, row, _shares(values, row)))
    return rows


def main(argv: list[str] | None = None) -> None:
    """Print the rows of the asked game's grade table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["pyramid", "spider"])
    parser.add_argument("--deals", type=int, default=200, help="winnable deals per row")
    parser.add_argument("--presets", nargs="*", default=list(p13.RuleSet.preset_names()))
    parser.add_argument("--suits", nargs="*", type=int, default=[1, 2, 4])
    parser.add_argument("--from", dest="source", type=Path, help="a deal_grades.py collect file")
    parser.add_argument(
        "--shares",
        nargs=2,
        type=float,
        default=[1 / 3, 2 / 3],
        help="the shares of easy, and of easy or medium (default: thirds)",
    )
    args = parser.parse_args(argv)
    if args.source is not None:
        wanted = (args.shares[0], args.shares[1])
        for label, row, shares in rows_from(args.source, args.deals, wanted):
            print(f"    {label!r}: {row},  # first {args.deals} deals: {shares}")
        return
    if args.game == "pyramid":
        for preset in args.presets:
            row, shares, tried = pyramid_row(preset, args.deals)
            print(f'    "{preset}": {row},  # {args.deals} winnable of {tried}: {shares}')
    else:
        for suits in args.suits:
            srow, shares, tried = spider_row(suits, args.deals)
            print(f"    {suits}: {srow},  # {args.deals} winnable of {tried}: {shares}")


if __name__ == "__main__":
    main()
