"""Property tests: random puzzles survive each format exactly, up to what the format drops."""

from __future__ import annotations

import json
import os
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.crossword import Grid, Puzzle
from puzzlewright.crossword.formats import dumps_puzzle, loads_puzzle
from puzzlewright.errors import PuzzleInputError

CELLS = [None, "", "A", "B", "E", "Z", "É", "AB", "XYZ", "QU"]
TEXT = st.text(alphabet="abc XYZ,.!?'\"-~:#éü©()123", max_size=30).map(
    lambda t: " ".join(t.split())
)


@st.composite
def puzzles(draw: st.DrawFn, letters: list[str | None] = CELLS) -> Puzzle:
    """A small random puzzle: blocks, empty cells, letters, rebus, marks, clues."""
    width = draw(st.integers(1, 6))
    height = draw(st.integers(1, 6))
    cells = [[draw(st.sampled_from(letters)) for _ in range(width)] for _ in range(height)]
    grid = Grid(cells)
    blocks = [(r, c) for r in range(height) for c in range(width) if cells[r][c] is None]
    opens = list(grid.positions())
    subset = st.sets(st.sampled_from(opens)) if opens else st.just(set())
    return Puzzle(
        grid,
        title=draw(TEXT),
        author=draw(TEXT),
        copyright=draw(TEXT),
        notes=draw(TEXT),
        clues={slot.key: text for slot in grid.slots() if (text := draw(TEXT))},
        circles=draw(subset),
        shaded=draw(subset),
        voids=draw(st.sets(st.sampled_from(blocks))) if blocks else set(),
    )


def round_trip(puzzle: Puzzle, fmt: str) -> tuple[Puzzle, list[str]]:
    data, warnings = dumps_puzzle(puzzle, fmt)
    again, _ = dumps_puzzle(loads_puzzle(data, fmt), fmt)
    assert again == data  # writing what was read gives the same file
    return loads_puzzle(data, fmt), warnings


@settings(max_examples=examples(60), deadline=None)
@given(puzzles())
def test_ipuz_is_exact(puzzle: Puzzle) -> None:
    back, warnings = round_trip(puzzle, "ipuz")
    assert warnings == []
    assert back == puzzle


@settings(max_examples=examples(60), deadline=None)
@given(puzzles())
def test_xd_is_exact_but_for_shading_beside_circles_and_marks_on_empty_cells(
    puzzle: Puzzle,
) -> None:
    back, warnings = round_trip(puzzle, "xd")
    marked = puzzle.circles if puzzle.circles else puzzle.shaded
    kept_marks = {(r, c) for r, c in marked if puzzle.grid.cells[r][c]}
    assert back.grid == puzzle.grid
    assert back.voids == puzzle.voids
    assert (back.circles, back.shaded) == (
        (kept_marks, set()) if puzzle.circles else (set(), kept_marks)
    )
    assert back.clues == puzzle.clues
    assert (back.title, back.author, back.copyright, back.notes) == (
        puzzle.title,
        puzzle.author,
        puzzle.copyright,
        puzzle.notes,
    )
    assert bool(warnings) == (bool(puzzle.circles and puzzle.shaded) or kept_marks != marked)


@settings(max_examples=examples(60), deadline=None)
@given(puzzles())
def test_puz_keeps_all_but_shading_and_voids(puzzle: Puzzle) -> None:
    back, _ = round_trip(puzzle, "puz")
    assert back.grid == puzzle.grid
    assert back.circles == puzzle.circles
    assert back.shaded == set() and back.voids == set()
    assert back.clues == puzzle.clues
    assert (back.title, back.author, back.copyright, back.notes) == (
        puzzle.title,
        puzzle.author,
        puzzle.copyright,
        puzzle.notes,
    )


@settings(max_examples=examples(60), deadline=None)
@given(puzzles(letters=[None, "", "Ж", "Я", "ЖЖ", "A"]))
def test_text_keeps_the_grid(puzzle: Puzzle) -> None:
    back, _ = round_trip(puzzle, "text")
    assert back.grid == puzzle.grid


@settings(max_examples=examples(60), deadline=None)
@given(puzzles(letters=[*CELLS, "1", "$", "Ж"]))
def test_jpz_is_exact(puzzle: Puzzle) -> None:
    back, warnings = round_trip(puzzle, "jpz")
    assert warnings == []
    assert back == puzzle


@settings(max_examples=examples(60), deadline=None)
@given(puzzles(letters=[*CELLS, "1", "Ж"]))
def test_across_lite_keeps_grid_clues_and_text(puzzle: Puzzle) -> None:
    back, _ = round_trip(puzzle, "across-lite")
    assert back.grid.cells == puzzle.grid.cells
    # an entry without a clue is written "-" (so a clue that is "-" reads like none)
    assert {k: v for k, v in back.clues.items() if v != "-"} == {
        k: v for k, v in puzzle.clues.items() if v and v != "-"
    }
    assert (back.title, back.author, back.copyright) == (
        puzzle.title,
        puzzle.author,
        puzzle.copyright,
    )


@settings(max_examples=int(os.environ.get("PW_FUZZ_EXAMPLES", examples(150))), deadline=None)
@given(st.data())
def test_jpz_reader_never_crashes_on_mutated_files(data: st.DataObject) -> None:
    """Structure-aware fuzzing: a real JPZ with bytes cut, repeated or replaced.

    A longer run: ``PW_FUZZ_EXAMPLES=5000 .venv/bin/pytest tests/test_formats_properties.py``.
    """
    import contextlib
    from pathlib import Path

    from puzzlewright.errors import PuzzleInputError

    corpus = Path(__file__).parent / "data" / "corpus" / "kotwords"
    name = data.draw(st.sampled_from(["jpz-test.jpz", "jpz-test-barred.jpz", "jpz-gaps.jpz"]))
    raw = bytearray((corpus / name).read_bytes())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        action = data.draw(st.sampled_from(["cut", "dup", "byte", "tag"]))
        if action == "cut":
            del raw[at : at + data.draw(st.integers(1, 40))]
        elif action == "dup":
            raw[at:at] = raw[at : at + data.draw(st.integers(1, 40))]
        elif action == "byte":
            raw[at] = data.draw(st.integers(0, 255))
        else:
            raw[at:at] = data.draw(st.sampled_from([b'<cell x="99" y="1"/>', b"&x;", b"<a>"]))
    with contextlib.suppress(PuzzleInputError):  # a clear refusal is fine; nothing else
        loads_puzzle(bytes(raw), "jpz")


HOSTILE_JSON = {
    "a lone low surrogate": '"\\udc00"',
    "a lone high surrogate": '"x\\ud800y"',
    "a reversed pair": '"\\udc00\\ud800"',
    "an integer past the int-string limit": "9" * 4301,
    "a negative one": "-" + "1" * 5000,
}


@settings(max_examples=examples(60), deadline=None)
@given(puzzles(), st.data())
def test_ipuz_reader_refuses_surrogates_and_huge_integers_anywhere(
    puzzle: Puzzle, data: st.DataObject
) -> None:
    """Any JSON value of a real .ipuz replaced by a lone surrogate or an integer Python cannot
    parse under its int-string limit is a PuzzleInputError, never a UnicodeEncodeError or
    ValueError later (issue 25: the surrogate broke ``convert`` and ``render``)."""
    text, _ = dumps_puzzle(puzzle, "ipuz")
    assert isinstance(text, str)
    json.loads(text)  # valid before the splice
    values = [m.start() for m in re.finditer(r'(?<=: )("[^"\\]*"|-?\d+)', text)]
    at = data.draw(st.sampled_from(values))
    old = re.match(r'"[^"\\]*"|-?\d+', text[at:])
    assert old is not None
    hostile = data.draw(st.sampled_from(sorted(HOSTILE_JSON)))
    spliced = text[:at] + HOSTILE_JSON[hostile] + text[at + old.end() :]
    with pytest.raises(PuzzleInputError):
        loads_puzzle(spliced, "ipuz")
