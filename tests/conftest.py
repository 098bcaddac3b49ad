"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
from pathlib import Path

# The engines' numpy products are small (thousands of words by 26 letters): BLAS threads only
# add overhead there (an acrostic build took 5 s of CPU instead of 0.6 s on this 2-core
# machine) and make float sums depend on the thread count. One thread for the suite; set
# before anything imports numpy.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import pytest  # noqa: E402  (after the thread settings, in case it brings numpy in)

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
STWL = SHARED_DATA / "spreadthewordlist_via_blacksquare_0.10.0.dict.gz"


@pytest.fixture(scope="session")
def stwl_path() -> Path:
    """Spread the Wordlist (CC BY-NC-SA; tests only, never bundled). Skips when absent."""
    if not STWL.exists():
        pytest.skip("Spread the Wordlist not found beside the repo (../shared/data)")
    return STWL


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Conftest files are plugins, not doctest modules: ``--doctest-modules`` would import a
    second ``conftest`` (tests/adversarial, tests/workbench) under the same module name."""
    return True if collection_path.name == "conftest.py" else None
