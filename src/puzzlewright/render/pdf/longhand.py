"""PDF of a long division or long multiplication layout, aligned as on paper.

The same lines as the HTML page (:func:`puzzlewright.cryptarithm.longhand.paper_lines`), set
in Courier, one character per fixed-width column so digits line up; rules under
subtractions and additions are drawn lines, and the division bracket is a line left of the
dividend. The puzzle is on page 1 and, when a solution is given, the answer on page 2 (a
worksheet and its key).
"""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen.canvas import Canvas

from puzzlewright import __version__
from puzzlewright.cryptarithm.longhand import (
    DivisionLayout,
    Layout,
    LayoutSolution,
    PaperLine,
    paper_lines,
)

FONT = "Courier"
FONT_SIZE = 20.0
COLUMN = FONT_SIZE * 0.75  # wider than Courier's 0.6 em advance: digits breathe
ROW = FONT_SIZE * 1.35
MARGIN = 72.0
RULE_RAISE = 0.72  # a rule sits this many rows above the baseline of the row below it
RULE_ROOM = 0.3  # and takes this much of a row


def _draw_lines(canvas: Canvas, layout: Layout, lines: list[PaperLine], top: float) -> None:
    """The layout's lines, right-aligned on their columns, from ``top`` down."""
    prefix_width = max((len(line.prefix) for line in lines), default=0)
    left = MARGIN + (prefix_width + 1) * COLUMN if prefix_width else MARGIN
    division = isinstance(layout, DivisionLayout)
    y = top
    canvas.setFont(FONT, FONT_SIZE)
    canvas.setLineWidth(1.5)
    for index, line in enumerate(lines):
        start = line.right + 1 - len(line.text)
        if line.rule:  # just under the line above, then a little room before the next
            rule_y = y + ROW * RULE_RAISE
            x0, x1 = left + max(start, 0) * COLUMN, left + (line.right + 1) * COLUMN
            canvas.line(x0, rule_y, x1, rule_y)
            y -= ROW * RULE_ROOM
            continue
        for offset, ch in enumerate(line.text):
            column = start + offset
            if column >= 0 and ch != " ":
                canvas.drawCentredString(left + (column + 0.5) * COLUMN, y, ch)
        if line.prefix:
            canvas.drawRightString(left - COLUMN * 0.6, y, line.prefix)
        if division and index == 2:  # the bracket from the bar down past the dividend
            canvas.line(left, y - ROW * 0.3, left, y + ROW * (RULE_RAISE + RULE_ROOM))
        y -= ROW


def layout_pdf(
    layout: Layout, solution: LayoutSolution | None = None, *, title: str = "Long division"
) -> bytes:
    """A PDF with the puzzle on page 1 and the solved layout on page 2 (when given)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=letter, invariant=True)
    canvas.setTitle(title)
    canvas.setCreator(f"puzzlewright {__version__}")
    pages = [(title, paper_lines(layout))]
    if solution is not None:
        pages.append((f"{title}: solution", paper_lines(layout, solution)))
    _, height = letter
    for heading, lines in pages:
        canvas.setFont("Helvetica-Bold", 16)
        canvas.drawString(MARGIN, height - MARGIN, heading)
        _draw_lines(canvas, layout, lines, height - MARGIN - 2 * ROW)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
