"""The difficulty estimate (crossword/difficulty.py) on real grids: published puzzles rank
by their day, an everyday mini rates easier than a hard themeless, Naticks are found where
two rare entries cross at an unforced letter and not where either is known or the letter
is forced, and the simulated solver only gains by knowing more (monotone in threshold)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.cli import cli
from puzzlewright.crossword.difficulty import (
    DAYS,
    NATICK_FAMILIARITY,
    difficulty_level,
    estimate_difficulty,
    solved_at,
)
from puzzlewright.crossword.familiarity import (
    INFLECTION_PENALTY,
    best_split,
    entry_familiarity,
    plausible,
)
from puzzlewright.crossword.formats import load_puzzle
from puzzlewright.crossword.grid import Grid
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon.alphabet import Alphabet
from puzzlewright.lexicon.builtin import builtin_english

CORPUS = Path(__file__).parent / "data" / "corpus" / "puzpy"
FRIDAY = CORPUS / "nyt_weekday_with_notes.puz"  # NY Times, Fri, Sep 12, 2008: a themeless
TUESDAY = CORPUS / "nyt_nov0596.puz"  # NY Times, Tuesday, November 5, 1996
MINI = "HEART\nEMBER\nABUSE\nRESIN\nTREND\n"  # an everyday 5x5 word square


@pytest.fixture(scope="module")
def english() -> WordList:
    return builtin_english()


def test_everyday_mini_rates_easier_than_a_friday_themeless(english: WordList) -> None:
    mini = estimate_difficulty(Grid.parse(MINI), english)
    friday = estimate_difficulty(load_puzzle(str(FRIDAY)).grid, english)
    assert mini.status == friday.status == "solves"
    assert mini.level < friday.level
    assert mini.needed is not None and friday.needed is not None
    assert mini.needed > friday.needed + 20  # a mini of everyday words needs far less
    assert friday.level - mini.level > 1.5
    assert friday.warnings == []
    assert mini.warnings and "this grid (5x5) is outside it" in mini.warnings[0]
    assert friday.day in ("Thursday", "Friday", "Saturday")


def test_published_tuesday_rates_easier_than_published_friday(english: WordList) -> None:
    tuesday = estimate_difficulty(load_puzzle(str(TUESDAY)).grid, english)
    friday = estimate_difficulty(load_puzzle(str(FRIDAY)).grid, english)
    assert tuesday.level < friday.level
    assert tuesday.typical > friday.typical
    assert DAYS.index(tuesday.day) < DAYS.index(friday.day)


def test_every_entry_reports_familiarity_and_when_it_falls(english: WordList) -> None:
    result = estimate_difficulty(load_puzzle(str(FRIDAY)).grid, english)
    assert len(result.entries) == len(load_puzzle(str(FRIDAY)).grid.slots())
    assert result.needed is not None
    for entry in result.entries:
        assert entry.falls_at is not None and entry.falls_at >= result.needed
        assert entry.falls_at >= entry.familiarity or entry.familiarity < result.needed
        assert entry.by_crossings == (entry.familiarity < result.needed)
    assert min(e.falls_at or 0 for e in result.entries) == result.needed
    doc = result.to_json()
    assert json.loads(json.dumps(doc)) == doc
    assert {"status", "needed", "level", "day", "entries", "naticks", "seconds"} <= set(doc)


def _two_entry_grid(across: str, down: str) -> Grid:
    """Two entries crossing at the top-left cell, the rest unchecked."""
    assert across[0] == down[0]
    blocks = "#" * (len(across) - 1)
    return Grid.parse("\n".join([across, *(letter + blocks for letter in down[1:])]))


def _words(*answers: str) -> WordList:
    return WordList([(word, 50) for word in answers], Alphabet.latin(), "test")


def test_natick_two_rare_entries_crossing_at_an_unforced_letter() -> None:
    grid = _two_entry_grid("KUB", "KUG")
    assert entry_familiarity("KUB") < NATICK_FAMILIARITY
    assert entry_familiarity("KUG") < NATICK_FAMILIARITY
    result = estimate_difficulty(grid, _words("KUB", "DUB", "KUG", "DUG"))
    assert [(n.row, n.col, n.across, n.down, n.letters) for n in result.naticks] == [
        (1, 1, "1A", "1D", "DK")
    ]
    assert result.naticks[0].answers == ("KUB", "KUG")


def test_no_natick_when_one_entry_forces_the_letter() -> None:
    # without DUG, ?UG can only be KUG: the down entry forces the crossing
    result = estimate_difficulty(_two_entry_grid("KUB", "KUG"), _words("KUB", "DUB", "KUG"))
    assert result.naticks == []


def test_no_natick_when_an_entry_is_familiar() -> None:
    words = _words("KUB", "DUB", "KUG", "DUG")
    assert entry_familiarity("DUB") >= NATICK_FAMILIARITY
    assert estimate_difficulty(_two_entry_grid("DUB", "DUG"), words).naticks == []
    # the reference solver's threshold decides: below DUB's familiarity it is a Natick
    low = estimate_difficulty(_two_entry_grid("DUB", "DUG"), words, natick_familiarity=80)
    assert [n.letters for n in low.naticks] == ["DK"]


def test_unchecked_rare_entry_falls_only_when_known() -> None:
    words = _words("KUB", "DUB", "KUG", "DUG")
    result = estimate_difficulty(_two_entry_grid("KUB", "KUG"), words)
    falls = {e.key: e.falls_at for e in result.entries}
    # knowing KUB gives K, but K?? still fits KUB and KUG, and KUG (familiarity 0, never
    # met by wordfreq) is never known: no solver gets it
    assert entry_familiarity("KUG") == 0
    assert falls == {"1A": entry_familiarity("KUB"), "1D": None}
    assert result.status == "unsolved" and result.needed is None


def test_unique_fit_among_the_list_solves_an_unknown_entry() -> None:
    # knowing KUB writes its K: K??? fits only KXQZ among the list's 4-letter words
    grid = _two_entry_grid("KUB", "KXQZ")
    assert entry_familiarity("KXQZ") < entry_familiarity("KUB")
    result = estimate_difficulty(grid, _words("KUB", "DUB", "KXQZ", "DXQZ"))
    falls = {e.key: e.falls_at for e in result.entries}
    assert falls["1D"] == falls["1A"] == entry_familiarity("KUB")
    # a second K??? word leaves it open, and KXQZ (familiarity 0) is never known
    result = estimate_difficulty(grid, _words("KUB", "DUB", "KXQZ", "KXQA"))
    assert {e.key: e.falls_at for e in result.entries}["1D"] is None


def test_british_grid_is_warned_off_the_day_scale(english: WordList) -> None:
    grid = Grid.parse("CAT#\nA#O#\nTOP#\n####\n")
    result = estimate_difficulty(grid, english)
    assert grid.unchecked()
    assert f"(4x4 with {len(grid.unchecked())} unchecked cells)" in result.warnings[0]


def test_unfilled_grid_is_refused(english: WordList) -> None:
    with pytest.raises(PuzzleInputError, match="filled"):
        estimate_difficulty(Grid.parse("HEA.T\nEMBER\nABUSE\nRESIN\nTREND\n"), english)
    with pytest.raises(PuzzleInputError, match="no entries"):
        estimate_difficulty(Grid.parse("A#\n#B\n"), english)


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, 80), st.integers(0, 80))
def test_solver_is_monotone_in_threshold(english: WordList, low: int, high: int) -> None:
    low, high = min(low, high), max(low, high)
    grid = load_puzzle(str(TUESDAY)).grid
    assert solved_at(grid, english, high) <= solved_at(grid, english, low)


def test_falls_at_is_the_highest_threshold_solving_the_entry(english: WordList) -> None:
    grid = load_puzzle(str(TUESDAY)).grid
    result = estimate_difficulty(grid, english)
    for level in sorted({e.falls_at for e in result.entries if e.falls_at is not None}):
        solved = solved_at(grid, english, level)
        above = solved_at(grid, english, level + 1)
        for entry in result.entries:
            falls = entry.falls_at if entry.falls_at is not None else -1
            assert (entry.key in solved) == (falls >= level)
            assert (entry.key in above) == (falls >= level + 1)


def test_level_is_monotone_and_bounded() -> None:
    assert difficulty_level(50.0, 40, 4.5) <= difficulty_level(30.0, 40, 4.5)
    assert difficulty_level(35.0, 20, 4.8) <= difficulty_level(35.0, 20, 5.8)
    assert difficulty_level(0.0, None, 15.0) == 6.0
    assert difficulty_level(80.0, 80, 3.0) == 1.0


def test_phrases_and_names_get_familiarity() -> None:
    assert best_split("atliberty") == ["at", "liberty"]
    assert best_split("alsop") == ["alsop"]  # no split through two-letter junk (a ls op)
    assert entry_familiarity("ATLIBERTY") > 30
    assert entry_familiarity("CLINTON") > 40
    assert entry_familiarity("QXZV") == 0


def test_inflections_abbreviations_and_phrases_of_real_grids_are_familiar() -> None:
    # entries of the corpus's published puzzles that wordfreq has no token for, or rates
    # far below their stem: all were familiarity 0 (PITIES 19, OINKS 10, DROWN 7) before
    assert entry_familiarity("PITIES") >= entry_familiarity("PITY") - INFLECTION_PENALTY
    assert entry_familiarity("PITIES") > NATICK_FAMILIARITY
    assert entry_familiarity("OINKS") >= NATICK_FAMILIARITY  # a stem outside the list
    for answer in ("OPEDS", "TNUT", "ETTU", "HOJOS", "DRSEUSS", "TTOP"):
        assert entry_familiarity(answer) > 0, answer
    assert entry_familiarity("ETTU") > 30  # ET TU: Latin short words split at no cost
    assert entry_familiarity("DROWN") >= 30  # the breakfast test is no solver's ignorance
    assert best_split("jacquescousteau") == ["jacques", "cousteau"]  # not JAC QUE SCO UST EAU
    assert best_split("ttop") == ["t", "top"]


def test_a_changed_letter_reads_as_nothing() -> None:
    # what the Natick check asks of an entry outside the list: a name or phrase with one
    # letter changed is no reading, neither through junk tokens nor a soup of letters
    assert plausible("JACQUESCOUSTEAU") and not plausible("JACQAESCOUSTEAU")
    assert plausible("ATLIBERTY") and not plausible("ATLIBIRTY")
    assert plausible("OPEDS") and not plausible("OZEDS")
    assert entry_familiarity("KUG") == 0  # no K UG: a split needs a word


EARLY_WEEK = (
    "cs080904.puz",  # CrosSynergy, 4 Sep 2008: flagged EWER/MEDDLER before
    "nyt_rebus_with_notes_and_shape.puz",  # a Tuesday: flagged EDUCT/PCTS before
    "washpost.puz",  # flagged ETTU/COQAUVIN before
    "nyt_nov0596.puz",  # NY Times, Tuesday, 5 Nov 1996
    "nyt_partlyfilled.puz",
)


def test_published_early_week_puzzles_have_no_naticks(english: WordList) -> None:
    # an editor keeps Naticks out of an early-week puzzle: a flag there is a false alarm
    for name in EARLY_WEEK:
        result = estimate_difficulty(load_puzzle(str(CORPUS / name)).grid, english)
        assert result.status == "solves", name
        assert result.naticks == [], (name, [n.answers for n in result.naticks])


def test_naticks_of_a_published_late_week_puzzle(english: WordList) -> None:
    # puzpy's nyt_with_shape.puz: SMEWS (ducks) crosses SNEES (an old dagger) at an E that
    # an A would fill as well (SMAWS? SNAES?): both crosswordese, the classic Natick
    result = estimate_difficulty(load_puzzle(str(CORPUS / "nyt_with_shape.puz")).grid, english)
    found = {n.answers: n.letters for n in result.naticks}
    assert "E" in found[("SMEWS", "SNEES")] and len(found[("SMEWS", "SNEES")]) > 1


def test_the_original_natick_at_a_stricter_reference_solver(english: WordList) -> None:
    # Rex Parker's 2008 crossing: N.C. WYETH down, NATICK across, at the N. wordfreq rates
    # NATICK (a Massachusetts town) just above the default reference solver's threshold
    grid = _two_entry_grid("NATICK", "NCWYETH")
    assert entry_familiarity("NCWYETH") < NATICK_FAMILIARITY <= entry_familiarity("NATICK")
    assert estimate_difficulty(grid, english).naticks == []
    strict = estimate_difficulty(grid, english, natick_familiarity=25).naticks
    assert [(n.row, n.col, n.answers) for n in strict] == [(1, 1, ("NATICK", "NCWYETH"))]
    assert "N" in strict[0].letters and len(strict[0].letters) > 1


def test_check_json_includes_the_estimate_and_text_a_line() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["crossword", "check", str(FRIDAY), "--json"])
    doc = json.loads(result.output)
    assert doc["difficulty"]["day"] in DAYS
    assert len(doc["difficulty"]["entries"]) == len(doc["entries"])
    text = runner.invoke(cli, ["crossword", "check", str(FRIDAY)])
    assert "difficulty: Friday-like" in text.output


def test_check_json_of_an_empty_pattern_has_no_estimate(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("#....\n.....\n.....\n.....\n....#\n")
    result = CliRunner().invoke(cli, ["crossword", "check", str(path), "--json"])
    assert json.loads(result.output)["difficulty"] is None


def test_difficulty_command_text_json_and_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    mini = tmp_path / "mini.txt"
    mini.write_text(MINI)
    text = runner.invoke(cli, ["crossword", "difficulty", str(mini)])
    assert text.exit_code == 0
    assert text.stdout.startswith("difficulty: Tuesday-like (level 2.0)")
    assert "HEART" in text.stdout and "Naticks: none" in text.stdout
    assert text.stderr.startswith("warning: the day scale is calibrated on 15x15")
    doc = json.loads(runner.invoke(cli, ["crossword", "difficulty", str(mini), "--json"]).output)
    assert doc["status"] == "solves" and len(doc["entries"]) == 10
    empty = tmp_path / "empty.txt"
    empty.write_text("HEA.T\nEMBER\nABUSE\nRESIN\nTREND\n")
    failed = runner.invoke(cli, ["crossword", "difficulty", str(empty)])
    assert failed.exit_code == 2
    assert failed.output.strip().splitlines() == [
        "error: the grid must be filled to estimate its difficulty"
    ]
