"""Fixtures shared by the whole suite."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
STWL = SHARED_DATA / "spreadthewordlist_via_blacksquare_0.10.0.dict.gz"


@pytest.fixture(scope="session")
def stwl_path() -> Path:
    """Spread the Wordlist (CC BY-NC-SA; tests only, never bundled). Skips when absent."""
    if not STWL.exists():
        pytest.skip("Spread the Wordlist not found beside the repo (../shared/data)")
    return STWL
