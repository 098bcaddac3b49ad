"""Crossword file formats: text and ipuz reading, writing and round trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlewright.crossword import Grid, Puzzle
from puzzlewright.crossword.formats import (
    dumps_puzzle,
    format_for,
    load_puzzle,
    loads_puzzle,
    save_puzzle,
)
from puzzlewright.errors import PuzzleInputError

GRID = "AB#\nC[DE]F\n.GH\n"


def sample() -> Puzzle:
    """A small puzzle with metadata, clues, a circle, shading and a rebus."""
    return Puzzle(
        Grid.parse(GRID),
        title="Tiny",
        author="A. Setter",
        copyright="© 2024",
        notes="Mind the rebus.",
        clues={"1A": "First two", "1D": "Down one", "3A": "Rebus row"},
        circles={(0, 0)},
        shaded={(1, 1)},
    )


def test_text_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    warnings = save_puzzle(sample(), path)
    assert path.read_text() == GRID
    assert any("title" in w for w in warnings)
    assert any("3 clue(s) dropped" in w for w in warnings)
    assert load_puzzle(path).grid.cells == sample().grid.cells


def test_ipuz_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "p.ipuz"
    assert save_puzzle(sample(), path) == []
    doc = json.loads(path.read_text())
    assert doc["kind"] == ["http://ipuz.org/crossword#1"]
    assert doc["puzzle"][0][0] == {"cell": 1, "style": {"shapebg": "circle"}}
    assert doc["solution"][1][1] == "DE"
    assert doc["clues"]["Across"][0] == [1, "First two"]
    assert load_puzzle(path) == sample()


def test_ipuz_reads_spec_example_with_omitted_cells_and_dict_clues() -> None:
    doc = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 3},
        "title": "ipuz test",
        "puzzle": [
            [{"cell": 1, "style": {"shapebg": "circle"}}, 2, "#"],
            [3, {"style": {"shapebg": "circle"}}, 4],
            [None, 5, {"style": {"shapebg": "circle"}}],
        ],
        "solution": [["C", "A", "#"], ["B", "O", "T"], [None, "L", "O"]],
        "clues": {
            "Across": [[1, "OR neighbor"], {"number": 3, "clue": "Droid"}, [5, "Behold!"]],
            "Down": [[1, "Trucker's radio"], [2, "MSN competitor"], [4, "A preposition"]],
            "Diagonal": [[1, "ignored"]],
        },
    }
    warnings: list[str] = []
    puzzle = loads_puzzle(json.dumps(doc), "ipuz")
    assert puzzle.grid.cells == [["C", "A", None], ["B", "O", "T"], [None, "L", "O"]]
    assert puzzle.voids == {(2, 0)}
    assert puzzle.circles == {(0, 0), (1, 1), (2, 2)}
    assert puzzle.clues["3A"] == "Droid"
    assert puzzle.clues["4D"] == "A preposition"
    assert puzzle.title == "ipuz test"
    from puzzlewright.crossword.formats.ipuz import read_ipuz

    read_ipuz(json.dumps(doc).encode(), warnings)
    assert warnings == ["ipuz clue list 'Diagonal' ignored (only Across and Down)"]


def test_ipuz_pattern_without_solution_is_empty_grid() -> None:
    text, warnings = dumps_puzzle(Puzzle(Grid.parse("..#\n...\n#..")), "ipuz")
    assert warnings == []
    assert "solution" not in json.loads(text)
    assert loads_puzzle(text, "ipuz").grid.to_text() == "..#\n...\n#..\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "corrupt JSON at line 1"),
        ("[1, 2]", "not an ipuz object"),
        ('{"kind": ["http://ipuz.org/sudoku#1"]}', "not a crossword"),
        ('{"kind": ["http://ipuz.org/crossword#1"]}', 'missing "dimensions"'),
        (
            '{"kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 2, "height": 2},'
            ' "puzzle": [[0, 0], [0]]}',
            'ragged "puzzle": row 2 has 1 cells but dimensions say width 2',
        ),
        (
            '{"kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 2, "height": 1},'
            ' "puzzle": [[0, 0]], "solution": [["A", "3"]]}',
            "only letters",
        ),
    ],
)
def test_ipuz_bad_input(text: str, message: str) -> None:
    with pytest.raises(PuzzleInputError, match="ipuz") as info:
        loads_puzzle(text, "ipuz")
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_unknown_extension_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleInputError, match="unknown puzzle format"):
        format_for(tmp_path / "x.doc")
    with pytest.raises(PuzzleInputError, match="no such file"):
        load_puzzle(tmp_path / "missing.ipuz")


def test_save_refuses_to_overwrite_input(tmp_path: Path) -> None:
    path = tmp_path / "p.ipuz"
    save_puzzle(sample(), path)
    with pytest.raises(PuzzleInputError, match="refusing to overwrite"):
        save_puzzle(sample(), path, inputs=[path])
    save_puzzle(sample(), path, inputs=[path], force=True)
