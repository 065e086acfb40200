"""The package metadata: one version number, the build backend's minimum, the Python
versions, what the source distribution ships, and the declared dependencies in use."""

from __future__ import annotations

import ast
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pyramid13

tomllib = pytest.importorskip("tomllib")

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]


def test_the_version_is_written_once() -> None:
    assert "version" not in PROJECT
    assert PROJECT["dynamic"] == ["version"]
    source = ROOT / PYPROJECT["tool"]["hatch"]["version"]["path"]
    assigned = [
        node.value.value
        for node in ast.parse(source.read_text()).body
        if isinstance(node, ast.Assign)
        and [getattr(target, "id", None) for target in node.targets] == ["__version__"]
        and isinstance(node.value, ast.Constant)
    ]
    assert assigned == [pyramid13.__version__]
    assert importlib.metadata.version("pyramid13") == pyramid13.__version__


def test_the_build_backend_is_new_enough_for_pep_639() -> None:
    # `license` as an SPDX expression and `license-files` as a list (PEP 639) need
    # hatchling 1.27 to be written as License-Expression and License-File.
    assert isinstance(PROJECT["license"], str)
    assert isinstance(PROJECT["license-files"], list)
    (requirement,) = PYPROJECT["build-system"]["requires"]
    match = re.fullmatch(r"hatchling>=(\d+)\.(\d+)(?:\.(\d+))?", requirement)
    assert match is not None
    assert (int(match[1]), int(match[2])) >= (1, 27)


def test_the_python_versions_agree() -> None:
    oldest = re.fullmatch(r">=3\.(\d+)", PROJECT["requires-python"])
    assert oldest is not None
    minors = sorted(
        int(classifier.rsplit(".", 1)[1])
        for classifier in PROJECT["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", classifier)
    )
    assert minors[0] == int(oldest[1])
    assert minors == list(range(minors[0], minors[-1] + 1))  # no gap
    assert PYPROJECT["tool"]["mypy"]["python_version"] == f"3.{minors[0]}"
    assert PYPROJECT["tool"]["ruff"]["target-version"] == f"py3{minors[0]}"


def test_the_source_distribution_ships_only_the_project() -> None:
    # A file left at the top of a checkout (a saved game, say) must never ship.
    listed = PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["only-include"]
    for entry in listed:
        assert (ROOT / entry).exists(), entry
    assert not [entry for entry in listed if entry.endswith(".json")]


def test_typing_extensions_is_used() -> None:
    # A declared dependency of the core must serve it (Self and override on 3.10).
    assert any(dependency.startswith("typing-extensions") for dependency in PROJECT["dependencies"])
    imports = [
        path.name
        for path in (ROOT / "src" / "pyramid13").rglob("*.py")
        if re.search(r"^from typing_extensions import", path.read_text(), re.MULTILINE)
    ]
    assert imports


def _command_line_session() -> str:
    page = (ROOT / "docs" / "how-to" / "command-line.md").read_text()
    blocks = re.findall(r"^```sh\n(.*?)^```", page, re.MULTILINE | re.DOTALL)
    (block,) = [block for block in blocks if "save game.json" in block]
    return str(block)


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")
def test_the_scripted_session_of_the_docs_saves_into_a_scratch_folder(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # It used to save game.json wherever it was run, which left one in the repository.
    script = Path(sys.executable).parent / "pyramid13"
    if not script.exists():
        pytest.skip("the pyramid13 command is not installed beside this Python")
    tmp_path = tmp_path_factory.mktemp("here")
    scratch_root = tmp_path_factory.mktemp("scratch")
    env = {
        **os.environ,
        "PATH": f"{script.parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "TMPDIR": str(scratch_root),
    }
    done = subprocess.run(
        ["sh", "-c", _command_line_session() + 'echo "$PWD"'],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    scratch = Path(done.stdout.splitlines()[-1])
    assert list(tmp_path.iterdir()) == []
    assert scratch.parent == scratch_root
    assert [str(move) for move in pyramid13.load_game(scratch / "game.json").history] == [
        "KC",
        "KH",
        "5H+8S",
        "draw",
    ]
