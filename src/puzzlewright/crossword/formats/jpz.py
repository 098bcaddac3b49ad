"""JPZ (Crossword Compiler XML), read and written: crosswords, diagramless and acrostics.

A ``.jpz`` is ``<crossword-compiler>`` (or ``-applet``) XML, often zipped. Inside
``<rectangular-puzzle>``: ``<metadata>`` (title, creator, copyright, description), then a
``<crossword>`` or ``<acrostic>`` with a ``<grid>`` of ``<cell x= y=>`` (1-based; ``x`` may be a
range ``3-4``; ``type`` block, void or clue (a given square); ``solution``, ``number``,
``background-shape="circle"``, ``background-color``, ``hint`` and the four ``*-bar``
flags), ``<word id=>`` cell lists and two ``<clues>`` lists whose ``<clue word= number=>``
point at words. Clues keep their ``<i>``/``<b>`` markup.

Safety: the XML is parsed with :mod:`defusedxml` (no DTDs, entity expansion or external
entities), and a zipped file is refused when its content would exceed :data:`MAX_XML_BYTES`
(a zip bomb), checked both from the zip directory and while reading.

Acrostics: :func:`read_jpz_acrostic` and :func:`write_jpz_acrostic` convert between a JPZ
``<acrostic>`` and the acrostic ipuz document (the quotation as typed and its source ride
along as ``quote``/``source`` attributes of the ``[QUOTE]`` clue, ignored by other readers).

Diagramless: Crossword Compiler has no standard flag that other tools agree on; this module
writes and reads ``diagramless="true"`` on ``<grid-look>`` and also reads a grid whose blocks
are all marked ``type="block"`` under a ``<diagramless>`` element.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from typing import Any
from xml.etree.ElementTree import Element
from xml.sax.saxutils import escape, quoteattr

from puzzlewright.crossword.formats.acrostic_ipuz import (
    EXTENSION,
    KIND,
    QUOTE_LABEL,
    AcrosticSheet,
    read_ipuz,
)
from puzzlewright.crossword.formats.common import (
    Capabilities,
    add_bars,
    clue_key,
    grid_clues,
    letters_cell,
    lost_features,
    make_grid,
)
from puzzlewright.crossword.grid import BAR_BELOW, BAR_RIGHT, MAX_SIDE, BarSides, Cell, Position
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.pagetexts import PageTexts

CAPABILITIES = Capabilities(".jpz", labels=True)
MAX_XML_BYTES = 16 * 1024 * 1024  # a 25x25 with long clues is ~200 kB
_NS = "http://crossword.info/xml/rectangular-puzzle"
_QUOTE = {'"': "&quot;"}  # an attribute value in double quotes
_KEEP_TAGS = frozenset(("i", "b", "em", "strong", "sub", "sup", "u", "s"))


def _fail(message: str) -> PuzzleInputError:
    return PuzzleInputError(f"jpz: {message}")


# -- bytes to XML -----------------------------------------------------------------------------
def _xml_bytes(data: bytes) -> bytes:
    """The XML of a .jpz: the bytes themselves, or the one XML member of a zip archive."""
    if not data.startswith(b"PK"):
        return data
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [m for m in archive.infolist() if not m.is_dir()]
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise _fail(f"corrupt zip archive ({exc})") from None
    if not members:
        raise _fail("the zip archive is empty")
    member = next((m for m in members if m.filename.lower().endswith((".xml", ".jpz"))), None)
    member = member or members[0]
    if member.file_size > MAX_XML_BYTES:
        raise _fail(
            f"refused: {member.filename} would unpack to {member.file_size} bytes "
            f"(more than {MAX_XML_BYTES}; a zip bomb?)"
        )
    try:
        with archive.open(member) as stream:
            xml = stream.read(MAX_XML_BYTES + 1)
    except (zipfile.BadZipFile, OSError, ValueError, RuntimeError, EOFError) as exc:
        raise _fail(f"corrupt zip archive ({exc})") from None
    if len(xml) > MAX_XML_BYTES:
        raise _fail(f"refused: {member.filename} unpacks to more than {MAX_XML_BYTES} bytes")
    return xml


def _parse(data: bytes | str) -> Element:
    """The document's root element, parsed without DTDs, entities or external references."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import ParseError, fromstring

    xml = _xml_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    try:
        root: Element = fromstring(xml, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise _fail(f"refused unsafe XML ({type(exc).__name__})") from None
    except ParseError as exc:
        raise _fail(f"corrupt XML ({exc})") from None
    except LookupError:  # an encoding the XML declaration names but Python does not know
        raise _fail("corrupt XML (unknown encoding in the XML declaration)") from None
    except (ValueError, RecursionError) as exc:
        raise _fail(f"corrupt XML ({type(exc).__name__})") from None
    for element in root.iter():  # namespaces vary (and are sometimes wrong): drop them
        if isinstance(element.tag, str) and "}" in element.tag:
            element.tag = element.tag.rsplit("}", 1)[1]
    return root


def _child(element: Element | None, name: str) -> Element | None:
    return None if element is None else element.find(name)


def _text(element: Element | None) -> str:
    """Plain text of an element (markup dropped), stripped."""
    return "" if element is None else " ".join("".join(element.itertext()).split())


def _kept(text: str, *, lines: bool = False) -> str:
    """Text as the file spells it (two spaces, a tab, leading spaces kept, so a round trip
    is exact), unless it spans lines that are the XML's own indentation (collapsed then);
    with ``lines`` (notes) line breaks are the text's own and only the ends are trimmed."""
    if lines:
        return text.strip("\r\n")
    return " ".join(text.split()) if "\n" in text else text


def _meta_text(element: Element | None, *, lines: bool = False) -> str:
    """A metadata field's text, markup dropped, spacing kept (:func:`_kept`)."""
    return "" if element is None else _kept("".join(element.itertext()), lines=lines)


def _markup(element: Element) -> str:
    """Inner text with inline markup (<i>, <b> ...) kept as tags, other elements as text."""
    parts = [element.text or ""]
    for child in element:
        tag = str(child.tag).lower()
        inner = _markup(child)
        parts.append(f"<{tag}>{inner}</{tag}>" if tag in _KEEP_TAGS else inner)
        parts.append(child.tail or "")
    return _kept("".join(parts)).strip(" ")


# -- reading ------------------------------------------------------------------------------------
@dataclass
class _JpzCell:
    kind: str = ""  # "", block, void, clue
    solution: str = ""
    number: str = ""
    corner: str = ""  # top-right-number (acrostic clue letter)
    circle: bool = False
    shaded: bool = False
    given: bool = False
    bars: str = ""  # sides with a bar: letters of TRBL


@dataclass
class _JpzGrid:
    width: int
    height: int
    cells: dict[Position, _JpzCell] = field(default_factory=dict)
    diagramless: bool = False


def puzzle_element(root: Element) -> tuple[Element, Element]:
    """(rectangular-puzzle, the crossword/acrostic element inside it)."""
    rect = root if root.tag == "rectangular-puzzle" else root.find(".//rectangular-puzzle")
    if rect is None:
        raise _fail("no <rectangular-puzzle> element: not a Crossword Compiler file")
    for name in ("crossword", "acrostic", "coded"):
        body = rect.find(name)
        if body is not None:
            return rect, body
    kinds = sorted({str(child.tag) for child in rect} - {"metadata", "instructions"})
    raise _fail(f"unsupported puzzle kind <{', '.join(kinds) or '?'}> (crossword or acrostic)")


def _span(value: str | None, name: str, limit: int) -> range:
    """1-based coordinate or range (``3-4``) as 0-based indexes, checked against the grid."""
    match = re.fullmatch(r"\s*(\d{1,4})\s*(?:-\s*(\d{1,4})\s*)?", value or "")
    if not match:
        raise _fail(f"bad cell {name}={value!r}")
    first = int(match.group(1))
    last = int(match.group(2) or first)
    if not 1 <= first <= last <= limit:
        raise _fail(f"cell {name}={value!r} is outside the grid (1 to {limit})")
    return range(first - 1, last)


def _read_grid(body: Element) -> _JpzGrid:
    grid_element = body.find("grid")
    if grid_element is None:
        raise _fail("no <grid>")
    sizes = []
    for name in ("width", "height"):
        raw = grid_element.get(name, "")
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 6 or not 1 <= int(raw) <= MAX_SIDE:
            raise _fail(f"grid {name} must be a whole number from 1 to {MAX_SIDE}, not {raw!r}")
        sizes.append(int(raw))
    grid = _JpzGrid(sizes[0], sizes[1])
    look = grid_element.find("grid-look")
    grid.diagramless = (look is not None and look.get("diagramless") == "true") or (
        body.find("diagramless") is not None
    )
    for element in grid_element.iter("cell"):
        cell = _JpzCell(
            kind=element.get("type", ""),
            solution=element.get("solution", ""),
            number=element.get("number", ""),
            corner=element.get("top-right-number", ""),
            circle=element.get("background-shape") == "circle",
            shaded=bool(element.get("background-color")),
            given=element.get("hint") == "true" or element.get("type") == "clue",
            bars="".join(
                side[0].upper()
                for side in ("top", "right", "bottom", "left")
                if element.get(f"{side}-bar") == "true"
            ),
        )
        for r in _span(element.get("y"), "y", grid.height):
            for c in _span(element.get("x"), "x", grid.width):
                grid.cells[(r, c)] = cell
    return grid


def _words(body: Element, grid: _JpzGrid) -> dict[str, tuple[Position, ...]]:
    """Word id -> its cells in order."""
    words: dict[str, tuple[Position, ...]] = {}
    for word in body.iter("word"):
        cells: list[Position] = []
        for item in word.iter("cells"):
            for r in _span(item.get("y"), "y", grid.height):
                for c in _span(item.get("x"), "x", grid.width):
                    cells.append((r, c))
        if not cells and word.get("x") and word.get("y"):
            cells = [
                (r, c)
                for r in _span(word.get("y"), "y", grid.height)
                for c in _span(word.get("x"), "x", grid.width)
            ]
        words[word.get("id", "")] = tuple(cells)
    return words


def read_jpz(data: bytes | str, warnings: list[str] | None = None) -> Puzzle:
    """A crossword from a .jpz file (XML or zipped XML); one clear error when it is not one."""
    rect, body = puzzle_element(_parse(data))
    if body.tag != "crossword":
        raise _fail(f"a JPZ <{body.tag}> is not a crossword (render reads JPZ acrostics)")
    grid = _read_grid(body)
    notes: list[str] = []
    cells: list[list[Cell]] = []
    puzzle = Puzzle(make_grid([[None]], "jpz"))
    for r in range(grid.height):
        row: list[Cell] = []
        for c in range(grid.width):
            row.append(_grid_cell(grid.cells.get((r, c)), (r, c), puzzle))
        cells.append(row)
    bars: dict[Position, BarSides] = {}
    for pos, cell in grid.cells.items():
        if cell.bars:
            add_bars(bars, cell.bars, pos, grid.width, grid.height)
    puzzle.grid = make_grid(cells, "jpz", bars)
    puzzle.kind = "diagramless" if grid.diagramless else "crossword"
    _metadata(rect, puzzle)
    puzzle.clues = _clues(body, grid, puzzle, notes)
    if warnings is not None:
        warnings.extend(notes)
    return puzzle


def _grid_cell(cell: _JpzCell | None, pos: Position, puzzle: Puzzle) -> Cell:
    """One grid square; marks go to ``puzzle``'s circle/shade/void/given sets."""
    if cell is None or cell.kind == "void":
        puzzle.voids.add(pos)
        return None
    if cell.kind == "block":
        return None
    if cell.circle:
        puzzle.circles.add(pos)
    if cell.shaded:
        puzzle.shaded.add(pos)
    if cell.given and cell.solution:
        puzzle.given.add(pos)
    return letters_cell(cell.solution, pos, "jpz: solution of the cell")


def _metadata(rect: Element, puzzle: Puzzle) -> None:
    meta = rect.find("metadata")
    puzzle.title = _meta_text(_child(meta, "title"))
    puzzle.author = _meta_text(_child(meta, "creator"))
    puzzle.copyright = _meta_text(_child(meta, "copyright"))
    parts = [
        _meta_text(_child(meta, "description"), lines=True),
        _meta_text(rect.find("instructions"), lines=True),
    ]
    puzzle.notes = "\n\n".join(part for part in parts if part)


def _clues(body: Element, grid: _JpzGrid, puzzle: Puzzle, notes: list[str]) -> dict[str, str]:
    words = _words(body, grid)
    slots = puzzle.grid.slots()
    starts: dict[tuple[tuple[Position, ...], str], str] = {
        (slot.cells, slot.direction): slot.key for slot in slots
    }
    by_start: dict[tuple[Position | None, str], str] = {
        (slot.cells[0], slot.direction): slot.key for slot in slots
    }
    clues: dict[str, str] = {}
    apart: list[str] = []
    for index, group in enumerate(body.findall("clues")):
        heading = _text(group.find("title")).lower()
        if "across" in heading or (not heading and index == 0):
            direction = "across"
        elif "down" in heading or (not heading and index == 1):
            direction = "down"
        else:
            notes.append(f"jpz clue list {_text(group.find('title'))!r} dropped (not Across/Down)")
            continue
        for clue in group.iter("clue"):
            text = _markup(clue)
            cells = words.get(clue.get("word", ""), ())
            if len(cells) > 1:
                direction = "across" if cells[0][0] == cells[1][0] else "down"
            key = starts.get((cells, direction)) or by_start.get(
                (cells[0] if cells else None, direction)
            )
            if key is None:
                key = clue_key(clue.get("number") or clue.get("word") or "?", direction)
            number = (clue.get("number") or "").strip()
            if number and number != key[:-1] and key[:-1].isdigit():
                puzzle.clue_labels[key] = number  # printed as the file numbers it
            if key in clues:
                apart.append(key)
                key = f"{key}~{len(apart) + 1}"
            if text:
                clues[key] = text
    if apart:
        notes.append(
            "jpz clue(s) for an entry that already has a clue kept apart: " + ", ".join(apart)
        )
    return clues


# -- writing ------------------------------------------------------------------------------------
def write_jpz(puzzle: Puzzle, warnings: list[str] | None = None) -> str:
    """The puzzle as uncompressed Crossword Compiler XML (what kotwords and solvers read)."""
    if warnings is not None:
        warnings.extend(lost_features(puzzle, CAPABILITIES))
    grid = puzzle.grid
    numbers = grid.numbering()
    lines = [
        *_opening_lines(puzzle, "crossword"),
        f'<grid width="{grid.width}" height="{grid.height}">',
        '<grid-look numbering-scheme="normal"'
        + (' diagramless="true"' if puzzle.kind == "diagramless" else "")
        + "/>",
    ]
    for r, row in enumerate(grid.cells):
        for c, cell in enumerate(row):
            lines.append(_cell_line(puzzle, (r, c), cell, numbers.get((r, c))))
    lines.append("</grid>")
    slots = grid.slots()
    for index, slot in enumerate(slots, 1):
        lines.append(f'<word id="{index}">')
        lines.extend(f'<cells x="{c + 1}" y="{r + 1}"/>' for r, c in slot.cells)
        lines.append("</word>")
    clues = grid_clues(puzzle, warnings)
    for heading in ("Across", "Down"):
        lines.append(f'<clues ordering="normal"><title><b>{heading}</b></title>')
        for index, slot in enumerate(slots, 1):
            if slot.direction == heading.lower():
                text = _clue_xml(clues.get(slot.key, ""))
                label = escape(puzzle.clue_labels.get(slot.key, str(slot.number)), _QUOTE)
                lines.append(f'<clue word="{index}" number="{label}">{text}</clue>')
        lines.append("</clues>")
    lines += ["</crossword>", "</rectangular-puzzle>", "</crossword-compiler>"]
    return "\n".join(lines) + "\n"


def _opening_lines(puzzle: Puzzle | PageTexts, kind: str) -> list[str]:
    """The XML declaration, the wrappers, the ``<metadata>`` and the opening ``<kind>`` tag."""
    return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<crossword-compiler xmlns="http://crossword.info/xml/crossword-compiler">',
        f'<rectangular-puzzle xmlns="{_NS}">',
        "<metadata>",
        *_metadata_lines(puzzle),
        "</metadata>",
        f"<{kind}>",
    ]


def _metadata_lines(puzzle: Puzzle | PageTexts) -> list[str]:
    """``<metadata>`` children: the page texts of a crossword or an acrostic sheet."""
    fields = (
        ("title", puzzle.title),
        ("creator", puzzle.author),
        ("copyright", puzzle.copyright),
        ("description", puzzle.notes),
    )
    return [f"<{tag}>{escape(value)}</{tag}>" for tag, value in fields if value]


def _cell_line(puzzle: Puzzle, pos: Position, cell: Cell, number: int | None) -> str:
    r, c = pos
    attrs: dict[str, Any] = {"x": c + 1, "y": r + 1}
    if cell is None:
        attrs["type"] = "void" if pos in puzzle.voids else "block"
    else:
        if cell:
            attrs["solution"] = cell
        if number is not None:
            attrs["number"] = number
        if pos in puzzle.circles:
            attrs["background-shape"] = "circle"
        if pos in puzzle.shaded:
            attrs["background-color"] = "#DCDCDC"
        if pos in puzzle.given and cell:
            attrs["hint"] = "true"
        if puzzle.grid.has_bar(r, c, BAR_RIGHT):
            attrs["right-bar"] = "true"
        if puzzle.grid.has_bar(r, c, BAR_BELOW):
            attrs["bottom-bar"] = "true"
    return "<cell " + " ".join(f"{k}={quoteattr(str(v))}" for k, v in attrs.items()) + "/>"


def _clue_xml(text: str) -> str:
    """Clue text as XML content: inline <i>/<b> markup kept, everything else escaped."""
    from defusedxml.ElementTree import ParseError, fromstring

    pieces = re.split(r"(</?(?:i|b|em|strong|sub|sup|u|s)>)", text.replace("\n", " "))
    xml = "".join(piece if index % 2 else escape(piece) for index, piece in enumerate(pieces))
    try:
        fromstring(f"<clue>{xml}</clue>")
    except ParseError:  # unbalanced tags: print them as typed
        return escape(text)
    return xml


# -- acrostics ----------------------------------------------------------------------------------
_SPECIAL = re.compile(r"^\[(QUOTE|ATTRIBUTION)\]$")


def read_jpz_acrostic(data: bytes | str) -> dict[str, Any] | None:
    """A JPZ ``<acrostic>`` as the ipuz acrostic document puzzlewright reads; None otherwise.

    The JPZ grid holds the quotation rows, then the answer squares of every clue (each with
    the quotation number it feeds); the ipuz layout keeps the quotation grid and lists each
    clue's quotation numbers.
    """
    rect, body = puzzle_element(_parse(data))
    if body.tag != "acrostic":
        return None
    grid = _read_grid(body)
    words = _words(body, grid)
    quote_cells: tuple[Position, ...] = ()
    clues: list[dict[str, Any]] = []
    extension: dict[str, str] = {}
    for clue in body.iter("clue"):
        text = _text(clue)
        cells = words.get(clue.get("word", ""), ())
        special = _SPECIAL.match(text)
        if special:
            if special.group(1) == "QUOTE":
                quote_cells = cells
                for name in ("quote", "source"):  # puzzlewright's: the quotation as typed
                    if clue.get(name):
                        extension[name] = clue.get(name, "")
            continue
        numbers = [grid.cells[pos].number for pos in cells if pos in grid.cells]
        answer = "".join(grid.cells[pos].solution for pos in cells if pos in grid.cells)
        clues.append(
            {"label": clue.get("number", ""), "clue": text, "answer": answer, "cells": numbers}
        )
    if not quote_cells:
        raise _fail("the acrostic has no [QUOTE] word")
    last_row = max(r for r, _ in quote_cells)
    puzzle_rows, solution_rows = _quote_rows(grid, last_row)
    quote = "".join(grid.cells[pos].solution for pos in quote_cells if pos in grid.cells)
    clues.append({"label": QUOTE_LABEL, "clue": "", "answer": quote, "cells": []})
    meta = rect.find("metadata")
    document: dict[str, Any] = {
        "version": "http://ipuz.org/v2",
        "kind": [KIND],
        "title": _text(_child(meta, "title")),
        "author": _text(_child(meta, "creator")),
        "copyright": _text(_child(meta, "copyright")),
        "notes": _text(_child(meta, "description")),
        "dimensions": {"width": grid.width, "height": last_row + 1},
        "block": "#",
        "puzzle": puzzle_rows,
        "solution": solution_rows,
        "clues": {"Clues": clues},
    }
    if extension:
        document[EXTENSION] = extension
    return document


def _quote_rows(grid: _JpzGrid, last_row: int) -> tuple[list[list[Any]], list[list[Any]]]:
    """The quotation grid's rows in ipuz form: puzzle labels and solution letters."""
    puzzle_rows: list[list[Any]] = []
    solution_rows: list[list[Any]] = []
    for r in range(last_row + 1):
        labels: list[Any] = []
        letters: list[Any] = []
        for c in range(grid.width):
            cell = grid.cells.get((r, c))
            if cell is None or cell.kind == "void":
                labels.append(None)
                letters.append(None)
            elif cell.kind == "block":
                labels.append("#")
                letters.append("#")
            elif cell.kind == "clue" or not cell.number:  # punctuation in its own square
                labels.append({"cell": 0, "value": cell.solution})
                letters.append(cell.solution)
            else:
                style = {"mark": {"TR": cell.corner}} if cell.corner else {}
                labels.append({"cell": cell.number, "style": style})
                letters.append(cell.solution)
        puzzle_rows.append(labels)
        solution_rows.append(letters)
    return puzzle_rows, solution_rows


def write_jpz_acrostic(document: dict[str, Any]) -> str:
    """An acrostic ipuz document as a JPZ ``<acrostic>`` in kotwords' layout.

    The quotation rows come first, then an empty row, then one row per clue: its label in a
    ``type="clue"`` square followed by its answer squares, each numbered with the quotation
    square it feeds (wrapped to the grid's width). Each clue and the quotation are words.
    """
    sheet = read_ipuz(document)
    width = max(len(sheet.rows[0]), 1 + max(len(clue.cells) for clue in sheet.clues))
    lines = _opening_lines(sheet, "acrostic")
    cells, quote = _acrostic_quote_cells(sheet, width)
    top = len(sheet.rows) + 1  # one empty row between the quotation and the answers
    cells += [_element("cell", {"x": c + 1, "y": top, "type": "void"}) for c in range(width)]
    words: list[str] = []
    clue_lines: list[str] = []
    for index, clue in enumerate(sheet.clues, 1):
        y = top + index
        cells.append(_element("cell", {"x": 1, "y": y, "type": "clue", "solution": clue.label}))
        for c in range(1, width):
            if c <= len(clue.cells):
                square = sheet.cell(clue.cells[c - 1])
                attrs = {"x": c + 1, "y": y, "solution": square.answer, "number": square.number}
            else:
                attrs = {"x": c + 1, "y": y, "type": "void"}
            cells.append(_element("cell", attrs))
        words.append(_word(index, [(y - 1, c) for c in range(1, len(clue.cells) + 1)]))
        clue_lines.append(
            f'<clue word="{index}" number="{escape(clue.label)}">{_clue_xml(clue.text)}</clue>'
        )
    words.append(_word(1000, quote))
    extra = f"quote={quoteattr(sheet.quote)} source={quoteattr(sheet.source)}"
    clue_lines.append(f'<clue word="1000" number="" {extra}>[QUOTE]</clue>')
    height = top + len(sheet.clues)
    lines += [f'<grid width="{width}" height="{height}">', '<grid-look numbering-scheme="normal"/>']
    lines += [*cells, "</grid>", *words, "<clues><title><b>Clues</b></title>"]
    lines += [*clue_lines, "</clues>", "</acrostic>", "</rectangular-puzzle>"]
    lines.append("</crossword-compiler>")
    return "\n".join(lines) + "\n"


def _acrostic_quote_cells(
    sheet: AcrosticSheet, width: int
) -> tuple[list[str], list[tuple[int, int]]]:
    """The quotation rows' ``<cell>`` elements and the quotation squares' (row, column)."""
    cells: list[str] = []
    quote: list[tuple[int, int]] = []
    for r, row in enumerate(sheet.rows):
        for c in range(width):
            cell = row[c] if c < len(row) else None
            attrs: dict[str, Any] = {"x": c + 1, "y": r + 1}
            if cell is None or cell.void:
                attrs["type"] = "void"
            elif cell.block:
                attrs["type"] = "block"
            elif cell.given or not cell.number:
                attrs.update({"type": "clue", "solution": cell.given or cell.answer})
            else:
                attrs.update({"solution": cell.answer, "number": cell.number})
                if cell.corner:
                    attrs["top-right-number"] = cell.corner
                quote.append((r, c))
            cells.append(_element("cell", attrs))
    return cells, quote


def _element(tag: str, attrs: dict[str, Any]) -> str:
    return f"<{tag} " + " ".join(f"{k}={quoteattr(str(v))}" for k, v in attrs.items()) + "/>"


def _word(number: int, cells: list[tuple[int, int]]) -> str:
    inner = "".join(f'<cells x="{c + 1}" y="{r + 1}"/>' for r, c in cells)
    return f'<word id="{number}">{inner}</word>'
