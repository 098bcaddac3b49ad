"""End to end: a real Chromium (Debian's, by path) drives the page on a real uvicorn server.

The scenario of issue 13: create a 5x5 puzzle, type, toggle a block and see its partner,
undo, watch the viable letters change, pick a candidate, autofill, browse two fills, lock
an entry and refill, edit a clue, save as .ipuz and read it back, reload and find the work.
Screenshots of failures land in the test's temporary folder (and are named in the error).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

from puzzlewright.crossword.formats import load_puzzle  # noqa: E402
from puzzlewright.workbench.launch import serving  # noqa: E402

CHROMIUM = os.environ.get("PUZZLEWRIGHT_CHROMIUM", "/usr/bin/chromium")
DOCS_IMAGE = Path(__file__).resolve().parents[2] / "docs" / "images" / "workbench.png"
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("bench")
    with serving(folder) as url:
        yield url, folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-extensions",
            ],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    new_page = context.new_page()
    errors: list[str] = []
    new_page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield new_page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        shot = tmp_path / f"{request.node.name}.png"
        new_page.screenshot(path=str(shot), full_page=True)
        print(f"screenshot of the failure: {shot}")
    context.close()
    assert not errors, errors


@pytest.mark.parametrize(
    "stored", ["{not json", '{"doc": {"cells": [5]}}', '{"doc": {"cells": []}}', '{"doc": 7}']
)
def test_a_corrupt_saved_session_starts_a_new_puzzle(
    page: Page, server: tuple[str, Path], stored: str
) -> None:
    """The autosaved session is read defensively: a damaged entry gives a new puzzle."""
    page.context.add_init_script(f"localStorage.setItem('puzzlewright.crossword.v1', {stored!r});")
    page.goto(server[0])
    # the starting pattern is one the built-in crossword list fills: the first load may
    # compile the list and run the trial fill (seconds on a loaded machine)
    expect(page.locator("body[data-ready=true]")).to_be_attached(timeout=60_000)
    expect(page.locator('[role="gridcell"]')).to_have_count(15 * 15, timeout=60_000)


def cell(page: Page, r: int, c: int):  # type: ignore[no-untyped-def]
    return page.locator(f'[role="gridcell"][data-row="{r}"][data-col="{c}"]')


def row_text(page: Page, r: int, width: int) -> str:
    return "".join(cell(page, r, c).inner_text() or "." for c in range(width))


def go(page: Page, r: int, c: int, direction: str = "across") -> None:
    """Put the cursor on a cell with the given direction (a click on the cursor turns it)."""
    cell(page, r, c).click()
    grid = page.get_by_role("grid")
    if grid.get_attribute("data-direction") != direction:
        page.keyboard.press(" ")
    expect(grid).to_have_attribute("data-direction", direction)


def grid_text(page: Page, size: int) -> list[str]:
    return [row_text(page, r, size) for r in range(size)]


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)


def new_blank(page: Page, size: int) -> None:
    page.get_by_role("button", name="New…").click()
    dialog = page.get_by_role("dialog", name="New puzzle")
    dialog.get_by_label("Width").fill(str(size))
    dialog.get_by_label("Height").fill(str(size))
    dialog.get_by_label("Start from").select_option("blank")
    dialog.get_by_role("button", name="Create").click()
    expect(dialog).to_be_hidden()
    expect(page.locator('[role="gridcell"]')).to_have_count(size * size)


def wait_analysed(page: Page, r: int, c: int) -> str:
    """The viable letters of an empty cell once the analysis has painted them."""
    target = cell(page, r, c)
    expect(target).to_have_attribute("data-viable", re.compile(".+"))
    return target.get_attribute("data-viable") or ""


@pytest.mark.slow
def test_autofill_of_the_starting_grid_shows_a_fill_at_once(
    server: tuple[str, Path], page: Page, tmp_path: Path
) -> None:
    """Issue 26: a new user's first Autofill (the starting 15x15, the built-in list) shows
    at once the fill New...'s check found for the pattern, then the fill `crossword fill`
    makes, while the ranked fills are still searched (seconds more); accepting one ends
    that search."""
    patterns: list[Any] = []
    page.on(
        "response",
        lambda r: patterns.append(r.json()) if r.url.endswith("/api/crossword/pattern") else None,
    )
    open_page(page, server[0])
    expect(page.get_by_role("gridcell")).to_have_count(15 * 15, timeout=60_000)
    blocks = page.get_by_role("gridcell", name=re.compile(r", block$")).count()
    assert 20 <= blocks <= 60 and len(patterns) == 1
    known = patterns[0]["fill"]["grid"]  # rows, "#" for blocks
    assert sum(row.count("#") for row in known) == blocks
    page.get_by_role("button", name="Autofill").click()
    expect(page.get_by_role("heading", name=re.compile(r"^Fill 1 of [12]$"))).to_be_visible()
    ranking = page.get_by_role("status").filter(has_text=re.compile(r"shown, ranking 5"))
    expect(ranking).to_be_visible()
    expect(page.get_by_role("button", name="Cancel fill")).to_be_enabled()
    ghosts = page.get_by_role("gridcell", name=re.compile(r", empty, [A-Z] likely$"))
    expect(ghosts).to_have_count(15 * 15 - blocks)  # the fill previewed in every white cell
    shown = [
        cell(page, r, c).get_attribute("data-ghost") or "#" for r in range(15) for c in range(15)
    ]
    assert shown == [ch for row in known for ch in row]  # New...'s fill, before any other
    # then the job's first fill beside it (or, should that be the same, the ranked fills)
    expect(page.get_by_role("heading", name=re.compile(r"^Fill 1 of [2-9]$"))).to_be_visible(
        timeout=60_000
    )
    page.screenshot(path=str(tmp_path / "first-fill.png"))
    print(f"screenshot: {tmp_path / 'first-fill.png'}")
    page.get_by_role("button", name="Accept fill").click()
    letters = page.get_by_role("gridcell", name=re.compile(r", [A-Z]$"))
    expect(letters).to_have_count(15 * 15 - blocks)
    # the search ended (a cancel: at once on a quiet machine, seconds on a loaded one)
    expect(page.get_by_role("button", name="Autofill")).to_be_enabled(timeout=60_000)
    expect(page.get_by_role("heading", name=re.compile(r"Fill 1 of"))).to_be_hidden()


@pytest.mark.slow
def test_construct_a_5x5_end_to_end(server: tuple[str, Path], page: Page) -> None:
    url, folder = server
    open_page(page, url)
    # with nothing open, the page starts on a 15x15 with a generated symmetric pattern
    expect(page.locator('[role="gridcell"]')).to_have_count(225)
    assert page.locator(".cell.block").count() > 0

    new_blank(page, 5)
    # a block and its rotational partner; undo and redo
    cell(page, 0, 0).click()
    page.keyboard.press(".")
    expect(cell(page, 0, 0)).to_have_class(re.compile(r"\bblock\b"))
    expect(cell(page, 4, 4)).to_have_class(re.compile(r"\bblock\b"))
    page.keyboard.press("Control+z")
    expect(cell(page, 4, 4)).not_to_have_class(re.compile(r"\bblock\b"))
    page.keyboard.press("Control+y")
    expect(cell(page, 4, 4)).to_have_class(re.compile(r"\bblock\b"))
    cell(page, 0, 4).click()
    page.keyboard.press(".")
    expect(cell(page, 4, 0)).to_have_class(re.compile(r"\bblock\b"))

    # viable letters change as letters are typed
    before = wait_analysed(page, 1, 1)
    go(page, 0, 1)
    page.keyboard.type("cat")
    assert [cell(page, 0, c).inner_text() for c in (1, 2, 3)] == ["C", "A", "T"]
    expect(cell(page, 1, 1)).not_to_have_attribute("data-viable", before)
    after = wait_analysed(page, 1, 1)
    assert set(after) < set(before)

    # a candidate for the down entry through (1, 1): click it into the grid
    go(page, 2, 1, "down")
    listbox = page.get_by_role("listbox", name="Candidates")
    expect(listbox).to_have_attribute("data-entry", "1D")
    expect(listbox.get_by_role("option").first).to_be_visible()
    # background fill checks mark candidates as they finish: pick one known to finish
    option = listbox.locator('[role="option"][data-verdict="fills"]').first
    expect(option).to_be_visible(timeout=30_000)
    word = option.get_attribute("data-word") or ""
    assert len(word) == 5 and word[0] == "C"
    option.click()
    for r in range(5):  # the grid updates after the click's handler runs: wait for it
        expect(cell(page, r, 1)).to_have_text(word[r])

    # autofill: several fills, browse two, accept one
    page.get_by_role("button", name="Autofill").click()
    # the first fill shows at once ("Fill 1 of 1"); then the ranked fills, it among them
    heading = page.get_by_role("heading", name=re.compile(r"Fill 1 of ([2-9]|\d\d)"))
    expect(heading).to_be_visible(timeout=60_000)
    assert int((heading.inner_text()).split()[-1]) >= 2
    first = [cell(page, r, c).get_attribute("data-ghost") or "" for r in range(5) for c in range(5)]
    page.get_by_role("button", name="Next fill").click()
    expect(page.get_by_role("heading", name=re.compile(r"Fill 2 of"))).to_be_visible()
    second = [
        cell(page, r, c).get_attribute("data-ghost") or "" for r in range(5) for c in range(5)
    ]
    assert first != second
    page.get_by_role("button", name="Accept fill").click()
    filled = grid_text(page, 5)
    assert all("." not in line[1:4] for line in filled)
    assert "".join(cell(page, r, 1).inner_text() for r in range(5)) == word  # kept

    # lock the middle across entry, refill: it stays, everything else may change
    go(page, 2, 0)
    page.get_by_role("button", name="Lock entry").click()
    expect(page.get_by_role("button", name="Unlock entry")).to_be_visible()
    locked_row = row_text(page, 2, 5)
    page.get_by_role("button", name="Refill").click()
    expect(page.get_by_role("heading", name=re.compile(r"Fill 1 of"))).to_be_visible(timeout=60_000)
    page.get_by_role("button", name="Accept fill").click()
    assert row_text(page, 2, 5) == locked_row
    final = grid_text(page, 5)
    assert all("." not in line[1:4] for line in final)

    # a clue, with an enumeration check
    page.get_by_role("tab", name="Clues").click()
    clue = page.get_by_role("textbox", name="Clue 1A")
    clue.fill("First across (9)")
    expect(page.locator('li[data-key="1A"]')).to_have_class(re.compile("mismatch"))
    clue.fill("First across (3)")
    expect(page.locator('li[data-key="1A"]')).not_to_have_class(re.compile("mismatch"))

    # save as .ipuz and read it back with the formats module
    page.get_by_role("button", name="Save as…").click()
    dialog = page.get_by_role("dialog", name="Save as")
    dialog.get_by_role("textbox").fill("e2e.ipuz")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("status").first).to_contain_text("saved e2e.ipuz")
    saved = load_puzzle(folder / "e2e.ipuz")
    assert saved.clues["1A"] == "First across (3)"
    assert ["".join(letter or "." for letter in row) for row in saved.grid.cells] == final

    # reload: the work is still there (autosave)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator('[role="gridcell"]')).to_have_count(25)
    assert grid_text(page, 5) == final
    page.get_by_role("tab", name="Clues").click()
    expect(page.get_by_role("textbox", name="Clue 1A")).to_have_value("First across (3)")


def test_dead_grid_is_explained_and_keys_work(server: tuple[str, Path], page: Page) -> None:
    url, _ = server
    open_page(page, url)
    new_blank(page, 4)
    # New is an edit like any other: undo brings the previous puzzle back, redo the new one
    cell(page, 0, 0).click()
    page.keyboard.press("Control+z")
    expect(page.locator('[role="gridcell"]')).to_have_count(225)
    page.get_by_role("button", name="Redo").click()
    expect(page.locator('[role="gridcell"]')).to_have_count(16)
    go(page, 0, 0)
    page.keyboard.type("qxq")
    alert = page.locator(".banner.dead")
    expect(alert).to_contain_text("Cannot be filled")
    expect(cell(page, 0, 1)).to_have_class(re.compile(r"\bdead\b"))
    # Backspace clears and steps back; Delete clears in place; Tab moves to the next entry
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    assert cell(page, 0, 2).inner_text() == ""
    page.keyboard.press("Delete")
    assert cell(page, 0, 1).inner_text() == ""
    expect(alert).to_be_hidden()
    page.keyboard.press("Tab")
    expect(cell(page, 1, 0)).to_be_focused()
    # a perpendicular arrow first turns the direction, then moves
    page.keyboard.press("ArrowDown")
    expect(cell(page, 1, 0)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(cell(page, 2, 0)).to_be_focused()
    # rebus: Esc, letters, Enter
    page.keyboard.press("Escape")
    page.keyboard.type("ing")
    page.keyboard.press("Enter")
    expect(cell(page, 2, 0)).to_have_text("ING")
    # a bar (|) with its rotational partner ends entries: row 1 becomes two 2-letter entries
    go(page, 1, 1)
    page.keyboard.press("|")
    expect(cell(page, 1, 1)).to_have_class(re.compile(r"\bbar-right\b"))
    expect(cell(page, 2, 1)).to_have_class(re.compile(r"\bbar-right\b"))
    expect(page.locator("body")).to_contain_text("2 letters")
    page.keyboard.press("Control+z")
    expect(cell(page, 2, 1)).not_to_have_class(re.compile(r"\bbar-right\b"))
    # candidate filter by regular expression (after clearing the Q left in the corner)
    go(page, 0, 0)
    page.keyboard.press("Delete")
    go(page, 3, 0)
    page.get_by_label("Regex").check()
    page.get_by_role("textbox", name="Filter candidates").fill("^S")
    listbox = page.get_by_role("listbox", name="Candidates")
    expect(listbox).to_have_attribute("data-entry", "7A")
    option = listbox.get_by_role("option").first
    expect(option).to_have_attribute("data-word", re.compile("^S"))


def test_save_replaces_only_the_file_the_puzzle_came_from(
    server: tuple[str, Path], page: Page
) -> None:
    """Before: Save sent ``overwrite`` for any name, so a new puzzle's Save replaced a
    ``puzzle.ipuz`` already in the folder (issue 25). Now a taken name opens Save as with the
    reason; a second Save replaces it, and from then on Save replaces its own file. Export
    asks the same way."""
    url, folder = server
    other = folder / "puzzle.ipuz"
    other.write_text("a file this puzzle did not come from\n")
    before = other.read_bytes()
    open_page(page, url)
    new_blank(page, 4)
    go(page, 0, 0)
    page.keyboard.type("ab")
    page.get_by_role("button", name="Save", exact=True).click()
    dialog = page.get_by_role("dialog", name="Save as")
    expect(dialog).to_be_visible()  # a new puzzle's first Save asks for a name (issue 28)
    expect(dialog.get_by_role("textbox")).to_have_value("puzzle-2.ipuz")  # a free one
    dialog.get_by_role("textbox").fill("puzzle.ipuz")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_contain_text("puzzle.ipuz exists")
    assert other.read_bytes() == before  # nothing replaced without asking
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("status").first).to_contain_text("saved puzzle.ipuz")
    assert load_puzzle(other).grid.cells[0][:2] == ["A", "B"]
    go(page, 1, 0)
    page.keyboard.type("c")
    page.get_by_role("status").first.evaluate("node => { node.textContent = ''; }")
    page.get_by_role("button", name="Save", exact=True).click()  # its own file now: no dialog
    expect(page.get_by_role("status").first).to_contain_text("saved puzzle.ipuz")
    expect(dialog).to_be_hidden()
    assert load_puzzle(other).grid.cells[1][0] == "C"
    # Export asks the same way before it replaces a file
    (folder / "puzzle.svg").write_text("my drawing\n")
    page.get_by_role("button", name="Export…").click()
    export = page.get_by_role("dialog", name="Export")
    export.get_by_label("Format").select_option("svg")
    export.get_by_role("button", name="Export").click()
    expect(export).to_contain_text("puzzle.svg exists")
    assert (folder / "puzzle.svg").read_text() == "my drawing\n"
    export.get_by_role("button", name="Export").click()
    expect(export).to_be_hidden()
    expect(page.get_by_role("status").first).to_contain_text("exported puzzle.svg")
    assert "<svg" in (folder / "puzzle.svg").read_text()


def test_docs_screenshot(browser: Browser, stwl_path: Path, tmp_path: Path) -> None:
    """A 15x15 session on Spread the Wordlist for docs/workbench.md (only with
    PUZZLEWRIGHT_DOCS_SHOT=1: it rewrites docs/images/workbench.png)."""
    if not os.environ.get("PUZZLEWRIGHT_DOCS_SHOT"):
        pytest.skip("set PUZZLEWRIGHT_DOCS_SHOT=1 to refresh docs/images/workbench.png")
    shutil.copy(
        Path(__file__).parents[1] / "data" / "grids" / "themed15.txt", tmp_path / "themed.txt"
    )
    with serving(tmp_path, "--words", str(stwl_path), "--min-score", "50") as url:
        page = browser.new_page(viewport={"width": 1440, "height": 860})
        open_page(page, url)
        page.get_by_role("button", name="Open…").click()
        page.get_by_role("dialog", name="Open puzzle").get_by_role(
            "button", name="themed.txt"
        ).click()
        expect(page.locator('[role="gridcell"]')).to_have_count(225)
        go(page, 4, 0)
        page.keyboard.type("CROSSWORDPUZZLE")
        go(page, 4, 0)
        page.keyboard.press("Alt+KeyT")  # a theme entry: kept by Refill, exempt from checks
        go(page, 0, 0, "down")
        page.keyboard.type("STIT")
        go(page, 0, 2, "down")
        expect(page.locator('.candidates li[data-verdict="fills"]').first).to_be_visible(
            timeout=30_000
        )
        page.get_by_role("textbox", name="Clue 1D").fill("Sew (6)")
        go(page, 0, 2, "down")
        page.wait_for_timeout(2500)
        DOCS_IMAGE.parent.mkdir(exist_ok=True)
        page.screenshot(path=str(DOCS_IMAGE))
        page.close()
