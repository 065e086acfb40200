"""The win-rate tables on the Spider pages add up: each rate and interval is the one its
counts give, and each thoughtful row's won, lost and undecided deals are all its deals."""

from __future__ import annotations

from pathlib import Path

import pytest
from markdown_tables import tables

import pyramid13 as p13

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["benchmarks/spider-solver.md", "docs/explanation/spider-solver.md"]


def _tables(text: str) -> list[list[dict[str, str]]]:
    """Every Markdown table of `text` that has a rate column, as rows keyed by header."""
    return [table for table in tables(text) if table and "rate" in table[0]]


def _count(cell: str) -> int:
    return int(cell.replace(",", ""))


@pytest.mark.parametrize("page", PAGES)
def test_every_rate_and_interval_is_the_one_its_counts_give(page: str) -> None:
    tables = _tables((ROOT / page).read_text())
    assert len(tables) >= 2, "the honest and the thoughtful tables"
    for rows in tables:
        for row in rows:
            deals = _count(row["deals"])
            wins = _count(row["wins"] if "wins" in row else row["won"])
            low, high = p13.wilson_interval(wins, deals)
            assert row["rate"] == f"{100 * wins / deals:.1f} %", row
            assert row["95 % CI"] == f"{100 * low:.1f} .. {100 * high:.1f} %", row
            if "undecided" in row:
                lost, undecided = _count(row["lost"]), _count(row["undecided"])
                assert wins + lost + undecided == deals, row
                seeds = [] if row["undecided seeds"] == "—" else row["undecided seeds"].split()
                assert len(seeds) == undecided, row


def test_both_pages_show_the_same_rows() -> None:
    benchmark, explanation = (
        sorted(tuple(row.items()) for table in _tables((ROOT / page).read_text()) for row in table)
        for page in PAGES
    )
    assert benchmark == explanation
