"""The clue box in a real Chromium on a real server: earlier clues from the folder, WordNet
drafts, "Use" puts one in the entry, and a repeated recent clue is warned about."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Browser, expect, sync_playwright  # noqa: E402

from puzzlewright.crossword.formats import save_puzzle  # noqa: E402
from puzzlewright.crossword.grid import Grid  # noqa: E402
from puzzlewright.crossword.puzzle import Puzzle  # noqa: E402
from puzzlewright.workbench.launch import serving  # noqa: E402

CHROMIUM = os.environ.get("PUZZLEWRIGHT_CHROMIUM", "/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        yield chromium
        chromium.close()


@pytest.mark.slow
def test_clue_box_offers_history_and_drafts(browser: Browser, tmp_path: Path) -> None:
    folder = tmp_path / "bench"
    folder.mkdir()
    earlier = Puzzle(Grid.parse("CAT\nORE\nTEA\n"), title="Earlier", clues={"1A": "Pet that purrs"})
    save_puzzle(earlier, folder / "earlier.ipuz")
    save_puzzle(Puzzle(earlier.grid, title="Mine"), folder / "mine.ipuz")  # filled, no clues
    with serving(folder) as url:
        context = browser.new_context(viewport={"width": 1440, "height": 1000})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url)
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
        page.get_by_role("button", name="Open…").click()
        page.get_by_role("dialog", name="Open puzzle").get_by_role(
            "button", name="mine.ipuz"
        ).click()
        expect(page.locator('[role="gridcell"]')).to_have_count(9)
        page.get_by_role("tab", name="Clues").click()
        page.get_by_role("textbox", name="Clue 1A").click()
        ideas = page.get_by_role("region", name="Clue ideas")
        # the first call loads WordNet's data in the server (0.5 s of CPU; more on a busy machine)
        heading = ideas.get_by_role("heading", name="Clue ideas for 1A CAT")
        expect(heading).to_be_visible(timeout=60_000)
        earlier_list = ideas.get_by_role("list", name="Your earlier clues")
        expect(earlier_list).to_contain_text("Pet that purrs")
        expect(earlier_list).to_contain_text("earlier.ipuz 1A")
        drafts = ideas.get_by_role("list", name="Drafts (WordNet)")
        expect(drafts.get_by_role("listitem").first).to_be_visible()
        first_draft = drafts.locator(".idea").first.inner_text()
        assert "cat" not in first_draft.lower().split()
        drafts.get_by_role("button").first.click()
        expect(page.get_by_role("textbox", name="Clue 1A")).to_have_value(first_draft)
        # writing the clue used recently for CAT brings the warning
        clue = page.get_by_role("textbox", name="Clue 1A")
        clue.fill("Pet that purrs!")
        expect(ideas.get_by_role("alert")).to_have_text(
            re.compile(r"used this clue for CAT recently: earlier\.ipuz 1A"), timeout=30_000
        )
        page.get_by_role("tab", name="Checks").click()
        fill_table = page.get_by_role("table", name="Fill statistics")
        expect(fill_table).to_contain_text("Scrabble score", timeout=30_000)
        expect(fill_table).to_contain_text("no (missing BDFGHIJKLMNPQSUVWXYZ)")  # pangram
        page.screenshot(path=str(tmp_path / "checks.png"), full_page=True)
        page.get_by_role("tab", name="Clues").click()
        page.screenshot(path=str(tmp_path / "clue-box.png"), full_page=True)
        print(f"screenshot: {tmp_path / 'clue-box.png'}")
        context.close()
        assert not errors, errors
