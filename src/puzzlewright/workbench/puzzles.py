"""Puzzles as the page sends them (JSON) and as the engines hold them (Puzzle, Grid).

The wire form: ``{"cells": [[null | "" | "A" | "ABC", ...], ...], "circles": [[r, c]],
"shaded": [[r, c]], "title", "author", "copyright", "notes", "clues": {"1A": "..."},
"kind": "crossword" | "diagramless"}`` (a diagramless puzzle keeps its kind through the page).
"""

from __future__ import annotations

from typing import Any

from puzzlewright.crossword.grid import Cell, Grid, Position
from puzzlewright.crossword.puzzle import Puzzle, PuzzleKind
from puzzlewright.errors import PuzzleInputError

MAX_SIDE = 25
MAX_REBUS = 8
MAX_TEXT = 2000
META = ("title", "author", "copyright", "notes")


def grid_from_doc(doc: dict[str, Any]) -> Grid:
    """The grid of a request or puzzle document: ``cells`` and optional ``bars``."""
    return grid_from_json(doc.get("cells"), doc.get("bars"))


def grid_from_json(raw: object, bars: object = None) -> Grid:
    """A grid from rows of cells (null block, "" empty, letters) and bars ``[[r, c, sides]]``
    (sides 1: bar to the right, 2: below, 3: both); 400-worthy errors."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SIDE:
        raise PuzzleInputError(f"cells must be a list of 1 to {MAX_SIDE} rows")
    rows: list[list[Cell]] = []
    for r, row in enumerate(raw):
        if not isinstance(row, list) or not 1 <= len(row) <= MAX_SIDE:
            raise PuzzleInputError(f"row {r + 1} must be a list of 1 to {MAX_SIDE} cells")
        rows.append([_cell(value, r, c) for c, value in enumerate(row)])
    return Grid(rows, _bars(bars))


def _bars(raw: object) -> dict[Position, int]:
    if raw is None:
        return {}
    if not isinstance(raw, list) or len(raw) > MAX_SIDE * MAX_SIDE:
        raise PuzzleInputError("bars must be a list of [row, col, sides] triples")
    found: dict[Position, int] = {}
    for item in raw:
        if (
            not isinstance(item, list)
            or len(item) != 3
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in item)
            or not 0 <= item[2] <= 3
        ):
            raise PuzzleInputError("bars must be a list of [row, col, sides] triples")
        found[(item[0], item[1])] = found.get((item[0], item[1]), 0) | item[2]
    return found


def _cell(value: object, r: int, c: int) -> Cell:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_REBUS:
        raise PuzzleInputError(f"bad cell at row {r + 1}, column {c + 1}")
    letters = value.strip().upper()
    if letters and not letters.isalpha():
        raise PuzzleInputError(f"bad cell {value!r} at row {r + 1}, column {c + 1}")
    return letters


def _positions(raw: object, grid: Grid, name: str) -> set[Position]:
    if raw is None:
        return set()
    if not isinstance(raw, list) or len(raw) > MAX_SIDE * MAX_SIDE:
        raise PuzzleInputError(f"{name} must be a list of [row, col] pairs")
    found: set[Position] = set()
    for item in raw:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in item)
            or not (0 <= item[0] < grid.height and 0 <= item[1] < grid.width)
        ):
            raise PuzzleInputError(f"{name} must be a list of [row, col] pairs inside the grid")
        found.add((item[0], item[1]))
    return found


def puzzle_from_json(doc: object) -> Puzzle:
    """A Puzzle from the page's JSON form."""
    if not isinstance(doc, dict):
        raise PuzzleInputError("puzzle must be a JSON object")
    grid = grid_from_doc(doc)
    meta: dict[str, str] = {}
    for name in META:
        value = doc.get(name) or ""
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise PuzzleInputError(f"{name} must be a string of at most {MAX_TEXT} characters")
        meta[name] = value
    clues_raw = doc.get("clues")
    if clues_raw is None:
        clues_raw = {}
    if not isinstance(clues_raw, dict) or len(clues_raw) > 2 * MAX_SIDE * MAX_SIDE:
        raise PuzzleInputError("clues must be an object of entry key -> clue")
    keys = {slot.key for slot in grid.slots()}
    clues: dict[str, str] = {}
    for key, text in clues_raw.items():
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise PuzzleInputError(f"the clue for {key} must be a short string")
        if key in keys and text.strip():
            clues[key] = text
    return Puzzle(
        grid,
        kind=_kind(doc.get("kind")),
        clues=clues,
        circles=_positions(doc.get("circles"), grid, "circles"),
        shaded=_positions(doc.get("shaded"), grid, "shaded"),
        title=meta["title"],
        author=meta["author"],
        copyright=meta["copyright"],
        notes=meta["notes"],
    )


def _kind(raw: object) -> PuzzleKind:
    """The puzzle's kind (``crossword`` when absent)."""
    if raw is None or raw == "crossword":
        return "crossword"
    if raw == "diagramless":
        return "diagramless"
    raise PuzzleInputError('kind must be "crossword" or "diagramless"')


def puzzle_to_json(puzzle: Puzzle) -> dict[str, Any]:
    """The page's JSON form of a Puzzle (voids become blocks)."""
    cells = [list(row) for row in puzzle.grid.cells]
    return {
        "cells": cells,
        "bars": sorted([r, c, sides] for (r, c), sides in puzzle.grid.bars.items()),
        "circles": sorted([r, c] for r, c in puzzle.circles),
        "shaded": sorted([r, c] for r, c in puzzle.shaded),
        "clues": dict(puzzle.clues),
        "kind": puzzle.kind,
        **{name: getattr(puzzle, name) for name in META},
    }
