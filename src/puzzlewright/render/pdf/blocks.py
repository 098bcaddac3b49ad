"""What PDF clue columns are filled with: set text, drawings and space, each of fixed height.

:class:`Setter` turns Paragraph markup into a :class:`TextBlock` (lines set by
:mod:`puzzlewright.render.pdf.text`, drawn straight on the canvas) or, for markup that module
leaves alone, a :class:`ParagraphBlock` around reportlab's own Paragraph. Blocks follow the
:class:`puzzlewright.render.pdf.flow.Block` protocol.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle

from puzzlewright.render.draw import Drawing
from puzzlewright.render.pdf.faces import Fonts
from puzzlewright.render.pdf.flow import Block
from puzzlewright.render.pdf.paint import paint
from puzzlewright.render.pdf.text import (
    Line,
    Word,
    break_lines,
    draw_lines,
    fragments,
    text_words,
)

if TYPE_CHECKING:
    from reportlab.platypus import Paragraph


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


class _Styled:
    """A text block's spacing and keep-with-next, read from its style."""

    style: TextStyle

    @property
    def space_before(self) -> float:
        return self.style.space_before

    @property
    def space_after(self) -> float:
        return self.style.space_after

    @property
    def keep_with_next(self) -> bool:
        return self.style.keep_with_next


@dataclass(frozen=True, eq=False)
class TextBlock(_Styled):
    """Lines set by :func:`break_lines`; split only when taller than ``split_over``."""

    lines: tuple[Line, ...]
    style: TextStyle
    offsets: tuple[float, float]  # left offset of the first line and of the others
    split_over: float = 0.0

    @property
    def height(self) -> float:
        return len(self.lines) * self.style.leading

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
class ParagraphBlock(_Styled):
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
            from reportlab.platypus import Paragraph  # ~70 ms to import: only when needed

            paragraph = Paragraph(text, style.paragraph_style())
            return ParagraphBlock(paragraph, style, self.width, split_over)
        offsets = (style.indent + style.first, style.indent)
        return TextBlock(tuple(lines), style, offsets, split_over)

    def plain(self, key: str, text: str, style: TextStyle) -> Block:
        """Plain ``text`` (no markup) set in ``style``."""
        return self.block(key, lambda: escape(text), style)
