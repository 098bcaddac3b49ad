"""Theme entries: symmetric block patterns built around entries to keep (crossword/theme.py)
and ``crossword pattern --theme/--theme-lengths``."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.cli import cli
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.pattern import PatternSpec, generate_patterns
from puzzlewright.crossword.theme import ThemedSpec, ThemeEntry, place_lengths
from puzzlewright.errors import PuzzleInputError
from test_pattern import problems


def is_symmetric(grid: Grid, symmetry: str) -> bool:
    h, w = grid.height, grid.width
    for r, c in [(r, c) for r in range(h) for c in range(w)]:
        image = {"rotational": (h - 1 - r, w - 1 - c), "mirror": (r, w - 1 - c)}[symmetry]
        if (grid.cells[r][c] is None) != (grid.cells[image[0]][image[1]] is None):
            return False
    return True


def slot_at(grid: Grid, entry: ThemeEntry) -> str | None:
    """The word of the grid's entry that is exactly ``entry``'s cells, else None."""
    for slot in grid.slots():
        if slot.direction == entry.direction and list(slot.cells) == entry.cells():
            return "".join(grid.cells[r][c] or "?" for r, c in slot.cells)
    return None


def test_explicit_entries_are_kept_whole_with_their_letters() -> None:
    base = PatternSpec(15, 15)
    entries = (
        ThemeEntry(7, 0, "across", "CROSSWORDPUZZLE"),
        ThemeEntry(0, 3, "down", "STIT"),
        ThemeEntry(1, 9, "down", "OLIVE"),
    )
    run = generate_patterns(ThemedSpec(base, entries), 3, seed=5)
    assert run.status == "found"
    for grid in run.patterns:
        assert problems(grid, base) == []
        assert is_symmetric(grid, "rotational")
        assert [slot_at(grid, e) for e in entries] == ["CROSSWORDPUZZLE", "STIT", "OLIVE"]


@pytest.mark.parametrize(
    ("lengths", "rows"),
    [([15, 11, 11], [3, 7, 11]), ([13, 13, 9, 9], [2, 5, 9, 12]), ([10, 10], [4, 10])],
)
def test_lengths_are_placed_in_mirrored_rows(lengths: list[int], rows: list[int]) -> None:
    base = PatternSpec(15, 15)
    entries = place_lengths(base, lengths)
    assert sorted(e.row for e in entries) == rows
    assert sorted(e.size for e in entries) == sorted(lengths)
    [grid] = generate_patterns(ThemedSpec(base, entries), seed=2).patterns
    assert problems(grid, base) == [] and is_symmetric(grid, "rotational")
    assert all(slot_at(grid, e) == "?" * e.size for e in entries)


def test_mirror_symmetry_centres_each_entry() -> None:
    base = PatternSpec(15, 15, symmetry="mirror")
    entries = place_lengths(base, [11, 9, 13])
    assert all(e.col == (15 - e.size) // 2 for e in entries)
    [grid] = generate_patterns(ThemedSpec(base, entries), seed=1).patterns
    assert problems(grid, base) == [] and is_symmetric(grid, "mirror")
    with pytest.raises(PuzzleInputError, match="even number"):
        place_lengths(base, [10])


@pytest.mark.parametrize(
    ("entries", "lengths", "message"),
    [
        ((ThemeEntry(7, 1, "across", "CROSSWORDPUZ"),), None, "both a letter and a block"),
        ((ThemeEntry(7, 0, "across", "CAT"), ThemeEntry(7, 0, "down", "DOG")), None, "clash"),
        ((ThemeEntry(12, 0, "down", "LONGER"),), None, "runs off"),
        ((ThemeEntry(0, 0, "across", "AB"),), None, "shorter than the minimum"),
        ((), [15, 12, 11], "no partner"),
        ((), [16], "does not fit"),
    ],
)
def test_impossible_requests_get_one_line(
    entries: tuple[ThemeEntry, ...], lengths: list[int] | None, message: str
) -> None:
    base = PatternSpec(15, 15)
    with pytest.raises(PuzzleInputError, match=message):
        ThemedSpec(base, entries + place_lengths(base, lengths or [])).validate()


@settings(max_examples=examples(25), deadline=None)
@given(
    row=st.integers(0, 14),
    col=st.integers(0, 12),
    length=st.integers(3, 15),
    seed=st.integers(0, 2**16),
)
def test_any_entry_that_validates_gives_legal_symmetric_patterns(
    row: int, col: int, length: int, seed: int
) -> None:
    base = PatternSpec(15, 15)
    entry = ThemeEntry(row, col, "across", length=length)
    spec = ThemedSpec(base, (entry,))
    try:
        spec.validate()
    except PuzzleInputError:
        return
    for grid in generate_patterns(spec, seed=seed).patterns:
        assert problems(grid, base) == [] and is_symmetric(grid, "rotational")
        assert slot_at(grid, entry) == "?" * length


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["crossword", "pattern", *args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_theme_and_lengths_fillable(tmp_path: object) -> None:
    code, stdout, stderr = run(
        "--theme", "8,1,A,crosswordpuzzle", "--theme-lengths", "11,11", "--fillable",
        "--seed", "1", "--json",
    )  # fmt: skip
    assert code == 0, stderr
    import json

    [pattern] = json.loads(stdout)["patterns"]
    assert pattern["rows"][7] == "CROSSWORDPUZZLE" and pattern["fill"][7] == "CROSSWORDPUZZLE"
    assert "." not in "".join(pattern["fill"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--theme", "8,1,X,WORD"], "write ROW,COL,A|D,ANSWER"),
        (["--theme", "0,1,A,WORD"], "count from 1"),
        (["--theme-lengths", "15,x"], "write lengths as 15,11,11"),
        (["--theme", "8,1,A,CROSSWORDPUZ"], "both a letter and a block"),
        (["--theme-lengths", "15", "--barred"], "not barred"),
    ],
)
def test_cli_bad_theme_is_one_error_line(args: list[str], message: str) -> None:
    code, stdout, stderr = run(*args)
    assert code == 2 and stdout == ""
    assert stderr.startswith("error: ") and message in stderr and stderr.count("\n") == 1
