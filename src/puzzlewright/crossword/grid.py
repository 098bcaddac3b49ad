"""The crossword grid model: cells, entries (slots) and their numbering.

A cell is a block (``None``) or an open cell holding ``""`` (empty), one letter, or several
letters (a rebus). Entries are maximal runs of two or more open cells across and down,
numbered as in published crosswords. Cells in no entry (unchecked cells) are allowed.

Barred grids (British cryptics, the Listener) end entries with thick bars between cells
instead of blocks: ``bars`` maps a cell to the sides after it that carry a bar (``BAR_RIGHT``
between it and its right neighbour, ``BAR_BELOW`` between it and the cell below). Entries
never cross a bar, so everything that works on slots (the filler, numbering, formats) sees
barred grids unchanged. Text grids write a bar right after its cell: ``A|`` for a bar to the
right of A, ``A_`` for one below it, ``A|_`` for both.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from puzzlewright.errors import PuzzleInputError

Direction = Literal["across", "down"]
Cell = str | None
Position = tuple[int, int]
BarSides = int  # BAR_RIGHT | BAR_BELOW flags of one cell

BAR_RIGHT: BarSides = 1
BAR_BELOW: BarSides = 2
BAR_MARKS = {"|": BAR_RIGHT, "_": BAR_BELOW}

BLOCK_CHARS = frozenset("#")
EMPTY_CHARS = frozenset(".?")
_TOKEN = re.compile(r"(?:\[([^\]]*)\]|([^|_]))([|_]*)|([|_])")

MAX_SIDE = 255
"""Most cells a side of a grid read from a file (the bound of .puz and .jpz): a larger file
is not a crossword, and reading one (1000x1000) took half a minute before any --timeout."""


def check_side(width: int, height: int) -> None:
    """Refuse a grid read from a file with more than :data:`MAX_SIDE` cells a side."""
    if width > MAX_SIDE or height > MAX_SIDE:
        side = "tall" if height > MAX_SIDE else "wide"
        raise PuzzleInputError(
            f"the grid is over {MAX_SIDE} cells {side}: at most {MAX_SIDE} a side are read"
        )


@dataclass(frozen=True)
class Slot:
    """One entry of the grid: where it starts, its direction and its cells."""

    number: int
    direction: Direction
    cells: tuple[Position, ...]

    @property
    def row(self) -> int:
        return self.cells[0][0]

    @property
    def col(self) -> int:
        return self.cells[0][1]

    @property
    def length(self) -> int:
        return len(self.cells)

    @property
    def key(self) -> str:
        """Short name such as ``12A`` or ``3D``."""
        return f"{self.number}{self.direction[0].upper()}"


@dataclass
class Grid:
    """A rectangular crossword grid; ``cells[r][c]`` is None for a block."""

    cells: list[list[Cell]]
    bars: dict[Position, BarSides] = field(default_factory=dict)
    _slots: list[Slot] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.cells or not self.cells[0]:
            raise PuzzleInputError("the grid is empty")
        width = len(self.cells[0])
        for r, row in enumerate(self.cells):
            if len(row) != width:
                raise PuzzleInputError(
                    f"ragged grid: row {r + 1} has {len(row)} cells, row 1 has {width}"
                )
        for (r, c), sides in list(self.bars.items()):
            self._check_bar(r, c, sides)
            if not sides:
                del self.bars[(r, c)]

    def _check_bar(self, r: int, c: int, sides: BarSides) -> None:
        where = f"row {r + 1}, column {c + 1}"
        if not (0 <= r < self.height and 0 <= c < self.width) or not 0 <= sides <= 3:
            raise PuzzleInputError(f"bar at {where} is outside the grid")
        if sides & BAR_RIGHT and c == self.width - 1:
            raise PuzzleInputError(f"bar to the right of {where} is on the grid's edge")
        if sides & BAR_BELOW and r == self.height - 1:
            raise PuzzleInputError(f"bar below {where} is on the grid's edge")

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Grid:
        """Read a text grid: ``#`` block, ``.``/``?`` empty, a letter, ``[ABC]`` rebus; ``|``
        right after a cell is a bar to its right, ``_`` a bar below it."""
        lines = [line.strip() for line in text.strip("\n").splitlines()]
        lines = [line for line in lines if line]
        if not lines:
            raise PuzzleInputError("the grid is empty")
        check_side(0, len(lines))
        cells: list[list[Cell]] = []
        bars: dict[Position, BarSides] = {}
        for r, line in enumerate(lines, 1):
            row: list[Cell] = []
            for match in _TOKEN.finditer(line):
                rebus, char, marks, stray = match.groups()
                if stray is not None:
                    raise PuzzleInputError(
                        f"bar {stray!r} at row {r} does not follow a cell (write it right "
                        "after the cell it belongs to: A| for a bar to the right of A, A_ below)"
                    )
                row.append(cls._read_cell(rebus, char, r, len(row) + 1))
                check_side(len(row), len(lines))
                for mark in marks:
                    bars[(r - 1, len(row) - 1)] = (
                        bars.get((r - 1, len(row) - 1), 0) | BAR_MARKS[mark]
                    )
            cells.append(row)
        return cls(cells, bars)

    @staticmethod
    def _read_cell(rebus: str | None, char: str | None, row: int, col: int) -> Cell:
        if rebus is not None:
            letters = rebus.strip().upper()  # letters, or a digit/symbol answer: [1], [$]
            if not letters or not letters.isprintable() or any(ch.isspace() for ch in letters):
                raise PuzzleInputError(f"bad rebus cell [{rebus}] at row {row}, column {col}")
            return letters
        assert char is not None
        if char in BLOCK_CHARS:
            return None
        if char in EMPTY_CHARS:
            return ""
        if char.isalpha():
            return char.upper()
        raise PuzzleInputError(
            f"unknown character {char!r} at row {row}, column {col} "
            "(use # for a block, . or ? for an empty cell, letters, [ABC] for a rebus, "
            "| or _ after a cell for a bar)"
        )

    @classmethod
    def blank(cls, width: int, height: int) -> Grid:
        """An all-open grid of the given size."""
        if width < 1 or height < 1:
            raise PuzzleInputError(f"impossible grid size {width}x{height}")
        return cls([["" for _ in range(width)] for _ in range(height)])

    def copy(self) -> Grid:
        return Grid([list(row) for row in self.cells], dict(self.bars))

    # -- bars ------------------------------------------------------------------------------
    @property
    def is_barred(self) -> bool:
        """True when the grid has at least one bar."""
        return bool(self.bars)

    def has_bar(self, r: int, c: int, sides: BarSides) -> bool:
        """True when cell (r, c) has a bar on any of ``sides`` (after it: right or below)."""
        return bool(self.bars.get((r, c), 0) & sides)

    def bar_between(self, a: Position, b: Position) -> bool:
        """True when a bar separates the neighbouring cells ``a`` and ``b``."""
        (r, c), (r2, _) = sorted((a, b))
        return self.has_bar(r, c, BAR_RIGHT if r == r2 else BAR_BELOW)

    def set_bar(self, r: int, c: int, sides: BarSides, on: bool = True) -> None:
        """Add (or with ``on=False`` remove) bars after cell (r, c); entries are recomputed."""
        self._check_bar(r, c, sides)
        now = (self.bars.get((r, c), 0) | sides) if on else (self.bars.get((r, c), 0) & ~sides)
        if now:
            self.bars[(r, c)] = now
        else:
            self.bars.pop((r, c), None)
        self._slots = None

    def bar_sides(self, r: int, c: int) -> str:
        """Bars around cell (r, c) as ipuz writes them: letters of ``TRBL`` (top, right...)."""
        sides = ""
        if r > 0 and self.has_bar(r - 1, c, BAR_BELOW):
            sides += "T"
        if self.has_bar(r, c, BAR_RIGHT):
            sides += "R"
        if self.has_bar(r, c, BAR_BELOW):
            sides += "B"
        if c > 0 and self.has_bar(r, c - 1, BAR_RIGHT):
            sides += "L"
        return sides

    # -- shape -----------------------------------------------------------------------------
    @property
    def height(self) -> int:
        return len(self.cells)

    @property
    def width(self) -> int:
        return len(self.cells[0])

    def is_block(self, r: int, c: int) -> bool:
        return self.cells[r][c] is None

    def is_open(self, r: int, c: int) -> bool:
        """True for an open cell inside the grid."""
        return 0 <= r < self.height and 0 <= c < self.width and self.cells[r][c] is not None

    def positions(self) -> Iterator[Position]:
        """Every open cell, row by row."""
        for r, row in enumerate(self.cells):
            for c, cell in enumerate(row):
                if cell is not None:
                    yield r, c

    def block_count(self) -> int:
        return sum(cell is None for row in self.cells for cell in row)

    # -- entries ---------------------------------------------------------------------------
    def slots(self) -> list[Slot]:
        """All entries, across then down within each number, in numbering order."""
        if self._slots is None:
            self._slots = list(self._find_slots())
        return list(self._slots)

    def _run(self, r: int, c: int, dr: int, dc: int) -> tuple[Position, ...]:
        cells = []
        side = BAR_RIGHT if dc else BAR_BELOW
        while self.is_open(r, c):
            cells.append((r, c))
            if self.bars and self.has_bar(r, c, side):
                break
            r, c = r + dr, c + dc
        return tuple(cells)

    def _starts(self, r: int, c: int, dr: int, dc: int) -> bool:
        """True when no open cell runs into (r, c) from before it in this direction."""
        if not self.is_open(r - dr, c - dc):
            return True
        return self.has_bar(r - dr, c - dc, BAR_RIGHT if dc else BAR_BELOW)

    def _find_slots(self) -> Iterator[Slot]:
        number = 0
        for r, c in self.positions():
            starts: list[tuple[Direction, tuple[Position, ...]]] = []
            for direction, dr, dc in (("across", 0, 1), ("down", 1, 0)):
                if self._starts(r, c, dr, dc):
                    run = self._run(r, c, dr, dc)
                    if len(run) >= 2:
                        starts.append((direction, run))  # type: ignore[arg-type]
            if starts:
                number += 1
                for direction, run in starts:
                    yield Slot(number, direction, run)

    def numbering(self) -> dict[Position, int]:
        """The clue number of each cell that starts an entry."""
        return {slot.cells[0]: slot.number for slot in self.slots()}

    def unchecked(self) -> set[Position]:
        """Open cells in fewer than two entries."""
        count: dict[Position, int] = {}
        for slot in self.slots():
            for pos in slot.cells:
                count[pos] = count.get(pos, 0) + 1
        return {pos for pos in self.positions() if count.get(pos, 0) < 2}

    # -- letters ---------------------------------------------------------------------------
    def word(self, slot: Slot) -> str:
        """The letters in ``slot`` with ``?`` for empty cells (rebus cells give all letters)."""
        return "".join(self.cells[r][c] or "?" for r, c in slot.cells)

    def is_filled(self) -> bool:
        return all(self.cells[r][c] for r, c in self.positions())

    def place(self, slot: Slot, word: str | Iterable[str]) -> None:
        """Write a word (a string, or one string per cell for rebus fills) into ``slot``."""
        letters = list(word)
        if len(letters) != slot.length:
            raise ValueError(f"{word!r} does not fit {slot.key} (length {slot.length})")
        for (r, c), letter in zip(slot.cells, letters, strict=True):
            self.cells[r][c] = letter

    def to_text(self) -> str:
        """The grid as text, the inverse of :meth:`parse`."""
        lines = []
        for r, row in enumerate(self.cells):
            out = []
            for c, cell in enumerate(row):
                if cell is None:
                    out.append("#")
                elif cell == "":
                    out.append(".")
                elif len(cell) > 1 or not cell.isalpha():
                    out.append(f"[{cell}]")
                else:
                    out.append(cell)
                sides = self.bars.get((r, c), 0)
                out.append("|" * bool(sides & BAR_RIGHT) + "_" * bool(sides & BAR_BELOW))
            lines.append("".join(out))
        return "\n".join(lines) + "\n"

    def rows_text(self) -> list[str]:
        """One string per row (rebus cells keep only their first letter), for JSON output."""
        return [
            "".join("#" if cell is None else (cell[:1] or ".") for cell in row)
            for row in self.cells
        ]
