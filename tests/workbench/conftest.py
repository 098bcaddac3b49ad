"""Fixtures of the workbench tests: an app on a temporary folder with a small word list."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():  # newer Starlette prefers httpx2; httpx works the same here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from puzzlewright.workbench import Config, create_app

# The 3x3 square BAD/ONE/ATE (down BOA/ANT/DEE) and words that only fit locally.
SQUARE_WORDS = "BAD;50\nONE;49\nATE;48\nBOA;47\nANT;46\nDEE;45\nBAT;44\nOAT;43\nXYZ;42\nTEA;41\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "work"
    root.mkdir()
    (tmp_path / "square.txt").write_text(SQUARE_WORDS)
    return root


@pytest.fixture
def client(folder: Path) -> Iterator[TestClient]:
    config = Config(
        root=folder,
        port=8765,
        word_paths=[str(folder.parent / "square.txt")],
        extra_hosts=("testserver",),
        max_body=64 * 1024,
        max_upload=256 * 1024,
    )
    app = create_app(config)
    base = "http://testserver:8765"  # the Host header must carry the server's port
    with TestClient(app, base_url=base, raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the test item (the e2e page fixture screenshots failures)."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)
