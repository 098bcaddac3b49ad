"""The workbench a constructor can trust (issue 28), in a real Chromium on a real server:
clues that follow answers, saves that never replace another puzzle, the Words tab, the
personal list, theme entries, the keyboard, diagramless and locked files.

The browser, server and page fixtures and the helpers are the end-to-end module's (one
Chromium per module). Screenshots of each state land in the test's temporary folder.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402
from test_workbench_e2e import (  # noqa: E402
    browser,
    cell,
    go,
    new_blank,
    open_page,
    page,
    pytestmark,
    row_text,
    server,
)

from puzzlewright.crossword.formats import load_puzzle  # noqa: E402
from puzzlewright.workbench.launch import serving  # noqa: E402

__all__ = ["browser", "page", "pytestmark", "server"]

CLUES_MODULE = "/static/crossword/clues.js"
expect.set_options(timeout=15_000)  # a loaded machine (2 cores, 8 sessions) answers slowly


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


def shot(page: Page, tmp_path: Path, name: str) -> None:
    page.screenshot(path=str(tmp_path / f"{name}.png"))


def ghost_word(page: Page, r: int, width: int) -> str:
    return "".join(cell(page, r, c).get_attribute("data-ghost") or "." for c in range(width))


@pytest.mark.slow
def test_refill_sets_clues_aside_and_undo_restores_them(
    server: tuple[str, Path], page: Page, tmp_path: Path
) -> None:
    url, _ = server
    open_page(page, url)
    new_blank(page, 5)
    page.get_by_role("button", name="Autofill").click()
    expect(page.get_by_role("heading", name=re.compile(r"Fill 1 of"))).to_be_visible(timeout=60_000)
    page.get_by_role("button", name="Accept fill").click()
    expect(page.get_by_role("heading", name=re.compile(r"Fill \d of"))).to_be_hidden()
    first = row_text(page, 0, 5)
    assert "." not in first
    page.get_by_role("tab", name="Clues").click()
    page.get_by_role("textbox", name="Clue 1A").fill("Written for the first answer")
    go(page, 0, 0)  # ban 1A's word for this puzzle, so that no refill uses it anywhere
    expect(page.locator(".candidates .current-word")).to_have_text(first)
    page.get_by_role("button", name="Ban word").click()
    page.get_by_role("button", name="Refill").click()
    heading = page.get_by_role("heading", name=re.compile(r"Fill 1 of (\d+)"))
    expect(heading).to_be_visible(timeout=60_000)
    total = int(heading.inner_text().split()[-1])
    assert total >= 1 and ghost_word(page, 0, 5) != first
    page.get_by_role("button", name="Accept fill").click()
    now = row_text(page, 0, 5)
    clue_row = page.locator('li[data-key="1A"]')
    expect(clue_row).to_have_class(re.compile("set-aside"))
    expect(clue_row).to_contain_text(f"written for {first}; the entry is now {now}")
    expect(page.get_by_role("textbox", name="Clue 1A")).to_have_value("")
    page.get_by_role("tab", name="Checks").click()
    expect(page.get_by_role("tabpanel")).to_contain_text(f"written for {first}")
    shot(page, tmp_path, "clue-set-aside")
    undo = page.get_by_role("button", name="Undo")
    undo.click()  # the accepted fill, then Refill's clearing: the clue moves with them
    expect(cell(page, 0, 0)).to_have_text("")
    undo.click()
    expect(cell(page, 0, 4)).to_have_text(first[4])
    assert row_text(page, 0, 5) == first
    page.get_by_role("tab", name="Clues").click()
    expect(page.get_by_role("textbox", name="Clue 1A")).to_have_value(
        "Written for the first answer"
    )
    expect(clue_row).not_to_have_class(re.compile("set-aside"))
    shot(page, tmp_path, "clue-restored")


@pytest.mark.slow
def test_the_fill_box_keeps_its_buttons_while_fills_arrive(
    server: tuple[str, Path], page: Page
) -> None:
    # Fills keep arriving while the box shows (each one re-renders the page). The box was
    # rebuilt on every render, so "Accept fill" pressed during a swap could be lost (seen
    # in CI: the click was swallowed, the grid stayed empty). Its buttons must be the same
    # elements from the first fill to the last.
    url, _ = server
    open_page(page, url)
    new_blank(page, 5)
    page.get_by_role("button", name="Autofill").click()
    expect(page.get_by_role("heading", name=re.compile(r"Fill 1 of"))).to_be_visible(timeout=60_000)
    accept = page.get_by_role("button", name="Accept fill").element_handle()
    heading = page.get_by_role("heading", name=re.compile(r"Fill 1 of ([2-9]|\d\d)"))
    expect(heading).to_be_visible(timeout=60_000)
    page.get_by_role("button", name="Next fill").click()  # another render, another fill shown
    expect(page.get_by_role("heading", name=re.compile(r"Fill 2 of"))).to_be_visible()
    assert accept.evaluate("button => button.isConnected")
    accept.click()
    expect(page.get_by_role("heading", name=re.compile(r"Fill \d of"))).to_be_hidden()
    assert "." not in row_text(page, 0, 5)


@pytest.mark.slow
def test_the_candidate_list_keeps_its_rows_while_verdicts_arrive(
    server: tuple[str, Path], page: Page
) -> None:
    # Each candidate's fill check arrives on its own. The list was rebuilt for each one, so
    # a click on a candidate pressed during a rebuild could be lost; the rows must stay the
    # same elements while their badges change.
    url, _ = server
    open_page(page, url)
    new_blank(page, 5)
    go(page, 0, 0)
    checking = page.locator('.candidates li[data-verdict="checking"]')
    expect(checking.first).to_be_visible(timeout=30_000)  # the checks started: the list is final
    first = page.locator(".candidates li[data-word]").first.element_handle()
    expect(checking).to_have_count(0, timeout=60_000)  # every verdict came in, one by one
    expect(page.locator('.candidates li[data-verdict="fills"]').nth(3)).to_be_visible()
    assert first.evaluate("row => row.isConnected")
    word = first.get_attribute("data-word") or ""
    first.click()
    expect(cell(page, 0, 4)).to_have_text(word[4])


def saved_again(path: Path, before: int, page: Page, wait_ms: int = 30_000) -> bool:
    """Has the page written ``path`` again since its modification time was ``before``?
    (Polls while the page runs: a readiness wait, not a speed assertion.)"""
    for _ in range(wait_ms // 100):
        if path.stat().st_mtime_ns != before:
            return True
        page.wait_for_timeout(100)
    return False


def test_two_new_documents_save_to_two_files(
    server: tuple[str, Path], page: Page, tmp_path: Path
) -> None:
    url, folder = server
    for name in folder.glob("*.ipuz"):
        name.unlink()
    open_page(page, url)
    dialog = page.get_by_role("dialog", name="Save as")
    for n, word in enumerate(("CAT", "DOG")):
        new_blank(page, 3)
        go(page, 0, 0)
        page.keyboard.type(word)
        page.get_by_role("button", name="Save", exact=True).click()  # a new document: asks
        expect(dialog).to_be_visible()
        expect(dialog.get_by_role("textbox")).to_have_value(
            "puzzle.ipuz" if n == 0 else "puzzle-2.ipuz"
        )
        shot(page, tmp_path, f"save-asks-{n}")
        dialog.get_by_role("button", name="Save").click()
        expect(dialog).to_be_hidden()
    assert sorted(p.name for p in folder.glob("*.ipuz")) == ["puzzle-2.ipuz", "puzzle.ipuz"]
    assert load_puzzle(folder / "puzzle.ipuz").grid.rows_text()[0] == "CAT"
    assert load_puzzle(folder / "puzzle-2.ipuz").grid.rows_text()[0] == "DOG"
    # the second document now owns puzzle-2.ipuz: Save replaces it without asking
    go(page, 1, 0)
    page.keyboard.type("ONE")
    saved_before = (folder / "puzzle-2.ipuz").stat().st_mtime_ns
    page.get_by_role("button", name="Save", exact=True).click()
    # the status already said "saved puzzle-2.ipuz" after the first save: wait for the file
    assert saved_again(folder / "puzzle-2.ipuz", saved_before, page)
    expect(page.get_by_role("status").first).to_contain_text("saved puzzle-2.ipuz")
    assert load_puzzle(folder / "puzzle-2.ipuz").grid.rows_text()[1] == "ONE"
    # naming another document's file asks before replacing it
    page.get_by_role("button", name="Save as…").click()
    dialog.get_by_role("textbox").fill("puzzle.ipuz")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.get_by_role("alert")).to_contain_text("puzzle.ipuz exists")
    assert load_puzzle(folder / "puzzle.ipuz").grid.rows_text()[0] == "CAT"  # untouched
    shot(page, tmp_path, "save-asks-before-replacing")
    dialog.get_by_role("button", name="Cancel").click()


WORDS = "".join(f"{w};{60 - i}\n" for i, w in enumerate(
    "BAD ONE ATE BOA ANT DEE BAT OAT TEA EON CAB ACE BET".split()
))  # fmt: skip


def test_words_tab_shows_the_lists_in_use_and_apply_changes_only_what_changed(
    browser: Any, tmp_path: Path
) -> None:
    folder = tmp_path / "words"
    folder.mkdir()
    (tmp_path / "mine.dict").write_text(WORDS, encoding="utf-8")
    with serving(folder, "--words", str(tmp_path / "mine.dict"), "--min-score", "50") as url:
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        open_page(page, url)
        new_blank(page, 3)
        go(page, 0, 0)
        listbox = page.get_by_role("listbox", name="Candidates")
        expect(listbox.get_by_role("option").first).to_be_visible()
        before = listbox.get_by_role("option").count()
        page.get_by_role("tab", name="Words").click()
        active = page.locator(".active-list")
        expect(active).to_contain_text("mine.dict")
        expect(active).to_contain_text("13 words, 11 at or above the minimum score 50")
        expect(
            page.get_by_role("list", name="Words by score").get_by_role("listitem")
        ).to_have_count(3)  # scores 48-49, 50-59, 60
        shot(page, tmp_path, "words-tab")
        page.get_by_role("button", name="Apply word list").click()
        expect(page.get_by_role("tabpanel").get_by_role("status").first).to_have_text(
            "Nothing changed."
        )
        page.get_by_label("Minimum score").fill("55")
        page.get_by_role("button", name="Apply word list").click()
        expect(active).to_contain_text("6 at or above the minimum score 55")
        expect(active).to_contain_text("mine.dict")  # still the --words list
        go(page, 0, 0)
        expect(listbox.get_by_role("option")).not_to_have_count(before)
        page.close()


def test_a_personal_list_edit_survives_a_restart(browser: Any, tmp_path: Path) -> None:
    folder = tmp_path / "personal"
    folder.mkdir()
    (tmp_path / "mine.dict").write_text(WORDS, encoding="utf-8")
    options = ("--words", str(tmp_path / "mine.dict"))
    with serving(folder, *options) as url:
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        open_page(page, url)
        new_blank(page, 3)
        page.get_by_role("tab", name="Words").click()
        page.get_by_role("textbox", name="Personal word").fill("cot")
        page.get_by_role("spinbutton", name="Personal score").fill("70")
        page.get_by_role("button", name="Set score").click()
        mine = page.get_by_role("list", name="Personal list")
        expect(mine.get_by_role("listitem")).to_have_text(["COT 70 Forget"])
        go(page, 0, 0)  # COT (70) is now 1A's best candidate; the next is banned for good
        listbox = page.get_by_role("listbox", name="Candidates")
        # go() may turn the cursor to 1D and back: 1D's list (COT first too) can show for a
        # moment, and a choice made in it is rightly reset when 1A's arrives; choose in 1A's
        expect(listbox).to_have_attribute("data-entry", "1A")
        expect(listbox.get_by_role("option").first).to_have_attribute("data-word", "COT")
        page.keyboard.press("Alt+KeyK")  # to the candidate list
        page.keyboard.press("ArrowDown")
        selected = listbox.locator('[role="option"][aria-selected="true"]')
        expect(selected).not_to_have_attribute("data-word", "COT")  # moved off the first
        banned = selected.get_attribute("data-word") or ""
        page.get_by_role("button", name="Ban for good").click()
        expect(listbox.locator(f'[data-word="{banned}"]')).to_have_count(0)
        page.close()
    assert f"{banned};0" in (folder / "personal.dict").read_text(encoding="utf-8")
    with serving(folder, *options) as url:  # the next start reads personal.dict again
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        open_page(page, url)
        page.get_by_role("tab", name="Words").click()
        expect(page.get_by_role("list", name="Personal list").get_by_role("listitem")).to_have_text(
            sorted([f"{banned} banned Forget", "COT 70 Forget"])
        )
        expect(page.locator(".active-list")).to_contain_text("with your 2 edits")
        shot(page, tmp_path, "personal-after-restart")
        page.close()


def test_a_ban_for_good_relists_the_candidates_even_when_the_analysis_fails(
    browser: Any, tmp_path: Path
) -> None:
    # the list changed, so the candidates are asked for again directly: they used to come only
    # after a successful re-analysis, and a failed or superseded one left the banned word listed
    folder = tmp_path / "personal"
    folder.mkdir()
    (tmp_path / "mine.dict").write_text(WORDS, encoding="utf-8")
    with serving(folder, "--words", str(tmp_path / "mine.dict")) as url:
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        open_page(page, url)
        new_blank(page, 3)
        go(page, 0, 0)
        listbox = page.get_by_role("listbox", name="Candidates")
        expect(listbox).to_have_attribute("data-entry", "1A")
        expect(listbox.get_by_role("option").first).to_have_attribute("data-word", "BAD")
        page.route("**/api/crossword/analyse", lambda route: route.abort())
        page.get_by_role("button", name="Ban for good").click()
        expect(listbox.locator('[data-word="BAD"]')).to_have_count(0)
        expect(listbox.get_by_role("option")).not_to_have_count(0)  # the others still listed
        page.close()


def settle(page: Page) -> None:
    """Let the page run what is queued (fetch answers, their handlers) without its timers,
    which the test's fake clock holds: a few real macrotasks of the page's own."""
    for _ in range(5):
        page.evaluate(
            "() => new Promise((done) => { const c = new MessageChannel(); "
            "c.port1.onmessage = done; c.port2.postMessage(0); })"
        )


def test_a_late_list_of_another_entry_keeps_the_chosen_candidate(
    browser: Any, tmp_path: Path
) -> None:
    """Issue 28's 'Ban for good' race, made deterministic: a click on the cursor cell turns
    it to 1D and Space turns it back to 1A; 1D's candidate list (held by the test) arrives
    after the constructor chose 1A's second word and before 1A's own list is asked for (the
    page debounces by 20 ms: the test's fake clock holds that). It used to replace the list
    and reset the choice to the first word, which 'Ban for good' then banned."""
    folder = tmp_path / "late"
    folder.mkdir()
    (tmp_path / "mine.dict").write_text(WORDS, encoding="utf-8")
    with serving(folder, "--words", str(tmp_path / "mine.dict")) as url:
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        open_page(page, url)
        new_blank(page, 3)  # the cursor on 1A, whose list comes after the analysis
        expect(cell(page, 0, 0)).to_have_class(re.compile(r"\bcursor\b"))
        expect(page.get_by_role("grid")).to_have_attribute("data-direction", "across")
        listbox = page.get_by_role("listbox", name="Candidates")
        expect(listbox).to_have_attribute("data-entry", "1A")
        expect(listbox.get_by_role("option").first).to_have_attribute("data-word", "BAD")
        second = listbox.get_by_role("option").nth(1).get_attribute("data-word") or ""
        assert second and second != "BAD"
        held: list[Any] = []  # 1D's list requests, held until the test lets them go
        asked: list[Any] = []  # every list request since

        def route(route: Any) -> None:
            asked.append(route.request)
            if (route.request.post_data_json or {}).get("entry") == "1D":
                held.append(route)
            else:
                route.continue_()

        def answered(count: int) -> None:
            """Wait for the ``count``-th list request and its answer, then the page's handling."""
            for _ in range(600):  # the route runs while the test waits on the page
                if len(asked) >= count:
                    break
                page.wait_for_timeout(50)
            response = asked[count - 1].response()
            assert response is not None and response.ok
            response.finished()
            settle(page)

        page.route("**/api/crossword/candidates", route)
        page.clock.install()
        page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # timers run when told
        cell(page, 0, 0).click()  # the cursor cell again: the cursor turns to 1D
        expect(page.get_by_role("grid")).to_have_attribute("data-direction", "down")
        page.clock.run_for(100)  # 1D's list is asked for (and held)
        for _ in range(600):
            if held:
                break
            page.wait_for_timeout(50)
        page.keyboard.press(" ")  # back to 1A; its list waits for the clock
        expect(page.get_by_role("grid")).to_have_attribute("data-direction", "across")
        page.keyboard.press("Alt+KeyK")
        page.keyboard.press("ArrowDown")
        selected = listbox.locator('[role="option"][aria-selected="true"]')
        expect(selected).to_have_attribute("data-word", second)
        assert len(asked) == 1 and held, "1D's list was not asked for"
        held[0].continue_()  # 1D's list arrives late
        answered(1)
        page.clock.run_for(100)  # 1A's list is asked for and arrives
        answered(2)
        assert (asked[1].post_data_json or {}).get("entry") == "1A"
        expect(listbox).to_have_attribute("data-entry", "1A")
        expect(selected).to_have_attribute("data-word", second)  # still the chosen word
        page.get_by_role("button", name="Ban for good").click()
        expect(page.get_by_role("status").first).to_contain_text(f"{second} banned for good")
        page.close()
    edits = (folder / "personal.dict").read_text(encoding="utf-8").splitlines()
    assert [line for line in edits if not line.startswith("#")] == [f"{second};0"]


@pytest.mark.slow
def test_a_theme_entry_is_kept_through_refill(
    server: tuple[str, Path], page: Page, tmp_path: Path
) -> None:
    url, _ = server
    open_page(page, url)
    page.get_by_role("button", name="New…").click()  # a pattern around a theme entry
    dialog = page.get_by_role("dialog", name="New puzzle")
    dialog.get_by_label("Width").fill("5")
    dialog.get_by_label("Height").fill("5")
    dialog.get_by_label("Block symmetry").select_option("none")
    dialog.get_by_label("Theme entries to keep (optional)").fill("3,1,A,STEAM")
    dialog.get_by_role("button", name="Create").click()
    expect(dialog).to_be_hidden(timeout=30_000)
    assert row_text(page, 2, 5) == "STEAM"
    expect(cell(page, 2, 0)).to_have_class(re.compile(r"\btheme\b"))
    shot(page, tmp_path, "theme-new")
    go(page, 2, 0)
    expect(page.locator(".candidate-info")).to_contain_text("a theme entry, kept as you wrote it")
    page.get_by_role("button", name="Refill").click()
    expect(page.get_by_role("heading", name=re.compile(r"Fill 1 of"))).to_be_visible(timeout=60_000)
    assert row_text(page, 2, 5) == "STEAM"  # Refill cleared everything else, not the theme
    page.get_by_role("button", name="Accept fill").click()
    empty = page.locator('[role="gridcell"]:not(.block)').evaluate_all(
        "cells => cells.filter((c) => !c.innerText.trim()).length"
    )
    assert row_text(page, 2, 5) == "STEAM" and empty == 0
    shot(page, tmp_path, "theme-kept")
    go(page, 2, 0)
    page.get_by_role("button", name="Theme entry").click()  # unmark, mark again by key
    expect(cell(page, 2, 0)).not_to_have_class(re.compile(r"\btheme\b"))
    page.keyboard.press("Alt+KeyT")
    expect(page.get_by_role("status").first).to_contain_text("is a theme entry")
    expect(cell(page, 2, 0)).to_have_class(re.compile(r"\btheme\b"))


def test_tab_leaves_the_grid_reaches_autofill_and_comes_back(
    server: tuple[str, Path], page: Page
) -> None:
    url, _ = server
    open_page(page, url)
    new_blank(page, 3)
    go(page, 0, 0)
    for _ in range(5):  # 1A 4A 5A 1D 2D 3D: five Tabs go through the entries
        page.keyboard.press("Tab")
        expect(page.locator('[role="gridcell"]:focus')).to_have_count(1)
    expect(page.locator('[role="gridcell"]:focus')).to_have_attribute("data-col", "2")
    autofill = page.get_by_role("button", name="Autofill")
    for _ in range(30):  # past the last entry: on through the page, as anywhere else
        page.keyboard.press("Tab")
        if autofill.evaluate("node => node === document.activeElement"):
            break
    expect(autofill).to_be_focused()
    for _ in range(30):
        page.keyboard.press("Shift+Tab")
        if page.locator('[role="gridcell"]:focus').count():
            break
    expect(page.locator('[role="gridcell"]:focus')).to_have_count(1)
    # Alt shortcuts read event.code: macOS's Option-C types "ç" but is still KeyC
    focused = page.locator('[role="gridcell"]:focus')
    focused.dispatch_event("keydown", {"key": "ç", "code": "KeyC", "altKey": True})
    expect(focused).to_have_class(re.compile(r"\bcircle\b"))
    page.keyboard.press("Alt+KeyK")
    expect(page.get_by_role("listbox", name="Candidates")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator('[role="gridcell"]:focus')).to_have_count(1)


def test_a_locked_diagramless_puz_opens_as_it_is(
    server: tuple[str, Path], page: Page, tmp_path: Path
) -> None:
    url, folder = server
    source = Path(__file__).parents[1] / "data" / "corpus" / "puzpy" / "nyt_diagramless.puz"
    (folder / "dl.puz").write_bytes(source.read_bytes())
    open_page(page, url)
    page.get_by_role("button", name="Open…").click()
    page.get_by_role("dialog", name="Open puzzle").get_by_role("button", name="dl.puz").click()
    status = page.get_by_role("status").first
    expect(status).to_contain_text("opened dl.puz (diagramless)", timeout=20_000)
    expect(status).to_contain_text("unlocked with key 3285")
    expect(page.locator('[role="gridcell"]')).to_have_count(17 * 17)
    assert row_text(page, 0, 17) == "......VISTA......"  # blocks show as "." here
    expect(page.get_by_role("combobox", name="Symmetry")).to_have_value("none")
    shot(page, tmp_path, "diagramless-open")
    page.get_by_role("button", name="Save", exact=True).click()  # not an .ipuz it opened
    dialog = page.get_by_role("dialog", name="Save as")
    expect(dialog.get_by_role("textbox")).to_have_value("dl.ipuz")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()
    saved = load_puzzle(folder / "dl.ipuz")
    assert saved.kind == "diagramless" and saved.grid.rows_text()[0] == "######VISTA######"


def test_tablet_width_dark_theme_and_a_steady_layout(
    server: tuple[str, Path], browser: Any, tmp_path: Path
) -> None:
    url, _ = server
    context = browser.new_context(viewport={"width": 768, "height": 1024}, color_scheme="dark")
    page = context.new_page()
    open_page(page, url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 768  # no sideways scroll
    grid = page.get_by_role("grid")
    box = grid.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 768
    background = page.locator(".cell:not(.block)").last.evaluate(
        "n => getComputedStyle(n).backgroundColor"
    )
    assert background != "rgb(255, 255, 255)"  # the dark theme follows the system
    new_blank(page, 4)
    before = grid.bounding_box()
    go(page, 0, 0)
    page.keyboard.type("qxq")  # a dead grid: the banner appears ...
    expect(page.locator(".banner.dead")).to_be_visible()
    after = grid.bounding_box()
    assert before is not None and after is not None and after["y"] == before["y"]  # ... in place
    page.screenshot(path=str(tmp_path / "tablet-dark.png"))
    context.close()


def shares_a_run(answers: list[str], longest: int) -> bool:
    """Do two answers share a run of more than ``longest`` letters?"""
    runs: dict[str, int] = {}
    for n, answer in enumerate(answers):
        for start in range(len(answer) - longest):
            run = answer[start : start + longest + 1]
            if runs.setdefault(run, n) != n:
                return True
    return False


@pytest.mark.slow
def test_autofill_mode_and_shared_run_are_page_controls(
    server: tuple[str, Path], page: Page, tmp_path: Path
) -> None:
    """Issues 27/28: the fill's ``quality`` and ``max_shared_substring`` from the Autofill
    panel (labelled, reached by Tab, remembered for the session), sent with the request
    and obeyed by the fill shown."""
    url, _ = server
    open_page(page, url)
    new_blank(page, 5)
    mode = page.get_by_role("combobox", name="Fill mode")
    run = page.get_by_role("spinbutton", name="Longest shared run")
    expect(mode).to_have_value("auto")
    expect(run).to_have_value("")
    page.get_by_role("spinbutton", name="Number of fills").focus()
    page.keyboard.press("Tab")  # the keyboard reaches both, in the panel's order
    expect(mode).to_be_focused()
    page.keyboard.press("Tab")
    expect(run).to_be_focused()
    mode.select_option(label="Fast")
    run.fill("3")
    with page.expect_request("**/api/crossword/fill") as request:
        page.get_by_role("button", name="Autofill").click()
    body = request.value.post_data_json
    assert body["quality"] is False and body["max_shared_substring"] == 3
    expect(page.get_by_role("heading", name=re.compile(r"Fill 1 of"))).to_be_visible(timeout=60_000)
    rows = [ghost_word(page, r, 5) for r in range(5)]
    answers = rows + ["".join(row[c] for row in rows) for c in range(5)]
    assert "." not in "".join(rows) and not shares_a_run(answers, 3), answers
    shot(page, tmp_path, "fill-options")
    page.reload()  # remembered for the session, with the rest of the autosave
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(mode).to_have_value("fast")
    expect(run).to_have_value("3")
    mode.select_option(label="Automatic")
    run.fill("")
    with page.expect_request("**/api/crossword/fill") as request:
        page.get_by_role("button", name="Autofill").click()
    body = request.value.post_data_json
    assert body["quality"] is None and body["max_shared_substring"] is None
