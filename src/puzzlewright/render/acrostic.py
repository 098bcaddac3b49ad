"""An acrostic ipuz as a printable document.

The file is read by :func:`puzzlewright.crossword.formats.acrostic_ipuz.read_ipuz` (with
the other file formats, which the JPZ converter shares); this module only turns the sheet it
returns into the layout model: grid squares into :class:`CellView`, clues into entries with
numbered blanks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from puzzlewright.crossword.formats.acrostic_ipuz import (
    AcrosticSheet,
    SheetCell,
    is_acrostic,
    read_ipuz,
)
from puzzlewright.render.markup import plain_text
from puzzlewright.render.model import (
    Blank,
    CellView,
    ClueEntry,
    ClueSection,
    Document,
    GridView,
    words_for,
)

__all__ = ["acrostic_document", "is_acrostic"]


def _view(cell: SheetCell) -> CellView:
    """The printed square for one square of the sheet (the same marks, nothing added)."""
    return CellView(**asdict(cell))


def sheet_document(sheet: AcrosticSheet) -> Document:
    """The printable view of an acrostic: the quotation grid and clues with numbered blanks."""
    grid = GridView(tuple(tuple(_view(cell) for cell in row) for row in sheet.rows))
    entries = tuple(
        ClueEntry(
            clue.label,
            clue.text,
            clue.answer,
            tuple(Blank(sheet.cell(p).number, sheet.cell(p).answer) for p in clue.cells),
        )
        for clue in sheet.clues
    )
    initials = "".join(entry.answer[:1] for entry in entries)
    texts = [sheet.quote, sheet.source, *(e.text for e in entries), *(e.answer for e in entries)]
    words = words_for(texts)
    source = plain_text(sheet.source)
    lines = [plain_text(sheet.quote), f"— {source}" if source else ""]
    if initials:
        lines.append(words.source.format(initials))
    return Document(
        kind="acrostic",
        grid=grid,
        sections=(ClueSection(words.clues, entries),),
        title=plain_text(sheet.title),
        author=plain_text(sheet.author),
        copyright=plain_text(sheet.copyright),
        notes=sheet.notes,
        solution_lines=tuple(line for line in lines if line),
        words=words,
    )


def acrostic_document(data: Mapping[str, Any]) -> Document:
    """The printable view of an acrostic ipuz document."""
    return sheet_document(read_ipuz(data))
