"""Across Lite text files (``<ACROSS PUZZLE>``, ``.txt``), read through puzpy, written here.

puzpy's ``load_text`` parses the format (v1, and v2 with its ``<REBUS>`` section and
``MARK`` circles); the puzzle model is reached through the same conversion as ``.puz``
(:mod:`puzzlewright.crossword.formats.puz`), so the two Across Lite formats cannot drift
apart. The text is UTF-8, so any alphabet is kept.

Around puzpy's reader: the header is matched without regard to case (Across
Lite's own documentation writes ``<ACROSS PUZZLE V2>``, puzpy only reads ``v2``), and a
file with more or fewer clues than the grid has entries is a warning, not silence.
"""

from __future__ import annotations

import re

import puz

from puzzlewright.crossword.formats.common import (
    Capabilities,
    decode_text,
    grid_clues,
    lost_features,
    one_line,
)
from puzzlewright.crossword.formats.puz import from_puzpy
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError

CAPABILITIES = Capabilities(
    ".txt (Across Lite)", shaded=False, voids=False, given=False, bars=False
)
MAGIC = "<ACROSS PUZZLE"
NO_CLUE = "-"
_HEADER = re.compile(r"^\s*<ACROSS PUZZLE(\s+V2)?>", re.IGNORECASE)


def is_across_lite(text: str) -> bool:
    """True when ``text`` starts like an Across Lite text file."""
    return text.lstrip("\ufeff \t\r\n").upper().startswith(MAGIC)


def read_across_lite(data: bytes | str, warnings: list[str] | None = None) -> Puzzle:
    """A puzzle from Across Lite text; one clear error line when it is malformed."""
    text = decode_text(data, "Across Lite text file").lstrip("\ufeff")
    text = _HEADER.sub(lambda m: "<ACROSS PUZZLE v2>" if m.group(1) else "<ACROSS PUZZLE>", text)
    try:
        source = puz.load_text(text)
    except puz.PuzzleFormatError as exc:
        reason = " ".join((exc.message or "").split()) or "malformed"
        raise PuzzleInputError(f"Across Lite text: {reason}") from None
    except (ValueError, IndexError, KeyError, ZeroDivisionError) as exc:  # width 0: x % 0
        raise PuzzleInputError(f"Across Lite text: malformed ({exc})") from None
    try:
        for helper in source.helpers.values():  # puzpy keeps rebus and circles here until saved
            helper.save()
    except (UnicodeEncodeError, ValueError, IndexError, KeyError) as exc:  # a rebus beyond Latin-1
        raise PuzzleInputError(f"Across Lite text: malformed rebus ({exc})") from None
    puzzle = from_puzpy(source, warnings, what="Across Lite text")
    if warnings is not None:
        warnings.extend(_clue_count_notes(text, puzzle))
    return puzzle


def _markable(puzzle: Puzzle, pos: tuple[int, int]) -> bool:
    """True when Across Lite text can circle this cell (one cased ASCII letter)."""
    cell = puzzle.grid.cells[pos[0]][pos[1]]
    return cell is not None and len(cell) == 1 and cell.isalpha() and cell.lower() != cell


def _clue_count_notes(text: str, puzzle: Puzzle) -> list[str]:
    """A warning per clue list whose length does not match the grid's entries."""
    sections = puz.text_file_as_dict(text)
    notes = []
    for heading in ("ACROSS", "DOWN"):
        given = sum(1 for line in sections.get(heading, "").splitlines() if line.strip())
        wanted = sum(1 for slot in puzzle.grid.slots() if slot.direction == heading.lower())
        if given > wanted:
            notes.append(f"Across Lite text: {given - wanted} extra {heading} clue(s) dropped")
        elif given < wanted:
            notes.append(f"Across Lite text: {wanted - given} {heading} entries have no clue")
    return notes


def write_across_lite(puzzle: Puzzle, warnings: list[str] | None = None) -> str:
    """The puzzle as Across Lite text (v2 when it has rebus cells or circles).

    Written here rather than by puzpy's ``to_text_format``, which uses the digits 1-9 as
    rebus markers even when the grid itself holds those digits (kotwords' test puzzles do).
    """
    notes = lost_features(puzzle, CAPABILITIES)
    unmarkable = [pos for pos in sorted(puzzle.circles) if not _markable(puzzle, pos)]
    if unmarkable:
        notes.append(
            f"{len(unmarkable)} circle(s) dropped on rebus, empty or caseless cells "
            "(Across Lite text circles a cell by writing its letter in lower case)"
        )
    missing = puzzle.missing_clues()
    if missing:  # an empty line would shift every later clue onto the wrong entry
        notes.append(
            f"{len(missing)} entries without a clue written with the clue '{NO_CLUE}' "
            "(Across Lite text skips empty clue lines)"
        )
    rows, rebus = _grid_rows(puzzle)
    circled = bool(puzzle.circles) and len(unmarkable) < len(puzzle.circles)
    lines = ["<ACROSS PUZZLE v2>" if rebus or circled else "<ACROSS PUZZLE>"]
    for tag, value in (("TITLE", puzzle.title), ("AUTHOR", puzzle.author)):
        lines += [f"<{tag}>", "\t" + one_line(value)]
    lines += ["<COPYRIGHT>", "\t" + one_line(puzzle.copyright)]
    lines += ["<SIZE>", f"\t{puzzle.grid.width}x{puzzle.grid.height}", "<GRID>"]
    lines += ["\t" + row for row in rows]
    if rebus or circled:
        lines.append("<REBUS>")
        if circled:
            lines.append("\tMARK;")
        lines += [f"\t{marker}:{value}:{value[0]}" for value, marker in rebus.items()]
    clues = grid_clues(puzzle, notes)
    for direction in ("across", "down"):
        lines.append(f"<{direction.upper()}>")
        for slot in puzzle.grid.slots():
            if slot.direction == direction:
                lines.append("\t" + (one_line(clues.get(slot.key, "")) or NO_CLUE))
    lines += ["<NOTEPAD>", puzzle.notes.strip("\n")]
    if puzzle.kind == "diagramless":
        notes.append("diagramless kind kept only as ':' blocks (Across Lite text has no flag)")
    if warnings is not None:
        warnings.extend(notes)
    return "\n".join(lines).rstrip("\n") + "\n"


def _grid_rows(puzzle: Puzzle) -> tuple[list[str], dict[str, str]]:
    """Grid rows (``.`` or ``:`` blocks, lower case circles, rebus markers) and the markers."""
    grid = puzzle.grid
    used = {cell for row in grid.cells for cell in row if cell and len(cell) == 1}
    free = (ch for ch in "123456789" + "0!$%&*+=?@^~" if ch not in used)
    block = ":" if puzzle.kind == "diagramless" else "."
    rebus: dict[str, str] = {}
    rows = []
    for r, row in enumerate(grid.cells):
        chars = []
        for c, cell in enumerate(row):
            if cell is None:
                chars.append(block)
            elif not cell:
                chars.append("-")
            elif len(cell) > 1 or cell in ".:-":
                if cell not in rebus:
                    marker = next(free, None)
                    if marker is None:
                        raise PuzzleInputError(
                            "too many different rebus values for Across Lite text"
                        )
                    rebus[cell] = marker
                chars.append(rebus[cell])
            else:
                chars.append(
                    cell.lower() if (r, c) in puzzle.circles and _markable(puzzle, (r, c)) else cell
                )
        rows.append("".join(chars))
    return rows, rebus
