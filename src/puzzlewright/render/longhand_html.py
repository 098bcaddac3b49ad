"""HTML of a long division or long multiplication layout, aligned as on paper.

Each character sits in a cell of a fixed-width grid (a table), so digits line up in their
columns whatever the font; the rules under the subtractions and additions are cell borders,
and the division bracket is a border on the dividend's cells.
"""

from __future__ import annotations

from html import escape

from puzzlewright import __version__
from puzzlewright.cryptarithm.longhand import (
    DivisionLayout,
    Layout,
    LayoutSolution,
    PaperLine,
    paper_lines,
)

_CSS = """
body { font-family: "DejaVu Sans Mono", "Courier New", monospace; margin: 0.5in; }
h1 { font-family: sans-serif; font-size: 16pt; }
table.layout { border-collapse: collapse; font-size: 20pt; margin: 12pt 0 24pt; }
table.layout td { width: 0.9em; height: 1.3em; padding: 0; text-align: center; }
table.layout tr.rules td { height: 4px; }
table.layout td.rule { border-top: 2px solid #000; }
table.layout td.bar { border-top: 2px solid #000; }
table.layout td.bracket { border-left: 2px solid #000; }
table.layout td.prefix { text-align: right; width: auto; padding-right: 0.2em; }
"""


def _grid(layout: Layout, lines: list[PaperLine]) -> str:
    width = max(line.right + 1 for line in lines) + 1
    division = isinstance(layout, DivisionLayout)
    prefix_width = max((len(line.prefix) for line in lines), default=0)
    rows = []
    for index, line in enumerate(lines):
        cells = [""] * width
        start = line.right + 1 - len(line.text)
        if line.rule:
            classes = ["" for _ in range(width)]
            for c in range(max(start, 0), line.right + 1):
                classes[c] = "rule"
            row = "".join(f'<td class="{k}"></td>' if k else "<td></td>" for k in classes)
            lead = '<td class="prefix"></td>' if prefix_width else ""
            rows.append(f'<tr class="rules">{lead}{row}</tr>')
            continue
        for offset, ch in enumerate(line.text):
            if 0 <= start + offset < width:
                cells[start + offset] = ch
        bar = division and index == 2
        lead = f'<td class="prefix">{escape(line.prefix)}</td>' if prefix_width else ""
        row = "".join(
            f'<td class="{"bracket" if bar and c == 0 else ""}">{escape(ch)}</td>'
            for c, ch in enumerate(cells)
        )
        rows.append(f"<tr>{lead}{row}</tr>")
    return '<table class="layout">' + "".join(rows) + "</table>"


def layout_html(
    layout: Layout, solution: LayoutSolution | None = None, *, title: str = "Long division"
) -> str:
    """A self-contained HTML page with the puzzle (and the solved layout when given)."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{_CSS}</style>",
        f'<meta name="generator" content="puzzlewright {escape(__version__)}">',
        "</head><body>",
        f"<h1>{escape(title)}</h1>",
        _grid(layout, paper_lines(layout)),
    ]
    if solution is not None:
        parts.append("<h1>Solution</h1>")
        parts.append(_grid(layout, paper_lines(layout, solution)))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
