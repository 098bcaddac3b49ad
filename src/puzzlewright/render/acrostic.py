"""Read an acrostic ipuz (kind ``http://ipuz.org/acrostic#1``) into the printable model.

The layout is the one ``puzzlewright acrostic build -o`` writes (and libipuz reads):
``puzzle`` holds the quotation grid (cell numbers, ``#`` for word breaks, the clue label as a
top-right ``mark``), ``solution`` its letters, and ``clues["Clues"]`` one entry per answer with
``label``, ``clue``, ``answer`` and ``cells`` (``[column, row]``, 0-based, in answer order),
plus a ``[QUOTE]`` entry (clue: the source, answer: the quotation's letters). The
``org.puzzlewright:acrostic`` extension adds the quotation as typed and the punctuation around
each letter cell. ``cells`` may also list quotation numbers (the numbers printed in the grid),
and punctuation may sit in cells of its own (a ``value`` with no number).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
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
EXTENSION = "org.puzzlewright:acrostic"
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
        given = answer  # a punctuation square: printed on the blank grid too
    return CellView(
        number=number,
        corner=corner,
        given=given,
        answer=answer if not given else "",
        circle=isinstance(style, Mapping) and style.get("shapebg") == "circle",
    )


def _punctuation(extension: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """Cell number -> (before, after) punctuation, from the puzzlewright extension's grid."""
    grid = extension.get("grid")
    rows = grid.get("rows") if isinstance(grid, Mapping) else None
    marks: dict[str, tuple[str, str]] = {}
    for row in rows if isinstance(rows, list) else []:
        for cell in row if isinstance(row, list) else []:
            if isinstance(cell, Mapping) and (cell.get("before") or cell.get("after")):
                marks[str(cell.get("number"))] = (
                    str(cell.get("before") or ""),
                    str(cell.get("after") or ""),
                )
    return marks


def _grid(
    data: Mapping[str, Any], punctuation: dict[str, tuple[str, str]]
) -> tuple[GridView, dict[str, tuple[int, int]]]:
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
                before, after = punctuation.get(view.number, ("", ""))
                if before or after:
                    view = replace(view, before=before, after=after)
            out.append(view)
        rows.append(tuple(out))
    return GridView(tuple(rows)), where


def _position(
    item: Any, where: dict[str, tuple[int, int]], grid: GridView
) -> tuple[int, int] | None:
    """The (row, column) of a clue cell given as ``[column, row]`` or as a quotation number."""
    if isinstance(item, list) and len(item) == 2 and all(isinstance(v, int) for v in item):
        col, row = item
        if 0 <= row < grid.height and 0 <= col < grid.width:
            return row, col
        return None
    return where.get(str(item))


def _clue(item: Mapping[str, Any], where: dict[str, tuple[int, int]], grid: GridView) -> ClueEntry:
    label = str(item.get("label", item.get("number", "")))
    blanks = []
    for cell in item.get("cells") or []:
        pos = _position(cell, where, grid)
        view = grid.rows[pos[0]][pos[1]] if pos else None
        if view is None or not view.number:
            raise PuzzleInputError(f"clue {label} points at {cell}, which is not a numbered square")
        blanks.append(Blank(view.number, view.answer))
    answer = str(item.get("answer") or "".join(blank.answer for blank in blanks))
    return ClueEntry(label, str(item.get("clue") or ""), answer, tuple(blanks))


def acrostic_document(data: Mapping[str, Any]) -> Document:
    """The printable view of an acrostic: the quotation grid and clues with numbered blanks."""
    extension = data.get(EXTENSION)
    if not isinstance(extension, Mapping):
        extension = {}
    grid, where = _grid(data, _punctuation(extension))
    clues = data.get("clues") or {}
    items = clues.get("Clues") if isinstance(clues, Mapping) else None
    if not isinstance(items, list):
        raise PuzzleInputError("the acrostic has no clues under 'Clues'")
    entries = []
    quote = str(extension.get("quote") or "")
    source = str(extension.get("source") or "")
    for item in items:
        if not isinstance(item, Mapping):
            raise PuzzleInputError("an acrostic clue is not an object with label, clue and cells")
        if str(item.get("label")) == QUOTE_LABEL:
            quote = quote or str(item.get("answer") or "")
            source = source or str(item.get("clue") or "")
            continue
        entries.append(_clue(item, where, grid))
    if not entries:
        raise PuzzleInputError("the acrostic has no clues")
    initials = "".join(entry.answer[:1] for entry in entries)
    texts = [quote, source, *(e.text for e in entries), *(e.answer for e in entries)]
    words = words_for(texts)
    lines = [line for line in (plain_text(quote), f"— {plain_text(source)}" if source else "")]
    if initials:
        lines.append(words.source.format(initials))
    return Document(
        kind="acrostic",
        grid=grid,
        sections=(ClueSection(words.clues, tuple(entries)),),
        title=plain_text(str(data.get("title") or "")),
        author=plain_text(str(data.get("author") or "")),
        copyright=plain_text(str(data.get("copyright") or "")),
        notes=str(data.get("intro") or data.get("notes") or ""),
        solution_lines=tuple(line for line in lines if line),
        words=words,
    )
