"""``benchmarks/deal-grades.md`` agrees with itself and with the code: each rate and Wilson
interval is recomputed from its wins and deals, the verdicts ("easy clearly ahead of
hard") follow from the rows, and the grade tables the page was measured with are the
code's."""

from __future__ import annotations

import re
from pathlib import Path

from markdown_tables import tables

import pyramid13 as p13
from pyramid13.pyramid import _deals as pyramid_deals
from pyramid13.spider import _deals as spider_deals

PAGE = Path(__file__).resolve().parents[1] / "benchmarks" / "deal-grades.md"


def _rates() -> list[list[dict[str, str]]]:
    """Each table of wins per grade, in page order."""
    return [t for t in tables(PAGE.read_text()) if t and "grade" in t[0] and "rate" in t[0]]


def _verdicts() -> list[list[dict[str, str]]]:
    """Each table of verdicts, in page order: the n-th reads the n-th table of wins."""
    return [t for t in tables(PAGE.read_text()) if t and "easy clearly ahead" in t[0]]


def test_each_rate_and_interval_is_its_wins_over_its_deals() -> None:
    rows = [row for table in _rates() for row in table]
    assert rows
    for row in rows:
        wins, deals = int(row["wins"]), int(row["deals"])
        assert deals >= 50, row  # the page's rows are samples, not a handful of games
        assert row["rate"] == f"{100 * wins / deals:.1f} %"
        low, high = p13.wilson_interval(wins, deals)
        assert row["95 % CI"] == f"{100 * low:.1f} .. {100 * high:.1f} %"


def test_the_verdicts_follow_from_the_rows() -> None:
    rates, verdict_tables = _rates(), _verdicts()
    assert len(rates) == len(verdict_tables) >= 2  # every preset at 200, apophis at 1,000
    for rate_table, verdicts in zip(rates, verdict_tables, strict=True):
        _check_verdicts(rate_table, verdicts)


def _check_verdicts(rate_table: list[dict[str, str]], verdicts: list[dict[str, str]]) -> None:
    rows = {(r["rules"], r["player"], r["grade"]): r for r in rate_table}
    assert {(v["rules"], v["player"]) for v in verdicts} == {(r, p) for r, p, _ in rows}
    for verdict in verdicts:
        easy = rows[verdict["rules"], verdict["player"], "easy"]
        hard = rows[verdict["rules"], verdict["player"], "hard"]
        assert verdict["easy won"] == f"{easy['wins']} of {easy['deals']}"
        assert verdict["hard won"] == f"{hard['wins']} of {hard['deals']}"
        ahead = (
            p13.wilson_interval(int(easy["wins"]), int(easy["deals"]))[0]
            > p13.wilson_interval(int(hard["wins"]), int(hard["deals"]))[1]
        )
        assert verdict["easy clearly ahead"] == ("yes" if ahead else "no")


def test_the_page_was_measured_with_the_codes_grade_tables() -> None:
    text = PAGE.read_text()
    for name, (easy, medium) in pyramid_deals.GRADES.items():
        assert re.search(rf"\| `{name}` \| {easy:,} \| {medium:,} \|", text), name
    spider_rows = next(t for t in tables(text) if t and "Spider suits" in t[0])
    assert {row["Spider suits"] for row in spider_rows} == {"1", "2", "4"}
    for row in spider_rows:
        easy, medium = spider_deals.GRADES[int(row["Spider suits"])]
        assert row["easy: score at most"] == f"{easy:,}", row
        assert row["medium: score at most"] == f"{medium:,}", row


def test_without_a_pass_limit_one_pass_returns_to_the_start_with_every_card_seen() -> None:
    """The page's reason why no `cardems` or `cardgames` grade can be harder for the best
    honest player: drawing through the stock once and recycling gives the starting
    position back, the stock's order now known."""
    for preset in ("cardems", "cardgames"):
        rules = p13.RuleSet.preset(preset)
        assert rules.passes is None
        assert rules.draw_count == 1
        assert rules.waste_piles == 1
        for seed in range(20):
            start = p13.GameState.new(p13.Layout.shuffled(seed), rules)
            assert start.observe().unseen
            state = start
            while p13.Move.DRAW in state.legal_moves():
                state = state.apply(p13.Move.DRAW)
            state = state.apply(p13.Move.RECYCLE)
            seen = state.observe()
            assert seen.unseen == ()
            assert seen.stock == start.stock
            assert state.layout == start.layout
            assert seen.pyramid == start.observe().pyramid
            assert seen.legal_moves() == start.observe().legal_moves()
