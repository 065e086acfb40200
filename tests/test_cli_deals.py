"""The command line's winnable deals: ``deal`` prints the seed, the deal number and the
grade (with ``--json`` the certificate, which replays to a win), and ``play --winnable``,
``--difficulty``, ``--daily`` and ``--date`` start that deal."""

from __future__ import annotations

import argparse
import datetime
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import pyramid13 as p13
from pyramid13 import spider
from pyramid13.cli import main


def run(
    capsys: pytest.CaptureFixture[str], *args: str, stdin: str | None = None
) -> tuple[int, str, str]:
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    try:
        status = main(list(args))
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return status, out, err


def test_deal_prints_the_seed_the_number_and_the_grade(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--seed", "3", "--preset", "microsoft")
    deal = p13.winnable_deal("microsoft", 3)
    assert status == 0
    assert f"seed 3: deal number {deal.number}, {deal.difficulty}" in out
    assert f"a winning line of {len(deal.solution)} moves" in out
    assert f"pyramid13 play --seed {deal.number} --preset microsoft" in out


def test_deal_json_carries_a_certificate_that_wins(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "deal", "--seed", "4", "--preset", "microsoft", "--difficulty", "hard", "--json"
    )
    assert status == 0
    data = json.loads(out)
    assert data["difficulty"] == "hard"
    assert data["seed"] == 4
    state = p13.GameState.new(p13.Layout.parse(data["layout"]), p13.RuleSet.preset("microsoft"))
    for text in data["solution"]:
        state = state.apply(text)
    assert state.status is p13.Status.WON


def test_spider_deal_and_the_daily_date(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "spider", "deal", "--date", "2026-12-01", "--suits", "1", "--json")
    rules = spider.RuleSet.preset("bicycle", suits=1)
    expected = spider.winnable_deal(rules, date=datetime.date(2026, 12, 1))
    assert status == 0
    data = json.loads(out)
    assert (data["seed"], data["number"], data["date"]) == (20261201, expected.number, "2026-12-01")


def test_play_winnable_starts_the_deal(capsys: pytest.CaptureFixture[str]) -> None:
    deal = p13.winnable_deal("microsoft", 5, difficulty="easy")
    moves = "\n".join(map(str, deal.solution))
    status, out, _ = run(
        capsys,
        *("play", "--winnable", "--seed", "5", "--difficulty", "easy", "--preset", "microsoft"),
        stdin=moves + "\n",
    )
    assert status == 0
    assert f"deal number {deal.number}, easy" in out
    assert "You won!" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "--winnable", "--layout", "KC"), "--layout and a winnable deal go apart"),
        (("deal", "--daily", "--date", "2026-01-01"), "--daily and --date go apart"),
        (("deal", "--seed", "1", "--date", "2026-01-01"), "--seed and a daily deal go apart"),
        (("deal", "--date", "2026-13-01"), "expected a date YYYY-MM-DD"),
        (("deal", "--seed", str(2**64)), "at most 2**64-1"),
        (("deal", "--difficulty", "extreme"), "invalid choice"),
    ],
)
def test_bad_deal_options_are_refused(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    status, _, err = run(capsys, *args)
    assert status == 2
    assert message in err


def test_new_in_a_winnable_session_deals_a_winnable_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deal = p13.winnable_deal("microsoft", 9, difficulty="hard")
    status, out, _ = run(
        capsys,
        *("play", "--winnable", "--seed", "5", "--difficulty", "hard", "--preset", "microsoft"),
        stdin="new 9\nq\n",
    )
    assert status == 0
    assert f"winnable deal of seed 9: deal number {deal.number}, hard" in out


# -- a server's key, from a file ------------------------------------------------------------


def test_deal_with_a_key_file_gives_the_keyed_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    key_file = tmp_path / "deal.key"
    key_file.write_bytes(b"\x00secret bytes\n")  # taken exactly, the newline included
    args = ("deal", "--date", "2026-12-01", "--preset", "microsoft", "--key-file", str(key_file))
    status, out, _ = run(capsys, *args, "--json")
    expected = p13.winnable_deal(
        "microsoft", date=datetime.date(2026, 12, 1), key=key_file.read_bytes()
    )
    assert status == 0
    data = json.loads(out)
    assert (data["number"], data["keyed"]) == (expected.number, True)
    assert data["number"] != p13.winnable_deal("microsoft", date=expected.date).number
    status, out, _ = run(capsys, *args)
    assert f"winnable deal of seed 20261201 with the key: deal number {expected.number}" in out
    # play deals the same game, and so does 'new SEED' with the key
    seeded = p13.winnable_deal("microsoft", 7, key=key_file.read_bytes())
    status, out, _ = run(
        capsys,
        *("play", "--date", "2026-12-01", "--preset", "microsoft", "--key-file", str(key_file)),
        stdin="new 7\nq\n",
    )
    assert status == 0
    assert f"deal number {expected.number}" in out
    assert f"winnable deal of seed 7 with the key: deal number {seeded.number}" in out


def test_bad_key_files_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    empty = tmp_path / "empty.key"
    empty.write_bytes(b"")
    large = tmp_path / "large.key"
    large.write_bytes(b"k" * 4097)
    for path, message in [
        (empty, "is empty: a key needs bytes"),
        (large, "holds more than 4,096 bytes"),
        (tmp_path / "missing.key", "cannot read"),
        (tmp_path, "cannot read"),
    ]:
        status, _, err = run(capsys, "deal", "--daily", "--key-file", str(path))
        assert status == 2
        assert f"--key-file: {path}" in err or "--key-file: cannot read" in err
        assert message in err
    status, _, err = run(capsys, "deal", "--daily", "--key-file", "a\0b")
    assert status == 2
    assert "NUL" in err


def test_a_grade_the_rules_cannot_give_is_refused_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(
        capsys, "spider", "deal", "--preset", "open", "--difficulty", "hard", "--seed", "1"
    )
    assert (status, out) == (2, "")
    assert "these rules cannot give a 'hard' deal" in err


def test_the_search_shows_a_bar_on_a_terminal_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("tqdm")
    from pyramid13.cli import _deal

    args = argparse.Namespace(no_progress=False)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert _deal.show_progress(args)
    assert not _deal.show_progress(argparse.Namespace(no_progress=True))
    from pyramid13.pyramid import _deals as pyramid_deals

    seen: list[bool] = []
    real = pyramid_deals.find_winnable  # type: ignore[attr-defined]

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs["progress"])
        return real(*args, **kwargs)

    monkeypatch.setattr(pyramid_deals, "find_winnable", spy)
    assert run(capsys, "deal", "--seed", "3", "--preset", "microsoft")[0] == 0
    assert run(capsys, "deal", "--seed", "3", "--preset", "microsoft", "--no-progress")[0] == 0
    assert seen == [True, False]
