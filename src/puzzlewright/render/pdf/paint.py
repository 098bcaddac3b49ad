"""Drawings (grid squares, acrostic blanks) painted on a reportlab canvas.

Shapes come from :mod:`puzzlewright.render.draw` with the origin at the top left; here the y
axis is flipped. Line width, colours and font are set only when they change, and a grid's
small texts (numbers, labels) go in one text object after the squares when that cannot change
the page (see :func:`texts_after_shapes`): a grid repeats its settings for hundreds of squares.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from puzzlewright.render.draw import BLACK, Circle, Drawing, Line, Pen, Rect, Text
from puzzlewright.render.pdf.faces import Fonts
from puzzlewright.render.pdf.text import text_width

DESCENT = 0.25  # below the baseline, in ems (DejaVu Sans 0.24, Helvetica 0.21)
CLEAR = 1.0  # points between a text and the squares drawn after it


_COLORS: dict[str, Color] = {}


def _color(value: str) -> Color:
    color = _COLORS.get(value)
    if color is None:
        color = _COLORS[value] = HexColor(value)
    return color


def texts_after_shapes(drawing: Drawing, cell: float, fonts: Fonts) -> bool:
    """Whether every text of a grid of ``cell``-point squares may be printed after its shapes.

    True when each text is black and lies inside its own square, at least :data:`CLEAR` from
    the square's right and bottom sides: the shapes drawn after it in the grid's order are
    then other squares (none reaches into this one) and black lines, and black on black looks
    the same in either order.
    """
    for shape in drawing.shapes:
        if not isinstance(shape, Text):
            continue
        if shape.fill != BLACK:
            return False
        font = fonts.bold if shape.bold else fonts.regular
        width = text_width(shape.text, font) * shape.size
        left = shape.x - {"start": 0.0, "middle": width / 2, "end": width}[shape.anchor]
        column, row = math.floor(shape.x / cell), math.floor(shape.y / cell)
        if left < column * cell or left + width > (column + 1) * cell - CLEAR:
            return False
        if shape.y - shape.size < row * cell:
            return False
        if shape.y + DESCENT * shape.size > (row + 1) * cell - CLEAR:
            return False
    return True


class _Pen:
    """The canvas's line width, colours and font, set only when they change (a grid
    repeats them thousands of times; each set is bytes in the PDF)."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.line_width: float | None = None
        self.fill = self.stroke = ""
        self.font: tuple[str, float] | None = None

    def width(self, width: float) -> None:
        """Set the line width."""
        if width != self.line_width:
            self.canvas.setLineWidth(width)
            self.line_width = width

    def pen(self, width: float, color: str) -> None:
        """Set the line width and the stroke colour."""
        self.width(width)
        if color != self.stroke:
            self.canvas.setStrokeColor(_color(color))
            self.stroke = color

    def outline(self, pen: Pen) -> None:
        """Set a shape's pen (only its width when it has no outline)."""
        self.width(pen.width)
        if pen.stroke:
            self.pen(pen.width, pen.stroke)

    def ink(self, color: str) -> None:
        """Set the fill colour (also the colour of text)."""
        if color != self.fill:
            self.canvas.setFillColor(_color(color))
            self.fill = color

    def face(self, face: tuple[str, float]) -> None:
        """Set the font and its size."""
        if face != self.font:
            self.canvas.setFont(*face)
            self.font = face


def paint(
    canvas: Canvas, drawing: Drawing, x: float, top: float, fonts: Fonts, *, cell: float = 0.0
) -> None:
    """Paint the shapes of ``drawing`` with its top-left corner at (``x``, ``top``).

    ``cell``: the square size when ``drawing`` is a grid, so its texts may go in one text
    object after the squares (:func:`texts_after_shapes`).
    """
    texts_last = cell > 0 and texts_after_shapes(drawing, cell, fonts)
    canvas.saveState()
    canvas.setLineJoin(0)
    state = _Pen(canvas)
    for shape in drawing.shapes:
        if isinstance(shape, Rect):
            state.width(shape.pen.width)
            if shape.fill:
                state.ink(shape.fill)
            state.outline(shape.pen)
            canvas.rect(
                x + shape.x,
                top - shape.y - shape.h,
                shape.w,
                shape.h,
                stroke=1 if shape.pen.stroke else 0,
                fill=1 if shape.fill else 0,
            )
        elif isinstance(shape, Circle):
            state.outline(shape.pen)
            canvas.circle(x + shape.cx, top - shape.cy, shape.r, stroke=1, fill=0)
        elif isinstance(shape, Line):
            state.outline(shape.pen)
            canvas.line(x + shape.x1, top - shape.y1, x + shape.x2, top - shape.y2)
        elif isinstance(shape, Text) and not texts_last:
            state.face((fonts.bold if shape.bold else fonts.regular, shape.size))
            state.ink(shape.fill)
            px, py = x + shape.x, top - shape.y
            if shape.anchor == "middle":
                canvas.drawCentredString(px, py, shape.text)
            elif shape.anchor == "end":
                canvas.drawRightString(px, py, shape.text)
            else:
                canvas.drawString(px, py, shape.text)
    if texts_last:
        _texts(canvas, drawing, x, top, fonts)
    canvas.restoreState()


def _texts(canvas: Canvas, drawing: Drawing, x: float, top: float, fonts: Fonts) -> None:
    """The drawing's texts in one text object, placed as drawString and its kin place them."""
    text = canvas.beginText()
    text.setFillColor(_color(BLACK))
    face: tuple[str, float] | None = None
    for shape in drawing.shapes:
        if not isinstance(shape, Text):
            continue
        font = fonts.bold if shape.bold else fonts.regular
        if (font, shape.size) != face:
            text.setFont(font, shape.size)
            face = (font, shape.size)
        px = x + shape.x
        if shape.anchor != "start":
            width = canvas.stringWidth(shape.text, font, shape.size)
            px -= width / 2 if shape.anchor == "middle" else width
        text.setTextOrigin(px, top - shape.y)
        text.textOut(shape.text)
    canvas.drawText(text)
