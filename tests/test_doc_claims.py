"""Sentences of the documentation that count, list or quote what the code ships: each is
checked against the code (or the measured table it quotes), so that a new bot, a new name
or a new measurement cannot leave a false sentence behind."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest
from markdown_tables import tables

import pyramid13 as p13
from pyramid13 import pyramid, spider

ROOT = Path(__file__).resolve().parents[1]
NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def _text(path: str) -> str:
    """The file's text with its lines joined, so that a sentence reads as one line."""
    return " ".join((ROOT / path).read_text(encoding="utf-8").split())


def _names(text: str) -> set[str]:
    return set(re.findall(r"`([\w.]+)`", text))


def test_the_readme_names_the_pyramid_names_without_a_spider_twin() -> None:
    readme = _text("README.md")
    found = re.search(r"what is Pyramid's alone has no Spider twin: (.*?) \(Spider's", readme)
    assert found, "README.md no longer says which Pyramid names have no Spider twin"
    assert _names(found[1]) == set(pyramid.__all__) - set(spider.__all__)
    assert "`spider.solver.DEFAULT_NODE_LIMIT`" in readme
    assert spider.solver.DEFAULT_NODE_LIMIT != pyramid.DEFAULT_NODE_LIMIT


def test_the_readme_names_the_spider_hinter() -> None:
    # Spider has its Hinter, and the top-level one serves it.
    readme = _text("README.md")
    twins = re.search(r"the same immutable, typed API for the game itself \((.*?)\)", readme)
    assert twins
    for name in _names(twins[1]):
        assert name in spider.__all__, name
    assert "Hinter" in _names(twins[1])


def test_the_first_bot_tutorial_counts_the_shipped_bots() -> None:
    page = _text("docs/tutorials/first-bot.md")
    found = re.search(r"The library ships (\w+) bots \((.*?)\)", page)
    assert found, "first-bot.md no longer counts the shipped bots"
    shipped = {bot.__name__ for bot in p13.get_game("pyramid").bots.values()}
    assert NUMBERS[found[1]] == len(shipped)
    assert _names(found[2]) == shipped
    assert all(getattr(p13, name) is getattr(pyramid, name) for name in shipped - {"SolverBot"})


def test_the_spider_honest_play_page_lists_every_shipped_honest_bot() -> None:
    page = _text("docs/how-to/spider-honest-play.md")
    found = re.search(r"the shipped bots' \((.*?)\) honest without undo", page)
    assert found
    bots = p13.get_game("spider").bots
    assert _names(found[1]) == set(bots)
    assert all(bot().honest for bot in bots.values())


def _solver_rates() -> dict[str, str]:
    text = (ROOT / "benchmarks" / "preset-rates.md").read_text(encoding="utf-8")
    rows = tables(text)[0]
    return {row["preset"].strip("`"): row["rate"] for row in rows if row["player"] == "solver"}


def test_the_winnable_deals_page_quotes_the_measured_rates() -> None:
    rates = _solver_rates()
    page = _text("docs/how-to/winnable-deals.md")
    found = re.search(
        r"Under `(\S+)` and `(\S+)` only about one deal in (\d+) \(([\d.]+ %)\), "
        r"and one in (\d+) \(([\d.]+ %)\), is winnable",
        page,
    )
    assert found, "winnable-deals.md no longer quotes the two presets' rates"
    presets = found[1], found[2]
    assert presets == pyramid._deals.CATALOGUED
    for preset, one_in, rate in (
        (presets[0], *found.group(3, 4)),
        (presets[1], *found.group(5, 6)),
    ):
        assert rate == rates[preset], preset
        assert int(one_in) == round(100 / float(rate.removesuffix(" %"))), preset
    later = re.search(r"in `classic`, about one deal in (\d+) is", page)
    assert later
    assert later[1] == found[3]


def test_the_catalogue_docstring_quotes_the_measured_rates() -> None:
    rates = _solver_rates()
    source = _text("src/pyramid13/pyramid/_deals.py")
    found = re.search(
        r"only about one deal in (\d+) \((\S+), ([\d.]+ %)\) or (\d+) \((\S+), ([\d.]+ %)\)",
        source,
    )
    assert found, "the CATALOGUED docstring no longer quotes the rates"
    for one_in, preset, rate in (found.group(1, 2, 3), found.group(4, 5, 6)):
        assert preset in pyramid._deals.CATALOGUED
        assert rate == rates[preset]
        assert int(one_in) == round(100 / float(rate.removesuffix(" %")))


def _public_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(p13.__path__, "pyramid13."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return names


def test_the_reference_index_names_every_namespace_beyond_the_top_level() -> None:
    # A public module whose names are neither top-level names nor those of a module the
    # index names must be named there: users would not know where to import them from.
    index = _text("docs/reference/index.md")
    assert "one flat namespace" not in index
    modules = {}
    for name in _public_modules():
        try:
            modules[name] = importlib.import_module(name)
        except ModuleNotFoundError as error:  # the rl extra
            pytest.skip(f"{name} needs {error.name}")
    known = {id(getattr(p13, name)) for name in p13.__all__}
    for name, module in modules.items():
        if f"`{name}`" in index:
            known |= {id(getattr(module, item)) for item in getattr(module, "__all__", ())}
    for name, module in modules.items():
        own = [
            item
            for item in getattr(module, "__all__", ())
            if id(getattr(module, item)) not in known
        ]
        assert not own, f"reference/index.md does not say where {own} live ({name})"


def test_the_readme_names_every_player_win_rate_takes() -> None:
    readme = _text("README.md")
    found = re.search(r'`"solver"` and Pyramid\'s (.*?), Spider\'s (.*?)\. Check', readme)
    assert found, "README.md no longer lists the players by name"
    for game, listed in (("pyramid", found[1]), ("spider", found[2])):
        names = set(re.findall(r'`"([\w-]+)"`', listed))
        assert names == set(p13.get_game(game).bots) - {"solver"}, game
        for name in names:  # win_rate takes each name
            assert p13.win_rate(_rules(game), range(0), name, workers=1).player == name


def _rules(game: str) -> object:
    if game == "spider":
        return spider.RuleSet.preset("microsoft", suits=1)
    return p13.RuleSet.preset("microsoft")


RATE_PAGES = [
    "docs/explanation/win-rates.md",
    "docs/explanation/solver.md",
    "docs/how-to/winnable-deals.md",
]


@pytest.mark.parametrize("page", RATE_PAGES)
def test_every_rate_quoted_in_prose_is_a_measured_one(page: str) -> None:
    # The pages that discuss the measured win rates quote them in sentences: each such
    # figure must be one of the measured tables' (a rate, or a published figure beside it).
    measured: set[str] = set()
    for table in ("preset-rates.md", "published-rates.md"):
        text = (ROOT / "benchmarks" / table).read_text(encoding="utf-8")
        for row in tables(text)[0]:
            measured |= {row["rate"], row.get("published", "")}
    text = (ROOT / page).read_text(encoding="utf-8")
    prose = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    prose = "\n".join(line for line in prose.splitlines() if not line.startswith("|"))
    quoted = re.findall(r"(?<![\d.])(\d+\.\d\d %)", " ".join(prose.split()))
    assert quoted, f"{page} quotes no rate"
    stale = sorted(set(quoted) - measured)
    assert not stale, f"{page}: rates in no measured table: {stale}"
