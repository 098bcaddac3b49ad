"""Pieces shared by the format readers and writers: cell checks, clue mapping, lost features."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from puzzlewright.crossword.grid import (
    BAR_BELOW,
    BAR_RIGHT,
    BarSides,
    Cell,
    Grid,
    Position,
    check_side,
)
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError


@dataclass(frozen=True)
class Capabilities:
    """What a file format can hold besides the grid, to say what a conversion drops."""

    name: str
    metadata: bool = True  # title, author, copyright, notes
    clues: bool = True
    circles: bool = True
    shaded: bool = True
    voids: bool = True
    rebus: bool = True
    diagramless: bool = True  # can say "print without blocks"
    given: bool = True  # can mark cells printed on the blank grid
    labels: bool = False  # can keep a clue number that is not the standard one ("2-3")
    bars: bool = True  # can hold bars between cells (barred grids)


def where(pos: Position) -> str:
    """A cell position as people count it: ``row 3, column 5``."""
    return f"row {pos[0] + 1}, column {pos[1] + 1}"


def letters_cell(value: str, pos: Position, what: str = "cell") -> str:
    """Normalize a cell's contents (NFC, upper case): letters, digits or symbols.

    Published puzzles put digits and symbols in answers (``1`` in ``R2D2``, ``$``); each
    writer refuses them only where its format cannot hold them. Spaces and control
    characters are never part of an answer.
    """
    letters = unicodedata.normalize("NFC", value.strip()).upper()
    if not letters:
        return ""
    if not letters.isprintable() or any(ch.isspace() for ch in letters):
        raise PuzzleInputError(
            f"{what} at {where(pos)} holds {value!r}; a cell holds letters, digits or symbols"
        )
    return letters


def odd_cells(puzzle: Puzzle) -> list[Position]:
    """Open cells holding something other than letters (digits, symbols), row by row."""
    return [
        (r, c)
        for r, c in puzzle.grid.positions()
        if (cell := puzzle.grid.cells[r][c]) and not cell.isalpha()
    ]


def clue_key(number: object, direction: str) -> str:
    """The Puzzle.clues key (``12A``) of a clue numbered ``number`` in ``direction``."""
    return f"{number}{direction[0].upper()}"


def grid_clues(puzzle: Puzzle, warnings: list[str] | None) -> dict[str, str]:
    """The clues that belong to an entry of the grid; warns about the others (dropped)."""
    keys = {slot.key for slot in puzzle.grid.slots()}
    kept = {key: text for key, text in puzzle.clues.items() if key in keys}
    orphans = [key for key in puzzle.clues if key not in keys and puzzle.clues[key]]
    if orphans and warnings is not None:
        warnings.append(
            f"dropped {len(orphans)} clue(s) that match no entry of the grid: "
            + ", ".join(orphans[:10])
            + (" ..." if len(orphans) > 10 else "")
        )
    return kept


def lost_features(puzzle: Puzzle, caps: Capabilities) -> list[str]:
    """One warning per feature of ``puzzle`` that a format with ``caps`` cannot hold.

    Bars are never dropped with a warning: without them the entries change, so a format
    that cannot hold them refuses the puzzle (PuzzleInputError naming formats that can).
    """
    if not caps.bars and puzzle.grid.is_barred:
        raise PuzzleInputError(
            f"{caps.name} cannot hold bars between cells, and without them the entries "
            f"change; save this barred grid as .ipuz, .jpz or .txt"
        )
    lost: list[str] = []
    fmt = caps.name
    if not caps.metadata:
        for name in ("title", "author", "copyright", "notes"):
            value: str = getattr(puzzle, name)
            if value:
                lost.append(f"{name} dropped ({fmt} cannot hold it): {shorten(value)!r}")
    if not caps.clues:
        count = sum(1 for text in puzzle.clues.values() if text)
        if count:
            lost.append(f"{count} clue(s) dropped ({fmt} holds no clues)")
    if not caps.circles and puzzle.circles:
        lost.append(f"{len(puzzle.circles)} circled cell(s) dropped ({fmt} cannot mark circles)")
    if not caps.shaded and puzzle.shaded:
        lost.append(f"{len(puzzle.shaded)} shaded cell(s) dropped ({fmt} cannot mark shading)")
    if not caps.voids and puzzle.voids:
        lost.append(
            f"{len(puzzle.voids)} cell(s) outside the puzzle's shape written as blocks "
            f"({fmt} has no omitted cells)"
        )
    if not caps.diagramless and puzzle.kind == "diagramless":
        lost.append(f"diagramless kind dropped ({fmt} cannot say so): blocks will be printed")
    if not caps.labels and puzzle.clue_labels:
        shown = ", ".join(list(puzzle.clue_labels.values())[:5])
        lost.append(
            f"{len(puzzle.clue_labels)} clue number(s) of the file's own ({shown}) written "
            f"as standard numbers ({fmt} has no clue labels)"
        )
    if not caps.given and puzzle.given:
        lost.append(f"{len(puzzle.given)} given (pre-filled) cell mark(s) dropped ({fmt})")
    if not caps.rebus:
        rebus = puzzle.rebus_cells()
        if rebus:
            lost.append(f"{len(rebus)} rebus cell(s) dropped ({fmt} holds one letter per cell)")
    return lost


def one_line(text: str) -> str:
    """``text`` for a one-line field (xd header, Across Lite line): line breaks and tabs
    become one space each, other spacing (two spaces inside a title) is kept."""
    return re.sub(r"[ ]*[\r\n\t]+[ ]*", " ", text).strip()


def spacing_notes(puzzle: Puzzle, back: Puzzle, fmt: str) -> list[str]:
    """What a written file changed in the spacing of the page texts and clues, found by
    reading it back: one warning per field (and one for the clues), so a round trip that
    is not exact says so. Fields the format drops or rewrites otherwise are left to
    :func:`lost_features`."""
    notes = []
    for name in ("title", "author", "copyright", "notes"):
        before, after = getattr(puzzle, name), getattr(back, name)
        if before != after and after and before.split() == after.split():
            notes.append(
                f"{name} written with other spacing ({fmt}): {before!r} reads back as {after!r}"
            )
    changed = [
        key
        for key, text in puzzle.clues.items()
        if (again := back.clues.get(key)) and again != text and again.split() == text.split()
    ]
    if changed:
        notes.append(
            f"{len(changed)} clue(s) written with other spacing ({fmt}), e.g. "
            f"{changed[0]} {puzzle.clues[changed[0]]!r} reads back as {back.clues[changed[0]]!r}"
        )
    return notes


def shorten(text: str, limit: int = 40) -> str:
    """``text`` on one line, cut to ``limit`` characters for a message."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def add_bars(
    bars: dict[Position, BarSides], sides: str, pos: Position, width: int, height: int
) -> None:
    """Record the bars on a cell's sides (letters of ``TRBL``: ipuz ``barred`` styles, JPZ
    ``*-bar`` flags) as bars after cells; a bar on the grid's outer edge means nothing and
    is skipped."""
    r, c = pos
    wanted = {
        "R": (r, c, BAR_RIGHT, c < width - 1),
        "B": (r, c, BAR_BELOW, r < height - 1),
        "L": (r, c - 1, BAR_RIGHT, c > 0),
        "T": (r - 1, c, BAR_BELOW, r > 0),
    }
    for side in sides.upper():
        if side in wanted and wanted[side][3]:
            row, col, bar, _ = wanted[side]
            bars[(row, col)] = bars.get((row, col), 0) | bar


def make_grid(
    cells: list[list[Cell]], what: str, bars: dict[Position, BarSides] | None = None
) -> Grid:
    """A Grid from parsed cells (and bars), with the format named in shape errors. Bars
    beside a block separate nothing and are dropped, so every format reads the same grid."""
    try:
        check_side(max(map(len, cells), default=0), len(cells))
        grid = Grid(cells)
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{what}: {exc}") from None
    for (r, c), sides in (bars or {}).items():
        for side, (r2, c2) in ((BAR_RIGHT, (r, c + 1)), (BAR_BELOW, (r + 1, c))):
            if sides & side and grid.is_open(r, c) and grid.is_open(r2, c2):
                grid.set_bar(r, c, side)
    return grid


def decode_text(data: bytes | str, what: str) -> str:
    """Text from a file's bytes (UTF-8, with or without BOM); a clear error otherwise."""
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PuzzleInputError(
            f"{what} is not valid UTF-8 (byte {exc.start}: {data[exc.start : exc.start + 1]!r}); "
            "save it as UTF-8"
        ) from None
