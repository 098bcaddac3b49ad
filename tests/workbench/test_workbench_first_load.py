"""The crossword room's first seconds: what a person sees before the first grid arrives.

The room asks the server for a 15x15 pattern the word list fills; until it came back (2-3 s
on a loaded machine, longer on a cold list) the page showed a toolbar, an empty board with
one dot and no word about what it was doing. The header now says so while it waits."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from play_helpers import launch_browser
from studio_helpers import Server, run_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from run_server(tmp_path_factory.mktemp("first"))


browser = pytest.fixture(scope="module")(launch_browser)


def test_the_room_says_it_is_making_a_pattern_until_the_grid_comes(
    server: Server, browser: Any
) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def slow(route: Any) -> None:  # the pattern as a loaded machine serves it
        time.sleep(2.5)
        route.continue_()

    page.route("**/api/crossword/pattern", slow)
    try:
        page.goto(server.url)
        status = page.locator("#status")
        expect(status).to_have_text("making a 15x15 pattern the word list fills…", timeout=2000)
        assert page.locator(".grid .cell").count() == 0  # still waiting for the pattern
        page.locator(".grid .cell").first.wait_for(timeout=60_000)
        expect(status).to_have_text("new 15x15 puzzle")
        assert not errors, errors
    finally:
        context.close()
