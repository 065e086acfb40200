"""The command line against hostile input: bytes, encodings, huge numbers, closed pipes,
signals. Each run, of the real ``pyramid13`` program in a subprocess, ends with a
documented exit status and at most one line on stderr; never a traceback."""

from __future__ import annotations

import argparse
import io
import os
import resource
import select
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from game_walks import SEED_1_WIN

import pyramid13 as p13
import pyramid13.cli
from pyramid13 import GameState, Layout, RuleSet
from pyramid13.cli import main
from pyramid13.cli._exit import STATUSES

SCRIPT = shutil.which("pyramid13", path=str(Path(sys.executable).parent))
#: The installed entry point when there is one, else ``python -m pyramid13``.
PROGRAM = [SCRIPT] if SCRIPT else [sys.executable, "-m", "pyramid13"]
STRICT = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
STRICT.pop("PYTHONUNBUFFERED", None)  # output to pipes is block-buffered, as for users
DOCUMENTED = {code for code, _ in STATUSES}
TIMEOUT = 120


def pyramid13_run(
    *args: str | bytes, stdin: bytes = b"", env: dict[str, str] | None = None
) -> tuple[int, bytes, str]:
    """Run the program; returns (status, stdout, stderr), checking the common promises."""
    result = subprocess.run(
        [*PROGRAM, *args],
        input=stdin,
        capture_output=True,
        env=env or STRICT,
        timeout=TIMEOUT,
        check=False,
    )
    err = result.stderr.decode("utf-8", "backslashreplace")
    assert "Traceback" not in err, err
    assert "Exception ignored" not in err, err
    assert result.returncode in DOCUMENTED, (result.returncode, err)
    return result.returncode, result.stdout, err


def one_line(err: str, limit: int = 1000) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {err[:2000]!r}"
    assert len(lines[0]) <= limit, f"a line of {len(lines[0])} characters"
    return lines[0]


def test_the_statuses_are_in_the_help_and_the_reference() -> None:
    status, out, _ = pyramid13_run("--help")
    assert status == 0
    text = " ".join(out.decode().split())
    for code, meaning in STATUSES:
        assert f"{code} {meaning}" in text
    page = Path(__file__).resolve().parents[1] / "docs" / "reference" / "cli.md"
    if page.is_file():
        reference = page.read_text(encoding="utf-8")
        for code, _ in STATUSES:
            assert f"\n| {code} | " in reference


# -- play: lines that are not commands ----------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("²", "unknown command '²'"),
        ("①", "unknown command '①'"),
        ("\u0661", "unknown command"),  # ARABIC-INDIC DIGIT ONE
        ("undo ²", "undo takes a number of moves >= 1, not '²'"),
        ("undo 0", "undo takes a number of moves >= 1"),
        ("9" * 5000, "there is no move 99999999999999999...; the moves are numbered 1 to 3"),
        ("undo " + "9" * 5000, "cannot undo 99999999999999999... moves: only 0 played"),
        ("9" * 4300, "there is no move"),
        ("x" * 9000, "unknown command 'xxxxxxxxx"),
        ("\x1b[2J\x00 KC", "unknown command"),
    ],
)
def test_play_refuses_a_bad_line_in_one_short_line(line: str, message: str) -> None:
    status, out, err = pyramid13_run(
        "play", "--seed", "1", "--preset", "microsoft", "--stop-on-error", stdin=line.encode()
    )
    assert status == 2
    assert message in one_line(err, limit=200)
    echo = [row for row in out.decode().splitlines() if row.startswith("> ")]
    assert len(echo) == 1
    assert len(echo[0]) <= 70
    assert echo[0].isprintable()


def test_play_reads_binary_garbage_with_a_strict_terminal() -> None:
    garbage = b"\xff\xfe\x83 KC\n\x00\x01\x02\n" + bytes(range(128, 256)) + b"\nd\n"
    status, out, err = pyramid13_run("play", "--seed", "1", "--preset", "microsoft", stdin=garbage)
    assert status == 0
    lines = err.splitlines()
    assert len(lines) == 3  # one per bad line, and the session goes on
    assert lines[0] == "error: line 1 is not utf-8 text (byte 1)"
    assert "unknown command" in lines[1]
    assert lines[2] == "error: line 3 is not utf-8 text (byte 1)"
    assert b"played draw" in out
    status, _, err = pyramid13_run("play", "--seed", "1", "--stop-on-error", stdin=garbage)
    assert status == 2
    assert "not utf-8 text" in one_line(err)


def test_play_refuses_a_10_mb_line_without_echoing_it() -> None:
    line = b"4c+9c " * 1_750_000  # 10.5 MB, no newline until the end
    status, out, err = pyramid13_run("play", "--seed", "1", stdin=line + b"\nq\n")
    assert status == 0
    assert one_line(err) == "error: line 1 is longer than 10,000 bytes"
    assert len(out) < 10_000


# -- file names and text that are not valid UTF-8 -----------------------------------------------


@pytest.fixture
def odd_name(tmp_path: Path) -> bytes:
    name = os.fsencode(tmp_path) + b"/deal\xff.txt"
    code = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft")).to_string()
    try:
        with open(name, "w", encoding="utf-8") as file:
            file.write(code)
    except OSError:  # pragma: no cover - a file system that refuses such names
        pytest.skip("this file system refuses names that are not UTF-8")
    return name


def test_solve_a_file_whose_name_is_not_utf8(odd_name: bytes) -> None:
    status, out, err = pyramid13_run("solve", odd_name)
    assert (status, err) == (0, "")
    assert out.decode().startswith(os.fsdecode(odd_name[:-9]) + "deal\\xff.txt, microsoft rules:")


def test_play_a_file_whose_name_is_not_utf8_and_save_it(odd_name: bytes, tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    script = "\n".join([*SEED_1_WIN[:3], f"save {saved}", "q"]).encode()
    status, out, err = pyramid13_run("play", odd_name, "--player", b"Ad\xffa", stdin=script)
    assert (status, err) == (0, "")
    assert b"deal\\xff.txt" in out
    record = p13.GameRecord.load(saved)
    assert record.metadata.player == "Ad\ufffda"
    assert record.metadata.source is not None
    assert record.metadata.source.endswith("deal\\xff.txt")


def test_show_a_title_that_is_not_utf8(tmp_path: Path) -> None:
    picture = tmp_path / "t.svg"
    status, out, err = pyramid13_run(
        "show", "--seed", "1", "--title", b"\xff", "--svg", str(picture)
    )
    assert (status, out, err) == (0, b"", "")
    root = ET.fromstring(picture.read_bytes())
    assert "\ufffd" in "".join(root.itertext())


def test_show_svg_on_an_ascii_terminal_is_still_utf8() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii:strict"}
    status, out, err = pyramid13_run("show", "--seed", "1", "--svg", "-", "--title", "♥ ∞", env=env)
    assert (status, err) == (0, "")
    assert "♥ ∞" in "".join(ET.fromstring(out).itertext())


# -- huge and odd numbers, huge arguments -------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("show", "--seed", "9" * 5000), "at most 30 digits, not one of 5000 digits"),
        (("show", "--seed", "²"), "expected a whole number, not '²'"),
        (("show", "--seed", "1_0"), "expected a whole number"),
        (("solve", "--seed", "1", "--time-limit", "9" * 5000), "finite number > 0"),
        (("solve", "--seed", "1", "--time-limit", "inf"), "expected a number > 0"),
        (("solve", "--seed", "1", "--time-limit", "\u0661"), "expected a number, not"),
        (("show", "--layout", "x" * 100_000), "--layout: "),
        (("show", "--position", "x" * 100_000), "--position: "),
        (("show", "--seed", "1", "--moves", "x" * 100_000), "--moves, move 1: "),
        (("show", "--seed", "1", "--preset", "x" * 100_000), "unknown preset"),
        (("x" * 100_000,), "invalid choice"),
        (("show", "--seed", "1", "--svg", "-", "--scale", "1000"), "at most 100"),
        (("stats", "--deals", "100000000", "--first-seed", str(2**64 - 1)), "2**64-1"),
    ],
)
def test_huge_and_odd_arguments_give_one_short_line(args: tuple[str, ...], message: str) -> None:
    started = time.monotonic()
    status, out, err = pyramid13_run(*args)
    assert status == 2
    assert out == b""
    assert message in one_line(err, limit=600)
    assert time.monotonic() - started < 10  # the stats case took 18 s before


# -- closed pipes ---------------------------------------------------------------------------------


def _into_a_closed_pipe(*args: str) -> tuple[int, str]:
    reader, writer = os.pipe()
    os.close(reader)  # nobody will ever read: the first write fails with EPIPE
    try:
        result = subprocess.run(
            [*PROGRAM, *args], stdout=writer, stderr=subprocess.PIPE, timeout=TIMEOUT, check=False
        )
    finally:
        os.close(writer)
    return result.returncode, result.stderr.decode("utf-8", "backslashreplace")


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "--seed", "2", "--preset", "microsoft"),
        ("solve", "--seed", "3"),  # not winnable: status 1 if the pipe were ignored
        ("show", "--seed", "1", "--svg", "-"),
        ("--help",),
    ],
)
def test_a_closed_pipe_is_not_an_answer(args: tuple[str, ...]) -> None:
    status, err = _into_a_closed_pipe(*args)
    assert (status, err) == (141, "")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("solve", "--seed", "2", "--preset", "microsoft"), ("--help",)])
def test_output_to_a_full_disk(args: tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [*PROGRAM, *args], stdout=full, stderr=subprocess.PIPE, timeout=TIMEOUT, check=False
        )
    err = result.stderr.decode()
    assert result.returncode == 2
    assert one_line(err) == "pyramid13: error: [Errno 28] No space left on device"


def test_solve_into_head() -> None:
    solver = subprocess.Popen(
        [*PROGRAM, "solve", "--seed", "2", "--preset", "microsoft"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert solver.stdout is not None
    head = subprocess.run(["head", "-1"], stdin=solver.stdout, capture_output=True, check=False)
    solver.stdout.close()
    _, err = solver.communicate(timeout=TIMEOUT)
    assert head.stdout.startswith(b"seed 2, microsoft rules: winnable")
    # Winnable (0), or cut off by head (141); never 1, which would mean "no solution".
    assert solver.returncode in (0, 141)
    assert err == b""


# -- Ctrl-C -----------------------------------------------------------------------------------


def _default_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt(args: list[str], after: float | bytes, stdin: bytes = b"") -> tuple[int, str]:
    """Start the program in its own process group, then Ctrl-C the group as a terminal
    does: once `after` seconds have passed, or once stdout shows `after`."""
    process = subprocess.Popen(
        [*PROGRAM, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=STRICT,
        # A shell starts background jobs with Ctrl-C ignored, and children inherit that;
        # a terminal's foreground program has the default, which is what is tested here.
        preexec_fn=_default_ctrl_c,
    )
    assert process.stdout is not None
    if isinstance(after, bytes):
        seen = b""
        deadline = time.monotonic() + TIMEOUT
        while after not in seen:
            ready, _, _ = select.select([process.stdout], [], [], 1.0)
            assert time.monotonic() < deadline, f"never saw {after!r}: {seen!r}"
            if ready:
                chunk = process.stdout.read1(1 << 16)  # type: ignore[attr-defined]
                assert chunk, seen
                seen += chunk
    else:
        time.sleep(after)
    os.killpg(process.pid, signal.SIGINT)
    try:
        _, err = process.communicate(timeout=TIMEOUT)
    finally:
        if process.poll() is None:  # pragma: no cover - only when the test fails
            os.killpg(process.pid, signal.SIGKILL)
    time.sleep(0.2)
    left = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True, check=False)
    assert left.stdout == b"", "processes of the run are still alive"
    return process.returncode, err.decode("utf-8", "backslashreplace")


def test_ctrl_c_while_playing() -> None:
    status, err = _interrupt(["play", "--seed", "1"], after=b"moves: ")
    assert (status, err) == (130, "pyramid13: interrupted\n")


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs process groups")
@pytest.mark.parametrize("after", [0.5, 2.0])
def test_ctrl_c_during_a_long_run_with_workers(after: float) -> None:
    args = ["stats", "--preset", "apophis", "--deals", "3000", "--workers", "2", "--no-progress"]
    status, err = _interrupt(args, after=after)
    assert "Traceback" not in err
    assert (status, err) == (130, "pyramid13: interrupted\n")


def test_ctrl_c_during_a_long_search() -> None:
    args = ["solve", "--seed", "5", "--preset", "apophis", "--optimal", "--node-limit", "10000000"]
    status, err = _interrupt(args, after=1.0)
    assert (status, err) == (130, "pyramid13: interrupted\n")


@pytest.mark.parametrize("stage", ["import", "parse", "run"])
def test_ctrl_c_during_start_up(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stage: str
) -> None:
    # Start-up is importing the engine, building the parser and reading the game: a Ctrl-C
    # at any of those points is handled like one during the run.
    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    if stage == "import":
        monkeypatch.setattr(pyramid13.cli, "build_parser", interrupted)
    elif stage == "parse":
        monkeypatch.setattr("pyramid13.cli._common.Parser.parse_args", interrupted)
    else:
        monkeypatch.setattr("pyramid13.cli._common.load_source", interrupted)
        monkeypatch.setattr("pyramid13.cli._solve.load_source", interrupted)
    assert main(["solve", "--seed", "1"]) == 130
    out, err = capsys.readouterr()
    assert (out, err) == ("", "pyramid13: interrupted\n")


def test_a_bug_is_one_line_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*_: object, **__: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("pyramid13.cli._solve.solve", broken)
    assert main(["solve", "--seed", "1"]) == 70
    out, err = capsys.readouterr()
    assert out == ""
    assert "internal error" in err
    assert "ZeroDivisionError: a bug" in one_line(err)


def test_in_process_output_survives_a_strict_ascii_stdout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    monkeypatch.setattr(sys, "stdout", stdout)
    assert main(["show", "--seed", "1", "--svg", "-", "--title", "\udcff ♥"]) == 0
    stdout.flush()
    assert ET.fromstring(raw.getvalue()).get("width")
    assert main(["show", "--seed", "1", "--moves", "\udcff"]) == 2
    assert stdout.errors == "strict"  # main leaves the caller's streams as they were


# -- file names, a closed standard output, workers, integer options --------------------------


@pytest.mark.parametrize("game", [(), ("spider",)])
def test_a_nul_byte_in_a_file_name_is_a_bad_command(game: tuple[str, ...]) -> None:
    # A script can type what no command line can hold: open() refuses the name.
    script = b"save a\x00b\nload a\x00b\nq\n"
    status, _, err = pyramid13_run(*game, "play", "--seed", "1", stdin=script)
    assert status == 0
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0] == "error: cannot write a\\x00b: a file name cannot hold a NUL byte"
    assert lines[1] == "error: cannot read a\\x00b: a file name cannot hold a NUL byte"
    status, _, err = pyramid13_run(*game, "play", "--seed", "1", "--stop-on-error", stdin=script)
    assert status == 2
    assert "NUL byte" in one_line(err)


def _with_stdout_closed(*args: str) -> tuple[int, str]:
    result = subprocess.run(
        ["sh", "-c", '"$@" >&-', "sh", *PROGRAM, *args],
        stderr=subprocess.PIPE,
        timeout=TIMEOUT,
        check=False,
    )
    err = result.stderr.decode("utf-8", "backslashreplace")
    assert "Traceback" not in err
    assert "Exception ignored" not in err
    return result.returncode, err


@pytest.mark.parametrize(
    "args",
    [
        ("spider", "show", "--seed", "1"),
        ("show", "--seed", "1"),
        ("solve", "--seed", "2", "--preset", "microsoft"),
        ("play", "--seed", "1"),
        ("--help",),
    ],
)
def test_a_closed_stdout_is_one_line_not_a_bug(args: tuple[str, ...]) -> None:
    status, err = _with_stdout_closed(*args)
    assert status == 2
    assert one_line(err) == "pyramid13: error: [Errno 9] standard output is closed"


@pytest.mark.parametrize("game", [(), ("spider",)])
def test_a_closed_stdout_does_not_stop_a_command_that_prints_nothing(
    game: tuple[str, ...], tmp_path: Path
) -> None:
    picture = tmp_path / "deal.svg"
    assert _with_stdout_closed(*game, "show", "--seed", "1", "--svg", str(picture)) == (0, "")
    assert ET.fromstring(picture.read_text()).get("width")


@pytest.mark.parametrize("game", [(), ("spider",)])
@pytest.mark.parametrize(
    ("workers", "message"),
    [
        ("9" * 30, "--workers: expected a number <= 1,024, not 999,999"),
        ("1025", "--workers: expected a number <= 1,024, not 1,025"),
        ("9" * 31, "--workers: expected a number of at most 30 digits"),
        ("0", "--workers: expected a number >= 1"),
    ],
)
def test_workers_are_bounded(game: tuple[str, ...], workers: str, message: str) -> None:
    started = time.monotonic()
    status, out, err = pyramid13_run(*game, "stats", "--workers", workers, "--deals", "2")
    assert (status, out) == (2, b"")
    assert message in one_line(err)
    assert time.monotonic() - started < 10


def test_a_run_starts_no_more_workers_than_deals_and_cores() -> None:
    from pyramid13.cli._stats import workers

    cores = os.cpu_count() or 1
    assert workers(600, 2) == min(2, cores)
    assert workers(1024, 10_000) == cores
    assert workers(None, 2) is None  # the default: win_rate's own, every core
    assert workers(1, 100) == 1  # in this process
    status, out, _ = pyramid13_run(
        "stats", "--workers", "600", "--deals", "2", "--player", "greedy"
    )
    assert status == 0
    assert b"2 deals" in out


INTEGER_OPTIONS = {
    "--seed", "--pysolfc", "--suits", "--deals", "--first-seed", "--bot-seed", "--workers",
    "--node-limit",
}  # fmt: skip


def _every_parser() -> list[tuple[str, argparse.ArgumentParser]]:
    parsers: list[tuple[str, argparse.ArgumentParser]] = [
        ("pyramid13", pyramid13.cli.build_parser())
    ]
    for name, parser in parsers:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                parsers += [(f"{name} {sub}", child) for sub, child in action.choices.items()]
    return parsers


def test_one_reader_for_every_integer_option() -> None:
    seen: set[str] = set()
    for command, parser in _every_parser():
        for action in parser._actions:
            assert action.type not in (int, float), (command, action.option_strings)
            reader = getattr(action.type, "__name__", None)
            named = set(action.option_strings) & INTEGER_OPTIONS
            counted = isinstance(action.default, int) and not isinstance(action.default, bool)
            if named or counted:
                assert reader == "whole number", (command, action.option_strings)
                seen.update(action.option_strings)
    assert seen >= INTEGER_OPTIONS


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("spider", "show", "--seed", "1", "--suits", "\u0661"), "expected a whole number, not"),
        (("spider", "show", "--seed", "1", "--suits", "1_0"), "expected a whole number"),
        (("spider", "show", "--seed", "1", "--suits", "3"), "invalid choice: 3"),
        (("show", "--seed", "\u0661"), "--seed: expected a whole number"),
        (("stats", "--deals", "\u0661"), "--deals: expected a whole number"),
    ],
)
def test_integer_options_read_ascii_digits_only(args: tuple[str, ...], message: str) -> None:
    status, out, err = pyramid13_run(*args)
    assert (status, out) == (2, b"")
    assert message in one_line(err)


@pytest.mark.parametrize(
    ("option", "spellings"),
    [
        (("spider", "show", "--seed", "1", "--suits"), ["2", "02", " 2", "2 ", "+2"]),
        (("show", "--seed"), ["4", "04", " 4", "4 ", "+4"]),
        (("spider", "show", "--suits", "1", "--seed"), ["4", "004", "4 "]),
    ],
)
def test_integer_options_read_leading_zeros_and_spaces_alike(
    option: tuple[str, ...], spellings: list[str]
) -> None:
    codes = set()
    for spelling in spellings:
        status, out, err = pyramid13_run(*option, spelling, "--code-only")
        assert (status, err) == (0, "")
        codes.add(out)
    assert len(codes) == 1


@pytest.mark.parametrize("game", [(), ("spider",)])
def test_a_closed_stdin_is_one_line_for_file_dash_and_the_end_of_play(
    game: tuple[str, ...],
) -> None:
    result = subprocess.run(
        ["sh", "-c", '"$@" <&-', "sh", *PROGRAM, *game, "show", "-"],
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    err = result.stderr.decode()
    assert (result.returncode, result.stdout) == (2, b"")
    assert one_line(err).endswith("error: cannot read standard input: it is closed")
    result = subprocess.run(
        ["sh", "-c", '"$@" <&-', "sh", *PROGRAM, *game, "play", "--seed", "1"],
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, b"")  # no command: the game goes on


# -- a write that fails never destroys the file that was there -------------------------------

_ROOM = 200  # bytes a file may grow to: the disk is full past them


def _small_disk() -> None:
    """In the child: no file grows past `_ROOM` bytes (the write fails with EFBIG, as
    on a full disk with ENOSPC), and the signal that would say so is ignored."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (_ROOM, _ROOM))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def _on_a_small_disk(*args: str, stdin: bytes = b"") -> tuple[int, str]:
    result = subprocess.run(
        [*PROGRAM, *args],
        input=stdin,
        capture_output=True,
        env=STRICT,
        timeout=TIMEOUT,
        check=False,
        preexec_fn=_small_disk,  # in the child, before it runs the program
    )
    err = result.stderr.decode("utf-8", "backslashreplace")
    assert "Traceback" not in err
    return result.returncode, err


def _old_file(folder: Path, name: str) -> tuple[Path, bytes]:
    path = folder / name
    old = ("<svg>an old picture, kept</svg>\n" * 300).encode()  # far more than the room
    path.write_bytes(old)
    return path, old


@pytest.mark.parametrize("game", [(), ("spider",)], ids=["pyramid", "spider"])
def test_a_failed_svg_leaves_the_old_picture_byte_for_byte(
    game: tuple[str, ...], tmp_path: Path
) -> None:
    # Regression: show --svg opened FILE for writing at once, so a full disk left the
    # start of the new picture (4,096 bytes of 12,082) where the old one had been.
    path, old = _old_file(tmp_path, "deal.svg")
    status, err = _on_a_small_disk(*game, "show", "--seed", "1", "--svg", str(path))
    assert status == 2
    assert f"cannot write {path}: File too large" in err
    assert path.read_bytes() == old
    assert sorted(tmp_path.iterdir()) == [path]  # no temporary file left behind


@pytest.mark.parametrize("game", [(), ("spider",)], ids=["pyramid", "spider"])
def test_a_failed_save_leaves_the_old_record_byte_for_byte(
    game: tuple[str, ...], tmp_path: Path
) -> None:
    path, old = _old_file(tmp_path, "game.json")
    status, err = _on_a_small_disk(*game, "play", "--seed", "1", stdin=f"save {path}\nq\n".encode())
    assert status == 0  # the session went on after the error, and quit
    assert f"cannot write {path}: File too large" in err
    assert path.read_bytes() == old
    assert sorted(tmp_path.iterdir()) == [path]


def test_svg_to_a_device_is_written_there_and_leaves_the_device(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A device, a pipe or /dev/stdout has no file to keep: the picture goes to it (a
    # rename over it would replace the device with a file, as root).
    before = os.stat(os.devnull)
    assert main(["show", "--seed", "1", "--svg", os.devnull]) == 0
    after = os.stat(os.devnull)
    assert (after.st_ino, after.st_rdev, after.st_mode) == (
        before.st_ino,
        before.st_rdev,
        before.st_mode,
    )
    assert not [name for name in os.listdir(os.path.dirname(os.devnull)) if name.endswith(".tmp")]
    status, out, err = pyramid13_run("show", "--seed", "1", "--svg", "/dev/stdout")
    assert (status, err) == (0, "")
    assert out.startswith(b"<svg")
