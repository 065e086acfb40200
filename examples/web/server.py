"""A reference web UI for both games: a small server that keeps every game, and a page.

Run it with ``python examples/web/server.py`` and open http://127.0.0.1:8013/ (``--port``,
``--host`` and ``--saves`` change where it listens and where it saves). The page
(``index.html``, ``app.js``, ``style.css`` beside this file, no build step) plays Pyramid
and Spider: click or drag a card, undo, hint, new deal.

The server holds the full state of every game and sends the browser only what a player
sees: the JSON view of a state is made from `State.observe` (no face-down card, no stock
order) plus the legal moves, each with the table places it uses. After every move the
game is saved with `pyramid13.save_game` as ``SAVES/ID.json``, so a game survives a
restart of the server and resumes from its record. It uses the standard library only.

The API, all JSON::

    GET  /api/presets              the presets of each game
    POST /api/new                  {"game", "preset", "seed"?, "suits"?} -> a view
    GET  /api/games/ID             the view of a game (loaded from its record if need be),
                                   with the "changes" of its last move
    POST /api/games/ID/move        {"move": "4C+9C"} -> the view after it, with its "changes"
    POST /api/games/ID/undo        -> the view before the last move, with its "changes"
    GET  /api/games/ID/hint        -> {"move": a move of the view's "moves", or null}
         /api/games/ID/hint?honest=1  Spider: the hint from the player's view alone
    GET  /api/games/ID/picture.svg the table as a picture (`pyramid13.to_svg`)

A move the engine refuses gets status 400 and ``{"error": "why"}``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import secrets
import threading
import urllib.parse
from collections.abc import Mapping
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
    "changes_view",
    "make_server",
    "move_view",
    "picture",
    "preset_of",
    "view",
]

HERE = Path(__file__).resolve().parent
#: The files the page is made of, by URL path, with their content types.
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}
GAME_ID = re.compile(r"[0-9a-f]{16}")
MAX_BODY = 10_000

State = p13.GameState | spider.GameState
Json = dict[str, Any]


def place(location: p13.CardLocation) -> Json:
    """A table place as JSON: the page addresses cards by these three values."""
    return {"place": location.place.value, "index": location.index, "depth": location.depth}


def move_view(state: State, move: p13.Move | spider.Move) -> Json:
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
    found: list[Json] = []
    for change in state.changes() if undone is None else reversed(undone.changes()):
        source, target = change.source, change.target
        if undone is not None:
            source, target = target, source
        found.append(
            {
                "card": None if change.card is None or target in hidden else str(change.card),
                "source": place(source),
                "target": place(target),
                "turned_up": change.turned_up and undone is None,
                "turned_down": change.turned_up and undone is not None,
            }
        )
    return found


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
        "status": seen.status.value,
        "played": len(seen.history),
        "last_move": str(seen.history[-1]) if seen.history else None,
        "moves": [move_view(state, move) for move in seen.legal_moves()],
        "code": seen.to_string(),  # the player's view in one line (Observation.from_string)
    }
    if isinstance(seen, p13.Observation):
        data["table"] = {
            "pyramid": [_card(card) for card in seen.pyramid],
            "stock": {"size": seen.stock_size, "top": _card(seen.stock_top)},
            "waste": [[str(card) for card in pile] for pile in seen.waste_piles],
            "pass": seen.pass_number,
            "passes": seen.rules.passes,
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


def picture(state: State) -> str:
    """The table as SVG (`pyramid13.to_svg` of the observation), the last move marked."""
    seen = state.observe()
    return p13.to_svg(seen, lastmove=seen.history[-1] if seen.history else None)


class Games:
    """Every game the server plays, by id: full states in memory, a record of each on disk.

    Args:
        folder: where records are saved (made if missing); a game not in memory is loaded
            from ``folder/ID.json``, which is how games resume after a restart.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self._states: dict[str, State] = {}
        self._hinters: dict[str, p13.Hinter] = {}
        self._metadata: dict[str, p13.RecordMetadata | None] = {}
        self._lock = threading.Lock()

    def new(self, game: str, preset: str, seed: int | None = None, suits: int = 1) -> str:
        """Deal a new game (a random deal unless `seed` is given) and return its id."""
        if seed is None:
            seed = random.randrange(2**31)
        if game == "pyramid":
            rules = p13.RuleSet.preset(preset)
            state: State = p13.GameState.new(p13.Layout.shuffled(seed), rules)
        elif game == "spider":
            spider_rules = spider.RuleSet.preset(preset, suits=suits)
            state = spider.GameState.new(spider.Layout.shuffled(seed, spider_rules), spider_rules)
        else:
            raise p13.InvalidArgumentError(f"game must be 'pyramid' or 'spider', not {game!r}")
        return self.start(state, source=f"seed {seed}")

    def start(self, state: State, source: str | None = None) -> str:
        """Keep `state` as a new game, save it and return its id."""
        game_id = secrets.token_hex(8)
        with self._lock:
            self._keep(game_id, state, source)
        return game_id

    def get(self, game_id: str) -> State:
        """The current state of a game, loaded from its record when not in memory.

        Raises:
            KeyError: no such game.
        """
        with self._lock:
            return self._get(game_id)

    def play(self, game_id: str, move: str) -> State:
        """Play `move` (its text) and save the game.

        Raises:
            pyramid13.IllegalMoveError: the move is not legal; the message is the sentence
                for the player (`why_illegal`), and the game is as it was.
            pyramid13.InvalidMoveError: the text is no move of the game.
        """
        with self._lock:
            state = self._get(game_id)
            try:
                after = state.apply(move)
            except p13.IllegalMoveError:
                reason = state.why_illegal(move) or f"{move} is not legal here."
                raise p13.IllegalMoveError(reason) from None
            self._keep(game_id, after)
            return after

    def undo(self, game_id: str) -> tuple[State, State]:
        """Take the last move back (raises `pyramid13.UndoError` at the start) and save;
        returns the state now and the one taken back."""
        with self._lock:
            undone = self._get(game_id)
            state = undone.undo()
            self._keep(game_id, state)
            return state, undone

    def hint(
        self, game_id: str, honest: bool = False
    ) -> tuple[State, p13.Move | spider.Move | None]:
        """The state and the move its game's `pyramid13.Hinter` suggests (None once over);
        with `honest`, for Spider, `spider.honest_hint` of the player's view instead.

        One hinter per game, kept with it: from one hint to the next it keeps what its
        searches found, where `pyramid13.hint` starts afresh each time. It searches knowing
        every card (the stock order, Spider's face-down cards); only the move it picks is
        sent.
        """
        with self._lock:
            state = self._get(game_id)
            if honest:
                if not isinstance(state, spider.GameState):
                    raise p13.InvalidArgumentError("honest hints are for Spider games only")
                return state, spider.honest_hint(state.observe())
            hinter = self._hinters.setdefault(game_id, p13.Hinter())
            move: p13.Move | spider.Move | None
            if isinstance(state, p13.GameState):  # one call per game, for the type checker
                move = hinter.hint(state)
            else:
                move = hinter.hint(state)
            if move is None:
                # The engine may call a game lost before the player can know it: the view
                # still offers forced draws, and so does the hint, giving nothing away.
                offered = state.observe().legal_moves()
                move = offered[0] if offered else None
            return state, move

    def _get(self, game_id: str) -> State:
        state = self._states.get(game_id)
        if state is None:
            path = self.folder / f"{game_id}.json"
            if not GAME_ID.fullmatch(game_id) or not path.is_file():
                raise KeyError(game_id)
            record = p13.GameRecord.load(path)
            loaded = record.replay()  # the whole game, so undo goes on working
            assert isinstance(loaded, (p13.GameState, spider.GameState))
            state = self._states[game_id] = loaded
            self._metadata[game_id] = record.metadata
        return state

    def _keep(self, game_id: str, state: State, source: str | None = None) -> None:
        self._states[game_id] = state
        if source is not None:
            self._metadata[game_id] = p13.RecordMetadata(source=source)
        metadata = self._metadata.get(game_id)
        p13.save_game(state, self.folder / f"{game_id}.json", metadata=metadata)


class Handler(BaseHTTPRequestHandler):
    """Serves the page and the JSON API of `Games` (the server's ``games`` attribute)."""

    server: GameServer

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the example prints no line per request."""

    def do_GET(self) -> None:
        """The page's files, the presets, a game's view, a hint."""
        path, _, query = self.path.partition("?")
        if path in STATIC:
            name, kind = STATIC[path]
            self._send((HERE / name).read_bytes(), kind)
        elif path == "/api/presets":
            self._json(
                {
                    "pyramid": list(p13.RuleSet.preset_names()),
                    "spider": list(spider.RuleSet.preset_names()),
                }
            )
        else:
            self._game(path, "GET", dict(urllib.parse.parse_qsl(query)))

    def do_POST(self) -> None:
        """A new game, a move, an undo."""
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            self._json({"error": "request too large"}, HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
            return
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            body = None
        if not isinstance(body, dict):
            self._json({"error": "the body must be a JSON object"}, HTTPStatus.BAD_REQUEST)
            return
        if self.path == "/api/new":
            try:
                seed = body.get("seed")
                game_id = self.server.games.new(
                    str(body.get("game", "pyramid")),
                    str(body.get("preset", "microsoft")),
                    None if seed is None else int(seed),
                    int(body.get("suits", 1)),
                )
            except (p13.Pyramid13Error, ValueError, TypeError) as error:
                self._json({"error": str(error)}, HTTPStatus.BAD_REQUEST)
                return
            self._json({"id": game_id, **view(self.server.games.get(game_id))})
        else:
            self._game(self.path, "POST", body)

    def _game(self, path: str, method: str, body: Mapping[str, Any]) -> None:
        """A game's view, hint, picture, move or undo; `body` is the JSON body of a POST, the
        query of a GET."""
        parts = path.strip("/").split("/")
        if len(parts) not in (3, 4) or parts[:2] != ["api", "games"]:
            self._json({"error": f"no such page: {path}"}, HTTPStatus.NOT_FOUND)
            return
        game_id, action = parts[2], (parts[3] if len(parts) == 4 else "")
        games = self.server.games
        changes: list[Json] = []
        try:
            if (method, action) == ("GET", ""):
                state = games.get(game_id)
                changes = changes_view(state)
            elif (method, action) == ("GET", "hint"):
                state, move = games.hint(game_id, honest=body.get("honest") == "1")
                self._json({"move": None if move is None else move_view(state, move)})
                return
            elif (method, action) == ("GET", "picture.svg"):
                self._send(picture(games.get(game_id)).encode(), "image/svg+xml")
                return
            elif (method, action) == ("POST", "move"):
                state = games.play(game_id, str(body.get("move")))
                changes = changes_view(state)
            elif (method, action) == ("POST", "undo"):
                state, undone = games.undo(game_id)
                changes = changes_view(state, undone)
            else:
                self._json({"error": f"no such page: {path}"}, HTTPStatus.NOT_FOUND)
                return
        except KeyError:
            self._json({"error": f"no game {game_id}"}, HTTPStatus.NOT_FOUND)
            return
        except p13.Pyramid13Error as error:
            self._json({"error": str(error)}, HTTPStatus.BAD_REQUEST)
            return
        self._json({"id": game_id, **view(state), "changes": changes})

    def _json(self, data: Json, status: HTTPStatus = HTTPStatus.OK) -> None:
        self._send(json.dumps(data).encode(), "application/json", status)

    def _send(self, body: bytes, kind: str, status: HTTPStatus = HTTPStatus.OK) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


class GameServer(ThreadingHTTPServer):
    """An HTTP server with the `Games` its handlers play."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], games: Games) -> None:
        super().__init__(address, Handler)
        self.games = games


def make_server(saves: Path, host: str = "127.0.0.1", port: int = 8013) -> GameServer:
    """A server for the page, saving games in `saves`; port 0 picks a free port."""
    return GameServer((host, port), Games(saves))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8013)
    parser.add_argument("--saves", type=Path, default=Path("saved-games"))
    args = parser.parse_args(argv)
    server = make_server(args.saves, args.host, args.port)
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
