"""A printable cryptarithm sheet: numbered puzzles, then the answer key on its own page.

Sums and differences of words (``SEND + MORE = MONEY``) are set in columns as in a
newspaper, right-aligned over a rule; anything else is printed on one line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from puzzlewright.cryptarithm.solver import Cryptarithm, digit_char

_COLUMN = re.compile(r"^\s*(\w+)((?:\s*[-+]\s*\w+)+)\s*=\s*(\w+)\s*$")

_CSS = """
@page { size: letter; margin: 0.6in; }
body { font-family: Georgia, 'DejaVu Serif', serif; max-width: 7.3in; margin: 0 auto; color: #111; }
h1 { font-size: 22pt; margin: 0 0 4pt; } .intro { margin: 0 0 16pt; font-style: italic; }
ol.puzzles { list-style: none; padding: 0; display: grid;
  grid-template-columns: repeat(auto-fill, minmax(2.3in, 1fr)); gap: 22pt 18pt; }
ol.puzzles li { break-inside: avoid; }
.no { font: bold 11pt sans-serif; color: #555; }
table.sum { font: 600 17pt/1.25 'DejaVu Sans Mono', monospace; border-collapse: collapse;
  margin-top: 4pt; letter-spacing: .12em; }
table.sum td { text-align: right; padding: 0 2pt; }
table.sum tr.total td { border-top: 2px solid #111; }
.line { font: 600 15pt 'DejaVu Sans Mono', monospace; margin-top: 4pt; }
.work { margin-top: 6pt; font: 9pt sans-serif; color: #777; }
.work span { display: inline-block; min-width: 2.2em; border-bottom: 1px solid #aaa;
  margin: 0 3pt 5pt 0; }
.key { break-before: page; page-break-before: always; }
.key li { margin-bottom: 10pt; } .key .digits { font: 600 12pt 'DejaVu Sans Mono', monospace; }
.key .letters { font: 10pt sans-serif; color: #333; }
@media screen { .key { border-top: 1px dashed #999; margin-top: 30pt; padding-top: 10pt; } }
"""


@dataclass(frozen=True)
class SheetPuzzle:
    """One puzzle of a sheet and its solution (letter -> digit)."""

    puzzle: str
    solution: dict[str, int]


def _column_form(text: str) -> str | None:
    """The puzzle set as a column sum, or None when it is not a sum or difference of words."""
    match = _COLUMN.match(text)
    if not match:
        return None
    first, rest, total = match.groups()
    terms = [("", first), *re.findall(r"([-+])\s*(\w+)", rest)]
    rows = [f"<tr><td>{escape(sign)}</td><td>{escape(word)}</td></tr>" for sign, word in terms]
    rows.append(f'<tr class="total"><td></td><td>{escape(total)}</td></tr>')
    return f'<table class="sum">{"".join(rows)}</table>'


def _puzzle_item(number: int, item: SheetPuzzle) -> str:
    body = _column_form(item.puzzle) or f'<div class="line">{escape(item.puzzle)}</div>'
    letters = sorted(item.solution)
    work = "".join(f"<span>{escape(letter)} =</span>" for letter in letters)
    return f'<li><div class="no">{number}.</div>{body}<div class="work">{work}</div></li>'


def _key_item(number: int, item: SheetPuzzle) -> str:
    puzzle = Cryptarithm.parse(item.puzzle)
    digits = puzzle.substitute(item.solution)
    letters = ", ".join(f"{k}={digit_char(v)}" for k, v in item.solution.items())
    return (
        f'<li><span class="no">{number}.</span> <span class="digits">{escape(digits)}</span>'
        f'<div class="letters">{escape(letters)}</div></li>'
    )


def render_sheet(
    puzzles: Sequence[SheetPuzzle], *, title: str = "Cryptarithms", key: bool = True
) -> str:
    """One self-contained HTML sheet: the puzzles with working space, then the key."""
    intro = (
        "Each letter stands for a different digit; numbers do not begin with 0. "
        "Find the digits that make each equation true."
    )
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>",
        f'<h1>{escape(title)}</h1><p class="intro">{intro}</p>',
        '<ol class="puzzles">',
        *(_puzzle_item(i, p) for i, p in enumerate(puzzles, 1)),
        "</ol>",
    ]
    if key:
        parts.append(f'<section class="key"><h1>{escape(title)}: answers</h1><ol class="puzzles">')
        parts.extend(_key_item(i, p) for i, p in enumerate(puzzles, 1))
        parts.append("</ol></section>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
