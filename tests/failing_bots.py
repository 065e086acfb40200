"""Bots that fail on purpose in worker processes; top level, so that they pickle."""

from __future__ import annotations

import os
import signal

import pyramid13 as p13


class DiesOn(p13.GreedyBot):
    """Ends its worker process abruptly on one deal: ``os._exit`` or SIGKILL."""

    __slots__ = ("how", "layout", "parent", "trigger")
    honest = False  # it reads the state's layout

    def __init__(self, seed: int, how: str, trigger: str | None = None) -> None:
        self.layout = p13.Layout.shuffled(seed)
        self.how = how
        self.parent = os.getpid()
        self.trigger = trigger  # a file: die only if it can be created (once)

    def choose(self, state: p13.GameState) -> p13.Move:  # type: ignore[override]
        in_a_worker = state.layout == self.layout and os.getpid() != self.parent
        if in_a_worker and (self.trigger is None or _create(self.trigger)):
            if self.how == "kill":
                os.kill(os.getpid(), signal.SIGKILL)
            os._exit(3)
        return super().choose(state)

    def __repr__(self) -> str:
        return "DiesOn()"


def _create(path: str) -> bool:
    try:
        with open(path, "x"):
            return True
    except FileExistsError:
        return False


class RaisesOn(p13.GreedyBot):
    """Raises on one deal."""

    __slots__ = ("layout",)
    honest = False  # it reads the state's layout

    def __init__(self, seed: int) -> None:
        self.layout = p13.Layout.shuffled(seed)

    def choose(self, state: p13.GameState) -> p13.Move:  # type: ignore[override]
        if state.layout == self.layout:
            raise RuntimeError("a bug in the bot")
        return super().choose(state)
