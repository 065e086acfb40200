"""Shared test configuration."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings


def _shared() -> Path:
    """The project's shared folder: $PYRAMID13_SHARED, else the nearest ``shared`` folder
    beside the checkout or one of its parents (a git worktree may sit a level deeper)."""
    if os.environ.get("PYRAMID13_SHARED"):
        return Path(os.environ["PYRAMID13_SHARED"])
    for parent in Path(__file__).resolve().parents[1].parents:
        if (parent / "shared").is_dir():
            return parent / "shared"
    return Path(__file__).resolve().parents[1].parent / "shared"


SHARED = _shared()

# Coverage: `python -m pytest --cov` traces every line, which makes search-heavy code about
# three times slower. Tests that only compare a search with brute force, the engine with
# the reference model, or results with published data, and those that play whole games,
# over code the unit tests already cover, carry `@pytest.mark.no_cover` (pytest-cov pauses
# tracing for them): they still run and can fail, they add nothing to the figure.
#
# With pytest-cov 7 under pytest-xdist, a worker runs two coverage objects, one started on
# top of the other, and pytest-cov's pause stops only the top one: the one beneath resumes
# and goes on tracing. So a `no_cover` test also stops whatever coverage is still running,
# and starts it again afterwards (`test_no_cover_tests_run_untraced` checks it).


@pytest.hookimpl(hookwrapper=True, trylast=True)  # innermost: after pytest-cov's own pause
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    stopped = _stop_coverage() if item.get_closest_marker("no_cover") is not None else []
    yield
    for coverage in reversed(stopped):
        coverage.start()


def _stop_coverage() -> list[Any]:
    """Stop every coverage object still measuring: the stopped ones, the last started first."""
    try:
        from coverage import Coverage
    except ImportError:  # plain pytest, without the test extra's coverage
        return []
    stopped = []
    while (running := Coverage.current()) is not None:
        running.stop()
        stopped.append(running)
    return stopped


# CI: Hypothesis's own default number of examples, no deadline (a shared machine's timing
# is no verdict). Tests that need fewer or more say so with @settings.
settings.register_profile(
    "ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=50, deadline=None)
# For a long hunt before a release: HYPOTHESIS_PROFILE=thorough pytest
settings.register_profile(
    "thorough",
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
