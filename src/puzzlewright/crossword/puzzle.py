"""A crossword puzzle: a grid plus what publishers attach to it (title, clues, circles)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from puzzlewright.crossword.grid import Grid, Position, Slot

PuzzleKind = Literal["crossword", "diagramless"]
"""A diagramless puzzle is printed without its blocks (the solver finds the pattern)."""


@dataclass
class Puzzle:
    """Grid (solution letters where known) with metadata and clues keyed by slot key (``1A``)."""

    grid: Grid
    title: str = ""
    author: str = ""
    copyright: str = ""
    notes: str = ""
    clues: dict[str, str] = field(default_factory=dict)
    circles: set[Position] = field(default_factory=set)
    # shaded (grey) cells; cells outside the puzzle's shape (blocks in ``grid``, drawn as
    # nothing: ipuz ``null``, xd ``_``)
    shaded: set[Position] = field(default_factory=set)
    voids: set[Position] = field(default_factory=set)
    kind: PuzzleKind = "crossword"
    # open cells whose letters are printed on the blank grid (ipuz "value", JPZ prefilled)
    given: set[Position] = field(default_factory=set)
    # the file's own clue number where it is not the standard one (``"2-3"``), by slot key
    clue_labels: dict[str, str] = field(default_factory=dict)

    def clue(self, slot: Slot) -> str:
        return self.clues.get(slot.key, "")

    def rebus_cells(self) -> dict[Position, str]:
        """Cells holding more than one letter (rebus squares) and their letters."""
        return {
            (r, c): cell
            for r, c in self.grid.positions()
            if len(cell := self.grid.cells[r][c] or "") > 1
        }

    def missing_clues(self) -> list[Slot]:
        """Entries that have no clue yet."""
        return [slot for slot in self.grid.slots() if not self.clues.get(slot.key)]

    def missing_clues_warning(self) -> str | None:
        """One line naming the entries without a clue (for exports), None when all have one."""
        missing = [slot.key for slot in self.missing_clues()]
        if not missing:
            return None
        shown = ", ".join(missing[:12]) + (" ..." if len(missing) > 12 else "")
        return f"{len(missing)} of {len(self.grid.slots())} entries have no clue: {shown}"
