"""Printed pages of real puzzles, looked at as pixels: what a person holding the page sees.

Every page is rasterised with pdftoppm: nothing is drawn in the margins; the title is set
larger than the byline, and the byline larger than the clues (font sizes read back from
the PDF with pypdf); long titles wrap; the continuation page of a 21x21 is balanced.
"""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest

from puzzlewright.crossword import Grid, Puzzle
from puzzlewright.crossword.formats import load_puzzle
from puzzlewright.render import PAGE_SIZES, crossword_document, load_document, render
from puzzlewright.render.draw import Rect, grid_drawing
from test_render_samples import mini_puzzle, need_pdftoppm

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("reportlab")

CORPUS = Path(__file__).parent / "data" / "corpus"
DPI = 36  # half a pixel per point
MARGIN_PX = 36 * DPI // 72
REAL = [
    CORPUS / "puzpy" / "nyt_with_shape.puz",  # 21x21, circles, two pages
    CORPUS / "puzpy" / "diagramless.puz",
    CORPUS / "ipuz-package" / "first.ipuz",  # omitted cells
    CORPUS / "kotwords" / "acrostic-acrostic-attribution.jpz",
    CORPUS / "xd-crossword-tools" / "112921---speakerboxxx-the-love-below.xd",
]


def _pages(data: bytes, tmp_path: Path) -> list[tuple[int, int, bytes]]:
    """Every page as 8-bit grey pixels: (width, height, row-major bytes)."""
    pdf = tmp_path / "doc.pdf"
    pdf.write_bytes(data)
    tool = need_pdftoppm()
    subprocess.run(
        [tool, "-r", str(DPI), "-gray", str(pdf), str(tmp_path / "p")],
        check=True,
        capture_output=True,
    )
    pages = []
    for image in sorted(tmp_path.glob("p-*.pgm")):
        raw = image.read_bytes()
        match = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", raw)
        assert match
        pages.append((int(match.group(1)), int(match.group(2)), raw[match.end() :]))
    return pages


def _ink_outside_margins(page: tuple[int, int, bytes]) -> list[tuple[int, int]]:
    """Dark pixels in the margins (one pixel of anti-aliasing allowed)."""
    width, height, pixels = page
    edge = MARGIN_PX - 1
    return [
        (x, y)
        for y in range(height)
        for x in range(width)
        if pixels[y * width + x] < 128
        and (x < edge or x >= width - edge or y < edge or y >= height - edge)
    ]


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_nothing_is_printed_in_the_margins(path: Path, tmp_path: Path) -> None:
    warnings: list[str] = []
    data = render(load_document(path, warnings=warnings), "pdf", key=True, warnings=warnings)
    for number, page in enumerate(_pages(data, tmp_path), 1):
        assert _ink_outside_margins(page)[:3] == [], f"page {number}"


def _sizes(data: bytes) -> list[tuple[float, str]]:
    """(font size, text) of every text run on page one, as pypdf reads them."""
    runs: list[tuple[float, str]] = []

    def visit(text: str, cm: object, tm: list[float], font: object, size: float) -> None:
        if text.strip():
            scale = abs(tm[3]) if tm and tm[3] else 1.0
            runs.append((round(size * scale, 2), text.strip()))

    reader = pypdf.PdfReader(io.BytesIO(data))
    reader.pages[0].extract_text(visitor_text=visit)
    return runs


def _size_of(runs: list[tuple[float, str]], needle: str) -> float:
    return max(size for size, text in runs if needle in text)


@pytest.mark.parametrize("path", REAL[:2] + REAL[4:], ids=lambda p: p.name)
def test_title_is_larger_than_byline_larger_than_clues(path: Path) -> None:
    document = load_document(path, warnings=[])
    runs = _sizes(render(document, "pdf"))
    title = _size_of(runs, document.display_title().split()[0])
    byline = _size_of(runs, document.byline().split()[-1])
    clue = document.sections[0].entries[0].text
    clue_size = _size_of(runs, clue.split()[-1])
    assert title > byline > clue_size


def test_a_long_title_wraps_and_stays_larger_than_the_byline(tmp_path: Path) -> None:
    puzzle = mini_puzzle()
    puzzle.title = "  The Extraordinarily Long-Winded Sunday Title That Goes On And On About " * 2
    puzzle.author = "  by  Jane Q. Constructor  "
    data = render(crossword_document(puzzle), "pdf", key=True)
    pages = _pages(data, tmp_path)
    assert all(_ink_outside_margins(page)[:1] == [] for page in pages)
    runs = _sizes(data)
    title_runs = [text for size, text in runs if size == 16.0]
    assert len(title_runs) >= 2  # wrapped onto several lines
    assert _size_of(runs, "Constructor") < 16.0
    text = pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert "by Jane Q. Constructor" in text and "by by" not in text.lower()


def test_byline_never_doubles_by() -> None:
    puzzle = mini_puzzle()
    puzzle.author = "By Jane Doe"
    assert crossword_document(puzzle).byline() == "By Jane Doe"
    puzzle.author = "Byron Walden"
    assert crossword_document(puzzle).byline() == "by Byron Walden"


def test_continuation_page_is_balanced(tmp_path: Path) -> None:
    document = load_document(REAL[0], warnings=[])
    data = render(document, "pdf")
    pages = _pages(data, tmp_path)
    assert len(pages) == 2
    width, height, pixels = pages[1]
    footer = height - MARGIN_PX - 12  # the page footer sits below this
    lowest = []
    for third in range(3):
        xs = range(MARGIN_PX + third * (width - 2 * MARGIN_PX) // 3, width - MARGIN_PX)
        xs = xs[: (width - 2 * MARGIN_PX) // 3]
        ink = [y for y in range(footer) for x in xs if pixels[y * width + x] < 128]
        lowest.append(max(ink))
    assert max(lowest) - min(lowest) < height * 0.06  # the three columns end level
    assert min(lowest) > height * 0.45  # and the page is not two-thirds empty


def test_circles_never_run_through_numbers() -> None:
    document = crossword_document(load_puzzle(REAL[0]))
    drawing = grid_drawing(document.grid, 20.0)
    circled_numbers = sum(1 for row in document.grid.rows for v in row if v.circle and v.number)
    backs = [s for s in drawing.shapes if isinstance(s, Rect) and s.role == "numbg"]
    assert circled_numbers > 0 and len(backs) == circled_numbers


def test_diagramless_page_has_no_blocks_and_its_key_does() -> None:
    document = load_document(REAL[1], warnings=[])
    assert document.diagramless
    puzzle_svg = render(document, "svg").decode()
    key_svg = render(document, "svg", key=True).decode()
    assert 'class="block"' not in puzzle_svg and 'class="num"' not in puzzle_svg
    assert 'class="block"' in key_svg


def test_given_letters_in_an_odd_shaped_grid_are_shown() -> None:
    puzzle = Puzzle(Grid([[None, "A", "B"], ["C", "D", "E"], ["F", "G", None]]))
    puzzle.voids = {(0, 0), (2, 2)}
    puzzle.given = {(1, 1)}
    svg = render(crossword_document(puzzle), "svg").decode()
    assert re.search(r'class="given"[^>]*>D<', svg)


def test_acrostic_blank_never_wraps_alone() -> None:
    from puzzlewright.render.draw import Text, blanks_drawing
    from puzzlewright.render.model import Blank

    blanks = tuple(Blank(str(n)) for n in range(1, 12))  # 11 blanks, 10 per row at most
    drawing = blanks_drawing(blanks, 19.0, 10)
    rows = {round(s.y) for s in drawing.shapes if isinstance(s, Text)}
    assert len(rows) == 2
    per_row = [
        sum(1 for s in drawing.shapes if isinstance(s, Text) and round(s.y) == y) for y in rows
    ]
    assert sorted(per_row) == [5, 6]


def test_page_sizes_known() -> None:
    assert PAGE_SIZES["letter"] == (612.0, 792.0)
