"""The documentation: reference coverage, runnable code in pages and docstrings."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import importlib.metadata
import io
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import pyramid13

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
REFERENCE = DOCS / "reference"
BLOCK = re.compile(r"^::: (pyramid13(?:\.\w+)*)\s*$", re.MULTILINE)
FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)
SNIPPET = re.compile(r'^--8<-- "([^"]+)"\s*$', re.MULTILINE)


def documented_paths() -> set[str]:
    """Every object named in a ``::: path`` block of the reference pages."""
    return {match for page in REFERENCE.glob("*.md") for match in BLOCK.findall(page.read_text())}


def excluded_pages() -> set[str]:
    """Pages listed under ``exclude_docs`` in mkdocs.yml (waiting for their feature)."""
    config = (ROOT / "mkdocs.yml").read_text()
    block = re.search(r"^exclude_docs: \|\n((?:  .*\n)+)", config, re.MULTILINE)
    if block is None:
        return set()
    return {
        line.strip().lstrip("/")
        for line in block.group(1).splitlines()
        if line.strip() and not line.strip().startswith("#")
    }


def python_blocks(text: str) -> list[tuple[str, str | None]]:
    """The ``python`` fenced blocks of a Markdown text, snippets (``--8<--``) expanded.

    Each comes with the expected output when the next block is a ``text`` block titled
    "Output", as the pages show what a program prints.
    """
    fences = list(FENCE.finditer(text))
    blocks: list[tuple[str, str | None]] = []
    for index, fence in enumerate(fences):
        if fence.group(1) not in ("python", "py"):
            continue
        code = SNIPPET.sub(lambda m: (ROOT / m.group(1)).read_text(), fence.group(2))
        expected = None
        if index + 1 < len(fences):
            following = fences[index + 1]
            between = text[fence.end() : following.start()]
            if 'title="Output"' in following.group(0).splitlines()[0] and not between.strip():
                expected = following.group(2)
        blocks.append((code, expected))
    return blocks


# -- the reference covers the whole public API -------------------------------------------


@pytest.mark.parametrize("name", pyramid13.__all__)
def test_every_public_name_has_a_reference_block(name: str) -> None:
    paths = documented_paths()
    path = f"pyramid13.{name}"
    parents = {path.rsplit(".", depth)[0] for depth in range(1, path.count(".") + 1)}
    assert path in paths or parents & paths, f"no '::: {path}' block in docs/reference/*.md"


def resolve(path: str) -> object:
    """The object a dotted path names: the longest importable module, then attributes."""
    parts = path.split(".")
    for split in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for attribute in parts[split:]:
            obj = getattr(obj, attribute)
        return obj
    raise ImportError(path)


def test_reference_blocks_name_real_objects() -> None:
    excluded = {REFERENCE / page.removeprefix("reference/") for page in excluded_pages()}
    for page in set(REFERENCE.glob("*.md")) - excluded:
        for path in BLOCK.findall(page.read_text()):
            resolve(path)  # raises if the block names nothing


def test_strategies_are_documented_once_they_ship() -> None:
    importlib.import_module("pyramid13.strategies")  # shipped: it must import
    assert "pyramid13.strategies" in documented_paths()
    excluded = excluded_pages()
    assert "reference/strategies.md" not in excluded, "enable it in mkdocs.yml exclude_docs/nav"
    assert "how-to/test-your-bot.md" not in excluded, "enable it in mkdocs.yml exclude_docs/nav"


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings_handlers.python")
    site = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    return site


def test_site_builds_strictly_and_renders_every_public_name(built_site: Path) -> None:
    html = "".join(page.read_text() for page in (built_site / "reference").rglob("*.html"))
    missing = [name for name in pyramid13.__all__ if f'id="pyramid13.{name}"' not in html]
    assert not missing, f"not rendered in the reference: {missing}"


def test_site_has_every_nav_page(built_site: Path) -> None:
    for page in ("index.html", "tutorials/first-bot/index.html", "changelog/index.html"):
        assert (built_site / page).is_file(), page
    changelog = (built_site / "changelog" / "index.html").read_text()
    assert "Unreleased" in changelog  # included from CHANGELOG.md, not copied


# -- code in the README, the pages and the docstrings runs -------------------------------


def run_blocks(blocks: list[tuple[str, str | None]], where: str) -> None:
    """Run the blocks in one namespace, checking each printed output that the page shows."""
    namespace: dict[str, object] = {"__name__": f"docs:{where}"}
    for number, (block, expected) in enumerate(blocks, 1):
        code = compile(block, f"{where} (python block {number})", "exec")
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(code, namespace)
        if expected is not None:
            assert printed.getvalue().rstrip() == expected.rstrip(), f"{where}, block {number}"


def test_readme_python_blocks_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = python_blocks((ROOT / "README.md").read_text())
    assert blocks, "the README has no python block"
    run_blocks(blocks, "README.md")


DOC_PAGES = sorted(str(page.relative_to(DOCS)) for page in DOCS.rglob("*.md"))


@pytest.mark.parametrize("page", DOC_PAGES)
def test_page_python_blocks_run(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        run_blocks(python_blocks((DOCS / page).read_text()), page)
    except ModuleNotFoundError as error:
        if page not in excluded_pages():
            raise
        pytest.skip(f"{page} is excluded from the site until {error.name} ships")


def package_modules() -> list[str]:
    names = ["pyramid13"]
    for info in pkgutil.walk_packages(pyramid13.__path__, "pyramid13."):
        names.append(info.name)
    return names


def optional_dependencies() -> set[str]:
    """The import names of the packages the optional extras bring (numpy, gymnasium ...)."""
    names = set()
    for requirement in importlib.metadata.requires("pyramid13") or []:
        if "extra ==" in requirement:
            name = re.split(r"[\[<>=!~ ;]", requirement, maxsplit=1)[0].lower()
            names.add(name.replace("-", "_"))
    return names


def import_or_skip_extra(name: str, *, skip: bool = True) -> Any:
    """Import `name`. Only a missing package of an optional extra may excuse a failure,
    and never in CI (``CI`` set), which installs every extra: any other import error is
    a bug and fails the test."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        missing = (error.name or "").split(".")[0]
        if os.environ.get("CI") or missing not in optional_dependencies():
            raise
        if skip:
            pytest.skip(f"{name} needs the optional package {missing}")
        return None


@pytest.mark.parametrize("module_name", package_modules())
def test_docstring_examples_run(module_name: str) -> None:
    module = import_or_skip_extra(module_name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0


def test_docstrings_carry_examples() -> None:
    attempted = 0
    for name in package_modules():
        module = import_or_skip_extra(name, skip=False)
        if module is None:
            continue
        finder = doctest.DocTestFinder()
        attempted += sum(len(test.examples) for test in finder.find(module))
    assert attempted >= 30


def test_docstring_sections_are_spelled_for_griffe() -> None:
    # Griffe's Google parser knows "Examples:"; "Example:" would render as an admonition
    # full of '>>>' quote marks instead of code.
    for path in (ROOT / "src" / "pyramid13").rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            assert line.strip() != "Example:", f"{path.name}:{number}: write 'Examples:'"


def test_every_public_parameter_is_documented() -> None:
    griffe = pytest.importorskip("griffe")
    package = griffe.load("pyramid13", search_paths=[str(ROOT / "src")])
    undocumented: list[str] = []

    def check(path: str, function: object) -> None:
        names = [p.name for p in function.parameters if p.name not in ("self", "cls")]  # type: ignore[attr-defined]
        documented: set[str] = set()
        docstring = function.docstring  # type: ignore[attr-defined]
        if docstring is not None:
            for section in docstring.parse("google"):
                if section.kind is griffe.DocstringSectionKind.parameters:
                    documented |= {item.name.lstrip("*") for item in section.value}
        undocumented.extend(f"{path}({name})" for name in names if name not in documented)

    for name in pyramid13.__all__:
        obj = package[name]
        if obj.is_function:
            check(name, obj)
        elif obj.is_class:
            for member_name, member in obj.members.items():
                if member.is_function and not member_name.startswith("_"):
                    check(f"{name}.{member_name}", member)
    assert not undocumented, "add an Args: entry for " + ", ".join(undocumented)


def test_preset_table_lists_every_preset_with_its_settings() -> None:
    page = (DOCS / "how-to" / "rules-and-presets.md").read_text()
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    table = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        table[cells[0].strip("`")] = cells[1:10]
    assert tuple(table) == pyramid13.RuleSet.preset_names()

    def yes_no(flag: bool) -> str:
        return "yes" if flag else "no"

    for name, cells in table.items():
        rules = pyramid13.RuleSet.preset(name)
        expected = [
            str(rules.passes) if rules.passes else "unlimited",
            str(rules.draw_count),
            str(rules.waste_piles),
            yes_no(rules.stock_top_pairable),
            yes_no(rules.waste_pairing),
            yes_no(rules.overlap_pairing),
            yes_no(rules.first_card_to_waste),
            "all 52" if rules.goal is pyramid13.Goal.ALL_CARDS else "pyramid",
            rules.scoring.name,
        ]
        assert cells == expected, name


def test_the_readme_and_ci_run_the_same_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    commands = set(re.findall(r"python -m pytest[^\n#&]*", readme))
    assert {command.strip() for command in commands} == {"python -m pytest --cov"}
    ci_commands = [line.strip() for line in ci.splitlines() if "pytest" in line and "#" not in line]
    assert ci_commands == ["python -m pytest --cov"]
    assert "mypy --strict src examples tests benchmarks tools" in readme
    assert "mypy --strict src examples tests benchmarks tools" in ci
