"""Acrostic builder: exact answers on real quotations, checks, options, numbering, output."""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.acrostic import build as acrostic_build
from puzzlewright.acrostic import build_acrostic, checks, labels, render_text, to_ipuz
from puzzlewright.acrostic import live as acrostic_live
from puzzlewright.acrostic.letters import letters_of
from puzzlewright.acrostic.model import Acrostic
from puzzlewright.acrostic.quality import QuoteFilter, shares_stem, stem
from puzzlewright.acrostic.solver import Tuning
from puzzlewright.cli import cli
from puzzlewright.lexicon import builtin_english
from puzzlewright.lexicon.familiar import builtin_familiar
from puzzlewright.stopping import StopSignal

PRIDE = (
    "It is a truth universally acknowledged, that a single man in possession of a good "
    "fortune, must be in want of a wife."
)
PRIDE_SOURCE = "Austen Pride"
# The Picture of Dorian Gray, preface (1890); 83 letters, 14 clues
DORIAN = (
    "There is no such thing as a moral or an immoral book. Books are well written, or badly "
    "written. That is all."
)
DORIAN_SOURCE = "Oscar Wilde Gray"
TEMPTATION = "The only way to get rid of a temptation is to yield to it."  # 44 letters


@pytest.fixture(scope="module")
def words():  # type: ignore[no-untyped-def]
    return builtin_english()


@pytest.fixture(scope="module")
def pride(words):  # type: ignore[no-untyped-def]
    """One build shared by the tests that only read it."""
    return build_acrostic(PRIDE, PRIDE_SOURCE, words, seed=1, improve=0)


@pytest.fixture(scope="module")
def dorian(words):  # type: ignore[no-untyped-def]
    """The second real quotation, built once (its search is about a third of Pride's)."""
    return build_acrostic(DORIAN, DORIAN_SOURCE, words, seed=1, improve=0)


def check_puzzle(puzzle: Acrostic, quote: str, source: str) -> None:
    """Every property a published acrostic needs."""
    letters = letters_of(quote, builtin_english().alphabet)
    initials = letters_of(source, builtin_english().alphabet)
    answers = [a.word for a in puzzle.answers]
    assert Counter("".join(answers)) == Counter(letters)
    assert "".join(a[0] for a in answers) == initials
    assert [a.label for a in puzzle.answers] == labels(len(initials))
    cells = [c for a in puzzle.answers for c in a.cells]
    assert sorted(cells) == list(range(1, len(letters) + 1))
    for answer in puzzle.answers:
        assert len(answer.cells) == len(answer.word)
        for letter, cell in zip(answer.word, answer.cells, strict=True):
            assert letters[cell - 1] == letter
    assert len(set(answers)) == len(answers)
    for i, a in enumerate(answers):
        for b in answers[i + 1 :]:
            assert not shares_stem(a, b), (a, b)
    quote_filter = QuoteFilter("".join(ch if ch.isalpha() else " " for ch in quote.upper()).split())
    assert not [a for a in answers if quote_filter.clashes(a)]
    grid_cells = puzzle.grid.cells()
    assert [c.number for c in grid_cells] == list(range(1, len(letters) + 1))
    for answer in puzzle.answers:
        for cell in answer.cells:
            assert grid_cells[cell - 1].clue == answer.label


@pytest.mark.slow
def test_builds_real_quotations(pride, dorian) -> None:  # type: ignore[no-untyped-def]
    assert pride.status == "built", pride.reason
    check_puzzle(pride.puzzles[0], PRIDE, PRIDE_SOURCE)
    result = dorian
    assert result.status == "built", result.reason
    check_puzzle(result.puzzles[0], DORIAN, DORIAN_SOURCE)
    assert result.puzzles[0].min_zipf() is not None


def test_numbering_spreads_answer_letters(pride) -> None:  # type: ignore[no-untyped-def]
    puzzle = pride.puzzles[0]
    word_of = {}
    word = 0
    for row in puzzle.grid.rows:
        for cell in row:
            if cell is None:
                word += 1
            else:
                word_of[cell.number] = word
    # the grid wraps words across rows, so number words by the flat quotation instead
    flat = [ch for ch in PRIDE.upper() if ch.isalpha() or ch == " "]
    word = 0
    position = 0
    for ch in flat:
        if ch == " ":
            word += 1
        else:
            position += 1
            word_of[position] = word
    together = sum(
        1
        for a in puzzle.answers
        for x, y in zip(a.cells, a.cells[1:], strict=False)
        if word_of[x] == word_of[y]
    )
    assert together == 0


def test_same_seed_same_puzzle(words, dorian) -> None:  # type: ignore[no-untyped-def]
    first = dorian
    second = build_acrostic(DORIAN, DORIAN_SOURCE, words, seed=1, improve=0)
    assert [a.to_json() for a in first.puzzles[0].answers] == [
        a.to_json() for a in second.puzzles[0].answers
    ]


def test_count_gives_distinct_sets(words) -> None:  # type: ignore[no-untyped-def]
    # Dorian Gray's preface: three sets in under 1 s of CPU, Pride and Prejudice's in 2.5 s
    result = build_acrostic(DORIAN, DORIAN_SOURCE, words, seed=2, count=3, improve=0)
    assert result.status == "built"
    sets = [frozenset(a.word for a in p.answers) for p in result.puzzles]
    assert len(sets) == 3 and len(set(sets)) == 3
    for puzzle in result.puzzles:
        check_puzzle(puzzle, DORIAN, DORIAN_SOURCE)
    # ranked by the search's value: mean score plus a share of the lowest (zipf rounded here)
    share = Tuning().low_weight
    values = [(p.mean_zipf() or 0) + share * (p.min_zipf() or 0) for p in result.puzzles]
    assert all(a >= b - 0.01 for a, b in pairwise(values))


def test_include_and_exclude(words) -> None:  # type: ignore[no-untyped-def]
    # Dorian Gray's preface (two builds, 0.7 s of CPU; one of Pride and Prejudice took 1.2 s).
    # The word excluded is the one the build answers row S with when nothing is excluded, so
    # the exclusion always has work to do, whatever the word list.
    def build(exclude: list[str]) -> list[str]:
        result = build_acrostic(
            DORIAN,
            DORIAN_SOURCE,
            words,
            include=["wealth"],
            exclude=exclude,
            seed=4,
            improve=0,
        )
        assert result.status == "built", result.reason
        check_puzzle(result.puzzles[0], DORIAN, DORIAN_SOURCE)
        return [a.word for a in result.puzzles[0].answers]

    banned = build([])[1]
    answers = build([banned.lower(), banned.lower() + "s"])
    assert "WEALTH" in answers and answers.index("WEALTH") == 5  # the only W row
    assert banned not in answers and banned + "S" not in answers


@pytest.mark.parametrize(
    ("quote", "source", "kwargs", "expected"),
    [
        ("Call me Ishmael. Some years ago I went to sea.", "Moby Dick", {}, "K (needs 1, has 0)"),
        ("The report of my death was an exaggeration.", "The report of my death", {}, "at least 4"),
        ("The report of my death was an exaggeration.", "Twain", {"max_length": 6}, "at most 6"),
        ("The report of my death was an exaggeration.", "Twain", {"include": ["wizard"]}, "Z"),
        (
            "The report of my death was an exaggeration.",
            "Twain",
            {"include": ["growth"]},
            "source letter G",
        ),
    ],
)
def test_impossible_cases_say_why(words, quote, source, kwargs, expected, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # found by the checks before any search (not by a search that ran out: no bound in
    # seconds, which a loaded machine breaks)
    def no_search(*args: object) -> None:
        raise AssertionError("searched for an impossible acrostic")

    monkeypatch.setattr(acrostic_build, "_run", no_search)
    result = build_acrostic(quote, source, words, stop=StopSignal(5), **kwargs)
    assert result.status == "impossible"
    assert expected in (result.reason or "")
    assert result.stats == {} and result.stop_reason is None


def test_impossible_reasons_count_in_singular_and_plural() -> None:
    # "2 letters cannot make 1 answers of at least 4 letters" was the CLI's line
    code, stdout, _ = run_cli("Ab", "A")
    assert code == 1
    assert stdout.startswith("impossible: 2 letters cannot make 1 answer of at least 4 letters")
    assert checks.length_problem(8, 2, 1, 1) == (
        "8 letters cannot make 2 answers of at most 1 letter "
        "(allows 2; lengthen the source or raise max_length)"
    )
    assert "1 letter cannot make 2 answers of at least 4 letters" in (
        checks.length_problem(1, 2, 4, 9) or ""
    )
    assert "needs 1 letter the quotation lacks" in (checks.missing_source_letters("B", "A") or "")
    assert acrostic_live._pool_problems({"A": 1}, 0, 4, 9) == [
        "every row is filled but 1 letter is left over"
    ]
    assert acrostic_live._pool_problems({"A": 1, "B": 2}, 0, 4, 9) == [
        "every row is filled but 3 letters are left over"
    ]


def test_timeout_reports_partial(words) -> None:  # type: ignore[no-untyped-def]
    result = build_acrostic(PRIDE, PRIDE_SOURCE, words, stop=StopSignal(0.001))
    assert result.status in ("timeout", "built")
    if result.status == "timeout":
        assert len(result.partial) == 11
        assert "time limit" in (result.reason or "")


def test_stems() -> None:
    assert stem("HOPEFULLY") == stem("HOPED") == stem("HOPE")
    assert shares_stem("DISCOVER", "DISCOVERY")
    assert not shares_stem("STATE", "STATION")
    quote_filter = QuoteFilter(["LIVED", "WOODS", "TEACH"])
    assert quote_filter.clashes("LIVING") and quote_filter.clashes("TEACHER")
    assert not quote_filter.clashes("WONDER")


def test_text_and_ipuz_output(pride) -> None:  # type: ignore[no-untyped-def]
    puzzle = pride.puzzles[0]
    text = render_text(puzzle)
    assert "A." in text and "K." in text and "#" in text
    assert puzzle.answers[0].word not in text.split("\n\n")[0].split()
    keyed = render_text(puzzle, key=True)
    assert puzzle.answers[0].word in keyed
    doc = to_ipuz(puzzle)
    assert doc["kind"] == ["http://ipuz.org/acrostic#1"]
    clues = doc["clues"]["Clues"]
    assert [c["label"] for c in clues[:-1]] == labels(11)
    assert clues[-1]["label"] == "[QUOTE]"
    assert len(clues[-1]["cells"]) == len(puzzle.letters)
    for clue, answer in zip(clues, puzzle.answers, strict=False):
        assert clue["answer"] == answer.word
        for (x, y), letter in zip(clue["cells"], answer.word, strict=True):
            assert doc["solution"][y][x] == letter
            assert doc["puzzle"][y][x]["style"]["mark"]["TR"] == answer.label
    assert doc["dimensions"]["height"] == len(doc["puzzle"])


def test_sample_ipuz_is_current_shape() -> None:
    doc = json.loads(Path(__file__).parent.joinpath("data/acrostic/sample.ipuz").read_text())
    assert doc["kind"] == ["http://ipuz.org/acrostic#1"]
    assert doc["clues"]["Clues"][-1]["label"] == "[QUOTE]"
    assert "org.puzzlewright:acrostic" in doc


def run_cli(*args: str) -> tuple[int, str, str]:
    runner = CliRunner()
    result = runner.invoke(cli, ["acrostic", "build", *args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_json_built(tmp_path: Path) -> None:
    out = tmp_path / "p.ipuz"
    code, stdout, _ = run_cli(
        DORIAN, DORIAN_SOURCE, "--json", "--seed", "1", "--improve", "1", "--tries", "1",
        "-o", str(out),
    )  # fmt: skip
    assert code == 0
    doc = json.loads(stdout)
    assert doc["status"] == "built" and doc["reason"] is None
    assert [a["label"] for a in doc["answers"]] == labels(14)
    assert sorted(c for a in doc["answers"] for c in a["cells"]) == list(range(1, 84))
    assert doc["grid"]["width"] == 15
    assert json.loads(out.read_text())["kind"] == ["http://ipuz.org/acrostic#1"]


@pytest.mark.parametrize("name", ["p.pdf", "p.html", "p.txt", "p"])
def test_cli_output_other_than_ipuz_is_refused_before_the_search(tmp_path: Path, name: str) -> None:
    """``-o p.pdf`` wrote the ipuz JSON into p.pdf and said "wrote p.pdf": a user asking
    for a printable page got a file no PDF reader opens."""
    out = tmp_path / name
    code, stdout, stderr = run_cli(DORIAN, DORIAN_SOURCE, "-o", str(out))
    assert (code, stdout) == (2, "")
    assert stderr.strip() == (
        f"error: acrostic build writes .ipuz, not {out.suffix or 'a file without one'}: "
        f"-o NAME.ipuz, then `puzzlewright render NAME.ipuz` prints it (PDF, HTML, SVG)"
    )
    assert not out.exists()


def test_built_in_answers_are_scored_by_familiarity(words) -> None:  # type: ignore[no-untyped-def]
    """INTENTLY, an -ly form the dictionaries list only by its stem, is weak crossword fill
    (grid score 20) but a fine acrostic answer: its familiarity score is its zipf (3.0)."""
    familiar = builtin_familiar()
    assert familiar.score("INTENTLY") == 30 > (words.score("INTENTLY") or 0) + 5
    result = build_acrostic(
        TEMPTATION, "Wilde Gray", words, include=["INTENTLY"], seed=0, improve=0
    )
    assert result.status == "built", result.reason
    puzzle = result.puzzles[0]
    check_puzzle(puzzle, TEMPTATION, "Wilde Gray")
    assert [a.score for a in puzzle.answers] == [familiar.score(a.word) for a in puzzle.answers]
    assert puzzle.mean_zipf() == round(
        sum(familiar.score(a.word) or 0 for a in puzzle.answers) / 90, 2
    )
    # the command line too, where --min-score filters by the same score (a grid score of
    # 20 would take INTENTLY out)
    code, stdout, _ = run_cli(
        TEMPTATION, "Wilde Gray", "--include", "intently", "--min-score", "25", "--improve",
        "0", "--json",
    )  # fmt: skip
    assert code == 0
    answers = {a["word"]: a["score"] for a in json.loads(stdout)["answers"]}
    assert answers["INTENTLY"] == 30 and min(answers.values()) >= 25


def test_best_of_tries_keeps_the_best_set_of_independent_searches(words) -> None:  # type: ignore[no-untyped-def]
    def value(result) -> float:  # type: ignore[no-untyped-def]
        scores = [a.score for a in result.puzzles[0].answers]
        return sum(scores) / len(scores) + Tuning().low_weight * min(scores)

    def build(tries: int):  # type: ignore[no-untyped-def]
        return build_acrostic(TEMPTATION, "Wilde Gray", words, seed=2, improve=0.01, tries=tries)

    one, two = build(1), build(2)
    assert one.status == two.status == "built"
    check_puzzle(two.puzzles[0], TEMPTATION, "Wilde Gray")
    assert value(two) >= value(one)  # the first try is the single search itself
    assert two.stats["steps"] > one.stats["steps"]  # and the second searched too


def test_tries_share_one_step_cap_and_skip_a_stub_try(words) -> None:  # type: ignore[no-untyped-def]
    """Issue 31 item 4: all tries together stop at ``Tuning.tries_steps``, and a further try
    starts only while half a set's improvement budget is left (a shorter one could only end
    with a first set): with the cap just above the first try's steps, the build is the
    first try alone, answers and steps; with room for half a budget the second try runs,
    within the cap."""
    improve = 0.05  # 1,000 improvement steps per set

    def build(tries: int, tuning: Tuning | None = None):  # type: ignore[no-untyped-def]
        return build_acrostic(
            TEMPTATION, "Wilde Gray", words, seed=2, improve=improve, tries=tries, tuning=tuning
        )

    one = build(1)
    first = int(one.stats["steps"])
    half = round(improve * Tuning().steps_per_second) // 2
    stub = build(2, Tuning(tries_steps=first + half - 1))
    assert stub.stats["steps"] == first
    assert [a.word for a in stub.puzzles[0].answers] == [a.word for a in one.puzzles[0].answers]
    room = build(2, Tuning(tries_steps=first + 3 * half))
    assert first < room.stats["steps"] <= first + 3 * half + Tuning().adapt_every + 500


def test_default_effort_fits_the_first_try_into_the_step_cap(words) -> None:  # type: ignore[no-untyped-def]
    """Issue 31 item 4: with the default effort the first try's improvement shrinks to fit
    ``Tuning.tries_steps`` (a quotation whose first set comes late no longer overspends);
    replaying the uncapped first try (``fit_first`` False) spends its whole budget, an
    explicit ``improve`` is not cut, and the same seed gives the same answers."""

    def build(tuning: Tuning, improve: float | None = None):  # type: ignore[no-untyped-def]
        return build_acrostic(
            TEMPTATION, "Wilde Gray", words, seed=1, tries=1, improve=improve, tuning=tuning
        )

    def answers(result) -> list[str]:  # type: ignore[no-untyped-def]
        return [a.word for a in result.puzzles[0].answers]

    full = build(Tuning())
    spent = int(full.stats["steps"])
    cap = spent // 2
    capped, again = build(Tuning(tries_steps=cap)), build(Tuning(tries_steps=cap))
    assert capped.status == "built" and capped.stop_reason is None
    check_puzzle(capped.puzzles[0], TEMPTATION, "Wilde Gray")
    assert spent // 4 < capped.stats["steps"] <= cap + Tuning().adapt_every + 500
    assert answers(capped) == answers(again) and capped.stats["steps"] == again.stats["steps"]
    uncapped = build(Tuning(tries_steps=cap, fit_first=False))
    assert uncapped.stats["steps"] == spent and answers(uncapped) == answers(full)
    improve = spent / Tuning().steps_per_second  # explicit: about the whole default budget
    explicit = build(Tuning(tries_steps=cap), improve=improve)
    assert explicit.stats["steps"] > cap + Tuning().adapt_every + 500


def test_cli_impossible_and_bad_input() -> None:
    code, stdout, _ = run_cli("Call me Ishmael.", "Moby Dick", "--json")
    assert code == 1
    assert json.loads(stdout)["status"] == "impossible"
    code, stdout, _ = run_cli("Call me Ishmael.", "Moby Dick")
    assert code == 1 and stdout.startswith("impossible:")
    code, _, stderr = run_cli("   ", "Twain")
    assert code == 2 and stderr.startswith("error:") and len(stderr.strip().splitlines()) == 1
    code, _, stderr = run_cli("The report of my death.", "1234")
    assert code == 2 and "no letters" in stderr
    code, _, stderr = run_cli("The report of my death.", "Twain", "--words", "/nonexistent.txt")
    assert code == 2 and stderr.startswith("error:")


def test_cli_text_key() -> None:
    code, stdout, _ = run_cli(DORIAN, DORIAN_SOURCE, "--key", "--seed", "1", "--improve", "0")
    assert code == 0
    assert "Source: Oscar Wilde Gray" in stdout and "mean zipf" in stdout


def test_cli_avoid_function_words() -> None:
    """Without the option the Dorian Gray preface's answers include OTHER, ALSO, YOUR,
    WITH (seed 0); with it no answer is a function word, and the set is still built."""
    from puzzlewright.lexicon.function_words import FUNCTION_WORDS

    common = (DORIAN, DORIAN_SOURCE, "--json", "--seed", "0", "--improve", "1", "--tries", "1")
    answers = {}
    for flag in ((), ("--avoid-function-words",)):
        code, stdout, _ = run_cli(*common, *flag)
        assert code == 0
        answers[flag] = [a["word"] for a in json.loads(stdout)["answers"]]
    assert len(set(answers[()]) & FUNCTION_WORDS) >= 3  # OTHER, ALSO, YOUR ...
    assert not set(answers[("--avoid-function-words",)]) & FUNCTION_WORDS
    assert {"THAT", "NEXT", "NOPE", "THOSE"} <= FUNCTION_WORDS and "DOWN" not in FUNCTION_WORDS


def test_every_improvement_phase_keeps_to_its_steps(words) -> None:  # type: ignore[no-untyped-def]
    """Issue 31 item 4: an improvement of ``budget`` steps spends at most the budget and its
    two re-split shares, give or take a move (the search's checks every
    ``Tuning.adapt_every`` steps, a pair repair's splits), however late in the budget the
    last set came: settling a set (lift, polish, every three answers) and a group re-split
    stop at the phase's end. Before, settling ran to the end whatever the budget (a
    Dorian Gray set with a 300-step budget spent thousands) and a six-answer re-split could
    overrun its share by 200,000 steps."""
    tuning = Tuning()
    share = 1 + tuning.resplit_share + tuning.sweep_share
    slack = tuning.adapt_every + 200
    plan = acrostic_build.plan_answers(DORIAN, DORIAN_SOURCE, words, (), 4, None)
    assert not isinstance(plan, str)
    setup = acrostic_build._prepare_search(plan, DORIAN, words, (), None)
    assert not isinstance(setup, str)
    for seed, budget in ((0, 300), (1, 300), (2, 3_000)):
        search = setup.make(seed)
        search._random_start()
        assert search._find(None)
        start = search.stats.steps
        state = search.improve(budget)
        assert search.stats.steps - start <= budget * share + slack
        assert search.off_count() == 0 and search.words(state) == search.words()
