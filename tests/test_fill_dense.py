"""The dense-grid search (crossword/fill/dense.py): which grids it takes, the same fills and
proofs as the general filler on small grids with blocks at the ends of lines (every
orientation: as given, rows mirrored, columns mirrored), determinism and shares."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, dense, fill_grid
from puzzlewright.crossword.fill.problem import build_problem
from puzzlewright.crossword.fill.shares import prove_square, search_share
from puzzlewright.lexicon import Alphabet, WordList, builtin_english
from puzzlewright.stopping import StopSignal
from test_fill import tiny_list
from test_fill_squares import EVERY, fill_set, general_fills

GRIDS = Path(__file__).resolve().parents[1] / "benchmarks" / "grids"


def bench_grid(name: str) -> Grid:
    return Grid.parse((GRIDS / f"{name}.txt").read_text())


SHAPES = [  # blocks at the ends of lines, in each corner pair, and one-sided
    "#..\n...\n..#",
    "..#\n...\n#..",
    "#...\n....\n...#",
    "...#\n....\n#...",
    "....\n....\n...#",
    "#...\n....\n....",
    "#..\n...\n...\n..#",
    "#..#\n....\n....",
]


@pytest.fixture(autouse=True)
def short_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search takes lines of 6 letters or more; these tests use small grids."""
    monkeypatch.setattr(dense, "MIN_LENGTH", 2)


def uses_dense(grid: Grid, words: WordList) -> bool:
    return dense.applies(build_problem(grid, words), None, None)


def test_the_shape_decides_which_grids_it_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dense, "MIN_LENGTH", 6)
    words = builtin_english()
    for name, takes in [
        ("two7c", True),  # every row and column one entry of 6-7 letters
        ("two7e", False),  # blocks mid-edge: two entries in the top row
        ("one7", False),
        ("mini7", False),
        ("mini5", False),  # lines of 4-5 letters: the general search fills at once
        ("open7", False),  # no blocks: the square search
        ("themed1", False),
    ]:
        grid = bench_grid(name)
        assert uses_dense(grid, words) is takes, name
    corner = ((0, 0), (6, 6))
    grid = bench_grid("two7c")
    assert not dense.applies(build_problem(grid, words, None, corner), corner, None)
    assert not dense.applies(build_problem(grid, words), None, 3)


def test_the_orientation_puts_an_open_cell_top_left() -> None:
    words = tiny_list(["CAT", "ATE", "TEA"])
    for text, mirrors in [
        ("#..\n...\n..#", (True, False)),
        ("..#\n...\n#..", (False, False)),
        ("#..\n...\n#..", (True, False)),
        ("#..#\n....\n....", (False, True)),
        ("#..#\n....\n...#", (False, True)),
    ]:
        shape = dense.lines_of(build_problem(Grid.parse(text), words))
        assert (shape.mirror_rows, shape.mirror_cols) == mirrors, text
        assert shape.fixed[0][0] != 0


WORDS = "CAT ORE DYE COD ARY TEE ACE TAR ERE DOT OAR ATE TOE RAT EAR ETA TEA ROT".split()
WORDS += "AT TO OR RE DO ED TE EA AR OD YE".split()
WORDS += "CART TORE DOTE RATE TEAR ROTE CODA TACO AREA ACRE ORCA".split()


@pytest.mark.parametrize("text", SHAPES)
def test_every_fill_agrees_with_the_general_filler(text: str) -> None:
    words = tiny_list(WORDS)
    grid = Grid.parse(text)
    assert uses_dense(grid, words)
    result = fill_grid(grid, words, count=EVERY)
    expected = general_fills(grid, words)
    assert fill_set(result) == expected
    assert result.status == ("filled" if expected else "unfillable")


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.text("ABE", min_size=2, max_size=4), min_size=1, max_size=30, unique=True),
    st.lists(st.integers(0, 50), min_size=30, max_size=30),
    st.sampled_from(SHAPES),
    st.sampled_from([None, 30]),
    st.integers(0, 3),
)
def test_random_tiny_lists_agree_with_the_general_filler(
    chosen: list[str], scores: list[int], text: str, min_score: int | None, seed: int
) -> None:
    table = dict(zip(chosen, scores[: len(chosen)], strict=True))
    words = WordList(table.items(), Alphabet.latin(), "random")
    grid = Grid.parse(text)
    result = fill_grid(grid, words, min_score=min_score, count=EVERY, seed=seed)
    expected = general_fills(grid, words, min_score)
    assert fill_set(result) == expected
    assert result.status == ("filled" if expected else "unfillable")


def test_same_seed_same_fill_and_the_shares_cover_the_space() -> None:
    words = builtin_english()
    grid = Grid.parse("#....\n.....\n.....\n....#")
    first = fill_grid(grid, words, seed=2, min_score=40)
    again = fill_grid(grid, words, seed=2, min_score=40)
    assert first.status == "filled" and first.grid.rows_text() == again.grid.rows_text()
    answers = [entry.answer for entry in first.entries]
    assert len(set(answers)) == 9 and all(answer in words for answer in answers)
    small = Grid.parse("#..\n...\n..#")
    whole = fill_set(fill_grid(small, words, min_score=45, count=EVERY))
    shares = [
        fill_set(fill_grid(small, words, min_score=45, count=EVERY, part=(k, 3))) for k in range(3)
    ]
    assert len(whole) > 10 and set().union(*shares) == whole
    assert sum(len(share) for share in shares) == len(whole)


def test_no_fill_is_a_proof_and_a_stop_keeps_the_deepest_partial() -> None:
    words = tiny_list(["CAT", "DOG", "EMU", "COD", "ATE", "TOG", "APE", "OAT", "AT", "OG"])
    result = fill_grid(Grid.parse("#..\n...\n..#"), words, stop=StopSignal(30))
    assert result.status == "unfillable" and result.stop_reason is None
    stop = StopSignal()
    stop.interrupted = True
    result = fill_grid(bench_grid("two7c"), builtin_english(), stop=stop)
    assert result.status == "timeout" and result.stop_reason == "interrupted"
    assert any(letter.isalpha() for row in result.grid.rows_text() for letter in row)


def test_a_proof_in_shares_takes_a_dense_grid() -> None:
    """`crossword prove-square`'s shares search a dense grid too: each share is disjoint,
    together they find every fill, and a list without a fill is proved by all of them."""
    words = builtin_english()
    request = FillRequest(Grid.parse("#...\n....\n...#"), min_score=45)
    whole = fill_set(fill_grid(request.grid, words, min_score=45, count=EVERY))
    found = [search_share(request, words, k, 4, split_depth=1) for k in range(4)]
    assert all(share.status in ("filled", "exhausted") for share in found)
    assert {tuple(share.fill) for share in found if share.fill} <= whole
    assert any(share.status == "filled" for share in found) == bool(whole)
    none = tiny_list(["CAT", "DOG", "EMU", "COD", "ATE", "TOG", "APE", "OAT", "AT", "OG"])
    proof = prove_square(FillRequest(Grid.parse("#..\n...\n..#")), none, 3)
    assert proof.status == "unfillable" and len(proof.shares) == 3
