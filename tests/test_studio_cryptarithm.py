"""The cryptarithm studio: engine helpers, the API, and the room in a real Chromium."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from play_helpers import launch_browser
from puzzlewright.cryptarithm.find_themes import word_pool
from puzzlewright.cryptarithm.live_solve import live_solve
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import builtin_english
from puzzlewright.render.cryptarithm_sheet import SheetPuzzle, render_sheet
from studio_helpers import Server, checked_page, run_server

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")


def test_live_solve_verdicts_and_options() -> None:
    send = live_solve("SEND + MORE = MONEY")
    assert send.verdict == "unique" and send.substituted == ["9567 + 1085 = 10652"]
    assert live_solve("SEND + MORE = MONE").verdict == "no solution"
    many = live_solve("AB + CD = EF")
    assert many.verdict == "476 solutions" and len(many.solutions) == 10
    capped = live_solve("AB + CD = EF", count_limit=50)
    assert capped.verdict == "at least 50 solutions" and not capped.complete
    fixed = live_solve("AB + CD = EF", assign="A=1,C=2", forbid=["B=0-5"], digits="0-9")
    assert all(s["A"] == 1 and s["C"] == 2 and s["B"] > 5 for s in fixed.solutions)
    assert live_solve("A + A = B", leading_zeros=True, base=3).count == 1  # 1 + 1 = 2
    with pytest.raises(PuzzleInputError):
        live_solve("SEND + = MONEY")


def test_word_pool_expands_themes_and_refuses_foreign_words() -> None:
    words = builtin_english()
    pool = word_pool(words, ["planets", "moon", "Moon"])
    assert "MERCURY" in pool and pool.count("MOON") == 1
    with pytest.raises(PuzzleInputError, match="outside the alphabet"):
        word_pool(words, ["жук"])


def test_sheet_sets_sums_in_columns_and_prints_the_key() -> None:
    html = render_sheet(
        [
            SheetPuzzle(
                "SEND + MORE = MONEY",
                {"S": 9, "E": 5, "N": 6, "D": 7, "M": 1, "O": 0, "R": 8, "Y": 2},
            )
        ],
        title="Sunday <sums>",
    )
    assert "<title>Sunday &lt;sums&gt;</title>" in html
    assert '<tr class="total"><td></td><td>MONEY</td></tr>' in html
    assert "9567 + 1085 = 10652" in html and 'class="key"' in html


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from run_server(tmp_path_factory.mktemp("studio"))


browser = pytest.fixture(scope="module")(launch_browser)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from checked_page(browser)


def test_api_solve_and_bad_requests(server: Server) -> None:
    import httpx

    with httpx.Client(base_url=server.url) as client:
        good = client.post("/api/cryptarithm/solve", json={"puzzle": "SEND + MORE = MONEY"})
        assert good.status_code == 200 and good.json()["unique"] is True
        assert good.json()["explanation"] is None  # only when asked
        steps = client.post(
            "/api/cryptarithm/solve", json={"puzzle": "SEND + MORE = MONEY", "explain": True}
        ).json()["explanation"]
        assert steps["grade"]["label"] in ("easy", "medium", "hard", "fiendish")
        assert any("M = 1" in step["sentence"] for step in steps["steps"])
        power = client.post("/api/cryptarithm/solve", json={"puzzle": "A^B = CA", "explain": 1})
        assert (
            power.status_code == 200
            and "explanations cover" in power.json()["explanation"]["error"]
        )
        for body in ({"puzzle": "A + B ="}, {"puzzle": 5}, {"puzzle": "A+B=C", "base": 99}):
            bad = client.post("/api/cryptarithm/solve", json=body)
            assert bad.status_code == 400 and "error" in bad.json()
        out = client.post(
            "/api/cryptarithm/save", json={"path": "../x.json", "puzzles": ["SEND+MORE=MONEY"]}
        )
        assert out.status_code == 400
        many = client.post(
            "/api/cryptarithm/save", json={"path": "x.json", "puzzles": ["AB + CD = EF"]}
        )
        assert many.status_code == 422 and "exactly one solution" in many.json()["error"]


def test_api_find_pool_honours_min_score_zero(server: Server) -> None:
    """The web and `cryptarithm find` choose their pool with one engine function: min_score 0
    is every word (the web once wrote `min_score or 40`, searching the 40+ pool instead),
    none is the built-in list's everyday words, and a typed theme is the theme."""
    import httpx

    from puzzlewright.cryptarithm.find import build_spec, parse_form
    from puzzlewright.cryptarithm.find_themes import find_pool
    from puzzlewright.lexicon import load_wordlist

    words, _ = load_wordlist(["builtin"])  # what the server loads for its default list

    def usable(pool: list[str]) -> int:  # the server answers the size of the spec's pool
        return len(build_spec(parse_form("A + B = C"), pool=pool, scores=words.scores()).pool)

    with httpx.Client(base_url=server.url, timeout=60) as client:

        def pool_size(**body: object) -> int:
            started = client.post("/api/cryptarithm/find", json={"limit": 1, **body}).json()
            client.post(f"/api/jobs/{started['job']}/cancel")
            return int(started["words"])

        every = pool_size(min_score=0)
        assert every == usable(find_pool(words, min_score=0)) == usable([e.word for e in words])
        everyday = pool_size()
        assert everyday == usable(find_pool(words, builtin=True)) and everyday * 5 < every
        assert pool_size(min_score=60) == usable(find_pool(words, min_score=60)) < everyday
        theme = find_pool(words, ["planets, moon"])
        assert pool_size(theme="planets, moon") == usable(theme) and "MOON" in theme


@pytest.mark.parametrize("stored", ["{not json", "null", "[1, 2]", '"text"', '{"chosen": 5}'])
def test_corrupt_saved_state_starts_a_fresh_page(browser: Any, server: Server, stored: str) -> None:
    """What the page kept in localStorage is read defensively (static/dom.js readSaved): an
    entry that is not JSON, or not an object, or has a wrong field, gives a working page."""
    expect = pytest.importorskip("playwright.sync_api").expect
    context = browser.new_context()
    try:
        context.add_init_script(
            f"localStorage.setItem('puzzlewright.cryptarithm.v1', {json.dumps(stored)});"
        )
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(server.url + "/cryptarithm")
        expect(tab.locator(".verdict")).to_have_text("Unique solution")  # SEND + MORE = MONEY
        assert tab.get_by_role("textbox", name="Puzzle").input_value() == "SEND + MORE = MONEY"
        assert not errors, errors
    finally:
        context.close()


def test_solve_live_find_and_print(page: Any, server: Server) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    page.goto(server.url + "/cryptarithm")
    puzzle = page.get_by_role("textbox", name="Puzzle")
    puzzle.fill("SEND + MORE = MONEY")
    verdict = page.locator(".verdict")
    expect(verdict).to_have_text("Unique solution")
    expect(page.get_by_role("list", name="Solutions")).to_contain_text("9567 + 1085 = 10652")
    puzzle.fill("AB + CD = EF")
    expect(verdict).to_have_text("476 solutions")
    page.get_by_role("textbox", name="Fixed digits").fill("A=1,C=2")
    expect(verdict).to_have_text("16 solutions")  # A=1, C=2: B + D decides the rest
    page.get_by_role("textbox", name="Fixed digits").fill("")
    puzzle.fill("SEND + MORE = MONEY")
    expect(verdict).to_have_text("Unique solution")
    page.get_by_role("button", name="Add to sheet").click()

    page.get_by_role("textbox", name="Theme words").fill("planets")
    page.get_by_role("button", name="Find", exact=True).click()
    found = page.get_by_role("list", name="Found puzzles")
    expect(found.locator("li").first).to_be_visible(timeout=60_000)
    expect(found.locator(".badge.ok").first).to_have_text("unique")
    first = found.locator("li .mono").first.text_content() or ""
    assert re.fullmatch(r"[A-Z]+ \+ [A-Z]+ = [A-Z]+", first)
    page.get_by_role("button", name=f"Add {first} to the sheet").click()
    info = page.locator("#find-h ~ .info")
    expect(info).to_contain_text("unique puzzles from", timeout=60_000)  # planets: all tried
    # the whole word list: sampled, long; cancel as soon as the search has started. (Waiting
    # for a puzzle to stream in first raced: the checker finds 500 sums in ~6 s of CPU, and on
    # a loaded machine the browser showed the first one only after the search had ended.)
    page.get_by_role("textbox", name="Theme words").fill("")
    page.get_by_role("spinbutton", name="Stop after").fill("500")
    page.get_by_role("button", name="Find", exact=True).click()
    expect(info).to_contain_text("Searching", timeout=60_000)
    page.get_by_role("button", name="Cancel").click()
    # the search honours a cancel between shards of 4,000 candidates (about 1.3 s of CPU);
    # with every core busy (the suite in parallel, other work) a shard can take a minute
    expect(page.get_by_role("button", name="Find", exact=True)).to_be_enabled(timeout=180_000)
    expect(info).to_contain_text("cancelled")

    page.get_by_role("textbox", name="File name").fill("sunday")
    page.get_by_role("button", name="Print sheet with key (.html)").click()
    expect(page.locator("#sheet-h ~ .info")).to_have_text("Saved sunday.html.")
    html = (server.root / "sunday.html").read_text(encoding="utf-8")
    assert "9567 + 1085 = 10652" in html and first.split(" ")[0] in html
    page.get_by_role("button", name="Save puzzles (.json)").click()
    expect(page.locator("#sheet-h ~ .info")).to_have_text("Saved sunday.json.")
    saved = json.loads((server.root / "sunday.json").read_text(encoding="utf-8"))
    assert saved["puzzles"][0]["solution"]["M"] == 1


def test_encode_lists_ranked_word_forms(page: Any, server: Server) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    page.goto(server.url + "/cryptarithm")
    page.get_by_role("textbox", name="Equation").fill("9567 + 1085 = 10652")
    page.get_by_role("button", name="Encode").click()
    encodings = page.get_by_role("list", name="Encodings")
    expect(encodings.locator("li").first).to_be_visible(timeout=30_000)
    expect(page.locator("#encode-h ~ .info")).to_contain_text("unique solution")
    unique = encodings.locator("li", has=page.locator(".badge.ok"))
    assert unique.count() >= 1
    text = unique.first.locator(".mono").text_content() or ""
    page.get_by_role("button", name=f"Solve {text}").click()
    expect(page.get_by_role("textbox", name="Puzzle")).to_have_value(text)
    expect(page.locator(".verdict")).to_have_text("Unique solution")
    names = page.locator("button").evaluate_all(
        "nodes => nodes.filter(n => !(n.getAttribute('aria-label') || n.textContent.trim())).length"
    )
    assert names == 0


def test_a_cancel_that_does_not_reach_the_server_says_so(page: Any, server: Server) -> None:
    # the Cancel button used to swallow a failed request: the search ran on, the page silent
    expect = pytest.importorskip("playwright.sync_api").expect
    page.goto(server.url + "/cryptarithm")
    page.get_by_role("spinbutton", name="Stop after").fill("500")
    page.get_by_role("button", name="Find", exact=True).click()
    info = page.locator("#find-h ~ .info")
    expect(info).to_contain_text("Searching", timeout=60_000)
    refused = {"status": 503, "content_type": "application/json", "body": '{"error": "busy"}'}
    page.route("**/api/jobs/*/cancel", lambda route: route.fulfill(**refused))
    page.get_by_role("button", name="Cancel").click()
    expect(page.get_by_role("status").first).to_contain_text("could not cancel the search: busy")
    page.unroute("**/api/jobs/*/cancel")
    page.get_by_role("button", name="Cancel").click()  # this one reaches the server
    expect(page.get_by_role("status").first).not_to_contain_text("could not cancel")
    expect(page.get_by_role("button", name="Find", exact=True)).to_be_enabled(timeout=180_000)
    expect(info).to_contain_text("cancelled")
