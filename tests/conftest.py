"""Shared test configuration."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
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
