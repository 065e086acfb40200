"""The public namespace: exported, sorted and documented."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import pyramid13 as p13


def _isort_key(name: str) -> tuple[int, str]:
    # The order ruff keeps: CONSTANTS, then Classes, then functions and the rest.
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name)


def test_all_is_sorted_and_complete() -> None:
    assert list(p13.__all__) == sorted(p13.__all__, key=_isort_key)
    for name in p13.__all__:
        assert hasattr(p13, name), name


@pytest.mark.parametrize("name", [name for name in p13.__all__ if not name.startswith("_")])
def test_every_public_name_is_documented(name: str) -> None:
    value = getattr(p13, name)
    if inspect.isclass(value) or inspect.isfunction(value):
        assert inspect.getdoc(value), f"{name} has no docstring"
        for member_name, member in vars(value).items():
            if member_name.startswith("_") or (
                not callable(member) and not isinstance(member, property)
            ):
                continue
            assert inspect.getdoc(member), f"{name}.{member_name} has no docstring"


def test_every_module_declares_all() -> None:
    for info in pkgutil.iter_modules(p13.__path__):
        if info.name == "__main__":
            continue
        module = importlib.import_module(f"pyramid13.{info.name}")
        assert isinstance(getattr(module, "__all__", None), list), info.name
