"""Playable pages in a real Chromium: solve, reload, check, reveal, acrostic mirroring, a11y.

Pages are opened from file:// URLs, as a reader who downloaded one would. Each test gets a
fresh browser context, so localStorage starts empty unless the test reloads the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from play_helpers import (
    NYT_1952,
    SAMPLER,
    acrostic_answers,
    clued_acrostic,
    launch_browser,
    play_page,
)
from puzzlewright.crossword.formats import load_puzzle

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

browser = pytest.fixture(scope="module")(launch_browser)


@pytest.fixture
def page(browser: Any, tmp_path: Path) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    context.close()
    assert not errors, errors


def cell(page: Any, r: int, c: int) -> Any:
    return page.locator(f'.pw-grid [data-row="{r}"][data-col="{c}"]')


def open_page(page: Any, path: Path) -> None:
    page.goto(path.as_uri())
    expect(page.locator("body.pw-ready")).to_have_count(1)


def type_entry(page: Any, cells: list[tuple[int, int]], letters: list[str], across: bool) -> None:
    """Click the entry's first square, set the direction, type each square (Esc for rebus)."""
    cell(page, *cells[0]).click()
    label = page.locator(".pw-cluebar-label")
    want = "Across" if across else "Down"
    if not (label.text_content() or "").endswith(want):
        page.keyboard.press("Space")
    expect(label).to_have_text(re.compile(want + "$"))
    for text in letters:
        if len(text) > 1:
            page.keyboard.press("Escape")
            page.get_by_role("textbox", name="Rebus letters").fill(text)
            page.keyboard.press("Enter")
        else:
            page.keyboard.type(text)


def solve_by_typing(page: Any, source: Path) -> dict[tuple[int, int], str]:
    """Type every across answer of ``source``; return the solution by square."""
    puzzle = load_puzzle(source)
    grid = puzzle.grid
    solution = {(r, c): grid.cells[r][c] or "" for r, c in grid.positions()}
    for slot in grid.slots():
        if slot.direction == "across":
            type_entry(page, list(slot.cells), [solution[p] for p in slot.cells], True)
    return solution


def test_solve_by_typing_then_reload_keeps_progress(page: Any, tmp_path: Path) -> None:
    path = play_page(SAMPLER, tmp_path)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_page(page, path)
    status = page.get_by_role("status")
    expect(status).not_to_contain_text("Solved")
    solution = solve_by_typing(page, SAMPLER)
    expect(status).to_contain_text("Solved!")
    expect(page.locator(".pw-status.pw-win")).to_be_visible()
    for (r, c), letters in solution.items():
        expect(cell(page, r, c)).to_have_text(letters)
    page.reload()
    expect(page.locator("body.pw-ready")).to_have_count(1)
    for (r, c), letters in solution.items():
        expect(cell(page, r, c)).to_have_text(letters)
    expect(status).to_contain_text("Solved!")
    assert all(url.startswith("file://") for url in requests), requests


@pytest.mark.slow
def test_a_real_1952_puzzle_solved_on_a_phone_width_window(browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=False)
    tab = context.new_page()
    open_page(tab, play_page(NYT_1952, tmp_path))
    expect(tab.get_by_role("gridcell", name=re.compile(r"^1, row 1, column 1"))).to_be_focused()
    solution = solve_by_typing(tab, NYT_1952)
    expect(tab.get_by_role("status")).to_contain_text("Solved!")
    assert len(solution) == 225 - 35  # 35 blocks
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    expect(tab.locator(".pw-clue.pw-current")).to_contain_text("Lengths of yarn.")
    context.close()


def test_keyboard_moves_direction_tab_and_backspace(page: Any, tmp_path: Path) -> None:
    open_page(page, play_page(SAMPLER, tmp_path))
    label = page.locator(".pw-cluebar-label")
    cell(page, 1, 0).click()  # 4 Across starts here
    expect(label).to_have_text("4 Across")
    expect(page.locator(".pw-clue.pw-current")).to_contain_text("Rebus row")
    page.keyboard.type("DX")
    expect(cell(page, 1, 0)).to_have_text("D")
    expect(cell(page, 1, 1)).to_have_text("X")
    page.keyboard.press("Backspace")  # the cursor is on (1, 2), empty: step back and erase
    expect(cell(page, 1, 1)).to_have_text("")
    page.keyboard.press("ArrowDown")  # perpendicular arrow: turn first
    expect(label).to_have_text("1 Down")
    page.keyboard.press("ArrowDown")
    page.keyboard.type("K")
    expect(cell(page, 2, 1)).to_have_text("K")
    page.keyboard.press("Enter")  # the cursor moved on to (3, 1): switch to 7 Across
    expect(label).to_have_text("7 Across")
    page.keyboard.press("Tab")
    expect(label).to_have_text("8 Across")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(label).to_have_text("6 Across")
    assert page.evaluate("document.activeElement.dataset.row") == "2"
    assert page.evaluate("document.activeElement.dataset.col") == "0"  # its first empty square
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Delete")
    expect(cell(page, 2, 1)).to_have_text("")
    assert page.evaluate("document.activeElement.dataset.col") == "1"
    expect(cell(page, 1, 0)).to_have_text("D")


def test_check_and_reveal_with_confirmation(page: Any, tmp_path: Path) -> None:
    open_page(page, play_page(SAMPLER, tmp_path))
    cell(page, 2, 0).click()  # 6 Across: JKLMN
    page.keyboard.type("JQ")
    page.get_by_role("button", name="Check").click()
    page.get_by_role("menuitem", name="Check word").click()
    expect(cell(page, 2, 0)).to_have_class(re.compile("pw-ok"))
    expect(cell(page, 2, 1)).to_have_class(re.compile("pw-wrong"))
    expect(cell(page, 2, 1)).to_have_attribute("aria-label", re.compile("Q, wrong"))
    expect(page.get_by_role("status")).to_contain_text("1 square is wrong")
    page.keyboard.press("ArrowLeft")  # back on the wrong square: retyping clears the mark
    page.keyboard.type("K")
    expect(cell(page, 2, 1)).not_to_have_class(re.compile("pw-wrong"))

    page.get_by_role("button", name="Reveal").click()
    page.get_by_role("menuitem", name="Reveal word").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Reveal this answer?")
    dialog.get_by_role("button", name="Cancel").click()
    expect(cell(page, 2, 4)).to_have_text("")
    page.get_by_role("button", name="Reveal").click()
    page.get_by_role("menuitem", name="Reveal word").click()
    page.get_by_role("dialog").get_by_role("button", name="Reveal").click()
    for c, letter in enumerate("JKLMN"):
        expect(cell(page, 2, c)).to_have_text(letter)
    expect(cell(page, 2, 4)).to_have_class(re.compile("pw-revealed"))
    expect(cell(page, 2, 0)).not_to_have_class(re.compile("pw-revealed"))  # was right

    page.get_by_role("button", name="Reveal").click()
    page.get_by_role("menuitem", name="Reveal puzzle").click()
    page.get_by_role("dialog").get_by_role("button", name="Reveal").click()
    expect(cell(page, 1, 1)).to_have_text("EF")  # the rebus square
    expect(page.get_by_role("status")).to_contain_text("Solved!")
    expect(page.get_by_role("status")).to_contain_text("revealed")


@pytest.mark.slow
def test_timer_pauses_and_hides_the_grid(page: Any, tmp_path: Path) -> None:
    page.clock.install()  # the page's timers run on Playwright's clock: no real waiting
    open_page(page, play_page(SAMPLER, tmp_path))
    timer = page.get_by_role("timer")
    page.clock.run_for(3_000)
    expect(timer).to_have_text("0:03")
    page.get_by_role("button", name="Pause").click()
    expect(page.locator(".pw-pausedbox")).to_be_visible()
    page.clock.run_for(5_000)
    expect(timer).to_have_text("0:03")
    page.keyboard.type("Z")  # typing while paused does nothing
    page.get_by_role("button", name="Resume").first.click()
    expect(page.locator(".pw-pausedbox")).to_be_hidden()
    assert all(cell(page, 1, c).text_content() == "" for c in range(5))
    page.clock.run_for(2_000)
    expect(timer).to_have_text("0:05")


def test_acrostic_typing_is_mirrored_between_grid_and_clues(page: Any, tmp_path: Path) -> None:
    source = clued_acrostic(tmp_path)
    open_page(page, play_page(source, tmp_path))
    expect(page.get_by_role("grid", name=re.compile("Quotation grid"))).to_be_visible()
    first = cell(page, 0, 0)  # square 1, in answer F
    first.click()
    page.keyboard.type("IT")
    expect(first).to_have_text("I")
    blank_1 = page.locator('.pw-blank:has(.pw-bn[data-v="1"])')
    expect(blank_1).to_have_text("I")
    blank_2 = page.locator('.pw-blank:has(.pw-bn[data-v="2"])')
    expect(blank_2).to_have_text("T")
    # the other way: type answer A in its blanks, see its letters land in the grid
    answers = acrostic_answers(source)
    group = page.get_by_role("group", name=re.compile("^Answer A,"))
    group.locator(".pw-blank").first.click()
    page.keyboard.type(answers["A"])
    numbers = group.locator(".pw-bn").evaluate_all("nodes => nodes.map(n => n.dataset.v)")
    for number, letter in zip(numbers, answers["A"], strict=True):
        square = page.locator(f'.pw-grid .pw-cell:has(.pw-n[data-v="{number}"])')
        expect(square).to_have_text(letter)
    expect(page.locator(".pw-cluebar-text")).to_have_text("Sum total")
    page.keyboard.press("Space")  # jump from the blank to its square in the grid
    assert page.evaluate("document.activeElement.classList.contains('pw-cell')")


def test_acrostic_solved_by_typing_the_quotation(page: Any, tmp_path: Path) -> None:
    source = clued_acrostic(tmp_path)
    quote = acrostic_answers(source)["[QUOTE]"]
    open_page(page, play_page(source, tmp_path))
    cell(page, 0, 0).click()
    page.keyboard.type(quote[:-1])
    expect(page.get_by_role("status")).not_to_contain_text("Solved")
    page.keyboard.type(quote[-1])
    expect(page.get_by_role("status")).to_contain_text("Solved!")
    answers = acrostic_answers(source)
    k = page.get_by_role("group", name=re.compile("^Answer K,"))
    expect(k).to_have_text(answers["K"])


def test_controls_have_accessible_names_and_no_sideways_scroll(
    browser: Any, tmp_path: Path
) -> None:
    pages = [play_page(SAMPLER, tmp_path), play_page(clued_acrostic(tmp_path), tmp_path)]
    for width in (1200, 390):
        context = browser.new_context(viewport={"width": width, "height": 844})
        tab = context.new_page()
        for path in pages:
            open_page(tab, path)
            unnamed = tab.evaluate(
                """() => [...document.querySelectorAll(
                    'button, input, [role=gridcell], [role=menuitem], [role=grid], [role=group]')]
                    .filter(n => !(n.getAttribute('aria-label') || n.textContent.trim()
                                   || n.getAttribute('aria-labelledby')))
                    .map(n => n.outerHTML.slice(0, 80))"""
            )
            assert unnamed == []
            for name in ("Pause", "Check", "Reveal", "Clear puzzle", "Print blank puzzle"):
                expect(tab.get_by_role("button", name=name, exact=True)).to_have_count(1)
            assert tab.evaluate("document.documentElement.scrollWidth") <= width
        context.close()


def test_print_view_is_the_blank_puzzle(page: Any, tmp_path: Path) -> None:
    open_page(page, play_page(SAMPLER, tmp_path))
    cell(page, 0, 1).click()
    page.keyboard.type("A")
    page.emulate_media(media="print")
    letter = cell(page, 0, 1).locator(".pw-l")
    assert letter.evaluate("n => getComputedStyle(n).color") == "rgba(0, 0, 0, 0)"
    expect(page.get_by_role("button", name="Check")).to_be_hidden()
    expect(page.locator(".pw-clue").first).to_be_visible()


def test_touch_typing_goes_through_the_hidden_field(browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    tab = context.new_page()
    open_page(tab, play_page(SAMPLER, tmp_path))
    cell(tab, 2, 0).tap()
    field = tab.get_by_role("textbox", name="Type a letter in the selected square")
    expect(field).to_be_focused()
    tab.keyboard.insert_text("j")  # what a phone keyboard sends: an input event, no key code
    tab.keyboard.insert_text("k")
    expect(cell(tab, 2, 0)).to_have_text("J")
    expect(cell(tab, 2, 1)).to_have_text("K")
    # a phone's backspace: no usable key code, the field's one space deleted
    field.evaluate(
        "n => { n.value = ''; n.dispatchEvent(new InputEvent('input', "
        "{inputType: 'deleteContentBackward'})); }"
    )
    expect(cell(tab, 2, 1)).to_have_text("")
    expect(cell(tab, 2, 0)).to_have_text("J")
    context.close()


def test_a_locked_diagramless_puz_is_solved_marking_its_blocks(page: Any, tmp_path: Path) -> None:
    """The real locked NYT diagramless (unlocked when read) plays without blocks or numbers:
    the solver types each row, '.' for a block, and the page says it is solved."""
    source = SAMPLER.parents[1] / "corpus" / "puzpy" / "nyt_diagramless.puz"
    open_page(page, play_page(source, tmp_path))
    assert page.locator(".pw-grid .pw-block").count() == 0
    assert page.locator(".pw-grid .pw-n").count() == 0
    assert page.locator(".pw-clue").count() > 40  # the clues are all listed
    rows = load_puzzle(source).grid.rows_text()
    label = page.locator(".pw-cluebar-label")
    for r, text in enumerate(rows):
        cell(page, r, 0).click()
        if label.text_content() != "Across":
            page.keyboard.press("Space")
        expect(label).to_have_text("Across")
        page.keyboard.type(text.replace("#", "."))
        if r == 0:  # the first row: a marked block, a letter
            expect(cell(page, 0, 0)).to_have_class(re.compile("pw-marked-block"))
            expect(cell(page, 0, 6)).to_have_attribute("aria-label", re.compile(": V$"))
    expect(page.locator(".pw-status")).to_contain_text("Solved!")
    page.screenshot(path=str(tmp_path / "diagramless-solved.png"))
    page.keyboard.press("Tab")  # no entries to go to: Tab leaves the grid
    expect(page.locator(".pw-grid [role=gridcell]:focus")).to_have_count(0)


@pytest.mark.parametrize(
    "name", ["nyt_weekday_with_notes.puz", "nyt_rebus_with_notes_and_shape.puz"]
)
def test_the_whole_15x15_is_visible_at_1280x800_light_and_dark(
    browser: Any, tmp_path: Path, name: str
) -> None:
    """A 15x15 with notes above it fits a laptop window; the dark theme follows the system
    and printing drops it (and the solved border) for the blank black-on-white puzzle."""
    source = SAMPLER.parents[1] / "corpus" / "puzpy" / name
    path = play_page(source, tmp_path)
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
        tab = context.new_page()
        open_page(tab, path)
        box = tab.locator(".pw-grid").bounding_box()
        assert box["y"] + box["height"] <= 800 and box["width"] >= 300
        cell_color = tab.locator(".pw-cell:not(.pw-block):not(.pw-in)").last.evaluate(
            "n => getComputedStyle(n).backgroundColor"
        )
        assert (cell_color == "rgb(255, 255, 255)") == (scheme == "light")
        tab.screenshot(path=str(tmp_path / f"{scheme}.png"))
        context.close()


def test_print_drops_the_solved_border(page: Any, tmp_path: Path) -> None:
    open_page(page, play_page(SAMPLER, tmp_path))
    solve_by_typing(page, SAMPLER)
    expect(page.locator("body.pw-done")).to_have_count(1)
    border = "n => getComputedStyle(n).borderTopColor"
    assert page.locator(".pw-grid").evaluate(border) == "rgb(46, 125, 50)"
    page.emulate_media(media="print", color_scheme="dark")
    assert page.locator(".pw-grid").evaluate(border) == "rgb(20, 20, 20)"
