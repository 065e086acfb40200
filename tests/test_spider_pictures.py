"""The pictures of the documentation are what tools/make_pictures.py draws, and the
Spider ones show what their captions say."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from pyramid13 import spider

ROOT = Path(__file__).resolve().parents[1]


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_pictures", ROOT / "tools" / "make_pictures.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PICTURES = tool().pictures()


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_checked_in_picture_is_up_to_date(name: str) -> None:
    path = ROOT / "docs" / "assets" / name
    assert path.read_text() == PICTURES[name], "run python tools/make_pictures.py"


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_picture_is_used_by_a_page(name: str) -> None:
    pages = "".join(page.read_text() for page in (ROOT / "docs").rglob("*.md"))
    assert f"assets/{name}" in pages


def test_captions_tell_the_truth() -> None:
    module = tool()
    unit = spider.GameState.from_string(module.UNIT_MOVE)
    move = spider.Move.parse("5:4>9")
    assert unit.is_legal(move)
    moved = unit.piles[4].face_up[-4:]
    assert [str(card) for card in moved] == ["5H", "4H", "3H", "2H"]
    assert str(unit.piles[8].top) == "6H"
    played = unit.apply(move)
    assert played.is_legal(spider.Move.parse("5:1>10"))
    assert str(played.piles[4].top) == "6S"
    assert str(played.piles[9].top) == "7H"
    runs = spider.GameState.from_string(module.RUNS_REMOVED)
    assert len(runs.runs_removed) == 3
    assert runs.deals_left == 2
    assert runs.is_legal(spider.Move.parse("9:3>2"))
    assert [str(card) for card in runs.piles[8].face_up[-3:]] == ["9S", "8S", "7S"]
    assert str(runs.piles[1].top) == "TS"


def test_a_picture_shows_eight_places_for_runs() -> None:
    svg = PICTURES["spider-runs-removed.svg"]
    kings = re.findall(r'class="card face-up spades" data-place="removed" data-run="\d"', svg)
    assert len(kings) == 3  # the three removed runs
    # Five dotted places wait for runs, a dashed one marks the empty pile 1.
    assert svg.count('class="empty removed"') == 5
    assert svg.count('class="empty pile"') == 1
    assert "runs removed: 3 of 8" in svg
