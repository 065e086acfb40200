"""The web example's server (examples/web/server.py), loaded as a module, and a `Server`
that runs it in a thread on a free port, for tests over HTTP and in a browser."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import socket
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["WEB", "Server", "raw", "web"]

WEB = Path(__file__).resolve().parents[1] / "examples" / "web"


def _load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("web_example_server", WEB / "server.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


web = _load_example()


class Server:
    """The example's server in a thread, with its games and its address."""

    def __init__(self, saves: Path, port: int = 0, limits: Any = None) -> None:
        self.httpd = web.make_server(saves, port=port, limits=limits)
        self.games = self.httpd.games
        self.port: int = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join()

    def text(self, path: str) -> tuple[str, str]:
        """The content type and text of a page."""
        with urllib.request.urlopen(self.url + path, timeout=30) as response:
            return response.headers["Content-Type"], response.read().decode()

    def call(
        self, method: str, path: str, body: object = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        """The status and the JSON answer of one request (a POST carries `body`, ``{}`` by
        default, as JSON)."""
        data = None
        sent = dict(headers or {})
        if method == "POST":
            data = json.dumps({} if body is None else body).encode()
            sent.setdefault("Content-Type", "application/json")
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=sent)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def raw(
        self, request: bytes, timeout: float = 10.0, finish: bool = True
    ) -> tuple[int, dict[str, str], Any]:
        """Send `request` as it is; the status, headers and JSON answer."""
        return raw(self.port, request, timeout, finish)


def raw(
    port: int, request: bytes, timeout: float = 10.0, finish: bool = True
) -> tuple[int, dict[str, str], Any]:
    """Send the bytes of `request` to the server on `port` (then, with `finish`, say that
    nothing more comes) and read its whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(request)
        if finish:
            # A server that answers before reading (a 503 when it is full) may have
            # closed the connection already: its answer is still there to read.
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, json.loads(body) if body else None
