"""The crossword room's grid repair, through the API and in a real Chromium: the "cannot be
filled" banner offers Repair grid, the job's proposals are shown as grid diffs, Apply puts
the blocks in as one undoable edit."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from puzzlewright.workbench.launch import serving

# An open 4x4 needs eight different 4-letter words; this list has four (one fill of
# "#... / .... / .... / ...#"), so only a pair of corner blocks makes it fill.
WORDS = "ODD ORAL DISK DOT TRIO TEE EAST ELK".split()
OPEN4: list[list[Any]] = [[""] * 4 for _ in range(4)]

CHROMIUM = os.environ.get("PUZZLEWRIGHT_CHROMIUM", "/usr/bin/chromium")


def _wait_result(client: Any, job: str) -> dict[str, Any]:
    for _ in range(1200):
        events = client.get(f"/api/jobs/{job}").json()["events"]
        done = [e for e in events if e["type"] == "result"]
        if done and events[-1]["type"] == "end":
            return dict(done[0])
        time.sleep(0.05)
    raise AssertionError("the repair job did not end")


@pytest.fixture
def four_client(folder: Path) -> Iterator[Any]:
    from starlette.testclient import TestClient

    from puzzlewright.workbench import Config, create_app

    words = folder.parent / "four.txt"
    words.write_text("\n".join(f"{w};50" for w in WORDS) + "\n")
    config = Config(root=folder, port=8765, word_paths=[str(words)], extra_hosts=("testserver",))
    with TestClient(create_app(config), base_url="http://testserver:8765") as test_client:
        yield test_client


def test_the_api_repairs_and_verifies(four_client: Any) -> None:
    started = four_client.post("/api/crossword/repair", json={"cells": OPEN4, "min_score": 0})
    assert started.status_code == 202, started.text
    result = _wait_result(four_client, started.json()["id"])
    assert result["status"] == "repaired"
    assert result["proposals"][0]["added"] == [[0, 0], [3, 3]]
    assert result["proposals"][0]["fill"]["grid"] == ["#ODD", "TRIO", "EAST", "ELK#"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"cells": OPEN4, "locked": ["9A"]}, "no entry 9A"),
        ({"cells": OPEN4, "symmetry": "spiral"}, "symmetry must be"),
        ({"cells": OPEN4, "max_changes": 99}, "max_changes"),
        ({"cells": [[None, "", ""], ["", "", ""], ["", "", ""]], "symmetry": "rotational"}, "not"),
        ({"cells": "nope"}, "cells"),
    ],
)
def test_bad_repair_requests_are_4xx(client: Any, body: dict[str, Any], message: str) -> None:
    response = client.post("/api/crossword/repair", json=body)
    assert response.status_code == 400
    assert message in response.json()["error"]


# -- in the browser ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def four_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("repair")
    words = folder / "four.txt"
    words.write_text("\n".join(f"{w};50" for w in WORDS) + "\n")
    with serving(folder, "--words", str(words), "--min-score", "0") as url:
        yield url


@pytest.mark.slow
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}")
def test_repair_from_the_banner_and_undo(four_server: str, tmp_path: Path) -> None:
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect, sync_playwright
    from test_workbench_e2e import cell, new_blank, open_page

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        open_page(page, four_server)
        new_blank(page, 4)
        expect(page.get_by_role("alert")).to_contain_text("Cannot be filled", timeout=30_000)
        page.get_by_role("button", name="Repair grid").click()
        expect(page.get_by_role("heading", name="Repair 1")).to_be_visible(timeout=60_000)
        diff = page.get_by_role("table", name="Repair 1 grid")
        expect(diff.locator("td.added")).to_have_count(2)
        page.screenshot(path=str(tmp_path / "repair.png"), full_page=True)
        page.get_by_role("button", name="Apply repair 1").click()
        block = re.compile(r"\bblock\b")
        expect(cell(page, 0, 0)).to_have_class(block)
        expect(cell(page, 3, 3)).to_have_class(block)
        expect(page.get_by_role("heading", name="Repair 1")).to_have_count(0)
        page.get_by_role("button", name="Undo").click()
        expect(cell(page, 0, 0)).not_to_have_class(block)
        expect(cell(page, 3, 3)).not_to_have_class(block)
        assert not errors, errors
        browser.close()
