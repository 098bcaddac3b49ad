"""PDF output: pages, text, fonts for non-Latin puzzles, and the grid as actually drawn."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlewright.errors import PuzzleInputError
from puzzlewright.render import PAGE_SIZES, Document, crossword_document, render
from test_render_samples import big_puzzle, mini_puzzle, need_pdftoppm, russian_puzzle

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("reportlab")

from puzzlewright.render.pdf import document as pdf_module  # noqa: E402
from puzzlewright.render.pdf.fontfiles import find_font  # noqa: E402


def _pages(data: bytes) -> list[str]:
    """The text of each page, whitespace collapsed."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def _need_dejavu() -> None:
    if find_font() is None:
        pytest.skip("DejaVu Sans (fonts-dejavu-core) is not installed")


def test_mini_prints_on_one_page_with_every_clue() -> None:
    puzzle = mini_puzzle()
    pages = _pages(render(crossword_document(puzzle), "pdf"))
    assert len(pages) == 1
    text = pages[0]
    for needle in ("Morning Mini", "by Ada Setter", "© 2026 Ada Setter", "ACROSS", "DOWN"):
        assert needle in text
    assert "Warm up before the big one." in text
    for slot in puzzle.grid.slots():
        assert f"{slot.number} {puzzle.clue(slot)}" in text
    numbers = set(re.findall(r"\b\d+\b", text))
    assert {str(n) for n in puzzle.grid.numbering().values()} <= numbers
    assert "Solution" not in text


def test_key_adds_an_answer_page_with_the_letters() -> None:
    puzzle = mini_puzzle()
    plain = _pages(render(crossword_document(puzzle), "pdf"))
    keyed = _pages(render(crossword_document(puzzle), "pdf", key=True))
    assert len(keyed) == 2 and keyed[0] == plain[0]
    assert "Morning Mini — Solution" in keyed[1]
    letters = re.sub(r"[^A-Z]", "", keyed[1].split("Solution", 1)[1])
    assert letters == "HEATARENALOVEDOVENSSEAT"
    assert not re.search(r"\b[A-Z]\b", plain[0].replace("ACROSS", "").replace("DOWN", ""))


def test_big_puzzle_fits_one_page_and_lists_every_clue() -> None:
    puzzle = big_puzzle()
    data = render(crossword_document(puzzle), "pdf")
    pages = _pages(data)
    assert len(pages) == 1
    for slot in puzzle.grid.slots():
        assert puzzle.clue(slot) in pages[0], slot.key


def test_overflowing_clues_continue_on_following_pages() -> None:
    puzzle = big_puzzle(long_clues=True)
    pages = _pages(render(crossword_document(puzzle), "pdf", key=True))
    assert len(pages) >= 3
    for slot in puzzle.grid.slots():  # each clue whole, in one column of one page
        clue = " ".join(puzzle.clue(slot).split())
        assert any(clue in page for page in pages), slot.key
    assert "Sunday Sampler — page 2" in pages[1]
    assert "Solution" in pages[-1] and "Solution" not in " ".join(pages[:-1])


def test_page_sizes() -> None:
    doc = crossword_document(mini_puzzle())
    for name in ("letter", "a4"):
        reader = pypdf.PdfReader(io.BytesIO(render(doc, "pdf", page=name)))  # type: ignore[arg-type]
        box = reader.pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == tuple(
            round(v)
            for v in PAGE_SIZES[name]  # type: ignore[index]
        )


def test_russian_puzzle_prints_cyrillic() -> None:
    _need_dejavu()
    puzzle = russian_puzzle()
    pages = _pages(render(crossword_document(puzzle), "pdf", key=True))
    text = pages[0]
    assert "Кроссворд" in text and "Иван Петров" in text
    assert "ПО ГОРИЗОНТАЛИ" in text and "ПО ВЕРТИКАЛИ" in text
    for slot in puzzle.grid.slots():
        assert puzzle.clue(slot) in text, slot.key
    assert "Кроссворд — Ответы" in pages[1]
    letters = re.sub(r"[^А-ЯЁ]", "", pages[1].split("Ответы", 1)[1])
    assert letters == "ДОМКОТОСАОДАМАКТОН"


def test_without_a_unicode_font_latin_still_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf_module, "find_font", lambda explicit=None: None)
    pages = _pages(render(crossword_document(mini_puzzle()), "pdf"))
    assert "Mini clue 1A, 4 letters" in pages[0]


def test_without_a_unicode_font_cyrillic_falls_back_to_an_installed_font(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _need_dejavu()
    monkeypatch.setattr(pdf_module, "find_font", lambda explicit=None: None)
    warnings: list[str] = []
    pages = _pages(render(crossword_document(russian_puzzle()), "pdf", warnings=warnings))
    assert "Кроссворд" in pages[0]
    assert len(warnings) == 1 and warnings[0].startswith("the font Helvetica has no glyphs for")
    assert "U+041A" in warnings[0] and "printed in DejaVuSans" in warnings[0]


def test_font_option_errors(tmp_path: Path) -> None:
    doc = crossword_document(mini_puzzle())
    with pytest.raises(PuzzleInputError, match="not found"):
        render(doc, "pdf", font=str(tmp_path / "missing.ttf"))
    bogus = tmp_path / "bogus.ttf"
    bogus.write_bytes(b"not a font")
    with pytest.raises(PuzzleInputError, match="cannot use the font"):
        render(doc, "pdf", font=str(bogus))


def test_glyphs_no_font_has_are_replaced_with_a_warning_naming_them() -> None:
    """The issue-12 emoji case: name the missing glyphs and the fonts tried, never fail."""
    _need_dejavu()
    puzzle = mini_puzzle()
    puzzle.clues["1A"] = "Hiragana ひらがな and a party 🎉"
    warnings: list[str] = []
    pages = _pages(render(crossword_document(puzzle), "pdf", warnings=warnings))
    assert "Hiragana □□□□ and a party □" in pages[0]
    assert len(warnings) == 1
    message = warnings[0]
    assert message.startswith("no installed font has glyphs for 'ひ' (U+3072)")
    assert "'🎉' (U+1F389)" in message and "tried DejaVuSans.ttf, " in message
    assert "install DejaVu" not in message


def test_missing_reportlab_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(sys.modules):
        if name == "reportlab" or name.startswith("reportlab."):
            monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "reportlab", None)
    for name in list(sys.modules):
        if name.startswith("puzzlewright.render.pdf"):
            monkeypatch.delitem(sys.modules, name)
    with pytest.raises(PuzzleInputError, match=r"install puzzlewright\[pdf\]"):
        render(crossword_document(mini_puzzle()), "pdf")


# -- the grid as printed ---------------------------------------------------------------------
DPI = 72  # one pixel per point


def _raster(data: bytes, tmp_path: Path) -> tuple[int, int, bytes]:
    """Page one as an 8-bit grey image: width, height, pixels (row-major)."""
    tool = need_pdftoppm()
    pdf = tmp_path / "page.pdf"
    pdf.write_bytes(data)
    subprocess.run(
        [
            tool,
            "-r",
            str(DPI),
            "-gray",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            str(pdf),
            str(tmp_path / "page"),
        ],
        check=True,
        capture_output=True,
    )
    raw = (tmp_path / "page.pgm").read_bytes()
    match = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", raw)
    assert match, "pdftoppm did not write a binary PGM"
    width, height = int(match.group(1)), int(match.group(2))
    return width, height, raw[match.end() :]


def _cell_centres(doc: Document) -> dict[tuple[int, int], tuple[int, int]]:
    layout = pdf_module.plan(doc, PAGE_SIZES["letter"], pdf_module.header_height(doc))
    centres = {}
    for r in range(doc.grid.height):
        for c in range(doc.grid.width):
            x = layout.grid_x + (c + 0.5) * layout.cell
            y_from_top = (PAGE_SIZES["letter"][1] - layout.grid_top) + (r + 0.5) * layout.cell
            centres[(r, c)] = (round(x * DPI / 72), round(y_from_top * DPI / 72))
    return centres


def test_pdftoppm_shows_blocks_dark_and_open_cells_light(tmp_path: Path) -> None:
    puzzle = big_puzzle()
    doc = crossword_document(puzzle)
    width, height, pixels = _raster(render(doc, "pdf"), tmp_path)
    assert (width, height) == (612, 792)

    def mean(x: int, y: int) -> float:
        patch = [pixels[(y + dy) * width + x + dx] for dy in (-2, 0, 2) for dx in (-2, 0, 2)]
        return sum(patch) / len(patch)

    centres = _cell_centres(doc)
    blocks = [pos for pos, (x, y) in centres.items() if puzzle.grid.is_block(*pos)]
    opens = [pos for pos in centres if not puzzle.grid.is_block(*pos)]
    assert len(blocks) == puzzle.grid.block_count() and opens
    assert all(mean(*centres[pos]) < 60 for pos in blocks)
    assert all(mean(*centres[pos]) > 200 for pos in opens)
    # the grid frame is drawn: dark pixels along its left edge, white margin outside it
    x0, y0 = centres[(7, 0)]
    cell_px = centres[(7, 1)][0] - x0
    edge = x0 - cell_px // 2
    assert min(pixels[y0 * width + edge + dx] for dx in (-1, 0, 1)) < 80
    assert pixels[y0 * width + edge - 6] > 200


def test_pdftoppm_key_page_is_inked(tmp_path: Path) -> None:
    doc = crossword_document(mini_puzzle())
    data = render(doc, "pdf", key=True)
    tool = need_pdftoppm()
    pdf = tmp_path / "key.pdf"
    pdf.write_bytes(data)
    inks = []
    for page in ("1", "2"):
        subprocess.run(
            [
                tool,
                "-r",
                "72",
                "-gray",
                "-f",
                page,
                "-l",
                page,
                "-singlefile",
                str(pdf),
                str(tmp_path / f"p{page}"),
            ],
            check=True,
        )
        raw = (tmp_path / f"p{page}.pgm").read_bytes()
        match = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", raw)
        assert match
        inks.append(sum(1 for value in raw[match.end() :] if value < 128))
    assert all(ink > 500 for ink in inks)  # both the puzzle page and the solution page


def test_ipuz_inline_tags_print_as_styles() -> None:
    puzzle = mini_puzzle()
    puzzle.clues["1A"] = "Film <i>The Godfather</i> star &amp; H<sub>2</sub>O <b>bold"
    puzzle.title = "<i>Tiny</i> &amp; Co"
    text = _pages(render(crossword_document(puzzle), "pdf"))[0]
    assert "Film The Godfather star & H2O bold" in text
    assert text.startswith("Tiny & Co") and "<i>" not in text
