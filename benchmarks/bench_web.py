"""Time a move of the web example's server (examples/web/server.py) along a long game: does
a move late in the game cost what one early in it does?

Run with ``python benchmarks/bench_web.py [--moves 5000] [--window 200]``. One Pyramid game
under ``cardems`` (no limit on passes) is played to `--moves` moves, drawing and recycling,
three ways at once; for each window of `--window` moves the table gives the median time of
a move:

- **append**: `Games.play`, the server's own work: the move checked and applied, one line
  appended to the game's moves file and synced to disk;
- **request**: the whole ``POST /api/games/TOKEN/move`` over HTTP on the loopback, from the
  request sent to the answer read (the answer is the view, whose ``code`` carries the
  moves played, so it grows with the game);
- **rewrite**: what a save cost before the moves file, `pyramid13.save_game` of the whole
  game after each move (a record rewritten, synced and renamed).

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
from pathlib import Path
from typing import Any

import pyramid13 as p13

__all__ = ["main", "time_moves"]

SERVER = Path(__file__).resolve().parents[1] / "examples" / "web" / "server.py"


def _next(state: p13.GameState) -> str:
    return "draw" if state.stock else "recycle"


def time_moves(folder: Path, moves: int) -> dict[str, list[float]]:
    """Seconds per move, by way of saving, over one game of `moves` moves."""
    web: dict[str, Any] = runpy.run_path(str(SERVER), run_name="bench_web_server")
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


def main(argv: list[str] | None = None) -> None:
    """Print one table row per window of moves."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=5000)
    parser.add_argument("--window", type=int, default=200)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        times = time_moves(Path(folder), args.moves)
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


if __name__ == "__main__":
    main()
