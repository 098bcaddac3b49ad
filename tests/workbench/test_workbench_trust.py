"""The workbench a constructor can trust (issue 28), in a real Chromium on a real server:
clues that follow answers, saves that never replace another puzzle, the Words tab, the
personal list, theme entries, the keyboard, diagramless and locked files.

The browser, server and page fixtures and the helpers are the end-to-end module's (one
Chromium per module). Screenshots of each state land in the test's temporary folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page  # noqa: E402
from test_workbench_e2e import (  # noqa: E402
    browser,
    open_page,
    page,
    pytestmark,
    server,
)

__all__ = ["browser", "page", "pytestmark", "server"]

CLUES_MODULE = "/static/crossword/clues.js"


def binding(page: Page, script: str) -> Any:
    """Run ``script`` (an async function body given ``m``, the clue module, and ``doc``, a
    3x3 open grid) in the page and return its result."""
    return page.evaluate(
        f"""async () => {{
            const m = await import("{CLUES_MODULE}");
            const doc = {{ cells: [["E","R","E"],["","",""],["","",""]], clues: {{}} }};
            {script}
        }}"""
    )


def test_clues_belong_to_answers_in_the_module(server: tuple[str, Path], page: Page) -> None:
    """The binding alone: a clue written for ERES is set aside (flagged) when 1A becomes
    PENCE-like, comes back when ERE returns, follows its answer when numbering changes."""
    url, _ = server
    open_page(page, url)
    result = binding(
        page,
        """
        m.setClue(doc, "1A", "Before, poetically");
        const set = doc.clueFor["1A"].answer;
        doc.cells[0] = ["P","E","N"]; m.reconcileClues(doc);
        const away = { clues: { ...doc.clues }, flags: m.clueFlags(doc) };
        doc.cells[0] = ["E","R","E"]; m.reconcileClues(doc);
        const back = { ...doc.clues };
        doc.cells[0] = ["", "", ""]; m.reconcileClues(doc);
        const cleared = { ...doc.clues, aside: doc.aside.length };
        doc.cells[0] = ["E","R","E"]; m.reconcileClues(doc);
        return { set, away, back, cleared, again: { ...doc.clues }, aside: doc.aside.length };
        """,
    )
    assert result["set"] == "ERE"
    assert result["away"]["clues"] == {}
    assert result["away"]["flags"][0]["message"] == "written for ERE; the entry is now PEN"
    assert result["back"] == {"1A": "Before, poetically"}
    assert result["cleared"] == {"aside": 1}  # Refill clears letters: set aside, not lost
    assert result["again"] == {"1A": "Before, poetically"} and result["aside"] == 0
    moved = binding(
        page,
        """
        doc.cells = [["E","R","E"],["","",""],["A","T","E"]];
        m.setClue(doc, "1A", "Before, poetically"); m.setClue(doc, "5A", "Had dinner");
        doc.cells = [["A","T","E"],["","",""],["E","R","E"]]; m.reconcileClues(doc);
        const swapped = { ...doc.clues };
        m.setClue(doc, "4A", "Middle, unfinished");  // incomplete: follows its entry
        doc.cells[1] = ["O","N","E"]; m.reconcileClues(doc);
        return { swapped, middle: doc.clues["4A"], bound: doc.clueFor["4A"].answer };
        """,
    )
    assert moved["swapped"] == {"1A": "Had dinner", "5A": "Before, poetically"}
    assert moved["middle"] == "Middle, unfinished" and moved["bound"] == "ONE"
