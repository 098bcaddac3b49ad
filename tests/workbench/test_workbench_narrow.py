"""Every room on a phone-width screen (390 px): nothing sticks out to the right.

The shell's header held the brand, the rooms' links and the status line in one row that
never wrapped, so at 390 px every room scrolled sideways (the empty status alone was 30 px
too wide) and a status message such as "new 15x15 puzzle" was cut off past the edge."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from play_helpers import launch_browser
from studio_helpers import Server, run_server

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from run_server(tmp_path_factory.mktemp("narrow"))


browser = pytest.fixture(scope="module")(launch_browser)


def overflow(page: Any) -> list[str]:
    """The visible elements whose right edge passes the viewport's, widest first."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(e => e.getClientRects().length
                         && e.getBoundingClientRect().right > innerWidth + 0.5)
            .map(e => e.tagName + '.' + e.className + ': '
                      + (e.textContent || '').trim().slice(0, 40))"""
    )
    return found


@pytest.mark.parametrize("room", ["acrostic", "cryptarithm", ""])
def test_no_room_scrolls_sideways_on_a_phone(server: Server, browser: Any, room: str) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/{room}")
    if not room:  # the crossword room says "new 15x15 puzzle" once its grid is drawn
        page.locator(".grid .cell").first.wait_for(timeout=60_000)
    page.evaluate("document.getElementById('status').textContent = 'saved puzzle-2.ipuz'")
    try:
        assert overflow(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        status = page.locator("#status").bounding_box()
        assert status is not None and status["x"] + status["width"] <= PHONE["width"]
        assert not errors, errors
    finally:
        context.close()


PRIDE = (
    "It is a truth universally acknowledged, that a single man in possession of a good "
    "fortune, must be in want of a wife."
)


def test_the_acrostic_rows_and_preview_fit_a_phone(server: Server, browser: Any) -> None:
    """With a quotation and source typed, the answers table (answer, lock, score, clue, Ban)
    stretched every card of the acrostic room to 524 px on a 390 px screen (the grid preview
    of a finished set too); the table now scrolls inside its card."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/acrostic")
        page.get_by_role("textbox", name="Quotation", exact=True).fill(PRIDE)
        page.get_by_role("textbox", name="Source", exact=True).fill("Austen Pride")
        rows = page.locator("table.rows tbody tr")
        rows.nth(10).wait_for(timeout=60_000)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        cards = page.evaluate(
            "[...document.querySelectorAll('.card')].map(c => c.getBoundingClientRect().right)"
        )
        assert cards and max(cards) <= PHONE["width"], cards
        answer = rows.first.locator("input.answer").bounding_box()
        assert answer is not None and answer["x"] + answer["width"] <= PHONE["width"]
    finally:
        context.close()
