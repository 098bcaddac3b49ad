"""crossword.analysis: viable letters, candidates, dead entries, fill checks, statistics."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from puzzlewright.crossword.analysis import (
    analyse_grid,
    check_candidate,
    check_entry_grid,
    check_grid,
    compile_filter,
    entry_candidates,
    grid_stats,
    open_regions,
    without_words,
)
from puzzlewright.crossword.fill import fill_grid
from puzzlewright.crossword.grid import Grid, Slot
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Alphabet, WordList, load_wordlist
from puzzlewright.stopping import StopSignal

# A 3x3 square: rows BAD/ONE/ATE, columns BOA/ANT/DEE, plus words that fit locally only.
SQUARE = ["BAD", "ONE", "ATE", "BOA", "ANT", "DEE", "BAT", "OAT", "XYZ", "TEA", "EON"]


def words_of(items: list[str], score: int = 50) -> WordList:
    return WordList([(w, score - i) for i, w in enumerate(items)], Alphabet.latin())


def brute_fills(grid: Grid, words: WordList) -> list[Grid]:
    """Every complete fill of a small grid (no answer twice), by brute force."""
    slots = grid.slots()

    def fits(slot: Slot, word: str) -> bool:
        pattern = grid.word(slot)
        return len(word) == slot.length and all(
            p in ("?", w) for p, w in zip(pattern, word, strict=False)
        )

    options = [[w for w in words.scores() if fits(slot, w)] for slot in slots]
    found = []
    for choice in itertools.product(*options):
        if len(set(choice)) < len(choice):
            continue
        trial = grid.copy()
        ok = True
        for slot, word in zip(slots, choice, strict=True):
            for (r, c), letter in zip(slot.cells, word, strict=True):
                if trial.cells[r][c] not in ("", letter):
                    ok = False
                    break
                trial.cells[r][c] = letter
            if not ok:
                break
        if ok:
            found.append(trial)
    return found


def test_viable_letters_lie_between_global_fills_and_local_patterns() -> None:
    words = words_of(SQUARE)
    grid = Grid.parse("B..\n...\n...")
    result = analyse_grid(grid, words)
    fills = brute_fills(grid, words)
    assert fills, "the square has a fill"
    for r, c in grid.positions():
        if grid.cells[r][c]:
            assert result.letters[r][c] is None
            continue
        viable = set(result.letters[r][c] or "")
        in_fills = {fill.cells[r][c] for fill in fills}
        assert in_fills <= viable  # never hides a letter some fill uses
        local = {w[c] for w in words.scores() if len(w) == 3}
        assert viable <= local
    # B at the corner leaves BAD/BAT/BOA across and down: the next cell is A or O
    assert set(result.letters[0][1] or "") <= {"A", "O"}
    assert result.status == "open" and not result.dead


def test_forced_letters_and_candidate_counts() -> None:
    words = words_of(SQUARE)
    result = analyse_grid(Grid.parse("BA.\nO..\nA.."), words)
    # 1A is BA? (BAD or BAT), 1D is BOA; row 2 O?? is ONE or OAT...; the square forces a lot
    entries = {e.key: e for e in result.entries}
    assert entries["1D"].candidates == 1 and entries["1D"].score is not None
    assert 1 <= entries["1A"].candidates <= 2
    fills = brute_fills(Grid.parse("BA.\nO..\nA.."), words)
    for fill in fills:
        for r, c in Grid.parse("BA.\nO..\nA..").positions():
            letters = result.letters[r][c]
            assert letters is None or fill.cells[r][c] in letters


def test_dead_entry_is_named() -> None:
    words = words_of(SQUARE)
    result = analyse_grid(Grid.parse("QQ.\n...\n..."), words)
    assert result.status == "dead"
    assert "1A" in result.dead and "1D" in result.dead
    assert {e.key for e in result.entries if e.dead} == set(result.dead)


def test_propagation_finds_a_dead_end_the_patterns_do_not_show() -> None:
    # Each entry alone has words, but no crossing letter agrees: A?? across and ?? down
    words = words_of(["ABC", "XY", "QZ"])
    grid = Grid.parse("...\n##.")
    result = analyse_grid(grid, words)
    assert result.status == "dead"
    assert result.dead  # the entry that ran dry is named
    assert all(e.candidates >= 1 for e in result.entries)  # by its own pattern it has words


def test_candidates_keep_every_crossing_and_filter() -> None:
    words = words_of(SQUARE)
    grid = Grid.parse("B..\n...\n...")
    found = entry_candidates(grid, words, "1a")
    names = [c.word for c in found.words]
    assert set(names) <= {"BAD", "BAT", "BOA"}
    assert "BAD" in names
    scores = [c.score for c in found.words]
    assert scores == sorted(scores, reverse=True)
    assert found.matching >= found.total
    only_t = entry_candidates(grid, words, "1A", pattern=compile_filter("t", regex=False))
    assert [c.word for c in only_t.words] == [w for w in names if "T" in w]
    regex = entry_candidates(grid, words, "1A", pattern=compile_filter("^b.d$", regex=True))
    assert [c.word for c in regex.words] == ["BAD"]
    banned = entry_candidates(grid, words, "1A", banned=["bad"])
    assert "BAD" not in [c.word for c in banned.words]


def test_candidates_of_a_complete_entry_and_errors() -> None:
    words = words_of(SQUARE)
    held = Grid.parse("BAD\nONE\nATE")  # every letter of 1A is held by a complete down entry
    assert [c.word for c in entry_candidates(held, words, "1A").words] == ["BAD"]
    grid = Grid.parse("BAD\n...\n...")  # 1A complete, its crossings open: alternatives
    found = entry_candidates(grid, words, "1A")
    assert found.current == "BAD" and found.pattern == "???"
    assert "BAD" in [c.word for c in found.words] and len(found.words) > 1
    half = Grid.parse("BAD\nO..\nA..")  # 1D BOA complete holds the B
    assert entry_candidates(half, words, "1A").pattern == "B??"
    with pytest.raises(PuzzleInputError):
        entry_candidates(grid, words, "9A")
    with pytest.raises(PuzzleInputError):
        compile_filter("(a+)+b", regex=True)
    with pytest.raises(PuzzleInputError):
        compile_filter("[", regex=True)
    with pytest.raises(PuzzleInputError):
        compile_filter("a" * 500, regex=False)


def test_check_candidate_verdicts() -> None:
    words = words_of(SQUARE)
    grid = Grid.parse("...\n...\n...")
    assert check_candidate(grid, words, "1A", "BAD") == "fills"
    assert check_candidate(grid, words, "1A", "XYZ") == "dead end"
    # a budget that has already run out cannot prove anything
    assert check_candidate(grid, words, "1A", "BAD", stop=StopSignal(0)) in ("fills", "unknown")


def test_banned_words_leave_the_list() -> None:
    words = words_of(SQUARE)
    smaller = without_words(words, ["bad", "nothere"])
    assert "BAD" not in smaller and len(smaller) == len(words) - 1
    assert without_words(words, []) is words
    assert fill_grid(Grid.parse("...\n...\n..."), smaller).status == "unfillable"


def test_grid_stats() -> None:
    words = words_of(SQUARE)  # BAD 50, ONE 49, ATE 48, BOA 47, ANT 46, DEE 45, ...
    grid = Grid.parse("BAD##\nONE##\nATE##\n###..")
    stats = grid_stats(grid, words, min_score=46)
    assert stats.words == 7 and stats.blocks == 9
    assert stats.block_share == round(9 / 20, 4)
    assert stats.lengths == {3: 6, 2: 1}
    assert stats.average_length == round(20 / 7, 2)
    assert stats.two_letter == ["6A"]
    assert stats.regions == 2
    assert stats.unchecked == [(3, 3), (3, 4)]
    assert stats.below_min == ["3D"]  # DEE scores 45
    assert stats.not_in_list == []
    doubled = grid_stats(Grid.parse("BAD\n#Q#\nBAD"), words)
    assert doubled.repeated == ["BAD"]
    assert doubled.not_in_list == ["2D"]  # AQA
    assert open_regions(Grid.parse("..\n..")) == 1
    themed = grid_stats(grid, words, min_score=46, theme=["3D"])  # the constructor's choice
    assert themed.below_min == [] and themed.words == 7
    assert grid_stats(Grid.parse("BAD\n#Q#\nBAD"), words, theme=["2D"]).not_in_list == []


def test_half_filled_themed_grid_with_stwl(stwl_path: Path) -> None:
    words, _ = load_wordlist([stwl_path])
    grid = Grid.parse((Path(__file__).parents[1] / "data/grids/themed15.txt").read_text())
    full = fill_grid(grid, words, min_score=50, stop=StopSignal(60))
    assert full.status == "filled"
    half = grid.copy()
    for r, c in grid.positions():
        if r < 7:
            half.cells[r][c] = full.grid.cells[r][c]
    result = analyse_grid(half, words, min_score=50)
    assert result.status == "open"
    for r, c in half.positions():
        if not half.cells[r][c]:
            assert full.grid.cells[r][c] in (result.letters[r][c] or "")
    empty = next(e for e in result.entries if "?" in e.pattern)
    found = entry_candidates(half, words, empty.key, min_score=50)
    assert found.total == empty.candidates
    assert check_candidate(
        half, words, empty.key, found.words[0].word, min_score=50, stop=StopSignal(30)
    ) in ("fills", "unknown")


@pytest.mark.parametrize(
    "text", ["...\n...\n...", "B..\n...\n...", "..D\n...\n..E", "X..\n...\n...", "...\n.N.\n..."]
)
@pytest.mark.parametrize("banned", [(), ("BAD",), ("ONE", "EON")])
def test_check_grid_agrees_with_brute_force(text: str, banned: tuple[str, ...]) -> None:
    words = without_words(words_of(SQUARE), banned)
    grid = Grid.parse(text)
    fills = brute_fills(grid, words)
    verdict = check_grid(grid, words_of(SQUARE), banned=banned)
    assert verdict.verdict == ("fills" if fills else "dead end")
    keys = {slot.key for slot in grid.slots()}
    if fills:
        found = grid.copy()
        for slot in grid.slots():
            found.place(slot, verdict.fill[slot.key])
        assert found in fills and verdict.responsible == []
    else:
        assert verdict.responsible and set(verdict.responsible) <= keys


def test_check_grid_names_a_dead_entry_without_searching() -> None:
    grid = Grid.parse("XYZ\n...\n...")  # no down word starts with X
    analysed = analyse_grid(grid, words_of(SQUARE))
    verdict = check_grid(grid, words_of(SQUARE), stop=StopSignal(0))  # no time to search
    assert verdict.verdict == "dead end" and verdict.responsible == analysed.dead


@pytest.mark.parametrize(
    "text",
    ["BAD\n...\n...", "BAD\nONE\nATE", "XYZ\n...\n...", "B..\n.N.\n...", "...\n..Z\n..."],
)
def test_a_dead_entry_grid_means_every_candidate_is_a_dead_end(text: str) -> None:
    """What the fill checks ask first: when the entry's grid is dead, every candidate is."""
    words = words_of(SQUARE)
    grid = Grid.parse(text)
    verdict = check_entry_grid(grid, words, "1A")
    candidates = entry_candidates(grid, words, "1A").words
    each = {c.word: check_candidate(grid, words, "1A", c.word) for c in candidates}
    if verdict.verdict == "dead end":
        assert set(each.values()) <= {"dead end"} and verdict.responsible
    else:
        assert verdict.verdict == "fills" and each[verdict.fill["1A"]] == "fills"
