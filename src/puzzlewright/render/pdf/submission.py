"""The submission layout editors ask for: the filled grid and a double-spaced list of
clues with their answers, the constructor's name and contact block on page one, and the
word and block counts in every page's header.

One page or more: page one has the contact block (left), the counts (right), the title,
the filled grid, and the first clues; the list continues on the following pages under
the same header line. Each clue is one row: its number, the clue (wrapped), and the
answer in a column at the right, every line double-spaced for the editor's marks.
"""

from __future__ import annotations

import html
import io
import re
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from puzzlewright.render.draw import grid_drawing
from puzzlewright.render.model import Document, require_key
from puzzlewright.render.pages import DEFAULT_PAGE, PAGE_SIZES, PageName
from puzzlewright.render.pdf.faces import Fonts, check_fonts, load_fonts
from puzzlewright.render.pdf.fontfiles import find_font
from puzzlewright.render.pdf.paint import paint

MARGIN = 54.0  # three quarters of an inch
SIZE = 11.0
LEADING = 2 * SIZE + 2  # double-spaced
HEADER = 9.0
MAX_CELL = 26.0
NUMBER_WIDTH = 40.0
_TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class Submission:
    """Who submits the puzzle: name and contact lines (address, e-mail, phone)."""

    constructor: str = ""
    contact: tuple[str, ...] = ()


def counts(document: Document) -> tuple[int, int]:
    """(words, blocks) of the puzzle."""
    words = sum(len(section.entries) for section in document.sections)
    blocks = sum(1 for row in document.grid.rows for cell in row if cell.block)
    return words, blocks


def plain(text: str) -> str:
    """A clue as plain text (markup dropped, entities decoded)."""
    return html.unescape(_TAG.sub("", text)).strip()


class _Pages:
    """The canvas with the running header and a cursor moving down the page."""

    def __init__(self, document: Document, fonts: Fonts, size: tuple[float, float], who: str):
        self.buffer = io.BytesIO()
        self.canvas = Canvas(self.buffer, pagesize=size, invariant=1)
        self.canvas.setTitle(document.display_title())
        self.canvas.setAuthor(who)
        self.canvas.setCreator("puzzlewright")
        self.fonts, self.size, self.page = fonts, size, 0
        words, blocks = counts(document)
        grid = document.grid
        self.header = (
            f"{document.display_title()} — {who or 'constructor'} — {words} words, "
            f"{blocks} blocks, {grid.width}x{grid.height}"
        )
        self.y = 0.0
        self.new_page()

    def new_page(self) -> None:
        """Finish the page (if any) and start the next one under the header line."""
        if self.page:
            self.canvas.showPage()
        self.page += 1
        c, (width, height) = self.canvas, self.size
        c.setFont(self.fonts.regular, HEADER)
        c.drawString(MARGIN, height - MARGIN + 14, self.header)
        c.drawRightString(width - MARGIN, height - MARGIN + 14, f"page {self.page}")
        c.setLineWidth(0.5)
        c.line(MARGIN, height - MARGIN + 10, width - MARGIN, height - MARGIN + 10)
        self.y = height - MARGIN - 4

    def room(self, needed: float) -> None:
        """Start a new page unless ``needed`` points fit above the bottom margin."""
        if self.y - needed < MARGIN:
            self.new_page()

    def finish(self) -> bytes:
        self.canvas.showPage()
        self.canvas.save()
        return self.buffer.getvalue()


def _first_page(pages: _Pages, document: Document, who: Submission) -> None:
    """Contact block (left), counts (right), title and the filled grid."""
    c, fonts = pages.canvas, pages.fonts
    width = pages.size[0]
    top = pages.y - SIZE
    lines = [who.constructor, *who.contact] if who.constructor else list(who.contact)
    for i, line in enumerate(lines):
        c.setFont(fonts.bold if i == 0 and who.constructor else fonts.regular, SIZE)
        c.drawString(MARGIN, top - i * (SIZE + 3), line)
    words, blocks = counts(document)
    c.setFont(fonts.bold, SIZE)
    c.drawRightString(width - MARGIN, top, f"Words: {words}")
    c.drawRightString(width - MARGIN, top - SIZE - 3, f"Blocks: {blocks}")
    grid = document.grid
    c.setFont(fonts.regular, SIZE)
    c.drawRightString(width - MARGIN, top - 2 * (SIZE + 3), f"{grid.width} x {grid.height}")
    y = top - max(len(lines), 3) * (SIZE + 3) - 14
    c.setFont(fonts.bold, 15)
    c.drawCentredString(width / 2, y, document.display_title())
    y -= 14
    cell = min(MAX_CELL, (width - 2 * MARGIN) / max(grid.width, 1))
    cell = min(cell, (y - MARGIN - 3 * LEADING) / max(grid.height, 1))
    drawing = grid_drawing(grid, cell, key=True)
    left = (width - cell * grid.width) / 2
    paint(c, drawing, left, y, fonts, cell=cell)
    pages.y = y - cell * grid.height - LEADING


def _clue_rows(pages: _Pages, document: Document) -> None:
    """Every clue and answer, double-spaced, section by section."""
    c, fonts = pages.canvas, pages.fonts
    width = pages.size[0]
    longest = max((len(e.answer) for s in document.sections for e in s.entries), default=5)
    answer_width = max(90.0, pdfmetrics.stringWidth("W" * longest, fonts.bold, SIZE) * 0.8)
    clue_width = width - 2 * MARGIN - NUMBER_WIDTH - answer_width - 12
    for section in document.sections:
        pages.room(2 * LEADING)
        c.setFont(fonts.bold, SIZE + 1)
        c.drawString(MARGIN, pages.y, section.heading.upper())
        pages.y -= LEADING
        for entry in section.entries:
            text = plain(entry.text) or "(no clue)"
            lines = simpleSplit(text, fonts.regular, SIZE, clue_width) or [""]
            pages.room(len(lines) * LEADING)
            c.setFont(fonts.bold, SIZE)
            c.drawRightString(MARGIN + NUMBER_WIDTH - 10, pages.y, entry.label)
            c.drawString(width - MARGIN - answer_width, pages.y, entry.answer)
            c.setFont(fonts.regular, SIZE)
            for line in lines:
                c.drawString(MARGIN + NUMBER_WIDTH, pages.y, line)
                pages.y -= LEADING


def render_submission(
    document: Document,
    submission: Submission,
    *,
    page: PageName = DEFAULT_PAGE,
    font: str | None = None,
    warnings: list[str] | None = None,
) -> bytes:
    """The submission PDF of a filled crossword (see the module docstring)."""
    require_key(document)
    fonts = load_fonts(find_font(font))
    document, fonts = check_fonts(document, fonts, warnings)
    who = submission if submission.constructor else Submission(document.author, submission.contact)
    pages = _Pages(document, fonts, PAGE_SIZES[page], who.constructor)
    _first_page(pages, document, who)
    _clue_rows(pages, document)
    return pages.finish()


__all__ = ["Submission", "counts", "render_submission"]
