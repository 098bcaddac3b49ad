"""Bars drawn thick in SVG, HTML and PDF (grid and key page)."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from puzzlewright.crossword import Grid, Puzzle
from puzzlewright.render import crossword_document, render
from puzzlewright.render.draw import Line, grid_drawing

SVG = "{http://www.w3.org/2000/svg}"
BARRED = "ABC|D\nE_FGH\nIJ|KL_\nMNOP"


def puzzle(text: str) -> Puzzle:
    return Puzzle(Grid.parse(text), clues={"1A": "First"})


def test_drawing_has_one_thick_line_per_bar() -> None:
    document = crossword_document(puzzle(BARRED))
    cell = 20.0
    bars = [s for s in grid_drawing(document.grid, cell).shapes if isinstance(s, Line)]
    assert len(bars) == 4 and all(line.role == "bar" for line in bars)
    thin = max(0.5, cell * 0.03)
    assert all(line.width == pytest.approx(thin * 4) for line in bars)
    # the bar right of C (row 0, column 2) is the vertical line x = 60 over row 0
    right_of_c = [b for b in bars if b.x1 == b.x2 == 3 * cell]
    assert right_of_c and right_of_c[0].y1 == 0 and right_of_c[0].y2 > cell
    # the bar below L (row 2, column 3) is horizontal at y = 60 and stays inside the frame
    below_l = [b for b in bars if b.y1 == b.y2 == 3 * cell]
    assert below_l and below_l[0].x2 == 4 * cell


def test_svg_and_html_carry_the_bars() -> None:
    document = crossword_document(puzzle(BARRED))
    for key in (False, True):
        root = ET.fromstring(render(document, "svg", key=key))
        lines = [el for el in root.iter(f"{SVG}line") if el.get("class") == "bar"]
        assert len(lines) == 4
    html = render(document, "html", key=True).decode()
    assert html.count('class="bar"') == 8  # the puzzle grid and the key grid


def _dark_pixels(pdf: Path, page: int, folder: Path) -> int:
    out = folder / f"p{page}"
    subprocess.run(
        ["pdftoppm", "-gray", "-r", "72", "-f", str(page), "-l", str(page), str(pdf), str(out)],
        check=True,
    )
    data = next(folder.glob(f"p{page}*.pgm")).read_bytes()
    # binary PGM: "P5\n<w> <h>\n255\n" then one byte per pixel
    magic, _size, _depth, pixels = data.split(b"\n", 3)
    assert magic == b"P5"
    return sum(1 for value in pixels if value < 100)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler) not installed")
def test_pdf_bars_are_thick_on_the_grid_and_the_key(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    plain = BARRED.replace("|", "").replace("_", "")
    counts = {}
    for name, text in (("plain", plain), ("barred", BARRED)):
        pdf = tmp_path / f"{name}.pdf"
        pdf.write_bytes(render(crossword_document(puzzle(text)), "pdf", key=True))
        folder = tmp_path / name
        folder.mkdir()
        counts[name] = (_dark_pixels(pdf, 1, folder), _dark_pixels(pdf, 2, folder))
    for page in (0, 1):  # the grid page and the key page both gain the bars' ink
        assert counts["barred"][page] > counts["plain"][page] + 4 * 20


def test_play_page_entries_stop_at_bars() -> None:
    from puzzlewright.render.playdata import play_payload

    grid = Grid.parse(BARRED)
    payload = play_payload(crossword_document(puzzle(BARRED)))
    clues = {
        (section["dir"], clue["label"]): clue["cells"]
        for section in payload["sections"]  # type: ignore[attr-defined]
        for clue in section["clues"]
    }
    expected = {
        (slot.direction, str(slot.number)): [r * grid.width + c for r, c in slot.cells]
        for slot in grid.slots()
    }
    assert clues == expected
    assert clues[("across", "1")] == [0, 1, 2]  # ABC, then the bar
    assert payload["bars"] == {"2": "r", "4": "b", "9": "r", "11": "b"}
