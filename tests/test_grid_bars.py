"""Bars in the grid model: text syntax, entries that stop at bars, numbering, editing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlewright.crossword.grid import BAR_BELOW, BAR_RIGHT, Grid
from puzzlewright.errors import PuzzleInputError

# A 5x5 barred grid in the Azed/Listener manner: no blocks, bars end the entries.
BARRED = """
.....
.|...|.
._..._.
.....
.|...|.
"""


def keys(grid: Grid) -> dict[str, int]:
    return {slot.key: slot.length for slot in grid.slots()}


def test_bars_end_entries_and_numbering_is_as_published() -> None:
    grid = Grid.parse("....|.\n._...._\n.....")
    assert grid.bars == {(0, 3): BAR_RIGHT, (1, 0): BAR_BELOW, (1, 4): BAR_BELOW}
    # Row 1: a 4-letter entry, then a lone cell (no entry); the bar below (2, 1) ends 1D.
    assert keys(grid) == {
        "1A": 4,
        "1D": 2,
        "2D": 3,
        "3D": 3,
        "4D": 3,
        "5D": 2,
        "6A": 5,
        "7A": 5,
    }
    assert grid.numbering()[(2, 0)] == 7
    assert (0, 4) in grid.unchecked() or keys(grid)["5D"] == 2


def test_round_trip_and_equality() -> None:
    grid = Grid.parse(BARRED)
    assert Grid.parse(grid.to_text()) == grid
    assert grid.to_text().splitlines()[1] == ".|...|."
    copy = grid.copy()
    copy.set_bar(0, 0, BAR_RIGHT)
    assert copy != grid and (0, 0) not in grid.bars


def test_set_bar_recomputes_entries_and_reports_sides() -> None:
    grid = Grid.blank(5, 5)
    assert keys(grid)["1A"] == 5
    grid.set_bar(0, 1, BAR_RIGHT)
    assert keys(grid)["1A"] == 2 and grid.bar_between((0, 2), (0, 1))
    assert grid.bar_sides(0, 2) == "L" and grid.bar_sides(0, 1) == "R"
    grid.set_bar(1, 2, BAR_BELOW | BAR_RIGHT)
    assert grid.bar_sides(2, 2) == "T" and grid.bar_sides(1, 2) == "RB"
    grid.set_bar(0, 1, BAR_RIGHT, on=False)
    assert keys(grid)["1A"] == 5 and grid.is_barred
    grid.set_bar(1, 2, BAR_BELOW | BAR_RIGHT, on=False)
    assert not grid.is_barred


def test_bad_bars_are_clear_errors() -> None:
    with pytest.raises(PuzzleInputError, match="does not follow a cell"):
        Grid.parse("|..\n...")
    with pytest.raises(PuzzleInputError, match="edge"):
        Grid.parse("...|\n...")
    with pytest.raises(PuzzleInputError, match="edge"):
        Grid.parse("...\n..._")
    with pytest.raises(PuzzleInputError, match="outside"):
        Grid([["", ""]], {(3, 3): BAR_RIGHT})


def test_bars_on_blocked_grids_split_entries() -> None:
    grid = Grid.parse("...#...\n...|#...")
    assert [s.length for s in grid.slots() if s.direction == "across"] == [3, 3, 3, 3]


@given(
    st.integers(3, 7),
    st.integers(3, 7),
    st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(1, 3)), max_size=20),
)
def test_entries_never_cross_a_bar_and_text_round_trips(
    width: int, height: int, raw: set[tuple[int, int, int]]
) -> None:
    grid = Grid.blank(width, height)
    for r, c, sides in raw:
        if r >= height or c >= width:
            continue
        if c == width - 1:
            sides &= ~BAR_RIGHT
        if r == height - 1:
            sides &= ~BAR_BELOW
        if sides:
            grid.set_bar(r, c, sides)
    for slot in grid.slots():
        for a, b in zip(slot.cells, slot.cells[1:], strict=False):
            assert not grid.bar_between(a, b)
        first, last = slot.cells[0], slot.cells[-1]
        dr, dc = (0, 1) if slot.direction == "across" else (1, 0)
        before = (first[0] - dr, first[1] - dc)
        after = (last[0] + dr, last[1] + dc)
        assert not grid.is_open(*before) or grid.bar_between(before, first)
        assert not grid.is_open(*after) or grid.bar_between(last, after)
    assert Grid.parse(grid.to_text()) == grid
