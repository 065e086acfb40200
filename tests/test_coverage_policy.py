"""The coverage policy of tests/conftest.py: `no_cover` tests run with no tracer at all."""

from __future__ import annotations

import sys

import pytest


@pytest.mark.no_cover
def test_no_cover_tests_run_untraced() -> None:
    # Under `pytest --cov -n auto` too, where pytest-cov's own pause leaves a tracer on.
    assert sys.gettrace() is None


def test_other_tests_are_traced_when_coverage_is_measured(
    request: pytest.FixtureRequest,
) -> None:
    plugin = request.config.pluginmanager.getplugin("_cov")
    measuring = plugin is not None and getattr(plugin, "cov_controller", None) is not None
    if not measuring:
        pytest.skip("coverage is not measured in this run")
    assert sys.gettrace() is not None
