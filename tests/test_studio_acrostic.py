"""The acrostic studio: live checks and completion in the engine, the room in Chromium."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from play_helpers import launch_browser
from puzzlewright.acrostic import build_acrostic, exact
from puzzlewright.acrostic.build import SKETCH_STEPS
from puzzlewright.acrostic.letters import letters_of
from puzzlewright.acrostic.live import complete_rows, finished_ipuz, studio_state
from puzzlewright.acrostic.model import Progress
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import builtin_english
from puzzlewright.lexicon.function_words import FUNCTION_WORDS
from puzzlewright.render import acrostic_document
from puzzlewright.stopping import StopSignal
from studio_helpers import Server, checked_page, run_server

QUOTE = (
    "It is a truth universally acknowledged, that a single man in possession of a good "
    "fortune, must be in want of a wife."
)
SOURCE = "Austen Pride"  # rows A..K start with A U S T E N P R I D E
# The completions run on The Picture of Dorian Gray's preface (1890): as real a quotation,
# and about a fifth of the search time of Pride and Prejudice's once answers are locked.
DORIAN = (
    "There is no such thing as a moral or an immoral book. Books are well written, or badly "
    "written. That is all."
)
GETTYSBURG = (  # 247 letters (benchmarks/quotes/quotes.json)
    "Four score and seven years ago our fathers brought forth on this continent, a "
    "new nation, conceived in Liberty, and dedicated to the proposition that all men "
    "are created equal. Now we are engaged in a great civil war, testing whether that "
    "nation, or any nation so conceived and so dedicated, can long endure."
)
DORIAN_SOURCE = "Oscar Wilde Gray"  # rows A..N start with O S C A R W I L D E G R A Y


@pytest.fixture(scope="module")
def words() -> Any:
    return builtin_english()


def test_state_reports_rows_pool_and_reasons(words: Any) -> None:
    state = studio_state(QUOTE, SOURCE, ["AMOUNT", "KANGAROO", "", "TEAMWORK"], words)
    a, b = state.rows[0], state.rows[1]
    assert a.problem is None and a.score == words.score("AMOUNT")
    assert b.problem == "must start with U"
    assert state.pool["K"] == 1 - 2  # the quotation has one K; KANGAROO and ... use two
    assert any("letters the quotation does not have" in p for p in state.problems)
    assert not state.complete
    short = studio_state("Tiny quote", "Austen Pride", [], words)
    assert any("cannot make 11 answers" in p or "lacks" in p for p in short.problems)
    quoted = studio_state(QUOTE, SOURCE, ["ACKNOWLEDGED"], words)
    assert quoted.rows[0].problem == "appears in the quotation"


@pytest.mark.slow
def test_complete_keeps_locked_rows_in_place_and_uses_every_letter(words: Any) -> None:
    locked = {0: "ORAL", 11: "RATHER"}  # row L (the second R), not row E
    done = complete_rows(DORIAN, DORIAN_SOURCE, locked, words, seed=3, improve=0.1)
    assert done.status == "built", done.reason
    assert done.words[0] == "ORAL" and done.words[11] == "RATHER"
    assert [w[0] for w in done.words] == list("OSCARWILDEGRAY")
    quote_letters = Counter(ch for ch in DORIAN.upper() if ch.isalpha())
    assert Counter("".join(done.words)) == quote_letters
    assert done.mean_zipf is not None and done.mean_zipf_bound is not None
    assert done.mean_zipf <= done.mean_zipf_bound
    banned = done.words[1]  # an answer of the first set, so the ban has work to do
    again = complete_rows(
        DORIAN, DORIAN_SOURCE, locked, words, seed=4, improve=0.1, avoid=done.words, banned=[banned]
    )
    assert again.status == "built" and again.words != done.words and banned not in again.words
    assert again.words[0] == "ORAL" and again.words[11] == "RATHER"
    document = finished_ipuz(DORIAN, DORIAN_SOURCE, done.words, words, clues={"A": "Spoken"})
    printed = acrostic_document(document)
    entries = printed.sections[0].entries
    assert entries[0].text == "Spoken" and entries[0].answer == "ORAL"


def test_impossible_locks_are_explained(words: Any) -> None:
    done = complete_rows(QUOTE, SOURCE, {0: "AQUARIUM"}, words)
    assert done.status == "impossible"
    assert done.reason == "the included answers need letters the quotation lacks: Q (1 more)"
    with pytest.raises(PuzzleInputError, match="not finished"):
        finished_ipuz(QUOTE, SOURCE, ["AMOUNT"], words)


pytest.importorskip("starlette")
pytest.importorskip("uvicorn")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The studio with an eighth of the default improvement per set (the flows are what
    these tests check; the improvement itself is checked above and in test_acrostic)."""
    from puzzlewright.workbench.rooms import acrostic as acrostic_room

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(acrostic_room, "COMPLETE_EFFORT", 0.25)
        yield from run_server(tmp_path_factory.mktemp("acrostic-studio"))


browser = pytest.fixture(scope="module")(launch_browser)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from checked_page(browser)


@pytest.mark.slow
def test_lock_two_answers_complete_and_save(page: Any, server: Server) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    page.goto(server.url + "/acrostic")
    expect(page.get_by_role("textbox", name="Quotation")).to_have_value("")  # nothing prefilled
    expect(page.get_by_role("textbox", name="Source")).to_have_value("")
    expect(page.get_by_role("checkbox", name="Avoid function words")).not_to_be_checked()
    page.get_by_role("textbox", name="Quotation").fill(DORIAN)
    page.get_by_role("textbox", name="Source").fill(DORIAN_SOURCE)
    answer_a = page.get_by_role("textbox", name="Answer A (starts with O)")
    expect(answer_a).to_be_visible()
    answer_a.fill("oral")
    page.get_by_role("textbox", name="Answer D (starts with A)").fill("ALMOST")
    expect(page.get_by_role("checkbox", name="Lock A")).to_be_checked()
    expect(page.get_by_role("checkbox", name="Lock D")).to_be_checked()
    pool = page.get_by_role("group", name="Letters left")
    expect(pool).to_contain_text("73 left")  # 83 letters - ORAL - ALMOST
    page.get_by_role("textbox", name="Answer B (starts with S)").fill("ZERO")
    expect(page.locator("tr.bad")).to_contain_text("must start with S")
    expect(pool.locator(".over")).to_contain_text("Z -1")
    page.get_by_role("textbox", name="Answer B (starts with S)").fill("")
    page.get_by_role("checkbox", name="Lock B").uncheck()

    page.get_by_role("button", name="Complete").click()
    expect(page.get_by_role("button", name="Cancel")).to_be_enabled()
    info = page.locator(".actions-info, #rows-h ~ .row .info")
    expect(info).to_contain_text("Completed", timeout=90_000)
    expect(info).to_contain_text("best possible")
    expect(answer_a).to_have_value("ORAL")
    expect(page.get_by_role("textbox", name="Answer D (starts with A)")).to_have_value("ALMOST")
    expect(pool).to_contain_text("0 left")
    expect(page.locator(".summary")).to_contain_text("14 of 14 rows filled")
    expect(page.locator(".summary")).to_contain_text("complete")
    first = page.get_by_role("textbox", name="Answer B (starts with S)").input_value()
    assert first.startswith("S")

    page.get_by_role("button", name="Ban answer B").click()
    expect(page.locator(".bans")).to_contain_text(first)
    page.get_by_role("button", name="Another").click()
    answer_b = page.get_by_role("textbox", name="Answer B (starts with S)")
    # "Completed" is still on screen from the first run: wait for the new answer itself
    expect(answer_b).to_have_value(re.compile(rf"^(?!{first}$)S[A-Z]+$"), timeout=90_000)
    # the best set so far fills the rows while the search still improves it: wait for the end
    expect(info).to_contain_text("Completed", timeout=90_000)
    second = answer_b.input_value()
    expect(answer_a).to_have_value("ORAL")

    page.get_by_role("textbox", name="Clue A").fill("Spoken")
    page.get_by_role("button", name="Preview grid").click()
    expect(page.locator(".preview svg")).to_be_visible()
    expect(page.get_by_role("list", name="Clues as printed")).to_contain_text("A. Spoken")
    page.get_by_role("textbox", name="File name").fill("dorian")
    page.get_by_role("button", name="Save .ipuz").click()
    expect(page.locator("#out-h ~ .info")).to_have_text("Saved dorian.ipuz.")
    saved = json.loads((server.root / "dorian.ipuz").read_text(encoding="utf-8"))
    document = acrostic_document(saved)
    entries = document.sections[0].entries
    assert entries[0].answer == "ORAL" and entries[0].text == "Spoken"
    assert entries[3].answer == "ALMOST" and entries[1].answer == second
    page.get_by_role("button", name="Export HTML").click()
    expect(page.locator("#out-h ~ .info")).to_have_text("Saved dorian.html.")
    assert re.search(r"Spoken", (server.root / "dorian.html").read_text(encoding="utf-8"))
    page.get_by_role("button", name="Export playable page").click()  # as the crossword room
    expect(page.locator("#out-h ~ .info")).to_have_text("Saved dorian-play.html.")
    playable = (server.root / "dorian-play.html").read_text(encoding="utf-8")
    assert 'id="pw-data"' in playable and "pw-acrostic" in playable


def test_progress_reports_the_best_set_so_far_with_its_bound(words: Any) -> None:
    """Issue 31 item 4: the first exact set is reported as soon as it is found (in row
    order, the locks in place), again with the bound, then each better set; reporting
    changes nothing in the answers."""
    seen: list[Progress] = []
    options: dict[str, Any] = {"seed": 1, "improve": 0.5, "tries": 1}
    done = complete_rows(DORIAN, DORIAN_SOURCE, {0: "ORAL"}, words, progress=seen.append, **options)
    quiet = complete_rows(DORIAN, DORIAN_SOURCE, {0: "ORAL"}, words, **options)
    assert done.status == quiet.status == "built" and done.words == quiet.words
    assert len(seen) >= 2
    assert seen[0].mean_zipf_bound is None  # the first set is not held back for the bound
    bounded = next(i for i, report in enumerate(seen) if report.mean_zipf_bound is not None)
    assert seen[bounded].words == seen[bounded - 1].words
    assert seen[bounded].mean_zipf_bound == done.mean_zipf_bound
    for report in seen:
        assert report.words[0] == "ORAL" and len(report.words) == 14
        assert Counter("".join(report.words)) == Counter(letters_of(DORIAN, words.alphabet))
    assert seen[-1].words == done.words and seen[-1].mean_zipf == done.mean_zipf
    means = [report.mean_zipf or 0.0 for report in seen]
    assert means[-1] >= means[0]
    assert [r.steps for r in seen[bounded:]] == sorted(r.steps for r in seen[bounded:])


def test_a_sketch_is_shown_before_the_letter_prices(words: Any, monkeypatch: Any) -> None:
    """Issue 31 item 4: with a progress callback the first exact set (exact letter use, no
    quality) is reported before the letter prices, seconds of numpy on a long quotation, are
    computed; the answers are those of the build without progress."""
    calls: list[str] = []
    real = exact.letter_prices
    monkeypatch.setattr(exact, "letter_prices", lambda *a: calls.append("prices") or real(*a))
    options: dict[str, Any] = {"seed": 0, "improve": 0, "tries": 1}
    done = build_acrostic(
        GETTYSBURG,
        "Abraham Lincoln Gettysburg",
        words,
        **options,
        progress=lambda report: calls.append(f"set {report.steps}"),
    )
    quiet = build_acrostic(GETTYSBURG, "Abraham Lincoln Gettysburg", words, **options)
    assert calls[0].startswith("set ") and calls.index("prices") > 0
    assert int(calls[0].split()[1]) <= SKETCH_STEPS
    assert done.puzzles[0].answers == quiet.puzzles[0].answers


def test_a_stop_before_the_quality_search_keeps_the_sketch(words: Any) -> None:
    """Issue 31 item 4: when the time limit or Cancel stops the build after the sketch was
    shown but before the quality search found a set (a loaded machine, a hard quotation),
    the result is the sketch, built, with the stop reason, not "no set found" beside rows
    that show one."""
    seen: list[Progress] = []
    stop = StopSignal()

    def watch(report: Progress) -> None:
        seen.append(report)
        stop.interrupted = True  # Cancel, as soon as the first set is on the page

    done = build_acrostic(
        GETTYSBURG, "Abraham Lincoln Gettysburg", words, seed=0, tries=1, stop=stop, progress=watch
    )
    assert len(seen) == 1 and done.status == "built" and done.stop_reason == "interrupted"
    assert [answer.word for answer in done.puzzles[0].answers] == seen[0].words


@pytest.mark.slow
def test_avoid_function_words_progress_and_playable_export(
    page: Any, server: Server, tmp_path: Any
) -> None:
    """Issue 28 item 10: no source prefilled, the option to avoid function words (THAT,
    NEXT, NOPE were chosen), progress against the bound, Export writes a playable page."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page.goto(server.url + "/acrostic")
    expect(page.get_by_role("textbox", name="Source")).to_have_value("")
    expect(page.get_by_role("textbox", name="Quotation")).to_have_value("")
    page.get_by_role("textbox", name="Quotation").fill(DORIAN)
    page.get_by_role("textbox", name="Source").fill(DORIAN_SOURCE)
    page.get_by_role("checkbox", name="Avoid function words").check()
    expect(page.get_by_role("textbox", name="Answer A (starts with O)")).to_be_visible()
    page.get_by_role("button", name="Complete").click()
    info = page.locator("#rows-h ~ .row .info")
    expect(info).to_contain_text("Completed", timeout=90_000)
    best = page.get_by_role("status", name="Best so far")
    expect(best).to_contain_text(
        re.compile(r"Best set: mean \d\.\d\d · bound \d\.\d\d, \d\.\d\d below it")
    )
    expect(best.get_by_role("meter")).to_be_visible()
    answers = [
        page.get_by_role("textbox", name=re.compile(f"^Answer {label} ")).input_value()
        for label in "ABCDEFGHIJKLMN"
    ]
    assert all(answers) and not set(answers) & FUNCTION_WORDS, answers
    page.screenshot(path=str(tmp_path / "acrostic-progress.png"), full_page=True)

    page.get_by_role("textbox", name="File name").fill("gray")
    page.get_by_role("button", name="Export playable page").click()
    expect(page.locator("#out-h ~ .info")).to_have_text("Saved gray-play.html.")
    page.goto((server.root / "gray-play.html").as_uri())  # offline, as a solver opens it
    grid = page.get_by_role("grid", name=re.compile("^Quotation grid"))
    squares = grid.get_by_role("gridcell", name=re.compile(r"^square \d+, clue [A-N]: empty$"))
    expect(squares).to_have_count(len(letters_of(DORIAN, builtin_english().alphabet)))
    squares.first.click()
    page.keyboard.press("T")  # the quotation starts with T: the solver can type it in
    expect(
        grid.get_by_role("gridcell", name=re.compile(r"^square 1, clue [A-N]: T"))
    ).to_be_visible()


TALE = (  # 217 letters: 13 W and 12 F against 7 N and 6 R (benchmarks/quotes/quotes.json)
    "It was the best of times, it was the worst of times, it was the age of wisdom, it was "
    "the age of foolishness, it was the epoch of belief, it was the epoch of incredulity, it "
    "was the season of Light, it was the season of Darkness, it was the spring of hope, it "
    "was the winter of despair."
)


@pytest.mark.slow
def test_the_first_set_of_a_hard_quotation_is_shown_while_the_search_goes_on(
    page: Any, server: Server, tmp_path: Any
) -> None:
    """Issue 31 item 4: on the Tale of Two Cities (the adversarial benchmark quotation),
    Complete fills every row with an exact set (no letter left) while the search still
    improves it ("still improving"), then Cancel ends the search and the set shown is the
    result."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page.goto(server.url + "/acrostic")
    page.get_by_role("textbox", name="Quotation").fill(TALE)
    page.get_by_role("textbox", name="Source").fill("Dickens Tale of Two Cities")
    answer_v = page.get_by_role("textbox", name="Answer V (starts with S)")
    expect(answer_v).to_be_visible(timeout=120_000)  # a loaded machine answers slowly
    page.get_by_role("button", name="Complete").click()
    best = page.get_by_role("status", name="Best so far")
    expect(best).to_contain_text(re.compile(r"Best so far: mean \d\.\d\d"), timeout=300_000)
    pool = page.get_by_role("group", name="Letters left")
    expect(pool.locator(".total")).to_have_text("0 left", timeout=60_000)
    page.screenshot(path=str(tmp_path / "acrostic-tale-first-set.png"), full_page=True)
    answers = [
        page.get_by_role("textbox", name=re.compile(f"^Answer {label} ")).input_value()
        for label in "ABCDEFGHIJKLMNOPQRSTUV"
    ]
    assert all(answers), answers
    assert Counter("".join(answers)) == Counter(letters_of(TALE, builtin_english().alphabet))
    cancel = page.get_by_role("button", name="Cancel")
    if cancel.is_enabled():
        cancel.click()
    expect(page.get_by_role("button", name="Complete")).to_be_enabled(timeout=60_000)
    # stopped or finished, the set on the page is the result: never "Not completed"
    expect(page.locator("#rows-h ~ .row .info")).to_contain_text(re.compile("^Completed in"))
    expect(best).to_contain_text("Best set: mean")
    page.screenshot(path=str(tmp_path / "acrostic-tale-cancelled.png"), full_page=True)
