"""ipuz crosswords (``http://ipuz.org/crossword#1``), read and written with :mod:`json`.

Read: dimensions, puzzle (numbers, blocks, empty cells, ``null`` omitted cells, styles with
``shapebg: circle`` or a highlight/colour for shading, ``barred`` sides ``TRBL`` for bars),
solution (letters, rebus strings),
Across and Down clues, title, author, copyright and notes. Clue numbers are matched to the
cells labelled with them, so a puzzle numbered differently from the standard still lines up.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from puzzlewright.crossword.formats.common import (
    Capabilities,
    add_bars,
    clue_key,
    decode_text,
    grid_clues,
    letters_cell,
    make_grid,
    shorten,
    where,
)
from puzzlewright.crossword.formats.limits import load_json
from puzzlewright.crossword.grid import BAR_BELOW, BAR_RIGHT, BarSides, Cell, Position
from puzzlewright.crossword.puzzle import Puzzle, PuzzleKind
from puzzlewright.errors import PuzzleInputError

CAPABILITIES = Capabilities(".ipuz", labels=True)
KIND = "http://ipuz.org/crossword#1"
DIAGRAMLESS = "http://ipuz.org/crossword/diagramless#1"
VERSION = "http://ipuz.org/v2"
METADATA = ("title", "author", "copyright", "notes")


def _fail(message: str) -> PuzzleInputError:
    return PuzzleInputError(f"ipuz: {message}")


# -- reading -------------------------------------------------------------------------------
def read_ipuz(data: bytes | str, warnings: list[str] | None = None) -> Puzzle:
    """A puzzle from ipuz text; PuzzleInputError with a one-line reason when it is malformed."""
    doc = _load_json(decode_text(data, "ipuz file"))
    kind = _check_kind(doc, warnings)
    width, height = _dimensions(doc)
    block = doc.get("block", "#")
    empty = doc.get("empty", 0)
    styles = _named_styles(doc)
    puzzle_rows = _rows(doc, "puzzle", width, height, required=True)
    assert puzzle_rows is not None
    solution_rows = _rows(doc, "solution", width, height, required=False)
    cells: list[list[Cell]] = []
    labels: dict[str, Position] = {}
    circles: set[Position] = set()
    shaded: set[Position] = set()
    voids: set[Position] = set()
    bars: dict[Position, BarSides] = {}
    given_cells: set[Position] = set()
    ends: dict[str, Position] = {}
    for r in range(height):
        row: list[Cell] = []
        for c in range(width):
            pos = (r, c)
            raw = puzzle_rows[r][c]
            if raw is None:
                voids.add(pos)
                row.append(None)
                continue
            label, style, given = _labeled_cell(raw, empty, pos)
            style = _resolve_style(style, styles)
            solution = solution_rows[r][c] if solution_rows is not None else None
            if _same(label, block) or _is_block(solution, block):
                row.append(None)
                continue
            if label is not None and not _same(label, empty) and str(label) != "":
                labels.setdefault(str(label), pos)
            mark = style.get("mark")
            if isinstance(mark, dict) and mark.get("TR") not in (None, ""):
                ends.setdefault(str(mark["TR"]), pos)  # an entry's last square (Wynne, 1913)
            if style.get("shapebg") == "circle":
                circles.add(pos)
            if style.get("highlight") or style.get("color"):
                shaded.add(pos)
            if style.get("barred"):
                add_bars(bars, str(style["barred"]), pos, width, height)
            letters = _solution_letters(solution, empty, pos)
            if isinstance(given, str) and given.strip():
                given_cells.add(pos)
                ends.setdefault(given.strip(), pos)  # Wynne's "F-7": from the given F
                if not letters:
                    letters = letters_cell(given, pos, "ipuz: given letter")
            row.append(letters)
        cells.append(row)

    grid = make_grid(cells, "ipuz", bars)
    puzzle = Puzzle(grid, circles=circles, shaded=shaded, voids=voids, kind=kind)
    puzzle.given = given_cells
    _read_metadata(doc, puzzle)
    puzzle.clues = _clues(doc, puzzle, _Labels(labels, ends), warnings)
    return puzzle


def _named_styles(doc: dict[str, Any]) -> dict[str, Any]:
    """The document's named styles (``"styles"``), empty when absent or malformed."""
    styles = doc.get("styles")
    return styles if isinstance(styles, dict) else {}


def _read_metadata(doc: dict[str, Any], puzzle: Puzzle) -> None:
    """Title, author and the other METADATA fields; an intro goes above the notes."""
    for name in METADATA:
        value = doc.get(name)
        if value is not None:
            if not isinstance(value, str | int | float):
                raise _fail(f'"{name}" must be a string')
            setattr(puzzle, name, str(value))
    intro = doc.get("intro")
    if isinstance(intro, str) and intro.strip():  # printed above the puzzle, like notes
        puzzle.notes = "\n\n".join(part for part in (intro.strip(), puzzle.notes) if part)


@dataclass(frozen=True)
class _Labels:
    """Where the grid's labels are: cell numbers (top left) and end marks (top right)."""

    starts: dict[str, Position]
    ends: dict[str, Position]

    def entry(self, number: str, direction: str, puzzle: Puzzle) -> str | None:
        """The entry of a clue numbered ``A-B`` (from the square labelled A to the one B)."""
        parts = [part.strip() for part in number.split("-")]
        if len(parts) != 2:
            return None
        first, last = parts
        where_ = self.starts.get(first) or self.ends.get(first)
        where_ = where_ or self.ends.get(last) or self.starts.get(last)
        for slot in puzzle.grid.slots():
            if slot.direction == direction and where_ in slot.cells:
                return slot.key
        return None


def _load_json(text: str) -> dict[str, Any]:
    doc = load_json(_unwrapped(text), "ipuz")  # bounded numbers: one error line, no traceback
    if not isinstance(doc, dict):
        raise _fail("the file is JSON but not an ipuz object")
    return doc


def _unwrapped(text: str) -> str:
    """The JSON inside the spec's JSONP wrapper ``ipuz({...})`` (spaces and a final ``;``
    allowed, as web pages write it); other text as it is."""
    stripped = text.strip().removesuffix(";").rstrip()
    head, paren, rest = stripped.partition("(")
    if paren and head.strip() == "ipuz" and rest.endswith(")"):
        return rest[:-1]
    return text


def _check_kind(doc: dict[str, Any], warnings: list[str] | None) -> PuzzleKind:
    """The puzzle's kind; crossword sub-kinds other than diagramless are read as crosswords."""
    kinds = doc.get("kind")
    if isinstance(kinds, str):
        kinds = [kinds]
    if not isinstance(kinds, list) or not kinds:
        raise _fail('missing "kind" (expected ["http://ipuz.org/crossword#1"])')
    names = [kind.split("#")[0].rstrip("/") for kind in kinds if isinstance(kind, str)]
    crosswords = [name for name in names if "ipuz.org/crossword" in name]
    if not crosswords:
        raise _fail(f"not a crossword (kind {kinds!r}); only ipuz.org/crossword kinds are read")
    if any(name.endswith("/diagramless") for name in crosswords):
        return "diagramless"
    others = [
        n.split("ipuz.org/crossword")[1] for n in crosswords if n.split("ipuz.org/crossword")[1]
    ]
    if others and warnings is not None:
        warnings.append(
            "ipuz crossword sub-kind(s) read as a plain crossword: " + ", ".join(others)
        )
    return "crossword"


def _dimensions(doc: dict[str, Any]) -> tuple[int, int]:
    dims = doc.get("dimensions")
    if not isinstance(dims, dict):
        raise _fail('missing "dimensions" {"width": W, "height": H}')
    width, height = dims.get("width"), dims.get("height")
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise _fail(f"dimensions {name} must be a positive whole number, not {value!r}")
    assert isinstance(width, int) and isinstance(height, int)
    return width, height


def _rows(
    doc: dict[str, Any], name: str, width: int, height: int, *, required: bool
) -> list[list[Any]] | None:
    rows = doc.get(name)
    if rows is None:
        if required:
            raise _fail(f'missing "{name}" grid')
        return None
    if not isinstance(rows, list):
        raise _fail(f'"{name}" must be a list of rows')
    if len(rows) != height:
        raise _fail(f'"{name}" has {len(rows)} rows but dimensions say height {height}')
    for r, row in enumerate(rows, 1):
        if not isinstance(row, list):
            raise _fail(f'"{name}" row {r} is not a list')
        if len(row) != width:
            raise _fail(
                f'ragged "{name}": row {r} has {len(row)} cells but dimensions say width {width}'
            )
    return rows


def _labeled_cell(raw: Any, empty: Any, pos: Position) -> tuple[Any, dict[str, Any] | str, Any]:
    """(label, style, given value) of a puzzle cell: a bare label or a {"cell": ...} dict."""
    if isinstance(raw, dict):
        style = raw.get("style") or {}
        if not isinstance(style, dict | str):
            raise _fail(f"bad style at {where(pos)}")
        return raw.get("cell", empty), style, raw.get("value")
    if isinstance(raw, str | int | float) and not isinstance(raw, bool):
        return raw, {}, None
    raise _fail(f"bad puzzle cell {raw!r} at {where(pos)}")


def _resolve_style(style: dict[str, Any] | str, styles: dict[str, Any]) -> dict[str, Any]:
    if isinstance(style, str):  # a named style from the "styles" table
        named = styles.get(style)
        return named if isinstance(named, dict) else {}
    return style


def _same(value: Any, marker: Any) -> bool:
    return value is not None and str(value) == str(marker)


def _is_block(solution: Any, block: Any) -> bool:
    if isinstance(solution, dict):
        solution = solution.get("value")
    return _same(solution, block)


def _solution_letters(solution: Any, empty: Any, pos: Position) -> str:
    if isinstance(solution, dict):
        solution = solution.get("value")
    if isinstance(solution, list):  # alternatives: keep the first
        solution = solution[0] if solution else None
        if isinstance(solution, dict):
            solution = solution.get("value")
    if solution is None or _same(solution, empty):
        return ""
    if not isinstance(solution, str):
        raise _fail(f"bad solution value {solution!r} at {where(pos)}")
    return letters_cell(solution, pos, "ipuz: solution cell")


def _clues(
    doc: dict[str, Any], puzzle: Puzzle, labels: _Labels, warnings: list[str] | None
) -> dict[str, str]:
    lists = doc.get("clues")
    if lists is None:
        return {}
    if not isinstance(lists, dict):
        raise _fail('"clues" must be an object of clue lists ("Across", "Down")')
    clues: dict[str, str] = {}
    ignored: list[str] = []
    kept_apart: list[str] = []
    starts: dict[tuple[Position | None, str], str] = {
        (slot.cells[0], slot.direction): slot.key for slot in puzzle.grid.slots()
    }
    for heading, items in lists.items():
        direction = str(heading).split(":")[0].strip().lower()
        if direction not in ("across", "down"):
            if warnings is not None:
                warnings.append(f"ipuz clue list {heading!r} ignored (only Across and Down)")
            continue
        if not isinstance(items, list):
            raise _fail(f'clue list "{heading}" must be a list')
        in_order = [slot for slot in puzzle.grid.slots() if slot.direction == direction]
        for index, (number, text, extra, shown) in enumerate(_clue_items(items, heading)):
            if extra and warnings is not None and extra not in ignored:
                ignored.append(extra)
            if not text:
                continue
            if number is None:  # a bare clue string: the entries in order
                if index < len(in_order):
                    clues[in_order[index].key] = text
                continue
            key = (
                starts.get((labels.starts.get(number), direction))
                or labels.entry(number, direction, puzzle)
                or clue_key(number, direction)
            )
            if (shown or number) != key[:-1]:  # printed as the file numbers it
                puzzle.clue_labels[key] = shown or number
            if key in clues:  # never overwrite: keep it under the file's own label
                kept_apart.append(f"{number} {direction}")
                key = _free_key(clues, clue_key(number, direction))
            clues[key] = text
    if ignored and warnings is not None:
        warnings.append("ipuz clue field(s) not kept: " + ", ".join(ignored))
    if kept_apart and warnings is not None:
        warnings.append(
            "ipuz clue(s) numbered for an entry that already has a clue, kept apart: "
            + ", ".join(kept_apart)
        )
    return clues


def _free_key(clues: dict[str, str], key: str) -> str:
    """``key``, or ``key`` with a suffix when a clue already sits there."""
    candidate, n = key, 1
    while candidate in clues:
        n += 1
        candidate = f"{key}~{n}"
    return candidate


def _clue_items(items: list[Any], heading: str) -> Iterator[tuple[str | None, str, str, str]]:
    """(number or None for a bare string, clue text, a kept-out field, the label to show)."""
    for item in items:
        extra = shown = ""
        if isinstance(item, list) and len(item) >= 2:
            number, text = item[0], item[1]
        elif isinstance(item, dict):
            number, text = item.get("number", item.get("label")), item.get("clue", "")
            extra = next((k for k in ("enumeration", "continued", "references") if k in item), "")
            if isinstance(item.get("label"), str | int) and "number" in item:
                shown = str(item["label"])
            if number is None:
                raise _fail(f'clue {shorten(repr(item))} in "{heading}" has no number')
        elif isinstance(item, str):
            yield None, item, "", ""
            continue
        else:
            raise _fail(
                f'bad clue {shorten(repr(item))} in "{heading}" (expected [number, "clue"])'
            )
        if isinstance(number, list):  # a clue spanning several entries: its first
            number = number[0] if number else None
        if number is None or not isinstance(text, str | int | float) or isinstance(text, bool):
            raise _fail(f'bad clue {shorten(repr(item))} in "{heading}"')
        yield str(number), str(text), extra, shown


# -- writing -------------------------------------------------------------------------------
def write_ipuz(puzzle: Puzzle, warnings: list[str] | None = None) -> str:
    """The puzzle as an ipuz document (one row of the grid per line)."""
    grid = puzzle.grid
    numbers = grid.numbering()
    kind = DIAGRAMLESS if puzzle.kind == "diagramless" else KIND
    doc: dict[str, Any] = {"version": VERSION, "kind": [kind]}
    for name in METADATA:
        if getattr(puzzle, name):
            doc[name] = getattr(puzzle, name)
    doc["dimensions"] = {"width": grid.width, "height": grid.height}
    doc["block"] = "#"
    doc["empty"] = 0
    puzzle_rows: list[list[Any]] = []
    solution_rows: list[list[Any]] = []
    for r, row in enumerate(grid.cells):
        labels: list[Any] = []
        letters: list[Any] = []
        for c, cell in enumerate(row):
            pos = (r, c)
            if cell is None:
                void = pos in puzzle.voids
                labels.append(None if void else "#")
                letters.append(None if void else "#")
                continue
            label: Any = numbers.get(pos, 0)
            style: dict[str, Any] = {}
            if pos in puzzle.circles:
                style["shapebg"] = "circle"
            if pos in puzzle.shaded:
                style["highlight"] = True
            sides = "R" * grid.has_bar(r, c, BAR_RIGHT) + "B" * grid.has_bar(r, c, BAR_BELOW)
            if sides:  # each bar once, on the cell before it: right or bottom
                style["barred"] = sides
            entry: dict[str, Any] = {"cell": label}
            if style:
                entry["style"] = style
            if pos in puzzle.given and cell:
                entry["value"] = cell
            labels.append(entry if len(entry) > 1 else label)
            letters.append(cell or None)
        puzzle_rows.append(labels)
        solution_rows.append(letters)
    doc["puzzle"] = puzzle_rows
    if any(cell for row in grid.cells for cell in row):
        doc["solution"] = solution_rows
    clues = grid_clues(puzzle, warnings)
    doc["clues"] = {
        heading: [
            _clue_entry(puzzle, slot.key, slot.number, clues.get(slot.key, ""))
            for slot in grid.slots()
            if slot.direction == heading.lower()
        ]
        for heading in ("Across", "Down")
    }
    return _dump(doc)


def _clue_entry(puzzle: Puzzle, key: str, number: int, text: str) -> Any:
    """``[number, "clue"]``, or an object with the file's own ``label`` when it has one."""
    label = puzzle.clue_labels.get(key)
    if label:
        return {"number": number, "label": label, "clue": text}
    return [number, text]


def _dump(doc: dict[str, Any]) -> str:
    """JSON with each grid row and each clue on its own line: readable and diffable."""

    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    parts = []
    for key, value in doc.items():
        if key in ("puzzle", "solution"):
            body = ",\n".join("    " + compact(row) for row in value)
            parts.append(f"  {compact(key)}: [\n{body}\n  ]")
        elif key == "clues":
            lists = []
            for heading, items in value.items():
                body = ",\n".join("      " + compact(item) for item in items)
                lists.append(
                    f"    {compact(heading)}: [\n{body}\n    ]"
                    if items
                    else f"    {compact(heading)}: []"
                )
            parts.append(f"  {compact(key)}: {{\n" + ",\n".join(lists) + "\n  }")
        else:
            parts.append(f"  {compact(key)}: {compact(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"
