"""Ninas: a hidden message written into a grid along a path of cells.

A setter hides a nina (a name, a dedication, a theme's key phrase) along the perimeter, a
diagonal, one row or column, or (barred British grids) the unchecked squares. This module
is geometry only: which paths a grid offers, and the placements of a message on them, in
a deterministic order. The filler (:mod:`puzzlewright.crossword.fill.constrained`) tries
the placements in that order and fills around each.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from puzzlewright.crossword.grid import Grid, Position
from puzzlewright.errors import PuzzleInputError

Where = Literal["perimeter", "diagonal", "row", "column", "unches", "any"]
WHERE: tuple[Where, ...] = ("perimeter", "diagonal", "row", "column", "unches", "any")


@dataclass(frozen=True)
class Nina:
    """A message to hide along ``where``: one of :data:`WHERE` (``any``: every path).

    ``line`` picks one row or column (0-based) for ``row``/``column``; None tries them all.
    """

    message: str
    where: Where = "perimeter"
    line: int | None = None

    def __post_init__(self) -> None:
        """Refuse an empty message or an unknown path (PuzzleInputError)."""
        if self.where not in WHERE:
            raise PuzzleInputError(
                f"a nina goes along one of {', '.join(WHERE)}, not {self.where!r}",
                parameters=("where",),
            )
        if not letters_of(self.message):
            raise PuzzleInputError("a nina's message needs letters", parameters=("message",))

    def to_json(self) -> dict[str, object]:
        """The nina as JSON: message, where, line."""
        return {"message": self.message, "where": self.where, "line": self.line}


@dataclass(frozen=True)
class Path:
    """An ordered run of open cells a message can follow, with a name for reports."""

    name: str
    cells: tuple[Position, ...]


@dataclass(frozen=True)
class Placement:
    """The message's letters on cells: ``step`` cells apart along ``path`` from ``start``."""

    path: str
    start: int
    step: int
    cells: tuple[Position, ...]

    def to_json(self) -> dict[str, object]:
        """The placement as JSON: path, start, step, cells as [row, col] (0-based)."""
        return {
            "path": self.path,
            "start": self.start,
            "step": self.step,
            "cells": [list(cell) for cell in self.cells],
        }


def letters_of(message: str) -> str:
    """The message's letters, upper case, without spaces or punctuation."""
    return "".join(char for char in message.upper() if char.isalpha())


def perimeter(grid: Grid) -> Path:
    """The open cells of the outer ring, clockwise from the top-left corner."""
    height, width = grid.height, grid.width
    ring: list[Position] = [(0, c) for c in range(width)]
    ring += [(r, width - 1) for r in range(1, height)]
    if height > 1:
        ring += [(height - 1, c) for c in range(width - 2, -1, -1)]
    if width > 1:
        ring += [(r, 0) for r in range(height - 2, 0, -1)]
    return Path("perimeter", tuple(cell for cell in ring if grid.is_open(*cell)))


def diagonals(grid: Grid) -> list[Path]:
    """The two main diagonals' open cells (down-right, then down-left)."""
    size = min(grid.height, grid.width)
    down_right = [(i, i) for i in range(size)]
    down_left = [(i, grid.width - 1 - i) for i in range(size)]
    return [
        Path(name, tuple(cell for cell in cells if grid.is_open(*cell)))
        for name, cells in (("diagonal", down_right), ("anti-diagonal", down_left))
    ]


def lines(grid: Grid, where: Where, line: int | None) -> list[Path]:
    """Rows or columns (all, or the one at ``line``), as paths of their open cells."""
    count = grid.height if where == "row" else grid.width
    chosen = range(count) if line is None else [line]
    if line is not None and not 0 <= line < count:
        raise PuzzleInputError(f"the grid has no {where} {line + 1}", parameters=("line",))
    paths = []
    for index in chosen:
        cells = (
            [(index, c) for c in range(grid.width)]
            if where == "row"
            else [(r, index) for r in range(grid.height)]
        )
        paths.append(
            Path(f"{where} {index + 1}", tuple(cell for cell in cells if grid.is_open(*cell)))
        )
    return paths


def unches(grid: Grid) -> Path:
    """The unchecked open cells (in one entry only), in reading order."""
    return Path("unches", tuple(sorted(grid.unchecked())))


def paths(grid: Grid, nina: Nina) -> list[Path]:
    """Every path the nina may follow, in the order they are tried."""
    if nina.where == "any":
        found = [perimeter(grid), *diagonals(grid), unches(grid)]
        return found + lines(grid, "row", None) + lines(grid, "column", None)
    if nina.where == "perimeter":
        return [perimeter(grid)]
    if nina.where == "diagonal":
        return diagonals(grid)
    if nina.where == "unches":
        return [unches(grid)]
    return lines(grid, nina.where, nina.line)


def placements(path: Path, length: int) -> Iterator[Placement]:
    """The ways to put ``length`` letters on ``path``, evenly spread first: the widest
    spacing (letters ``step`` cells apart) down to adjacent cells, each from every start.

    A spread-out message fixes fewer letters of any one entry, so it fills more easily;
    adjacent cells are tried last."""
    cells = path.cells
    if length < 1 or length > len(cells):
        return
    widest = 1 if length == 1 else (len(cells) - 1) // (length - 1)
    for step in range(widest, 0, -1):
        for start in range(len(cells) - step * (length - 1)):
            chosen = tuple(cells[start + step * i] for i in range(length))
            yield Placement(path.name, start, step, chosen)
