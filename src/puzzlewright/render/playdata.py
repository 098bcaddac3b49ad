"""The data a playable page carries: layout, clues and the scrambled solution.

Cells are indexed row by row (``index = row * width + column``). ``layout`` has one character
per cell: ``#`` block, ``_`` void (not drawn), ``.`` a letter square, ``=`` a square printed
with fixed text (acrostic punctuation). Each clue lists the cells it fills, in order. A
diagramless page shows every square open, without numbers or clue cells: the solver marks
the blocks, which the solution holds as ``#``.

The solution is one string per cell joined by U+001F, UTF-8 encoded, XORed with an xorshift32
key stream and base64 encoded. This keeps answers out of the page source for casual readers;
the key is in the page, so it does not stop a determined one (the docs say so).
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass

from puzzlewright.crossword.grid import BAR_BELOW, BAR_RIGHT, BarSides, Grid
from puzzlewright.render.markup import inline_markup
from puzzlewright.render.model import ClueSection, Document, GridView

CellIndex = int  # row * width + column
SEPARATOR = "\x1f"
BLOCK_ANSWER = "#"  # a diagramless block, as the solver marks it (the "." key)


def _xorshift_stream(key: int, length: int) -> bytes:
    """``length`` bytes of the xorshift32 sequence from ``key`` (the page's script repeats it)."""
    x = key & 0xFFFFFFFF or 1
    out = bytearray(length)
    for i in range(length):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out[i] = x & 0xFF
    return bytes(out)


def scramble(answers: list[str], key: int) -> str:
    """The per-cell answers as the page stores them (base64 of the keyed XOR)."""
    data = SEPARATOR.join(answers).encode("utf-8")
    stream = _xorshift_stream(key, len(data))
    return base64.b64encode(bytes(a ^ b for a, b in zip(data, stream, strict=True))).decode()


def unscramble(text: str, key: int) -> list[str]:
    """The inverse of :func:`scramble` (for tests and tools)."""
    data = base64.b64decode(text)
    stream = _xorshift_stream(key, len(data))
    return bytes(a ^ b for a, b in zip(data, stream, strict=True)).decode("utf-8").split(SEPARATOR)


@dataclass(frozen=True)
class PlayClue:
    """A clue as the page shows it: label, inline-markup text and the cells it fills."""

    label: str
    clue: str
    cells: tuple[CellIndex, ...]

    def as_json(self) -> dict[str, object]:
        return {"label": self.label, "clue": self.clue, "cells": list(self.cells)}


def _layout(grid: GridView, diagramless: bool = False) -> str:
    chars = []
    for row in grid.rows:
        for cell in row:
            if cell.block and diagramless:
                chars.append(".")  # the solver finds the blocks: every square looks open
            elif cell.block:
                chars.append("#")
            elif cell.void:
                chars.append("_")
            elif cell.given and not cell.number:
                chars.append("=")
            else:
                chars.append(".")
    return "".join(chars)


def _crossword_clues(document: Document) -> list[tuple[ClueSection, str, list[PlayClue]]]:
    """Across and Down clues with their cells, from the grid's own entry numbering."""
    view = document.grid
    width = view.width
    grid = Grid(
        [[None if c.block or c.void else "" for c in row] for row in view.rows], _bars(view)
    )
    out = []
    for section in document.sections:
        direction = "across" if section.heading == document.words.across else "down"
        texts = {entry.label: entry.text for entry in section.entries}
        clues = [
            PlayClue(
                str(slot.number),
                _markup(texts.get(str(slot.number), "")),
                tuple(r * width + c for r, c in slot.cells),
            )
            for slot in grid.slots()
            if slot.direction == direction
        ]
        out.append((section, direction, clues))
    return out


def _bars(view: GridView) -> dict[tuple[int, int], BarSides]:
    """The bars of a barred grid, so entries stop at them as in the printed grid."""
    return {
        (r, c): (BAR_RIGHT if cell.bar_right else 0) | (BAR_BELOW if cell.bar_below else 0)
        for r, row in enumerate(view.rows)
        for c, cell in enumerate(row)
        if cell.bar_right or cell.bar_below
    }


def _acrostic_clues(document: Document) -> list[tuple[ClueSection, str, list[PlayClue]]]:
    """Acrostic clues whose blanks point at the quotation squares by number."""
    view = document.grid
    where = {
        cell.number: r * view.width + c
        for r, row in enumerate(view.rows)
        for c, cell in enumerate(row)
        if cell.number
    }
    out = []
    for section in document.sections:
        clues = [
            PlayClue(
                entry.label,
                _markup(entry.text),
                tuple(where[blank.number] for blank in entry.blanks if blank.number in where),
            )
            for entry in section.entries
        ]
        out.append((section, "clue", clues))
    return out


def _markup(text: str) -> str:
    return inline_markup(text) if text else ""


def _answers(grid: GridView, diagramless: bool = False) -> list[str]:
    """The solution of every cell (empty for blocks, voids and fixed squares; ``#`` for the
    blocks of a diagramless grid, which the solver marks), uppercased."""
    return [
        BLOCK_ANSWER
        if cell.block and diagramless
        else ""
        if cell.block or cell.void or (cell.given and not cell.number)
        else cell.answer.upper()
        for row in grid.rows
        for cell in row
    ]


def _marks(grid: GridView) -> dict[str, object]:
    """Numbers, corner letters, fixed text, punctuation, circles and shading by cell index."""
    numbers: dict[str, str] = {}
    corners: dict[str, str] = {}
    given: dict[str, str] = {}
    punct: dict[str, list[str]] = {}
    circles: list[int] = []
    shaded: list[int] = []
    bars: dict[str, str] = {}  # cell index -> "r" (bar right), "b" (below) or "rb"
    for index, cell in enumerate(cell for row in grid.rows for cell in row):
        if cell.bar_right or cell.bar_below:
            bars[str(index)] = "r" * cell.bar_right + "b" * cell.bar_below
        key = str(index)
        if cell.number:
            numbers[key] = cell.number
        if cell.corner:
            corners[key] = cell.corner
        if cell.given and not cell.number:
            given[key] = cell.given
        if cell.before or cell.after:
            punct[key] = [cell.before, cell.after]
        if cell.circle:
            circles.append(index)
        if cell.shaded:
            shaded.append(index)
    return {
        "numbers": numbers,
        "corners": corners,
        "given": given,
        "punct": punct,
        "circles": circles,
        "shaded": shaded,
        "bars": bars,
    }


def play_payload(document: Document) -> dict[str, object]:
    """Everything the page's script needs, as JSON-ready data (answers scrambled)."""
    grid = document.grid
    diagramless = document.diagramless and document.kind != "acrostic"
    layout = _layout(grid, diagramless)
    answers = _answers(grid, diagramless)
    if document.kind == "acrostic":
        groups = _acrostic_clues(document)
    else:
        groups = _crossword_clues(document)
    sections = [
        {
            "heading": section.heading,
            "dir": direction,
            # a diagramless page must not say where an entry is: clues without their cells
            "clues": [{**c.as_json(), **({"cells": []} if diagramless else {})} for c in clues],
        }
        for section, direction, clues in groups
    ]
    marks = _marks(grid)
    if diagramless:
        marks["numbers"] = {}  # numbers would give the pattern away
    digest = hashlib.sha256("\n".join([layout, *answers]).encode("utf-8")).digest()
    key = int.from_bytes(digest[:4], "big") or 1
    scrambled = scramble(answers, key)
    ident = hashlib.sha256(f"{document.title}\n{layout}\n{scrambled}".encode()).hexdigest()
    return {
        "v": 1,
        "kind": document.kind,
        "id": ident[:16],
        "title": document.display_title(),
        "width": grid.width,
        "height": grid.height,
        "layout": layout,
        "diagramless": diagramless,
        **marks,
        "sections": sections,
        "words": {"across": document.words.across, "down": document.words.down},
        "key": key,
        "solution": scrambled,
    }
