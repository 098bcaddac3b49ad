"""PDF output through reportlab: the grid on page one, clues flowing through columns and pages.

Page one has the title and byline, the grid (top right for a crossword, across the top for an
acrostic) and clue columns around and below it; clues that do not fit continue in full-height
columns on the following pages. ``key`` adds an answer page. The clue size steps down until
the puzzle fits one page: each size is tried by setting the clue lines arithmetically
(:mod:`puzzlewright.render.pdftext`) and pouring them into the columns
(:mod:`puzzlewright.render.pdfflow`), and only the chosen layout is drawn, straight on the
canvas. This module imports reportlab at the top; :func:`puzzlewright.render.render` imports
it only when PDF output is asked for.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from puzzlewright.render.draw import Circle, Drawing, Line, Rect, Text, blanks_drawing, grid_drawing
from puzzlewright.render.fonts import FontFiles, coverage_error, find_font, uncovered
from puzzlewright.render.markup import inline_markup
from puzzlewright.render.model import ClueEntry, Document, require_key
from puzzlewright.render.pages import PAGE_SIZES, PageName
from puzzlewright.render.pdfflow import Block, Frame, Group, Item, Placement, pour
from puzzlewright.render.pdftext import Word, break_lines, draw_lines, fragments, text_words

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
_coverage: dict[str, set[int]] = {}


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
        covered = _coverage.get(fonts.regular)
        if covered is None:
            face: Any = pdfmetrics.getFont(fonts.regular).face
            covered = _coverage[fonts.regular] = set(face.charToGlyph)
    missing = uncovered(document.texts(), covered)
    if missing:
        raise coverage_error(missing, fonts.source)


_COLORS: dict[str, Color] = {}


def _color(value: str) -> Color:
    color = _COLORS.get(value)
    if color is None:
        color = _COLORS[value] = HexColor(value)
    return color


def paint(canvas: Canvas, drawing: Drawing, x: float, top: float, fonts: Fonts) -> None:
    """Paint the shapes of ``drawing`` with its top-left corner at (``x``, ``top``).

    Line width, colours and font are set only when they change (a grid repeats them for
    hundreds of squares), which leaves the page as it was and saves most of the work.
    """
    canvas.saveState()
    canvas.setLineJoin(0)
    line_width: float | None = None
    fill = stroke = ""
    font: tuple[str, float] | None = None

    def pen(width: float, color: str) -> None:
        nonlocal line_width, stroke
        if width != line_width:
            canvas.setLineWidth(width)
            line_width = width
        if color != stroke:
            canvas.setStrokeColor(_color(color))
            stroke = color

    def ink(color: str) -> None:
        nonlocal fill
        if color != fill:
            canvas.setFillColor(_color(color))
            fill = color

    for shape in drawing.shapes:
        if isinstance(shape, Rect):
            if shape.width != line_width:
                canvas.setLineWidth(shape.width)
                line_width = shape.width
            if shape.fill:
                ink(shape.fill)
            if shape.stroke:
                pen(shape.width, shape.stroke)
            canvas.rect(
                x + shape.x,
                top - shape.y - shape.h,
                shape.w,
                shape.h,
                stroke=1 if shape.stroke else 0,
                fill=1 if shape.fill else 0,
            )
        elif isinstance(shape, Circle):
            pen(shape.width, shape.stroke)
            canvas.circle(x + shape.cx, top - shape.cy, shape.r, stroke=1, fill=0)
        elif isinstance(shape, Line):
            pen(shape.width, shape.stroke)
            canvas.line(x + shape.x1, top - shape.y1, x + shape.x2, top - shape.y2)
        elif isinstance(shape, Text):
            face = (fonts.bold if shape.bold else fonts.regular, shape.size)
            if face != font:
                canvas.setFont(*face)
                font = face
            ink(shape.fill)
            px, py = x + shape.x, top - shape.y
            if shape.anchor == "middle":
                canvas.drawCentredString(px, py, shape.text)
            elif shape.anchor == "end":
                canvas.drawRightString(px, py, shape.text)
            else:
                canvas.drawString(px, py, shape.text)
    canvas.restoreState()


# -- blocks: what the columns are filled with ---------------------------------------------------


@dataclass(frozen=True)
class TextStyle:
    """How a paragraph is set: font, size, leading, hanging indent and the space around it."""

    font: str
    size: float
    leading: float
    indent: float = 0.0  # left indent of every line
    first: float = 0.0  # added to ``indent`` on the first line (negative: hanging)
    space_before: float = 0.0
    space_after: float = 0.0
    keep_with_next: bool = False

    def paragraph_style(self) -> ParagraphStyle:
        """The same style for reportlab's Paragraph (text this module does not set itself)."""
        return ParagraphStyle(
            "pw",
            fontName=self.font,
            fontSize=self.size,
            leading=self.leading,
            leftIndent=self.indent,
            firstLineIndent=self.first,
            spaceBefore=self.space_before,
            spaceAfter=self.space_after,
            keepWithNext=int(self.keep_with_next),
        )


@dataclass(frozen=True, eq=False)
class TextBlock:
    """Lines set by :func:`break_lines`; split only when taller than ``split_over``."""

    lines: tuple[Any, ...]
    style: TextStyle
    offsets: tuple[float, float]  # left offset of the first line and of the others
    split_over: float = 0.0

    @property
    def height(self) -> float:
        return len(self.lines) * self.style.leading

    @property
    def space_before(self) -> float:
        return self.style.space_before

    @property
    def space_after(self) -> float:
        return self.style.space_after

    @property
    def keep_with_next(self) -> bool:
        return self.style.keep_with_next

    def split(self, avail: float) -> tuple[Block, Block] | None:
        """The lines that fit ``avail`` and the rest (two lines at least before the break)."""
        if self.height <= self.split_over:
            return None
        keep = int(avail / self.style.leading)
        if keep <= 1 or keep >= len(self.lines):
            return None
        later = (self.offsets[1], self.offsets[1])
        head = TextBlock(self.lines[:keep], self.style, self.offsets)
        return head, TextBlock(self.lines[keep:], self.style, later, self.split_over)

    def draw(self, canvas: Any, x: float, top: float, width: float) -> None:
        style = self.style
        draw_lines(canvas, self.lines, x, top, style.size, style.leading, self.offsets)


@dataclass(eq=False)
class ParagraphBlock:
    """Text with markup this module does not set (underline, sub/superscripts, ...)."""

    paragraph: Paragraph
    style: TextStyle
    width: float
    split_over: float = 0.0

    def __post_init__(self) -> None:
        _, self._height = self.paragraph.wrap(self.width, 1e9)

    @property
    def height(self) -> float:
        return float(self._height)

    @property
    def space_before(self) -> float:
        return self.style.space_before

    @property
    def space_after(self) -> float:
        return self.style.space_after

    @property
    def keep_with_next(self) -> bool:
        return self.style.keep_with_next

    def split(self, avail: float) -> tuple[Block, Block] | None:
        if self.height <= self.split_over:
            return None
        parts = self.paragraph.split(self.width, avail)
        if len(parts) != 2:
            return None
        return (
            ParagraphBlock(parts[0], self.style, self.width),
            ParagraphBlock(parts[1], self.style, self.width, self.split_over),
        )

    def draw(self, canvas: Any, x: float, top: float, width: float) -> None:
        self.paragraph.wrap(self.width, 1e9)
        self.paragraph.drawOn(canvas, x, top - self.height)


@dataclass(frozen=True, eq=False)
class DrawingBlock:
    """Shapes placed in the flow (the solution grid centred, acrostic blanks indented)."""

    drawing: Drawing
    fonts: Fonts
    centred: bool = False
    indent: float = 0.0
    pad: float = 0.0  # added above and below (the blanks leave a point each side)
    space_before: float = 0.0
    space_after: float = 0.0
    keep_with_next: bool = False

    @property
    def height(self) -> float:
        return self.drawing.height + 2 * self.pad

    def split(self, avail: float) -> tuple[Block, Block] | None:
        return None

    def draw(self, canvas: Any, x: float, top: float, width: float) -> None:
        if self.centred:
            x += (width - self.drawing.width) / 2
        paint(canvas, self.drawing, x + self.indent, top - self.pad, self.fonts)


@dataclass(frozen=True, eq=False)
class Space:
    """Empty room of a fixed height."""

    height: float
    space_before: float = 0.0
    space_after: float = 0.0
    keep_with_next: bool = False

    def split(self, avail: float) -> tuple[Block, Block] | None:
        return None

    def draw(self, canvas: Any, x: float, top: float, width: float) -> None:
        return None


class Setter:
    """Sets texts as blocks for one column width, keeping each text's words across sizes."""

    def __init__(self, width: float) -> None:
        self.width = width
        self._texts: dict[tuple[str, str], tuple[str, list[Word] | None]] = {}

    def block(
        self,
        key: str,
        markup: str | Callable[[], str],
        style: TextStyle,
        split_over: float = 0.0,
    ) -> Block:
        """Paragraph markup set in ``style``, read (and made, if a callable) once per key."""
        cache_key = (key, style.font)
        known = self._texts.get(cache_key)
        if known is None:
            text = markup if isinstance(markup, str) else markup()
            frags = fragments(text, style.font)
            known = self._texts[cache_key] = (text, None if frags is None else text_words(frags))
        text, words = known
        first = self.width - style.indent - style.first
        later = self.width - style.indent
        lines = None if words is None else break_lines(words, style.size, first, later)
        if lines is None:
            paragraph = Paragraph(text, style.paragraph_style())
            return ParagraphBlock(paragraph, style, self.width, split_over)
        offsets = (style.indent + style.first, style.indent)
        return TextBlock(tuple(lines), style, offsets, split_over)

    def plain(self, key: str, text: str, style: TextStyle) -> Block:
        """Plain ``text`` (no markup) set in ``style``."""
        return self.block(key, lambda: escape(text), style)


@dataclass(frozen=True)
class Styles:
    """The text styles of one document at one clue size."""

    clue: TextStyle
    heading: TextStyle
    notes: TextStyle
    title: TextStyle
    body: TextStyle


def make_styles(fonts: Fonts, size: float) -> Styles:
    """Text styles in the chosen fonts, clues at ``size`` points."""
    clue = TextStyle(
        fonts.regular,
        size,
        size * 1.2,
        indent=size * 2.0,
        first=-size * 2.0,
        space_after=size * 0.28,
    )
    heading_size = size + 1.5
    heading = TextStyle(
        fonts.bold,
        heading_size,
        heading_size * 1.25,
        space_before=size * 0.5,
        space_after=size * 0.3,
        keep_with_next=True,
    )
    notes = TextStyle(fonts.italic, size, size * 1.25, space_after=size)
    title = TextStyle(fonts.bold, HEADER_TITLE, HEADER_TITLE * 1.25, space_after=8)
    body = TextStyle(fonts.regular, 11, 14, space_after=6)
    return Styles(clue, heading, notes, title, body)


def _clue_block(
    setter: Setter, entry: ClueEntry, key: str, style: TextStyle, column: float
) -> Block:
    def markup() -> str:
        text = inline_markup(entry.text) if entry.text else "&nbsp;"
        return f"<b>{escape(entry.label)}</b>&nbsp;&nbsp;{text}"

    return setter.block(key, markup, style, column)


def _clue_flow(
    document: Document, styles: Styles, fonts: Fonts, setter: Setter, column: float
) -> Iterator[Item]:
    """The notes, headings and clues in order, each set when the pour asks for it."""
    empty = True
    if document.notes:
        empty = False
        yield setter.block("notes", lambda: inline_markup(document.notes), styles.notes)
    for number, section in enumerate(document.sections):
        empty = False
        yield setter.plain(f"h{number}", section.heading.upper(), styles.heading)
        for position, entry in enumerate(section.entries):
            block = _clue_block(setter, entry, f"c{number}.{position}", styles.clue, column)
            if entry.blanks:
                per_row = int((setter.width - styles.clue.indent) // BLANK)
                drawing = blanks_drawing(entry.blanks, BLANK, per_row)
                blanks = DrawingBlock(drawing, fonts, indent=styles.clue.indent, pad=1.0)
                yield Group((block, blanks, Space(3)))
            else:
                yield block
    if empty:
        yield Space(1)


def _key_flow(
    document: Document, styles: Styles, fonts: Fonts, width: float, height: float
) -> list[Item]:
    setter = Setter(width)
    heading = f"{document.display_title()} — {document.words.solution}"
    flow: list[Item] = [setter.plain("title", heading, styles.title)]
    grid = document.grid
    limit = height * (0.55 if document.kind == "acrostic" else 0.8)
    cell = min(width / grid.width, limit / grid.height, MAX_CELL)
    flow.append(DrawingBlock(grid_drawing(grid, cell, key=True), fonts, centred=True))
    flow.append(Space(12))
    if document.kind == "acrostic":
        for number, line in enumerate(document.solution_lines):
            flow.append(setter.plain(f"s{number}", line, styles.body))
        for section in document.sections:
            for number, entry in enumerate(section.entries):
                markup = f"<b>{escape(entry.label)}</b>&nbsp;&nbsp;{escape(entry.answer)}"
                flow.append(setter.block(f"a{number}", markup, styles.clue))
    return flow


# -- page layout ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where things go on page one and on the following pages."""

    grid_x: float
    grid_top: float
    cell: float
    first: list[Frame]
    later: list[Frame]
    full: Frame


def _columns(x: float, width: float, bottom: float, top: float, count: int) -> list[Frame]:
    colw = (width - GAP * (count - 1)) / count
    return [Frame(x + i * (colw + GAP), bottom, colw, top - bottom) for i in range(count)]


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
    full = Frame(MARGIN, bottom, width, top - bottom)
    if document.kind == "acrostic":
        cell = min(width / grid.width, avail * 0.55 / grid.height, 26.0)
        grid_w, grid_h = cell * grid.width, cell * grid.height
        below = grid_top - grid_h - GAP
        first = _columns(MARGIN, width, bottom, below, 2) if below - bottom > 40 else []
        later = _columns(MARGIN, width, bottom, top, 2)
        return Layout(MARGIN + (width - grid_w) / 2, grid_top, cell, first, later, full)
    colw = (width - 2 * GAP) / 3
    area = 2 * colw + GAP
    cell = min(area / grid.width, avail * 0.62 / grid.height, MAX_CELL)
    grid_w, grid_h = cell * grid.width, cell * grid.height
    below = grid_top - grid_h - GAP
    first = [Frame(MARGIN, bottom, colw, grid_top - bottom)]
    if below - bottom > 40:
        first += _columns(MARGIN + colw + GAP, area, bottom, below, 2)
    later = _columns(MARGIN, width, bottom, top, 3)
    return Layout(MARGIN + width - grid_w, grid_top, cell, first, later, full)


CLUE_SIZES = (9.5, 9.0, 8.5, 8.0, 7.5)  # tried in turn until the puzzle fits one page
READABLE = 9.0  # used when even the smallest size needs more pages


@dataclass(frozen=True)
class Fitted:
    """The clue columns poured at one clue size."""

    size: float
    styles: Styles
    placements: list[Placement]

    @property
    def pages(self) -> int:
        """How many pages the puzzle (without its key) takes."""
        return max((placement.page for placement in self.placements), default=1)


def fit_clues(document: Document, fonts: Fonts, layout: Layout) -> Fitted:
    """The clue layout at the largest size of :data:`CLUE_SIZES` that fits one page.

    When the smallest does not fit either, the clues are set at :data:`READABLE` and continue
    on following pages. A try stops at the first block that would go to page two, so a size
    that does not fit costs about a page of clues.
    """
    setter = Setter(layout.later[0].width)
    column = layout.full.height

    def frames_for(page: int) -> Sequence[Frame]:
        return layout.first if page == 1 else layout.later

    def pour_at(size: float, last_page: int | None) -> Fitted | None:
        styles = make_styles(fonts, size)
        flow = _clue_flow(document, styles, fonts, setter, column)
        placements = pour(flow, frames_for, last_page=last_page)
        return None if placements is None else Fitted(size, styles, placements)

    largest = pour_at(CLUE_SIZES[0], 1)
    if largest is not None:
        return largest
    smallest = pour_at(CLUE_SIZES[-1], 1)
    if smallest is None:
        readable = pour_at(READABLE, None)
        assert readable is not None
        return readable
    for size in CLUE_SIZES[1:-1]:
        fitted = pour_at(size, 1)
        if fitted is not None:
            return fitted
    return smallest


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
    layout = plan(document, size, header_height(document))
    fitted = fit_clues(document, fonts, layout)
    placements = list(fitted.placements)
    if key:
        full = layout.full
        flow = _key_flow(document, fitted.styles, fonts, full.width, full.height)
        placements += pour(flow, lambda page: [full], fitted.pages + 1) or []
    return _draw(document, fonts, size, layout, placements)


def _draw(
    document: Document,
    fonts: Fonts,
    size: tuple[float, float],
    layout: Layout,
    placements: list[Placement],
) -> bytes:
    """Print the pages: header, grid and footers, then every placed block."""
    title = document.display_title()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, invariant=1)
    canvas.setAuthor(document.author)
    canvas.setTitle(title)
    canvas.setSubject("Crossword" if document.kind == "crossword" else "Acrostic")
    canvas.setCreator("puzzlewright")
    by_page: dict[int, list[Placement]] = {}
    for placement in placements:
        by_page.setdefault(placement.page, []).append(placement)
    for number in range(1, max(by_page, default=1) + 1):
        if number == 1:
            _first_page(canvas, document, fonts, size, layout, title)
        else:
            canvas.setFont(fonts.regular, 7.5)
            canvas.drawRightString(
                size[0] - MARGIN, MARGIN, f"{title} — " + document.words.page.format(number)
            )
        for placement in by_page.get(number, []):
            frame = placement.frame
            placement.block.draw(canvas, frame.x, placement.top, frame.width)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _first_page(
    canvas: Canvas,
    document: Document,
    fonts: Fonts,
    size: tuple[float, float],
    layout: Layout,
    title: str,
) -> None:
    """Title, byline, the blank grid and the copyright line."""
    top = size[1] - MARGIN
    room = size[0] - 2 * MARGIN
    wide = pdfmetrics.stringWidth(title, fonts.bold, HEADER_TITLE)
    canvas.setFont(fonts.bold, max(8.0, min(HEADER_TITLE, HEADER_TITLE * room / wide)))
    canvas.drawString(MARGIN, top - HEADER_TITLE, title)
    if document.author:
        canvas.setFont(fonts.regular, 10.5)
        canvas.drawString(MARGIN, top - HEADER_TITLE - 16, document.byline())
    paint(canvas, grid_drawing(document.grid, layout.cell), layout.grid_x, layout.grid_top, fonts)
    line = document.copyright_line()
    canvas.setFont(fonts.regular, 7.5)
    if line:
        canvas.drawString(MARGIN, MARGIN, line)
