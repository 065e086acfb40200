"""The public namespace: exported, sorted and documented."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys

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


def test_lazy_names_are_exactly_the_public_names() -> None:
    # `import pyramid13` imports each public name on first use; the table that says where
    # each one lives must list every name of __all__ (but the version) and no other.
    assert set(p13._NAMES) == set(p13.__all__) - {"__version__"}
    for name, module in p13._NAMES.items():
        assert getattr(p13, name) is getattr(importlib.import_module(module, "pyramid13"), name)


def test_import_is_cheap_and_attribute_access_loads_the_engine() -> None:
    # In a fresh interpreter: importing the package (or its command line) loads no engine
    # module, so the command line can handle Ctrl-C before the engine loads.
    code = (
        "import sys, pyramid13, pyramid13.cli\n"
        "assert 'pyramid13.pyramid._state' not in sys.modules, sorted(sys.modules)\n"
        "assert 'attrs' not in sys.modules\n"
        "pyramid13.GameState\n"
        "assert 'pyramid13.pyramid._state' in sys.modules\n"
        "assert pyramid13.solver.solve is pyramid13.solve\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
