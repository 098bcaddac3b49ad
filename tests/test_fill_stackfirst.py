"""The stack-first fill: every rectangle enumerated once, each tried with the rest of the
grid under it, struck when it has no fill (issue 31 item 2, round 6)."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill.experiments.stackfirst import stack_first
from puzzlewright.crossword.fill.experiments.stackproof import Rectangles, rows_of, search_rectangle
from puzzlewright.crossword.fill.problem import build_problem
from puzzlewright.crossword.fill.search import Search
from puzzlewright.lexicon import Alphabet, WordList
from puzzlewright.stopping import StopSignal
from test_fill_stackproof import Letters, words_of
from test_fill_stacks import MIDDLE, WIDTH, stack_words


def every_rectangle(rows: list[set[Letters]], columns: list[set[Letters]]) -> list[list[Letters]]:
    """Brute force: each choice of one word per row that reads a string in every column."""
    return [
        list(choice)
        for choice in product(*(sorted(words) for words in rows))
        if all(tuple(word[c] for word in choice) in strings for c, strings in enumerate(columns))
    ]


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 3).flatmap(
        lambda k: st.tuples(
            st.lists(words_of(4), min_size=k, max_size=k),
            st.lists(words_of(k), min_size=4, max_size=4),
        )
    ),
    st.integers(1, 6),
)
def test_the_enumeration_gives_every_rectangle_once(
    case: tuple[list[set[Letters]], list[set[Letters]]], allowance: int
) -> None:
    """Taken one per first-column string in turn, paused after ``allowance`` columns:
    the rectangles are brute force's, each once, and every walk ends spent."""
    rows, columns = case
    rectangles = Rectangles(rows, columns, lambda: False)
    found: list[list[Letters]] = []
    while live := [k for k in range(len(rectangles.walks)) if not rectangles.spent(k)]:
        for k in live:
            placed = rectangles.next_from(k, allowance)
            if placed is not None:
                found.append(rows_of(placed))
    assert sorted(found) == sorted(every_rectangle(rows, columns))


def search_of(grid: Grid, words: WordList) -> Search:
    return Search(build_problem(grid, words, None, None), stop=StopSignal())


def stack_grid() -> Grid:
    return Grid.parse("\n".join(["." * WIDTH] * 3))


def test_the_stack_is_filled_first() -> None:
    search = search_of(stack_grid(), stack_words())
    first = stack_first(search, 1)
    assert first is not None
    outcome, tally = first
    assert outcome.status == "filled" and tally.tried == 1
    rows = [search.tables[v].words[outcome.solutions[0][v]] for v in sorted(search.stacks.mates)]  # type: ignore[union-attr]
    assert rows == ["A" * WIDTH, MIDDLE, "O" * WIDTH]


def test_a_stack_without_a_rectangle_is_a_proof() -> None:
    """No rectangle at all: the enumeration is spent and the grid proved unfillable."""
    outcome, tally = stack_first(search_of(stack_grid(), stack_words(fits=False)), 1) or (
        None,
        None,
    )
    assert outcome is not None and tally is not None
    assert outcome.status == "unfillable" and tally.enumerated and tally.tried == 0


def repeat_words() -> WordList:
    """:func:`stack_words`' middle row between a first row AAA... or OOO... (95) and a
    third OOO... or QQQ... (90), the downs A?O, A?Q and O?O: three rectangles, the
    best-scored OOO.../CDEF.../OOO... repeats a word (no fill holds it; arc consistency at
    the root keeps it, no row being decided), the next AAA.../CDEF.../OOO... (195 against
    A/CDEF/Q's 190)."""
    rows = [("O" * WIDTH, 95), ("Q" * WIDTH, 90), (MIDDLE, 50), ("A" * WIDTH, 50)]
    ends = ("AO", "AQ", "OO")
    downs = [(top + middle + end, 50) for top, end in ends for middle in MIDDLE]
    return WordList(rows + downs, Alphabet.latin(), "repeat")


def test_a_rectangle_without_a_fill_around_it_is_struck() -> None:
    """The best-scored rectangle is tried first and struck; the next one fills."""
    search = search_of(stack_grid(), repeat_words())
    outcome, tally = stack_first(search, 1) or (None, None)
    assert outcome is not None and tally is not None
    assert outcome.status == "filled" and tally.tried == 2 and tally.struck == 1
    rows = [search.tables[v].words[outcome.solutions[0][v]] for v in sorted(search.stacks.mates)]  # type: ignore[union-attr]
    assert rows == ["A" * WIDTH, MIDDLE, "O" * WIDTH]


def test_only_a_single_fill_of_a_stack_of_long_rows() -> None:
    """Several fills, and a corner block (rows shorter than a stack's) keep the usual
    search."""
    assert stack_first(search_of(stack_grid(), stack_words()), 2) is None
    corner = Grid.parse("\n".join(["." * 9] * 3))
    words = WordList([("A" * 9, 50), ("B" * 9, 50), ("C" * 9, 50), ("ABC", 50)], Alphabet.latin())
    search = search_of(corner, words)
    assert search.stacks is not None  # a corner block, for the look-ahead
    assert stack_first(search, 1) is None


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 4).flatmap(
        lambda k: st.tuples(
            st.lists(words_of(4), min_size=k, max_size=k),
            st.lists(words_of(k), min_size=4, max_size=4),
        )
    ),
    st.integers(1, 4),
    st.booleans(),
    st.booleans(),
)
def test_the_shares_of_the_column_search_add_up_to_the_whole(
    case: tuple[list[set[Letters]], list[set[Letters]]], n: int, reverse: bool, pruned: bool
) -> None:
    """A cluster job's shares, with or without the check of the rows but one (which must
    never cut a rectangle): some share finds a rectangle exactly when one exists, each
    found one fits, and the shares' first columns add up to the whole first column."""
    rows, columns = case
    outcomes = [
        search_rectangle(rows, columns, reverse=reverse, part=(k, n), pruned=pruned)
        for k in range(n)
    ]
    assert any(o.status == "found" for o in outcomes) == bool(every_rectangle(rows, columns))
    for outcome in outcomes:
        assert outcome.rows is None or outcome.rows in every_rectangle(rows, columns)
    whole = search_rectangle(rows, columns, reverse=reverse, pruned=pruned)
    assert all(o.status != "timeout" for o in outcomes)
    if whole.status == "exhausted":
        assert sum(o.first[1] for o in outcomes) == whole.first[1]
