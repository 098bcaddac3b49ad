"""A word search as PDF or a printable HTML page (sheet, then the key on its own page)."""

from __future__ import annotations

from html import escape

from puzzlewright.crossword.wordsearch import WordSearch
from puzzlewright.errors import PuzzleInputError
from puzzlewright.render.pages import DEFAULT_PAGE, PageName

STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 0.6in; color: #000; }
h1 { text-align: center; font-size: 20pt; margin: 0 0 6pt; }
.name { display: flex; justify-content: space-between; font-size: 10pt; margin-bottom: 10pt; }
table.ws { border-collapse: collapse; margin: 0 auto; border: 1.5px solid #000; }
table.ws td { width: 1.6em; height: 1.6em; text-align: center; font-size: 15pt; padding: 0; }
table.ws td.on { background: #bbb; border-radius: 0.4em; }
h2 { font-size: 12pt; margin: 16pt 0 6pt; }
ul.words { columns: 3; list-style: none; padding: 0; font-size: 12pt; line-height: 1.6; }
section.key { break-before: page; page-break-before: always; }
@page { size: %s; margin: 0.5in; }
"""


def _table(ws: WordSearch, key: bool) -> str:
    """The square as an HTML table; with ``key`` the hidden words' cells are marked."""
    on = {cell for hidden in ws.hidden for cell in hidden.cells()} if key else set()
    rows = []
    for r, row in enumerate(ws.rows):
        cells = "".join(
            f'<td class="on">{escape(ch)}</td>' if (r, c) in on else f"<td>{escape(ch)}</td>"
            for c, ch in enumerate(row)
        )
        rows.append(f"<tr>{cells}</tr>")
    label = "key" if key else "letters"
    return f'<table class="ws" aria-label="word search {label}">' + "".join(rows) + "</table>"


def render_wordsearch_html(
    ws: WordSearch, *, title: str = "Word search", key: bool = True, page: PageName = DEFAULT_PAGE
) -> str:
    """The sheet (and with ``key`` the answer page) as one HTML document."""
    words = "".join(
        f"<li>{escape(h.written.upper())}</li>"
        for h in sorted(ws.hidden, key=lambda h: h.written.upper())
    )
    heading = escape(title)
    paper = "letter" if page == "letter" else "A4"
    parts = [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        f"<title>{heading}</title><style>{STYLE % paper}</style></head><body>",
        f'<section class="sheet"><h1>{heading}</h1>',
        '<div class="name"><span>Name: ______________________</span>',
        "<span>Date: ____________</span></div>",
        _table(ws, False),
        f'<h2>Find these words:</h2><ul class="words">{words}</ul></section>',
    ]
    if key:
        parts.append(f'<section class="key"><h1>{heading} — key</h1>{_table(ws, True)}</section>')
    parts.append("</body></html>\n")
    return "".join(parts)


def render_wordsearch(
    ws: WordSearch,
    fmt: str,
    *,
    title: str = "Word search",
    key: bool = True,
    page: PageName = DEFAULT_PAGE,
    font: str | None = None,
) -> bytes:
    """The word search as ``pdf`` or ``html`` bytes."""
    if fmt == "html":
        return render_wordsearch_html(ws, title=title, key=key, page=page).encode("utf-8")
    if fmt != "pdf":
        raise PuzzleInputError(f"a word search prints as pdf or html, not {fmt!r}")
    from puzzlewright.render import need_reportlab

    need_reportlab()
    from puzzlewright.render.pdf.wordsearch import render_wordsearch_pdf

    return render_wordsearch_pdf(ws, title=title, key=key, page=page, font=font)


__all__ = ["render_wordsearch", "render_wordsearch_html"]
