"""Acrostic ipuz, read: kind ``http://ipuz.org/acrostic#1`` as libipuz lays it out.

``puzzle`` is the quotation grid (cell numbers, ``#`` for word breaks, the clue label as a
top-right mark), ``solution`` its letters. Clues live in the ``"Clues"`` list: one per answer
with ``label``, ``answer`` and ``cells`` (the grid squares its letters go to, in answer
order), plus a ``[QUOTE]`` clue whose cells run through the whole quotation. Coordinates are
``[column, row]``, 0-based. The quotation with punctuation, the source and 1-based cell
numbers are repeated under ``org.puzzlewright:acrostic`` so a renderer needs nothing else.

:func:`read_ipuz` reads such a document (ours or another tool's) into an
:class:`AcrosticSheet`: the grid squares with their marks and the clues with the squares they
feed. ``cells`` may also list quotation numbers (the numbers printed in the grid), and
punctuation may sit in squares of its own (a ``value`` with no number).

The format lives here, beside the other file formats, because the JPZ converter and the
renderer read acrostics too; the acrostic engine writes the documents
(:mod:`puzzlewright.acrostic.ipuz`) and stands above, importing this.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from puzzlewright.errors import PuzzleInputError
from puzzlewright.pagetexts import PageTexts

KIND_PREFIX = "http://ipuz.org/acrostic"
KIND = f"{KIND_PREFIX}#1"
EXTENSION = "org.puzzlewright:acrostic"
QUOTE_LABEL = "[QUOTE]"


@dataclass(frozen=True)
class SheetCell:
    """One square of the quotation grid as a file describes it: what is printed in and
    around it. The renderer's square (:class:`puzzlewright.render.model.CellView`) is this
    plus what only crosswords print (shading, bars), so the field list is written once."""

    block: bool = False  # a word break
    void: bool = False  # no square at all (ragged last row)
    number: str = ""  # quotation position printed top left
    corner: str = ""  # the clue letter printed top right
    given: str = ""  # printed on the blank grid too (punctuation in a square of its own)
    before: str = ""  # punctuation printed small before the letter (an opening quote)
    after: str = ""  # punctuation printed small after the letter (comma, full stop)
    answer: str = ""  # the solution letter, printed on the key only
    circle: bool = False


@dataclass(frozen=True)
class SheetClue:
    """One clue: its label, text, answer and the grid squares (row, column) it feeds."""

    label: str
    text: str
    answer: str
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class AcrosticSheet(PageTexts):
    """An acrostic as read from ipuz: grid rows, clues, the quotation and the page texts."""

    rows: tuple[tuple[SheetCell, ...], ...]
    clues: tuple[SheetClue, ...]
    quote: str = ""
    source: str = ""

    def cell(self, position: tuple[int, int]) -> SheetCell:
        """The square at (row, column)."""
        return self.rows[position[0]][position[1]]


def is_acrostic(data: Mapping[str, Any]) -> bool:
    """True for an ipuz document whose kind is an acrostic."""
    kinds = data.get("kind") or []
    if isinstance(kinds, str):
        kinds = [kinds]
    if not isinstance(kinds, list):  # "kind": -1 is not an acrostic (nor iterable)
        return False
    return any(isinstance(kind, str) and kind.startswith(KIND_PREFIX) for kind in kinds)


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return _text(value.get("value", value.get("cell", "")))
    return str(value)


def _sheet_cell(label: Any, solution: Any, block: str) -> SheetCell:
    """One grid square from its ``puzzle`` and ``solution`` entries."""
    if label is None:
        return SheetCell(void=True)
    if isinstance(label, Mapping):
        cell = label.get("cell")
        style = label.get("style") or {}
        given = _text(label.get("value"))
    else:
        cell, style, given = label, {}, ""
    if cell is not None and str(cell) == block:
        return SheetCell(block=True)
    marks = style.get("mark") or {} if isinstance(style, Mapping) else {}
    corner = str(marks.get("TR", "")) if isinstance(marks, Mapping) else ""
    number = "" if cell in (None, 0, "0", "", block) else str(cell)
    letter = _text(solution)
    if letter == block:
        letter = ""
    if not number and not given and letter and not letter.isalpha():
        given = letter  # a punctuation square: printed on the blank grid too
    return SheetCell(
        number=number,
        corner=corner,
        given=given,
        answer=letter if not given else "",
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


def _sheet_rows(
    data: Mapping[str, Any], punctuation: dict[str, tuple[str, str]]
) -> tuple[tuple[tuple[SheetCell, ...], ...], dict[str, tuple[int, int]]]:
    """The grid squares and where each quotation number sits."""
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
            cell = _sheet_cell(label, sol_row[c] if c < len(sol_row) else None, block)
            if cell.number:
                where[cell.number] = (r, c)
                before, after = punctuation.get(cell.number, ("", ""))
                if before or after:
                    cell = replace(cell, before=before, after=after)
            out.append(cell)
        rows.append(tuple(out))
    return tuple(rows), where


def _position(
    item: Any, where: dict[str, tuple[int, int]], height: int, width: int
) -> tuple[int, int] | None:
    """The (row, column) of a clue cell given as ``[column, row]`` or as a quotation number."""
    if isinstance(item, list) and len(item) == 2 and all(isinstance(v, int) for v in item):
        col, row = item
        if 0 <= row < height and 0 <= col < width:
            return row, col
        return None
    return where.get(str(item))


def _sheet_clue(
    item: Mapping[str, Any],
    rows: tuple[tuple[SheetCell, ...], ...],
    where: dict[str, tuple[int, int]],
) -> SheetClue:
    label = str(item.get("label", item.get("number", "")))
    cells = []
    for entry in item.get("cells") or []:
        pos = _position(entry, where, len(rows), len(rows[0]))
        if pos is None or not rows[pos[0]][pos[1]].number:
            raise PuzzleInputError(
                f"clue {label} points at {entry}, which is not a numbered square"
            )
        cells.append(pos)
    answer = str(item.get("answer") or "".join(rows[r][c].answer for r, c in cells))
    return SheetClue(label, str(item.get("clue") or ""), answer, tuple(cells))


def read_ipuz(data: Mapping[str, Any]) -> AcrosticSheet:
    """The acrostic in an ipuz document: grid, clues with their squares, quotation and source."""
    extension = data.get(EXTENSION)
    if not isinstance(extension, Mapping):
        extension = {}
    rows, where = _sheet_rows(data, _punctuation(extension))
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
        entries.append(_sheet_clue(item, rows, where))
    if not entries:
        raise PuzzleInputError("the acrostic has no clues")
    return AcrosticSheet(
        rows=rows,
        clues=tuple(entries),
        quote=quote,
        source=source,
        title=str(data.get("title") or ""),
        author=str(data.get("author") or ""),
        copyright=str(data.get("copyright") or ""),
        notes=str(data.get("intro") or data.get("notes") or ""),
    )
