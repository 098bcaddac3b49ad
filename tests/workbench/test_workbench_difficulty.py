"""The crossword room's difficulty estimate: ``POST /api/crossword/difficulty`` and the
difficulty map in a real Chromium (toolbar toggle, coloured cells, Naticks ringed, the
level and the Naticks in the Checks panel)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

CORPUS = Path(__file__).parents[1] / "data" / "corpus" / "puzpy"
SQUARE = [["B", "A", "D"], ["O", "N", "E"], ["A", "T", "E"]]


def test_difficulty_of_a_filled_grid(client: TestClient) -> None:
    doc = client.post("/api/crossword/difficulty", json={"cells": SQUARE}).json()
    estimate = doc["difficulty"]
    assert estimate["status"] == "solves"
    assert sorted(e["answer"] for e in estimate["entries"]) == [
        "ANT",
        "ATE",
        "BAD",
        "BOA",
        "DEE",
        "ONE",
    ]
    assert estimate["day"] in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")


def test_difficulty_waits_for_a_filled_grid(client: TestClient) -> None:
    cells = [["B", "A", "D"], ["O", "", "E"], ["A", "T", ""]]
    doc = client.post("/api/crossword/difficulty", json={"cells": cells}).json()
    assert doc == {"difficulty": None, "reason": "fill the grid first (2 empty)"}


def test_difficulty_refuses_a_malformed_grid(client: TestClient) -> None:
    response = client.post("/api/crossword/difficulty", json={"cells": "BAD"})
    assert response.status_code == 400
    assert "error" in response.json()


playwright_api = pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Browser, expect  # noqa: E402
from test_workbench_e2e import browser  # noqa: E402

from puzzlewright.workbench.launch import serving  # noqa: E402

CHROMIUM = os.environ.get("PUZZLEWRIGHT_CHROMIUM", "/usr/bin/chromium")
__all__ = ["browser"]  # the end-to-end module's Chromium, shared

SHOTS = os.environ.get("PUZZLEWRIGHT_SCREENSHOTS")  # a folder: keep the screenshot there


@pytest.mark.slow
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}")
def test_difficulty_map_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    folder = tmp_path / "bench"
    folder.mkdir()
    shutil.copy(CORPUS / "av110622.puz", folder / "avclub.puz")  # three Naticks at 20
    with serving(folder) as url:
        page = browser.new_context(viewport={"width": 1440, "height": 1000}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url)
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
        page.get_by_role("button", name="Open…").click()
        page.get_by_role("dialog", name="Open puzzle").get_by_role(
            "button", name="avclub.puz"
        ).click()
        expect(page.locator('[role="gridcell"]')).to_have_count(225)
        page.get_by_role("tab", name="Checks").click()
        panel = page.get_by_role("region", name="Difficulty")
        expect(panel).to_contain_text("Turn on the Difficulty map")
        toggle = page.get_by_role("button", name="Difficulty map")
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "true")
        # the first estimate loads the familiarity list in the server (seconds when busy)
        expect(panel).to_contain_text("Wednesday-like", timeout=60_000)
        naticks = panel.get_by_role("list", name="Naticks")
        expect(naticks.get_by_role("listitem")).to_have_count(3)
        expect(naticks).to_contain_text("row 5, column 15")
        hardest = panel.get_by_role("list", name="Hardest entries")
        expect(hardest.get_by_role("listitem")).to_have_count(8)
        grid = page.get_by_role("grid", name="Crossword grid")
        expect(grid).to_have_attribute("data-difficulty", "on")
        expect(grid.locator("[data-natick]")).to_have_count(3)
        coloured = grid.locator("[data-fall]").count()
        assert 20 < coloured < 189  # the cells written late, not every open cell
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS) / "difficulty-map.png"), full_page=True)
        toggle.click()
        expect(grid).to_have_attribute("data-difficulty", "off")
        expect(panel).to_contain_text("Turn on the Difficulty map")
        assert errors == []
