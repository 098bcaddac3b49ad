"""PDF text set straight on the canvas, line for line as reportlab's Paragraph sets it.

Paragraph parses its markup and measures every word again on each layout pass, so fitting a
15x15 page (up to four passes) cost ~200 ms. Here a text is read once into words whose widths
are kept at 1 pt (widths scale with the size), and lines are broken by Paragraph's own rules,
quirks included, so the page looks exactly as before:

- the markup is cleaned as Paragraph cleans it (white space runs become one space) and cut
  into fragments at every tag and entity;
- words are cut from the fragments as Paragraph's ``_getFragWords`` cuts them: a fragment
  that starts with white space after a word that did not end in it adds an empty word that
  carries the space, no-break spaces bind;
- lines are filled greedily; a line may run over by 5% of the width of the spaces in it
  (spaces counted as the fragments hold them), and the space after a word is measured in the
  font of its last piece.

Text beyond those rules (underline, strike, sub/superscripts, other entities, soft hyphens,
zero-width spaces, a word wider than its line) is left to Paragraph: :func:`fragments` and
:func:`break_lines` return None for it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.lib.fonts import ps2tt, tt2ps
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

SHRINK = 0.05  # Paragraph's default spaceShrinkage
_SPACE = re.compile(r"[^\S\xa0]+")  # white space that breaks lines: all but U+00A0
_LEAD = re.compile(r"^[^\S\xa0]+")
_ASCII_SPACE = " \t\n\r\x0b\x0c"  # what Paragraph tests fragment ends against
_TOKEN = re.compile(r"<(/?)([a-zA-Z]+)\s*(/?)>|&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);")
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "nbsp": "\xa0"}  # what our markup holds
_STYLES = {"b": "b", "i": "i", "strong": "b", "em": "i"}
_UNSET = ("\xad", "\u200b")  # soft hyphen, zero-width space: Paragraph has special rules


class _Advances(dict[str, float]):
    """Advances at 1 pt of one font's characters, each asked of reportlab once."""

    def __init__(self, font: str) -> None:
        super().__init__()
        self.font = font

    def __missing__(self, char: str) -> float:
        width = float(pdfmetrics.stringWidth(char, self.font, 1.0))
        self[char] = width
        return width


_WIDTHS: dict[str, _Advances] = {}
_FACES: dict[tuple[str, bool, bool], str] = {}


def text_width(text: str, font: str) -> float:
    """The advance of ``text`` at 1 pt, from per-character widths cached per font."""
    table = _WIDTHS.get(font)
    if table is None:
        table = _WIDTHS[font] = _Advances(font)
    return sum(map(table.__getitem__, text))


def face(base: str, bold: bool, italic: bool) -> str:
    """The registered font of ``base``'s family in that style (as Paragraph picks it)."""
    key = (base, bold, italic)
    name = _FACES.get(key)
    if name is None:
        family, base_bold, base_italic = ps2tt(base)
        name = _FACES[key] = tt2ps(family, base_bold | bold, base_italic | italic)
    return name


Fragment = tuple[str, str] | None  # (font, text); None is a line break


def fragments(markup: str, base: str) -> list[Fragment] | None:
    """Paragraph's fragments of ``markup`` set in ``base``; None for markup not handled here."""
    if any(char in markup for char in _UNSET):
        return None
    markup = " ".join(part for part in _SPACE.split(markup) if part)
    out: list[Fragment] = []
    bold = italic = 0
    position = 0
    for match in _TOKEN.finditer(markup):
        if match.start() > position:
            out.append((face(base, bold > 0, italic > 0), markup[position : match.start()]))
        position = match.end()
        closing, name, entity = match.group(1), match.group(2), match.group(4)
        if entity is not None:
            if entity.startswith("#"):
                digits = entity[1:]
                code = int(digits[1:], 16) if digits[0] in "xX" else int(digits)
                if code > 0x10FFFF:
                    return None
                text = chr(code)
            elif entity in _ENTITIES:
                text = _ENTITIES[entity]
            else:
                return None
            out.append((face(base, bold > 0, italic > 0), text))
            continue
        name = name.lower()
        if name == "br":
            out.append(None)
        elif name in _STYLES:
            step = -1 if closing else 1
            if _STYLES[name] == "b":
                bold = max(bold + step, 0)
            else:
                italic = max(italic + step, 0)
        else:
            return None
    if position < len(markup):
        out.append((face(base, bold > 0, italic > 0), markup[position:]))
    if any(fragment and any(char in fragment[1] for char in _UNSET) for fragment in out):
        return None
    return out


@dataclass(frozen=True, slots=True)
class Word:
    """Pieces (font, text) with no breaking space between them, and what breaking needs."""

    pieces: tuple[tuple[str, str], ...]
    units: float  # advance at 1 pt
    space: float = 0.0  # advance at 1 pt of the space after it (0: none followed it)
    counts: bool = False  # it has text (Paragraph counts it as a word of its line)
    line_break: bool = False


def _word(pieces: list[tuple[str, str]], spaced: bool) -> Word:
    units = sum(text_width(text, font) for font, text in pieces)
    space = text_width(" ", pieces[-1][0]) if spaced else 0.0
    return Word(tuple(pieces), units, space, any(text for _, text in pieces))


LINE_BREAK = Word((), 0.0, line_break=True)


def _split(text: str) -> list[str]:
    if "\xa0" in text:
        return _SPACE.split(text)  # keeps empty strings at the ends, as Paragraph's does
    return text.split()


def text_words(frags: list[Fragment]) -> list[Word]:
    """Words cut from ``frags`` as Paragraph cuts them (empty words carry stray spaces)."""
    if frags == [None]:
        return []  # a lone line break sets no line at all in Paragraph
    words: list[Word] = []
    pending: list[tuple[str, str]] = []

    def close(spaced: bool) -> None:
        words.append(_word(pending, spaced))
        pending.clear()

    strip = True  # leading white space of the text (and after a line break) is dropped
    for frag in frags:
        if frag is None:
            if pending:
                close(False)
            words.append(LINE_BREAK)
            strip = True
            continue
        font, text = frag
        if not text:
            continue
        if strip:
            text = _LEAD.sub("", text)
            if not text:
                continue
            strip = False
        parts = _split(text)
        if text[0] in _ASCII_SPACE or not parts:
            if pending:
                close(False)
                after_space = False
            else:
                after_space = bool(words) and words[-1].space > 0
            if not after_space:
                parts.insert(0, "")
            elif not parts:
                continue
        for part in parts[:-1]:
            pending.append((font, part))
            close(True)
        pending.append((font, parts[-1]))
        if text[-1] in _ASCII_SPACE:
            close(True)
    if pending:
        close(False)
    return words


@dataclass(frozen=True)
class Line:
    """One set line: its words, the room left (negative: squeezed) and its word count."""

    words: tuple[Word, ...]
    extra: float
    count: int


def break_lines(words: list[Word], size: float, first: float, later: float) -> list[Line] | None:
    """Paragraph's lines of ``words`` at ``size``: ``first`` points wide, then ``later``.

    None when a word is wider than a line (Paragraph would split it inside the word). Only
    numbers are kept here; :func:`line_fragments` builds the text of a chosen line.
    """
    limit = min(first, later) / size
    lines: list[Line] = []
    start = 0  # index of the line's first word
    room = first
    count = 0  # words with text on the line
    current = space = shrink = 0.0  # width so far, space pending, spaces held in the text
    last_font = ""  # font of the line's last fragment
    ends_space = False  # whether that fragment's text ends in a space
    for index, word in enumerate(words):
        if index == start:
            count = 0
            current = space = shrink = 0.0
        if word.line_break:
            lines.append(Line(tuple(words[start:index]), room - current, count))
            start, room = index + 1, later
            continue
        if word.units > limit:
            return None
        width = word.units * size
        wider = current + space + width if width > 0 else current
        pieces = word.pieces
        font, text = pieces[0]
        if count > 0 and wider > room + SHRINK * (space + shrink):
            lines.append(Line(tuple(words[start:index]), room - current, count))
            start, room = index, later
            count, current, shrink, ends_space = 1, width, 0.0, False
        else:
            if index == start:
                ends_space = False
            elif last_font != font:
                if space and not ends_space:
                    shrink += space
                ends_space = False
            elif space and not ends_space:
                shrink += space
                ends_space = not text
            else:
                ends_space = ends_space and not text
            if len(pieces) > 1:
                ends_space = False
            if word.counts:
                count += 1
            current = wider
        last_font = pieces[-1][0]
        space = word.space * size
    if start < len(words):
        lines.append(Line(tuple(words[start:]), room - current, count))
    return lines


def line_fragments(line: Line) -> list[tuple[str, str]]:
    """The line's text as Paragraph holds it: (font, text) fragments, spaces where it puts them."""
    frags: list[list[str]] = []
    space = False
    for word in line.words:
        font, text = word.pieces[0]
        if not frags:
            frags.append([font, text])
        elif frags[-1][0] != font:
            if space and not frags[-1][1].endswith(" "):
                frags[-1][1] += " "
            frags.append([font, text])
        elif space and not frags[-1][1].endswith(" "):
            frags[-1][1] += " " + text
        else:
            frags[-1][1] += text
        frags.extend([piece_font, piece_text] for piece_font, piece_text in word.pieces[1:])
        space = word.space > 0
    return [(font, text) for font, text in frags]


def draw_lines(
    canvas: Canvas,
    lines: tuple[Line, ...] | list[Line],
    x: float,
    top: float,
    size: float,
    leading: float,
    offsets: tuple[float, float],
) -> None:
    """Print ``lines`` with the first baseline ``size`` below ``top`` (as Paragraph does).

    ``offsets`` are the left offsets of the first line and of the others. A line that runs
    over its width (by the allowed shrinkage) gets negative word spacing, as in Paragraph.
    """
    text = canvas.beginText()
    font = ""
    baseline = top - size
    for index, line in enumerate(lines):
        text.setTextOrigin(x + offsets[0 if index == 0 else 1], baseline - index * leading)
        frags = line_fragments(line)
        squeeze = 0.0
        if line.extra < -1e-8:
            gaps = line.count - 1 + sum(frag_text.count("\xa0") for _, frag_text in frags)
            if gaps > 0:
                squeeze = line.extra / gaps
                text.setWordSpace(squeeze)
        run_font, run_text = "", ""
        for frag_font, frag_text in [*frags, ("", "")]:
            if frag_font == run_font:
                run_text += frag_text
                continue
            if run_text:
                if run_font != font:
                    text.setFont(run_font, size)
                    font = run_font
                text.textOut(run_text)
            run_font, run_text = frag_font, frag_text
        if squeeze:
            text.setWordSpace(0)
    canvas.drawText(text)
