"""Playable pages: one self-contained HTML file in which a crossword or an acrostic is solved.

The page is the puzzle's layout and clues as a JSON payload plus the script and style sheet of
``play_assets/`` (read at render time), all inline: no network requests, it works from disk.
The solution travels scrambled (:mod:`puzzlewright.render.playdata`), so reading the page
source does not show the answers; the script unscrambles it to check and reveal.
"""

from __future__ import annotations

import json
from html import escape
from importlib import resources

from puzzlewright import __version__
from puzzlewright.errors import PuzzleInputError
from puzzlewright.render.markup import inline_markup
from puzzlewright.render.model import Document
from puzzlewright.render.playdata import play_payload

ASSETS = "play_assets"


def _asset(name: str) -> str:
    """The text of one file of ``play_assets/`` (shipped as package data)."""
    return resources.files("puzzlewright.render").joinpath(ASSETS, name).read_text("utf-8")


def _script_json(payload: dict[str, object]) -> str:
    """JSON safe inside ``<script>``: no ``<``, ``>`` or ``&`` can end or confuse the element."""
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _header(document: Document) -> str:
    parts = ['<header class="pw-head">', f"<h1>{escape(document.display_title())}</h1>"]
    if document.author:
        parts.append(f'<p class="pw-byline">{escape(document.byline())}</p>')
    if document.notes:
        parts.append(f'<p class="pw-notes">{inline_markup(document.notes)}</p>')
    parts.append("</header>")
    return "".join(parts)


def render_play(document: Document) -> str:
    """The playable page of ``document`` (its grid must hold the solution)."""
    if not document.grid.has_answers():
        raise PuzzleInputError(
            "a playable page needs the solution to check answers, "
            "but the puzzle's grid is not filled in"
        )
    if document.kind == "crossword" and not any(
        entry.text for section in document.sections for entry in section.entries
    ):
        raise PuzzleInputError(
            "a playable page needs clues, and this puzzle has none (clue lists other than "
            "Across and Down, such as a variety puzzle's Rows or Bands, are not read): attach "
            "clues from a clue file first, or print the grid as PDF or HTML"
        )
    payload = play_payload(document)
    footer = ""
    if document.copyright_line():
        footer = f'<footer class="pw-foot">{escape(document.copyright_line())}</footer>'
    kind = escape(document.kind)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f'<meta name="generator" content="puzzlewright {escape(__version__)}">',
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
            "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">",
            f"<title>{escape(document.display_title())}</title>",
            f"<style>{_asset('play.css')}</style>",
            "</head>",
            f'<body class="pw-{kind}">',
            f'<div class="pw-page">{_header(document)}',
            '<main id="pw-app" class="pw-app" aria-label="Puzzle">'
            "<noscript><p>This puzzle page needs JavaScript to play.</p></noscript></main>",
            footer,
            "</div>",
            f'<script type="application/json" id="pw-data">{_script_json(payload)}</script>',
            f"<script>{_asset('play.js')}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )
