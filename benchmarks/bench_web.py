"""Time the web example's server (examples/web/server.py): does a move late in a long game
cost what one early in it does, and does a slow hint on one game delay another?

Run with ``python benchmarks/bench_web.py [--moves 5000] [--window 200] [--hint-after 21]``.

The first table plays one Pyramid game under ``cardems`` (no limit on passes) to `--moves`
moves, drawing and recycling, three ways at once; for each window of `--window` moves it
gives the median time of a move:

- **append**: `Games.play`, the server's own work: the move checked and applied, one line
  appended to the game's moves file and synced to disk;
- **request**: the whole ``POST /api/games/TOKEN/move`` over HTTP on the loopback, from the
  request sent to the answer read;
- **rewrite**: what a save cost before the moves file, `pyramid13.save_game` of the whole
  game after each move (a record rewritten, synced and renamed).

The second table times ``GET /api/games/TOKEN`` of one game, over and over, while nothing
else runs, while the server works out an honest hint for a 4-suit Spider game (the deal
`Layout.shuffled(2)` after `--hint-after` honest moves: after 21, the hint takes about a
second of CPU) in its worker process, and while the same hint runs in a thread of the
server's process instead (what a server without worker processes does).

Times are wall-clock milliseconds (a sync waits for the disk, not the CPU); the games are
saved in `--folder` (a temporary folder by default).
"""

from __future__ import annotations

import argparse
import json
import runpy
import statistics
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyramid13 as p13
from pyramid13 import spider

__all__ = ["main", "time_beside_hint", "time_moves"]

# Honest hints from `spider.Layout.shuffled(2)`, 4 suits, `microsoft`.
HONEST_MOVES = (
    "6:1>9 2:1>1 10:1>9 10:1>9 7:1>1 10:1>2 5:1>2 5:1>2 3:1>2 1:1>9 1:2>3 1:1>3 deal 1:1>10 "
    "3:1>5 6:1>9 7:1>9 8:1>7 9:1>10 1:1>9 1:1>5"
)

SERVER = Path(__file__).resolve().parents[1] / "examples" / "web" / "server.py"


def _next(state: p13.GameState) -> str:
    return "draw" if state.stock else "recycle"


def time_moves(folder: Path, moves: int) -> dict[str, list[float]]:
    """Seconds per move, by way of saving, over one game of `moves` moves."""
    web = _load_server()
    limits = web["Limits"](
        moves_per_game=moves, requests_per_second=1e9, burst=10**9, games_in_memory=10
    )
    server = web["make_server"](folder / "http", port=0, limits=limits)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    games = web["Games"](folder / "append", limits)
    try:
        state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("cardems"))
        token = games.start(state)
        remote = server.games.start(state)
        url = f"http://127.0.0.1:{server.server_address[1]}/api/games/{remote}/move"
        record = folder / "rewrite.json"
        times: dict[str, list[float]] = {"append": [], "request": [], "rewrite": []}
        for _ in range(moves):
            move = _next(state)
            start = time.perf_counter()
            games.play(token, move)
            times["append"].append(time.perf_counter() - start)
            request = urllib.request.Request(
                url,
                data=json.dumps({"move": move}).encode(),
                headers={"Content-Type": "application/json"},
            )
            start = time.perf_counter()
            with urllib.request.urlopen(request, timeout=60) as answer:
                played = json.loads(answer.read())["played"]
            times["request"].append(time.perf_counter() - start)
            state = state.apply(move)
            start = time.perf_counter()
            p13.save_game(state, record)
            times["rewrite"].append(time.perf_counter() - start)
            assert played == len(state.history)
        assert games.get(token) == server.games.get(remote) == state
        assert web["Games"](folder / "append", limits).get(token) == state  # reloads
        return times
    finally:
        server.shutdown()
        server.server_close()
        games.close()


def _load_server() -> dict[str, Any]:
    return runpy.run_path(str(SERVER), run_name="bench_web_server")


def time_beside_hint(folder: Path, after: int) -> dict[str, list[float]]:
    """Seconds per view of one game: alone, beside a hint in a worker, beside it in a
    thread."""
    web = _load_server()
    limits = web["Limits"](requests_per_second=1e9, burst=10**9)
    server = web["make_server"](folder / "hints", port=0, limits=limits)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    games = server.games
    base = f"http://127.0.0.1:{server.server_address[1]}/api/games/"
    rules = spider.RuleSet.preset("microsoft", suits=4)
    slow = spider.GameState.new(spider.Layout.shuffled(2, rules), rules)
    for move in HONEST_MOVES.split()[:after]:
        slow = slow.apply(move)
    other = games.new("spider", "microsoft", seed=3, suits=4)

    def view() -> float:
        start = time.perf_counter()
        with urllib.request.urlopen(base + other, timeout=60) as answer:
            answer.read()
        return time.perf_counter() - start

    def beside(running: Callable[[], bool]) -> list[float]:
        found = []
        while running():
            found.append(view())
            time.sleep(0.02)
        return found

    try:
        with urllib.request.urlopen(base + other + "/hint", timeout=60) as answer:
            answer.read()  # the worker processes are up
        times = {"alone": [view() for _ in range(30)]}
        token = games.start(slow)
        asking = threading.Thread(target=lambda: urllib.request.urlopen(base + token + "/hint"))
        asking.start()
        while not games.hints_running() and asking.is_alive():
            time.sleep(0.001)
        times["worker"] = beside(lambda: games.hints_running() > 0)
        asking.join()
        seen = slow.observe()
        hinting = threading.Thread(target=spider.honest_hint, args=(seen,))
        hinting.start()
        times["thread"] = beside(hinting.is_alive)
        hinting.join()
        return times
    finally:
        server.shutdown()
        server.server_close()


def _milliseconds(values: list[float], how: Callable[[list[float]], float]) -> str:
    return f"{how(values) * 1000:.1f}" if values else "—"


def main(argv: list[str] | None = None) -> None:
    """Print one table row per window of moves."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=5000)
    parser.add_argument("--window", type=int, default=200)
    parser.add_argument("--hint-after", type=int, default=21)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        times = time_moves(Path(folder), args.moves)
        views = time_beside_hint(Path(folder), args.hint_after)
    print(f"one game of {args.moves:,} moves; median milliseconds per move\n")
    print("| moves | append | request | rewrite |")
    print("|---|---|---|---|")
    starts = sorted({*range(0, args.moves - args.window + 1, 1000), args.moves - args.window})
    for first in starts:
        cells = [f"{first + 1:,}-{first + args.window:,}"]
        for way in ("append", "request", "rewrite"):
            window = times[way][first : first + args.window]
            cells.append(f"{statistics.median(window) * 1000:.2f}")
        print("| " + " | ".join(cells) + " |", flush=True)

    print(f"\nGET of another game's view, after {args.hint_after} honest moves; milliseconds\n")
    print("| while | views | median | max |")
    print("|---|---|---|---|")
    for way, words in (
        ("alone", "nothing else runs"),
        ("worker", "a hint runs in a worker process"),
        ("thread", "the same hint runs in a thread"),
    ):
        values = views[way]
        median = _milliseconds(values, statistics.median)
        print(f"| {words} | {len(values)} | {median} | {_milliseconds(values, max)} |")


if __name__ == "__main__":
    main()
