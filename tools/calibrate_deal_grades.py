"""Calibrate the grade tables of `winnable_deal` (``GRADES`` in ``pyramid13/pyramid/_deals.py``
and ``pyramid13/spider/_deals.py``) on deals that the tests never use.

Layer: a tool (outside the package). For each preset (Pyramid) or suit count (Spider, the
`pysolfc` preset), it solves the candidates of calibration seeds (``2**40 + k``, a range no
test or example uses) exactly as `winnable_deal` does, keeps the winnable ones, and prints
the thresholds that split them into thirds:

``easy`` and ``medium`` are the first and second tertiles of the deals' difficulty score
(Pyramid: ``pyramid13.pyramid._deals.score``; Spider: the solver's effort), moved down
to the next score seen where ties would leave a grade empty.

Copy the printed rows into the tables. ``python tools/calibrate_deal_grades.py pyramid
--deals 200`` (every preset) or ``... spider --deals 60 --suits 1 2 4``.
"""

from __future__ import annotations

import argparse
import math

import pyramid13 as p13
from pyramid13 import spider
from pyramid13._base.deals import candidate_numbers, solver_effort
from pyramid13.pyramid import _deals as pyramid_deals
from pyramid13.spider import _deals as spider_deals

__all__ = ["main", "pyramid_row", "spider_row"]

CALIBRATION_SEED = 1 << 40


def _quantile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * share) - 1)]


def _thirds(values: list[int]) -> tuple[int, int]:
    """The first and second tertiles, moved where ties would leave a grade empty: medium
    below the highest score (hard is never empty), easy below medium."""
    easy, medium = _quantile(values, 1 / 3), _quantile(values, 2 / 3)
    top = max(values)
    if medium >= top:
        medium = max((value for value in values if value < top), default=medium)
    if easy >= medium:
        easy = max((value for value in values if value < medium), default=easy)
    return easy, medium


def pyramid_row(preset: str, deals: int) -> tuple[tuple[int, int], int, int]:
    """The thresholds of `preset` from `deals` winnable deals, the deals the greedy bot
    lost, and the candidates solved."""
    rules = p13.RuleSet.preset(preset)
    scores: list[int] = []
    tried = 0
    numbers = iter(candidate_numbers(CALIBRATION_SEED, 1_000_000))
    while len(scores) < deals:
        tried += 1
        start = p13.GameState.new(p13.Layout.shuffled(next(numbers)), rules)
        result = p13.solve(start, node_limit=pyramid_deals.SOLVE_NODE_LIMIT)
        if result.winnable:
            scores.append(pyramid_deals.score(start, result))
    return _thirds(scores), sum(value >= 1000 for value in scores), tried


def spider_row(suits: int, deals: int) -> tuple[tuple[int, int], int]:
    """The thresholds of `suits` (the `pysolfc` preset) and the candidates solved."""
    rules = spider.RuleSet.preset("pysolfc", suits=suits)
    efforts: list[int] = []
    tried = 0
    numbers = iter(candidate_numbers(CALIBRATION_SEED, 1_000_000))
    while len(efforts) < deals:
        tried += 1
        start = spider.GameState.new(spider.Layout.shuffled(next(numbers), rules), rules)
        result = spider.solve(start, node_limit=spider_deals.SOLVE_NODE_LIMIT)
        if result.winnable:
            efforts.append(solver_effort(result))
    return _thirds(efforts), tried


def main(argv: list[str] | None = None) -> None:
    """Print the rows of the asked game's grade table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["pyramid", "spider"])
    parser.add_argument("--deals", type=int, default=200, help="winnable deals per row")
    parser.add_argument("--presets", nargs="*", default=list(p13.RuleSet.preset_names()))
    parser.add_argument("--suits", nargs="*", type=int, default=[1, 2, 4])
    args = parser.parse_args(argv)
    if args.game == "pyramid":
        for preset in args.presets:
            row, lost, tried = pyramid_row(preset, args.deals)
            print(f'    "{preset}": {row},  # {args.deals} winnable of {tried}, greedy lost {lost}')
    else:
        for suits in args.suits:
            srow, tried = spider_row(suits, args.deals)
            print(f"    {suits}: {srow},  # {args.deals} winnable of {tried}")


if __name__ == "__main__":
    main()
