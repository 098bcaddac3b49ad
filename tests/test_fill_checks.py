"""crossword.fill_checks: the candidates' fill checks agree with a fresh search per
candidate (analysis.check_candidate) and with brute force, and a repaired fill is a fill."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from puzzlewright.crossword.analysis import (
    check_candidate,
    check_entry_grid,
    entry_candidates,
)
from puzzlewright.crossword.fill import fill_grid
from puzzlewright.crossword.fill_checks import check_candidates, repair
from puzzlewright.crossword.grid import Grid
from puzzlewright.lexicon import Alphabet, WordList, load_wordlist
from puzzlewright.stopping import StopSignal

GRID = Path(__file__).parents[1] / "benchmarks" / "grids" / "themed1.txt"
SQUARE = ["BAD", "ONE", "ATE", "BOA", "ANT", "DEE", "BAT", "OAT", "XYZ", "TEA", "EON", "TEN"]


def small_words() -> WordList:
    return WordList([(w, 60 - i) for i, w in enumerate(SQUARE)], Alphabet.latin())


def brute_verdict(grid: Grid, words: WordList, key: str, word: str) -> str:
    """``fills`` when some complete fill (no answer twice) has ``word`` in ``key``."""
    slots = grid.slots()
    trial = grid.copy()
    trial.place(next(s for s in slots if s.key == key), word)

    def fits(pattern: str, answer: str) -> bool:
        return all(p in ("?", a) for p, a in zip(pattern, answer, strict=True))

    options = [[w for w in words.scores() if fits(trial.word(s), w)] for s in slots]
    for choice in itertools.product(*options):
        if len(set(choice)) < len(choice):
            continue
        letters: dict[tuple[int, int], str] = {}
        for slot, answer in zip(slots, choice, strict=True):
            for pos, letter in zip(slot.cells, answer, strict=True):
                if letters.setdefault(pos, letter) != letter:
                    break
            else:
                continue
            break
        else:
            return "fills"
    return "dead end"


@pytest.mark.parametrize(
    "text", ["...\n...\n...", "B..\n...\n...", "...\n.N.\n...", "..D\n...\n..E"]
)
def test_verdicts_agree_with_brute_force(text: str) -> None:
    words = small_words()
    grid = Grid.parse(text)
    candidates = [c.word for c in entry_candidates(grid, words, "1A").words] + ["XYZ"]
    whole = check_entry_grid(grid, words, "1A")
    found = list(check_candidates(grid, words, "1A", candidates, fill=whole.fill, budget=10))
    assert sorted(check.word for check in found) == sorted(candidates)
    for check in found:
        assert check.verdict == brute_verdict(grid, words, "1A", check.word), check


@pytest.fixture(scope="module")
def half_filled() -> tuple[Grid, WordList]:
    """The benchmark's themed 15x15, its top half filled by the filler, the built-in list."""
    words, _ = load_wordlist(["crossword"])
    empty = Grid.parse(GRID.read_text())
    full = fill_grid(empty, words, min_score=50, stop=StopSignal(120))
    assert full.status == "filled"
    half = empty.copy()
    for r, c in empty.positions():
        if r < 7:
            half.cells[r][c] = full.grid.cells[r][c]
    return half, words


def valid_fill(base: Grid, filled: Grid, words: WordList, min_score: int) -> bool:
    """Every entry of ``filled`` complete, in the list at ``min_score`` (or complete in
    ``base`` already), no answer twice, every letter of ``base`` kept."""
    answers = [filled.word(slot) for slot in filled.slots()]
    given = {base.word(slot) for slot in base.slots() if "?" not in base.word(slot)}
    kept = all(not base.cells[r][c] or filled.cells[r][c] == base.cells[r][c]
               for r, c in base.positions())  # fmt: skip
    scored = all(answer in given or (words.score(answer) or 0) >= min_score for answer in answers)
    return "?" not in "".join(answers) and len(set(answers)) == len(answers) and kept and scored


@pytest.mark.slow
def test_verdicts_agree_with_a_search_per_candidate(half_filled: tuple[Grid, WordList]) -> None:
    half, words = half_filled
    keys = [s.key for s in half.slots() if "?" in half.word(s)]
    for key in keys[len(keys) // 2 :: 12]:  # entries of the empty half
        candidates = [
            c.word for c in entry_candidates(half, words, key, min_score=50, limit=5).words
        ]
        whole = check_entry_grid(half, words, key, min_score=50, stop=StopSignal(30))
        found = check_candidates(
            half, words, key, candidates, min_score=50, budget=30, fill=whole.fill
        )
        for check in found:
            alone = check_candidate(half, words, key, check.word, min_score=50, stop=StopSignal(30))
            assert check.verdict == alone != "unknown", (key, check)


@pytest.mark.slow
def test_a_repaired_fill_is_a_fill(half_filled: tuple[Grid, WordList]) -> None:
    half, words = half_filled
    slots = [s for s in half.slots() if "?" in half.word(s)]
    repaired = 0
    for slot in slots[len(slots) // 2 :: 10]:
        whole = check_entry_grid(half, words, slot.key, min_score=50, stop=StopSignal(30))
        assert whole.verdict == "fills"
        filled = half.copy()
        for other in half.slots():
            filled.place(other, whole.fill[other.key])
        for candidate in entry_candidates(half, words, slot.key, min_score=50, limit=5).words:
            found = repair(half, filled, words, slot, candidate.word, 50)
            if found is not None:
                repaired += 1
                assert found.word(slot) == candidate.word
                assert valid_fill(half, found, words, 50)
    assert repaired  # the cheap path is taken, and what it makes is a fill
