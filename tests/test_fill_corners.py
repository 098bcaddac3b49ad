"""Blocked corners under long entries as units (issue 31 item 2, round 6): the keys
against brute force, the cut never loses a fill, and it sees a dead corner that arc
consistency does not."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill.experiments.corners import CornerFilter, CornerKeys, find_corners
from puzzlewright.crossword.fill.problem import Problem, build_problem
from puzzlewright.crossword.fill.search import Search
from puzzlewright.lexicon import Alphabet, WordList
from puzzlewright.stopping import StopSignal

# Three rows of 7 over seven columns: five 3-letter downs and two 12-letter downs (columns
# 1 and 5) that run on through unchecked cells below the corner.
CORNER = Grid.parse("\n".join(["......."] * 3 + ["#.###.#"] * 9))
LONG_COLUMNS = (1, 5)
Case = tuple[set[str], set[str], set[str]]


def strings(length: int, most: int) -> st.SearchStrategy[set[str]]:
    """Sets of words of ``length`` letters over A and B (many near misses)."""
    return st.sets(st.text("AB", min_size=length, max_size=length), min_size=1, max_size=most)


cases = st.tuples(strings(7, 8), strings(3, 6), strings(3, 4))


def problem_of(case: Case) -> Problem:
    """The corner grid's problem: rows, short downs, and long downs (each a prefix here
    followed by nine As, so the long entries differ only in the corner)."""
    rows, shorts, prefixes = case
    words = [*rows, *shorts, *(prefix + "A" * 9 for prefix in prefixes)]
    return build_problem(
        CORNER, WordList([(w, 50) for w in words], Alphabet.latin(), "t"), None, None
    )


def brute_keys(case: Case, first: set[str] | None = None) -> tuple[set[str], set[str]]:
    """Every choice of three rows whose columns read a short down or a long prefix: the
    long columns' strings (``first``: the first long column limited to these)."""
    rows, shorts, prefixes = case
    keys: tuple[set[str], set[str]] = (set(), set())
    for choice in product(sorted(rows), repeat=3):
        columns = ["".join(row[c] for row in choice) for c in range(7)]
        allowed = [prefixes if c in LONG_COLUMNS else shorts for c in range(7)]
        if first is not None:
            allowed[LONG_COLUMNS[0]] = first
        if all(text in ok for text, ok in zip(columns, allowed, strict=True)):
            for k, c in enumerate(LONG_COLUMNS):
                keys[k].add(columns[c])
    return keys


def as_text(problem: Problem, keys: set[tuple[int, ...]]) -> set[str]:
    alphabet = problem.words.alphabet
    return {"".join(alphabet.letters[x] for x in key) for key in keys}


def test_the_corner_is_found_and_other_shapes_are_not() -> None:
    problem = problem_of(({"ABABABA"}, {"ABA"}, {"ABA"}))
    (corner,) = find_corners(problem)
    assert [problem.vars[v].slot.key for v in corner.rows] == ["1A", "8A", "9A"]
    assert [problem.vars[corner.columns[k].down].slot.key for k in corner.long] == ["2D", "6D"]
    one_long = Grid.parse("\n".join(["......."] * 3 + ["#.#####"] * 9))
    words = WordList([("ABABABA", 50), ("ABA", 50), ("ABA" + "A" * 9, 50)], Alphabet.latin())
    assert find_corners(build_problem(one_long, words, None, None)) == []


@settings(max_examples=150, deadline=None)
@given(cases)
def test_the_keys_are_those_of_brute_force(case: Case) -> None:
    problem = problem_of(case)
    (corner,) = find_corners(problem)
    keys = CornerKeys(problem, corner, [var.domain for var in problem.vars])
    assert keys.run(limit=10**7)
    expected = brute_keys(case)
    if not expected[0]:  # no rectangle: the first long column says so, the second is not needed
        assert keys.none and not any(keys.keys)
        return
    assert (as_text(problem, keys.keys[0]), as_text(problem, keys.keys[1])) == expected


def search_of(problem: Problem, cut: bool = True, every_node: bool = False) -> Search:
    """The search of ``problem``, with the corners' cut after arc consistency or without."""
    search = Search(problem, stop=StopSignal())
    corners = CornerFilter.of(problem, every_node)
    assert corners is not None
    if cut:
        search.propagate = corners.wrap(search.propagate, search.fail)
    return search


def fills(problem: Problem, cut: bool, every_node: bool = False) -> set[tuple[int, ...]]:
    """Every fill of ``problem``, with the corners' cut or arc consistency alone."""
    search = search_of(problem, cut, every_node)
    found = search.run(count=100_000)
    assert found.status == "unfillable" or len(found.solutions) < 100_000
    return set(found.solutions)


@settings(max_examples=60, deadline=None)
@given(cases)
def test_the_cut_never_loses_a_fill(case: Case) -> None:
    without = fills(problem_of(case), cut=False)
    assert fills(problem_of(case), cut=True) == without
    assert fills(problem_of(case), cut=True, every_node=True) == without


@settings(max_examples=150, deadline=None)
@given(cases)
def test_a_long_entry_decided_under_a_dead_corner_is_a_dead_end(case: Case) -> None:
    """Deciding the first long entry: a conflict exactly when no rectangle takes its key
    (arc consistency alone misses some: two rows that fit each column but not together)."""
    problem = problem_of(case)
    search = search_of(problem)
    root = search.network.root(None)
    if root is None:
        return
    long = find_corners(problem)[0]
    down = long.columns[long.long[0]].down
    table = problem.vars[down].table
    for i in range(table.count):
        if not root.dom[down] >> i & 1:
            continue
        child = root.copy()
        child.dom[down] = 1 << i
        child.why[down] |= 1
        child.level = 1
        dead = not brute_keys(case, {table.words[i][:3]})[0]
        if dead:
            assert search.propagate(child, [down]) is not None
