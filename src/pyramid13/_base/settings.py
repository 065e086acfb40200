"""`Settings`: a bot's settings, listed once, give its repr, equality, hash and pickling.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.

Every bot of every game is a `Settings` class. It lists the names of its settings, in the
order of its constructor, in ``_SETTINGS``, and stores them once, in its ``__init__``, with
`Settings._settle`. From that list alone it gets:

* ``repr``: ``spider.SamplingBot(samples=8, candidates=6, depth=20, seed=0)``, the game's
  prefix (``_PREFIX``) and the class name, then each setting as ``name=value``;
* equality and hashing by class and settings: two bots with the same settings play alike;
* pickling and copying of the settings: what a bot keeps for the game in progress (the
  attributes of the classes that define ``_reset``: plans, positions seen) does not travel,
  and ``_reset`` sets it up afresh on the copy; the attributes of a class without
  ``_reset`` (a subclass's own) travel with the settings;
* settings fixed once built: assigning or deleting one raises `FrozenInstanceError` (an
  `AttributeError`, as for the library's frozen values). A bot's other attributes, the
  working memory of its game in progress, stay its own to change.
"""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar

from attrs.exceptions import FrozenInstanceError

__all__ = ["Settings"]

_set = object.__setattr__


def _fixed(bot: object, name: str, what: str) -> FrozenInstanceError:
    error = FrozenInstanceError()
    error.args = (
        f"{type(bot).__name__}'s settings are fixed once built: cannot {what} {name!r}; "
        "build a new bot with the settings you want",
    )
    return error


class Settings:
    """A bot's settings, fixed once built, and what follows from them (see the module)."""

    __slots__ = ()

    _SETTINGS: ClassVar[tuple[str, ...]] = ()
    """The names of the settings, in the order of the constructor's parameters."""
    _PREFIX: ClassVar[str] = ""
    """What the repr puts before the class name (``"spider."`` for Spider's bots)."""

    def _settle(self, **values: Any) -> None:
        """Store the settings (every name of ``_SETTINGS``, no other), once, in ``__init__``."""
        names = type(self)._SETTINGS
        if set(values) != set(names):
            raise TypeError(f"settings {sorted(values)} are not {sorted(names)}")  # a bug here
        for name in names:
            _set(self, name, values[name])

    def _settings(self) -> tuple[Any, ...]:
        """The values of the settings, in ``_SETTINGS`` order."""
        return tuple([getattr(self, name) for name in type(self)._SETTINGS])

    def _owner(self) -> type:
        """The bot's kind: the nearest class that lists settings or defines ``choose`` (so
        an instance of a subclass that changes neither compares equal to its base's)."""
        for cls in type(self).__mro__:
            if "_SETTINGS" in vars(cls) or "choose" in vars(cls):
                return cls
        return type(self)

    def __setattr__(self, name: str, value: object) -> None:
        if name in type(self)._SETTINGS:
            raise _fixed(self, name, "set")
        _set(self, name, value)

    def __delattr__(self, name: str) -> None:
        if name in type(self)._SETTINGS:
            raise _fixed(self, name, "delete")
        object.__delattr__(self, name)

    def __repr__(self) -> str:
        settings = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self)._SETTINGS)
        return f"{type(self)._PREFIX}{type(self).__name__}({settings})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        owner = self._owner()
        return (
            isinstance(other, owner) and other._owner() is owner
        ) and self._settings() == other._settings()

    def __hash__(self) -> int:
        return hash((self._owner(), *self._settings()))

    def _extras(self) -> dict[str, Any]:
        """What travels besides the settings: the attributes of the classes that keep no
        game in progress (those without a ``_reset`` of their own), such as those of a
        subclass that brings its own, and any instance dict."""
        extras: dict[str, Any] = {}
        names = type(self)._SETTINGS
        for cls in type(self).__mro__:
            if "_reset" in vars(cls):
                continue  # its slots are the game in progress, set up afresh by _reset
            slots = vars(cls).get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in names and name not in ("__dict__", "__weakref__"):
                    with contextlib.suppress(AttributeError):
                        extras[name] = object.__getattribute__(self, name)
        extras.update(getattr(self, "__dict__", {}))
        return extras

    def __getstate__(self) -> Any:
        settings = self._settings()
        extras = self._extras()
        return {"settings": settings, "extras": extras} if extras else settings

    def __setstate__(self, state: Any) -> None:
        extras: dict[str, Any] = {}
        if isinstance(state, dict):
            settings, extras = state["settings"], state["extras"]
        elif isinstance(state, tuple):
            settings = state
        else:
            settings = (state,)  # a one-setting bot pickled by an older version: the value
        for name, value in zip(type(self)._SETTINGS, settings, strict=True):
            _set(self, name, value)
        for name, value in extras.items():
            _set(self, name, value)
        reset = getattr(self, "_reset", None)
        if reset is not None:
            reset()
