"""``.xd`` crosswords, the plain-text format of the xd corpus, read and written here.

Layout: ``Key: value`` headers, the grid (``#`` block, ``_`` omitted cell, ``.`` empty cell,
letters; other characters are rebus keys from the ``Rebus: 1=HEART`` header, whose entries
are separated by spaces or commas (the xd corpus writes ``1=HEART,2=DIAMOND``); lower-case
letters are circled or shaded cells, as the ``Special:`` header says), then clue lines
``A1. Clue ~ ANSWER`` and free notes. Sections are separated by two blank lines, or
introduced by ``## Metadata`` / ``## Grid`` / ``## Clues`` / ``## Notes`` (xd 2.0).

Dialects: Puzzmo and kotwords write ``.`` for a block (there are no empty cells) and mark
circles and shading in a ``## Design`` section (a ``<style>`` line naming a character per
look, then a grid of those characters). ``dialect="auto"`` reads ``.`` as a block when the
clue answers match the grid only that way; ``standard`` or ``puzzmo`` force a reading.

Writing: the layout both the xd corpus tools and Puzzmo's parser read: an unclued entry is
``A1.  ~ ANSWER`` (two spaces), ``## `` section headings when a clue group is empty (Puzzmo
needs four sections), rebus keys separated by spaces, circles as lower-case letters (the xd
spec's way; Puzzmo takes circles only from ``## Design``, which is not written).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from puzzlewright.crossword.formats.common import (
    Capabilities,
    decode_text,
    grid_clues,
    letters_cell,
    lost_features,
    make_grid,
    one_line,
    where,
)
from puzzlewright.crossword.formats.limits import whole_number
from puzzlewright.crossword.grid import Cell, Position
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError

CAPABILITIES = Capabilities(".xd", given=False, bars=False)
BLOCK, VOID, EMPTY = "#", "_", "."
Dialect = Literal["auto", "standard", "puzzmo"]
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


def xd_dialect_named(name: str) -> Dialect:
    """The dialect called ``name``; PuzzleInputError for another word."""
    for dialect in ("auto", "standard", "puzzmo"):
        if name == dialect:
            return dialect
    raise PuzzleInputError(f"unknown xd dialect {name!r}: use auto, standard or puzzmo")


def _fail(message: str) -> PuzzleInputError:
    return PuzzleInputError(f"xd: {message}")


@dataclass
class _Sections:
    metadata: list[tuple[int, str]] = field(default_factory=list)
    grid: list[tuple[int, str]] = field(default_factory=list)
    clues: list[tuple[int, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    design: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class _Cells:
    """The grid as read in one dialect, with the cells its characters mark."""

    cells: list[list[Cell]]
    marked: set[Position]
    voids: set[Position]


# -- reading -------------------------------------------------------------------------------
def read_xd(
    data: bytes | str, warnings: list[str] | None = None, *, dialect: Dialect = "auto"
) -> Puzzle:
    """A puzzle from xd text; PuzzleInputError naming the line when it is malformed."""
    text = decode_text(data, "xd file")  # cells are normalized (NFC) one by one; text is kept
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
    answers = _clue_answers(sections.clues)
    read = _read_dialect(sections.grid, rebus, dialect, answers, warnings)
    grid = make_grid(read.cells, "xd")
    puzzle = Puzzle(grid, voids=read.voids)
    if special == "shaded":
        puzzle.shaded = read.marked
    else:
        puzzle.circles = read.marked
    circles, shaded = _design(sections.design, warnings)
    puzzle.circles |= {pos for pos in circles if grid.is_open(*pos)}
    puzzle.shaded |= {pos for pos in shaded if grid.is_open(*pos)}
    puzzle.title = headers.get("title", "")
    puzzle.author = headers.get("author", "")
    puzzle.copyright = headers.get("copyright", "")
    if headers.get("kind", "").lower() == "diagramless":
        puzzle.kind = "diagramless"
    notes = [headers.get("notes", ""), "\n".join(sections.notes).strip("\n")]
    puzzle.notes = "\n\n".join(part for part in notes if part)
    puzzle.clues = _clues(sections.clues, warnings)
    return puzzle


def _read_dialect(
    rows: list[tuple[int, str]],
    rebus: dict[str, str],
    dialect: Dialect,
    answers: dict[str, str],
    warnings: list[str] | None,
) -> _Cells:
    """The grid in the dialect asked for, or (auto) the one the clue answers agree with."""
    if dialect != "auto":
        return _grid_cells(rows, rebus, dot_is_block=dialect == "puzzmo")
    standard = _grid_cells(rows, rebus, dot_is_block=False)
    if not answers or not any(EMPTY in line for _, line in rows):
        return standard
    puzzmo = _grid_cells(rows, rebus, dot_is_block=True)
    if _matches(puzzmo, answers) > _matches(standard, answers):
        if warnings is not None:
            warnings.append(
                "xd: '.' read as blocks (the Puzzmo/kotwords dialect: only so do the clue "
                "answers match the grid); --xd-dialect standard reads them as empty cells"
            )
        return puzzmo
    return standard


def _matches(read: _Cells, answers: dict[str, str]) -> int:
    """How many clue answers equal their entry in this reading of the grid."""
    try:
        grid = make_grid([list(row) for row in read.cells], "xd")
    except PuzzleInputError:
        return -1
    words = {
        slot.key: "".join(grid.cells[r][c] or EMPTY for r, c in slot.cells) for slot in grid.slots()
    }
    return sum(1 for key, answer in answers.items() if words.get(key) == answer)


def _grid_cells(
    rows: list[tuple[int, str]], rebus: dict[str, str], *, dot_is_block: bool
) -> _Cells:
    """The grid's cells, read with ``.`` as an empty cell or (Puzzmo) as a block."""
    out = _Cells([], set(), set())
    for r, (number, line) in enumerate(rows):
        row: list[Cell] = []
        for c, char in enumerate(line.strip()):
            pos = (r, c)
            if char == BLOCK or (dot_is_block and char == EMPTY):
                row.append(None)
            elif char == VOID:
                row.append(None)
                out.voids.add(pos)
            elif char == EMPTY:
                row.append("")
            elif char in rebus:
                row.append(rebus[char])
                if char.islower():
                    out.marked.add(pos)
            elif char.isalpha():
                if char.islower():
                    out.marked.add(pos)
                row.append(letters_cell(char, pos, "xd: grid cell"))
            else:
                raise _fail(
                    f"line {number}: unknown grid character {char!r} at {where(pos)} "
                    "(not a letter, #, _, . or a key of the Rebus header)"
                )
        out.cells.append(row)
    return out


_STYLE = re.compile(r"([^\s{}])\s*\{([^}]*)\}")


def _design(
    lines: list[tuple[int, str]], warnings: list[str] | None
) -> tuple[set[Position], set[Position]]:
    """Circled and shaded cells of a Puzzmo ``## Design`` section."""
    if not lines:
        return set(), set()
    style_text = " ".join(line for _, line in lines if "<style>" in line or "{" in line)
    looks: dict[str, str] = {}
    for char, body in _STYLE.findall(style_text):
        body = body.lower()
        looks[char] = "circle" if "circle" in body else "shade" if "shade" in body else body
    circles: set[Position] = set()
    shaded: set[Position] = set()
    unknown: set[str] = set()
    grid_lines = [
        line for _, line in lines if "<" not in line and "{" not in line and "}" not in line
    ]
    for r, line in enumerate(grid_lines):
        for c, char in enumerate(line):
            if char in ".# ":
                continue
            look = looks.get(char, "")
            if look == "circle":
                circles.add((r, c))
            elif look == "shade":
                shaded.add((r, c))
            else:
                unknown.add(look or char)
    if unknown and warnings is not None:
        warnings.append("xd design look(s) not kept: " + ", ".join(sorted(unknown)))
    return circles, shaded


def _clue_answers(lines: list[tuple[int, str]]) -> dict[str, str]:
    """Clue key -> the answer after ``~`` (rebus keys left as they are), for the dialect check."""
    answers: dict[str, str] = {}
    for _, line in lines:
        match = _CLUE.match(line)
        answer = _ANSWER.match(match.group(3)) if match else None
        if match and answer and answer.group(2):
            number = whole_number(match.group(2), "xd: clue number")
            answers[f"{number}{match.group(1).upper()}"] = answer.group(2).upper()
    return answers


def _comments(lines: list[str]) -> set[int]:
    """Line numbers (1-based) inside ``<!-- ... -->`` comments that start a line, as kotwords
    writes in the metadata: the readers skip them (not a header, not a paragraph break)."""
    skipped: set[int] = set()
    inside = False
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if inside or text.startswith("<!--"):
            skipped.add(number)
            closing = text if inside else text[4:]
            inside = "-->" not in closing
    return skipped


def _explicit_sections(lines: list[str], warnings: list[str] | None) -> _Sections:
    sections = _Sections()
    current: str | None = None
    skipped = _comments(lines)
    for number, line in enumerate(lines, 1):
        if number in skipped:
            continue
        match = _SECTION.match(line)
        if match:
            current = match.group(1).lower()
            known = ("metadata", "grid", "clues", "notes", "design")
            if current not in known and warnings is not None:
                warnings.append(f"xd section '## {match.group(1)}' ignored")
            continue
        if current == "notes":
            sections.notes.append(line.rstrip())
        elif line.strip() and current in ("metadata", "grid", "clues", "design"):
            getattr(sections, current).append((number, line.strip()))
        elif line.strip() and current is None:
            raise _fail(f"line {number}: text before the first '## Section' heading")
    return sections


def _implicit_sections(lines: list[str]) -> _Sections:
    """Split on blank lines: headers, grid, clue groups, then notes."""
    paragraphs: list[tuple[int, list[tuple[int, str]]]] = []  # (blank lines before, lines)
    blanks = 0
    skipped = _comments(lines)
    for number, line in enumerate(lines, 1):
        if number in skipped:
            continue
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


_KNOWN_HEADERS = frozenset(("title", "author", "copyright", "notes", "rebus", "special", "kind"))


def _rebus_header(value: str) -> dict[str, str]:
    """Key -> letters from ``1=HEART 2=DIAMOND`` or ``1=HEART,2=DIAMOND``."""
    rebus: dict[str, str] = {}
    for token in re.split(r"[\s,]+", value.strip()):
        if not token:
            continue
        key, sep, letters = token.partition("=")
        if not sep or len(key) != 1 or not letters:
            raise _fail(f"bad Rebus header entry {token!r} (expected e.g. 1=HEART)")
        if key in (BLOCK, VOID, EMPTY):
            raise _fail(f"Rebus header key {key!r} is reserved")
        if key in rebus:
            raise _fail(f"Rebus key {key!r} given twice (Schrödinger squares are not supported)")
        if "/" in letters or not letters.isprintable():
            raise _fail(f"Rebus value {token!r} is not supported (quantum rebuses with '/')")
        rebus[key] = unicodedata.normalize("NFC", letters).upper()
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
@dataclass
class _Marks:
    """Which cells the grid marks (lower case) and whether they mean circles or shading."""

    special: str
    cells: set[Position]


@dataclass
class _GridText:
    """The grid rows as written, the Rebus header keys used and marks that could not be set."""

    rows: list[str] = field(default_factory=list)
    rebus: dict[tuple[str, bool], str] = field(default_factory=dict)  # (letters, marked) -> key
    unmarkable: list[Position] = field(default_factory=list)


def write_xd(puzzle: Puzzle, warnings: list[str] | None = None) -> str:
    """The puzzle as xd text; warns about marks the format cannot express."""
    notes = lost_features(puzzle, CAPABILITIES)
    marks = _marks(puzzle, notes)
    grid = _grid_text(puzzle, marks)
    if grid.unmarkable:
        notes.append(
            f"{len(grid.unmarkable)} {marks.special} mark(s) dropped on cells .xd cannot mark "
            f"(empty or caseless cells, or too many marked rebus values): "
            + ", ".join(where(pos) for pos in grid.unmarkable[:5])
        )
    multiline_notes = "\n" in puzzle.notes.strip()
    head = "\n".join(_header_lines(puzzle, grid, marks, multiline_notes))
    groups = _clue_groups(puzzle, notes)
    if warnings is not None:
        warnings.extend(notes)
    if len(groups) < 2:  # one clue group: only explicit sections keep an empty Down group
        return _explicit(head, grid.rows, groups, puzzle.notes if multiline_notes else "")
    parts = [head, "\n".join(grid.rows), "\n\n".join("\n".join(g) for g in groups)]
    if multiline_notes:
        parts.append(puzzle.notes.strip("\n"))
    return "\n\n\n".join(parts).rstrip("\n") + "\n"


def _explicit(head: str, rows: list[str], groups: list[list[str]], notes: str) -> str:
    """xd 2.0 with ``## Section`` headings, which Puzzmo needs when a clue group is empty."""
    clues = "\n\n".join("\n".join(group) for group in groups)
    parts = [f"## Metadata\n\n{head}", "## Grid\n\n" + "\n".join(rows), f"## Clues\n\n{clues}"]
    if notes.strip():
        parts.append("## Notes\n\n" + notes.strip("\n"))
    return "\n\n".join(parts) + "\n"


def _marks(puzzle: Puzzle, notes: list[str]) -> _Marks:
    """Circles, else shading: xd's lower case marks one kind per puzzle."""
    special = "circle" if puzzle.circles or not puzzle.shaded else "shaded"
    marked = puzzle.circles if special == "circle" else puzzle.shaded
    if puzzle.circles and puzzle.shaded:
        notes.append(
            f"{len(puzzle.shaded - puzzle.circles)} shaded cell(s) dropped "
            "(.xd marks either circles or shading, and this puzzle has circles)"
        )
    return _Marks(special, {pos for pos in marked if puzzle.grid.is_open(*pos)})


def _grid_text(puzzle: Puzzle, marks: _Marks) -> _GridText:
    """Grid rows: blocks, voids, empty cells, letters (lower case when marked), rebus keys."""
    grid = puzzle.grid
    out = _GridText()
    plain_keys = iter(_KEYS)
    marked_letters = {
        letters.lower() for r, c in marks.cells if len(letters := grid.cells[r][c] or "") == 1
    }
    special_keys = iter(k for k in "abcdefghijklmnopqrstuvwxyz" if k not in marked_letters)
    for r, row in enumerate(grid.cells):
        chars: list[str] = []
        for c, cell in enumerate(row):
            pos = (r, c)
            marked = pos in marks.cells
            if cell is None:
                chars.append(VOID if pos in puzzle.voids else BLOCK)
                continue
            if len(cell) > 1 or (cell and not cell.isalpha()):  # rebus, digit or symbol
                chars.append(_rebus_key(cell, marked, out.rebus, plain_keys, special_keys))
                ok = (cell, True) in out.rebus
            else:
                char = (cell or EMPTY).lower() if marked else cell or EMPTY
                ok = char != EMPTY and (char != cell or not marked)
                chars.append(char if ok or not marked else cell or EMPTY)
            if marked and not ok:
                out.unmarkable.append(pos)
        out.rows.append("".join(chars))
    return out


def _header_lines(
    puzzle: Puzzle, grid: _GridText, marks: _Marks, multiline_notes: bool
) -> list[str]:
    headers = [("Title", puzzle.title), ("Author", puzzle.author)]
    headers.append(("Copyright", puzzle.copyright))
    if puzzle.notes and not multiline_notes:
        headers.append(("Notes", puzzle.notes.strip()))
    if grid.rebus:
        headers.append(("Rebus", " ".join(f"{k}={value}" for (value, _), k in grid.rebus.items())))
    if len(marks.cells) > len(grid.unmarkable):  # some cell really is marked
        headers.append(("Special", marks.special))
    if puzzle.kind == "diagramless":
        headers.append(("Kind", "diagramless"))
    return [f"{key}: {one_line(value)}" for key, value in headers if value or key == "Title"]


def _clue_groups(puzzle: Puzzle, notes: list[str]) -> list[list[str]]:
    """The Across and Down clue lines; an unclued entry is ``A1.  ~ ANSWER`` (Puzzmo's form)."""
    grid = puzzle.grid
    clues = grid_clues(puzzle, notes)
    groups: list[list[str]] = []
    for direction in ("across", "down"):
        group = []
        for slot in grid.slots():
            if slot.direction != direction:
                continue
            answer = "".join(grid.cells[r][c] or EMPTY for r, c in slot.cells)
            text = clues.get(slot.key, "").strip().replace("\r\n", "\n").replace("\n", "\\")
            group.append(f"{direction[0].upper()}{slot.number}. {text} ~ {answer}")
        if group:
            groups.append(group)
    return groups


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
        key = next((k for k in plain_keys if k != letters), None)
        if key is None:
            raise PuzzleInputError("too many different rebus values for the .xd Rebus header")
        rebus[(letters, False)] = key
    return rebus[(letters, False)]
