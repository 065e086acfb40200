"""The documentation: reference coverage, runnable code in pages and docstrings."""

from __future__ import annotations

import contextlib
import doctest
import html as html_module
import importlib
import importlib.metadata
import inspect
import io
import json
import os
import pkgutil
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, TypeVar

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


def spider_public_names() -> list[str]:
    spider = importlib.import_module("pyramid13.spider")
    return [f"pyramid13.spider.{name}" for name in spider.__all__]


@pytest.mark.parametrize("path", spider_public_names())
def test_every_spider_public_name_has_a_reference_block(path: str) -> None:
    assert path in documented_paths(), f"no '::: {path}' block in docs/reference/*.md"


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


def test_site_renders_every_spider_public_name(built_site: Path) -> None:
    html = "".join(page.read_text() for page in (built_site / "reference").rglob("*.html"))
    missing = [path for path in spider_public_names() if f'id="{path}"' not in html]
    assert not missing, f"not rendered in the reference: {missing}"


def test_spider_docstring_links_stay_in_the_spider_namespace(built_site: Path) -> None:
    # `RuleSet` in a Spider docstring is spider.RuleSet, not Pyramid's RuleSet.
    html = (built_site / "reference" / "spider" / "index.html").read_text()
    section = html.split('id="pyramid13.spider.GameState.new"', 1)[1][:6000]
    assert 'href="#pyramid13.spider.RuleSet"' in section
    assert "rules/#pyramid13.RuleSet" not in section


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


# The pages show the API at work (solving, playing whole games) over code the unit tests
# trace: untraced, see tests/conftest.py.
@pytest.mark.no_cover
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
    ci_commands = [line.strip() for line in ci.splitlines() if "pytest" in line and "#" not in line]
    assert len(ci_commands) == 1
    assert {command.strip() for command in commands} == set(ci_commands)
    assert "--cov" in ci_commands[0].split()
    assert "mypy --strict src examples tests benchmarks tools" in readme
    assert "mypy --strict src examples tests benchmarks tools" in ci


# -- every page is found, every name is indexed, every sentence holds --------------------


@pytest.mark.parametrize("section", ["tutorials", "how-to", "explanation", "reference"])
def test_section_index_links_every_page(section: str) -> None:
    index = (DOCS / section / "index.md").read_text()
    linked = set(re.findall(r"\]\(([\w-]+\.md)(?:#[\w-]*)?\)", index))
    pages = {page.name for page in (DOCS / section).glob("*.md")} - {"index.md"}
    assert not pages - linked, f"{section}/index.md does not link {sorted(pages - linked)}"


def test_reference_index_names_every_public_name() -> None:
    index = (REFERENCE / "index.md").read_text()
    names = [f"pyramid13.{name}" for name in pyramid13.__all__ if name != "__version__"]
    strategies = pytest.importorskip("pyramid13.strategies")
    names += [f"pyramid13.strategies.{name}" for name in strategies.__all__]
    missing = [name for name in names if f"][{name}]" not in index]
    assert not missing, f"reference/index.md does not link {missing}"


def error_classes() -> list[str]:
    return [
        name
        for name in pyramid13.__all__
        if isinstance(getattr(pyramid13, name), type)
        and issubclass(getattr(pyramid13, name), Exception)
    ]


@pytest.mark.parametrize("name", error_classes())
def test_every_error_class_is_in_the_errors_reference(name: str) -> None:
    index = (REFERENCE / "index.md").read_text()
    row = next(line for line in index.splitlines() if line.startswith("| [Errors]"))
    assert f"[pyramid13.{name}]" in row, f"the Errors row of reference/index.md misses {name}"
    errors = (REFERENCE / "errors.md").read_text()
    assert name in errors, f"reference/errors.md does not mention {name}"


@pytest.mark.parametrize("name", error_classes())
def test_error_classes_show_their_public_path(name: str) -> None:
    # Tracebacks and reprs name the class where users import it from, and pickle finds it.
    error = getattr(pyramid13, name)
    assert error.__module__ == "pyramid13"
    assert getattr(importlib.import_module(error.__module__), error.__qualname__) is error


def test_every_error_class_is_exported() -> None:
    errors = importlib.import_module("pyramid13._base.errors")
    assert set(errors.__all__) <= set(pyramid13.__all__)


@pytest.mark.parametrize("name", error_classes())
def test_error_class_examples_run(name: str) -> None:
    # doctest looks for a module's examples among the objects whose __module__ is that
    # module; the error classes say "pyramid13", so run theirs here.
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    error = getattr(pyramid13, name)
    tests = finder.find(error, f"pyramid13.{name}", module=False, globs={})
    assert sum(len(test.examples) for test in tests), f"pyramid13.{name} shows no example"
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def cli_commands() -> list[str]:
    cli = importlib.import_module("pyramid13.cli")
    parser = cli.build_parser()
    for action in parser._actions:  # argparse keeps the subcommands in a private action
        if action.choices and isinstance(action.choices, dict):
            return sorted(action.choices)
    raise AssertionError("no subcommands found")


@pytest.mark.parametrize("command", [None, *cli_commands()])
def test_cli_help_prints_no_escaped_percent(
    command: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = importlib.import_module("pyramid13.cli")
    assert cli.main(["--help"] if command is None else [command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.strip()
    assert "%%" not in out, out
    assert "%(" not in out, out


def test_cli_reference_documents_every_command_and_preset() -> None:
    page = (REFERENCE / "cli.md").read_text()
    for command in cli_commands():
        assert f"\n## {command}\n" in page, f"reference/cli.md has no section for {command}"
    for preset in pyramid13.RuleSet.preset_names():
        assert f"`{preset}`" in page, f"reference/cli.md does not name the preset {preset}"


INSTALL_PAGES = [
    ROOT / "README.md",
    *sorted(DOCS.rglob("*.md")),
    *sorted((ROOT / "src").rglob("*.py")),  # docstrings and messages
    *sorted((ROOT / "examples").rglob("*.py")),
]
INDEX_INSTALL = re.compile(r"pip install +(?:-\S+ +)*[\"']?pyramid13\b")
EXTRA = re.compile(r"(?:pyramid13|\.)\[([\w,-]+)\]")


@pytest.mark.parametrize("page", INSTALL_PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_install_commands_work_from_a_checkout(page: Path) -> None:
    # pyramid13 is not on PyPI yet: a page that shows the index command labels it as for
    # later, and also gives the command that works in a checkout of the repository.
    lines = page.read_text().splitlines()
    index_lines = [n for n, line in enumerate(lines) if INDEX_INSTALL.search(line)]
    for number in index_lines:
        context = " ".join(lines[max(0, number - 8) : number + 1])
        assert "published" in context, f"{page.name}:{number + 1}: say it is for when published"
    if index_lines:
        text = "\n".join(lines)
        assert re.search(r"pip install (-e )?[\"']?\.", text), f"{page.name}: no checkout form"


def test_install_extras_exist() -> None:
    tomllib = pytest.importorskip("tomllib")
    extras = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    )
    for page in INSTALL_PAGES:
        for line in page.read_text().splitlines():
            if "pip install" in line:
                for group in EXTRA.findall(line):
                    unknown = set(group.split(",")) - extras
                    assert not unknown, f"{page.name}: no extra {unknown} in pyproject.toml"


GLOSSARY_TERMS = ("available", "exposed", "talon")
GLOSSARY = DOCS / "reference" / "glossary.md"
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]*)\)")


def prose(text: str) -> str:
    """The text with code, link targets, HTML and headings blanked out, positions kept."""

    def blank(match: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", match.group(0))

    text = re.sub(r"^ *```.*?^ *```", blank, text, flags=re.MULTILINE | re.DOTALL)
    for pattern in (
        r"`[^`\n]*`",  # inline code
        r"\]\([^)\s]*\)",  # the target of an inline link
        r"\]\[[^\]]*\]",  # the target of a reference link
        r"<[^>\n]*>",  # HTML tags
        r"^#+ .*$",  # headings are not the place for a link
    ):
        text = re.sub(pattern, blank, text, flags=re.MULTILINE)
    return text


def first_uses(page: Path) -> dict[str, tuple[int, bool]]:
    """For each glossary term a page uses: the line of its first use, and whether it links."""
    text = page.read_text()
    plain = prose(text)
    uses = {}
    for term in GLOSSARY_TERMS:
        found = re.search(rf"\b{term}\b", plain, re.IGNORECASE)
        if found is None:
            continue
        target = f"glossary.md#{term}"
        linked = any(
            link.start(1) <= found.start() < link.end(1) and link.group(2).endswith(target)
            for link in LINK.finditer(text)
        )
        uses[term] = (text.count("\n", 0, found.start()) + 1, linked)
    return uses


GLOSSARY_PAGES = [
    page
    for page in [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
    if page not in (GLOSSARY, DOCS / "changelog.md")
]


@pytest.mark.parametrize("page", GLOSSARY_PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_first_use_of_a_glossary_term_links_to_it(page: Path) -> None:
    unlinked = [f"{term} (line {line})" for term, (line, ok) in first_uses(page).items() if not ok]
    assert not unlinked, f"{page.name}: link the first use to the glossary: {unlinked}"


def test_glossary_defines_its_terms() -> None:
    headings = re.findall(r"^## (.+)$", GLOSSARY.read_text(), re.MULTILINE)
    for term in GLOSSARY_TERMS:
        assert term in headings, f"the glossary has no '## {term}'"


def public_callables() -> list[tuple[str, object]]:
    """Every public function, class and method a user calls, by its public name.

    Left out, on purpose: properties and attributes (values, shown in their class's
    example, not calls that need one of their own) and the methods of a `typing.Protocol`
    (an interface: its class docstring shows an implementation at work, and each class
    that implements it shows its own method).
    """
    found: list[tuple[str, object]] = []
    namespaces: list[tuple[str, object]] = [
        ("pyramid13", pyramid13),
        ("pyramid13.spider", importlib.import_module("pyramid13.spider")),
    ]
    with contextlib.suppress(ImportError):  # the strategies need the optional extra
        namespaces.append(("pyramid13.strategies", importlib.import_module("pyramid13.strategies")))
    for prefix, module in namespaces:
        for name in module.__all__:  # type: ignore[attr-defined]
            obj = getattr(module, name)
            if inspect.isfunction(obj) or inspect.isclass(obj):
                found.append((f"{prefix}.{name}", obj))
            if inspect.isclass(obj) and not getattr(obj, "_is_protocol", False):
                for member_name, member in vars(obj).items():
                    if member_name.startswith("_"):
                        continue
                    if isinstance(member, (classmethod, staticmethod)):
                        member = member.__func__
                    if inspect.isfunction(member):
                        found.append((f"{prefix}.{name}.{member_name}", member))
    return found


PUBLIC_CALLABLES = public_callables()


@pytest.mark.parametrize(("path", "obj"), PUBLIC_CALLABLES, ids=[p for p, _ in PUBLIC_CALLABLES])
def test_every_public_callable_has_an_example(path: str, obj: object) -> None:
    docstring = inspect.getdoc(obj) or ""
    assert "\nExamples:\n" in f"\n{docstring}", f"{path}: add an 'Examples:' section"
    section = docstring.split("Examples:", 1)[1]
    assert ">>> " in section, f"{path}: the Examples section shows no '>>>' example"


def test_tracebacks_in_the_docs_show_public_paths() -> None:
    private = re.compile(r"pyramid13(?:\.\w+)*\._\w+\.\w+Error")
    for path in [*(ROOT / "src").rglob("*.py"), ROOT / "README.md", *DOCS.rglob("*.md")]:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            assert not private.search(line), f"{path.name}:{number}: {line.strip()}"


# -- the site's look: light and dark schemes, the repository link, code that fits --------


def mkdocs_config() -> dict[str, Any]:
    yaml = pytest.importorskip("yaml")
    config: dict[str, Any] = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    return config


def test_site_offers_a_light_and_a_dark_scheme() -> None:
    palette = mkdocs_config()["theme"]["palette"]
    assert [entry["scheme"] for entry in palette] == ["default", "slate"]
    for entry in palette:
        assert entry["toggle"]["name"], "each scheme needs a toggle to the other"
        assert "prefers-color-scheme" in entry["media"]


def test_repository_link_matches_the_package_metadata() -> None:
    tomllib = pytest.importorskip("tomllib")
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"].get("urls", {})
    repository = next(
        (urls[key] for key in ("Repository", "Source", "Source Code") if key in urls), None
    )
    # No public URL yet means no link; once pyproject.toml names one, the site links it.
    assert mkdocs_config().get("repo_url") == repository


OVERFLOW_SCRIPT = """<script>
window.addEventListener("load", () => {
  const wide = [...document.querySelectorAll("pre > code")]
    .filter((code) => code.scrollWidth > code.clientWidth + 1)
    .map((code) => code.textContent.slice(0, 60));
  const page = document.documentElement.scrollWidth > document.documentElement.clientWidth;
  const report = document.createElement("div");
  report.textContent = "OVER" + "FLOW=" + JSON.stringify({wide, page}) + "=" + "END";
  document.body.appendChild(report);
});
</script></body>"""
WIDE_PAGES = [
    "reference/records/index.html",
    "how-to/rules-and-presets/index.html",
    "how-to/save-and-replay/index.html",
    "explanation/deals/index.html",
    "tutorials/first-bot/index.html",
]


@pytest.mark.parametrize("page", WIDE_PAGES)
def test_code_blocks_fit_a_1280_pixel_window(built_site: Path, page: str, tmp_path: Path) -> None:
    # The pages with the longest lines (layout codes, position codes, JSON records), drawn
    # by a real browser: no code block may need a scroll bar, nor the page.
    browser = next(
        (
            shutil.which(name)
            for name in ("chromium", "chromium-browser", "google-chrome")
            if shutil.which(name)
        ),
        None,
    )
    if browser is None:
        pytest.skip("no Chromium to draw the page with")
    html = (built_site / page).read_text()
    copy = built_site / page.replace("index.html", "overflow-check.html")
    copy.write_text(html.replace("</body>", OVERFLOW_SCRIPT, 1))
    result = subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={tmp_path}",
            "--window-size=1280,900",
            "--virtual-time-budget=3000",
            "--dump-dom",
            copy.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    found = re.search(r"OVERFLOW=(.*?)=END", html_module.unescape(result.stdout))
    assert found is not None, result.stderr[-2000:]
    report = json.loads(found.group(1))
    assert not report["page"], f"{page} is wider than the window"
    assert not report["wide"], f"{page}: code blocks wider than their box: {report['wide']}"


class _FirstUses(HTMLParser):
    """The first use of each glossary term in a page's article, outside code, and its link."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.in_article = False
        self.first: dict[str, str | None] = {}  # term -> href of the enclosing link

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.in_article = True
        if tag not in ("br", "img", "hr", "input", "meta", "link", "wbr"):
            self.stack.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.in_article = False
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data: str) -> None:
        tags = [tag for tag, _ in self.stack]
        if not self.in_article or "code" in tags or "pre" in tags or "script" in tags:
            return
        if any(attrs.get("class") == "headerlink" for _, attrs in self.stack):
            return
        for term in GLOSSARY_TERMS:
            if term not in self.first and re.search(rf"\b{term}\b", data, re.IGNORECASE):
                links = [attrs.get("href") or "" for tag, attrs in self.stack if tag == "a"]
                self.first[term] = links[-1] if links else None


# The glossary itself and the changelog (history, in the words of its time) are left out.
SITE_PAGES = sorted(
    str(page.relative_to(DOCS).with_suffix(""))
    for page in DOCS.rglob("*.md")
    if page not in (GLOSSARY, DOCS / "changelog.md")
)


@pytest.mark.parametrize("page", SITE_PAGES)
def test_rendered_page_links_the_first_use_of_a_glossary_term(built_site: Path, page: str) -> None:
    # Also covers the docstrings the reference pages render.
    folder = page.removesuffix("index").removesuffix("/")
    html_path = built_site / folder / "index.html"
    parser = _FirstUses()
    parser.feed(html_path.read_text())
    unlinked = [
        term
        for term, href in parser.first.items()
        if href is None or not href.split("?")[0].endswith(f"glossary/#{term}")
    ]
    assert not unlinked, f"{page}: the first use of {unlinked} does not link to the glossary"


# -- the reference shows every public name, and only public names ------------------------


@pytest.fixture(scope="module")
def package_model() -> Any:
    """The package as griffe reads it (statically: no optional extra needed)."""
    griffe = pytest.importorskip("griffe")
    return griffe.load(
        "pyramid13", search_paths=[str(ROOT / "src")], resolve_aliases=True, resolve_external=False
    )


def _final(obj: Any) -> Any:
    return obj.final_target if obj.is_alias else obj


def _public_module_names(package: Any) -> list[tuple[str, Any]]:
    """``(module path, its exports)`` for every public module of the package."""
    found = []

    def walk(module: Any) -> None:
        if any(part.startswith("_") for part in module.path.split(".")):
            return
        found.append((module.path, [str(name) for name in module.exports or ()]))
        for member in module.members.values():
            if not member.is_alias and member.is_module:
                walk(member)

    walk(package)
    return found


def _rendered_ids(site: Path) -> set[str]:
    html = "".join(page.read_text() for page in (site / "reference").rglob("*.html"))
    return set(re.findall(r'<h\d id="(pyramid13[\w.]*)"', html))


def test_every_public_name_of_every_public_module_has_a_rendered_entry(
    built_site: Path, package_model: Any
) -> None:
    # `pyramid13.pyramid.Hinter` is not the top-level `Hinter`: each object a public
    # module exports needs an entry of its own, under one of its public names.
    rendered = set()
    for path in _rendered_ids(built_site):
        with contextlib.suppress(Exception):  # an id griffe cannot resolve statically
            rendered.add(_final(package_model[path.removeprefix("pyramid13.")]).path)
    missing = []
    for module, names in _public_module_names(package_model):
        for name in names:
            relative = f"{module}.{name}".removeprefix("pyramid13").lstrip(".")
            target = _final(package_model[relative]).path
            if target not in rendered:
                missing.append(f"{module}.{name}")
    assert not missing, f"no entry in the reference for {missing}"


class _Signatures(HTMLParser):
    """Each rendered signature of the reference with the id of the entry it belongs to:
    its text, and the paths that griffe wrote into its unlinked names."""

    def __init__(self) -> None:
        super().__init__()
        self.entry = ""
        self.depth = 0  # inside a signature's <div>
        self.found: list[tuple[str, list[str], list[str]]] = []  # (entry, texts, titles)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in ("h2", "h3", "h4", "h5") and (values.get("id") or "").startswith("pyramid13"):
            self.entry = values["id"] or ""
        if tag == "div" and "doc-signature" in (values.get("class") or ""):
            self.depth = 1
            self.found.append((self.entry, [], []))
        elif self.depth:
            if tag == "div":
                self.depth += 1
            title = values.get("title")
            if tag == "span" and title:
                self.found[-1][2].append(title)

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag == "div":
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.found[-1][1].append(data)


def _bound_type_variable(entry: str, variable: object) -> bool:
    """Whether the entry `entry` is generic over the type variable `variable`: a function
    (or method) generic over it, or a member of a class that declares it; a class's member
    that shows a variable of a private base it specializes is not."""
    obj = resolve(entry)
    if inspect.isclass(obj):
        return variable in getattr(obj, "__parameters__", ())
    owner_path, _, name = entry.rpartition(".")
    try:
        owner = resolve(owner_path)
    except (ImportError, AttributeError):
        owner = None
    if not inspect.isclass(owner):
        return True  # a function of a module: its own type variable
    if variable in getattr(owner, "__parameters__", ()):
        return True
    member = inspect.getattr_static(owner, name, None)
    function = getattr(member, "__func__", member)
    if not inspect.isfunction(function):
        return False  # an attribute or a property of a class that is not generic over it
    defining = next(cls for cls in owner.__mro__ if name in vars(cls))
    return variable not in getattr(defining, "__parameters__", ())


def test_no_rendered_signature_shows_a_private_name(built_site: Path) -> None:
    problems = []
    for page in sorted((built_site / "reference").rglob("*.html")):
        html = page.read_text()
        for bases in re.findall(r"Bases:(.*?)</p>", html, re.DOTALL):
            text = html_module.unescape(re.sub(r"<[^>]+>", "", bases))
            if re.search(r"(?<![\w.])_\w|Scaffold", text):
                problems.append(f"{page.parent.name}: Bases: {' '.join(text.split())}")
        parser = _Signatures()
        parser.feed(html)
        for entry, texts, titles in parser.found:
            text = " ".join("".join(texts).split())
            if re.search(r"(?<![\w.])_[A-Za-z]", text):  # a private name, unlinked
                problems.append(f"{entry}: {text}")
            for title in titles:
                parts = title.split(".")
                if not title.startswith("pyramid13.") or "(" in title:
                    continue  # a builtin, or a parameter of the entry itself
                if not any(part.startswith("_") for part in parts):
                    continue
                try:
                    value = resolve(title)
                except (ImportError, AttributeError):
                    value = None
                if isinstance(value, TypeVar) and _bound_type_variable(entry, value):
                    continue
                problems.append(f"{entry}: {text} (names {title})")
    assert not problems, "private names in the reference:\n" + "\n".join(problems)


def _public_constants() -> list[tuple[str, object]]:
    """Every int, float or str an upper-case name of a public module's ``__all__`` holds."""
    found: list[tuple[str, object]] = []
    for module_name in package_modules():
        if "._" in module_name or module_name.startswith("pyramid13.cli"):
            continue
        module = import_or_skip_extra(module_name, skip=False)
        if module is None:
            continue
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if name.isupper() and isinstance(value, (int, float, str)):
                found.append((f"{module_name}.{name}", value))
    return found


@pytest.mark.parametrize(
    ("path", "value"), _public_constants(), ids=[path for path, _ in _public_constants()]
)
def test_every_public_constant_says_its_value(path: str, value: object, package_model: Any) -> None:
    target = _final(package_model[path.removeprefix("pyramid13.")])
    docstring = " ".join((target.docstring.value if target.docstring else "").split())
    assert docstring, f"{path} has no sentence of its own"
    written = {str(value), f'"{value}"', f"``{value}``"}
    if isinstance(value, int) and not isinstance(value, bool):
        written |= {f"{value:,}", f"``{value:_}``"}
    assert any(form in docstring for form in written), f"{path}: say its value {value!r}"


# The functions that serve every game with each game's default (`GAME_DEFAULT`), and where
# each game's default is: its own function, or its solver's for a node limit.
GAME_DEFAULTS: dict[str, tuple[str, str]] = {
    "solve": ("solve", "solve"),
    "hint": ("hint", "hint"),
    "Hinter": ("hinter", "hinter"),
    "SolverBot": ("solve", "solve"),
    "win_rate": ("solve", "solve"),
}


@pytest.mark.parametrize("name", sorted(GAME_DEFAULTS))
def test_each_game_default_is_written_out(name: str, package_model: Any) -> None:
    obj = getattr(pyramid13, name)
    parameters = inspect.signature(obj).parameters
    defaulted = [p for p, info in parameters.items() if info.default is pyramid13.GAME_DEFAULT]
    assert defaulted, f"{name} takes no GAME_DEFAULT"
    target = _final(package_model[name])
    griffe = pytest.importorskip("griffe")
    docstring = target.docstring
    if docstring is None and target.is_class:
        docstring = target.members["__init__"].docstring
    sections = docstring.parse("google")
    documented = {
        item.name: " ".join(item.description.split())
        for section in sections
        if section.kind is griffe.DocstringSectionKind.parameters
        for item in section.value
    }
    for parameter in defaulted:
        for game in pyramid13.registered_games():
            own = getattr(game, GAME_DEFAULTS[name][0])
            default = inspect.signature(own).parameters.get(parameter)
            text = documented[parameter]
            if default is None:  # the game has no such limit: say so
                assert f"{game.title}'s hinter has none" in text, (name, parameter)
                continue
            value = default.default
            shown = f"{value:,}" if isinstance(value, int) else str(value)
            assert f"{game.title} {shown}" in text, f"{name}({parameter}): say {game.title} {shown}"


def test_every_link_of_the_site_finds_its_page_and_anchor(built_site: Path) -> None:
    # Links written in docstrings too: ``pyramid13.pyramid.Hinter`` must have an entry.
    anchors = {
        page.resolve(): set(re.findall(r'id="([^"]+)"', page.read_text()))
        for page in built_site.rglob("*.html")
    }
    broken = set()
    for page in built_site.rglob("*.html"):
        if page.name == "404.html":  # links from the site's root, wherever it is served
            continue
        for href in re.findall(r'href="([^"]+)"', page.read_text()):
            href = html_module.unescape(href)
            if re.match(r"[a-z]+:", href) or href.startswith("#__codelineno"):
                continue
            path, _, anchor = href.partition("#")
            target = page.parent / path if path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.add(f"{page.relative_to(built_site)}: {href} (no page)")
            elif anchor and target.suffix == ".html" and anchor not in anchors[target.resolve()]:
                broken.add(f"{page.relative_to(built_site)}: {href} (no such entry)")
    assert not broken, "\n".join(sorted(broken))


def _refused(cls: type, name: str) -> str | None:
    """The name of the error class `cls` raises for a setting `name` it cannot take."""
    try:
        cls(**{name: object()})
    except pyramid13.Pyramid13Error as error:
        return type(error).__name__
    return None


@pytest.mark.parametrize("game", ["pyramid", "spider"])
def test_every_bot_says_what_its_constructor_raises(game: str) -> None:
    # A setting a bot refuses is named in its class's Raises section, as griffe shows it.
    checked = 0
    for make in pyramid13.get_game(game).bots.values():
        cls = type(make())
        for name in inspect.signature(cls).parameters:
            error = _refused(cls, name)
            if error is None:
                continue
            checked += 1
            raises = (inspect.getdoc(cls) or "").split("\nRaises:\n", 1)
            assert len(raises) == 2, f"{cls.__qualname__}: add a Raises section"
            assert f"{error}:" in raises[1], f"{cls.__qualname__}({name}) raises {error}"
    assert checked
