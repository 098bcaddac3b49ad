"""The crossword filler on real grids and real word lists: validity, proofs, options."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillProgress, FillResult, fill_grid
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Alphabet, WordList, builtin_english, load_wordlist
from puzzlewright.stopping import StopSignal

GRIDS = Path(__file__).parent / "data" / "grids"


def grid_file(name: str) -> Grid:
    return Grid.parse((GRIDS / name).read_text(encoding="utf-8"))


def tiny_list(words: Iterable[str], score: int = 50) -> WordList:
    return WordList(((word, score) for word in words), Alphabet.latin(), "tiny")


@pytest.fixture(scope="module")
def english() -> WordList:
    return builtin_english()


@pytest.fixture(scope="module")
def stwl50(stwl_path: Path) -> WordList:
    words, _ = load_wordlist([stwl_path], min_score=50)
    return words


def assert_valid(result: FillResult, words: WordList, min_score: int | None = None) -> None:
    """Complete grid, crossings agree, answers from the list (seeds aside), none twice."""
    assert result.status == "filled", result.failed_slots
    grid = result.grid
    assert grid.is_filled()
    assert result.fills and result.fills[0] is grid
    answers = []
    for slot, entry in zip(grid.slots(), result.entries, strict=True):
        assert entry.key == slot.key and (entry.row, entry.col) == slot.cells[0]
        assert entry.answer == "".join(grid.cells[r][c] or "" for r, c in slot.cells)
        answers.append(entry.answer)
        if not entry.given:
            assert entry.answer in words
            assert entry.score == words.score(entry.answer)
            if min_score is not None:
                assert entry.score is not None and entry.score >= min_score
    assert len(answers) == len(set(answers)), "an answer is used twice"
    assert result.duplicates == []
    scores = [e.score for e in result.entries if e.score is not None]
    assert result.average_score == pytest.approx(sum(scores) / len(scores), abs=0.01)


# -- real grids ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["mini5.txt", "mini7.txt", "british15.txt"])
def test_fills_real_grids_with_the_builtin_list(english: WordList, name: str) -> None:
    grid = grid_file(name)
    result = fill_grid(grid, english, min_score=30, stop=StopSignal(60))
    assert_valid(result, english, min_score=30)
    for r, c in grid.positions():  # the shape is kept
        assert result.grid.cells[r][c] is not None
    assert result.grid.block_count() == grid.block_count()
    assert result.weakest and result.weakest[0].score == min(
        e.score for e in result.entries if e.score is not None
    )


def test_british_grid_keeps_unchecked_cells_filled(english: WordList) -> None:
    grid = grid_file("british15.txt")
    assert grid.unchecked()  # a blocked grid with unchecked cells
    result = fill_grid(grid, english, min_score=30, stop=StopSignal(60))
    assert_valid(result, english)
    assert all(result.grid.cells[r][c] for r, c in grid.unchecked())


def test_fills_a_themed_15x15_with_spread_the_wordlist(stwl50: WordList) -> None:
    result = fill_grid(grid_file("themed15.txt"), stwl50, stop=StopSignal(60))
    assert_valid(result, stwl50, min_score=50)
    assert result.average_score == 50


def test_best_words_first_at_a_low_minimum_score(stwl_path: Path) -> None:
    words, _ = load_wordlist([stwl_path], min_score=30)
    result = fill_grid(grid_file("themed15.txt"), words, stop=StopSignal(60))
    assert_valid(result, words, min_score=30)
    assert result.average_score is not None and result.average_score >= 49


def test_min_score_is_honoured(english: WordList) -> None:
    result = fill_grid(grid_file("mini5.txt"), english, min_score=40, stop=StopSignal(60))
    assert_valid(result, english, min_score=40)


# -- fixed letters and seeds --------------------------------------------------------------
def test_fixed_letters_and_seed_entries_are_kept(english: WordList) -> None:
    grid = Grid.parse("#S...\n....E\nT....\n.....\n....#")
    result = fill_grid(grid, english, min_score=30, stop=StopSignal(60))
    assert_valid(result, english)
    assert result.grid.cells[0][1] == "S"
    assert result.grid.cells[1][4] == "E"
    assert result.grid.cells[2][0] == "T"


def test_seed_missing_from_the_list_is_kept_with_a_warning(english: WordList) -> None:
    grid = Grid.parse("ZQXJ\n....\n....\n....")
    result = fill_grid(grid, english, stop=StopSignal(30))
    assert result.warnings == ["1A ZQXJ is not in the word list; kept as given"]
    assert result.status == "unfillable"  # no English word starts ZQ.., but it was tried
    words = tiny_list(["ZAEI", "QBFJ", "XCGK", "JDHL", "ABCD", "EFGH", "IJKL", "ABCE"])
    result = fill_grid(grid, words, stop=StopSignal(30))
    assert result.status == "filled"
    assert result.grid.rows_text()[0] == "ZQXJ"
    first = next(e for e in result.entries if e.key == "1A")
    assert first.given and first.score is None


def test_seed_below_the_minimum_score_warns(english: WordList) -> None:
    score = english.score("ZEPHYR")
    assert score is not None
    result = fill_grid(Grid.parse("ZEPHYR"), english, min_score=score + 1)
    assert result.status == "filled"
    assert result.warnings == [f"1A ZEPHYR scores {score}, below the minimum {score + 1}; kept"]


def test_a_seed_word_is_not_used_again() -> None:
    grid = Grid.parse("CAT\n...")
    only_cat = tiny_list(["CAT", "CC", "AA", "TT"])  # 4A could only be CAT again
    assert fill_grid(grid, only_cat).status == "unfillable"
    words = tiny_list(["CAT", "CC", "AA", "TT", "DOG", "CD", "AO", "TG"])
    result = fill_grid(grid, words)
    assert result.status == "filled" and result.grid.rows_text() == ["CAT", "DOG"]


def test_rebus_seed_cells_are_expanded(english: WordList) -> None:
    grid = Grid.parse("#.#\nC[AT]S\n#.#")
    result = fill_grid(grid, english, stop=StopSignal(30))
    assert result.status == "filled"
    down = next(e for e in result.entries if e.key == "1D")
    answer = "".join(result.grid.cells[r][c] or "" for r, c in grid.slots()[0].cells)
    assert down.answer == answer and answer[1:3] == "AT" and answer in english
    assert result.grid.cells[1][1] == "AT"


# -- proofs and stopping ------------------------------------------------------------------
def test_unfillable_grid_is_proved_and_names_the_slots_that_failed() -> None:
    # Every across word fits, but no set of three makes three down words: a search proof.
    words = tiny_list(["CAT", "DOG", "EMU", "COD", "ATE", "TOG", "APE", "OAT"])
    result = fill_grid(Grid.parse("...\n...\n..."), words, stop=StopSignal(30))
    assert result.status == "unfillable"
    assert result.fills == [] and result.stop_reason is None
    assert result.failed_slots and result.failed_slots[0].failures >= 1
    assert {f.key for f in result.failed_slots} <= {"1A", "2D", "3D", "1D", "4A", "5A"}


def test_pattern_with_no_word_is_unfillable_at_once(english: WordList) -> None:
    result = fill_grid(Grid.parse("Q.X.Z\n....."), english, stop=StopSignal(30))
    assert result.status == "unfillable"
    assert result.failed_slots[0].key == "1A" and result.failed_slots[0].pattern == "Q?X?Z"


class CountdownStop(StopSignal):
    """A stop signal that fires after a fixed number of polls (deterministic timeouts)."""

    def __init__(self, polls: int) -> None:
        super().__init__()
        self.polls = polls

    def should_stop(self) -> bool:
        self.polls -= 1
        if self.polls < 0:
            self.reason = "timeout"
        return self.reason is not None


def test_timeout_returns_the_best_partial_fill(english: WordList) -> None:
    grid = grid_file("british15.txt")
    result = fill_grid(grid, english, min_score=30, stop=CountdownStop(1))
    assert result.status == "timeout" and result.stop_reason == "timeout"
    filled = [e for e in result.entries if "?" not in e.answer]
    assert 0 < len(filled) < len(result.entries)
    for entry in filled:
        assert entry.answer in english
    assert result.fills == []


def test_interrupt_reports_interrupted(english: WordList) -> None:
    stop = StopSignal()
    stop.interrupted = True
    result = fill_grid(grid_file("british15.txt"), english, stop=stop)
    assert result.status == "timeout" and result.stop_reason == "interrupted"


def test_progress_reports(english: WordList) -> None:
    seen: list[FillProgress] = []
    fill_grid(grid_file("mini7.txt"), english, on_progress=seen.append, stop=CountdownStop(3))
    # progress is rate-limited to ten reports a second, so a short run may report nothing
    for progress in seen:
        assert 0 <= progress.filled <= progress.total and progress.elapsed >= 0


# -- options ------------------------------------------------------------------------------
def test_same_seed_same_fill_and_seeds_differ(english: WordList) -> None:
    grid = grid_file("mini7.txt")
    first = fill_grid(grid, english, min_score=30, seed=1)
    again = fill_grid(grid, english, min_score=30, seed=1)
    assert first.grid.to_text() == again.grid.to_text()
    others = {fill_grid(grid, english, min_score=30, seed=s).grid.to_text() for s in range(2, 6)}
    assert len(others | {first.grid.to_text()}) >= 3


def test_count_gives_different_fills_best_first(english: WordList) -> None:
    result = fill_grid(grid_file("mini5.txt"), english, min_score=30, count=3)
    assert result.status == "filled"
    assert len(result.fills) == 3 == len(result.ranked)
    assert len({g.to_text() for g in result.fills}) == 3
    averages = [fill.average_score or 0 for fill in result.ranked]
    assert averages == sorted(averages, reverse=True)
    assert result.grid is result.fills[0] and result.average_score == averages[0]
    for fill in result.ranked:
        answers = [e.answer for e in fill.entries]
        assert len(answers) == len(set(answers)) and all(a in english for a in answers)


def test_count_stops_when_the_fills_run_out() -> None:
    words = tiny_list(["AB", "CD", "AC", "BD", "XY"])
    result = fill_grid(Grid.parse("..\n.."), words, count=5)
    assert result.status == "filled"
    assert sorted(g.rows_text() for g in result.fills) == [["AB", "CD"], ["AC", "BD"]]


def test_max_shared_substring(english: WordList) -> None:
    grid = grid_file("mini7.txt")
    result = fill_grid(grid, english, min_score=30, max_shared_substring=2)
    assert result.status == "filled"
    answers = [e.answer for e in result.entries]
    for i, a in enumerate(answers):
        runs = {a[k : k + 3] for k in range(len(a) - 2)}
        for b in answers[i + 1 :]:
            assert not any(run in b for run in runs), (a, b)


def test_region_rectangle_fills_only_there_and_keeps_the_rest(english: WordList) -> None:
    full = fill_grid(grid_file("mini7.txt"), english, min_score=30).grid
    grid = full.copy()
    for r in range(3):  # clear the top-left 3x3 corner
        for c in range(3):
            grid.cells[r][c] = ""
    grid.cells[6][6] = ""  # an empty cell outside the region stays empty
    result = fill_grid(grid, english, min_score=30, region=((0, 0), (2, 2)))
    assert result.status == "filled"
    for r, c in grid.positions():
        if r < 3 and c < 3:
            assert result.grid.cells[r][c]
        else:
            assert result.grid.cells[r][c] == grid.cells[r][c]
    for entry in result.entries:
        if entry.row < 3 and entry.col < 3:
            assert entry.answer in english


def test_region_by_slot_keys(english: WordList) -> None:
    grid = grid_file("mini7.txt")
    result = fill_grid(grid, english, min_score=30, region=["1A", "1D"])
    assert result.status == "filled"
    by_key = {e.key: e for e in result.entries}
    assert by_key["1A"].answer in english and by_key["1D"].answer in english
    assert "?" in by_key["19A"].answer  # untouched
    with pytest.raises(PuzzleInputError, match="no entry '99A'"):
        fill_grid(grid, english, region=["99A"])
    with pytest.raises(PuzzleInputError, match="outside"):
        fill_grid(grid, english, region=((0, 0), (9, 9)))


# -- other alphabets ------------------------------------------------------------------------
RUSSIAN = [
    "КОТ", "КИТ", "ТОК", "ТУК", "СОН", "ДОМ", "ЛЕС", "МИР", "НОС", "РОТ", "СОК", "ЛУК",
    "ЛЁД", "ЁЖИК", "ДУБ", "ЖУК", "МАК", "РАК", "БОК", "ВОЛ",
]  # fmt: skip


def test_russian_grid_with_a_cp1251_list(tmp_path: Path) -> None:
    path = tmp_path / "ru.txt"
    path.write_bytes("\n".join(f"{w};{50 - i}" for i, w in enumerate(RUSSIAN)).encode("cp1251"))
    words, _ = load_wordlist([path], encoding="cp1251")
    assert "КОТ" in words and "A" not in words.alphabet
    result = fill_grid(Grid.parse("к..\n.#.\n..."), words, stop=StopSignal(30))
    assert result.status == "filled"
    rows = result.grid.rows_text()
    assert rows[0][0] == "К"
    answers = [e.answer for e in result.entries]
    assert all(a in words for a in answers) and len(set(answers)) == 4


# -- bad input ----------------------------------------------------------------------------
def test_bad_grids_raise_input_errors(english: WordList) -> None:
    with pytest.raises(PuzzleInputError, match="no entries"):
        fill_grid(Grid.parse("#.#\n###\n#.#"), english)
    with pytest.raises(PuzzleInputError, match="not in the word list's alphabet"):
        fill_grid(Grid.parse("Ж..\n..."), english)
    with pytest.raises(PuzzleInputError):
        fill_grid(grid_file("mini5.txt"), english, count=0)


# -- fast and quality modes ------------------------------------------------------------------
def test_frequency_lists_fill_fast_by_default_and_tier_in_quality_mode(english: WordList) -> None:
    from puzzlewright.crossword.fill.quality import (
        FAST_OPTION_WEIGHT,
        polish_floor,
        score_tiers,
        value_weights,
    )

    scores = [entry.score for entry in english]
    assert score_tiers(scores, quality=False) == [None]
    tiers = score_tiers(scores, quality=True)
    assert len(tiers) == 3 and tiers[-1] is None and tiers[0] == polish_floor(scores)
    assert value_weights(scores).options == FAST_OPTION_WEIGHT
    assert value_weights(scores, quality=True).options == 1.0
    levels = [50] * 10 + [40] * 10 + [30] * 10  # few levels (STWL): a tier per level...
    assert score_tiers(levels, quality=True) == score_tiers(levels) == [50, 40, None]
    assert score_tiers(levels, quality=False) == [None]  # ...or, fast, one tier of all
    assert value_weights(levels) == value_weights(levels, quality=True)


def test_the_default_mode_depends_on_the_grid_and_the_list(english: WordList) -> None:
    from puzzlewright.crossword.fill.quality import default_quality

    frequencies = [entry.score for entry in english]
    levels = [50] * 10 + [40] * 10 + [30] * 10
    assert default_quality(frequencies, barred=False) and default_quality(levels, barred=False)
    assert not default_quality(frequencies, barred=True)  # barred + frequency list: fast
    assert default_quality(levels, barred=True)  # few levels: tiers find all-50 fills at once


def test_fast_mode_with_spread_the_wordlist_is_one_tier_of_every_word(
    stwl_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from puzzlewright.crossword.fill.search import Search

    words, _ = load_wordlist([stwl_path], min_score=30)
    tiers_run: list[object] = []
    real_run = Search.run

    def spy(self: Search, *args: object, **kwargs: object) -> object:
        tiers_run.append(args[1])
        return real_run(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Search, "run", spy)
    grid = grid_file("themed15.txt")
    fast = fill_grid(grid, words, min_score=30, seed=0, quality=False, stop=StopSignal(60))
    assert_valid(fast, words, min_score=30)
    assert tiers_run[0] == [None]  # (then polish's searches, at 50)
    tiers_run.clear()
    thorough = fill_grid(grid, words, min_score=30, seed=0, stop=StopSignal(60))
    assert_valid(thorough, words, min_score=30)
    assert tiers_run[0] == [50, 40, None]


def test_barred_grid_with_the_builtin_list_in_both_modes(english: WordList) -> None:
    grid = grid_file("listener12.txt")
    fast = fill_grid(grid, english, seed=3, stop=StopSignal(60))
    assert_valid(fast, english)
    assert fill_grid(grid, english, seed=3, stop=StopSignal(60)).grid == fast.grid
    small = grid_file("mini7.txt")
    assert_valid(fill_grid(small, english, seed=3, quality=True, stop=StopSignal(60)), english)


def test_default_mode_is_fast_for_barred_grids_and_quality_for_blocked_ones(
    english: WordList,
) -> None:
    barred = grid_file("listener12.txt")
    auto = fill_grid(barred, english, seed=1, stop=StopSignal(60))
    assert auto.grid == fill_grid(barred, english, seed=1, quality=False, stop=StopSignal(60)).grid
    blocked = grid_file("mini7.txt")
    auto = fill_grid(blocked, english, seed=1, stop=StopSignal(60))
    thorough = fill_grid(blocked, english, seed=1, quality=True, stop=StopSignal(60))
    fast = fill_grid(blocked, english, seed=1, quality=False, stop=StopSignal(60))
    assert auto.grid == thorough.grid and auto.grid != fast.grid


@pytest.mark.slow
def test_fast_mode_out_of_budget_goes_on_in_quality_mode(
    english: WordList, monkeypatch: pytest.MonkeyPatch
) -> None:
    from puzzlewright.crossword.fill import run
    from puzzlewright.crossword.fill.problem import build_problem
    from puzzlewright.crossword.fill.quality import score_tiers
    from puzzlewright.crossword.fill.search import Search

    runs: list[tuple[tuple[object, ...], dict[str, object]]] = []
    jitters: list[float] = []
    weighed: list[int] = []
    real_run = Search.run

    def spy(self: Search, *args: object, **kwargs: object) -> object:
        runs.append((args, kwargs))
        jitters.append(self.value_weights.jitter)
        weighed.append(self.candidates)
        return real_run(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(run, "FAST_EFFORT", 0)  # the first dead end ends fast mode
    monkeypatch.setattr(run, "FAST_CANDIDATES", 100)
    monkeypatch.setattr(Search, "run", spy)
    grid = grid_file("listener12.txt")
    result = fill_grid(grid, english, seed=0, stop=StopSignal(120))
    assert_valid(result, english)
    problem = build_problem(grid, english)
    candidate_scores = run.candidate_scores
    (fast_args, fast_options), (tier_args, _) = runs[:2]  # then polish's small searches
    assert fast_args == (1, [None]) and fast_options["final_effort"] == 0
    assert fast_options["luby_unit"] == run.FAST_RESTART * len(problem.vars)  # Luby restarts
    assert tier_args[:2] == (1, score_tiers(candidate_scores(problem), quality=True))
    assert result.backtracks > 0
    # a frequency list's fast mode draws livelier tie-breaks; quality mode the plain ones
    assert jitters[0] == pytest.approx(jitters[1] * run.FAST_JITTER) and run.FAST_JITTER > 1
    # ...and weighs at most FAST_CANDIDATES candidates at a decision (here lowered to 100);
    # quality mode weighs them all again
    assert weighed[0] == 100 < weighed[1]


# -- the tables and counts the search reads ---------------------------------------------------
def test_score_counts_give_the_tiers_and_weights_of_the_scores(english: WordList) -> None:
    from collections import Counter

    from puzzlewright.crossword.fill.problem import build_problem
    from puzzlewright.crossword.fill.quality import polish_floor, score_tiers, value_weights
    from puzzlewright.crossword.fill.run import candidate_scores

    problem = build_problem(grid_file("mini7.txt"), english, min_score=30)
    counts = candidate_scores(problem)
    tables = {id(var.table): var.table for var in problem.vars if var.required}.values()
    scores = [score for table in tables for score in table.scores[: table.count]]
    assert counts == Counter(scores) and min(counts) >= 30
    for quality in (False, True):
        assert score_tiers(counts, quality) == score_tiers(scores, quality)
        assert value_weights(counts, quality) == value_weights(scores, quality)
    assert polish_floor(counts) == polish_floor(scores)
    few = {50: 10, 40: 10, 30: 10}
    assert score_tiers(few) == score_tiers([50] * 10 + [40] * 10 + [30] * 10) == [50, 40, None]


def test_a_letters_first_word_decides_it_for_the_best_words(english: WordList) -> None:
    from puzzlewright.crossword.fill.domains import Tables

    table = Tables(english, None).get(5)
    for position, (column, first) in enumerate(zip(table.cols, table.first, strict=True)):
        for letter, (words, best) in enumerate(zip(column, first, strict=True)):
            for size in (1, 7, 100, table.count):
                prefix = (1 << size) - 1
                assert bool(prefix & words) == (best < size), (position, letter, size)
    assert Tables(english, 40).get(5).cols is table.cols  # kept with the list, any minimum


def test_luby_sequence_drives_fast_mode_restarts() -> None:
    from puzzlewright.crossword.fill.search import luby

    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_final_luby_restarts_the_last_tier_only(
    english: WordList, monkeypatch: pytest.MonkeyPatch
) -> None:
    from puzzlewright.crossword.fill.problem import build_problem
    from puzzlewright.crossword.fill.search import Search, Tuning

    units: list[int] = []
    real_tier = Search.run_tier

    def spy_tier(self: Search, root: object, count: int, budget: object, unit: int = 0) -> str:
        units.append(unit)
        return real_tier(self, root, count, budget, unit)  # type: ignore[arg-type]

    monkeypatch.setattr(Search, "run_tier", spy_tier)
    problem = build_problem(grid_file("mini5.txt"), english, 30)
    for luby_unit, final_luby, expected in ((0, 0, 0), (0, 7, 7), (5, 7, 5)):
        units.clear()
        search = Search(problem, stop=StopSignal(30))
        search.run(1, [None], luby_unit=luby_unit, final_luby=final_luby)
        assert units == [expected]
    units.clear()
    search = Search(problem, stop=StopSignal(30))
    search.run(1, [60, None], effort=0, final_luby=7)  # the first tier's budget: one dead end
    assert units[-1] == 7 and all(unit == 0 for unit in units[:-1])
    # a tuning's final_luby reaches the search as dead ends per slot to fill
    calls: list[dict[str, object]] = []
    real_run = Search.run

    def spy_run(self: Search, *args: object, **kwargs: object) -> object:
        calls.append(kwargs)
        return real_run(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Search, "run", spy_run)
    fill_grid(grid_file("mini5.txt"), english, quality=True, tuning=Tuning(final_luby=2))
    slots = sum(var.required for var in problem.vars)
    assert calls[0]["final_luby"] == 2 * slots


def test_luby_restarts_in_the_last_tier_still_prove_a_grid_unfillable(english: WordList) -> None:
    # The first minimum score at which the 5x5 has no fill, found by the geometric search,
    # is proved again with Luby restarts every 5 dead ends: nogoods carry the refutations.
    from puzzlewright.crossword.fill.search import Tuning

    grid = grid_file("mini5.txt")
    for min_score in range(40, 60):
        geometric = fill_grid(grid, english, min_score=min_score, quality=True)
        if geometric.status == "unfillable" and geometric.backtracks >= 100:
            break
    else:
        pytest.fail("no minimum score leaves the 5x5 unfillable after a search")
    luby = fill_grid(grid, english, min_score=min_score, quality=True, tuning=Tuning(final_luby=1))
    assert luby.status == "unfillable" and luby.stop_reason is None
    assert luby.restarts > geometric.restarts


def test_last_conflict_chooses_the_failed_slot_again(
    english: WordList, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With last-conflict reasoning, after a word fails its slot is the next decision (unless
    # propagation committed it meanwhile); dom/wdeg alone often moves elsewhere.
    from itertools import pairwise

    from puzzlewright.crossword.fill.problem import build_problem
    from puzzlewright.crossword.fill.search import Search, Tuning
    from puzzlewright.crossword.fill.state import State

    problem = build_problem(grid_file("mini5.txt"), english, 45)

    def decisions(tuning: Tuning) -> list[tuple[int, int, State]]:
        calls: list[tuple[int, int, State]] = []
        real_value = Search.value

        def spy(self: Search, st: State, v: int) -> int:
            calls.append((v, self.backtracks, st))
            return real_value(self, st, v)

        monkeypatch.setattr(Search, "value", spy)
        search = Search(problem, stop=StopSignal(30), tuning=tuning)
        search.run(1, [None])
        monkeypatch.undo()
        return calls

    def moved(calls: list[tuple[int, int, State]]) -> int:
        """Decisions after a failed one that chose another slot while it was still open."""
        return sum(
            1
            for (v, before, _), (u, after, st) in pairwise(calls)
            if after > before and u != v and not st.done[v]
        )

    plain = decisions(Tuning(final_luby=0))
    assert sum(b > a for (_, a, _), (_, b, _) in pairwise(plain)) > 20
    assert moved(plain) > 0  # dom/wdeg alone leaves a failed slot for another
    assert moved(decisions(Tuning(final_luby=0, last_conflict=1 << 30))) == 0


def test_last_conflict_keeps_a_proof_a_proof(english: WordList) -> None:
    from puzzlewright.crossword.fill.search import Tuning

    grid = grid_file("mini5.txt")
    for min_score in range(40, 60):
        plain = fill_grid(grid, english, min_score=min_score, quality=True)
        if plain.status == "unfillable" and plain.backtracks >= 100:
            break
    else:
        pytest.fail("no minimum score leaves the 5x5 unfillable after a search")
    for final_luby in (0, 1):
        tuning = Tuning(final_luby=final_luby, last_conflict=1 << 30)
        proof = fill_grid(grid, english, min_score=min_score, quality=True, tuning=tuning)
        assert proof.status == "unfillable" and proof.stop_reason is None
