"""Block patterns obey every constructor rule, per an independent checker, over many seeds."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.pattern import (
    PatternSpec,
    PatternStats,
    generate_pattern,
    generate_patterns,
)
from puzzlewright.errors import PuzzleInputError


def runs(line: list[bool]) -> list[int]:
    """Lengths of the white runs in a line of cells (True = block)."""
    out, run = [], 0
    for is_block in [*line, True]:
        if is_block:
            if run:
                out.append(run)
            run = 0
        else:
            run += 1
    return out


def problems(grid: Grid, spec: PatternSpec) -> list[str]:
    """Everything wrong with ``grid`` as a pattern for ``spec``, checked from scratch."""
    h, w = len(grid.cells), len(grid.cells[0])
    blocked = [[cell is None for cell in row] for row in grid.cells]
    found = []
    if (w, h) != (spec.width, spec.height):
        found.append(f"size {w}x{h}")
    lines = [row for row in blocked] + [[blocked[r][c] for r in range(h)] for c in range(w)]
    for line in lines:
        if all(line):
            found.append("a row or column is all blocks")
        for length in runs(line):
            if length == 1 and not spec.allow_unchecked:
                found.append("an unchecked cell")
            elif 1 < length < spec.min_length:
                found.append(f"an entry of {length} letters")
    # every white cell in at least one entry
    for r in range(h):
        for c in range(w):
            if blocked[r][c]:
                continue
            across = any(not blocked[r][cc] for cc in (c - 1, c + 1) if 0 <= cc < w)
            down = any(not blocked[rr][c] for rr in (r - 1, r + 1) if 0 <= rr < h)
            if not (across or down):
                found.append(f"isolated cell {r},{c}")
    white = [(r, c) for r in range(h) for c in range(w) if not blocked[r][c]]
    if white:
        seen = {white[0]}
        queue = deque([white[0]])
        while queue:
            r, c = queue.popleft()
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= rr < h and 0 <= cc < w and not blocked[rr][cc] and (rr, cc) not in seen:
                    seen.add((rr, cc))
                    queue.append((rr, cc))
        if len(seen) != len(white):
            found.append("white cells not connected")
    else:
        found.append("no white cells")
    for r in range(h):
        for c in range(w):
            if spec.symmetry == "rotational":
                image = (h - 1 - r, w - 1 - c)
            elif spec.symmetry == "mirror":
                image = (r, w - 1 - c)
            elif spec.symmetry == "diagonal":
                image = (c, r)
            else:
                image = (r, c)
            if blocked[r][c] != blocked[image[0]][image[1]]:
                found.append(f"{spec.symmetry} symmetry broken at {r},{c}")
    count = sum(map(sum, blocked))
    if spec.blocks is not None and count != spec.blocks:
        found.append(f"{count} blocks, not {spec.blocks}")
    words = sum(length >= 2 for line in lines for length in runs(line))
    if spec.max_words is not None and words > spec.max_words:
        found.append(f"{words} words, more than {spec.max_words}")
    return found


def test_checker_catches_broken_patterns() -> None:
    spec = PatternSpec(5, 5, blocks=2)
    assert problems(Grid.parse("#....\n.....\n.....\n.....\n....#"), spec) == []
    short = Grid.parse("..#..\n.....\n.....\n.....\n..#..")
    assert "an entry of 2 letters" in problems(short, spec)
    assert any(
        "symmetry" in p for p in problems(Grid.parse("#....\n.....\n.....\n.....\n#...."), spec)
    )
    split = Grid.parse("...#.\n...#.\n#####\n.#...\n.#...")
    assert "white cells not connected" in problems(split, PatternSpec(5, 5, symmetry="none"))


@settings(max_examples=examples(60), deadline=None)
@given(
    width=st.integers(3, 17),
    height=st.integers(3, 17),
    symmetry=st.sampled_from(["rotational", "mirror", "none"]),
    min_length=st.integers(2, 4),
    allow_unchecked=st.booleans(),
    extra_words=st.none() | st.integers(0, 30),
    seed=st.integers(0, 10**6),
)
def test_default_patterns_follow_every_rule(
    width: int,
    height: int,
    symmetry: str,
    min_length: int,
    allow_unchecked: bool,
    extra_words: int | None,
    seed: int,
) -> None:
    if min(width, height) < min_length:
        return
    spec = PatternSpec(
        width,
        height,
        symmetry=symmetry,  # type: ignore[arg-type]
        min_length=min_length,
        allow_unchecked=allow_unchecked,
        max_words=None if extra_words is None else width + height + extra_words,
    )
    run = generate_patterns(spec, 1, seed=seed)
    assert run.patterns, run
    assert problems(run.patterns[0], spec) == []


@settings(max_examples=examples(40), deadline=None)
@given(
    size=st.integers(9, 15),
    symmetry=st.sampled_from(["rotational", "mirror", "diagonal", "none"]),
    density=st.floats(0.08, 0.2),
    seed=st.integers(0, 10**6),
)
def test_exact_block_counts(size: int, symmetry: str, density: float, seed: int) -> None:
    spec0 = PatternSpec(size, size, symmetry=symmetry)  # type: ignore[arg-type]
    blocks = round(size * size * density)
    if blocks % 2 and spec0.singletons() == 0:
        blocks += 1
    spec = PatternSpec(size, size, blocks=blocks, symmetry=symmetry)  # type: ignore[arg-type]
    run = generate_patterns(spec, 1, seed=seed)
    assert run.patterns, (spec, run)
    assert problems(run.patterns[0], spec) == []


@pytest.mark.parametrize(
    ("width", "height", "blocks", "symmetry"),
    [
        (15, 15, 38, "rotational"),
        (15, 15, 36, "mirror"),
        (21, 21, 72, "rotational"),
        (13, 9, 16, "rotational"),
        (15, 15, 39, "diagonal"),
        (11, 11, 21, "none"),
    ],
)
def test_several_seeds_and_sizes(width: int, height: int, blocks: int, symmetry: str) -> None:
    spec = PatternSpec(width, height, blocks=blocks, symmetry=symmetry)  # type: ignore[arg-type]
    run = generate_patterns(spec, 5, seed=7)
    assert run.status == "found" and len(run.patterns) == 5
    assert len({grid.to_text() for grid in run.patterns}) == 5
    for grid in run.patterns:
        assert problems(grid, spec) == []


def test_max_words_caps_the_usual_density() -> None:
    spec = PatternSpec(15, 15, max_words=72)
    grids = generate_patterns(spec, 5, seed=3).patterns
    for grid in grids:
        assert problems(grid, spec) == []
        assert PatternStats.of(grid).blocks <= spec.default_blocks()
    assert max(PatternStats.of(grid).words for grid in grids) == 72
    roomy = PatternSpec(15, 15, max_words=200)
    for grid in generate_patterns(roomy, 3, seed=3).patterns:
        assert PatternStats.of(grid).blocks == roomy.default_blocks()


def test_blocks_and_max_words_together() -> None:
    spec = PatternSpec(15, 15, blocks=34, max_words=74)
    run = generate_patterns(spec, 2, seed=1)
    assert run.patterns
    for grid in run.patterns:
        assert problems(grid, spec) == []


def test_unchecked_cells_only_when_allowed() -> None:
    spec = PatternSpec(13, 13, blocks=40, allow_unchecked=True)
    grids = generate_patterns(spec, 3, seed=5).patterns
    assert grids and all(problems(g, spec) == [] for g in grids)
    assert any(PatternStats.of(g).unchecked for g in grids)
    strict = PatternSpec(13, 13, blocks=28)
    for grid in generate_patterns(strict, 3, seed=5).patterns:
        assert PatternStats.of(grid).unchecked == 0


def test_same_seed_same_patterns_other_seed_other_patterns() -> None:
    spec = PatternSpec(15, 15, blocks=38)
    first = [g.to_text() for g in generate_patterns(spec, 3, seed=11).patterns]
    again = [g.to_text() for g in generate_patterns(spec, 3, seed=11).patterns]
    other = [g.to_text() for g in generate_patterns(spec, 3, seed=12).patterns]
    assert first == again
    assert first != other


def test_odd_block_count_uses_the_centre() -> None:
    spec = PatternSpec(15, 15, blocks=37)
    grid = generate_patterns(spec, 1, seed=0).patterns[0]
    assert grid.cells[7][7] is None and problems(grid, spec) == []


def test_spread_out_blocks() -> None:
    """Default 15x15 patterns rarely hold 2x2 squares of blocks."""
    spec = PatternSpec(15, 15)
    squares = 0
    for grid in generate_patterns(spec, 10, seed=2).patterns:
        cells = grid.cells
        squares += sum(
            cells[r][c] is None is cells[r + 1][c] is cells[r][c + 1] is cells[r + 1][c + 1]
            for r in range(14)
            for c in range(14)
        )
    assert squares <= 2


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (PatternSpec(15, 13, symmetry="diagonal"), "diagonal symmetry needs a square grid"),
        (PatternSpec(14, 14, blocks=37), "must be even"),
        (PatternSpec(15, 14, blocks=31), "must be even"),
        (PatternSpec(0, 5), "impossible grid size 0x5"),
        (PatternSpec(2, 9), "cannot hold entries"),
        (PatternSpec(15, 15, blocks=-1), "must not be negative"),
        (PatternSpec(15, 15, blocks=223), "leave no room"),
        (PatternSpec(15, 15, max_words=20), "at least 30 entries"),
        (PatternSpec(15, 15, min_length=1), "at least 2"),
        (PatternSpec(15, 15, symmetry="spiral"), "unknown symmetry"),  # type: ignore[arg-type]
    ],
)
def test_impossible_requests_are_rejected(spec: PatternSpec, message: str) -> None:
    with pytest.raises(PuzzleInputError, match=message):
        generate_patterns(spec)


def test_unreachable_counts_give_no_pattern_not_a_wrong_one() -> None:
    spec = PatternSpec(5, 5, blocks=9)
    run = generate_patterns(spec, 1, seed=0, attempts=30)
    assert run.status == "none" and run.patterns == []


def test_accept_filters_patterns() -> None:
    spec = PatternSpec(9, 9, blocks=10)
    run = generate_patterns(spec, 3, seed=4, accept=lambda g: g.cells[0][0] is not None)
    assert len(run.patterns) == 3
    assert all(g.cells[0][0] is not None for g in run.patterns)
    assert run.rejected > 0


def test_one_attempt_is_reproducible() -> None:
    import random

    spec = PatternSpec(11, 11, blocks=20)
    a = generate_pattern(spec, random.Random(5))
    b = generate_pattern(spec, random.Random(5))
    assert a is not None and b is not None and a.to_text() == b.to_text()
