"""``pyramid13 spider``: show, play (scripted), save and load, and the clear refusals."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

import pyramid13 as p13
from pyramid13 import spider
from pyramid13.cli import main
from pyramid13.cli._spider import board


def run(
    args: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    try:
        status = main(args)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return status, out, err


def test_show_a_pysolfc_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["spider", "show", "--preset", "pysolfc", "--pysolfc", "1"], capsys)
    state = spider.GameState.new(spider.Layout.from_pysolfc(1), spider.RuleSet.preset("pysolfc"))
    assert status == 0
    assert out.startswith("Spider: PySolFC game 1, pysolfc, 4 suit(s)\n")
    assert f"position code: {state.to_string()}" in out
    assert "moves: " + " ".join(map(str, state.legal_moves())) in out


def test_show_the_code_and_a_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["spider", "show", "--preset", "microsoft", "--suits", "2", "--seed", "7"]
    rules = spider.RuleSet.preset("microsoft", suits=2)
    state = spider.GameState.new(spider.Layout.shuffled(7, rules), rules)
    assert run([*args, "--code-only"], capsys)[1].strip() == state.to_string()
    picture = tmp_path / "table.svg"
    status, _, _ = run([*args, "--svg", str(picture), "--highlight", "deal"], capsys)
    assert status == 0
    assert picture.read_text().strip() == p13.to_svg(state, highlight="deal")


def test_scripted_play_with_undo_save_and_load(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    script = f"3:1>2\n2 4\n99\nd\nu\nsave {saved}\nq\n"
    args = ["spider", "play", "--preset", "microsoft", "--suits", "1", "--seed", "2024"]
    status, out, err = run(args, capsys, script)
    assert status == 0
    assert "played 3:1>2" in out
    assert "played 2:2>4" in out  # '2 4' moves the longest unit that fits
    assert "there is no move 99" in err
    assert "undid 1 move(s)" in out
    rules = spider.RuleSet.preset("microsoft", suits=1)
    expected = spider.GameState.new(spider.Layout.shuffled(2024, rules), rules)
    expected = expected.apply("3:1>2").apply("2:2>4")
    loaded = p13.load_game(saved)
    # A record keeps the moves; the point the undo cost in play is not part of them.
    assert loaded == expected
    assert loaded.history == expected.history
    assert json.loads(saved.read_text())["metadata"]["source"] == "seed 2024"
    # The saved game goes on where it stopped.
    status, out, _ = run(["spider", "play", str(saved)], capsys, "d\nq\n")
    assert status == 0
    assert out.startswith(f"Spider: {saved}, microsoft, 1 suit(s)")
    assert "played deal" in out


def test_board_marks_movable_cards_and_speaks_plain_ascii() -> None:
    state = spider.GameState.new(spider.Layout.from_pysolfc(1), spider.RuleSet.preset("pysolfc"))
    text = board(state, symbols=False, colour=False)
    assert "8H*" in text  # pile 1's top card can move
    assert "##" in text
    assert text.isascii()
    coloured = board(state, symbols=True, colour=True)
    assert "\033[" in coloured
    assert "8♥" in coloured


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["spider", "show", "--pysolfc", "3"], "use --preset pysolfc, relaxed or open"),
        (["spider", "solve", "--seed", "1"], "needs the Spider solver"),
        (["spider", "stats", "--player", "mybots:Bot"], "needs the Spider solver"),
        (["spider", "show", "--code", "nonsense"], "--code: "),
    ],
)
def test_clear_refusals(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    if ("solve" in args or "stats" in args) and hasattr(spider, "solve"):
        pytest.skip("the Spider solver is installed")
    status, _, err = run(args, capsys)
    assert status == 2
    assert message in err
    assert "Traceback" not in err


def test_pyramid_play_refuses_a_spider_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "spider.json"
    p13.save_game(spider.GameState.new(spider.Layout.shuffled(1)), saved)
    status, _, err = run(["play", str(saved)], capsys)
    assert status == 2
    assert "is a Spider game: play it with 'pyramid13 spider play'" in err
