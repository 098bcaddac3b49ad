"""The double-word-square search (crossword/fill/squares.py) against brute force and the
general filler: the same fills, proofs, determinism, shares of a split search, stopping."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.cli import cli
from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, FillResult, fill_grid
from puzzlewright.crossword.fill.portfolio import fill_portfolio
from puzzlewright.crossword.fill.problem import build_problem
from puzzlewright.crossword.fill.quality import score_tiers
from puzzlewright.crossword.fill.run import candidate_scores
from puzzlewright.crossword.fill.squares import ROOT, SquareSearch, applies
from puzzlewright.lexicon import Alphabet, WordList, builtin_english, load_wordlist
from puzzlewright.stopping import StopSignal
from test_fill import tiny_list

EVERY = 100_000
"""A count above the number of fills of any grid here: ask for all of them."""

Rows = tuple[str, ...]


def fill_set(result: FillResult) -> set[Rows]:
    return {tuple(grid.rows_text()) for grid in result.fills}


def brute_force(
    pattern: list[str], words: dict[str, int], min_score: int | None = None
) -> set[Rows]:
    """Every fill of an open rectangle by trying every tuple of row words: columns words
    too, fixed letters kept, scores at least ``min_score``, no word twice."""
    height, width = len(pattern), len(pattern[0])
    allowed = {w for w, s in words.items() if min_score is None or s >= min_score}
    across = sorted(w for w in allowed if len(w) == width)
    found = set()
    for rows in itertools.product(across, repeat=height):
        cols = ["".join(row[j] for row in rows) for j in range(width)]
        if not all(col in allowed for col in cols) or len({*rows, *cols}) < height + width:
            continue
        if all(
            p in ".?" or p == ch
            for row, line in zip(rows, pattern, strict=True)
            for p, ch in zip(line, row, strict=True)
        ):
            found.add(tuple(rows))
    return found


def general_fills(grid: Grid, words: WordList, min_score: int | None = None) -> set[Rows]:
    """All fills by the general slot filler (a whole-grid region keeps it off the square
    search)."""
    corner = ((0, 0), (grid.height - 1, grid.width - 1))
    result = fill_grid(grid, words, min_score=min_score, count=EVERY, region=corner)
    assert result.status in ("filled", "unfillable")
    return fill_set(result)


WORDS3 = "CAT ORE DYE COD ARY TEE ACE TAR ERE DOT OAR ATE TOE RAT EAR ETA TEA ROT".split()


def test_the_square_search_takes_open_rectangles_only() -> None:
    words = tiny_list([*WORDS3, "CAB", "AA", "BB", "AB"])
    assert applies(build_problem(Grid.parse("...\n...\n..."), words), None, None)
    assert applies(build_problem(Grid.parse("C..\n...\n..."), words), None, None)
    for text in ("...\n.#.\n...", "CAT\n...\n...", "..|.\n...\n..."):
        assert not applies(build_problem(Grid.parse(text), words), None, None)
    assert not applies(build_problem(Grid.parse("...\n...\n..."), words), None, 2)
    corner = ((0, 0), (1, 1))
    assert not applies(
        build_problem(Grid.parse("...\n...\n..."), words, None, corner), corner, None
    )


def test_every_fill_of_a_3x3_agrees_with_the_general_filler_and_brute_force() -> None:
    words = tiny_list(WORDS3)
    grid = Grid.parse("...\n...\n...")
    squares = fill_grid(grid, words, count=EVERY)
    assert squares.status == "filled"
    expected = brute_force(["..."] * 3, dict.fromkeys(WORDS3, 50))
    assert fill_set(squares) == expected == general_fills(grid, words)
    for rows in expected:  # a double word square read down is one too
        assert tuple("".join(col) for col in zip(*rows, strict=True)) in expected


def test_a_rectangle_with_a_fixed_letter_agrees_with_the_general_filler() -> None:
    words = tiny_list(WORDS3 + "TO AT OR RE DO ED TE EA AR".split())
    for text in (
        "...\n...",
        "..\n..\n..",
        "T..\n...",
        "C..\n...\n...",
        "C..\n..T\n...",
        ".A.\nA..\n...",
    ):
        grid = Grid.parse(text)
        lines = text.splitlines()
        expected = brute_force(
            lines, dict.fromkeys(WORDS3 + "TO AT OR RE DO ED TE EA AR".split(), 50)
        )
        assert fill_set(fill_grid(grid, words, count=EVERY)) == expected
        assert general_fills(grid, words) == expected


@pytest.mark.parametrize(("text", "min_score"), [("...\n...\n...", 50), ("....\n....\n....", 50)])
def test_the_built_in_list_gives_the_general_filler_s_fills(text: str, min_score: int) -> None:
    words = builtin_english()
    grid = Grid.parse(text)
    squares = fill_set(fill_grid(grid, words, min_score=min_score, count=EVERY))
    assert squares and squares == general_fills(grid, words, min_score)


def test_no_fill_is_a_proof_like_the_general_filler() -> None:
    words = tiny_list(["CAT", "DOG", "EMU", "COD", "ATE", "TOG", "APE", "OAT"])
    result = fill_grid(Grid.parse("...\n...\n..."), words, stop=StopSignal(30))
    assert result.status == "unfillable" and result.stop_reason is None
    assert general_fills(Grid.parse("...\n...\n..."), words) == set()


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.text("ABE", min_size=2, max_size=3), min_size=1, max_size=22, unique=True),
    st.lists(st.integers(0, 50), min_size=22, max_size=22),
    st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3)]),
    st.sampled_from([None, 30]),
    st.integers(0, 3),
)
def test_random_tiny_lists_agree_with_brute_force(
    chosen: list[str],
    scores: list[int],
    size: tuple[int, int],
    min_score: int | None,
    seed: int,
) -> None:
    height, width = size
    table = dict(zip(chosen, scores[: len(chosen)], strict=True))
    words = WordList(table.items(), Alphabet.latin(), "random")
    grid = Grid.parse("\n".join(["." * width] * height))
    result = fill_grid(grid, words, min_score=min_score, count=EVERY, seed=seed)
    expected = brute_force(["." * width] * height, table, min_score)
    assert fill_set(result) == expected
    assert result.status == ("filled" if expected else "unfillable")


def test_shares_of_a_split_search_are_disjoint_and_cover_it() -> None:
    words = builtin_english()
    grid = Grid.parse("...\n...\n...")
    whole = fill_set(fill_grid(grid, words, min_score=45, count=EVERY))
    assert len(whole) > 10
    shares = [
        fill_set(fill_grid(grid, words, min_score=45, count=EVERY, part=(k, 3))) for k in range(3)
    ]
    assert set().union(*shares) == whole
    assert sum(len(share) for share in shares) == len(whole)


def test_same_seed_same_fill_and_seeds_are_honoured() -> None:
    words = builtin_english()
    grid = Grid.parse("....\n....\n....\n....")
    first = fill_grid(grid, words, seed=4)
    again = fill_grid(grid, words, seed=4)
    assert first.status == "filled" and first.grid.rows_text() == again.grid.rows_text()
    answers = [entry.answer for entry in first.entries]
    assert len(set(answers)) == 8 and all(answer in words for answer in answers)


def test_a_stop_returns_the_deepest_partial_fill() -> None:
    words = builtin_english()
    stop = StopSignal()
    stop.interrupted = True
    result = fill_grid(Grid.parse("\n".join(["......."] * 7)), words, stop=stop)
    assert result.status == "timeout" and result.stop_reason == "interrupted"
    assert not result.fills


def test_two_processes_split_a_proof_and_agree_on_fills() -> None:
    words = tiny_list(["CAT", "DOG", "EMU", "COD", "ATE", "TOG", "APE", "OAT"])
    proof = fill_portfolio(FillRequest(Grid.parse("...\n...\n...")), words, jobs=2)
    assert proof.status == "unfillable" and proof.fills == []
    english = builtin_english()
    grid = Grid.parse("....\n....\n....\n....")
    result = fill_portfolio(FillRequest(grid, seed=1), english, jobs=2)
    again = fill_portfolio(FillRequest(grid, seed=1), english, jobs=2)
    assert result.status == "filled" and result.grid.rows_text() == again.grid.rows_text()


def test_cli_open_square_with_stwl_and_a_timeout(stwl_path: Path, tmp_path: Path) -> None:
    grid = tmp_path / "open7.txt"
    grid.write_text("\n".join(["......."] * 7) + "\n")
    runner = CliRunner()
    common = ["crossword", "fill", str(grid), "--words", str(stwl_path), "--json"]
    done = runner.invoke(cli, [*common, "--min-score", "50", "--timeout", "1"])
    assert done.exit_code == 1, done.output
    document = json.loads(done.output)
    assert document["status"] == "timeout" and document["stop_reason"] == "timeout"
    five = tmp_path / "open5.txt"
    five.write_text("\n".join(["....."] * 5) + "\n")
    done = runner.invoke(cli, [*common[:2], str(five), *common[3:], "--min-score", "50"])
    assert done.exit_code == 0, done.output
    rows = json.loads(done.output)["grid"]
    columns = ["".join(col) for col in zip(*rows, strict=True)]
    assert len(set(rows + columns)) == 10


@pytest.mark.parametrize("text", ["QZ\n..", "..\n.."])
def test_impossible_letters_are_proved_quickly(text: str) -> None:
    words = tiny_list(["QA", "AZ", "QZ", "ZZ"])
    result = fill_grid(Grid.parse(text), words, count=EVERY)
    expected = brute_force(text.splitlines(), dict.fromkeys(["QA", "AZ", "QZ", "ZZ"], 50))
    assert fill_set(result) == expected


def test_a_time_limit_on_two_processes_says_timeout(stwl_path: Path) -> None:
    words, _ = load_wordlist([stwl_path], min_score=50)
    grid = Grid.parse("\n".join(["......."] * 7))
    result = fill_portfolio(FillRequest(grid, min_score=50), words, jobs=2, stop=StopSignal(2.0))
    assert result.status == "timeout" and result.stop_reason == "timeout"
    assert any("." not in row for row in result.grid.rows_text())  # a partial fill


LETTER_SETS = st.one_of(  # every letter (whole subtrees), or any other set
    st.just(frozenset(range(26))), st.frozensets(st.integers(0, 25), min_size=1)
)


@settings(max_examples=80, deadline=None)
@given(
    st.text("ACDEMNORST", max_size=3),
    st.lists(LETTER_SETS, min_size=5, max_size=5),
    st.integers(2, 40),
    st.sampled_from([None, 0, 3, 40]),
)
def test_lazy_trie_walks_match_a_scan_of_the_list(
    prefix: str, letter_sets: list[frozenset[int]], spacing: int, limit: int | None
) -> None:
    """The lazily made trie (node masks, sizes, small subtrees scanned, allowed ones taken
    whole) lists exactly the words a plain scan of the built-in 5-letter list finds."""
    problem = build_problem(Grid.parse("\n".join(["....."] * 5)), builtin_english(), 40)
    search = SquareSearch(problem, stop=StopSignal())
    trie, table = search.rows, search.row_table
    node = ROOT
    for letter in prefix:
        node = trie.children(node).get(table.code[letter], -1)
        if node < 0:
            return  # no word starts so: nothing to compare
    below = [i for i in range(table.count) if table.words[i].startswith(prefix)]
    assert trie.size[node] == len(below) and sorted(trie.below(node)) == below
    for p in range(len(prefix), 5):
        letters = {table.code[table.words[i][p]] for i in below}
        assert trie.at[node][p] == sum(1 << code for code in letters)
    allows = [sum(1 << code for code in chosen) for chosen in letter_sets[len(prefix) :]]
    used = set(range(0, table.count, spacing))
    expected = [
        i
        for i in sorted(below, key=lambda i: [table.code[ch] for ch in table.words[i]])
        if i not in used
        and all(
            1 << table.code[table.words[i][len(prefix) + k]] & allows[k] for k in range(len(allows))
        )
    ]
    found = search.candidates(trie, node, allows, used, limit)
    if limit is not None and len(expected) > limit:
        assert found is None
    else:
        assert found == expected


def test_a_single_fill_comes_from_the_best_score_tier_that_has_one() -> None:
    """The exhaustive search keeps the first fill it meets; in quality mode it searches the
    best tier of scores alone first, so a 3x3 of the built-in list is all common words
    (before the tiers: THE/WIR/OSE, average 40.5), while a proof still covers every word."""
    words = builtin_english()
    grid = Grid.parse("...\n...\n...")
    floor = score_tiers(candidate_scores(build_problem(grid, words, None, None)))[0]
    assert floor is not None
    best_tier = fill_set(fill_grid(grid, words, min_score=floor, count=EVERY))
    assert best_tier
    for seed in range(3):
        result = fill_grid(grid, words, seed=seed)
        assert result.status == "filled"
        assert tuple(result.fills[0].rows_text()) in best_tier


def test_score_tiers_fall_through_to_every_word_and_still_prove() -> None:
    """A best tier without a fill hands over to the search over every word: it finds the
    fills only the weaker words make, and proves a list without any."""
    top = {"CAT": 50, "DOG": 50, "EMU": 50, "OAT": 50}
    weaker = dict.fromkeys(WORDS3, 20)
    words = WordList({**weaker, **top}.items(), Alphabet.latin(), "tiers")
    grid = Grid.parse("...\n...\n...")
    assert not brute_force(["...", "...", "..."], top)
    every = brute_force(["...", "...", "..."], {**weaker, **top})
    result = fill_grid(grid, words, seed=1)
    assert result.status == "filled" and tuple(result.fills[0].rows_text()) in every
    nothing = WordList(
        [("CAT", 50), ("DOG", 50), ("EMU", 20), ("COD", 20), ("ATE", 10), ("APE", 10)],
        Alphabet.latin(),
        "none",
    )
    proof = fill_grid(grid, nothing)
    assert proof.status == "unfillable" and proof.stop_reason is None
