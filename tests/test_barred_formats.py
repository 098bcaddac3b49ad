"""Bars through the file formats: ipuz ``barred`` styles, text grids, and refusals."""

from __future__ import annotations

import json
from pathlib import Path

import ipuz  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from puzzlewright.cli import cli
from puzzlewright.crossword.formats import dumps_puzzle, load_puzzle, loads_puzzle
from puzzlewright.crossword.grid import BAR_BELOW, BAR_RIGHT, Grid
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError

GRIDS = Path(__file__).parent / "data" / "grids"


@pytest.fixture
def barred() -> Puzzle:
    return load_puzzle(GRIDS / "listener12.txt")


def test_ipuz_round_trip_keeps_bars_and_validates(barred: Puzzle) -> None:
    text, warnings = dumps_puzzle(barred, "ipuz")
    assert warnings == []
    ipuz.read(text)  # the reference validator accepts our barred styles
    again = loads_puzzle(text, "ipuz")
    assert again.grid.bars == barred.grid.bars
    assert [s.key for s in again.grid.slots()] == [s.key for s in barred.grid.slots()]


def test_ipuz_reads_every_side_and_skips_edge_bars() -> None:
    doc = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 3},
        "puzzle": [
            [{"cell": 1, "style": {"barred": "TL"}}, 2, 3],
            [4, {"cell": 0, "style": {"barred": "TL"}}, {"cell": 0, "style": {"barred": "R"}}],
            [5, 0, {"cell": 0, "style": {"barred": "B"}}],
        ],
    }
    grid = loads_puzzle(json.dumps(doc), "ipuz").grid
    # (1,1) T -> bar below (0,1); L -> bar right of (1,0); the rest are on the edge
    assert grid.bars == {(0, 1): BAR_BELOW, (1, 0): BAR_RIGHT}
    assert grid.bar_sides(1, 1) == "TL"


@pytest.mark.parametrize("fmt", ["puz", "xd", "across-lite"])
def test_formats_without_bars_refuse(barred: Puzzle, fmt: str) -> None:
    with pytest.raises(PuzzleInputError, match="cannot hold bars"):
        dumps_puzzle(barred, fmt)
    plain = Puzzle(Grid.parse("...\n...\n..."))
    dumps_puzzle(plain, fmt)  # unbarred grids still convert


def test_convert_refuses_puz_with_one_error_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["convert", str(GRIDS / "listener12.txt"), str(tmp_path / "out.puz")]
    )
    assert result.exit_code == 2
    assert result.stderr.startswith("error:") and "cannot hold bars" in result.stderr
    assert not (tmp_path / "out.puz").exists()
    result = CliRunner().invoke(
        cli, ["convert", str(GRIDS / "listener12.txt"), str(tmp_path / "out.ipuz")]
    )
    assert result.exit_code == 0
    assert (
        load_puzzle(tmp_path / "out.ipuz").grid.bars
        == load_puzzle(GRIDS / "listener12.txt").grid.bars
    )


CORPUS = Path(__file__).parent / "data" / "corpus"
REAL_BARRED_JPZ = [
    "kotwords/jpz-test-barred.jpz",
    "xd-crossword-tools/lil-167-ratliff-121823.jpz",
    "xd-crossword-tools/Printer-Devilry-kyle-dolan.jpz",
]


@pytest.mark.parametrize("name", REAL_BARRED_JPZ)
def test_real_barred_jpz_clues_match_the_entries(name: str) -> None:
    """Published barred JPZ files: with the bars read, every clue finds its entry."""
    warnings: list[str] = []
    puzzle = load_puzzle(CORPUS / name, warnings=warnings)
    assert puzzle.grid.is_barred and warnings == []
    keys = {slot.key for slot in puzzle.grid.slots()}
    assert set(puzzle.clues) == keys
    text, _ = dumps_puzzle(puzzle, "jpz")
    assert 'right-bar="true"' in text or 'bottom-bar="true"' in text
    again = loads_puzzle(text, "jpz")
    assert again.grid.bars == puzzle.grid.bars and again.clues == puzzle.clues
    ipuz_text, _ = dumps_puzzle(puzzle, "ipuz")
    assert loads_puzzle(ipuz_text, "ipuz").grid.bars == puzzle.grid.bars


def test_jpz_reads_every_side() -> None:
    grid = load_puzzle(CORPUS / "kotwords/jpz-test-barred.jpz").grid
    assert grid.to_text() == "A_BCD|E\nFGHIJ\nK|L#M|N\nOPQRS_\nT|UVWX\n"


@given(
    st.lists(
        st.lists(st.one_of(st.none(), st.text("TRBLtrblX ", max_size=6)), min_size=3, max_size=3),
        min_size=3,
        max_size=3,
    )
)
def test_ipuz_barred_styles_never_crash(styles: list[list[str | None]]) -> None:
    """Any ``barred`` value on any cell reads as bars between open cells, or is ignored."""
    rows = [
        [0 if side is None else {"cell": 0, "style": {"barred": side}} for side in row]
        for row in styles
    ]
    doc = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 3},
        "puzzle": rows,
    }
    grid = loads_puzzle(json.dumps(doc), "ipuz").grid
    for (r, c), sides in grid.bars.items():
        assert sides in (1, 2, 3)
        assert not (sides & BAR_RIGHT and c == 2) and not (sides & BAR_BELOW and r == 2)
    assert Grid.parse(grid.to_text()) == grid
