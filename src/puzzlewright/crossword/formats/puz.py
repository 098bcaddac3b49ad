"""Across Lite ``.puz`` files, read and written through puzpy (the ``puz`` module).

A ``.puz`` version 1.3 holds 8-bit text (Across Lite writes Windows-1252: ``\x92`` is an
apostrophe, so that is how it is read) and one byte per solution cell; version 2.0 holds
UTF-8. Rebus cells go in the GRBS/RTBL extensions (the grid keeps their first letter),
circles in GEXT; a diagramless puzzle has type 0x0401 and ``:`` blocks. A puzzle whose text
and letters fit Latin-1 is written as 1.3 (what every solver reads); anything else as 2.0
UTF-8 with a warning, never with ``?`` in place of a character. Shading and omitted cells
have no place in the format and are reported as dropped. A locked (scrambled) solution is
unlocked by trying every 4-digit key (:mod:`.puzlock`), with a warning naming the key.

The Across Lite *text* format (``<ACROSS PUZZLE>``) is read and written here too, through
puzpy's ``load_text`` and ``to_text_format``, so both Across Lite formats share one
conversion to and from the puzzle model.
"""

from __future__ import annotations

import re
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

CAPABILITIES = Capabilities(".puz", shaded=False, voids=False, given=False, bars=False)
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
    data = _with_version(data, warnings)
    try:
        source = _LenientPuzzle()
        source.load(data)
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
    if source.checksum_error and warnings is not None:
        warnings.append(f".puz {source.checksum_error} (read anyway, as Across Lite does)")
    return from_puzpy(source, warnings)


class _LenientPuzzle(puz.Puzzle):  # type: ignore[misc]
    """puzpy's puzzle, kept when only a checksum is wrong (Across Lite warns and opens these).

    puzpy checks the checksums after it has read every field, so the object is complete.
    """

    checksum_error = ""

    def load(self, data: bytes) -> None:
        try:
            super().load(data)
        except puz.PuzzleFormatError as exc:
            if "checksum does not match" not in (exc.message or ""):
                raise
            self.checksum_error = exc.message


def _with_version(data: bytes, warnings: list[str] | None) -> bytes:
    """The file with an empty version field (some tools write NULs) read as version 1.3."""
    start = data.find(b"ACROSS&DOWN\0")
    at = start - 2 + 0x18 if start >= 2 else -1
    if at < 0 or len(data) < at + 4 or re.fullmatch(rb"\d\.\d", data[at : at + 3]):
        return data
    if warnings is not None:
        warnings.append(f".puz version field is {data[at : at + 3]!r}; read as version 1.3")
    return data[:at] + b"1.3\0" + data[at + 4 :]


def from_puzpy(source: puz.Puzzle, warnings: list[str] | None, *, what: str = ".puz") -> Puzzle:
    """The puzzle model of a puzpy puzzle (read from .puz or Across Lite text)."""
    try:
        return _convert(source, warnings)
    except (KeyError, IndexError, ValueError, UnicodeDecodeError) as exc:
        if isinstance(exc, PuzzleInputError):
            raise
        raise PuzzleInputError(
            f"{what}: corrupt extension data ({type(exc).__name__}: {exc})"
        ) from None


def _windows_1252(text: str) -> str:
    """Text puzpy decoded as Latin-1 from a v1.3 file, re-read as Windows-1252.

    Bytes 0x80-0x9F are control characters in Latin-1 but curly quotes, dashes and the euro
    sign in Windows-1252, which is what Across Lite writes; the five bytes Windows-1252
    leaves undefined stay as they were.
    """
    if not any("\x80" <= ch <= "\x9f" for ch in text):
        return text
    return "".join(
        bytes([ord(ch)]).decode("cp1252", errors="ignore") or ch if "\x80" <= ch <= "\x9f" else ch
        for ch in text
    )


def _convert(source: puz.Puzzle, warnings: list[str] | None) -> Puzzle:
    width, height = source.width, source.height
    size = width * height
    if len(source.solution) != size:
        raise _fail(f"corrupt file (solution has {len(source.solution)} cells, expected {size})")
    locked = _still_locked(source, warnings)
    rebus = _rebus(source, width, size)
    if locked and rebus and warnings is not None:
        warnings.append(
            f".puz rebus table kept for {len(rebus)} cell(s) although the solution is locked"
        )
    text = _windows_1252 if source.version_tuple() < (2, 0) else str
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
            elif index in rebus:
                row.append(letters_cell(rebus[index], (r, c), ".puz: rebus cell"))
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
    clues = {slot.key: text(t) for slot, t in zip(slots, source.clues, strict=True) if t}
    if warnings is not None and any(ch not in BLOCKS | {EMPTY} for ch in source.fill):
        warnings.append(".puz solver's progress (the fill) ignored")
    diagramless = source.puzzletype == puz.PuzzleType.Diagramless or ":" in source.solution
    return Puzzle(
        grid,
        title=text(source.title),
        author=text(source.author),
        copyright=text(source.copyright),
        notes=text(source.notes),
        clues=clues,
        circles=circles,
        kind="diagramless" if diagramless else "crossword",
    )


def _still_locked(source: puz.Puzzle, warnings: list[str] | None) -> bool:
    """Unlock a scrambled solution (every 4-digit key tried); True when its letters stay
    unknown (no key matches, or the file has no solution)."""
    notes: list[str] = [] if warnings is None else warnings
    if source.is_solution_locked():
        from puzzlewright.crossword.formats.puzlock import unlock  # numpy: only when locked

        found = unlock(source)
        if found is None:
            notes.append(
                ".puz solution is scrambled and no 4-digit key matches its checksum; "
                "its letters were not read"
            )
            return True
        others = found.matching - 1
        notes.append(
            f".puz solution was locked; unlocked with key {found.key:04d}"
            + (f" (also matched by {others} other key(s); chosen by its letters)" if others else "")
        )
    if source.solution_state == puz.SolutionState.NotProvided:
        notes.append(".puz file holds no solution; its letters were not read")
        return True
    return False


def _rebus(source: puz.Puzzle, width: int, size: int) -> dict[int, str]:
    """Rebus cells (index -> letters) from the GRBS and RTBL extensions."""
    table = source.extensions.get(puz.Extensions.Rebus, b"")
    if not table:
        return {}
    if len(table) != size:
        raise _fail(f"corrupt rebus grid (GRBS has {len(table)} cells, expected {size})")
    raw = source.extensions.get(puz.Extensions.RebusSolutions, b"")
    encoding = "cp1252" if source.version_tuple() < (2, 0) else source.encoding
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        raise _fail(f"corrupt rebus table (RTBL is not {encoding})") from None
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
    """The puzzle as ``.puz`` bytes (1.3 when Latin-1 holds it, else 2.0 UTF-8), with warnings."""
    notes: list[str] = lost_features(puzzle, CAPABILITIES)
    utf8 = not _fits_latin1(puzzle) or not _grid_fits_latin1(puzzle)
    if utf8:
        notes.append(
            "letters or text outside Latin-1: written as .puz version 2.0 (UTF-8), "
            "which older solvers may not read"
        )
    data: bytes = build_puz(puzzle, notes, utf8=utf8).tobytes()
    if warnings is not None:
        warnings.extend(notes)
    return data


def _grid_fits_latin1(puzzle: Puzzle) -> bool:
    """True when every letter fits Latin-1 as it is or by dropping an accent."""
    for r, c in puzzle.grid.positions():
        for ch in puzzle.grid.cells[r][c] or "":
            base = (_LATIN1_SPELLING.get(ch) or _strip_marks(ch)).upper()
            if not _is_latin1(ch) and not (len(base) == 1 and _is_latin1(base)):
                return False
    return True


def _fits_latin1(puzzle: Puzzle) -> bool:
    """True when every text of the puzzle (title, notes, clues ...) is Latin-1."""
    texts = [puzzle.title, puzzle.author, puzzle.copyright, puzzle.notes]
    texts += list(puzzle.clues.values())
    return all(_is_latin1(text) for text in texts)


def build_puz(puzzle: Puzzle, notes: list[str], *, utf8: bool) -> puz.Puzzle:
    """A puzpy puzzle (version 2.0 UTF-8 when ``utf8``, else 1.3 Latin-1); notes collects losses."""
    grid = puzzle.grid
    if grid.width > MAX_SIDE or grid.height > MAX_SIDE:
        raise PuzzleInputError(
            f"cannot store a {grid.width}x{grid.height} grid in .puz (at most 255 a side)"
        )
    target = puz.Puzzle("2.0" if utf8 else "1.3")
    target.width, target.height = grid.width, grid.height
    if puzzle.kind == "diagramless":
        target.puzzletype = puz.PuzzleType.Diagramless
    _puz_grid(puzzle, target, notes, utf8=utf8)
    _puz_texts(puzzle, target, notes, utf8=utf8)
    return target


def _puz_grid(puzzle: Puzzle, target: puz.Puzzle, notes: list[str], *, utf8: bool) -> None:
    """Solution, fill, rebus tables and circles of ``target``."""
    grid = puzzle.grid
    block = ":" if puzzle.kind == "diagramless" else "."
    solution: list[str] = []
    rebus: dict[int, str] = {}
    changed_letters: dict[str, str] = {}
    empty = 0
    for r, row in enumerate(grid.cells):
        for c, cell in enumerate(row):
            if cell is None:
                solution.append(block)
                continue
            if not cell:
                empty += 1
                solution.append(EMPTY)
                continue
            if utf8:  # the grid holds one byte: anything else goes in the UTF-8 rebus table
                _reserved(cell, (r, c))
                plain = len(cell) == 1 and cell.isascii()
                solution.append(cell if plain else _placeholder(cell))
                if not plain:
                    rebus[r * grid.width + c] = cell
                continue
            letters = "".join(_puz_letter(ch, (r, c), changed_letters) for ch in cell)
            solution.append(letters[0])
            if len(letters) > 1:
                rebus[r * grid.width + c] = letters
    target.solution = "".join(solution)
    target.fill = "".join(ch if ch in BLOCKS else EMPTY for ch in solution)
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


def _puz_texts(puzzle: Puzzle, target: puz.Puzzle, notes: list[str], *, utf8: bool) -> None:
    """Title, author, copyright, notes and clues of ``target`` (in grid order)."""
    encode = (lambda text: text.replace("\0", "")) if utf8 else _latin1_text
    for name in ("title", "author", "copyright", "notes"):
        value: str = getattr(puzzle, name)
        latin = encode(value)
        if latin != value:
            notes.append(
                f"{name} transliterated to Latin-1 for .puz: {shorten(value)!r} -> "
                f"{shorten(latin)!r}"
            )
        setattr(target, name, latin)
    clues = grid_clues(puzzle, notes)
    changed: list[str] = []
    texts: list[str] = []
    for slot in puzzle.grid.slots():
        text = clues.get(slot.key, "")
        latin = encode(" ".join(text.splitlines()))
        if latin != text:
            changed.append(slot.key)
        texts.append(latin)
    target.clues = texts
    if changed:
        notes.append(
            f"{len(changed)} clue(s) joined onto one line"
            + ("" if utf8 else " or transliterated to Latin-1")
            + " for .puz: "
            + ", ".join(changed[:10])
            + (" ..." if len(changed) > 10 else "")
        )


def _reserved(cell: str, pos: Position) -> None:
    """Refuse a cell that is exactly a character .puz reserves for blocks and empty cells."""
    if cell in BLOCKS or cell == EMPTY:
        raise PuzzleInputError(
            f"cannot store {cell!r} at {where(pos)} in .puz: the format reserves it "
            "(blocks and empty cells); use .ipuz or .jpz"
        )


def _placeholder(cell: str) -> str:
    """The one ASCII byte a UTF-8 .puz shows in the grid for ``cell`` (its rebus has the rest)."""
    base = (_LATIN1_SPELLING.get(cell[0]) or _strip_marks(cell[0])).upper()[:1]
    return base if base.isascii() and base.isalnum() else "X"


def _puz_letter(letter: str, pos: Position, changed: dict[str, str]) -> str:
    """One character of a solution cell as a Latin-1 .puz holds it."""
    _reserved(letter, pos)
    return _latin1_letter(letter, pos, changed)


def _latin1_letter(letter: str, pos: Position, changed: dict[str, str]) -> str:
    if _is_latin1(letter):
        return letter
    base = (_LATIN1_SPELLING.get(letter) or _strip_marks(letter)).upper()
    if len(base) == 1 and _is_latin1(base) and base.isalnum():
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
