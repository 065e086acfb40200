"""The public namespace of `pyramid13.spider`: exported, sorted, documented."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import pyramid13
from pyramid13 import spider

ROOT = Path(__file__).resolve().parents[1]


def _isort_key(name: str) -> tuple[int, str]:
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name)


def test_all_is_sorted_and_complete() -> None:
    assert list(spider.__all__) == sorted(spider.__all__, key=_isort_key)
    for name in spider.__all__:
        assert hasattr(spider, name), name
    for info in pkgutil.iter_modules(spider.__path__):
        module = importlib.import_module(f"pyramid13.spider.{info.name}")
        assert isinstance(getattr(module, "__all__", None), list), info.name


def test_spider_is_a_subpackage_outside_the_flat_namespace() -> None:
    assert pyramid13.spider is spider
    assert "spider" not in pyramid13.__all__
    pyramid_game: object = pyramid13.GameState
    assert pyramid_game is not spider.GameState
    assert isinstance(spider.Layout.from_pysolfc(1).piles[0][0], pyramid13.Card)  # shared cards
    code = "from pyramid13 import spider; print(spider.RuleSet().preset_name)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "bicycle", result.stderr


@pytest.mark.parametrize("name", spider.__all__)
def test_every_public_name_is_documented(name: str) -> None:
    value = getattr(spider, name)
    assert inspect.getdoc(value), f"{name} has no docstring"
    if inspect.isclass(value):
        for member_name, member in vars(value).items():
            if member_name.startswith("_") or (
                not callable(member) and not isinstance(member, property)
            ):
                continue
            assert inspect.getdoc(member), f"{name}.{member_name} has no docstring"


def test_every_public_parameter_is_documented() -> None:
    griffe = pytest.importorskip("griffe")
    package = griffe.load("pyramid13.spider", search_paths=[str(ROOT / "src")])
    undocumented = []
    for name in spider.__all__:
        obj = package[name]
        functions = [(name, obj)] if obj.is_function else []
        if obj.is_class:
            functions += [
                (f"{name}.{member_name}", member)
                for member_name, member in obj.members.items()
                if member.is_function and not member_name.startswith("_")
            ]
        for path, function in functions:
            documented: set[str] = set()
            if function.docstring is not None:
                for section in function.docstring.parse("google"):
                    if section.kind is griffe.DocstringSectionKind.parameters:
                        documented |= {item.name.lstrip("*") for item in section.value}
            names = [p.name for p in function.parameters if p.name not in ("self", "cls")]
            undocumented += [f"{path}({p})" for p in names if p not in documented]
    assert not undocumented, "add an Args: entry for " + ", ".join(undocumented)
