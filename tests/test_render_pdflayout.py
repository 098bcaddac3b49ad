"""PDF layout without platypus: lines set as reportlab's Paragraph sets them, columns poured."""

from __future__ import annotations

import io
import random
from xml.sax.saxutils import escape

import pytest

from puzzlewright.render import PAGE_SIZES, crossword_document, render
from puzzlewright.render.markup import inline_markup
from test_render_samples import big_puzzle, mini_puzzle

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("reportlab")

from reportlab.platypus import Paragraph  # noqa: E402

from puzzlewright.render.pdf import document as pdf  # noqa: E402
from puzzlewright.render.pdf.flow import Frame, Group, pour  # noqa: E402
from puzzlewright.render.pdf.text import (  # noqa: E402
    break_lines,
    fragments,
    line_fragments,
    text_words,
)

WORDS = "a the Godfather star x alpha ocean motion wharf shakespearean é — 12 ( ) , . 's"
MARKS = ("<i>", "</i>", "<b>", "</b>", "<em>", "</em>", "&amp;", "&nbsp;", "&lt;", "&#160;")
TOKENS = (*WORDS.split(), *MARKS, " ", "  ", " ", " ", " ", "\xa0", "<br>", "\n")


def _paragraph_lines(
    markup: str, style: pdf.TextStyle, width: float
) -> list[tuple[float, str, int]]:
    """Paragraph's own lines: spare width, text and word count."""
    paragraph = Paragraph(markup, style.paragraph_style())
    paragraph.wrap(width, 1e9)
    lines = paragraph.blPara.lines
    if paragraph.blPara.kind == 0:
        return [(round(extra, 3), " ".join(words), len(words)) for extra, words in lines]
    return [
        (round(line.extraSpace, 3), "".join(word.text for word in line.words), line.wordCount)
        for line in lines
    ]


def _our_lines(
    markup: str, style: pdf.TextStyle, width: float
) -> list[tuple[float, str, int]] | None:
    """Our lines, as :func:`_paragraph_lines` gives them; None when left to Paragraph."""
    frags = fragments(markup, style.font)
    assert frags is not None
    first = width - style.indent - style.first
    lines = break_lines(text_words(frags), style.size, first, width - style.indent)
    if lines is None:
        return None
    return [
        (round(line.extra, 3), "".join(text for _, text in line_fragments(line)), line.count)
        for line in lines
    ]


def test_lines_match_reportlab_paragraph() -> None:
    fonts = pdf.load_fonts(pdf.find_font())
    tokens = TOKENS if fonts.regular == "Helvetica" else (*TOKENS, "жилище", "Ёлка")
    rng = random.Random(11)
    checked = 0
    while checked < 250:
        text = "".join(rng.choice(tokens) for _ in range(rng.randint(0, 50)))
        size = rng.choice(pdf.CLUE_SIZES)
        styles = pdf.make_styles(fonts, size)
        width = rng.uniform(120, 260)
        if rng.random() < 0.7:
            style = styles.clue
            body = inline_markup(text) if text else "&nbsp;"
            markup = f"<b>{rng.choice(['1', '23', '104', 'A'])}</b>&nbsp;&nbsp;{body}"
        else:
            style, markup = styles.notes, inline_markup(text)
        ours = _our_lines(markup, style, width)
        if ours is None:
            continue  # a word wider than the line: left to Paragraph
        theirs = _paragraph_lines(markup, style, width)
        assert [(e, t.strip(" "), c) for e, t, c in ours] == [
            (e, t.strip(" "), c) for e, t, c in theirs
        ], markup
        checked += 1


def test_quirks_of_paragraph_are_kept() -> None:
    fonts = pdf.load_fonts(pdf.find_font())
    style = pdf.make_styles(fonts, 9.0).clue
    # a space between two tags is set in the font around them, not in bold
    markup = "<b>12</b>&nbsp;&nbsp;the closing is snooze the <b>sound</b> <i>x</i> day kind"
    assert _our_lines(markup, style, 170.67) == _paragraph_lines(markup, style, 170.67)
    # no-break spaces in a fragment make Paragraph count a space twice when squeezing lines
    markup = "<b>103</b>&nbsp;&nbsp;<b>12 </b> <i> q</i> tide be office is x\xa0y full <b>12</b> q"
    lines = _our_lines(markup, style, 165.09)
    assert lines == _paragraph_lines(markup, style, 165.09)
    assert lines and lines[0][0] < 0  # squeezed into the line by the allowed shrinkage


def test_markup_left_to_paragraph() -> None:
    assert fragments("H<sub>2</sub>O", "Helvetica") is None
    assert fragments("<u>under</u>", "Helvetica") is None
    assert fragments("soft\xadhyphen", "Helvetica") is None
    frags = fragments("http://example.com/" + "path" * 40, "Helvetica")
    assert frags is not None
    assert break_lines(text_words(frags), 9.0, 170, 152) is None  # wider than a line
    puzzle = mini_puzzle()
    puzzle.clues["1A"] = "See http://example.com/" + "path" * 30 + " and x<sup>2</sup>"
    data = render(crossword_document(puzzle), "pdf")
    text = " ".join(pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text().split())
    assert "Mini clue 1D, 4 letters" in text and "pathpath" in text


class Box:
    """A plain block for pouring tests."""

    def __init__(self, height: float, before: float = 0, after: float = 0, keep: bool = False):
        self.height = height
        self.space_before = before
        self.space_after = after
        self.keep_with_next = keep

    def split(self, avail: float) -> None:
        return None

    def draw(self, canvas: object, x: float, top: float, width: float) -> None:
        return None


def _frames(count: int, height: float = 100) -> list[Frame]:
    return [Frame(i * 50.0, 0.0, 40.0, height) for i in range(count)]


def test_pour_overlaps_spaces_and_moves_blocks_whole() -> None:
    frames = _frames(2)
    a, b, c = Box(40, after=5), Box(30, before=8), Box(40)
    placed = pour([a, b, c], lambda page: frames)
    assert placed is not None
    tops = [(p.page, p.frame.x, p.top) for p in placed]
    assert tops[0] == (1, 0.0, 100.0)
    assert tops[1] == (1, 0.0, 100 - 40 - 8)  # the larger of 5 after and 8 before
    assert tops[2] == (1, 50.0, 100.0)  # 40 more does not fit: next column, top, no space
    assert pour([a, b, c, c, c], lambda page: frames, last_page=1) is None


def test_heading_goes_with_the_next_block_and_groups_stay_whole() -> None:
    frames = _frames(2)
    heading, clue = Box(10, keep=True), Box(30)
    placed = pour([Box(70), heading, clue], lambda page: frames)
    assert placed is not None
    assert [(p.frame.x, p.top) for p in placed[1:]] == [(50.0, 100.0), (50.0, 90.0)]
    group = Group((Box(20), Box(20)))
    placed = pour([Box(70), group], lambda page: frames)
    assert placed is not None
    assert [p.frame.x for p in placed] == [0.0, 50.0, 50.0]


def test_clue_taller_than_a_column_is_split_across_columns() -> None:
    puzzle = mini_puzzle()
    puzzle.clues["1A"] = " ".join(f"w{i}" for i in range(1500))
    data = render(crossword_document(puzzle), "pdf", key=True)
    pages = pypdf.PdfReader(io.BytesIO(data)).pages
    text = " ".join(page.extract_text() for page in pages)
    assert len(pages) >= 3 and "w0 " in text and "w1499" in text
    assert "Morning Mini — Solution" in pages[-1].extract_text()


def test_chosen_size_is_the_largest_that_fits() -> None:
    document = crossword_document(big_puzzle())
    fonts = pdf.load_fonts(pdf.find_font())
    layout = pdf.plan(document, PAGE_SIZES["letter"], pdf.header_height(document))
    fitted = pdf.fit_clues(document, fonts, layout)
    assert fitted.pages == 1
    larger = [size for size in pdf.CLUE_SIZES if size > fitted.size]
    setter = pdf.Setter(layout.later[0].width)
    for size in larger:
        styles = pdf.make_styles(fonts, size)
        flow = pdf._clue_flow(document, styles, fonts, setter, layout.full.height)
        frames = lambda page: layout.first if page == 1 else layout.later  # noqa: E731
        assert pour(flow, frames, last_page=1) is None, size


def test_plain_heading_text_is_escaped_like_paragraph() -> None:
    fonts = pdf.load_fonts(pdf.find_font())
    style = pdf.make_styles(fonts, 9.0).heading
    markup = escape("Q & A <ACROSS>")
    assert _our_lines(markup, style, 170.0) == _paragraph_lines(markup, style, 170.0)
