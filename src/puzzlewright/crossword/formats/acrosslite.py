"""Across Lite text files (``<ACROSS PUZZLE>``, ``.txt``), read and written through puzpy.

puzpy's ``load_text`` and ``to_text_format`` parse and write the format (v1, and v2 with its
``<REBUS>`` section and ``MARK`` circles); the puzzle model is reached through the same
conversion as ``.puz`` (:mod:`puzzlewright.crossword.formats.puz`), so the two Across Lite
formats cannot drift apart. The text is UTF-8, so any alphabet is kept.

Two things are added around puzpy: the header is matched without regard to case (Across
Lite's own documentation writes ``<ACROSS PUZZLE V2>``, puzpy only reads ``v2``), and a
file with more or fewer clues than the grid has entries is a warning, not silence.
"""

from __future__ import annotations

import re

import puz

from puzzlewright.crossword.formats.common import Capabilities, decode_text, lost_features
from puzzlewright.crossword.formats.puz import build_puz, from_puzpy
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError

CAPABILITIES = Capabilities(
    ".txt (Across Lite)", shaded=False, voids=False, given=False, bars=False
)
MAGIC = "<ACROSS PUZZLE"
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
    except (ValueError, IndexError, KeyError) as exc:
        raise PuzzleInputError(f"Across Lite text: malformed ({exc})") from None
    puzzle = from_puzpy(source, warnings, what="Across Lite text")
    if warnings is not None:
        warnings.extend(_clue_count_notes(text, puzzle))
    return puzzle


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
    """The puzzle as Across Lite text (v2 when it has rebus cells or circles)."""
    notes = lost_features(puzzle, CAPABILITIES)
    if puzzle.kind == "diagramless":
        notes.append("diagramless kind kept only as ':' blocks (Across Lite text has no flag)")
    source = build_puz(puzzle, notes, utf8=True)
    text: str = puz.to_text_format(source, "v1")
    if warnings is not None:
        warnings.extend(notes)
    return text.rstrip("\n") + "\n"
