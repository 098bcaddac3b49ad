"""Read an acrostic ipuz (kind ``http://ipuz.org/acrostic#1``) into the printable model.

The quotation grid comes from ``puzzle`` (numbers, blocks for word breaks, given punctuation,
the clue letter as a top-right mark) and ``solution`` (letters). Clues come from
``clues["Clues"]``: each has a ``label``, a ``clue`` and ``cells`` (1-based quotation
positions, i.e. the numbers printed in the grid, or ``[col, row]`` pairs); the ``[QUOTE]``
entry is the quotation itself and is shown on the key only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzlewright.errors import PuzzleInputError
from puzzlewright.render.markup import plain_text
from puzzlewright.render.model import (
    Blank,
    CellView,
    ClueEntry,
    ClueSection,
    Document,
    GridView,
    words_for,
)

ACROSTIC_KIND = "http://ipuz.org/acrostic"
QUOTE_LABEL = "[QUOTE]"


def is_acrostic(data: Mapping[str, Any]) -> bool:
    """True for an ipuz document whose kind is an acrostic."""
    kinds = data.get("kind") or []
    if isinstance(kinds, str):
        kinds = [kinds]
    return any(isinstance(kind, str) and kind.startswith(ACROSTIC_KIND) for kind in kinds)


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return _text(value.get("value", value.get("cell", "")))
    return str(value)


def _cell_view(label: Any, solution: Any, block: str) -> CellView:
    """One grid square from its ``puzzle`` and ``solution`` entries."""
    if label is None:
        return CellView(void=True)
    if isinstance(label, Mapping):
        cell = label.get("cell")
        style = label.get("style") or {}
        given = _text(label.get("value"))
    else:
        cell, style, given = label, {}, ""
    if cell is not None and str(cell) == block:
        return CellView(block=True)
    marks = style.get("mark") or {} if isinstance(style, Mapping) else {}
    corner = str(marks.get("TR", "")) if isinstance(marks, Mapping) else ""
    number = "" if cell in (None, 0, "0", "", block) else str(cell)
    answer = _text(solution)
    if answer == block:
        answer = ""
    if not number and not given and answer and not answer.isalpha():
        given = answer  # punctuation kept in the grid shows on the blank grid too
    return CellView(
        number=number,
        corner=corner,
        given=given,
        answer=answer if not given else "",
        circle=isinstance(style, Mapping) and style.get("shapebg") == "circle",
    )


def _grid(data: Mapping[str, Any]) -> tuple[GridView, dict[str, tuple[int, int]]]:
    puzzle = data.get("puzzle")
    if not isinstance(puzzle, list) or not puzzle or not all(isinstance(r, list) for r in puzzle):
        raise PuzzleInputError("the acrostic has no 'puzzle' grid")
    block = str(data.get("block", "#"))
    solution = data.get("solution")
    if not isinstance(solution, list):
        solution = []
    width = max(len(row) for row in puzzle)
    rows = []
    where: dict[str, tuple[int, int]] = {}
    for r, row in enumerate(puzzle):
        sol_row = solution[r] if r < len(solution) and isinstance(solution[r], list) else []
        out = []
        for c in range(width):
            label = row[c] if c < len(row) else None
            view = _cell_view(label, sol_row[c] if c < len(sol_row) else None, block)
            if view.number:
                where[view.number] = (r, c)
            out.append(view)
        rows.append(tuple(out))
    return GridView(tuple(rows)), where


def _position(item: Any, where: dict[str, tuple[int, int]]) -> tuple[int, int] | None:
    if isinstance(item, list) and len(item) == 2 and all(isinstance(v, int) for v in item):
        col, row = item
        return row, col
    return where.get(str(item))


def acrostic_document(data: Mapping[str, Any]) -> Document:
    """The printable view of an acrostic: the quotation grid and clues with numbered blanks."""
    grid, where = _grid(data)
    clues = data.get("clues") or {}
    items = clues.get("Clues") if isinstance(clues, Mapping) else None
    if not isinstance(items, list):
        raise PuzzleInputError("the acrostic has no clues under 'Clues'")
    entries = []
    quote = ""
    for item in items:
        if not isinstance(item, Mapping):
            raise PuzzleInputError("an acrostic clue is not an object with label, clue and cells")
        label = str(item.get("label", item.get("number", "")))
        if label == QUOTE_LABEL:
            quote = str(item.get("answer") or item.get("clue") or "")
            continue
        blanks = []
        for cell in item.get("cells") or []:
            pos = _position(cell, where)
            view = grid.rows[pos[0]][pos[1]] if pos and pos[0] < grid.height else None
            number = view.number if view and view.number else str(cell)
            blanks.append(Blank(number, view.answer if view else ""))
        answer = str(item.get("answer") or "".join(blank.answer for blank in blanks))
        entries.append(ClueEntry(label, str(item.get("clue", "")), answer, tuple(blanks)))
    if not entries:
        raise PuzzleInputError("the acrostic has no clues")
    source = "".join(entry.answer[:1] for entry in entries)
    words = words_for([quote, *(entry.text for entry in entries), *(e.answer for e in entries)])
    lines = []
    if quote:
        lines.append(quote)
    explanation = str(data.get("explanation") or "")
    if explanation:
        lines.append(explanation)
    elif source:
        lines.append(words.source.format(source))
    return Document(
        kind="acrostic",
        grid=grid,
        sections=(ClueSection(words.clues, tuple(entries)),),
        title=plain_text(str(data.get("title") or "")),
        author=plain_text(str(data.get("author") or "")),
        copyright=plain_text(str(data.get("copyright") or "")),
        notes=str(data.get("intro") or data.get("notes") or ""),
        solution_lines=tuple(lines),
        words=words,
    )
