"""British checking conventions: unches per entry, double unches, and the rule checks that
barred and British blocked grids are held to.

An *unch* is an open cell in only one entry (unchecked: its letter is not confirmed by a
crossing answer). The conventions (Azed, the Listener, the Times): every entry has at least
``min_length`` letters, at most half of an entry's cells are unches, no entry has two unches
in a row (a *double unch*), every cell belongs to an entry, and the entries all connect.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from puzzlewright.crossword.grid import BAR_BELOW, BAR_RIGHT, Grid, Position


@dataclass(frozen=True)
class EntryChecking:
    """One entry's unches: how many, where, and its double unches (pairs in a row)."""

    key: str
    length: int
    unches: int
    positions: tuple[int, ...]  # 0-based offsets of the unchecked cells in the entry
    doubles: int

    @property
    def too_unchecked(self) -> bool:
        """More than half of the entry is unchecked."""
        return self.unches * 2 > self.length


CheckStatus: TypeAlias = Literal["sound", "broken"]
"""A grid's verdict on the conventions: ``sound`` (none broken) or ``broken`` (``problems``
says which), the words ``crossword check`` prints."""


@dataclass(frozen=True)
class CheckingReport:
    """Checking of a whole grid, with the conventions it breaks (empty when it is sound)."""

    entries: list[EntryChecking]
    unches: int
    cells: int
    orphans: list[Position] = field(default_factory=list)  # open cells in no entry
    problems: list[str] = field(default_factory=list)

    @property
    def double_unches(self) -> int:
        return sum(entry.doubles for entry in self.entries)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def status(self) -> CheckStatus:
        """``sound`` or ``broken`` (:data:`CheckStatus`)."""
        return "sound" if self.ok else "broken"

    def to_json(self) -> dict[str, Any]:
        """The check as ``crossword check --json`` prints it (positions counted from 1)."""
        return {
            "status": self.status,
            "ok": self.ok,
            "cells": self.cells,
            "unches": self.unches,
            "double_unches": self.double_unches,
            "entries": [
                {
                    "key": e.key,
                    "length": e.length,
                    "unches": e.unches,
                    "positions": [p + 1 for p in e.positions],
                    "double_unches": e.doubles,
                }
                for e in self.entries
            ],
            "problems": self.problems,
        }


def checking(
    grid: Grid, *, min_length: int = 3, max_length: int | None = None, symmetric: bool = False
) -> CheckingReport:
    """Unches per entry and the broken conventions of ``grid`` (barred or blocked).

    ``symmetric`` also requires the blocks and bars to be symmetric under 180° rotation.
    """
    slots = grid.slots()
    unchecked = grid.unchecked()
    entries = []
    for slot in slots:
        offsets = tuple(i for i, pos in enumerate(slot.cells) if pos in unchecked)
        doubles = sum(1 for a, b in itertools.pairwise(offsets) if b == a + 1)
        entries.append(EntryChecking(slot.key, slot.length, len(offsets), offsets, doubles))
    covered = {pos for slot in slots for pos in slot.cells}
    orphans = [pos for pos in grid.positions() if pos not in covered]
    problems = _problems(grid, entries, orphans, min_length, max_length)
    if symmetric and not is_symmetric(grid):
        problems.append("blocks and bars are not symmetric under 180° rotation")
    if slots and not _connected(grid):
        problems.append("the entries do not all connect")
    cells = sum(1 for _ in grid.positions())
    return CheckingReport(entries, len(unchecked & covered), cells, orphans, problems)


def _problems(
    grid: Grid,
    entries: list[EntryChecking],
    orphans: list[Position],
    min_length: int,
    max_length: int | None,
) -> list[str]:
    problems = []
    short = [e.key for e in entries if e.length < min_length]
    if short:
        problems.append(f"entries shorter than {min_length}: {', '.join(short)}")
    if max_length is not None:
        long = [e.key for e in entries if e.length > max_length]
        if long:
            problems.append(f"entries longer than {max_length}: {', '.join(long)}")
    half = [f"{e.key} ({e.unches}/{e.length})" for e in entries if e.too_unchecked]
    if half:
        problems.append(f"more than half unchecked: {', '.join(half)}")
    doubles = [e.key for e in entries if e.doubles]
    if doubles:
        problems.append(f"double unches in {', '.join(doubles)}")
    if orphans:
        cells = ", ".join(f"r{r + 1}c{c + 1}" for r, c in orphans[:8])
        problems.append(f"{len(orphans)} cell(s) in no entry: {cells}")
    return problems


def is_symmetric(grid: Grid) -> bool:
    """True when blocks and bars look the same after a 180° turn."""
    h, w = grid.height, grid.width
    for r in range(h):
        for c in range(w):
            if grid.is_block(r, c) != grid.is_block(h - 1 - r, w - 1 - c):
                return False
            # the bar right of (r, c) turns into the bar left of the mirror cell
            if c < w - 1 and grid.has_bar(r, c, BAR_RIGHT) != grid.has_bar(
                h - 1 - r, w - 2 - c, BAR_RIGHT
            ):
                return False
            if r < h - 1 and grid.has_bar(r, c, BAR_BELOW) != grid.has_bar(
                h - 2 - r, w - 1 - c, BAR_BELOW
            ):
                return False
    return True


def _connected(grid: Grid) -> bool:
    """True when every entry's cells link up through crossings into one piece."""
    parent: dict[Position, Position] = {}

    def find(pos: Position) -> Position:
        while parent.setdefault(pos, pos) != pos:
            parent[pos] = parent[parent[pos]]
            pos = parent[pos]
        return pos

    for slot in grid.slots():
        for pos in slot.cells[1:]:
            parent[find(pos)] = find(slot.cells[0])
    return len({find(pos) for pos in parent}) <= 1
