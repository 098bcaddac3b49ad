"""Stacked long entries: the mates found, and the look-ahead of value ordering (issue 26)."""

from __future__ import annotations

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill.problem import build_problem
from puzzlewright.crossword.fill.search import Search
from puzzlewright.crossword.fill.stacks import CORNER_LENGTH, STACK_LENGTH, find_mates
from puzzlewright.lexicon import Alphabet, WordList
from puzzlewright.stopping import StopSignal

WIDTH = STACK_LENGTH


MIDDLE = "CDEFGHIJKLMN"[:WIDTH]


def stack_words(bad_score: int = 90, fits: bool = True) -> WordList:
    """Three rows over twelve three-letter downs. The first row is ``BBB...`` (the best
    score) or ``AAA...``; the middle row is forced (``CDEF...``); under A the downs end in
    O (ACO, ADO, ...), under B in P (BCP, BDP, ...). B and A start as many downs, so
    score and crossing options both prefer B, and arc consistency keeps it (every cell
    of the third row may hold a P: some third-row word has one there); but under B the
    third row needs a P in every column, and no word has that, while OOO... fits A."""
    half = WIDTH // 2
    rows = [("B" * WIDTH, bad_score), ("A" * WIDTH, 50), (MIDDLE, 50)]
    rows += [("O" * WIDTH, 50)] if fits else []
    rows += [("P" * half + "O" * half, 50), ("O" * half + "P" * half, 50)]
    downs = [(top + middle + end, 50) for top, end in ("AO", "BP") for middle in MIDDLE]
    return WordList(rows + downs, Alphabet.latin(), "stack")


def search_of(grid: Grid, words: WordList) -> Search:
    return Search(build_problem(grid, words, None, None), stop=StopSignal())


def test_the_rows_of_a_stack_are_mates_of_each_other() -> None:
    grid = Grid.parse("\n".join(["." * WIDTH] * 3))
    problem = build_problem(grid, stack_words(), None, None)
    mates = find_mates(problem)
    keys = {
        problem.vars[v].slot.key: {problem.vars[m].slot.key for m in ms} for v, ms in mates.items()
    }
    first, second, third = (problem.vars[v].slot.key for v in sorted(mates))
    assert keys == {first: {second, third}, second: {first, third}, third: {first, second}}
    # every column of the stack is shared, with the letters' places in the down
    columns = mates[sorted(mates)[0]][sorted(mates)[2]]
    assert [(c.position, c.at, c.mate_at, c.mate_position) for c in columns] == [
        (k, 0, 2, k) for k in range(WIDTH)
    ]


def test_short_or_lone_entries_have_no_mates() -> None:
    """(Three aligned rows of 9-11 letters are a corner block: test_fill_corner_stacks.py.)"""
    short = Grid.parse("\n".join(["." * (CORNER_LENGTH - 1)] * 3))
    assert find_mates(build_problem(short, stack_words(), None, None)) == {}


def test_two_rows_are_no_stack() -> None:
    """Twin long entries (a Sunday's stacked 13s) keep the plain search: a stack is three
    rows or more."""
    grid = Grid.parse("\n".join(["." * WIDTH] * 2))
    words = WordList([("A" * WIDTH, 50), ("B" * WIDTH, 50), ("AB", 50)], Alphabet.latin())
    assert find_mates(build_problem(grid, words, None, None)) == {}


def test_value_ordering_takes_the_row_its_mates_can_follow() -> None:
    grid = Grid.parse("\n".join(["." * WIDTH] * 3))
    search = search_of(grid, stack_words())
    root = search.network.root()
    assert root is not None
    top = min(v for v in search.stacks.mates) if search.stacks else -1
    words = search.tables[top].words
    node = root.copy()
    assert words[search.value(node, top)] == "A" * WIDTH
    # BBB... leaves the third row no word: struck from the node's candidates, with no
    # decision to blame at the root
    assert [words[i] for i in range(len(words)) if node.dom[top] >> i & 1] == ["A" * WIDTH]
    assert node.size[top] == 1 and node.why[top] == 0
    search.stacks = None  # without the look-ahead: BBB..., the best score and options
    assert words[search.value(root.copy(), top)] == "B" * WIDTH


def test_the_stack_fills_and_a_dead_row_is_never_taken_first() -> None:
    grid = Grid.parse("\n".join(["." * WIDTH] * 3))
    search = search_of(grid, stack_words())
    outcome = search.run()
    assert outcome.status == "filled"
    assert outcome.backtracks == 0  # the B row, which no third row can follow, was never tried
    rows = sorted(
        search.tables[v].words[i]
        for v, i in enumerate(outcome.solutions[0])
        if search.problem.vars[v].slot.direction == "across"
    )
    assert rows == ["A" * WIDTH, MIDDLE, "O" * WIDTH]


def test_a_stack_no_row_fits_is_proved_unfillable() -> None:
    """Without OOO... no first row leaves the third row a word: value ordering keeps one
    candidate and tries it (the dead end to backjump from), and the search proves it."""
    unfillable = stack_words(fits=False)
    grid = Grid.parse("\n".join(["." * WIDTH] * 3))
    search = search_of(grid, unfillable)
    root = search.network.root()
    assert root is not None and search.stacks is not None
    top = min(search.stacks.mates)
    node = root.copy()
    chosen = search.value(node, top)
    assert node.dom[top] == 1 << chosen and node.size[top] == 1
    assert search_of(grid, unfillable).run().status == "unfillable"
