"""The layers of the package, read from its import statements: what each module may
import, and no import cycle that ties the games together or grows past a few modules.

Function-local imports count (they load a module as surely as a top-level one); imports
under ``if TYPE_CHECKING:`` do not (they never run).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "pyramid13"
GAMES = ("pyramid13.pyramid", "pyramid13.spider")
FLOOR = "pyramid13._base"
#: The top-level names: Pyramid's public names (the package's first game) beside the
#: floor's and the generic layers'.
FACADE = frozenset(
    {
        "pyramid13",
        "pyramid13.__main__",
        "pyramid13._hypothesis",
        "pyramid13.bots",
        "pyramid13.geometry",
        "pyramid13.solver",
        "pyramid13.strategies",
    }
)
LONGEST_CYCLE = 6


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.body:
                skipped.update(id(inner) for inner in ast.walk(statement))
    return skipped


def imported_modules(name: str) -> Iterator[str]:
    """The package's modules that module `name` imports (at run time)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_nodes(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                if submodule in MODULES:
                    yield submodule
                elif target in MODULES:
                    yield target


GRAPH = {name: frozenset(imported_modules(name)) for name in MODULES}


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def layer(name: str) -> str:
    if within(name, FLOOR):
        return "floor"
    for game in GAMES:
        if within(name, game):
            return game
    return "facade" if name in FACADE else "generic"


def test_the_graph_reads_every_module() -> None:
    assert len(MODULES) > 60
    assert "pyramid13._base.cards" in GRAPH["pyramid13.pyramid._state"]
    assert "pyramid13._base.cards" in GRAPH["pyramid13.spider._state"]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_imports_only_from_its_layer_and_below(name: str) -> None:
    own = layer(name)
    allowed = {
        "floor": {"floor"},
        "generic": {"floor", "generic"},
        "facade": {"floor", "generic", "facade", *GAMES},
    }.get(own, {"floor", own})
    wrong = sorted(
        target
        for target in GRAPH[name]
        # The package root is lazy: importing it (for `__version__`) loads no game.
        if layer(target) not in allowed and target != "pyramid13"
    )
    assert not wrong, f"{name} ({own}) imports {wrong}"


def strongly_connected(graph: dict[str, frozenset[str]]) -> list[list[str]]:
    """The import cycles: Tarjan's strongly connected components of two modules or more."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset()}
    assert strongly_connected(graph) == [["a", "b", "c"]]


def test_no_import_cycle_spans_two_games_or_many_modules() -> None:
    for cycle in strongly_connected(GRAPH):
        games = {layer(name) for name in cycle} & set(GAMES)
        assert len(games) <= 1, f"an import cycle ties the games together: {cycle}"
        assert len(cycle) <= LONGEST_CYCLE, f"an import cycle of {len(cycle)} modules: {cycle}"


LAYER_WORDS = {
    "floor": "Layer: the floor",
    "pyramid13.pyramid": "Layer: the Pyramid game",
    "pyramid13.spider": "Layer: the Spider game",
    "generic": "Layer: generic",
    "facade": "Layer: the façade",
}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_says_its_layer(name: str) -> None:
    docstring = ast.get_docstring(ast.parse(MODULES[name].read_text(encoding="utf-8"))) or ""
    expected = LAYER_WORDS[layer(name)]
    assert expected in " ".join(docstring.split()), f"{name}: say '{expected} ...' in its docstring"
