"""HTML output: one self-contained page (inline SVG, print CSS) that prints from a browser."""

from __future__ import annotations

from html import escape

from puzzlewright import __version__
from puzzlewright.render.draw import blanks_drawing, grid_drawing
from puzzlewright.render.markup import inline_markup
from puzzlewright.render.model import ClueEntry, Document, require_key
from puzzlewright.render.pages import DEFAULT_PAGE, PAGE_SIZES, PageName
from puzzlewright.render.svg import FONT_FAMILY, svg_element

BLANKS_PER_ROW = 11

_CSS = """
@page { size: %(page)s; margin: 0.5in; }
* { box-sizing: border-box; }
html { font-family: %(font)s; color: #000; background: #fff; }
body { margin: 0 auto; max-width: %(width)s; padding: 0.25in; font-size: 10pt; line-height: 1.3; }
header h1 { font-size: 18pt; margin: 0 0 2pt; }
header p { margin: 0 0 2pt; }
.byline { font-size: 11pt; }
.notes { font-style: italic; margin-top: 4pt; }
figure.grid { margin: 10pt auto; text-align: center; }
figure.grid svg { width: 100%%; height: auto; max-width: %(grid_max)s; }
.clues { column-count: %(columns)d; column-gap: 14pt; margin-top: 6pt; }
.clues h2 { font-size: 11pt; text-transform: uppercase; letter-spacing: 0.05em;
  margin: 0 0 3pt; break-after: avoid; page-break-after: avoid; }
.clues h2 ~ h2 { margin-top: 8pt; }
.clues ol { list-style: none; margin: 0; padding: 0; }
.clues li { display: flex; gap: 5pt; margin: 0 0 3pt; break-inside: avoid;
  page-break-inside: avoid; }
.clues .label { font-weight: bold; min-width: 1.6em; text-align: right; flex: none; }
.clues .body { flex: 1; min-width: 0; }
.clues svg.blanks { display: block; max-width: 100%%; height: auto; margin-top: 2pt; }
.answer { font-weight: bold; letter-spacing: 0.04em; }
footer.copyright { font-size: 8pt; margin-top: 10pt; color: #333; }
.key { break-before: page; page-break-before: always; margin-top: 24pt; }
.key .quote { font-size: 11pt; margin: 8pt 0; }
@media screen { .key { border-top: 1px dashed #999; padding-top: 12pt; } }
@media print { body { max-width: none; padding: 0; } a { color: inherit; } }
"""


def _clue_item(entry: ClueEntry) -> str:
    text = inline_markup(entry.text) if entry.text else "&nbsp;"
    body = [f'<span class="text">{text}</span>']
    if entry.blanks:
        drawing = blanks_drawing(entry.blanks, 22.0, BLANKS_PER_ROW)
        svg = svg_element(drawing, title=f"{entry.label}: {len(entry.blanks)} letters")
        body.append(svg.replace("<svg ", '<svg class="blanks" ', 1))
    return (
        f'<li><span class="label">{escape(entry.label)}</span>'
        f'<span class="body">{"".join(body)}</span></li>'
    )


def _header(document: Document, suffix: str = "") -> str:
    parts = ["<header>"]
    parts.append(f"<h1>{escape(document.display_title() + suffix)}</h1>")
    if document.author:
        parts.append(f'<p class="byline">{escape(document.byline())}</p>')
    if document.notes and not suffix:
        parts.append(f'<p class="notes">{inline_markup(document.notes)}</p>')
    parts.append("</header>")
    return "\n".join(parts)


def _clues(document: Document) -> str:
    parts = ['<section class="clues">']
    for number, section in enumerate(document.sections, 1):
        parts.append(f"<h2>{escape(section.heading)}</h2>")
        parts.append(f'<ol class="section-{number}">')
        parts.extend(_clue_item(entry) for entry in section.entries)
        parts.append("</ol>")
    parts.append("</section>")
    return "\n".join(parts)


def _key(document: Document) -> str:
    parts = ['<article class="key">', _header(document, f" — {document.words.solution}")]
    grid = grid_drawing(document.grid, 24.0, key=True)
    parts.append(
        f'<figure class="grid">{svg_element(grid, title=document.words.solution)}</figure>'
    )
    if document.kind == "acrostic":
        parts.extend(f'<p class="quote">{escape(line)}</p>' for line in document.solution_lines)
        parts.append('<section class="clues"><ol class="answers">')
        for section in document.sections:
            for entry in section.entries:
                parts.append(
                    f'<li><span class="label">{escape(entry.label)}</span>'
                    f'<span class="body answer">{escape(entry.answer)}</span></li>'
                )
        parts.append("</ol></section>")
    parts.append("</article>")
    return "\n".join(parts)


def render_html(document: Document, *, key: bool = False, page: PageName = DEFAULT_PAGE) -> str:
    """One self-contained HTML file: the puzzle page, then the answer page with ``key``."""
    if key:
        require_key(document)
    acrostic = document.kind == "acrostic"
    width_pt = PAGE_SIZES[page][0]
    css = _CSS % {
        "page": page,
        "font": FONT_FAMILY,
        "width": f"{width_pt / 72:.2f}in",
        "grid_max": f"{min(7.5, 0.42 * document.grid.width):.2f}in" if acrostic else "4.6in",
        "columns": 2 if acrostic else 3,
    }
    title = document.display_title()
    drawing = grid_drawing(document.grid, 24.0, diagramless=document.diagramless)
    grid = svg_element(drawing, title="Puzzle grid")
    parts = [
        "<!DOCTYPE html>",
        "<html>",
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="puzzlewright {escape(__version__)}">',
        f"<title>{escape(title)}</title>",
        f"<style>{css}</style>",
        "</head>",
        "<body>",
        f'<article class="puzzle {document.kind}">',
        _header(document),
        f'<figure class="grid">{grid}</figure>',
        _clues(document),
    ]
    if document.copyright_line():
        parts.append(f'<footer class="copyright">{escape(document.copyright_line())}</footer>')
    parts.append("</article>")
    if key:
        parts.append(_key(document))
    parts.extend(["</body>", "</html>", ""])
    return "\n".join(parts)
