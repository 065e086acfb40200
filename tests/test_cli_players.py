"""``stats --player MODULE:CLASS`` for both games: your own bot, imported and checked, and
one line with status 2 for every way the name can be wrong."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from bot_runs import count

import pyramid13 as p13
from pyramid13 import spider
from pyramid13.cli import main

BOTS = '''\
"""Bots for the command line's tests."""


class FirstMove:
    honest = True

    def choose(self, view):
        return view.legal_moves()[0]


class Seeded:
    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, state):
        moves = state.legal_moves()
        return moves[self.seed % len(moves)]


class NoChoose:
    pass


class Refuses:
    def __init__(self):
        raise RuntimeError("no bot today")


class NeedsDepth:
    def __init__(self, depth):
        self.depth = depth

    def choose(self, state):
        return state.legal_moves()[0]


class RaisesInPlay:
    def choose(self, state):
        raise ValueError("boom")


def factory():
    return FirstMove()


NOT_A_CLASS = 3
'''

BROKEN = {
    "brokenbots": "import a_module_nobody_wrote_xyz\n",
    "syntaxbots": "def (:\n",
    "exitbots": "raise SystemExit(3)\n",
}
MODULES = ("userbots", "filebots", "json", *BROKEN)


class FirstMove:
    """The same as userbots.FirstMove, to count its wins here."""

    honest = True

    def choose(self, view: p13.Observation) -> p13.Move:
        return view.legal_moves()[0]


class Seeded:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: p13.GameState) -> p13.Move:
        moves = state.legal_moves()
        return moves[self.seed % len(moves)]


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path with ``userbots.py`` and broken modules; gone afterwards."""
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "userbots.py").write_text(BOTS)
    for name, text in BROKEN.items():
        (folder / f"{name}.py").write_text(text)
    monkeypatch.syspath_prepend(str(folder))
    modules = {name: sys.modules.get(name) for name in MODULES}
    yield folder
    for name, module in modules.items():
        if module is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = module


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    try:
        status = main(list(args))
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return status, out, err


GAMES: dict[str, tuple[list[str], p13.RuleSet | spider.RuleSet]] = {
    "pyramid": (["stats", "--preset", "classic"], p13.RuleSet.preset("classic")),
    "spider": (
        ["spider", "stats", "--preset", "relaxed", "--suits", "1"],
        spider.RuleSet.preset("relaxed", suits=1),
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_your_own_honest_bot(capsys: pytest.CaptureFixture[str], bots: Path, game: str) -> None:
    command, rules = GAMES[game]
    args = [*command, "--deals", "4", "--workers", "1", "--player", "userbots:FirstMove"]
    status, out, err = run(capsys, *args, "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    wins, undecided = count(rules, range(4), FirstMove())
    assert (data["deals"], data["wins"], data["unknown"]) == (4, wins, undecided)
    assert (data["player"], data["play"]) == ("userbots:FirstMove", "honest, no undo")
    status, out, _ = run(capsys, *args)
    assert "userbots:FirstMove player (honest, no undo: it sees only what a player sees)" in out


@pytest.mark.parametrize("seed", [1, 2])
def test_a_bot_with_a_seed_parameter_gets_the_bot_seed(
    capsys: pytest.CaptureFixture[str], bots: Path, seed: int
) -> None:
    args = ["stats", "--preset", "microsoft", "--deals", "5", "--workers", "1", "--json"]
    status, out, _ = run(capsys, *args, "--player", "userbots:Seeded", "--bot-seed", str(seed))
    assert status == 0
    data = json.loads(out)
    wins, undecided = count(p13.RuleSet.preset("microsoft"), range(5), Seeded(seed))
    assert (data["wins"], data["unknown"]) == (wins, undecided)
    assert data["play"] == "thoughtful"  # it does not declare itself honest: it sees the state


def test_the_two_seeds_play_differently() -> None:
    # So that the test above tells the seeds apart.
    rules = p13.RuleSet.preset("microsoft")
    state = p13.GameState.new(p13.Layout.shuffled(0), rules)
    assert Seeded(1).choose(state) != Seeded(2).choose(state)


def test_a_bot_from_a_file_on_worker_processes(
    capsys: pytest.CaptureFixture[str], bots: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "filebots.py").write_text(BOTS)
    path_before = list(sys.path)
    spec = f"{folder / 'filebots.py'}:FirstMove"
    args = ["spider", "stats", "--suits", "1", "--deals", "2", "--workers", "2", "--json"]
    status, out, err = run(capsys, *args, "--no-progress", "--player", spec)
    assert (status, err) == (0, "")
    wins, _ = count(spider.RuleSet.preset("bicycle", suits=1), range(2), FirstMove())
    assert json.loads(out)["wins"] == wins
    assert sys.path == path_before  # the file's folder was on sys.path for the run only


def test_a_bot_on_pythonpath_in_a_real_process(tmp_path: Path) -> None:
    (tmp_path / "userbots.py").write_text(BOTS)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    args = ["stats", "--deals", "2", "--workers", "1", "--player", "userbots:FirstMove"]
    done = subprocess.run(
        [sys.executable, "-m", "pyramid13", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    wins, _ = count(p13.RuleSet(), range(2), FirstMove())
    assert f": {wins} win{'s' * (wins != 1)} in 2 deals" in done.stdout


BAD = [
    ("nosuchbots_xyz:Bot", "no module named 'nosuchbots_xyz' (put its folder on PYTHONPATH"),
    ("userbots:Missing", "module 'userbots' has no 'Missing'"),
    ("userbots:factory", "factory is not a class (function)"),
    ("userbots:NOT_A_CLASS", "NOT_A_CLASS is not a class (int)"),
    ("userbots:NoChoose", "NoChoose() is not a bot: it has no choose(state) method"),
    ("userbots:Refuses", "Refuses() raised RuntimeError: no bot today"),
    ("userbots:NeedsDepth", "NeedsDepth() raised TypeError: "),
    ("brokenbots:Bot", "importing 'brokenbots' raised ModuleNotFoundError: No module named"),
    ("syntaxbots:Bot", "importing 'syntaxbots' raised SyntaxError: "),
    ("exitbots:Bot", "importing 'exitbots' raised SystemExit: 3"),
    ("{tmp}/missing.py:Bot", "no file "),
    ("{tmp}/json.py:Bot", "the module name 'json' is already taken by "),
]


@pytest.mark.parametrize("command", [["stats"], ["spider", "stats"]], ids=["pyramid", "spider"])
@pytest.mark.parametrize(("spec", "message"), BAD)
def test_a_bad_player_is_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str],
    bots: Path,
    tmp_path: Path,
    command: list[str],
    spec: str,
    message: str,
) -> None:
    (tmp_path / "json.py").write_text(BOTS)  # a file named like a module already imported
    spec = spec.format(tmp=tmp_path)
    status, out, err = run(capsys, *command, "--deals", "1", "--workers", "1", "--player", spec)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1, err
    assert err.startswith(f"pyramid13 {' '.join(command)}: error: --player {spec}: {message}")
    assert "Traceback" not in err


@pytest.mark.parametrize("spec", [":Bot", "userbots:", " : "])
def test_a_player_that_is_no_module_and_class_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], spec: str
) -> None:
    status, out, err = run(capsys, "stats", "--player", spec)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert "argument --player: expected solver, greedy, random, replan or MODULE:CLASS" in err


def test_a_bot_that_raises_while_playing_stops_the_run_with_status_4(
    capsys: pytest.CaptureFixture[str], bots: Path
) -> None:
    args = ["stats", "--deals", "2", "--workers", "1", "--player", "userbots:RaisesInPlay"]
    status, out, err = run(capsys, *args)
    assert (status, out) == (4, "")
    assert err == (
        "pyramid13 stats: error: seed 0: the player raised ValueError: boom "
        "(0 of 2 deals finished: 0 wins)\n"
    )


@pytest.mark.parametrize("command", [["stats"], ["spider", "stats"]], ids=["pyramid", "spider"])
def test_the_help_says_that_importing_runs_code(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    status, out, _ = run(capsys, *command, "--help")
    assert status == 0
    text = " ".join(out.split())
    assert "Importing a module runs its code: name only code you trust." in text
    assert "CLASS(seed=N) with --bot-seed N when its constructor takes a seed" in text
