"""A reference web UI for both games: a small server that keeps every game, and a page.

Run it with ``python examples/web/server.py`` and open http://127.0.0.1:8013/ (``--port``,
``--host`` and ``--saves`` change where it listens and where it saves; ``--help`` lists the
limits). The page (``index.html``, ``app.js``, ``style.css`` beside this file, no build
step) plays Pyramid and Spider: click, drag or use the keyboard, undo, redo, hint, new
deal, and resume any game played in the browser.

The server holds the full state of every game and sends the browser only what a player
sees: the JSON view of a state is made from `State.observe` (no face-down card, no stock
order) with the legal moves, both as a list and by the card they pick up
(`moves_by_card`), so the page holds no rule of either game. Every change is saved
before it is answered: a new game as a record (`pyramid13.save_game`, ``SAVES/SHARE.json``)
and each move, undo or redo as one line appended to ``SAVES/SHARE.moves``, replayed through
the engine when the game is loaded again. It uses the standard library only.

A game has two ids: its *token*, which the page keeps and which plays it, and its *share*
id, which only reads it (the SHA-256 of the token, cut to 32 hex digits). The API, all
JSON::

    GET  /api/presets                  the presets of each game, and Spider's suit counts
    POST /api/new                      {"game", "preset", "seed"?, "suits"?} -> a view
    GET  /api/games/TOKEN              the view of a game, with the "changes" and "steps" of
                                       its last move (`changes_view`, `steps_view`)
    POST /api/games/TOKEN/move         {"move": "4C+9C"} -> the view after it, with "changes"
    POST /api/games/TOKEN/undo         {} -> the view before the last move, with "changes"
    POST /api/games/TOKEN/redo         {} -> the view after the move undone last
    GET  /api/games/TOKEN/hint         -> {"move": a move of the view's "moves" or null, ...}
         /api/games/TOKEN/hint?thoughtful=1  a hint that knows the hidden cards
    GET  /api/games/TOKEN/picture.svg  the table as a picture (`pyramid13.to_svg`)
    GET  /api/games/TOKEN/code         -> {"code": the player's view in one line, "played"}
    POST /api/summaries                {"ids": [TOKEN, ...]} -> {"games": [a summary or null]}
    GET  /api/shared/SHARE             the view of a game, read only
    GET  /api/shared/SHARE/picture.svg the picture, read only
    GET  /api/shared/SHARE/code        the code, read only

Every request the server turns down gets a 4xx status and ``{"error": "why"}`` (a move the
engine refuses: 400 and the sentence `why_illegal` gives); a failure of the server's own
(a save that failed, a saved game that is damaged) gets a 5xx status and the same shape.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import dataclasses
import datetime
import hashlib
import importlib.machinery
import io
import ipaddress
import json
import math
import multiprocessing
import os
import re
import secrets
import signal
import socket
import sys
import threading
import time
import traceback
import urllib.parse
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pyramid13 as p13
from pyramid13 import spider

__all__ = [
    "GameServer",
    "Games",
    "Handler",
    "Limits",
    "RateLimit",
    "RequestError",
    "Turn",
    "changes_view",
    "code",
    "make_server",
    "move_view",
    "parse_body",
    "picture",
    "preset_of",
    "random_layout",
    "share_of",
    "steps_view",
    "view",
]

HERE = Path(__file__).resolve().parent
#: The files the page is made of, by URL path, with their content types.
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}
#: A game's token and its share id: 32 hex digits each.
GAME_ID = re.compile(r"[0-9a-f]{32}")
#: The largest request body read, in bytes (a move is a few dozen).
MAX_BODY = 10_000
#: The deepest nesting of arrays and objects a request body may have.
MAX_DEPTH = 20
#: The most digits an integer of a request may have (2**64 has 20).
MAX_DIGITS = 20
#: The longest move text taken.
MAX_MOVE_TEXT = 40
#: The most games one summaries request may ask about.
MAX_SUMMARIES = 20
#: The line of the moves file that takes the last move back (no move of either game reads so).
UNDO = "undo"

State = p13.GameState | spider.GameState
Move = p13.Move | spider.Move
Rules = p13.RuleSet | spider.RuleSet
Json = dict[str, Any]

# Sent with every answer. The page loads its script and style from this server only, runs
# in no frame, and sends no Referer (the picture link must not leak to other sites).
SECURITY_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("Cache-Control", "no-store"),
)
PAGE_POLICY = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)
NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'"


# -- views ------------------------------------------------------------------------------


def place(location: p13.CardLocation) -> Json:
    """A table place as JSON: the page addresses cards by these three values."""
    return {"place": location.place.value, "index": location.index, "depth": location.depth}


def move_view(state: State, move: Move) -> Json:
    """A legal move as JSON: its text, kind, and the places a page needs to draw or play it."""
    data: Json = {"text": str(move), "kind": move.kind.value}
    if isinstance(move, p13.Move):
        assert isinstance(state, p13.GameState)
        # Every card of a legal removal is face up, so its place is no secret.
        data["cards"] = [place(state.locate(card)) for card in move.cards]
    else:
        data.update(source=move.source, count=move.count, target=move.target, pile=move.pile)
    return data


def _card(card: p13.Card | None) -> str | None:
    return None if card is None else str(card)


def changes_view(state: State, undone: State | None = None) -> list[Json]:
    """What the last move did (`state.changes()`), card by card, for the page to animate;
    after an undo (`undone` is the state taken back), the changes of the move undone, read
    backwards: each card goes from its target back to its source.

    A card is named only where it lies face up afterwards: a card that an undo turns face
    down again, or puts back into an unseen stock, is sent as null.
    """
    hidden = {location for location, card in state.table() if card is None}
    if undone is None:
        return [_change(change, True, False) for change in state.changes()]
    return [
        _change(change, change.source not in hidden, True) for change in reversed(undone.changes())
    ]


def steps_view(state: State, undone: State | None = None) -> list[list[Json]]:
    """What the last move did as steps to animate one after another
    (`state.change_steps()`: a Spider unit lands before the run it completes lifts off, a
    deal goes card by card), each a list of changes as in `changes_view`; after an undo,
    the steps of the move undone read backwards (the last step first, each step's changes
    backwards, each card from its target back to its source).

    The steps of a move name a card only once the player has seen it (the library's
    promise); those of an undo name none that the undo turns face down again or puts where
    the player cannot see it (the changes' cards that end hidden are sent as null).
    """
    if undone is None:
        return [[_change(change, True, False) for change in step] for step in state.change_steps()]
    hidden = {location for location, card in state.table() if card is None}
    unseen = {c.card for c in undone.changes() if c.turned_up or c.source in hidden}
    return [
        [_change(change, change.card not in unseen, True) for change in reversed(step)]
        for step in reversed(undone.change_steps())
    ]


def _change(change: p13.Change, named: bool, backwards: bool) -> Json:
    """One change as JSON: its card (null unless `named`), its places, and whether it
    turns the card face up; `backwards` reads it as an undo does."""
    source, target = change.source, change.target
    if backwards:
        source, target = target, source
    return {
        "card": str(change.card) if named and change.card is not None else None,
        "source": place(source),
        "target": place(target),
        "turned_up": change.turned_up and not backwards,
        "turned_down": change.turned_up and backwards,
    }


def preset_of(state: State) -> str | None:
    """The name of the preset the game is played under, or None for rules of one's own."""
    if isinstance(state, p13.GameState):
        names = p13.RuleSet.preset_names()
        return next((n for n in names if p13.RuleSet.preset(n) == state.rules), None)
    suits = state.rules.suits
    names = spider.RuleSet.preset_names()
    return next((n for n in names if spider.RuleSet.preset(n, suits) == state.rules), None)


def view(state: State) -> Json:
    """What the browser is sent about `state`: made from its observation alone (the honest
    status and moves included), so it never holds a face-down card or the stock order."""
    seen = state.observe()
    data: Json = {
        "game": "pyramid" if isinstance(state, p13.GameState) else "spider",
        "preset": preset_of(state),
        "score": seen.score,
        "scoring": seen.rules.scoring.name,
        "status": seen.status.value,
        "played": len(seen.history),
        "last_move": str(seen.history[-1]) if seen.history else None,
        "moves": [move_view(state, move) for move in seen.legal_moves()],
        "moves_by_card": seen.moves_by_card(),
    }
    if isinstance(seen, p13.Observation):
        waste = [[str(card) for card in pile] for pile in seen.waste_piles]
        left = sum(card is not None for card in seen.pyramid) + seen.stock_size
        data["table"] = {
            "pyramid": [_card(card) for card in seen.pyramid],
            "stock": {"size": seen.stock_size, "top": _card(seen.stock_top)},
            "waste": waste,
            "pass": seen.pass_number,
            "passes": seen.rules.passes,
            "removed": 52 - left - sum(map(len, waste)),
            "last_removed": _last_removed(seen.history),
        }
    else:
        data["suits"] = seen.rules.suits
        data["table"] = {
            "piles": [
                {"down": pile.face_down_count, "up": [str(card) for card in pile.face_up]}
                for pile in seen.piles
            ],
            "stock": {"size": seen.stock_size, "deals": seen.deals_left},
            "removed": [suit.value for suit in seen.runs_removed],
        }
    return data


def _last_removed(history: Sequence[p13.Move]) -> list[str]:
    """The cards of the last removal played (none before the first): the top of the
    removed cards, face up when they were taken, so no secret."""
    for move in reversed(history):
        if move.is_removal:
            return [str(card) for card in move.cards]
    return []


def code(state: State) -> Json:
    """The player's view in one line (`Observation.to_string`, read back by
    `Observation.from_string`), with the moves played. Asked for on its own: it lists
    every move, so it grows with the game, where a view does not."""
    seen = state.observe()
    return {"code": seen.to_string(), "played": len(seen.history)}


def picture(state: State) -> str:
    """The table as SVG (`pyramid13.to_svg` of the observation), the last move marked."""
    seen = state.observe()
    return p13.to_svg(seen, lastmove=seen.history[-1] if seen.history else None)


# -- deals and ids ----------------------------------------------------------------------


def random_layout(rules: Rules) -> p13.Layout | spider.Layout:
    """The deal of a game nobody chose a seed for: `Layout.random` (Spider:
    `spider.Layout.random` for the rules), a shuffle by the operating system's randomness
    with no seed at all, so that no client can work the deal out from the cards it sees (a
    seed from `random`, or under 2**32, can be found by trying seeds one by one, and with it
    every hidden card). The one place deals come from: change it to change them."""
    if isinstance(rules, p13.RuleSet):
        return p13.Layout.random()
    return spider.Layout.random(rules)


def share_of(token: str) -> str:
    """The share id of the game whose token is `token`: the first 32 hex digits of its
    SHA-256. It names the game's files and reads the game; the token cannot be found
    from it, so a share link plays nothing."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()[:32]


def _rules(game: str, preset: str, suits: int | None) -> Rules:
    """The rules of a new game, checked (an unknown name raises `pyramid13.Pyramid13Error`)."""
    if game == "pyramid":
        if suits is not None:
            raise RequestError(HTTPStatus.BAD_REQUEST, "suits is for Spider games only")
        return p13.RuleSet.preset(preset)
    if game == "spider":
        return spider.RuleSet.preset(preset, suits=1 if suits is None else suits)
    raise RequestError(HTTPStatus.BAD_REQUEST, f"game must be 'pyramid' or 'spider', not {game!r}")


def _deal(layout: p13.Layout | spider.Layout, rules: Rules) -> State:
    if isinstance(layout, p13.Layout):
        assert isinstance(rules, p13.RuleSet)
        return p13.GameState.new(layout, rules)
    assert isinstance(rules, spider.RuleSet)
    return spider.GameState.new(layout, rules)


# -- the games --------------------------------------------------------------------------


class RequestError(Exception):
    """A request the server does not carry out, with the HTTP status that says why.

    Args:
        status: 4xx for the client's mistakes, 5xx for the server's own failures.
        reason: the sentence sent back as ``{"error": reason}``.
        retry_after: seconds to wait before asking again (the ``Retry-After`` header).
    """

    def __init__(self, status: HTTPStatus, reason: str, retry_after: int | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.retry_after = retry_after


@dataclasses.dataclass(frozen=True)
class Limits:
    """What one server allows. The defaults suit one machine and a few dozen players.

    Attributes:
        games_in_memory: games kept in memory; the least recently used beyond it are
            dropped and loaded again from their files when asked for.
        moves_per_game: moves, undos and redos one game may have (a line each in its file).
        requests_per_second: the rate each client (IP address) may keep up.
        burst: the requests a client may make at once before its rate counts.
        connections: connections served at once; more are answered 503 at once.
        connections_per_client: connections one client (IP address) may have open at
            once, so that no one client takes every place.
        request_seconds: the time a client has to send a whole request (and to read the
            answer), however slowly it trickles in.
        hint_workers: processes that work out hints (each hint runs in one of them, so a
            slow hint never holds the server's threads up).
        hint_seconds: the longest a hint is waited for.
    """

    games_in_memory: int = 500
    moves_per_game: int = 10_000
    requests_per_second: float = 20.0
    burst: int = 120
    connections: int = 64
    connections_per_client: int = 8
    request_seconds: float = 10.0
    hint_workers: int = 2
    hint_seconds: float = 30.0

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not value > 0:
                raise ValueError(f"{field.name} must be a positive number, not {value!r}")


@dataclasses.dataclass(frozen=True)
class Turn:
    """A game as a request leaves it: its state, its share id, the moves redo can play
    again, and what the request did (`changes_view`, and as steps `steps_view`)."""

    state: State
    share: str
    redo: int
    changes: list[Json]
    steps: list[list[Json]] = dataclasses.field(default_factory=list)


class _Game:
    """One game in memory. `lock` guards the rest; `gone` marks an entry dropped from
    memory (whoever waited for its lock looks the game up again)."""

    __slots__ = ("gone", "hint", "hinting", "lock", "redo", "size", "started", "state", "steps")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.gone = False
        self.state: State | None = None  # None until loaded
        self.redo: tuple[Move, ...] = ()  # the moves undone, the next to redo last
        self.steps = 0  # lines in the moves file
        self.size = 0  # bytes in the moves file
        self.started: datetime.datetime | None = None
        self.hinting = False
        self.hint: tuple[State, bool, Move | None] | None = None  # the last hint given


def _step(state: State, redo: tuple[Move, ...], action: str) -> tuple[State, tuple[Move, ...]]:
    """The game after one line of its moves file: `UNDO`, or a move's text. A move that is
    the next one to redo keeps the rest of the redo list; any other move clears it.

    Raises:
        pyramid13.Pyramid13Error: the move is no move, or not legal; nothing to undo.
    """
    if action == UNDO:
        undone = state
        state = undone.undo()
        assert undone.last_move is not None
        return state, (*redo, undone.last_move)
    after = state.apply(action)
    if redo and redo[-1] == after.last_move:
        return after, redo[:-1]
    return after, ()


def _exit_with_parent(parent: int) -> None:
    """In a hint worker: stop once the server's process is gone (killed, say), rather
    than wait for work forever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _worker_start() -> Callable[[int], None] | None:
    """`_exit_with_parent` when a worker can import it: when this file runs as a program,
    or is imported by its name; None when it was loaded from its path under another name
    (as the tests load it), where a worker could not find it."""
    if __name__ == "__main__" or "." in __name__:
        return _exit_with_parent
    spec = importlib.machinery.PathFinder.find_spec(__name__)
    if spec is None or spec.origin is None:
        return None
    return _exit_with_parent if os.path.samefile(spec.origin, __file__) else None


class _HintWorkers:
    """Hints worked out in other processes: at most `workers` at once, each waited for at
    most `seconds`. A hint is CPU work in Python; in a thread it would hold the global
    interpreter lock and slow every other request down."""

    def __init__(self, workers: int, seconds: float) -> None:
        self.workers = workers
        self.seconds = seconds
        self.running = 0
        self._lock = threading.Lock()
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._closed = False

    def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """`function(*args)` in a worker process; both are pickled, so `function` must be
        importable by name (the library's own functions are).

        Raises:
            RequestError: 503 when every worker is busy, when the answer takes too long or when
                a worker died.
        """
        with self._lock:
            if self._closed:
                raise RequestError(HTTPStatus.SERVICE_UNAVAILABLE, "the server is stopping")
            if self.running >= self.workers:
                raise RequestError(
                    HTTPStatus.SERVICE_UNAVAILABLE,
                    "every hint worker is busy: ask again in a moment",
                    retry_after=2,
                )
            pool = self._started()
            try:
                future = pool.submit(function, *args)
            except BrokenProcessPool:
                self._pool = None  # a worker died: the next hint starts new ones
                pool.shutdown(wait=False)
                raise RequestError(
                    HTTPStatus.SERVICE_UNAVAILABLE, "a hint worker stopped: ask again", 1
                ) from None
            self.running += 1
        future.add_done_callback(self._done)
        try:
            return future.result(timeout=self.seconds)
        except concurrent.futures.TimeoutError:
            # The worker goes on to the end of its (bounded) search; its place frees then.
            raise RequestError(
                HTTPStatus.SERVICE_UNAVAILABLE,
                f"the hint took longer than {self.seconds:g} s: ask again in a moment",
                retry_after=2,
            ) from None
        except BrokenProcessPool:
            with self._lock:
                if self._pool is pool:
                    self._pool = None  # the next hint starts new workers
            raise RequestError(
                HTTPStatus.SERVICE_UNAVAILABLE, "a hint worker stopped: ask again", retry_after=1
            ) from None

    def _started(self) -> concurrent.futures.ProcessPoolExecutor:
        """The pool of workers, started if need be (`_lock` held)."""
        if self._pool is None:
            # "spawn": a fresh interpreter, never a fork of this threaded process.
            context = multiprocessing.get_context("spawn")
            start = _worker_start()
            if start is None:
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=context
                )
            else:
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=start, initargs=(os.getpid(),)
                )
        return self._pool

    def warm(self) -> None:
        """Start the workers now, so that the first hint does not wait for them to start."""
        with self._lock:
            pool = self._started()
            for _ in range(self.workers):
                pool.submit(int)  # each task without an idle worker starts one

    def _done(self, _: concurrent.futures.Future[Any]) -> None:
        with self._lock:
            self.running -= 1

    def close(self) -> None:
        """Stop taking hints; the workers stop once their current hint is done."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


class Games:
    """Every game the server plays: those in use in memory, every one on disk.

    A game is saved before any answer says it changed: a new game as a record
    (``folder/SHARE.json``, written in one step by `pyramid13.save_game`), each move, undo
    or redo as one line appended to ``folder/SHARE.moves`` and synced to disk. If the save
    fails, the game stays as it was and the request gets a 500 answer. Loading a game reads
    its record, then replays each line through the engine; a last line without its end of
    line (the server died while writing it, before answering) is cut off.

    Each game has its own lock, so a request on one game never waits for another's.

    Args:
        folder: where games are saved (made if missing; the server's own: the temporary
            files that a crash during a save can leave in it are deleted).
        limits: what the server allows (`Limits`).
    """

    def __init__(self, folder: Path, limits: Limits | None = None) -> None:
        self.folder = folder
        self.limits = limits or Limits()
        folder.mkdir(parents=True, exist_ok=True)
        for leftover in folder.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                leftover.unlink()
        self._games: OrderedDict[str, _Game] = OrderedDict()  # by share id, oldest first
        self._lock = threading.Lock()  # guards _games only, held for no more than a lookup
        self._hints = _HintWorkers(self.limits.hint_workers, self.limits.hint_seconds)

    # -- the public calls ---------------------------------------------------------------

    def new(self, game: str, preset: str, seed: int | None = None, suits: int | None = None) -> str:
        """Deal a new game (`random_layout` unless `seed` is given) and return its token.

        Raises:
            RequestError: an unknown game, or the save failed.
            pyramid13.Pyramid13Error: an unknown preset or suit count, a bad seed.
        """
        rules = _rules(game, preset, suits)
        if seed is None:
            layout = random_layout(rules)
        elif isinstance(rules, p13.RuleSet):
            layout = p13.Layout.shuffled(seed)
        else:
            layout = spider.Layout.shuffled(seed, rules)
        return self.start(_deal(layout, rules), "random deal" if seed is None else f"seed {seed}")

    def start(self, state: State, source: str | None = None) -> str:
        """Keep `state` (and the game that led to it) as a new game, save it and return its
        token.

        Raises:
            RequestError: 500 when the save failed (no game is kept).
        """
        token = secrets.token_hex(16)
        share = share_of(token)
        started = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
        metadata = p13.RecordMetadata(started=started, source=source)
        try:
            p13.save_game(state, self._record(share), metadata=metadata)
        except OSError as error:
            raise _save_failed(error) from None
        game = _Game()
        game.state, game.started = state, started
        with self._lock:
            self._games[share] = game
            self._evict(game)
        return token

    def get(self, token: str) -> State:
        """The current state of a game (loaded from its files if need be).

        Raises:
            RequestError: 404 no such game; 500 its files are damaged.
        """
        return self.turn(token).state

    def turn(self, token: str, *, shared: bool = False) -> Turn:
        """The game as it stands, with the changes of its last move; `token` is a share id
        when `shared`."""
        share = token if shared else _share(token)
        with self._open(share) as game:
            assert game.state is not None
            return self._turn(share, game)

    def play(self, token: str, move: str) -> Turn:
        """Play `move` (its text), save it, and then keep it.

        Raises:
            pyramid13.IllegalMoveError: the move is not legal; the message is the sentence
                for the player (`why_illegal`), and the game is as it was.
            pyramid13.InvalidMoveError: the text is no move of the game.
            RequestError: no such game; the game has all the moves it may have; the save failed.
        """
        share = _share(token)
        with self._open(share) as game:
            assert game.state is not None
            try:
                self._do(share, game, move)
            except p13.IllegalMoveError:
                reason = game.state.why_illegal(move) or f"{move} is not legal here."
                raise p13.IllegalMoveError(reason) from None
            return self._turn(share, game)

    def undo(self, token: str) -> Turn:
        """Take the last move back and save (raises `pyramid13.UndoError` at the start)."""
        share = _share(token)
        with self._open(share) as game:
            undone = game.state
            self._do(share, game, UNDO)
            assert game.state is not None
            return self._turn(share, game, undone)

    def redo(self, token: str) -> Turn:
        """Play again the move undone last, and save.

        Raises:
            RequestError: 400 when no move is there to redo (none was undone, or a move played
                since cleared them).
        """
        share = _share(token)
        with self._open(share) as game:
            if not game.redo:
                raise RequestError(HTTPStatus.BAD_REQUEST, "nothing to redo")
            self._do(share, game, str(game.redo[-1]))
            assert game.state is not None
            return self._turn(share, game)

    def hint(self, token: str, thoughtful: bool = False) -> tuple[State, Move | None]:
        """The state and the move to suggest in it (None once the game is over).

        By default the hint is honest: `pyramid13.honest_hint` or `spider.honest_hint` of
        the player's view, which sees no hidden card, so deals that differ only in hidden
        cards get the same one. With `thoughtful`, `pyramid13.hint`, which searches knowing
        every card. Either is worked out in a worker process, while the game stays free
        for other requests; the last hint given is kept and given again for the same state.

        Raises:
            RequestError: no such game; 409 while a hint for this game is being worked out;
                503 when every worker is busy or the hint takes too long.
        """
        with self._open(_share(token)) as game:
            state = game.state
            assert state is not None
            if game.hint is not None and game.hint[0] is state and game.hint[1] == thoughtful:
                return state, game.hint[2]
            if game.hinting:
                raise RequestError(
                    HTTPStatus.CONFLICT, "a hint for this game is on its way: wait for it"
                )
            game.hinting = True
        try:
            move = self._work_out(state, thoughtful)
        except BaseException:
            with game.lock:
                game.hinting = False
            raise
        with game.lock:
            game.hinting = False
            if game.state is state:
                game.hint = (state, thoughtful, move)
        return state, move

    def summaries(self, tokens: Iterable[str]) -> list[Json | None]:
        """A few words on each game, for a list to resume from (None for an unknown token):
        its game, preset, suits, score, status, moves played, when it started and when it
        was last saved (ISO 8601, UTC)."""
        found: list[Json | None] = []
        for token in tokens:
            try:
                share = _share(token)
                with self._open(share) as game:
                    assert game.state is not None
                    state, started = game.state, game.started
            except RequestError as error:
                if error.status != HTTPStatus.NOT_FOUND:
                    raise
                found.append(None)
                continue
            seen = state.observe()
            found.append(
                {
                    "id": token,
                    "share": share,
                    "game": "pyramid" if isinstance(state, p13.GameState) else "spider",
                    "preset": preset_of(state),
                    "suits": state.rules.suits if isinstance(state, spider.GameState) else None,
                    "score": seen.score,
                    "status": seen.status.value,
                    "played": len(seen.history),
                    "started": None if started is None else started.isoformat(),
                    "saved": self._saved(share),
                }
            )
        return found

    def in_memory(self) -> int:
        """How many games are in memory now (at most `Limits.games_in_memory`, but for
        games in use)."""
        with self._lock:
            return len(self._games)

    def hints_running(self) -> int:
        """How many hints the workers are working out now."""
        return self._hints.running

    def warm_hints(self) -> None:
        """Start the hint workers now (else the first hint starts them)."""
        self._hints.warm()

    def close(self) -> None:
        """Stop the hint workers (games need no closing: they are saved as they go)."""
        self._hints.close()

    # -- inside -------------------------------------------------------------------------

    def _record(self, share: str) -> Path:
        return self.folder / f"{share}.json"

    def _moves(self, share: str) -> Path:
        return self.folder / f"{share}.moves"

    def _saved(self, share: str) -> str | None:
        times = []
        for path in (self._record(share), self._moves(share)):
            with contextlib.suppress(OSError):
                times.append(path.stat().st_mtime)
        if not times:
            return None
        moment = datetime.datetime.fromtimestamp(int(max(times)), datetime.timezone.utc)
        return moment.isoformat()

    @staticmethod
    def _turn(share: str, game: _Game, undone: State | None = None) -> Turn:
        """The game as it stands, with what its last move did (or, after an undo, what
        taking `undone` back did)."""
        state = game.state
        assert state is not None
        return Turn(
            state, share, len(game.redo), changes_view(state, undone), steps_view(state, undone)
        )

    @contextlib.contextmanager
    def _open(self, share: str) -> Iterator[_Game]:
        """The game `share`, loaded, with its lock held."""
        if not GAME_ID.fullmatch(share):
            raise RequestError(HTTPStatus.NOT_FOUND, "no such game")
        while True:
            with self._lock:
                game = self._games.get(share)
                if game is None:
                    game = self._games[share] = _Game()
                    self._evict(game)
                else:
                    self._games.move_to_end(share)
            with game.lock:
                if game.gone:
                    continue  # dropped from memory meanwhile: look it up again
                if game.state is None:
                    try:
                        self._load(share, game)
                    except BaseException:
                        self._drop(share, game)
                        raise
                yield game
                return

    def _drop(self, share: str, game: _Game) -> None:
        """Forget `game` (its lock held): the next request loads it from its files."""
        game.gone = True
        with self._lock:
            if self._games.get(share) is game:
                del self._games[share]

    def _evict(self, keep: _Game) -> None:
        """Drop the least recently used games beyond the limit (`_lock` held), but `keep`;
        a game in use is skipped, never waited for."""
        while len(self._games) > self.limits.games_in_memory:
            for share, game in self._games.items():
                if game is not keep and game.lock.acquire(blocking=False):
                    game.gone = True
                    game.lock.release()
                    del self._games[share]
                    break
            else:
                return  # every game is in use: over the limit until one is free

    def _load(self, share: str, game: _Game) -> None:
        record_path = self._record(share)
        if not record_path.is_file():
            raise RequestError(HTTPStatus.NOT_FOUND, "no such game")
        try:
            record = p13.GameRecord.load(record_path)
        except p13.InvalidRecordError as error:
            raise _damaged(str(error)) from None
        state = record.replay()  # the whole game, so undo goes on working
        assert isinstance(state, (p13.GameState, spider.GameState))
        longest = (self.limits.moves_per_game + 1) * (MAX_MOVE_TEXT + 1)
        try:
            with open(self._moves(share), "r+b") as file:
                data = file.read(longest + 1)
                if len(data) > longest:
                    raise _damaged("its moves file is longer than a game may be")
                end = data.rfind(b"\n") + 1
                if end < len(data):
                    # A line the server died writing, before it answered: never acknowledged.
                    file.truncate(end)
        except FileNotFoundError:
            data, end = b"", 0
        redo: tuple[Move, ...] = ()
        lines = data[:end].split(b"\n")[:-1]
        for number, line in enumerate(lines, 1):
            try:
                state, redo = _step(state, redo, line.decode("ascii"))
            except (UnicodeDecodeError, p13.Pyramid13Error) as error:
                raise _damaged(f"line {number} of its moves: {error}") from None
        game.state, game.redo, game.steps, game.size = state, redo, len(lines), end
        game.started = record.metadata.started

    def _do(self, share: str, game: _Game, action: str) -> None:
        """Carry out `action` (a move's text or `UNDO`) on `game`: work out the game after
        it, save it, then keep it."""
        if game.steps >= self.limits.moves_per_game:
            raise RequestError(
                HTTPStatus.CONFLICT,
                f"this game has had the {self.limits.moves_per_game:,} moves, undos and "
                "redos a game may have: deal a new game",
            )
        if len(action) > MAX_MOVE_TEXT:
            raise p13.InvalidMoveError(f"a move is at most {MAX_MOVE_TEXT} characters long")
        assert game.state is not None
        state, redo = _step(game.state, game.redo, action)
        line = UNDO if action == UNDO else str(state.last_move)
        self._append(share, game, line)
        game.state, game.redo = state, redo
        game.steps += 1

    def _append(self, share: str, game: _Game, line: str) -> None:
        """Append `line` to the game's moves file and sync it, or leave the file as it was.

        Raises:
            RequestError: 500, the line could not be saved.
        """
        data = memoryview(f"{line}\n".encode("ascii"))
        try:
            descriptor = os.open(self._moves(share), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        except OSError as error:
            raise _save_failed(error) from None
        try:
            while data:
                data = data[os.write(descriptor, data) :]
            os.fsync(descriptor)
        except OSError as error:
            try:
                os.ftruncate(descriptor, game.size)  # take back what part was written
            except OSError:
                self._drop(share, game)  # unsure what the file holds: read it again
            raise _save_failed(error) from None
        finally:
            os.close(descriptor)
        game.size += len(line) + 1

    def _work_out(self, state: State, thoughtful: bool) -> Move | None:
        """The hint for `state`, from a worker process."""
        if not thoughtful:
            seen = state.observe()
            honest = p13.honest_hint if isinstance(seen, p13.Observation) else spider.honest_hint
            move: Move | None = self._hints.run(honest, seen)
            return move
        move = self._hints.run(p13.hint, state)
        if move is None:
            # The engine may call a game lost before the player can know it: the view
            # still offers forced draws, and so does the hint, giving nothing away.
            offered = state.observe().legal_moves()
            move = offered[0] if offered else None
        return move


def _share(token: str) -> str:
    """The share id of a token, once the token is seen to be one (else: no such game)."""
    if not GAME_ID.fullmatch(token):
        raise RequestError(HTTPStatus.NOT_FOUND, "no such game")
    return share_of(token)


def _save_failed(error: OSError) -> RequestError:
    reason = error.strerror or type(error).__name__
    return RequestError(
        HTTPStatus.INTERNAL_SERVER_ERROR,
        f"the game could not be saved ({reason}): it is as it was before this request",
    )


def _damaged(why: str) -> RequestError:
    return RequestError(HTTPStatus.INTERNAL_SERVER_ERROR, f"the saved game is damaged: {why}")


# -- requests -----------------------------------------------------------------------------


class RateLimit:
    """Requests per client, as a token bucket: `burst` at once, then `rate` per second.

    Args:
        rate: the requests a second a client may keep up.
        burst: the requests a client may make at once.
        clients: how many clients are remembered (the longest idle are forgotten).
    """

    def __init__(self, rate: float, burst: int, clients: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.clients = clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, client: str, now: float | None = None) -> float:
        """Take one request for `client`: 0 when it may go ahead, else the seconds until
        it may."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, then = self._buckets.pop(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            waiting = 0.0 if tokens >= 1 else (1 - tokens) / self.rate
            self._buckets[client] = (tokens - 1 if tokens >= 1 else tokens, now)
            while len(self._buckets) > self.clients:
                self._buckets.popitem(last=False)
            return waiting


class _JsonError(Exception):
    """A JSON text the server does not take (raised from inside `json.loads`)."""


def _no_float(text: str) -> float:
    raise _JsonError(f"numbers here are integers: {text[:30]} is not one")


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _JsonError(f"a number of {len(text)} digits is longer than any this server takes")
    return int(text)


def _no_constant(text: str) -> Any:
    raise _JsonError(f"{text} is not JSON")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _JsonError(f"the key {key[:30]!r} is given twice")
        found[key] = value
    return found


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in a JSON text (strings skipped)."""
    depth = deepest = 0
    inside = escaped = False
    for char in text:
        if inside:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                inside = False
        elif char == '"':
            inside = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse_body(data: bytes) -> Json:
    """A request body as a JSON object, strictly: UTF-8, at most `MAX_DEPTH` levels deep,
    integers of at most `MAX_DIGITS` digits, no fractions, exponents, ``NaN`` or
    ``Infinity``, no key twice.

    Raises:
        RequestError: 400, saying what is wrong.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RequestError(HTTPStatus.BAD_REQUEST, "the body must be JSON in UTF-8") from None
    if _depth(text) > MAX_DEPTH:
        raise RequestError(
            HTTPStatus.BAD_REQUEST, f"the body is nested more than {MAX_DEPTH} levels deep"
        )
    try:
        value = json.loads(
            text,
            parse_float=_no_float,
            parse_int=_integer,
            parse_constant=_no_constant,
            object_pairs_hook=_unique,
        )
    except _JsonError as error:
        raise RequestError(HTTPStatus.BAD_REQUEST, str(error)) from None
    except json.JSONDecodeError as error:
        raise RequestError(
            HTTPStatus.BAD_REQUEST,
            f"the body is not JSON: {error.msg} at line {error.lineno} column {error.colno}",
        ) from None
    if not isinstance(value, dict):
        raise RequestError(HTTPStatus.BAD_REQUEST, "the body must be a JSON object")
    return value


def _fields(body: Mapping[str, Any], allowed: tuple[str, ...]) -> None:
    for name in body:
        if name not in allowed:
            expected = ", ".join(allowed) if allowed else "none"
            raise RequestError(
                HTTPStatus.BAD_REQUEST, f"unknown field {name[:30]!r} (fields: {expected})"
            )


def _text(body: Mapping[str, Any], name: str, default: str | None = None) -> str:
    value = body.get(name, default)
    if not isinstance(value, str) or not 0 < len(value) <= MAX_MOVE_TEXT:
        raise RequestError(
            HTTPStatus.BAD_REQUEST,
            f"{name} must be a string of 1 to {MAX_MOVE_TEXT} characters, not {_kind(value)}",
        )
    return value


def _number(body: Mapping[str, Any], name: str, low: int, high: int) -> int | None:
    value = body.get(name)
    if value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise RequestError(
            HTTPStatus.BAD_REQUEST,
            f"{name} must be an integer from {low} to {high}, not {_kind(value)}",
        )
    return value


def _kind(value: object) -> str:
    if isinstance(value, (bool, int)) or value is None:
        return json.dumps(value)
    if isinstance(value, str):
        plural = "" if len(value) == 1 else "s"
        return f"a string of {len(value)} character{plural}" if value else "an empty string"
    return "an object" if isinstance(value, dict) else "a list"


class _Deadline(io.RawIOBase):
    """A socket read against a deadline: however slowly a client sends, its request must
    be in by the deadline (each read waits only for the time left)."""

    def __init__(self, connection: socket.socket, deadline: float) -> None:
        self._connection = connection
        self._deadline = deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request took too long to arrive")
        self._connection.settimeout(left)
        return self._connection.recv_into(buffer)


class Handler(BaseHTTPRequestHandler):
    """Serves the page and the JSON API of `Games` (the server's ``games`` attribute)."""

    server: GameServer
    server_version = "pyramid13-web"
    sys_version = ""

    def setup(self) -> None:
        """Read the request against the server's deadline (`Limits.request_seconds`)."""
        super().setup()
        self.rfile.close()  # the socket's own reader, replaced by one with a deadline
        deadline = time.monotonic() + self.server.games.limits.request_seconds
        self.rfile = io.BufferedReader(_Deadline(self.connection, deadline))

    def version_string(self) -> str:
        """The Server header: the example's name, not the Python version."""
        return self.server_version

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the example prints no line per request."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The standard library's own refusals (a bad request line, headers too long, an
        unknown method) as JSON, like every other."""
        status = HTTPStatus(code)
        self.close_connection = True
        if self.request_version == "HTTP/0.9":
            self.request_version = "HTTP/1.0"  # a status line, even to a request with none
        self._json({"error": message or status.phrase}, status)

    def do_GET(self) -> None:
        """The page's files, the presets, a game's view, hint or picture."""
        self._serve(self._get)

    def do_POST(self) -> None:
        """A new game, a move, an undo, a redo, summaries."""
        self._serve(self._post)

    def do_HEAD(self) -> None:
        """Not served: the API is GET and POST."""
        self._serve(self._not_allowed)

    def do_PUT(self) -> None:
        """Not served."""
        self._serve(self._not_allowed)

    def do_DELETE(self) -> None:
        """Not served."""
        self._serve(self._not_allowed)

    def do_PATCH(self) -> None:
        """Not served."""
        self._serve(self._not_allowed)

    def do_OPTIONS(self) -> None:
        """Not served: no other site's page may call the API (no CORS)."""
        self._serve(self._not_allowed)

    def _not_allowed(self) -> None:
        raise RequestError(HTTPStatus.METHOD_NOT_ALLOWED, f"{self.command} is not served here")

    def _serve(self, action: Callable[[], None]) -> None:
        """Admit the request, carry it out, and answer whatever happens."""
        try:
            self._admit()
            action()
        except RequestError as error:
            self._refuse(error)
        except p13.Pyramid13Error as error:
            self._json({"error": str(error)}, HTTPStatus.BAD_REQUEST)
        except TimeoutError:
            self.close_connection = True
            with contextlib.suppress(OSError):
                self._json({"error": "the request took too long"}, HTTPStatus.REQUEST_TIMEOUT)
        except ConnectionError:
            self.close_connection = True  # the client went away
        except Exception:
            traceback.print_exc()  # a bug of the server's own: worth a traceback
            self._json({"error": "the server failed"}, HTTPStatus.INTERNAL_SERVER_ERROR)

    def _admit(self) -> None:
        """The client's rate, then the Host header (the browser's name for this server: a
        page of another site, whose name resolves here, gets nothing)."""
        waiting = self.server.rate.wait(self.client_address[0])
        if waiting:
            raise RequestError(
                HTTPStatus.TOO_MANY_REQUESTS,
                "too many requests: slow down",
                retry_after=math.ceil(waiting),
            )
        host = self.headers.get("Host", "").strip().lower()
        if host not in self.server.hosts:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"not served for the host {host[:60]!r}")

    def _get(self) -> None:
        path, _, query = self.path.partition("?")
        if path in STATIC:
            name, kind = STATIC[path]
            self._send((HERE / name).read_bytes(), kind)
            return
        parts = path.strip("/").split("/")
        if path == "/api/presets":
            self._query(query, ())
            self._json(
                {
                    "pyramid": list(p13.RuleSet.preset_names()),
                    "spider": list(spider.RuleSet.preset_names()),
                    "suits": [1, 2, 4],
                }
            )
        elif len(parts) in (3, 4) and parts[:2] == ["api", "games"]:
            games, token = self.server.games, parts[2]
            action = parts[3] if len(parts) == 4 else ""
            if action == "hint":
                value = self._query(query, ("thoughtful",)).get("thoughtful", "0")
                if value not in ("0", "1"):
                    raise RequestError(HTTPStatus.BAD_REQUEST, "thoughtful must be 0 or 1")
                state, move = games.hint(token, thoughtful=value == "1")
                self._json(
                    {
                        "move": None if move is None else move_view(state, move),
                        "played": len(state.history),
                        "honest": value == "0",
                    }
                )
                return
            self._query(query, ())
            if action == "picture.svg":
                self._send(picture(games.get(token)).encode(), "image/svg+xml")
            elif action == "code":
                self._json(code(games.get(token)))
            elif not action:
                self._answer(token, games.turn(token))
            else:
                raise RequestError(HTTPStatus.NOT_FOUND, f"no such page: {path[:80]}")
        elif len(parts) in (3, 4) and parts[:2] == ["api", "shared"]:
            self._query(query, ())
            turn = self.server.games.turn(parts[2], shared=True)
            if len(parts) == 3:
                self._answer(None, turn)
            elif parts[3] == "picture.svg":
                self._send(picture(turn.state).encode(), "image/svg+xml")
            elif parts[3] == "code":
                self._json(code(turn.state))
            else:
                raise RequestError(HTTPStatus.NOT_FOUND, f"no such page: {path[:80]}")
        else:
            raise RequestError(HTTPStatus.NOT_FOUND, f"no such page: {path[:80]}")

    def _post(self) -> None:
        games = self.server.games
        parts = self.path.strip("/").split("/")
        if self.path == "/api/new":
            body = self._body()
            _fields(body, ("game", "preset", "seed", "suits"))
            token = games.new(
                _text(body, "game", "pyramid"),
                _text(body, "preset", "microsoft"),
                _number(body, "seed", 0, 2**64 - 1),
                _number(body, "suits", 1, 4),
            )
            self._answer(token, games.turn(token))
        elif self.path == "/api/summaries":
            body = self._body()
            _fields(body, ("ids",))
            tokens = body.get("ids")
            if not isinstance(tokens, list) or len(tokens) > MAX_SUMMARIES:
                raise RequestError(
                    HTTPStatus.BAD_REQUEST, f"ids must be a list of at most {MAX_SUMMARIES} ids"
                )
            if not all(isinstance(token, str) for token in tokens):
                raise RequestError(HTTPStatus.BAD_REQUEST, "ids must be strings")
            self._json({"games": games.summaries(tokens)})
        elif (
            len(parts) == 4
            and parts[:2] == ["api", "games"]
            and parts[3]
            in (
                "move",
                "undo",
                "redo",
            )
        ):
            body = self._body()
            token = parts[2]
            if parts[3] == "move":
                _fields(body, ("move",))
                self._answer(token, games.play(token, _text(body, "move")))
            else:
                _fields(body, ())
                self._answer(token, games.undo(token) if parts[3] == "undo" else games.redo(token))
        else:
            raise RequestError(HTTPStatus.NOT_FOUND, f"no such page: {self.path[:80]}")

    def _body(self) -> Json:
        """The request's JSON object, once it is known to come from this server's page and
        to be small: its origin, type and length are checked before a byte of it is read."""
        origin = self.headers.get("Origin")
        host = self.headers.get("Host", "").strip().lower()
        if origin is not None and origin.lower() not in (f"http://{host}", f"https://{host}"):
            raise RequestError(HTTPStatus.FORBIDDEN, "requests from another site are not served")
        if self.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
            raise RequestError(HTTPStatus.FORBIDDEN, "requests from another site are not served")
        kind = self.headers.get("Content-Type", "")
        media, _, parameters = kind.partition(";")
        charset = parameters.strip().lower().replace(" ", "")
        if media.strip().lower() != "application/json" or charset not in ("", "charset=utf-8"):
            raise RequestError(
                HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                f"the body must be application/json, not {kind[:60]!r}",
            )
        if "Transfer-Encoding" in self.headers:
            raise RequestError(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length")
        lengths = self.headers.get_all("Content-Length")
        if not lengths:
            raise RequestError(HTTPStatus.LENGTH_REQUIRED, "a Content-Length is needed")
        text = lengths[0].strip()
        if len(set(lengths)) > 1 or not re.fullmatch(r"[0-9]{1,12}", text):
            raise RequestError(
                HTTPStatus.BAD_REQUEST,
                f"Content-Length must be a number of bytes, not {', '.join(lengths)[:40]!r}",
            )
        length = int(text)
        if length > MAX_BODY:
            raise RequestError(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                f"the body may be at most {MAX_BODY:,} bytes, not {length:,}",
            )
        data = bytearray()
        while len(data) < length:
            chunk = self.rfile.read1(length - len(data))
            if not chunk:
                raise RequestError(
                    HTTPStatus.BAD_REQUEST, f"the body ended after {len(data)} of {length} bytes"
                )
            data += chunk
        return parse_body(bytes(data))

    def _query(self, query: str, allowed: tuple[str, ...]) -> dict[str, str]:
        try:
            pairs = urllib.parse.parse_qsl(query, strict_parsing=bool(query), max_num_fields=5)
        except ValueError:
            raise RequestError(
                HTTPStatus.BAD_REQUEST, "the query is not name=value pairs"
            ) from None
        found = dict(pairs)
        for name in found:
            if name not in allowed:
                raise RequestError(HTTPStatus.BAD_REQUEST, f"unknown parameter {name[:30]!r}")
        if len(found) < len(pairs):
            raise RequestError(HTTPStatus.BAD_REQUEST, "a parameter is given twice")
        return found

    def _answer(self, token: str | None, turn: Turn) -> None:
        """A game's view: with its token for its player, with its share id for anyone."""
        data: Json = {} if token is None else {"id": token}
        data.update(share=turn.share, readonly=token is None, **view(turn.state))
        data.update(redo=turn.redo, changes=turn.changes, steps=turn.steps)
        self._json(data)

    def _refuse(self, error: RequestError) -> None:
        headers = () if error.retry_after is None else (("Retry-After", str(error.retry_after)),)
        self._json({"error": error.reason}, error.status, headers)

    def _json(
        self,
        data: Json,
        status: HTTPStatus = HTTPStatus.OK,
        headers: Iterable[tuple[str, str]] = (),
    ) -> None:
        self._send(json.dumps(data).encode(), "application/json", status, headers)

    def _send(
        self,
        body: bytes,
        kind: str,
        status: HTTPStatus = HTTPStatus.OK,
        headers: Iterable[tuple[str, str]] = (),
    ) -> None:
        # Writing, too, has a time limit: a client that reads nothing is let go.
        self.connection.settimeout(self.server.games.limits.request_seconds)
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (*SECURITY_HEADERS, *headers):
            self.send_header(name, value)
        policy = PAGE_POLICY if kind.startswith("text/html") else NOTHING_POLICY
        self.send_header("Content-Security-Policy", policy)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


_BUSY = json.dumps({"error": "the server is busy: ask again in a moment"}).encode()
#: The answer to a connection beyond `Limits.connections`, sent without a thread.
BUSY_ANSWER = (
    b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: application/json\r\n"
    + b"Retry-After: 1\r\nContent-Length: "
    + str(len(_BUSY)).encode()
    + b"\r\n"
    + b"".join(f"{name}: {value}\r\n".encode() for name, value in SECURITY_HEADERS)
    + b"\r\n"
    + _BUSY
)


class GameServer(ThreadingHTTPServer):
    """An HTTP server with the `Games` its handlers play: one thread per connection, at
    most `Limits.connections` at once and `Limits.connections_per_client` for one client.

    Args:
        address: where to listen.
        games: the games.
        hosts: the host names clients use (the ``Host`` header is checked against them);
            by default the address listened on, and for a loopback address ``localhost``,
            ``127.0.0.1`` and ``::1`` too.

    Raises:
        ValueError: listening on every address (``0.0.0.0``, ``::``) with no `hosts`.
    """

    daemon_threads = True

    def __init__(self, address: tuple[str, int], games: Games, hosts: Iterable[str] = ()) -> None:
        names = {name.lower() for name in hosts}
        if not names:
            if address[0] in ("", "0.0.0.0", "::"):
                raise ValueError(
                    "listening on every address: name the hosts clients use (--allow-host)"
                )
            names = {address[0].lower()}
            if _loopback(address[0]):
                names |= {"localhost", "127.0.0.1", "::1"}
        super().__init__(address, Handler)
        self.games = games
        self.rate = RateLimit(games.limits.requests_per_second, games.limits.burst)
        self.hosts = frozenset(_host_headers(names, self.server_address[1]))
        self._open: dict[str, int] = {}  # connections being served, by client address
        self._open_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        """Serve the connection in a thread of its own, or answer 503 at once when the
        server, or this client, has all the connections it may have."""
        client, limits = client_address[0], self.games.limits
        with self._open_lock:
            taken = self._open.get(client, 0)
            admitted = (
                sum(self._open.values()) < limits.connections
                and taken < limits.connections_per_client
            )
            if admitted:
                self._open[client] = taken + 1
        if not admitted:
            with contextlib.suppress(OSError):
                request.settimeout(1.0)
                request.sendall(BUSY_ANSWER)
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._close(client)
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        """Serve one connection, then free its place."""
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._close(client_address[0])

    def _close(self, client: str) -> None:
        with self._open_lock:
            left = self._open.pop(client) - 1
            if left:
                self._open[client] = left

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away or timed out is no error of the server's: quiet."""
        if isinstance(sys.exc_info()[1], OSError):
            return
        super().handle_error(request, client_address)

    def server_close(self) -> None:
        """Stop listening and stop the hint workers."""
        super().server_close()
        self.games.close()


def _loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _host_headers(names: Iterable[str], port: int) -> Iterator[str]:
    """The Host headers that name this server: each name with the port (alone, too, for
    port 80); an IPv6 address in brackets."""
    for name in names:
        bare = f"[{name}]" if ":" in name else name
        yield f"{bare}:{port}"
        if port == 80:
            yield bare


def make_server(
    saves: Path,
    host: str = "127.0.0.1",
    port: int = 8013,
    *,
    limits: Limits | None = None,
    hosts: Iterable[str] = (),
) -> GameServer:
    """A server for the page, saving games in `saves`; port 0 picks a free port."""
    return GameServer((host, port), Games(saves, limits), hosts)


def _interrupt(number: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> None:
    default = Limits()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8013)
    parser.add_argument("--saves", type=Path, default=Path("saved-games"))
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name clients use to reach the server (repeat for more)",
    )
    for field in dataclasses.fields(Limits):
        parser.add_argument(
            "--" + field.name.replace("_", "-"),
            type=type(getattr(default, field.name)),
            default=getattr(default, field.name),
            metavar="N",
        )
    args = parser.parse_args(argv)
    try:
        limits = Limits(
            **{field.name: getattr(args, field.name) for field in dataclasses.fields(Limits)}
        )
        server = make_server(args.saves, args.host, args.port, limits=limits, hosts=args.allow_host)
    except ValueError as error:
        parser.error(str(error))
    server.games.warm_hints()
    # SIGTERM (a service manager stopping the server) stops it as Ctrl-C does: cleanly.
    signal.signal(signal.SIGTERM, _interrupt)
    host, port = server.server_address[:2]
    print(f"playing at http://{host!s}:{port}/ (saving to {args.saves}); Ctrl-C stops")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
