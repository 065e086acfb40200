"""The house's layers: the floor imports no game, each game imports only the floor, and
a program that plays one game never loads the other."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import pyramid13 as p13

if TYPE_CHECKING:  # mypy proves here that both games' states satisfy the protocol
    from pyramid13 import spider

    def _both_games_are_states(
        pyramid: p13.GameState, spider_state: spider.GameState
    ) -> tuple[p13.State[p13.Move], p13.State[spider.Move]]:
        return pyramid, spider_state


def _modules_loaded_by(program: str) -> set[str]:
    code = f"{program}\nimport sys\nprint('\\n'.join(sorted(sys.modules)))"
    output = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    return {name for name in output.split() if name.startswith("pyramid13")}


SPIDER_GAME = """
from pyramid13 import spider
rules = spider.RuleSet.preset("pysolfc")
state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
state = state.apply(state.legal_moves()[0]).undo()
spider.solve(state, node_limit=100)
spider.GreedyBot().choose(state.observe())
state.to_string(), state._repr_svg_()
"""

PYRAMID_GAME = """
import pyramid13 as p13
state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
state = state.apply(state.legal_moves()[0]).undo()
p13.solve(state), p13.hint(state), p13.GreedyBot().choose(state)
state.to_string(), p13.to_svg(state)
"""


def test_a_spider_program_loads_no_pyramid_module() -> None:
    loaded = _modules_loaded_by(SPIDER_GAME)
    assert "pyramid13.spider._state" in loaded
    assert not {name for name in loaded if name.startswith("pyramid13.pyramid")}


SPIDER_COMMAND_LINE = """
from pyramid13.cli import main
for argv in (["spider", "show", "--seed", "1"], ["spider", "solve", "--seed", "3", "--suits", "1"]):
    assert main(argv) == 0
"""


def test_the_spider_command_line_loads_no_pyramid_module() -> None:
    loaded = _modules_loaded_by(SPIDER_COMMAND_LINE)
    assert "pyramid13.spider._state" in loaded
    assert "pyramid13.cli._spider" in loaded
    assert not {name for name in loaded if name.startswith("pyramid13.pyramid")}


def test_a_pyramid_program_loads_no_spider_module() -> None:
    loaded = _modules_loaded_by(PYRAMID_GAME)
    assert "pyramid13.pyramid._state" in loaded
    assert not {name for name in loaded if name.startswith("pyramid13.spider")}


def test_every_game_is_registered_once_with_its_types() -> None:
    games = p13.registered_games()
    assert [game.name for game in games] == ["pyramid", "spider"]
    assert p13.get_game("pyramid").state_type is p13.GameState
    assert p13.get_game("spider").state_type is p13.spider.GameState
    for game in games:
        rules = game.rules_type.preset("microsoft")  # type: ignore[attr-defined]
        assert p13.game_of(rules) is game


def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(p13.InvalidArgumentError, match=r"'klondike' \(known: pyramid, spider\)"):
        p13.get_game("klondike")


@pytest.mark.parametrize("value", [None, 3, "AS"])
def test_a_value_of_no_game_is_named_in_the_error(value: Any) -> None:
    with pytest.raises(p13.InvalidArgumentError, match="of a game"):
        p13.game_of(value)


# -- the generic layers name no game ------------------------------------------------------

SOURCE = Path(__file__).resolve().parents[1] / "src" / "pyramid13"
GENERIC_MODULES = sorted(
    [
        SOURCE / "stats.py",
        SOURCE / "records.py",
        SOURCE / "_perft.py",
        SOURCE / "svg.py",
        SOURCE / "_generic.py",
        SOURCE / "batch.py",
        *(SOURCE / "envs").glob("*.py"),
    ]
)
GAME_PACKAGES = ("pyramid13.pyramid", "pyramid13.spider")


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports_at_run_time(tree: ast.AST, module: str, package: bool) -> list[tuple[int, str]]:
    """Every module imported by `tree` (function-local imports included), but the imports
    under ``if TYPE_CHECKING:``, which only the type checker runs."""
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(child) for part in node.body for child in ast.walk(part))
    found: list[tuple[int, str]] = []
    base = module.split(".") if package else module.split(".")[:-1]
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - node.level + 1]
                name = ".".join([*anchor, *([node.module] if node.module else [])])
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            found.extend((node.lineno, f"{name}.{alias.name}") for alias in node.names)
    return found


@pytest.mark.parametrize("path", GENERIC_MODULES, ids=lambda path: path.name)
def test_the_generic_modules_import_no_game(path: Path) -> None:
    module = _module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imports = _imports_at_run_time(tree, module, path.name == "__init__.py")
    assert imports, f"{module} imports nothing: the walk is wrong"
    named = [
        f"line {line}: {name}"
        for line, name in imports
        if any(name == game or name.startswith(f"{game}.") for game in GAME_PACKAGES)
    ]
    assert not named, f"{module} imports a game by name: {named}"


def test_the_walk_sees_a_function_local_import_of_a_game() -> None:
    tree = ast.parse("def f():\n    from .spider import solve\n")
    assert (2, "pyramid13.spider") in _imports_at_run_time(tree, "pyramid13.stats", False)
    typing = ast.parse("if TYPE_CHECKING:\n    from .spider import solve\n")
    assert _imports_at_run_time(typing, "pyramid13.stats", False) == []


def test_the_game_entries_are_built_from_the_games_names() -> None:
    for game, package in zip(p13.registered_games(), (p13.pyramid, p13.spider), strict=True):
        assert game.rules_type is package.RuleSet
        assert game.move_type is package.Move
        assert game.hinter is package.Hinter
        assert game.action_count == package.ACTION_COUNT
        assert game.action_to_move is package.action_to_move
        assert game.move_to_action is package.move_to_action
        assert game.determinize is package.determinize
    assert p13.get_game("pyramid").shortest
    assert not p13.get_game("spider").shortest
    with pytest.raises(p13.InvalidArgumentError, match="lack RuleSet"):
        p13.Game.from_namespace({}, name="x", title="X", deal=print, draw=str, bots={})
