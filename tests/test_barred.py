"""Barred and British patterns, checking reports, and filling barred grids."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from puzzlewright.crossword.barred import BarredSpec, generate_barred
from puzzlewright.crossword.checking import checking, is_symmetric
from puzzlewright.crossword.fill import fill_grid
from puzzlewright.crossword.grid import BAR_RIGHT, Grid
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import builtin_english

GRIDS = Path(__file__).parent / "data" / "grids"


def test_barred_patterns_follow_the_conventions_and_the_seed() -> None:
    spec = BarredSpec(12, 12, min_length=4)
    run = generate_barred(spec, 2, seed=7)
    assert run.status == "found" and len(run.patterns) == 2
    for grid in run.patterns:
        report = checking(grid, min_length=4, max_length=12, symmetric=True)
        assert report.ok, report.problems
        assert grid.block_count() == 0 and grid.is_barred
        assert all(4 <= slot.length <= 12 for slot in grid.slots())
        assert 30 <= len(grid.slots()) <= 50
        assert 0.2 <= report.unches / 144 <= 0.4
        assert report.double_unches == 0
    again = generate_barred(spec, 2, seed=7)
    assert [g.to_text() for g in again.patterns] == [g.to_text() for g in run.patterns]
    other = generate_barred(spec, 1, seed=8)
    assert other.patterns[0].to_text() != run.patterns[0].to_text()


def test_british_blocked_pattern_has_alternate_edge_unches() -> None:
    grid = generate_barred(BarredSpec(15, 15, style="british"), 1, seed=3).patterns[0]
    report = checking(grid, min_length=3, symmetric=True)
    assert report.ok, report.problems
    assert not grid.is_barred
    unchecked = grid.unchecked()
    # the lattice: blocks at every (odd, odd) cell, so the edge rows alternate unches
    assert all(grid.is_block(r, c) for r in range(1, 15, 2) for c in range(1, 15, 2))
    top = [(0, c) for c in range(15) if not grid.is_block(0, c)]
    assert all(((0, c) in unchecked) == (c % 2 == 1) for _, c in top)
    assert 26 <= len(grid.slots()) <= 34


def test_checking_reports_unches_and_breaches() -> None:
    grid = Grid.parse("....\n.#..\n....\n..#.")
    report = checking(grid, min_length=3)
    by_key = {e.key: e for e in report.entries}
    assert by_key["1A"].positions == (1,)  # column 2 is cut by the block: no down entry
    assert "entries shorter than 3: 4A, 6D, 7A" in report.problems
    lattice = Grid.parse(".....\n.#.#.\n.....\n.#.#.\n.....")
    report = checking(lattice, min_length=3, symmetric=True)
    assert report.ok and report.unches == 12 and report.double_unches == 0
    assert {e.key: e.positions for e in report.entries}["1A"] == (1, 3)
    lattice.set_bar(0, 1, BAR_RIGHT)
    assert not is_symmetric(lattice)
    assert "symmetric" in " ".join(checking(lattice, symmetric=True).problems)


def test_double_unch_and_half_unchecked_are_caught() -> None:
    # row 0 is an entry whose cells 1 and 2 are both unches (columns 1, 2 have no downs)
    grid = Grid.parse(".....\n.##..\n.##..")
    report = checking(grid, min_length=3)
    entry = {e.key: e for e in report.entries}["1A"]
    assert entry.positions == (1, 2) and entry.doubles == 1
    assert "double unches in 1A, 1D" in report.problems
    grid = Grid.parse("...\n#.#\n#.#")
    assert any("more than half" in p for p in checking(grid, min_length=3).problems)


def test_bad_specs() -> None:
    with pytest.raises(PuzzleInputError, match="odd sides"):
        generate_barred(BarredSpec(12, 12, style="british"))
    with pytest.raises(PuzzleInputError, match="size"):
        generate_barred(BarredSpec(2, 40))
    with pytest.raises(PuzzleInputError, match="lengths"):
        generate_barred(BarredSpec(8, 8, min_length=9))


@pytest.mark.slow
def test_listener_grid_fills_from_the_builtin_list() -> None:
    grid = Grid.parse((GRIDS / "listener12.txt").read_text())
    words = builtin_english()
    result = fill_grid(grid, words, seed=1)
    assert result.status == "filled"
    filled = result.grid
    assert filled.bars == grid.bars
    answers = [filled.word(slot) for slot in filled.slots()]
    assert all(answer in words for answer in answers)
    assert len(set(answers)) == len(answers)
    assert Counter(len(a) for a in answers) == Counter(s.length for s in grid.slots())


def test_listener_grid_fills_from_stwl(stwl_path: Path) -> None:
    from puzzlewright.lexicon import load_wordlist

    words = load_wordlist([stwl_path], min_score=50)[0]
    grid = Grid.parse((GRIDS / "listener13.txt").read_text())
    result = fill_grid(grid, words, seed=1)
    assert result.status == "filled"
    assert all(result.grid.word(s) in words for s in result.grid.slots())
