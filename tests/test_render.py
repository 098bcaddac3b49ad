"""Render layer: the layout model, SVG grids and self-contained HTML pages."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from puzzlewright.crossword import Grid, Puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.render import crossword_document, render
from puzzlewright.render.draw import Rect, Text, blanks_drawing, grid_drawing
from puzzlewright.render.markup import inline_markup, plain_text
from puzzlewright.render.model import Blank
from test_render_samples import big_puzzle, mini_puzzle, russian_puzzle

SVG = "{http://www.w3.org/2000/svg}"


# -- model -----------------------------------------------------------------------------------
def test_document_numbers_blocks_circles_and_clues() -> None:
    puzzle = mini_puzzle()
    doc = crossword_document(puzzle)
    assert (doc.grid.width, doc.grid.height) == (5, 5)
    assert doc.grid.rows[0][4].block and doc.grid.rows[4][0].block
    numbers = {
        (r, c): cell.number
        for r, row in enumerate(doc.grid.rows)
        for c, cell in enumerate(row)
        if cell.number
    }
    assert numbers == {pos: str(n) for pos, n in puzzle.grid.numbering().items()}
    assert doc.grid.rows[2][2].circle
    assert [s.heading for s in doc.sections] == ["Across", "Down"]
    across = doc.sections[0].entries
    assert across[0].label == "1" and across[0].answer == "HEAT"
    assert across[0].text == "Mini clue 1A, 4 letters"
    assert doc.copyright_line() == "© 2026 Ada Setter"


def test_copyright_is_not_doubled() -> None:
    doc = crossword_document(big_puzzle())
    assert doc.copyright_line() == "© 2026 Bea Constructor"


def test_shaded_and_void_cells_follow_the_puzzle() -> None:
    puzzle = Puzzle(Grid.parse("AB#\nCDE\n#FG\n"), shaded={(1, 1)}, voids={(0, 2)})
    doc = crossword_document(puzzle)
    assert doc.grid.rows[1][1].shaded
    assert doc.grid.rows[0][2].void and not doc.grid.rows[0][2].block
    assert doc.grid.rows[2][0].block


def test_key_needs_a_filled_grid() -> None:
    blank = Puzzle(Grid.parse("..#\n...\n#..\n"), clues={"1A": "x"})
    doc = crossword_document(blank)
    assert render(doc, "svg")  # the blank grid prints
    for fmt in ("svg", "html"):
        with pytest.raises(PuzzleInputError, match="not filled"):
            render(doc, fmt, key=True)  # type: ignore[arg-type]


def test_grid_drawing_shapes() -> None:
    doc = crossword_document(mini_puzzle())
    plain = grid_drawing(doc.grid, 20.0)
    assert (plain.width, plain.height) == (100.0, 100.0)
    blocks = [s for s in plain.shapes if isinstance(s, Rect) and s.role == "block"]
    assert {(b.x, b.y) for b in blocks} == {(80.0, 0.0), (0.0, 80.0)}
    assert not [s for s in plain.shapes if isinstance(s, Text) and s.role == "ans"]
    keyed = grid_drawing(doc.grid, 20.0, key=True)
    answers = [s.text for s in keyed.shapes if isinstance(s, Text) and s.role == "ans"]
    assert "".join(answers) == "HEATARENALOVEDOVENSSEAT"


def test_blanks_wrap_rows() -> None:
    blanks = tuple(Blank(str(n), "A") for n in range(1, 11))
    drawing = blanks_drawing(blanks, 10.0, 4)
    numbers = [s for s in drawing.shapes if isinstance(s, Text) and s.role == "num"]
    assert [s.text for s in numbers] == [str(n) for n in range(1, 11)]
    assert drawing.width == 40.0 and len({s.y for s in numbers}) == 3
    assert not [s for s in drawing.shapes if isinstance(s, Text) and s.role == "ans"]


# -- SVG -------------------------------------------------------------------------------------
def _svg_texts(data: bytes, role: str) -> list[str]:
    root = ET.fromstring(data)
    return [el.text or "" for el in root.iter(f"{SVG}text") if el.get("class") == role]


def test_svg_is_the_numbered_grid() -> None:
    puzzle = big_puzzle()
    data = render(crossword_document(puzzle), "svg")
    root = ET.fromstring(data)
    assert root.tag == f"{SVG}svg"
    assert root.findtext(f"{SVG}title") == "Sunday Sampler"
    blocks = [el for el in root.iter(f"{SVG}rect") if el.get("class") == "block"]
    assert len(blocks) == puzzle.grid.block_count()
    numbers = sorted(int(t) for t in _svg_texts(data, "num"))
    assert numbers == sorted(puzzle.grid.numbering().values())
    assert len(list(root.iter(f"{SVG}circle"))) == 4
    assert _svg_texts(data, "ans") == []
    assert b"Ocean motion" not in data  # the grid alone, no clues


def test_svg_key_has_every_answer_letter() -> None:
    puzzle = big_puzzle()
    data = render(crossword_document(puzzle), "svg", key=True)
    letters = [puzzle.grid.cells[r][c] for r, c in puzzle.grid.positions()]
    assert _svg_texts(data, "ans") == letters
    assert ET.fromstring(data).findtext(f"{SVG}title") == "Sunday Sampler (solution)"


def test_svg_escapes_text() -> None:
    puzzle = mini_puzzle()
    puzzle.title = 'Q&A <"quoted">'
    data = render(crossword_document(puzzle), "svg")
    assert ET.fromstring(data).findtext(f"{SVG}title") == 'Q&A <"quoted">'


# -- HTML ------------------------------------------------------------------------------------
class _Page(HTMLParser):
    """Collects what a reader of the page sees, by the class of the enclosing element."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str]] = []
        self.texts: dict[str, list[str]] = {}
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.in_key = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag == "article" and "key" in (attributes.get("class") or "").split():
            self.in_key = True
        self.stack.append((tag, attributes.get("class") or ""))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.stack or not data.strip():
            return
        tag, cls = self.stack[-1]
        name = ("key:" if self.in_key else "") + (cls or tag)
        self.texts.setdefault(name, []).append(data.strip())


def _parse(data: bytes) -> _Page:
    page = _Page()
    page.feed(data.decode("utf-8"))
    return page


def test_html_page_has_title_grid_and_every_clue() -> None:
    puzzle = big_puzzle()
    data = render(crossword_document(puzzle), "html")
    page = _parse(data)
    assert page.texts["title"] == ["Sunday Sampler", "Puzzle grid"]  # page, then SVG
    assert page.texts["h1"] == ["Sunday Sampler"]
    assert page.texts["byline"] == ["by Bea Constructor"]
    assert page.texts["copyright"] == ["© 2026 Bea Constructor"]
    assert page.texts["h2"] == ["Across", "Down"]
    clue_texts = page.texts["text"]
    assert clue_texts == [
        puzzle.clue(slot) for slot in puzzle.grid.slots() if slot.direction == "across"
    ] + [puzzle.clue(slot) for slot in puzzle.grid.slots() if slot.direction == "down"]
    numbers = sorted({int(n) for n in page.texts["num"]})
    assert numbers == sorted(puzzle.grid.numbering().values())
    assert "ans" not in page.texts and "key:ans" not in page.texts


def test_html_is_self_contained_print_page() -> None:
    data = render(crossword_document(mini_puzzle()), "html", page="a4").decode()
    page = _parse(data.encode())
    tags = {tag for tag, _ in page.tags}
    assert "svg" in tags and "style" in tags
    assert not {"link", "script", "img", "iframe"} & tags
    assert not [attrs for _, attrs in page.tags if attrs.get("src") or attrs.get("href")]
    assert "@page { size: a4;" in data and "column-count: 3" in data
    assert "http://" not in data.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "Warm up before the big one." in page.texts["notes"]


def test_html_key_adds_the_solution_page() -> None:
    puzzle = mini_puzzle()
    data = render(crossword_document(puzzle), "html", key=True)
    page = _parse(data)
    assert page.texts["key:h1"] == ["Morning Mini — Solution"]
    assert "".join(page.texts["key:ans"]) == "HEATARENALOVEDOVENSSEAT"
    assert "ans" not in page.texts  # the puzzle page itself stays blank
    assert "break-before: page" in data.decode()


def test_html_escapes_clues_and_keeps_ipuz_inline_tags() -> None:
    puzzle = mini_puzzle()
    puzzle.clues["1A"] = "<script>alert('x')</script> & more"
    puzzle.clues["5A"] = "Film <i>The Godfather</i> star, H<sub>2</sub>O &amp; <B>bold"
    puzzle.title = "<i>Tiny</i> &amp; Co"
    data = render(crossword_document(puzzle), "html")
    assert b"<script>" not in data
    texts = _parse(data).texts
    assert "alert('x') & more" in texts["text"]
    assert b"Film <i>The Godfather</i> star, H<sub>2</sub>O &amp; <b>bold</b>" in data
    assert texts["h1"] == ["Tiny & Co"]


def test_inline_markup_rules() -> None:
    assert inline_markup("a < b & c") == "a &lt; b &amp; c"
    assert inline_markup("<EM>x</em><br>y") == "<i>x</i><br/>y"
    assert inline_markup("<i><b>x</i> y") == "<i><b>x</b></i> y"
    assert inline_markup("</i>x<span>y</span>") == "xy"
    assert plain_text("<i>Tiny</i>&nbsp;&amp;<br/>Co") == "Tiny\xa0& Co"


def test_html_keeps_cyrillic() -> None:
    puzzle = russian_puzzle()
    page = _parse(render(crossword_document(puzzle), "html"))
    assert page.texts["h1"] == ["Кроссворд"]
    assert "Жилище человека" in page.texts["text"]


def test_rebus_letters_shrink_to_fit_their_square() -> None:
    puzzle = Puzzle(Grid.parse("A[HEART]B\nC#D\nEFG\n"))
    drawing = grid_drawing(crossword_document(puzzle).grid, 20.0, key=True)
    sizes = {s.text: s.size for s in drawing.shapes if isinstance(s, Text) and s.role == "ans"}
    assert sizes["HEART"] < sizes["A"]
    assert 0.62 * len("HEART") * sizes["HEART"] <= 20.0 * 0.86 + 1e-9
    svg = render(crossword_document(puzzle), "svg", key=True)
    assert b">HEART</text>" in svg
