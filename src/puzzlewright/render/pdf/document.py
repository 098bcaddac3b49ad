"""PDF output through reportlab: the grid on page one, clues flowing through columns and pages.

Page one has the title and byline, the grid (top right for a crossword, across the top for an
acrostic) and clue columns around and below it; clues that do not fit continue in full-height
columns on the following pages. ``key`` adds an answer page. The clue size steps down until
the puzzle fits one page: each size is tried by setting the clue lines arithmetically
(:mod:`puzzlewright.render.pdf.text`) and pouring them into the columns
(:mod:`puzzlewright.render.pdf.flow`), and only the chosen layout is drawn, straight on the
canvas. This module imports reportlab at the top; :func:`puzzlewright.render.render` imports
it only when PDF output is asked for.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from puzzlewright.render.draw import blanks_drawing, grid_drawing
from puzzlewright.render.markup import inline_markup
from puzzlewright.render.model import ClueEntry, Document, require_key
from puzzlewright.render.pages import DEFAULT_PAGE, PAGE_SIZES, PageName
from puzzlewright.render.pdf.blocks import DrawingBlock, Setter, Space, TextStyle
from puzzlewright.render.pdf.faces import Fonts, check_fonts, load_fonts
from puzzlewright.render.pdf.flow import Block, Frame, Group, Item, Placement, pour
from puzzlewright.render.pdf.fontfiles import find_font
from puzzlewright.render.pdf.paint import paint

MARGIN = 36.0  # half an inch
GAP = 14.0  # between columns
HEADER_TITLE = 16.0  # the title: always larger than the byline, which is larger than clues
BYLINE = 11.0
FOOTER = 14.0
FOOTER_SIZE = 7.5
MAX_CELL = 32.0
BLANK = 19.0


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
        for part, section in enumerate(document.sections):
            for number, entry in enumerate(section.entries):
                markup = f"<b>{escape(entry.label)}</b>&nbsp;&nbsp;{escape(entry.answer)}"
                flow.append(setter.block(f"a{part}.{number}", markup, styles.clue))
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


def title_block(document: Document, fonts: Fonts | None, width: float) -> Block:
    """The title set in ``width``: a long title wraps onto more lines, never off the page."""
    fonts = fonts or load_fonts(None)
    style = TextStyle(fonts.bold, HEADER_TITLE, HEADER_TITLE * 1.2)
    return Setter(width).plain("title", document.display_title(), style)


def header_height(document: Document, fonts: Fonts | None = None) -> float:
    """Room taken on page one by the title (all its lines) and byline."""
    page_width = min(w for w, _ in PAGE_SIZES.values())
    title = title_block(document, fonts, page_width - 2 * MARGIN)
    return title.height + 6.0 + (BYLINE * 1.3 if document.byline() else 0.0) + 8.0


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
SPREAD_SIZES = (10.5, 10.0, 9.5)  # larger sizes tried when those pages are needed anyway


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
    """The clue layout at the chosen size (:func:`choose_size`), its last page balanced.

    Balanced: the last page's columns end level (an acrostic's two columns, and the page a
    long crossword continues on), rather than one full column beside empty ones.
    """
    fitted = choose_size(document, fonts, layout)
    if fitted.pages == 1 and document.kind != "acrostic":
        return fitted  # page one: the column beside the grid is full height by design
    setter = Setter(layout.later[0].width)
    column = layout.full.height
    return _balanced(
        fitted, layout, lambda: _clue_flow(document, fitted.styles, fonts, setter, column)
    )


def choose_size(document: Document, fonts: Fonts, layout: Layout) -> Fitted:
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
        for size in SPREAD_SIZES:  # the pages are needed anyway: fill them, larger
            larger = pour_at(size, readable.pages)
            if larger is not None:
                readable = larger
                break
        return readable
    for size in CLUE_SIZES[1:-1]:
        fitted = pour_at(size, 1)
        if fitted is not None:
            return fitted
    return smallest


def _balanced(fitted: Fitted, layout: Layout, flow: Callable[[], Iterator[Item]]) -> Fitted:
    """The same pour with the last page's columns shortened to the same length.

    Without this a 21x21 whose clues spill onto page two fills that page's first column and
    leaves the others empty; balanced, the three columns end level, as in a newspaper.
    """
    last = fitted.pages
    columns = layout.first if last == 1 else layout.later
    if not columns or len({f.top for f in columns}) != 1:
        return fitted
    top = columns[0].top

    def shortened(height: float) -> list[Frame]:
        return [Frame(f.x, top - height, f.width, height) for f in columns]

    best = fitted
    low, high = 0.0, columns[0].height
    while high - low > 2.0:
        middle = (low + high) / 2
        frames = shortened(middle)

        def frames_for(page: int, frames: list[Frame] = frames) -> Sequence[Frame]:
            if page == last:
                return frames
            return layout.first if page == 1 else layout.later

        placements = pour(flow(), frames_for, last_page=last)
        if placements is None:
            low = middle
        else:
            high = middle
            best = Fitted(fitted.size, fitted.styles, placements)
    return best


def render_pdf(
    document: Document,
    *,
    key: bool = False,
    page: PageName = DEFAULT_PAGE,
    font: str | None = None,
    warnings: list[str] | None = None,
) -> bytes:
    """The puzzle as PDF bytes: puzzle page(s), then an answer page with ``key``.

    The clue size shrinks step by step (9.5 to 7.5 pt) until the puzzle fits on one page;
    when it cannot, the clues are set at 9 pt and continue on following pages, the last
    page's columns balanced. Characters no installed font can print are replaced, with a
    warning in ``warnings`` naming them and the fonts tried.
    """
    if key:
        require_key(document)
    fonts = load_fonts(find_font(font))
    document, fonts = check_fonts(document, fonts, warnings)
    size = PAGE_SIZES[page]
    layout = plan(document, size, header_height(document, fonts))
    fitted = fit_clues(document, fonts, layout)
    placements = list(fitted.placements)
    if key:
        full = layout.full
        flow = _key_flow(document, fitted.styles, fonts, full.width, full.height)
        key_pages = pour(flow, lambda page: [full], fitted.pages + 1)
        placements += key_pages or []
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
            _footer(canvas, fonts, size, f"{title} — " + document.words.page.format(number))
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
    """Title (wrapped), byline, the blank grid and the copyright line, inside the margins."""
    top = size[1] - MARGIN
    room = size[0] - 2 * MARGIN
    heading = title_block(document, fonts, room)
    heading.draw(canvas, MARGIN, top, room)
    byline = document.byline()
    if byline:
        canvas.setFont(fonts.regular, _fit(byline, fonts.regular, BYLINE, room))
        canvas.drawString(MARGIN, top - heading.height - 6.0 - BYLINE * 0.9, byline)
    grid = grid_drawing(document.grid, layout.cell, diagramless=document.diagramless)
    paint(canvas, grid, layout.grid_x, layout.grid_top, fonts, cell=layout.cell)
    line = document.copyright_line()
    if line:
        _footer(canvas, fonts, size, line, right=False)


def _fit(text: str, font: str, size: float, room: float) -> float:
    """``size``, or smaller so that ``text`` fits ``room`` points."""
    wide = pdfmetrics.stringWidth(text, font, size)
    return size if wide <= room else size * room / wide


def _footer(
    canvas: Canvas, fonts: Fonts, size: tuple[float, float], text: str, *, right: bool = True
) -> None:
    """A footer line whose descenders stay inside the bottom margin, shrunk to the width."""
    room = size[0] - 2 * MARGIN
    font_size = _fit(text, fonts.regular, FOOTER_SIZE, room)
    canvas.setFont(fonts.regular, font_size)
    baseline = MARGIN + font_size * 0.25
    if right:
        canvas.drawRightString(size[0] - MARGIN, baseline, text)
    else:
        canvas.drawString(MARGIN, baseline, text)
