"""Figures the documentation quotes in prose agree with the measured tables they come from.

The benchmark scripts write the tables (``benchmarks/results.md``, ``benchmarks/memory.md``);
a page that repeats one of their figures in a sentence is checked here against the table,
so that a new measurement cannot leave a stale sentence behind. Figures that depend only
on the code (a win count, a confidence interval) are recomputed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_tables import tables

import pyramid13 as p13

ROOT = Path(__file__).resolve().parent.parent


def _read(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def _rows(text: str, heading: str) -> list[dict[str, str]]:
    """The rows of the first Markdown table after the line `heading`, keyed by header."""
    found = tables(text, after=heading)
    assert found, f"no table after {heading!r}"
    return found[0]


def _seconds(cell: str) -> float:
    return float(cell.removesuffix(" s"))


def test_the_solver_page_quotes_the_measured_default_mode_times() -> None:
    rows = _rows(_read("benchmarks/results.md"), "## Solver speed and agreement with msc-1500")
    default = next(row for row in rows if row["mode"] == "default" and row["decks"] == "first 200")
    page = " ".join(_read("docs/explanation/solver.md").split())
    quoted = re.search(
        r"default mode takes on average ([0-9.]+) s per deal \(median ([0-9.]+) s", page
    )
    assert quoted, "docs/explanation/solver.md no longer quotes the default mode's times"
    assert float(quoted[1]) == _seconds(default["mean"])
    assert float(quoted[2]) == _seconds(default["median"])
    optimal = next(row for row in rows if row["mode"] == "optimal")
    quoted = re.search(r"and the optimal mode ([0-9.]+) s;", page)
    assert quoted, "docs/explanation/solver.md no longer quotes the optimal mode's time"
    assert float(quoted[1]) == _seconds(optimal["mean"])


def test_the_immutability_page_quotes_the_measured_engine_speed() -> None:
    rows = _rows(_read("benchmarks/results.md"), "## Engine speed")
    micros = [1e6 / float(row["moves/s"].replace(",", "")) for row in rows]
    page = " ".join(_read("docs/explanation/immutability.md").split())
    quoted = re.search(r"take from about ([0-9]+) to ([0-9]+) µs together", page)
    assert quoted, "docs/explanation/immutability.md no longer quotes the engine's speed"
    assert int(quoted[1]) == round(min(micros))
    assert int(quoted[2]) == round(max(micros))


def test_the_memory_paragraph_quotes_the_memory_table() -> None:
    rows = _rows(_read("benchmarks/memory.md"), _read("benchmarks/memory.md").splitlines()[0])
    limited = [row for row in rows if row["winnable"] == "None"]
    page = " ".join(_read("docs/explanation/solver.md").split())
    quoted = re.search(
        r"these searches took ([0-9]+) MB \(one waste pile, default mode\), ([0-9]+) MB "
        r"\(one waste pile, optimal mode\) and ([0-9]+) MB",
        page,
    )
    assert quoted, "docs/explanation/solver.md no longer quotes the memory table"
    peaks = {(row["preset"], row["mode"]): row["peak RSS"] for row in limited}
    assert f"{quoted[1]} MB" == peaks["`king-tut`", "default"]
    assert f"{quoted[2]} MB" == peaks["`king-tut`", "optimal"]
    assert f"{quoted[3]} MB" == peaks["`apophis`", "optimal"]


def test_the_learning_environments_page_finds_its_figures() -> None:
    page = _read("docs/how-to/learning-environments.md")
    assert "benchmarks/results.md" in page
    rows = _rows(_read("benchmarks/results.md"), "## Environment speed")
    assert {row["game"] for row in rows} >= {"pyramid microsoft", "spider pysolfc 4 suits"}
    assert all(row["illegal"] == "0" for row in rows)
    assert _rows(page, "## Speed") == rows  # the page's table is the benchmark's
    for row in rows:  # the ratio is the two rates'
        rate, engine = (float(row[key].replace(",", "")) for key in ("env.step/s", "engine/s"))
        assert row["env/engine"] == f"{rate / engine:.2f}"


def test_the_trained_agent_table_holds_the_greedy_bots_wins() -> None:
    page = _read("docs/how-to/learning-environments.md")
    rows = {row["player"]: row for row in _rows(page, "## A trained agent")}
    greedy = p13.win_rate("microsoft", range(200), "greedy", workers=1)
    quoted = rows["`GreedyBot` (from the observation)"]["held-out deals won (0 to 199)"]
    assert quoted == f"{greedy.wins} of 200 ({100 * greedy.rate:.1f} %)"


@pytest.mark.no_cover  # 200 deals solved, over code the other tests trace
def test_the_stats_sample_output_still_holds() -> None:
    page = _read("docs/how-to/command-line.md")
    line = next(line for line in page.splitlines() if line.startswith("microsoft rules, solver"))
    result = p13.win_rate("microsoft", range(200), workers=1)
    expected = (
        f"seeds 0..199: {result.wins} wins in 200 deals = {100 * result.rate:.1f} % "
        f"(95 % CI {100 * result.ci_low:.1f} .. {100 * result.ci_high:.1f} %), "
    )
    assert expected in line
    # The time is the page's measurement, wall clock on a shared machine; it must stay in
    # line with the solver's measured mean: 200 deals at twice the mean, on one core (the
    # command plays on every core), and a few seconds to start its worker processes.
    rows = _rows(_read("benchmarks/results.md"), "## Solver speed and agreement with msc-1500")
    default = next(row for row in rows if row["mode"] == "default" and row["decks"] == "first 200")
    seconds = float(line.rsplit(", ", 1)[1].removesuffix(" s"))
    assert seconds <= 2 * 200 * _seconds(default["mean"]) + 3, "the sample's time is stale"


def test_pysolfc_game_ids_are_named_alike_everywhere() -> None:
    # PySolFC's Spider is game 11 with 4 suits, 269 with 1 and 270 with 2.
    from pyramid13 import spider

    assert "(PySolFC's games 269, 270 and 11)" in " ".join(
        (spider.Layout.from_pysolfc.__doc__ or "").split()
    )
    page = " ".join(_read("docs/how-to/spider-rules-and-presets.md").split())
    assert "11, 269 and 270: 4, 1 and 2 suits" in page


def test_the_web_page_quotes_the_measured_move_and_view_times() -> None:
    bench = _read("benchmarks/web.md")
    moves = _rows(bench, "## A move along one game of 5,000 moves")
    views = {
        row["while"]: row
        for row in _rows(bench, "## Another game's view while a 4-suit Spider hint runs")
    }
    page = " ".join(_read("docs/how-to/web-ui.md").split())
    quoted = re.search(
        r"Moves 4,801 to 5,000 took ([0-9.]+) ms each to append, against ([0-9.]+) ms for "
        r"moves 1 to 200; rewriting the record took ([0-9.]+) ms, against ([0-9.]+) ms",
        page,
    )
    assert quoted, "docs/how-to/web-ui.md no longer quotes the move times"
    first, last = moves[0], moves[-1]
    assert (first["moves"], last["moves"]) == ("1-200", "4,801-5,000")
    assert quoted.groups() == (last["append"], first["append"], last["rewrite"], first["rewrite"])
    quoted = re.search(
        r"With the hint in a thread, the view took a median of ([0-9.]+) ms and up to "
        r"([0-9.]+) ms; with it in a worker process, ([0-9.]+) ms and at most ([0-9.]+) ms",
        page,
    )
    assert quoted, "docs/how-to/web-ui.md no longer quotes the view times beside a hint"
    thread = views["the same hint runs in a thread"]
    worker = views["a hint runs in a worker process"]
    expected = (thread["median"], thread["max"], worker["median"], worker["max"])
    assert quoted.groups() == expected
