"""The command line, end to end: every subcommand in-process, one real subprocess, a
scripted game of ``play`` through stdin, and one-line errors for bad arguments and files."""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from failing_bots import DiesOn
from game_walks import SEED_1_WIN
from reference_model import ref_winnable

import pyramid13 as p13
import pyramid13.cli
from pyramid13 import GameRecord, GameState, Layout, Move, RuleSet, Status
from pyramid13.cli import build_parser, main

COMMANDS = ("play", "show", "solve", "stats")


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


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {err!r}"
    return lines[0]


# -- help and usage -------------------------------------------------------------------------


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for command in COMMANDS:
        assert command in out
    assert "Exit status" in out


@pytest.mark.parametrize("command", COMMANDS)
def test_help_of_every_command(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out, _ = run(capsys, command, "--help")
    assert status == 0
    assert out.startswith(f"usage: pyramid13 {command}")
    assert "--preset" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--version")[:2] == (0, f"pyramid13 {p13.__version__}\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "required: COMMAND"),
        (("fly",), "invalid choice: 'fly'"),
        (("show",), "choose a game"),
        (("show", "--seed", "x"), "--seed: expected a whole number"),
        (("show", "--seed", "-3"), "expected a number >= 0"),
        (("show", "--seed", str(2**64)), "2**64-1"),
        (("show", "--pysolfc", "0"), "PySolFC game number"),
        (("show", "--seed", "1", "--pysolfc", "2"), "not allowed with"),
        (("show", "--seed", "1", "--preset", "vegas"), "unknown preset 'vegas'"),
        (("show", "--seed", "1", "--preset", "classic,passes=0"), "passes must be"),
        (("show", "--layout", "AS KS"), "--layout: a layout has 52 cards"),
        (("show", "--position", "nonsense"), "--position: a position code has 6 fields"),
        (("show", "--seed", "1", "--moves", "draw KS"), "--moves, move 2: KS is not legal"),
        (("show", "--seed", "1", "--moves", "4C+8C"), "sums to 12"),
        (("show", "--seed", "1", "--highlight", "KS"), "--highlight, --title and --scale go with"),
        (("show", "--seed", "1", "--svg", "-", "--highlight", "X"), "--highlight"),
        (("show", "--seed", "1", "--code", "--svg", "x.svg"), "and --svg go apart"),
        (("play", "--seed", "1", "--nonsense"), "unrecognized arguments"),
        (("solve",), "choose a game"),
        (("solve", "--seed", "1", "--node-limit", "0"), "expected a number >= 1"),
        (("solve", "--seed", "1", "--time-limit", "nan"), "expected a number > 0"),
        (("solve", "--seed", "1", "--time-limit", "soon"), "expected a number, not 'soon'"),
        (("solve", "--seed", "1", "--json", "--msc"), "not allowed with"),
        (("stats", "--deals", "0"), "--deals: expected a number >= 1"),
        (
            ("stats", "--player", "oracle"),
            "expected solver, greedy, random, replan or MODULE:CLASS",
        ),
        (("stats", "--workers", "x"), "--workers: expected a whole number"),
        (("stats", "--first-seed", str(2**64)), "2**64-1"),
    ],
)
def test_bad_arguments_give_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2
    assert out == ""
    line = one_line(err)
    assert line.startswith("pyramid13")
    assert message in line


# -- files ------------------------------------------------------------------------------------


@pytest.fixture
def saved_game(tmp_path: Path) -> Path:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
    for move in SEED_1_WIN[:10]:
        state = state.apply(move)
    path = tmp_path / "game.json"
    p13.save_game(state, path)
    return path


def _write(tmp_path: Path, name: str, data: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("empty.txt", "", "holds 0 words"),
        ("words.txt", "hello there", "holds 2 words"),
        ("bad.json", '{"format": "x"}', "$.format: expected 'pyramid13-record'"),
        ("broken.json", "{", "not valid JSON"),
        ("binary.bin", b"\xff\xfe\x00", "not a text file"),
        ("layout.txt", " ".join(["AS"] * 52), "already appeared"),
        ("position.txt", "a b c d e", "7 rows"),
    ],
)
def test_bad_files_give_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, data: str | bytes, message: str
) -> None:
    for command in ("show", "play"):
        status, _, err = run(capsys, command, _write(tmp_path, name, data), stdin="")
        assert status == 2
        assert message in one_line(err)


def test_missing_file_and_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "show", str(tmp_path / "nowhere.json"))
    assert status == 2
    assert "cannot read" in one_line(err)
    status, _, err = run(capsys, "show", str(tmp_path))
    assert status == 2
    assert "cannot read" in one_line(err)


def test_saved_game_brings_its_rules(capsys: pytest.CaptureFixture[str], saved_game: Path) -> None:
    status, _, err = run(capsys, "show", str(saved_game), "--preset", "classic")
    assert status == 2
    assert "leave out --preset" in one_line(err)


# -- show -------------------------------------------------------------------------------------


def test_show_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "show", "--seed", "1", "--preset", "microsoft")
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
    assert (status, err) == (0, "")
    assert out.startswith(str(state))
    assert "moves: " + " ".join(map(str, state.legal_moves())) in out
    assert f"code: {state.to_string()}" in out


def test_show_code_round_trips(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "--pysolfc", "7", "--preset", "pysolfc", "--code")
    assert status == 0
    state = GameState.from_string(out.strip())
    assert state == GameState.new(Layout.from_pysolfc(7), RuleSet.preset("pysolfc"))
    status, out2, _ = run(capsys, "show", "--position", out.strip(), "--code", "--moves", "draw")
    assert status == 0
    assert GameState.from_string(out2.strip()) == state.apply("draw")


def test_show_reads_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, saved_game: Path
) -> None:
    final = p13.load_game(saved_game)
    assert run(capsys, "show", str(saved_game), "--code")[1].strip() == final.to_string()
    layout = _write(tmp_path, "deal.txt", Layout.shuffled(5).code.lower() + "\n")
    code = run(capsys, "show", layout, "--preset", "cardems", "--code")[1].strip()
    assert GameState.from_string(code) == GameState.new(
        Layout.shuffled(5), RuleSet.preset("cardems")
    )
    position = _write(tmp_path, "position.txt", code)
    assert run(capsys, "show", position, "--code")[1].strip() == code
    status, out, _ = run(capsys, "show", "-", "--code", stdin=code)
    assert (status, out.strip()) == (0, code)


def test_show_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "deal.svg"
    args = ("show", "--seed", "1", "--preset", "microsoft", "--svg")
    status, out, err = run(capsys, *args, str(path), "--highlight", "kc", "--title", "Seed <1>")
    assert (status, out, err) == (0, "", "")
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    marked = [g.get("data-card") for g in root.iter() if "highlight" in g.get("class", "")]
    assert marked == ["KC"]
    assert "Seed <1>" in "".join(root.itertext())
    status, out, _ = run(capsys, *args, "-")
    assert status == 0
    assert ET.fromstring(out).get("width")


def test_svg_to_an_unwritable_place(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "show", "--seed", "1", "--svg", str(tmp_path / "no" / "x.svg"))
    assert status == 2
    assert "cannot write" in one_line(err)


# -- solve ------------------------------------------------------------------------------------


def _replay(moves: list[str], preset: str = "microsoft", seed: int = 1) -> GameState:
    state = GameState.new(Layout.shuffled(seed), RuleSet.preset(preset))
    for move in moves:
        state = state.apply(move)
    return state


def test_solve_prints_numbered_winning_moves(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", "--seed", "1", "--preset", "microsoft")
    assert (status, err) == (0, "")
    head, *lines = out.strip().splitlines()
    assert head.startswith("seed 1, microsoft rules: winnable in ")
    numbers = [line.split(". ")[0].strip() for line in lines]
    assert numbers == [str(n) for n in range(1, len(lines) + 1)]
    assert f"winnable in {len(lines)} moves" in head
    assert _replay([line.split(". ")[1] for line in lines]).status is Status.WON


def test_solve_json_and_msc(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "--seed", "2", "--preset", "microsoft", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["winnable"] is True
    assert data["source"] == "seed 2"
    assert RuleSet.from_dict(data["rules"]) == RuleSet.preset("microsoft")
    assert GameState.from_string(data["position"]) == _replay([], seed=2)
    assert data["nodes"] >= 1
    assert _replay(data["moves"], seed=2).status is Status.WON
    status, out, _ = run(capsys, "solve", "--seed", "2", "--preset", "microsoft", "--msc")
    assert status == 0
    moves = p13.parse_msc_solution(out)
    assert [str(move) for move in moves] == data["moves"]


def test_solve_optimal_is_not_longer(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("solve", "--seed", "1", "--preset", "microsoft", "--json")
    any_length = len(json.loads(run(capsys, *args)[1])["moves"])
    status, out, _ = run(capsys, *args, "--optimal")
    assert status == 0
    assert len(json.loads(out)["moves"]) <= any_length


def test_solve_verdicts_and_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    assert p13.solve(GameState.new(Layout.shuffled(3))).winnable is False
    status, out, _ = run(capsys, "solve", "--seed", "3")
    assert status == 1
    assert "seed 3, classic rules: not winnable" in out
    status, out, _ = run(
        capsys, "solve", "--seed", "1", "--preset", "microsoft", "--node-limit", "2"
    )
    assert status == 3
    assert "unknown" in out


def test_solve_continues_a_game(capsys: pytest.CaptureFixture[str], saved_game: Path) -> None:
    status, out, _ = run(capsys, "solve", str(saved_game), "--json")
    assert status == 0
    start = p13.load_game(saved_game)
    state = start
    for move in json.loads(out)["moves"]:
        state = state.apply(move)
    assert state.status is Status.WON
    won = " ".join(SEED_1_WIN)
    status, out, _ = run(capsys, "solve", "--seed", "1", "--preset", "microsoft", "--moves", won)
    assert status == 0
    assert "winnable in 0 moves" in out


# -- stats ------------------------------------------------------------------------------------


def test_stats_counts_wins(capsys: pytest.CaptureFixture[str]) -> None:
    # Seeds 20 and 21 under three-stacks: small enough for the reference model's
    # exhaustive search to settle.
    args = ["stats", "--preset", "three-stacks", "--deals", "2", "--first-seed", "20"]
    args += ["--workers", "1"]
    status, out, err = run(capsys, *args, "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    rules = p13.RuleSet.preset("three-stacks")
    verdicts = [ref_winnable(Layout.shuffled(seed), rules) for seed in (20, 21)]
    assert None not in verdicts
    wins = sum(map(bool, verdicts))
    assert (data["deals"], data["wins"], data["unknown"]) == (2, wins, 0)
    assert data["ci_low"] <= data["rate"] == wins / 2 <= data["ci_high"]
    status, out, _ = run(capsys, *args)
    assert status == 0
    assert f"seeds 20..21: {wins} win{'s' * (wins != 1)} in 2 deals" in out


@pytest.mark.parametrize("player", ["greedy", "random"])
def test_stats_with_bots(capsys: pytest.CaptureFixture[str], player: str) -> None:
    status, out, _ = run(
        capsys, "stats", "--deals", "3", "--player", player, "--workers", "1", "--json"
    )
    assert status == 0
    data = json.loads(out)
    assert data["player"] == player
    assert data["deals"] == 3


# -- play -------------------------------------------------------------------------------------


def _as_typed(move: str, index: int) -> list[str]:
    """The move written the ways a person might type it, varied along the game."""
    if move in ("draw", "recycle"):
        return [move[0] if index % 2 else move]
    cards = move.lower().split("+")
    if len(cards) == 1:
        return [cards[0]]
    if index % 3 == 0:
        return [" ".join(cards)]
    if index % 3 == 1:
        return [cards[1], cards[0]]  # select one card, then its partner
    return [move]


def test_scripted_game_wins_with_undo_save_and_load(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "half.json"
    script = ["# a whole game of seed 1", ""]
    for index, move in enumerate(SEED_1_WIN):
        script += _as_typed(move, index)
        if index == 20:
            script += ["u", "undo 2"]
            script += [typed for i in (18, 19, 20) for typed in _as_typed(SEED_1_WIN[i], i)]
            script += [f"save {saved}", "load " + str(saved), "help", "b"]
    status, out, err = run(
        capsys, "play", "--seed", "1", "--preset", "microsoft", "--player", "Ada",
        stdin="\n".join(script) + "\n",
    )  # fmt: skip
    assert err == ""
    assert status == 0
    assert "You won!" in out
    assert out.count("undid") == 2
    assert "selected" in out
    assert "pass 3/3" in out
    record = GameRecord.load(saved)
    assert record.metadata.player == "Ada"
    assert record.metadata.source == "seed 1"
    assert record.metadata.started is not None
    assert [str(move) for move in record.moves] == [str(Move.parse(m)) for m in SEED_1_WIN[:21]]


def test_play_resumes_a_saved_game(capsys: pytest.CaptureFixture[str], saved_game: Path) -> None:
    rest = "\n".join(SEED_1_WIN[10:])
    status, out, _ = run(capsys, "play", str(saved_game), stdin=rest)
    assert status == 0
    assert "You won!" in out


def test_play_numbers_and_kings(capsys: pytest.CaptureFixture[str]) -> None:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
    number = state.legal_moves().index(Move.parse("KH")) + 1
    status, out, err = run(
        capsys, "play", "--seed", "1", "--preset", "microsoft", stdin=f"k\n{number}\nk\nquit\nd\n"
    )
    assert status == 0
    assert "2 Kings are exposed: name one (KC or KH)" in err
    assert "played KH" in out
    assert "played KC" in out
    assert "played draw" not in out  # nothing runs after quit


def test_play_reports_errors_and_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    script = "bogus\n4c 8c\nqs\n99\nu\nundo x\nsave\nload\nload /nonexistent/x.json\nd\n"
    status, out, err = run(capsys, "play", "--seed", "1", "--preset", "microsoft", stdin=script)
    assert status == 0
    lines = err.strip().splitlines()
    assert len(lines) == 9
    assert all(line.startswith("error: ") for line in lines)
    assert "unknown command 'bogus'" in lines[0]
    assert "sums to 12" in lines[1]
    assert "QS is not exposed" in lines[2]
    assert "no move 99" in lines[3]
    assert "only 0 played" in lines[4]
    assert "cannot read /nonexistent/x.json" in lines[8]
    assert "played draw" in out


def test_play_can_stop_at_the_first_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "--seed", "1", "--stop-on-error", stdin="bogus\nd\n")
    assert status == 2
    assert "played" not in out
    assert "unknown command" in one_line(err)


def test_play_gives_hints(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "--seed", "2", "--preset", "microsoft", stdin="h\n")
    assert status == 0
    state = GameState.new(Layout.shuffled(2), RuleSet.preset("microsoft"))
    hinted = [line for line in out.splitlines() if line.startswith("hint: ")]
    note = (
        " (from the solver, which knows the order of the stock; 'hint honest' for one from what"
        " you see)"
    )
    assert hinted == [f"hint: {p13.hint(state)}{note}"]
    assert Move.parse(hinted[0].removeprefix("hint: ").removesuffix(note)) in state.legal_moves()


def test_play_ends_lost_with_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    # Only the apex is left; its partner lies under two cards of a spent stock's waste.
    code = "QC/..../....../......../........../............/.............. - ACJC2C 1 0 classic"
    status, out, _ = run(capsys, "play", "--position", code, stdin="h\n")
    assert status == 1
    assert "the game is lost" in out


def test_play_without_a_deal_picks_one(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", stdin="q\n")
    assert status == 0
    assert out.startswith("Pyramid: seed ")


# -- a real process ---------------------------------------------------------------------------


def test_python_dash_m(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pyramid13", "show", "--seed", "1", "--code"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    assert result.stderr == ""
    assert GameState.from_string(result.stdout.strip()) == GameState.new(Layout.shuffled(1))
    result = subprocess.run(
        [sys.executable, "-m", "pyramid13", "play", "--seed", "1", "--preset", "microsoft"],
        input="\n".join(SEED_1_WIN) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    assert "You won!" in result.stdout
    result = subprocess.run(
        [sys.executable, "-m", "pyramid13", "solve", "--seed", "1", "--preset", "microsoft"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0
    assert result.stdout.startswith("seed 1, microsoft rules: winnable in ")
    result = subprocess.run(
        [sys.executable, "-m", "pyramid13", "show", str(tmp_path / "missing.json")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert one_line(result.stderr).startswith("pyramid13 show: error: cannot read")


def test_record_of_a_won_game_says_won(tmp_path: Path) -> None:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
    for move in SEED_1_WIN:
        state = state.apply(move)
    path = tmp_path / "won.json"
    p13.save_game(state, path)
    assert json.loads(path.read_text())["moves"][-1] == str(Move.parse(SEED_1_WIN[-1]))
    assert p13.load_game(path).status is Status.WON


def test_reference_page_lists_every_option() -> None:
    page = Path(__file__).resolve().parents[1] / "docs" / "reference" / "cli.md"
    if not page.is_file():
        pytest.skip("the docs are not here")
    text = page.read_text(encoding="utf-8")
    parser = build_parser()
    commands = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    for name, subparser in commands.choices.items():
        assert f"## {name}" in text
        parsers = [(name, subparser)]
        for action in subparser._actions:  # spider's commands
            if isinstance(action, argparse._SubParsersAction):
                parsers += [(f"{name} {sub}", parser) for sub, parser in action.choices.items()]
        for command, parser in parsers:
            for action in parser._actions:
                for option in action.option_strings:
                    if option not in ("-h", "--help"):
                        assert f"`{option}" in text, f"{command} {option} is not in {page.name}"


_DEFAULT = re.compile(r"\(default: ([^;),]+(?:,[0-9]{3})*)")


def _sections(text: str) -> dict[str, str]:
    """The reference page's ``## command`` sections, by command, each with the page's
    opening sections (which hold the options that choose a game)."""
    parts = re.split(r"^## (\S+)\n", text, flags=re.MULTILINE)
    return {name: parts[0] + part for name, part in zip(parts[1::2], parts[2::2], strict=True)}


def test_reference_page_gives_the_defaults_that_the_help_gives() -> None:
    # The help's defaults are read from the code (the solvers' node limits among them):
    # the row of each option on the reference page must give the same default.
    page = Path(__file__).resolve().parents[1] / "docs" / "reference" / "cli.md"
    if not page.is_file():
        pytest.skip("the docs are not here")
    sections = _sections(page.read_text(encoding="utf-8"))
    parser = build_parser()
    commands = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    checked = 0
    for name, subparser in commands.choices.items():
        parsers = [(subparser, sections[name])]
        for action in subparser._actions:  # spider's commands: the same options as Pyramid's
            if isinstance(action, argparse._SubParsersAction):
                parsers += [
                    (sub, sections[name] + sections[cmd]) for cmd, sub in action.choices.items()
                ]
        for command, section in parsers:
            for action in command._actions:
                found = _DEFAULT.search(action.help or "")
                if found is None or not action.option_strings:
                    continue
                default = found.group(1).strip()
                option = action.option_strings[0]
                rows = [line for line in section.splitlines() if f"`{option}" in line]
                assert any(default in row for row in rows), (
                    f"{command.prog} {option}: the help says the default is {default!r}, "
                    f"the reference's rows say {rows}"
                )
                checked += 1
    assert checked >= 20


def test_spider_solve_default_node_limit_is_the_solver_s(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "spider", "solve", "--help")
    assert status == 0
    limit = p13.get_game("spider").default_node_limit
    assert f"(default: {limit:,})" in " ".join(out.split())


@pytest.mark.parametrize("how", ["exit", "kill"])
def test_stats_reports_a_dead_worker_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    monkeypatch.setitem(p13.get_game("pyramid").bots, "greedy", lambda: DiesOn(5, how))
    args = ["stats", "--player", "greedy", "--deals", "8", "--workers", "2", "--no-progress"]
    status, out, err = run(capsys, *args)
    assert status == 4  # not 1: a broken run is no verdict on the deals
    assert out == ""
    line = one_line(err)
    assert line.startswith("pyramid13 stats: error: seed 5: a worker process died")
    assert "deals finished" in line


def test_stats_lists_undecided_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["stats", "--preset", "microsoft", "--deals", "3", "--first-seed", "5"]
    status, out, _ = run(capsys, *args, "--workers", "1", "--node-limit", "3", "--json")
    assert status == 0
    data = json.loads(out)
    rules = RuleSet.preset("microsoft")
    undecided = [
        seed
        for seed in range(5, 8)
        if p13.solve(GameState.new(Layout.shuffled(seed), rules), node_limit=3).winnable is None
    ]
    assert data["undecided_seeds"] == undecided
    assert data["unknown"] == len(undecided) >= 1


def _imported_modules(path: Path, package: str) -> set[str]:
    """Every module `path` imports, function-local imports included, as absolute names
    (``from .. import spider`` counts as ``pyramid13.spider``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def test_the_command_line_imports_no_game_by_name() -> None:
    # It finds each game in the registry (get_game), as every generic layer does.
    folder = Path(pyramid13.cli.__file__).parent
    for path in sorted(folder.glob("*.py")):
        games = {
            name
            for name in _imported_modules(path, "pyramid13.cli")
            if name.split(".")[:2] in (["pyramid13", "pyramid"], ["pyramid13", "spider"])
        }
        assert not games, f"{path.name} imports {sorted(games)}"


def test_every_registered_game_has_the_four_commands() -> None:
    parser = build_parser()
    commands = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    for game in p13.registered_games():
        if game.name == "pyramid":
            names = set(commands.choices)
        else:
            sub = commands.choices[game.name]
            names = set(
                next(a for a in sub._actions if isinstance(a, argparse._SubParsersAction)).choices
            )
        assert {"play", "show", "solve", "stats"} <= names, game


def test_show_code_only_is_show_code(capsys: pytest.CaptureFixture[str]) -> None:
    # One spelling for both games; Pyramid's older one still works.
    new = run(capsys, "show", "--seed", "5", "--code-only")
    assert new == run(capsys, "show", "--seed", "5", "--code")
    assert GameState.from_string(new[1].strip()) == GameState.new(Layout.shuffled(5))
