"""Blocks of three aligned 9-11 letter entries (a themeless corner's triple 9s) are stacks
for the look-ahead of value ordering (issue 32: the themeless fill with the built-in list)."""

from __future__ import annotations

from pathlib import Path

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill.problem import Problem, build_problem
from puzzlewright.crossword.fill.search import Search
from puzzlewright.crossword.fill.stacks import CORNER_LENGTH, corner_rows, find_mates
from puzzlewright.lexicon import Alphabet, WordList
from puzzlewright.stopping import StopSignal

GRIDS = Path(__file__).resolve().parents[1] / "benchmarks" / "grids"
WIDTH = CORNER_LENGTH
MIDDLE = "CDEFGHIJK"[:WIDTH]
ANY = WordList([("AAA", 50)], Alphabet.latin(), "any")


def problem_of(name: str) -> Problem:
    grid = Grid.parse((GRIDS / f"{name}.txt").read_text(encoding="utf-8"))
    return build_problem(grid, ANY, None, None)


def keys(problem: Problem, slots: set[int]) -> list[str]:
    return sorted(problem.vars[v].slot.key for v in slots)


def corner_words() -> WordList:
    """Three 9-letter rows over nine 3-letter downs: the best-scored first row ``BBB...``
    leaves the third row no word (under B every down ends in P, and no row is all P),
    while ``AAA...`` lets ``OOO...`` follow; arc consistency keeps both."""
    half = WIDTH // 2
    rows = [("B" * WIDTH, 90), ("A" * WIDTH, 50), (MIDDLE, 50), ("O" * WIDTH, 50)]
    rows += [("P" * half + "O" * (WIDTH - half), 50), ("O" * half + "P" * (WIDTH - half), 50)]
    downs = [(top + middle + end, 50) for top, end in ("AO", "BP") for middle in MIDDLE]
    return WordList(rows + downs, Alphabet.latin(), "corner")


def test_the_themeless_corners_are_stacks() -> None:
    problem = problem_of("themeless")
    assert keys(problem, corner_rows(problem)) == ["15A", "17A", "1A", "59A", "63A", "65A"]
    mates = find_mates(problem)
    first = next(v for v in mates if problem.vars[v].slot.key == "1A")
    assert keys(problem, set(mates[first])) == ["15A", "17A"]


def test_staggered_rows_and_the_downs_through_15s_are_no_blocks() -> None:
    """A staircase's long entries start in different columns; the 9-letter downs through
    quad16's stack of 15s are its columns: neither is a block (their search is unchanged)."""
    for name in ("stair15a", "stair15b", "big21", "themed1"):
        problem = problem_of(name)
        assert corner_rows(problem) == set(), name
    quad = problem_of("quad16")
    assert all(quad.vars[v].slot.length >= 12 for v in corner_rows(quad))


def test_a_corner_block_fills_without_trying_the_dead_row() -> None:
    """Fails without the block rule: the plain search takes BBB... (best score, as many
    crossing options) and backtracks out of it."""
    grid = Grid.parse("\n".join(["." * WIDTH] * 3 + ["#" * WIDTH]))
    problem = build_problem(grid, corner_words(), None, None)
    search = Search(problem, stop=StopSignal())
    assert search.stacks is not None
    outcome = search.run()
    assert outcome.status == "filled"
    assert outcome.backtracks == 0
    rows = sorted(
        search.tables[v].words[i]
        for v, i in enumerate(outcome.solutions[0])
        if problem.vars[v].slot.direction == "across"
    )
    assert rows == ["A" * WIDTH, MIDDLE, "O" * WIDTH]
