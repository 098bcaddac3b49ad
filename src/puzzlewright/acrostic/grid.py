"""The quotation grid: one numbered cell per letter, black squares between words.

Cells run left to right, top to bottom, wrapping words across rows as printed acrostics do.
Punctuation stays attached to the letter cell before it (or after it, at the very start), so
the grid reads like the quotation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlewright.acrostic.letters import QuoteChar
from puzzlewright.errors import PuzzleInputError

WIDTHS = (5, 100)
"""The narrowest and widest quotation grid, in cells (printed acrostics are 10-30 wide)."""


@dataclass
class Cell:
    """A letter cell: its 1-based number, letter, clue label and punctuation around it."""

    number: int
    letter: str
    clue: str = ""
    before: str = ""
    after: str = ""

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"number": self.number, "letter": self.letter, "clue": self.clue}
        if self.before:
            data["before"] = self.before
        if self.after:
            data["after"] = self.after
        return data


@dataclass
class QuoteGrid:
    """Rows of cells; None is a black square (a word break)."""

    width: int
    rows: list[list[Cell | None]]

    def cells(self) -> list[Cell]:
        """Every letter cell in quotation order."""
        return [cell for row in self.rows for cell in row if cell is not None]

    def to_json(self) -> dict[str, object]:
        return {
            "width": self.width,
            "height": len(self.rows),
            "rows": [[None if c is None else c.to_json() for c in row] for row in self.rows],
        }


def quote_cells(chars: Sequence[QuoteChar]) -> list[Cell | None]:
    """The quotation as a flat run of cells and word breaks (None), punctuation attached."""
    run: list[Cell | None] = []
    number = 0
    pending = ""
    last: Cell | None = None
    for item in chars:
        if item.letters:
            for letter in item.letters:
                number += 1
                cell = Cell(number, letter, before=pending)
                pending = ""
                run.append(cell)
                last = cell
        elif item.text.isspace():
            if run and run[-1] is not None:
                run.append(None)
        elif last is not None and run and run[-1] is last:
            last.after += item.text
        else:
            pending += item.text
    if pending and last is not None:
        last.after += pending
    while run and run[-1] is None:
        run.pop()
    return run


def check_width(width: int) -> None:
    """Refuse a grid width outside :data:`WIDTHS` (a billion cells wide is a MemoryError)."""
    if not WIDTHS[0] <= width <= WIDTHS[1]:
        raise PuzzleInputError(
            f"width must be {WIDTHS[0]} to {WIDTHS[1]} cells, not {width}", parameters=("width",)
        )


def layout(run: list[Cell | None], width: int) -> QuoteGrid:
    """Wrap the run into rows of ``width``, dropping word breaks at row starts."""
    check_width(width)
    rows: list[list[Cell | None]] = []
    row: list[Cell | None] = []
    for item in run:
        if item is None and not row:
            continue
        row.append(item)
        if len(row) == width:
            rows.append(row)
            row = []
    if row:
        while row and row[-1] is None:
            row.pop()
        rows.append(row + [None] * (width - len(row)))
    return QuoteGrid(width, rows)


def word_index(run: list[Cell | None]) -> list[int]:
    """For each letter cell in order, the index of the quotation word holding it."""
    result = []
    word = 0
    for item in run:
        if item is None:
            word += 1
        else:
            result.append(word)
    return result
