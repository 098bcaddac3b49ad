"""``.xd`` crosswords, the plain-text format of the xd corpus, read and written here.

Layout: ``Key: value`` headers, the grid (``#`` block, ``_`` omitted cell, ``.`` empty cell,
letters; other characters are rebus keys from the ``Rebus: 1=HEART`` header; lower-case
letters are circled or shaded cells, as the ``Special:`` header says), then clue lines
``A1. Clue ~ ANSWER`` and free notes. Sections are separated by two blank lines, or
introduced by ``## Metadata`` / ``## Grid`` / ``## Clues`` / ``## Notes`` (xd 2.0).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field

from puzzlewright.crossword.formats.common import (
    Capabilities,
    decode_text,
    grid_clues,
    letters_cell,
    lost_features,
    make_grid,
    where,
)
from puzzlewright.crossword.formats.limits import whole_number
from puzzlewright.crossword.grid import Cell, Position
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError

CAPABILITIES = Capabilities(".xd")
BLOCK, VOID, EMPTY = "#", "_", "."
_HEADER = re.compile(r"^([A-Za-z][\w .-]*?)\s*:\s?(.*)$")
_CLUE = re.compile(r"^([A-Za-z])(\d+)\.(.*)$")
_CLUE_META = re.compile(r"^[A-Za-z]\d+\s+\^")
_ANSWER = re.compile(r"^(.*?)\s~(?:\s+(\S*))?\s*$")
_SECTION = re.compile(r"^##\s+(\S.*?)\s*$")  # grid rows like "##AB" are not headings
# rebus keys for plain cells: digits first (as in the corpus), then symbols
_KEYS = (
    "123456789"
    + "0"
    + "!$%&*+=?@^<>{}|;/\\'`,()[]"
    + "".join(
        chr(code)
        for code in range(0xA1, 0x250)
        if chr(code).isprintable() and not chr(code).isalpha() and not chr(code).isspace()
    )
)


def _fail(message: str) -> PuzzleInputError:
    return PuzzleInputError(f"xd: {message}")


@dataclass
class _Sections:
    metadata: list[tuple[int, str]] = field(default_factory=list)
    grid: list[tuple[int, str]] = field(default_factory=list)
    clues: list[tuple[int, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# -- reading -------------------------------------------------------------------------------
def read_xd(data: bytes | str, warnings: list[str] | None = None) -> Puzzle:
    """A puzzle from xd text; PuzzleInputError naming the line when it is malformed."""
    text = unicodedata.normalize("NFC", decode_text(data, "xd file"))
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if any(_SECTION.match(line) for line in lines):
        sections = _explicit_sections(lines, warnings)
    else:
        sections = _implicit_sections(lines)
    headers = _headers(sections.metadata, warnings)
    rebus = _rebus_header(headers.get("rebus", ""))
    special = _special_header(headers.get("special", ""), warnings)
    if not sections.grid:
        raise _fail("no grid found")

    cells: list[list[Cell]] = []
    marked: set[Position] = set()
    voids: set[Position] = set()
    for r, (number, line) in enumerate(sections.grid):
        row: list[Cell] = []
        for c, char in enumerate(line.strip()):
            pos = (r, c)
            if char == BLOCK:
                row.append(None)
            elif char == VOID:
                row.append(None)
                voids.add(pos)
            elif char == EMPTY:
                row.append("")
            elif char in rebus:
                row.append(rebus[char])
                if char.islower():
                    marked.add(pos)
            elif char.isalpha():
                if char.islower():
                    marked.add(pos)
                row.append(letters_cell(char, pos, "xd: grid cell"))
            else:
                raise _fail(
                    f"line {number}: unknown grid character {char!r} at {where(pos)} "
                    "(not a letter, #, _, . or a key of the Rebus header)"
                )
        cells.append(row)
    grid = make_grid(cells, "xd")
    puzzle = Puzzle(grid, voids=voids)
    if special == "shaded":
        puzzle.shaded = marked
    else:
        puzzle.circles = marked
    puzzle.title = headers.get("title", "")
    puzzle.author = headers.get("author", "")
    puzzle.copyright = headers.get("copyright", "")
    notes = [headers.get("notes", ""), "\n".join(sections.notes).strip("\n")]
    puzzle.notes = "\n\n".join(part for part in notes if part)
    puzzle.clues = _clues(sections.clues, warnings)
    return puzzle


def _explicit_sections(lines: list[str], warnings: list[str] | None) -> _Sections:
    sections = _Sections()
    current: str | None = None
    for number, line in enumerate(lines, 1):
        match = _SECTION.match(line)
        if match:
            current = match.group(1).lower()
            if current not in ("metadata", "grid", "clues", "notes") and warnings is not None:
                warnings.append(f"xd section '## {match.group(1)}' ignored")
            continue
        if current == "notes":
            sections.notes.append(line.rstrip())
        elif line.strip() and current in ("metadata", "grid", "clues"):
            getattr(sections, current).append((number, line.strip()))
        elif line.strip() and current is None:
            raise _fail(f"line {number}: text before the first '## Section' heading")
    return sections


def _implicit_sections(lines: list[str]) -> _Sections:
    """Split on blank lines: headers, grid, clue groups, then notes."""
    paragraphs: list[tuple[int, list[tuple[int, str]]]] = []  # (blank lines before, lines)
    blanks = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            blanks += 1
            continue
        if blanks or not paragraphs:
            paragraphs.append((blanks, []))
        paragraphs[-1][1].append((number, line.strip()))
        blanks = 0
    sections = _Sections()
    stage = "metadata"
    for gap, paragraph in paragraphs:
        if stage == "metadata":
            if all(_HEADER.match(line) for _, line in paragraph):
                sections.metadata = paragraph
                stage = "grid"
                continue
            stage = "grid"
        if stage == "grid":
            sections.grid = paragraph
            stage = "clues"
            continue
        if stage == "clues" and (not sections.clues or gap < 2) and _CLUE.match(paragraph[0][1]):
            sections.clues.extend(paragraph)
            continue
        stage = "notes"
        if sections.notes:
            sections.notes.extend([""] * min(gap, 2))
        sections.notes.extend(line for _, line in paragraph)
    return sections


def _headers(lines: list[tuple[int, str]], warnings: list[str] | None) -> dict[str, str]:
    headers: dict[str, str] = {}
    for number, line in lines:
        match = _HEADER.match(line)
        if not match:
            raise _fail(f"line {number}: bad header {line!r} (expected 'Key: value')")
        key, value = match.group(1).strip().lower(), match.group(2).strip()
        if key in headers:
            raise _fail(f"line {number}: header {match.group(1)!r} given twice")
        headers[key] = value
    ignored = [key for key in headers if key not in _KNOWN_HEADERS]
    if ignored and warnings is not None:
        warnings.append("xd header(s) not kept: " + ", ".join(k.capitalize() for k in ignored))
    return headers


_KNOWN_HEADERS = frozenset(("title", "author", "copyright", "notes", "rebus", "special"))


def _rebus_header(value: str) -> dict[str, str]:
    rebus: dict[str, str] = {}
    for token in value.split():
        key, sep, letters = token.partition("=")
        if not sep or len(key) != 1 or not letters:
            raise _fail(f"bad Rebus header entry {token!r} (expected e.g. 1=HEART)")
        if key in (BLOCK, VOID, EMPTY):
            raise _fail(f"Rebus header key {key!r} is reserved")
        if not letters.isalpha():
            raise _fail(
                f"Rebus value {token!r} is not letters (symbol and quantum rebuses "
                "are not supported)"
            )
        rebus[key] = letters.upper()
    return rebus


def _special_header(value: str, warnings: list[str] | None) -> str:
    kind = value.strip().lower()
    if kind in ("shaded", "shade", "shading", "grey", "gray"):
        return "shaded"
    if kind and kind not in ("circle", "circles", "circled") and warnings is not None:
        warnings.append(f"xd Special: {value} not understood; special cells read as circles")
    return "circle"


def _clues(lines: list[tuple[int, str]], warnings: list[str] | None) -> dict[str, str]:
    clues: dict[str, str] = {}
    groups: set[str] = set()
    for number, line in lines:
        if _CLUE_META.match(line):
            continue
        match = _CLUE.match(line)
        if not match:
            raise _fail(f"line {number}: bad clue line {line!r} (expected 'A1. Clue ~ ANSWER')")
        group, clue_number, rest = match.group(1).upper(), match.group(2), match.group(3)
        if group not in ("A", "D"):
            groups.add(group)
            continue
        answer = _ANSWER.match(rest)
        text = (answer.group(1) if answer else rest).strip().replace("\\", "\n")
        if text:
            clues[f"{whole_number(clue_number, f'xd: line {number}')}{group}"] = text
    if groups and warnings is not None:
        warnings.append("xd clue group(s) other than Across/Down ignored: " + ", ".join(groups))
    return clues


# -- writing -------------------------------------------------------------------------------
def write_xd(puzzle: Puzzle, warnings: list[str] | None = None) -> str:
    """The puzzle as xd text; warns about marks the format cannot express."""
    notes = lost_features(puzzle, CAPABILITIES)
    grid = puzzle.grid
    special = "circle" if puzzle.circles or not puzzle.shaded else "shaded"
    marked = puzzle.circles if special == "circle" else puzzle.shaded
    if puzzle.circles and puzzle.shaded:
        notes.append(
            f"{len(puzzle.shaded - puzzle.circles)} shaded cell(s) dropped "
            "(.xd marks either circles or shading, and this puzzle has circles)"
        )
    marked = {pos for pos in marked if grid.is_open(*pos)}

    plain_keys = iter(_KEYS)
    marked_letters = {
        letters.lower() for r, c in marked if len(letters := grid.cells[r][c] or "") == 1
    }
    special_keys = iter(k for k in "abcdefghijklmnopqrstuvwxyz" if k not in marked_letters)
    rebus: dict[tuple[str, bool], str] = {}  # (letters, marked) -> key
    unmarkable: list[Position] = []
    rows: list[str] = []
    for r, row in enumerate(grid.cells):
        out: list[str] = []
        for c, cell in enumerate(row):
            pos = (r, c)
            if cell is None:
                out.append(VOID if pos in puzzle.voids else BLOCK)
            elif cell == "":
                out.append(EMPTY)
                if pos in marked:
                    unmarkable.append(pos)
            elif len(cell) > 1:
                out.append(_rebus_key(cell, pos in marked, rebus, plain_keys, special_keys))
                if pos in marked and (cell, True) not in rebus:
                    unmarkable.append(pos)
            elif pos in marked:
                lower = cell.lower()
                if len(lower) == 1 and lower != cell and lower.upper() == cell:
                    out.append(lower)
                else:
                    out.append(cell)
                    unmarkable.append(pos)
            else:
                out.append(cell)
        rows.append("".join(out))
    if unmarkable:
        notes.append(
            f"{len(unmarkable)} {special} mark(s) dropped on cells .xd cannot mark "
            f"(empty or caseless cells, or too many marked rebus values): "
            + ", ".join(where(pos) for pos in unmarkable[:5])
        )

    headers = [("Title", puzzle.title), ("Author", puzzle.author)]
    headers.append(("Copyright", puzzle.copyright))
    multiline_notes = "\n" in puzzle.notes.strip()
    if puzzle.notes and not multiline_notes:
        headers.append(("Notes", puzzle.notes.strip()))
    if rebus:
        headers.append(("Rebus", " ".join(f"{key}={value}" for (value, _), key in rebus.items())))
    if len(marked) > len(unmarkable):  # some cell really is marked
        headers.append(("Special", special))
    head = [
        f"{key}: {' '.join(value.split())}" for key, value in headers if value or key == "Title"
    ]

    clues = grid_clues(puzzle, notes)
    groups: list[list[str]] = []
    for direction in ("across", "down"):
        group = []
        for slot in grid.slots():
            if slot.direction != direction:
                continue
            answer = "".join(grid.cells[r][c] or EMPTY for r, c in slot.cells)
            text = clues.get(slot.key, "").strip().replace("\r\n", "\n").replace("\n", "\\")
            body = f"{text} ~ {answer}" if text else f"~ {answer}"
            group.append(f"{direction[0].upper()}{slot.number}. {body}")
        if group:
            groups.append(group)
    parts = ["\n".join(head), "\n".join(rows), "\n\n".join("\n".join(g) for g in groups)]
    if multiline_notes:
        parts.append(puzzle.notes.strip("\n"))
    if warnings is not None:
        warnings.extend(notes)
    return "\n\n\n".join(parts).rstrip("\n") + "\n"


def _rebus_key(
    letters: str,
    marked: bool,
    rebus: dict[tuple[str, bool], str],
    plain_keys: Iterator[str],
    special_keys: Iterator[str],
) -> str:
    """The grid character of a rebus cell, allocating a new Rebus header key when needed."""
    if marked:
        if (letters, True) not in rebus:
            key = next(special_keys, None)
            if key is not None:
                rebus[(letters, True)] = key
        if (letters, True) in rebus:
            return rebus[(letters, True)]
    if (letters, False) not in rebus:
        key = next(plain_keys, None)
        if key is None:
            raise PuzzleInputError("too many different rebus values for the .xd Rebus header")
        rebus[(letters, False)] = key
    return rebus[(letters, False)]
