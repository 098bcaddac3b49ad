"""Across Lite ``.puz`` files, read and written through puzpy (the ``puz`` module).

A ``.puz`` (version 1.3) holds Latin-1 text and one byte per solution cell. Rebus cells go
in the GRBS/RTBL extensions (the grid keeps their first letter), circles in GEXT. Text
outside Latin-1 is transliterated with a warning; letters that have no Latin-1 form are
refused. Shading and omitted cells have no place in the format and are reported as dropped.
"""

from __future__ import annotations

import struct
import unicodedata

import puz

from puzzlewright.crossword.formats.common import (
    Capabilities,
    grid_clues,
    letters_cell,
    lost_features,
    make_grid,
    shorten,
    where,
)
from puzzlewright.crossword.grid import Cell, Position
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError

CAPABILITIES = Capabilities(".puz", shaded=False, voids=False)
BLOCKS = frozenset(".:")
EMPTY = "-"
MAX_SIDE = 255

# characters outside Latin-1 that have a usual Latin-1 spelling (and no decomposition)
_LATIN1_SPELLING = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201a": ",",
    "\u201b": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": '"',
    "\u2032": "'",
    "\u2033": '"',
    "\u2013": "-",
    "\u2014": "--",
    "\u2212": "-",
    "\u2026": "...",
    "\u2022": "*",
    "\u20ac": "EUR",
    "\u2122": "(TM)",
    "\u0141": "L",
    "\u0142": "l",
    "\u0110": "D",
    "\u0111": "d",
    "\u0131": "i",
    "\u0152": "OE",
    "\u0153": "oe",
}


def _fail(message: str) -> PuzzleInputError:
    return PuzzleInputError(f".puz: {message}")


# -- reading -------------------------------------------------------------------------------
def read_puz(data: bytes | str, warnings: list[str] | None = None) -> Puzzle:
    """A puzzle from the bytes of a ``.puz`` file; a one-line error when it is corrupt."""
    if isinstance(data, str):
        raise _fail("a .puz file is binary; give its bytes")
    if not data:
        raise _fail("the file is empty")
    try:
        source = puz.load(data)
    except puz.PuzzleFormatError as exc:
        reason = " ".join((exc.message or "").split())
        if not reason or "does not appear" in reason:
            reason = "no ACROSS&DOWN signature: not an Across Lite puzzle"
        elif "could not unpack" in reason:
            reason = "truncated header"
        raise _fail(f"corrupt file ({reason})") from None
    except UnicodeDecodeError as exc:
        raise _fail(f"corrupt file (text is not {exc.encoding} at byte {exc.start})") from None
    except (struct.error, ValueError, IndexError) as exc:
        raise _fail(f"corrupt file ({' '.join(str(exc).split())})") from None
    try:
        return _convert(source, warnings)
    except (KeyError, IndexError, ValueError, UnicodeDecodeError) as exc:
        if isinstance(exc, PuzzleInputError):
            raise
        raise _fail(f"corrupt extension data ({type(exc).__name__}: {exc})") from None


def _convert(source: puz.Puzzle, warnings: list[str] | None) -> Puzzle:
    width, height = source.width, source.height
    size = width * height
    if len(source.solution) != size:
        raise _fail(f"corrupt file (solution has {len(source.solution)} cells, expected {size})")
    locked = source.is_solution_locked() or source.solution_state == puz.SolutionState.NotProvided
    if locked and warnings is not None:
        warnings.append(".puz solution is scrambled or missing; its letters were not read")
    rebus = {} if locked else _rebus(source, width, size)
    circles: set[Position] = set()
    markup = source.extensions.get(puz.Extensions.Markup, b"")
    if markup:
        if len(markup) != size:
            raise _fail(f"corrupt markup table (GEXT has {len(markup)} cells, expected {size})")
        circles = {divmod(i, width) for i, flags in enumerate(markup) if flags & 0x80}

    cells: list[list[Cell]] = []
    for r in range(height):
        row: list[Cell] = []
        for c in range(width):
            index = r * width + c
            char = source.solution[index]
            if char in BLOCKS:
                row.append(None)
            elif locked or char == EMPTY:
                row.append("")
            else:
                value = rebus.get(index) or char
                row.append(letters_cell(value, (r, c), ".puz: solution cell"))
        cells.append(row)
    grid = make_grid(cells, ".puz")
    circles = {pos for pos in circles if grid.cells[pos[0]][pos[1]] is not None}

    slots = grid.slots()
    if len(source.clues) != len(slots):
        raise _fail(f"corrupt file ({len(source.clues)} clues for the grid's {len(slots)} entries)")
    clues = {slot.key: text for slot, text in zip(slots, source.clues, strict=True) if text}
    if warnings is not None and any(ch not in BLOCKS | {EMPTY} for ch in source.fill):
        warnings.append(".puz solver's progress (the fill) ignored")
    return Puzzle(
        grid,
        title=source.title,
        author=source.author,
        copyright=source.copyright,
        notes=source.notes,
        clues=clues,
        circles=circles,
    )


def _rebus(source: puz.Puzzle, width: int, size: int) -> dict[int, str]:
    """Rebus cells (index -> letters) from the GRBS and RTBL extensions."""
    table = source.extensions.get(puz.Extensions.Rebus, b"")
    if not table:
        return {}
    if len(table) != size:
        raise _fail(f"corrupt rebus grid (GRBS has {len(table)} cells, expected {size})")
    raw = source.extensions.get(puz.Extensions.RebusSolutions, b"")
    try:
        text = raw.decode(source.encoding)
    except UnicodeDecodeError:
        raise _fail(f"corrupt rebus table (RTBL is not {source.encoding})") from None
    solutions: dict[int, str] = {}
    for item in text.split(";"):
        if not item.strip():
            continue
        key, sep, value = item.partition(":")
        if not sep or not key.strip().isdigit() or not value:
            raise _fail(f"corrupt rebus table (RTBL entry {item!r})")
        solutions[int(key)] = value
    rebus: dict[int, str] = {}
    for index, entry in enumerate(table):
        if entry:
            if entry - 1 not in solutions:
                raise _fail(
                    f"corrupt rebus table (the cell at {where(divmod(index, width))} uses "
                    f"entry {entry - 1}, missing from RTBL)"
                )
            rebus[index] = solutions[entry - 1]
    return rebus


# -- writing -------------------------------------------------------------------------------
def write_puz(puzzle: Puzzle, warnings: list[str] | None = None) -> bytes:
    """The puzzle as ``.puz`` bytes; warns about what was dropped or transliterated."""
    notes: list[str] = lost_features(puzzle, CAPABILITIES)
    grid = puzzle.grid
    if grid.width > MAX_SIDE or grid.height > MAX_SIDE:
        raise PuzzleInputError(
            f"cannot store a {grid.width}x{grid.height} grid in .puz (at most 255 a side)"
        )
    target = puz.Puzzle()  # version 1.3: Latin-1
    target.width, target.height = grid.width, grid.height

    solution: list[str] = []
    rebus: dict[int, str] = {}
    changed_letters: dict[str, str] = {}
    empty = 0
    for r, row in enumerate(grid.cells):
        for c, cell in enumerate(row):
            if cell is None:
                solution.append(".")
                continue
            if not cell:
                empty += 1
                solution.append(EMPTY)
                continue
            latin = "".join(_latin1_letter(letter, (r, c), changed_letters) for letter in cell)
            solution.append(latin[0])
            if len(latin) > 1:
                rebus[r * grid.width + c] = latin
    target.solution = "".join(solution)
    target.fill = "".join("." if ch == "." else EMPTY for ch in solution)
    if changed_letters:
        shown = ", ".join(f"{a}->{b}" for a, b in changed_letters.items())
        notes.append(f"letters transliterated to Latin-1 for .puz: {shown}")
    if empty:
        notes.append(
            f"{empty} empty cell(s) written as '-' (a .puz normally holds a complete solution)"
        )
    if len(set(rebus.values())) > 254:
        raise PuzzleInputError("cannot store more than 254 different rebus values in .puz")
    for index, letters in rebus.items():
        target.rebus().add_rebus_squares(index, letters)
    if puzzle.circles:
        indexes = [r * grid.width + c for r, c in sorted(puzzle.circles) if grid.is_open(r, c)]
        target.markup().set_markup_squares(indexes, puz.GridMarkup.Circled)

    for name in ("title", "author", "copyright", "notes"):
        value: str = getattr(puzzle, name)
        latin = _latin1_text(value)
        if latin != value:
            notes.append(
                f"{name} transliterated to Latin-1 for .puz: {shorten(value)!r} -> "
                f"{shorten(latin)!r}"
            )
        setattr(target, name, latin)
    clues = grid_clues(puzzle, notes)
    changed: list[str] = []
    texts: list[str] = []
    for slot in grid.slots():
        text = clues.get(slot.key, "")
        latin = _latin1_text(" ".join(text.splitlines()))
        if latin != text:
            changed.append(slot.key)
        texts.append(latin)
    target.clues = texts
    if changed:
        notes.append(
            f"{len(changed)} clue(s) transliterated to Latin-1 or joined onto one line for .puz: "
            + ", ".join(changed[:10])
            + (" ..." if len(changed) > 10 else "")
        )
    if warnings is not None:
        warnings.extend(notes)
    data: bytes = target.tobytes()
    return data


def _latin1_letter(letter: str, pos: Position, changed: dict[str, str]) -> str:
    if _is_latin1(letter):
        return letter
    base = (_LATIN1_SPELLING.get(letter) or _strip_marks(letter)).upper()
    if len(base) == 1 and _is_latin1(base) and base.isalpha():
        changed[letter] = base
        return base
    raise PuzzleInputError(
        f"cannot store the letter {letter!r} at {where(pos)}: .puz holds Latin-1 letters only "
        "(use .ipuz or .xd)"
    )


def _latin1_text(text: str) -> str:
    """``text`` with every character outside Latin-1 replaced by its closest Latin-1 form."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text.replace("\0", "")):
        if _is_latin1(ch):
            out.append(ch)
        elif ch in _LATIN1_SPELLING:
            out.append(_LATIN1_SPELLING[ch])
        else:
            base = _strip_marks(ch)
            out.append(base if base and _is_latin1(base) else "?")
    return "".join(out)


def _strip_marks(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _is_latin1(text: str) -> bool:
    return all(ord(ch) < 256 for ch in text)
