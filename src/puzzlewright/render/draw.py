"""Drawing in one place: a grid or a row of blanks becomes a list of plain shapes.

Shapes use points with the origin at the top left (as SVG does); the SVG writer prints them
as elements and the PDF writer paints them on a reportlab canvas, flipping the y axis.
Text ``y`` is the baseline. ``role`` names what a text or square is, so SVG and HTML carry it
as a class (``num``, ``ans``, ``label``, ``given``, ``block``, ``cell``) for styling and tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Literal

from puzzlewright.render.model import Blank, CellView, GridView

Anchor = Literal["start", "middle", "end"]

BLACK = "#000000"
WHITE = "#ffffff"
SHADE = "#c8c8c8"
INK = "#222222"


@dataclass(frozen=True)
class Pen:
    """How a shape's outline is drawn: its colour (None: no outline), its width in points,
    and the role the SVG class names. Squares, circles and lines all take one, so the SVG
    writer and the PDF painter set an outline one way; shapes of one kind share a pen."""

    stroke: str | None
    width: float
    role: str = ""


class Outlined:
    """A shape drawn with a :class:`Pen`; its ``stroke``, ``width`` and ``role`` read through."""

    pen: Pen
    stroke = property(attrgetter("pen.stroke"))
    width = property(attrgetter("pen.width"))
    role = property(attrgetter("pen.role"))


@dataclass(frozen=True)
class Rect(Outlined):
    """A rectangle, filled (``fill`` None: not) and outlined."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None
    pen: Pen


@dataclass(frozen=True)
class Circle(Outlined):
    """An unfilled circle (a circled cell)."""

    cx: float
    cy: float
    r: float
    pen: Pen


@dataclass(frozen=True)
class Line(Outlined):
    """A straight stroke (the underline of an acrostic blank, a bar between two cells)."""

    x1: float
    y1: float
    x2: float
    y2: float
    pen: Pen


@dataclass(frozen=True)
class Text:
    """A run of text placed by its baseline."""

    x: float
    y: float
    text: str
    size: float
    anchor: Anchor = "start"
    bold: bool = False
    fill: str = BLACK
    role: str = ""


Shape = Rect | Circle | Line | Text


@dataclass(frozen=True)
class Drawing:
    """Shapes plus the size of the box they fill."""

    width: float
    height: float
    shapes: tuple[Shape, ...]


def fit_size(text: str, size: float, room: float) -> float:
    """Shrink a font size so ``text`` (about 0.62 em per letter) fits ``room`` points."""
    if not text:
        return size
    return min(size, room / (0.62 * len(text)))


@dataclass(frozen=True)
class _GridPens:
    """The pens of one grid drawing, made once: every square of a kind shares its pen."""

    cell: Pen
    block: Pen
    circle: Pen
    number_back: Pen  # the paper behind a number that a circle would run through
    frame: Pen

    @classmethod
    def of(cls, thin: float) -> _GridPens:
        """The pens for squares outlined ``thin`` points wide."""
        return cls(
            Pen(BLACK, thin, "cell"),
            Pen(BLACK, thin, "block"),
            Pen(INK, thin, "circle"),
            Pen(None, 0, "numbg"),
            Pen(BLACK, thin * 2.5, "frame"),
        )


def _square(
    view: CellView, x: float, y: float, cell: float, pad: float, pens: _GridPens, *, key: bool
) -> list[Shape]:
    """A white (or shaded) square's shapes: its frame, circle, number, end label,
    punctuation, and its given letter or (on a key) its answer."""
    shapes: list[Shape] = []
    fill = SHADE if view.shaded else WHITE
    shapes.append(Rect(x, y, cell, cell, fill, pens.cell))
    small = cell * 0.27
    if view.circle:
        shapes.append(Circle(x + cell / 2, y + cell / 2, cell * 0.46, pens.circle))
        if view.number:  # the circle's line never runs through the number
            thin = pens.cell.width
            w, h = 0.62 * small * len(view.number) + pad, small + pad
            shapes.append(Rect(x + thin, y + thin, w, h, fill, pens.number_back))
    if view.number:
        shapes.append(Text(x + pad, y + pad + small * 0.8, view.number, small, role="num"))
    if view.corner:
        shapes.append(
            Text(
                x + cell - pad,
                y + pad + small * 0.8,
                view.corner,
                small,
                "end",
                role="label",
            )
        )
    punct = cell * 0.3
    if view.before:
        shapes.append(Text(x + pad, y + cell - pad, view.before, punct, role="punct"))
    if view.after:
        shapes.append(Text(x + cell - pad, y + cell - pad, view.after, punct, "end", role="punct"))
    if view.given:
        size = fit_size(view.given, cell * 0.55, cell * 0.9)
        shapes.append(
            Text(
                x + cell / 2,
                y + cell * 0.78,
                view.given,
                size,
                "middle",
                True,
                role="given",
            )
        )
    elif key and view.answer:
        size = fit_size(view.answer, cell * 0.58, cell * 0.86)
        shapes.append(Text(x + cell / 2, y + cell * 0.86, view.answer, size, "middle", role="ans"))
    return shapes


def grid_drawing(
    grid: GridView, cell: float, *, key: bool = False, diagramless: bool = False
) -> Drawing:
    """The grid as shapes: squares, blocks, circles, numbers, and answers when ``key``.

    A ``diagramless`` puzzle page (not its key) shows an empty frame of squares: no blocks
    and no numbers, which the solver works out.
    """
    if diagramless and not key:
        grid = GridView(
            tuple(
                tuple(CellView(given=view.given) if not view.void else view for view in row)
                for row in grid.rows
            )
        )
    thin = max(0.5, cell * 0.03)
    pad = cell * 0.07
    pens = _GridPens.of(thin)
    shapes: list[Shape] = []
    for r, row in enumerate(grid.rows):
        for c, view in enumerate(row):
            if view.void:
                continue
            x, y = c * cell, r * cell
            if view.block:
                shapes.append(Rect(x, y, cell, cell, BLACK, pens.block))
                continue
            shapes.extend(_square(view, x, y, cell, pad, pens, key=key))
    shapes.extend(bar_lines(grid, cell, thin * 4))
    width, height = grid.width * cell, grid.height * cell
    if not any(view.void for row in grid.rows for view in row):
        shapes.append(Rect(0, 0, width, height, None, pens.frame))
    return Drawing(width, height, tuple(shapes))


def bar_lines(grid: GridView, cell: float, width: float) -> list[Line]:
    """Thick strokes on the cell edges that carry a bar, drawn after every square so that
    no neighbouring square paints over them."""
    lines = []
    pen = Pen(BLACK, width, "bar")
    cap = width / 2  # reach into the crossing bar so joined bars meet without a notch
    right, bottom = grid.width * cell, grid.height * cell
    for r, row in enumerate(grid.rows):
        for c, view in enumerate(row):
            x, y = c * cell, r * cell
            if view.bar_right:
                top, end = max(0.0, y - cap), min(bottom, y + cell + cap)
                lines.append(Line(x + cell, top, x + cell, end, pen))
            if view.bar_below:
                start, end = max(0.0, x - cap), min(right, x + cell + cap)
                lines.append(Line(start, y + cell, end, y + cell, pen))
    return lines


def blanks_drawing(
    blanks: tuple[Blank, ...], blank: float, per_row: int, *, key: bool = False
) -> Drawing:
    """An acrostic clue's blanks: an underline per letter, its quotation number beneath.

    The blanks are shared out evenly over the rows they need, so a blank never wraps alone.
    """
    per_row = max(1, per_row)
    if blanks:
        rows_needed = -(-len(blanks) // per_row)
        per_row = -(-len(blanks) // rows_needed)
    line_h = blank * 1.25
    shapes: list[Shape] = []
    gap = blank * 0.18
    underline = Pen(BLACK, 0.6)
    for i, item in enumerate(blanks):
        row, col = divmod(i, per_row)
        x, y = col * blank, row * line_h
        base = y + blank * 0.72
        shapes.append(Line(x + gap / 2, base, x + blank - gap / 2, base, underline))
        size = fit_size(item.number, blank * 0.36, blank - gap)
        shapes.append(
            Text(x + blank / 2, base + size * 1.05, item.number, size, "middle", role="num")
        )
        if key and item.answer:
            shapes.append(
                Text(
                    x + blank / 2,
                    base - blank * 0.1,
                    item.answer,
                    blank * 0.5,
                    "middle",
                    role="ans",
                )
            )
    rows = -(-len(blanks) // per_row) if blanks else 0
    width = min(len(blanks), per_row) * blank
    return Drawing(width, rows * line_h, tuple(shapes))
