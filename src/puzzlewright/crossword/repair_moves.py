"""The moves grid repair may make, and the rules a repaired grid must keep.

A *change* toggles one symmetry orbit (a cell with its mirror images): its cells become
blocks, or its blocks become open cells. Cells holding letters, the cells of locked and
complete entries and the blocks that end those entries never change. A grid is acceptable
when it is no worse than the original on each of the constructor's rules: entries of at
least ``min_length`` letters, no unchecked cell and no open cell in no entry that the
original lacked, one connected piece, and at most ``max_words`` entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from puzzlewright.crossword.analysis import open_regions
from puzzlewright.crossword.grid import Grid, Position, Slot
from puzzlewright.errors import PuzzleInputError

RepairSymmetry = Literal["auto", "rotational", "mirror", "diagonal", "none"]
REPAIR_SYMMETRIES: tuple[RepairSymmetry, ...] = ("auto", "rotational", "mirror", "diagonal", "none")
ConcreteSymmetry = Literal["rotational", "mirror", "diagonal", "none"]


@dataclass(frozen=True)
class Change:
    """One move: the orbit's ``cells`` become blocks (``block``) or open cells."""

    cells: tuple[Position, ...]
    block: bool

    def to_json(self) -> dict[str, object]:
        """The move as JSON: ``{"action": "block"|"open", "cells": [[row, col], ...]}``."""
        return {"action": "block" if self.block else "open", "cells": [list(p) for p in self.cells]}


def orbit(grid: Grid, symmetry: ConcreteSymmetry, pos: Position) -> tuple[Position, ...]:
    """The cell and its images under ``symmetry``, without repeats, in row order."""
    r, c = pos
    images = {pos}
    if symmetry == "rotational":
        images.add((grid.height - 1 - r, grid.width - 1 - c))
    elif symmetry == "mirror":
        images.add((r, grid.width - 1 - c))
    elif symmetry == "diagonal":
        images.add((c, r))
    return tuple(sorted(images))


def symmetric_under(grid: Grid, symmetry: ConcreteSymmetry) -> bool:
    """True when the blocks look the same under ``symmetry``."""
    if symmetry == "diagonal" and grid.width != grid.height:
        return False
    return all(
        grid.is_block(*image) == grid.is_block(r, c)
        for r in range(grid.height)
        for c in range(grid.width)
        for image in orbit(grid, symmetry, (r, c))
    )


def resolve_symmetry(grid: Grid, asked: RepairSymmetry) -> ConcreteSymmetry:
    """The symmetry to keep: the one asked for (the grid must have it), or with ``auto``
    the first the grid has of rotational, mirror, diagonal (else none)."""
    if asked not in REPAIR_SYMMETRIES:
        raise PuzzleInputError(
            f"unknown symmetry {asked!r} (use {', '.join(REPAIR_SYMMETRIES)})",
            parameters=("symmetry",),
        )
    if asked != "auto":
        if not symmetric_under(grid, asked):
            raise PuzzleInputError(
                f"the grid's blocks are not {asked}ly symmetric", parameters=("symmetry",)
            )
        return asked
    for symmetry in ("rotational", "mirror", "diagonal"):
        if symmetric_under(grid, symmetry):
            return symmetry
    return "none"


def frozen_cells(grid: Grid, locked: tuple[str, ...]) -> set[Position]:
    """Cells no change may touch: letters, locked and complete entries, and the cells
    (blocks) just before and after those entries, which keep their length."""
    slots = {slot.key: slot for slot in grid.slots()}
    unknown = [key for key in locked if key not in slots]
    if unknown:
        raise PuzzleInputError(
            f"the grid has no entry {', '.join(unknown)}", parameters=("locked",)
        )
    frozen = {pos for pos in grid.positions() if grid.cells[pos[0]][pos[1]]}
    kept = [slots[key] for key in locked]
    kept += [slot for slot in slots.values() if "?" not in grid.word(slot)]
    for slot in kept:
        frozen.update(slot.cells)
        frozen.update(_ends(grid, slot))
    return frozen


def _ends(grid: Grid, slot: Slot) -> list[Position]:
    """The cells just before and after ``slot`` in its direction, inside the grid."""
    dr, dc = (0, 1) if slot.direction == "across" else (1, 0)
    (r0, c0), (r1, c1) = slot.cells[0], slot.cells[-1]
    ends = [(r0 - dr, c0 - dc), (r1 + dr, c1 + dc)]
    return [(r, c) for r, c in ends if 0 <= r < grid.height and 0 <= c < grid.width]


@dataclass(frozen=True)
class Rules:
    """The constructor's rules, as figures a grid must not exceed."""

    min_length: int
    max_words: int | None
    short: int  # entries shorter than min_length the original has (0 for a proper grid)
    unchecked: int  # open cells in fewer than two entries the original has
    regions: int  # connected pieces of open cells the original has

    @classmethod
    def of(cls, grid: Grid, min_length: int, max_words: int | None) -> Rules:
        """The rules as the original grid sets them (it is never held to more)."""
        return cls(
            min_length,
            max_words,
            _short(grid, min_length),
            len(grid.unchecked()),
            max(1, open_regions(grid)),
        )

    def broken(self, grid: Grid) -> str | None:
        """The first rule ``grid`` breaks, in words, or None when it keeps them all."""
        if _short(grid, self.min_length) > self.short:
            return f"an entry shorter than {self.min_length}"
        if len(grid.unchecked()) > self.unchecked:
            return "an unchecked cell"
        if self.max_words is not None and len(grid.slots()) > self.max_words:
            return f"more than {self.max_words} words"
        if open_regions(grid) > self.regions:
            return "a grid in two pieces"
        return None


def _short(grid: Grid, min_length: int) -> int:
    return sum(slot.length < min_length for slot in grid.slots())


def apply(grid: Grid, changes: tuple[Change, ...]) -> Grid:
    """A copy of ``grid`` with ``changes`` made (opened cells are empty)."""
    out = grid.copy()
    for change in changes:
        for r, c in change.cells:
            out.cells[r][c] = None if change.block else ""
    return out


def candidate_changes(
    grid: Grid,
    symmetry: ConcreteSymmetry,
    frozen: set[Position],
    weight: dict[Position, float],
    opens_limit: int,
) -> tuple[list[Change], list[Change]]:
    """The moves worth trying on ``grid``, most promising first: blocks on the open cells
    the failure evidence weighs, and openings of the blocks next to them
    (``opens_limit`` of those)."""
    adds: dict[tuple[Position, ...], float] = {}
    opens: dict[tuple[Position, ...], float] = {}
    for pos, heat in weight.items():
        if heat <= 0:
            continue
        cells = orbit(grid, symmetry, pos)
        free = grid.is_open(*pos) and not frozen.intersection(cells)
        if free and all(grid.is_open(*cell) for cell in cells):
            adds[cells] = adds.get(cells, 0.0) + heat
        for r, c in (
            (pos[0] + 1, pos[1]),
            (pos[0] - 1, pos[1]),
            (pos[0], pos[1] + 1),
            (pos[0], pos[1] - 1),
        ):
            if not (0 <= r < grid.height and 0 <= c < grid.width) or not grid.is_block(r, c):
                continue
            near = orbit(grid, symmetry, (r, c))
            if not frozen.intersection(near) and all(grid.is_block(*cell) for cell in near):
                opens[near] = opens.get(near, 0.0) + heat / 2
    ranked_adds = sorted(adds, key=lambda cells: (-adds[cells], cells))
    ranked_opens = sorted(opens, key=lambda cells: (-opens[cells], cells))[:opens_limit]
    return [Change(cells, True) for cells in ranked_adds], [
        Change(cells, False) for cells in ranked_opens
    ]


CROSSING_SHARE = 0.3
"""The share of an entry's failures passed to the entries crossing it (a block there, a
cheater square or a split crosser, frees the failing entry's letters)."""


def cell_weights(grid: Grid, failures: dict[str, float]) -> dict[Position, float]:
    """Failure evidence per cell: the failures of the entries through it, each spread over
    its cells with the middle weighed most (a block there splits the entry evenly), and a
    share over the entries crossing it, the crossing cell's neighbourhood most."""
    weight: dict[Position, float] = {}
    through: dict[Position, list[Slot]] = {}
    for slot in grid.slots():
        for pos in slot.cells:
            through.setdefault(pos, []).append(slot)
    for slot in grid.slots():
        heat = failures.get(slot.key, 0.0)
        if not heat:
            continue
        _spread(weight, slot.cells, heat, (slot.length - 1) / 2)
        for pos in slot.cells:
            for crossing in through[pos]:
                if crossing is not slot:
                    at = crossing.cells.index(pos)
                    _spread(weight, crossing.cells, heat * CROSSING_SHARE, at)
    return weight


def _spread(
    weight: dict[Position, float], cells: tuple[Position, ...], heat: float, centre: float
) -> None:
    """Add ``heat`` over ``cells``, most at offset ``centre``, less further away."""
    for i, pos in enumerate(cells):
        weight[pos] = weight.get(pos, 0.0) + heat * (1.0 - abs(i - centre) / (len(cells) + 1))
