"""A stack searched alone, column by column: exact against brute force (issue 31 item 2)."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill.experiments.stackproof import (
    Automaton,
    rectangle_of,
    search_rectangle,
    stack_groups,
)
from puzzlewright.crossword.fill.problem import build_problem
from puzzlewright.crossword.fill.search import Search
from puzzlewright.stopping import StopSignal
from test_fill_stacks import MIDDLE, WIDTH, stack_words

Letters = tuple[int, ...]


def words_of(length: int) -> st.SearchStrategy[set[Letters]]:
    """Sets of words of ``length`` letters over a three-letter alphabet (many overlaps)."""
    word = st.tuples(*[st.integers(0, 2)] * length)
    return st.sets(word, min_size=1, max_size=12)


def brute_force(rows: list[set[Letters]], columns: list[set[Letters]]) -> bool:
    """Whether some choice of one word per row reads a string of its set in every column."""
    return any(
        all(tuple(word[c] for word in choice) in strings for c, strings in enumerate(columns))
        for choice in product(*rows)
    )


def accepts(automaton: Automaton, word: Letters) -> bool:
    state = automaton.start
    for letter in word:
        if state < 0 or letter not in automaton.moves[state]:
            return False
        state = automaton.moves[state][letter]
    return state == 0


@settings(max_examples=300, deadline=None)
@given(
    st.integers(2, 3).flatmap(
        lambda k: st.tuples(
            st.lists(words_of(4), min_size=k, max_size=k),
            st.lists(words_of(k), min_size=4, max_size=4),
        )
    ),
    st.sampled_from(["left", "right", "checked"]),
)
def test_the_column_search_agrees_with_brute_force(
    case: tuple[list[set[Letters]], list[set[Letters]]], direction: str
) -> None:
    rows, columns = case
    reverse, checked = direction == "right", direction == "checked"
    outcome = search_rectangle(rows, columns, reverse=reverse, checked=checked)
    assert outcome.status == ("found" if brute_force(rows, columns) else "exhausted")
    if outcome.rows is not None:
        assert all(word in words for word, words in zip(outcome.rows, rows, strict=True))
        for c, strings in enumerate(columns):
            assert tuple(word[c] for word in outcome.rows) in strings


@settings(max_examples=100, deadline=None)
@given(words_of(5), st.lists(st.tuples(*[st.integers(0, 2)] * 5), max_size=8))
def test_the_automaton_accepts_exactly_its_words(words: set[Letters], other: list[Letters]) -> None:
    automaton = Automaton(words)
    assert all(accepts(automaton, word) for word in words)
    assert not any(accepts(automaton, word) for word in other if word not in words)
    # minimal: two words that differ only in their first letter share every later state
    assert len(Automaton([(0, 1, 2), (1, 1, 2)]).moves) == 4


def stack_outcome(fits: bool) -> tuple[str, list[str]]:
    """The synthetic 3x12 stack of test_fill_stacks searched column by column."""
    words = stack_words(fits=fits)
    grid = Grid.parse("\n".join(["." * WIDTH] * 3))
    search = Search(build_problem(grid, words, None, None), stop=StopSignal())
    assert search.stacks is not None
    (rows,) = stack_groups(search.stacks.mates)
    dom = [var.domain for var in search.problem.vars]  # not narrowed: the search must see it
    rectangle = rectangle_of(search.problem, rows, dom)
    assert rectangle is not None
    outcome = search_rectangle(*rectangle)
    assert search_rectangle(*rectangle, checked=True).rows == outcome.rows
    letters = words.alphabet.letters
    return outcome.status, ["".join(letters[c] for c in row) for row in outcome.rows or []]


def test_a_stack_that_fits_is_found() -> None:
    assert stack_outcome(fits=True) == ("found", ["A" * WIDTH, MIDDLE, "O" * WIDTH])


def test_a_stack_no_row_fits_is_exhausted() -> None:
    assert stack_outcome(fits=False) == ("exhausted", [])
