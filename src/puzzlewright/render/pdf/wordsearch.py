"""A word search as PDF: the square of letters and the words to find on page one, and
the key on page two (each word's cells ringed by a rounded band)."""

from __future__ import annotations

import io

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from puzzlewright.crossword.wordsearch import WordSearch
from puzzlewright.render.pages import DEFAULT_PAGE, PAGE_SIZES, PageName
from puzzlewright.render.pdf.faces import Fonts, load_fonts
from puzzlewright.render.pdf.fontfiles import find_font

MARGIN = 48.0
MAX_CELL = 28.0
WORD_SIZE = 12.0
BAND = Color(0.55, 0.55, 0.55)


def _grid(canvas: Canvas, ws: WordSearch, fonts: Fonts, x: float, top: float, cell: float) -> None:
    """The letters, centred in their squares, with a thin frame round the square."""
    canvas.setFont(fonts.regular, cell * 0.62)
    canvas.setFillGray(0)
    for r, row in enumerate(ws.rows):
        for c, letter in enumerate(row):
            cx, cy = x + (c + 0.5) * cell, top - (r + 0.5) * cell - cell * 0.22
            canvas.drawCentredString(cx, cy, letter)
    canvas.setLineWidth(1)
    canvas.rect(x, top - ws.size * cell, ws.size * cell, ws.size * cell)


def _bands(canvas: Canvas, ws: WordSearch, x: float, top: float, cell: float) -> None:
    """A rounded band along each hidden word (the key)."""
    canvas.saveState()
    canvas.setStrokeColor(BAND)
    canvas.setLineWidth(cell * 0.72)
    canvas.setLineCap(1)
    canvas.setStrokeAlpha(0.45)
    for hidden in ws.hidden:
        cells = hidden.cells()
        (r1, c1), (r2, c2) = cells[0], cells[-1]
        canvas.line(
            x + (c1 + 0.5) * cell,
            top - (r1 + 0.5) * cell,
            x + (c2 + 0.5) * cell,
            top - (r2 + 0.5) * cell,
        )
    canvas.restoreState()


def _word_list(canvas: Canvas, ws: WordSearch, fonts: Fonts, top: float, width: float) -> None:
    """The words to find, in columns, alphabetical."""
    words = sorted(h.written.upper() for h in ws.hidden)
    columns = 3 if len(words) > 8 else 2
    per = -(-len(words) // columns)
    step = (width - 2 * MARGIN) / columns
    canvas.setFont(fonts.regular, WORD_SIZE)
    for i, word in enumerate(words):
        column, line = divmod(i, per)
        canvas.drawString(MARGIN + column * step, top - line * WORD_SIZE * 1.6, word)


def render_wordsearch_pdf(
    ws: WordSearch,
    *,
    title: str = "Word search",
    key: bool = True,
    page: PageName = DEFAULT_PAGE,
    font: str | None = None,
) -> bytes:
    """The sheet (and with ``key`` the answer page) as PDF bytes."""
    fonts = load_fonts(find_font(font))
    width, height = PAGE_SIZES[page]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
    canvas.setTitle(title)
    canvas.setCreator("puzzlewright")
    cell = min(MAX_CELL, (width - 2 * MARGIN) / ws.size, (height * 0.62) / ws.size)
    x = (width - cell * ws.size) / 2
    pages = [False, True] if key else [False]
    for answers in pages:
        canvas.setFont(fonts.bold, 18)
        heading = f"{title} — key" if answers else title
        canvas.drawCentredString(width / 2, height - MARGIN - 6, heading)
        if not answers:
            canvas.setFont(fonts.regular, 10)
            canvas.drawString(MARGIN, height - MARGIN - 26, "Name: ______________________")
            canvas.drawRightString(width - MARGIN, height - MARGIN - 26, "Date: ____________")
        top = height - MARGIN - 40
        if answers:
            _bands(canvas, ws, x, top, cell)
        _grid(canvas, ws, fonts, x, top, cell)
        words_top = top - ws.size * cell - 26
        canvas.setFont(fonts.bold, WORD_SIZE)
        canvas.drawString(MARGIN, words_top, "Find these words:")
        _word_list(canvas, ws, fonts, words_top - WORD_SIZE * 1.8, width)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


__all__ = ["render_wordsearch_pdf"]
