"""PDF output through reportlab: the grid on page one, clues flowing through columns and pages.

Page one has the title and byline, the grid (top right for a crossword, across the top for an
acrostic) and clue columns around and below it; clues that do not fit continue in full-height
columns on the following pages. ``key`` adds an answer page. This module imports reportlab
at the top; :func:`puzzlewright.render.render` imports it only when PDF output is asked for.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
)

from puzzlewright.render.draw import Circle, Drawing, Line, Rect, Text, blanks_drawing, grid_drawing
from puzzlewright.render.fonts import FontFiles, coverage_error, find_font, uncovered
from puzzlewright.render.markup import inline_markup
from puzzlewright.render.model import ClueEntry, Document, require_key
from puzzlewright.render.pages import PAGE_SIZES, PageName

MARGIN = 36.0  # half an inch
GAP = 14.0  # between columns
HEADER_TITLE = 16.0
FOOTER = 14.0
MAX_CELL = 32.0
BLANK = 19.0


@dataclass(frozen=True)
class Fonts:
    """The reportlab names of the faces in use and the TrueType file (None: Helvetica)."""

    regular: str
    bold: str
    italic: str
    source: str


_registered: dict[str, Fonts] = {}


def load_fonts(files: FontFiles | None) -> Fonts:
    """Register the TrueType faces with reportlab once per process (Helvetica without)."""
    if files is None:
        return Fonts("Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica")
    cache_key = f"{files.regular}|{files.bold}|{files.italic}"
    if cache_key in _registered:
        return _registered[cache_key]
    index = len(_registered)
    names = Fonts(f"PW{index}", f"PW{index}-Bold", f"PW{index}-Italic", files.regular.name)
    try:
        pdfmetrics.registerFont(TTFont(names.regular, str(files.regular)))
        pdfmetrics.registerFont(TTFont(names.bold, str(files.bold)))
        pdfmetrics.registerFont(TTFont(names.italic, str(files.italic)))
    except Exception as exc:  # reportlab raises TTFError and others for unusable files
        from puzzlewright.errors import PuzzleInputError

        raise PuzzleInputError(f"cannot use the font {files.regular}: {exc}") from None
    pdfmetrics.registerFontFamily(
        names.regular,
        normal=names.regular,
        bold=names.bold,
        italic=names.italic,
        boldItalic=names.bold,
    )
    _registered[cache_key] = names
    return names


def check_fonts(document: Document, fonts: Fonts) -> None:
    """Fail with one clear line when the document has characters the font cannot print."""
    covered: set[int] | None = None
    if fonts.regular != "Helvetica":
        face: Any = pdfmetrics.getFont(fonts.regular).face
        covered = set(face.charToGlyph)
    missing = uncovered(document.texts(), covered)
    if missing:
        raise coverage_error(missing, fonts.source)


def paint(canvas: Canvas, drawing: Drawing, x: float, top: float, fonts: Fonts) -> None:
    """Paint the shapes of ``drawing`` with its top-left corner at (``x``, ``top``)."""
    canvas.saveState()
    canvas.setLineJoin(0)
    for shape in drawing.shapes:
        if isinstance(shape, Rect):
            canvas.setLineWidth(shape.width)
            if shape.fill:
                canvas.setFillColor(HexColor(shape.fill))
            if shape.stroke:
                canvas.setStrokeColor(HexColor(shape.stroke))
            canvas.rect(
                x + shape.x,
                top - shape.y - shape.h,
                shape.w,
                shape.h,
                stroke=1 if shape.stroke else 0,
                fill=1 if shape.fill else 0,
            )
        elif isinstance(shape, Circle):
            canvas.setLineWidth(shape.width)
            canvas.setStrokeColor(HexColor(shape.stroke))
            canvas.circle(x + shape.cx, top - shape.cy, shape.r, stroke=1, fill=0)
        elif isinstance(shape, Line):
            canvas.setLineWidth(shape.width)
            canvas.setStrokeColor(HexColor(shape.stroke))
            canvas.line(x + shape.x1, top - shape.y1, x + shape.x2, top - shape.y2)
        elif isinstance(shape, Text):
            canvas.setFont(fonts.bold if shape.bold else fonts.regular, shape.size)
            canvas.setFillColor(HexColor(shape.fill))
            px, py = x + shape.x, top - shape.y
            if shape.anchor == "middle":
                canvas.drawCentredString(px, py, shape.text)
            elif shape.anchor == "end":
                canvas.drawRightString(px, py, shape.text)
            else:
                canvas.drawString(px, py, shape.text)
    canvas.restoreState()


class DrawingFlowable(Flowable):  # type: ignore[misc]
    """A fixed drawing (the solution grid) placed in the flow, centred."""

    def __init__(self, drawing: Drawing, fonts: Fonts) -> None:
        super().__init__()
        self.drawing = drawing
        self.fonts = fonts
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.drawing.width, self.drawing.height

    def draw(self) -> None:
        paint(self.canv, self.drawing, 0, self.drawing.height, self.fonts)


class BlanksFlowable(Flowable):  # type: ignore[misc]
    """An acrostic clue's numbered blanks, wrapped to the column width."""

    def __init__(self, entry: ClueEntry, fonts: Fonts, indent: float, *, key: bool) -> None:
        super().__init__()
        self.entry = entry
        self.fonts = fonts
        self.indent = indent
        self.key = key
        self.drawing = blanks_drawing(entry.blanks, BLANK, 1, key=key)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        per_row = int((avail_width - self.indent) // BLANK)
        self.drawing = blanks_drawing(self.entry.blanks, BLANK, per_row, key=self.key)
        return avail_width, self.drawing.height + 2

    def draw(self) -> None:
        paint(self.canv, self.drawing, self.indent, self.drawing.height + 1, self.fonts)


class PageMark(Flowable):  # type: ignore[misc]
    """An invisible flowable that records the page it lands on."""

    def __init__(self) -> None:
        super().__init__()
        self.page = 0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.page = int(self.canv.getPageNumber())


class ClueParagraph(Paragraph):  # type: ignore[misc]
    """A clue kept whole in one column (split only when taller than a whole column)."""

    def __init__(self, text: str, style: ParagraphStyle, column_height: float) -> None:
        super().__init__(text, style)
        self.column_height = column_height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        _, height = self.wrap(avail_width, avail_height)
        if height <= self.column_height:
            return []
        parts: list[Flowable] = super().split(avail_width, avail_height)
        return parts


@dataclass(frozen=True)
class Styles:
    """Paragraph styles for one document."""

    clue: ParagraphStyle
    heading: ParagraphStyle
    notes: ParagraphStyle
    title: ParagraphStyle
    body: ParagraphStyle


def make_styles(fonts: Fonts, size: float) -> Styles:
    """Paragraph styles in the chosen fonts, clues at ``size`` points."""
    clue = ParagraphStyle(
        "clue",
        fontName=fonts.regular,
        fontSize=size,
        leading=size * 1.2,
        leftIndent=size * 2.0,
        firstLineIndent=-size * 2.0,
        spaceAfter=size * 0.28,
    )
    heading = ParagraphStyle(
        "heading",
        fontName=fonts.bold,
        fontSize=size + 1.5,
        leading=(size + 1.5) * 1.25,
        spaceBefore=size * 0.5,
        spaceAfter=size * 0.3,
        keepWithNext=1,
    )
    notes = ParagraphStyle(
        "notes", fontName=fonts.italic, fontSize=size, leading=size * 1.25, spaceAfter=size
    )
    title = ParagraphStyle(
        "title",
        fontName=fonts.bold,
        fontSize=HEADER_TITLE,
        leading=HEADER_TITLE * 1.25,
        spaceAfter=8,
    )
    body = ParagraphStyle("body", fontName=fonts.regular, fontSize=11, leading=14, spaceAfter=6)
    return Styles(clue, heading, notes, title, body)


def _clue_paragraph(entry: ClueEntry, style: ParagraphStyle, column: float) -> Paragraph:
    text = inline_markup(entry.text) if entry.text else "&nbsp;"
    return ClueParagraph(f"<b>{escape(entry.label)}</b>&nbsp;&nbsp;{text}", style, column)


def _clue_flow(document: Document, styles: Styles, fonts: Fonts, column: float) -> list[Flowable]:
    flow: list[Flowable] = []
    if document.notes:
        flow.append(Paragraph(inline_markup(document.notes), styles.notes))
    for section in document.sections:
        flow.append(Paragraph(escape(section.heading.upper()), styles.heading))
        for entry in section.entries:
            paragraph = _clue_paragraph(entry, styles.clue, column)
            if entry.blanks:
                blanks = BlanksFlowable(entry, fonts, styles.clue.leftIndent, key=False)
                flow.append(KeepTogether([paragraph, blanks, Spacer(1, 3)]))
            else:
                flow.append(paragraph)
    if not flow:
        flow.append(Spacer(1, 1))
    return flow


def _key_flow(
    document: Document, styles: Styles, fonts: Fonts, width: float, height: float
) -> list[Flowable]:
    heading = f"{document.display_title()} — {document.words.solution}"
    flow: list[Flowable] = [Paragraph(escape(heading), styles.title)]
    grid = document.grid
    limit = height * (0.55 if document.kind == "acrostic" else 0.8)
    cell = min(width / grid.width, limit / grid.height, MAX_CELL)
    flow.append(DrawingFlowable(grid_drawing(grid, cell, key=True), fonts))
    flow.append(Spacer(1, 12))
    if document.kind == "acrostic":
        flow.extend(Paragraph(escape(line), styles.body) for line in document.solution_lines)
        for section in document.sections:
            for entry in section.entries:
                flow.append(
                    Paragraph(
                        f"<b>{escape(entry.label)}</b>&nbsp;&nbsp;{escape(entry.answer)}",
                        styles.clue,
                    )
                )
    return flow


@dataclass(frozen=True)
class Layout:
    """Where things go on page one and on the following pages."""

    grid_x: float
    grid_top: float
    cell: float
    first: list[Frame]
    later: list[Frame]
    full: Frame


def _columns(
    x: float, width: float, bottom: float, top: float, count: int, prefix: str
) -> list[Frame]:
    colw = (width - GAP * (count - 1)) / count
    return [
        Frame(x + i * (colw + GAP), bottom, colw, top - bottom, 0, 0, 0, 0, id=f"{prefix}{i}")
        for i in range(count)
    ]


def header_height(document: Document) -> float:
    """Room taken on page one by the title and byline."""
    return HEADER_TITLE * 1.3 + (14.0 if document.author else 0.0) + 8.0


def plan(document: Document, page: tuple[float, float], header: float) -> Layout:
    """Place the grid on page one and cut the rest of the pages into clue columns."""
    page_w, page_h = page
    width = page_w - 2 * MARGIN
    top = page_h - MARGIN
    bottom = MARGIN + FOOTER
    grid = document.grid
    grid_top = top - header
    avail = grid_top - bottom
    full = Frame(MARGIN, bottom, width, top - bottom, 0, 0, 0, 0, id="full")
    if document.kind == "acrostic":
        cell = min(width / grid.width, avail * 0.55 / grid.height, 26.0)
        grid_w, grid_h = cell * grid.width, cell * grid.height
        below = grid_top - grid_h - GAP
        first = _columns(MARGIN, width, bottom, below, 2, "a") if below - bottom > 40 else []
        later = _columns(MARGIN, width, bottom, top, 2, "b")
        return Layout(MARGIN + (width - grid_w) / 2, grid_top, cell, first, later, full)
    colw = (width - 2 * GAP) / 3
    area = 2 * colw + GAP
    cell = min(area / grid.width, avail * 0.62 / grid.height, MAX_CELL)
    grid_w, grid_h = cell * grid.width, cell * grid.height
    below = grid_top - grid_h - GAP
    first = [Frame(MARGIN, bottom, colw, grid_top - bottom, 0, 0, 0, 0, id="a0")]
    if below - bottom > 40:
        first += _columns(MARGIN + colw + GAP, area, bottom, below, 2, "a")
    later = _columns(MARGIN, width, bottom, top, 3, "b")
    return Layout(MARGIN + width - grid_w, grid_top, cell, first, later, full)


CLUE_SIZES = (9.5, 9.0, 8.5, 8.0, 7.5)  # tried in turn until the puzzle fits one page
READABLE = 9.0  # used when even the smallest size needs more pages


def render_pdf(
    document: Document,
    *,
    key: bool = False,
    page: PageName = "letter",
    font: str | None = None,
) -> bytes:
    """The puzzle as PDF bytes: puzzle page(s), then an answer page with ``key``.

    The clue size shrinks step by step (9.5 to 7.5 pt) until the puzzle fits on one page;
    when it cannot, the clues are set at 9 pt and continue on following pages.
    """
    if key:
        require_key(document)
    fonts = load_fonts(find_font(font))
    check_fonts(document, fonts)
    size = PAGE_SIZES[page]
    builds: dict[float, tuple[bytes, int]] = {}

    def pages_at(clue_size: float) -> int:
        if clue_size not in builds:
            builds[clue_size] = _build(document, fonts, size, clue_size, key=key)
        return builds[clue_size][1]

    if pages_at(CLUE_SIZES[0]) > 1:
        if pages_at(CLUE_SIZES[-1]) > 1:
            pages_at(READABLE)
            return builds[READABLE][0]
        low, high = 1, len(CLUE_SIZES) - 1  # the largest size that fits, by bisection
        while low < high:
            middle = (low + high) // 2
            if pages_at(CLUE_SIZES[middle]) == 1:
                high = middle
            else:
                low = middle + 1
        return builds[CLUE_SIZES[low]][0]
    return builds[CLUE_SIZES[0]][0]


def _build(
    document: Document,
    fonts: Fonts,
    size: tuple[float, float],
    clue_size: float,
    *,
    key: bool,
) -> tuple[bytes, int]:
    """One PDF at one clue size, and how many pages the puzzle (without its key) takes."""
    layout = plan(document, size, header_height(document))
    styles = make_styles(fonts, clue_size)
    title = document.display_title()

    def first_page(canvas: Canvas, doc: Any) -> None:
        top = size[1] - MARGIN
        room = size[0] - 2 * MARGIN
        wide = pdfmetrics.stringWidth(title, fonts.bold, HEADER_TITLE)
        canvas.setFont(fonts.bold, max(8.0, min(HEADER_TITLE, HEADER_TITLE * room / wide)))
        canvas.drawString(MARGIN, top - HEADER_TITLE, title)
        if document.author:
            canvas.setFont(fonts.regular, 10.5)
            canvas.drawString(MARGIN, top - HEADER_TITLE - 16, document.byline())
        grid = grid_drawing(document.grid, layout.cell)
        paint(canvas, grid, layout.grid_x, layout.grid_top, fonts)
        footer(canvas, doc, first=True)

    def footer(canvas: Canvas, doc: Any, first: bool = False) -> None:
        canvas.setFont(fonts.regular, 7.5)
        line = document.copyright_line()
        if first and line:
            canvas.drawString(MARGIN, MARGIN, line)
        if not first:
            canvas.drawRightString(
                size[0] - MARGIN, MARGIN, f"{title} — " + document.words.page.format(doc.page)
            )

    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title,
        author=document.author,
        subject="Crossword" if document.kind == "crossword" else "Acrostic",
        creator="puzzlewright",
        invariant=1,
    )
    first = layout.first or [Frame(MARGIN, MARGIN, 1, 1, id="none")]
    doc.addPageTemplates(
        [
            PageTemplate("first", first, onPage=first_page, autoNextPageTemplate="later"),
            PageTemplate("later", layout.later, onPage=footer),
            PageTemplate("key", [layout.full], onPage=footer),
        ]
    )
    flow = _clue_flow(document, styles, fonts, layout.full._height)
    if not layout.first:
        flow.insert(0, PageBreak())
    mark = PageMark()
    flow.append(mark)
    if key:
        flow += [NextPageTemplate("key"), PageBreak()]
        flow += _key_flow(document, styles, fonts, layout.full._width, layout.full._height)
    doc.build(flow)
    return buffer.getvalue(), mark.page
