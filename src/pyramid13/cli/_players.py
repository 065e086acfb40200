"""``stats --player``: a built-in player by name, or your own bot class as MODULE:CLASS.

MODULE is a module Python can import (on ``PYTHONPATH`` or installed) or a Python file
(``path/to/bots.py``, imported under its file name with its folder put first on
``sys.path`` for the run, as ``python path/to/bots.py`` would). Importing it runs its code,
as any import does: that is how the class is found. The class is built with no argument,
or with ``seed=N`` (``--bot-seed``) when its constructor has a ``seed`` parameter, and
the object must have a ``choose(state)`` method (`pyramid13.Bot`).

Layer: generic (the command line), which reaches each game through the registry.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import inspect
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType

from .._base.bots import Bot
from .._base.text import describe, shorten
from ._common import CliError, display_path

__all__ = ["bot_from_spec", "player_argument", "takes_seed"]


def player_argument(names: Sequence[str]) -> Callable[[str], str]:
    """An argparse type: one of `names`, or MODULE:CLASS (checked for its form only)."""

    def parse(text: str) -> str:
        if text in names:
            return text
        module, _, name = text.rpartition(":")
        if not module.strip() or not name.strip():
            raise argparse.ArgumentTypeError(
                f"expected {', '.join(names)} or MODULE:CLASS, not {describe(text)}"
            )
        return text

    return parse


def _reason(error: BaseException) -> str:
    try:
        message = str(error)
    except Exception:
        message = ""
    message = shorten(" ".join(message.split()), 200)
    return type(error).__name__ + (f": {message}" if message else "")


def _import_module(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and (name == error.name or name.startswith(error.name + ".")):
            raise CliError(
                f"no module named {describe(error.name)} (put its folder on PYTHONPATH, or "
                "name the file: path/to/bots.py:CLASS)"
            ) from None
        raise CliError(f"importing {describe(name)} raised {_reason(error)}") from None
    except (Exception, SystemExit) as error:
        raise CliError(f"importing {describe(name)} raised {_reason(error)}") from None


@contextlib.contextmanager
def _file_module(path: str) -> Iterator[ModuleType]:
    """The module of the Python file `path`, its folder first on ``sys.path`` meanwhile
    (worker processes import it by name to rebuild the bot)."""
    file = Path(path)
    if not file.is_file():
        raise CliError(f"no file {display_path(path)}")
    file = file.resolve()
    folder = str(file.parent)
    added = folder not in sys.path
    if added:
        sys.path.insert(0, folder)
    try:
        module = _import_module(file.stem)
        found = getattr(module, "__file__", None)
        if found is None or Path(found).resolve() != file:
            where = "a built-in module" if found is None else display_path(found)
            raise CliError(
                f"the module name {describe(file.stem)} is already taken by {where}; "
                "rename the file"
            )
        yield module
    finally:
        if added:
            with contextlib.suppress(ValueError):
                sys.path.remove(folder)


def _is_file(module: str) -> bool:
    return module.endswith(".py") or "/" in module or os.sep in module


@contextlib.contextmanager
def bot_from_spec(spec: str, seed: int) -> Iterator[Bot]:
    """The bot that ``--player MODULE:CLASS`` names, for the length of a run.

    Raises:
        CliError: the module or the class cannot be found, importing or building it
            raised, or the object built is no bot.
    """
    module_name, _, class_path = spec.rpartition(":")
    with contextlib.ExitStack() as stack:
        try:
            if _is_file(module_name):
                module = stack.enter_context(_file_module(module_name))
            else:
                module = _import_module(module_name)
            bot = _build(module, class_path, seed)
        except CliError as error:
            raise CliError(f"--player {shorten(spec, 200)}: {error}") from None
        yield bot


def takes_seed(maker: object) -> bool:
    """Whether the class (or function) `maker` takes a ``seed`` argument by name."""
    try:
        parameters = inspect.signature(maker).parameters  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    seed = parameters.get("seed")
    return seed is not None and seed.kind in (
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        inspect.Parameter.KEYWORD_ONLY,
    )


def _build(module: ModuleType, class_path: str, seed: int) -> Bot:
    found: object = module
    for part in class_path.split("."):
        try:
            found = getattr(found, part)
        except Exception:
            raise CliError(
                f"module {describe(module.__name__)} has no {describe(class_path)}"
            ) from None
    if not isinstance(found, type):
        raise CliError(f"{shorten(class_path)} is not a class ({type(found).__name__})")
    seeded = takes_seed(found)
    call = f"{shorten(class_path)}({'seed=' + str(seed) if seeded else ''})"
    try:
        bot: object = found(seed=seed) if seeded else found()
    except (Exception, SystemExit) as error:
        raise CliError(f"{call} raised {_reason(error)}") from None
    if not isinstance(bot, Bot) or not callable(getattr(bot, "choose", None)):
        raise CliError(f"{call} is not a bot: it has no choose(state) method")
    return bot
