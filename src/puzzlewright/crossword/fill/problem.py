"""From a grid and a word list to the slot CSP: variables, cells, crossings, givens."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeAlias

from puzzlewright.bits import WordSet
from puzzlewright.crossword.fill.domains import LengthTable, Tables
from puzzlewright.crossword.grid import Grid, Position, Slot
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList

Rectangle = tuple[Position, Position]
Region = Rectangle | Sequence[str] | None
"""What to fill: everything (None); a rectangle ``((r1, c1), (r2, c2))`` of 0-based inclusive
corners, whose empty cells get letters while the cells outside stay as they are (every entry
through the rectangle gets a whole word in the search, so what is left outside can still be
completed); or a list of slot keys (``12A``), whose entries are filled whole."""


SlotId: TypeAlias = int
"""A search variable: the index of a slot in ``Problem.vars``."""

CellId: TypeAlias = int
"""An empty cell the search decides: its index in ``Problem.cells``."""


class Place(NamedTuple):
    """Where a variable's word meets an empty cell."""

    cell: CellId
    position: int  # the letter of the variable's word that lands in the cell


class Link(NamedTuple):
    """A crossing seen from one variable: the cell it shares with another variable.

    Hot loops unpack it by these names, ``for cell, position, other, other_position in
    links[v]`` (as fast as unpacking into one-letter names; ``link.cell`` would be slower).
    """

    cell: CellId
    position: int  # the letter of this variable's word in the cell
    other: SlotId  # the crossing variable
    other_position: int  # the letter of the crossing word in the cell


@dataclass
class Var:
    """A slot the search fills (``required``), or one that only has to stay fillable."""

    slot: Slot
    table: LengthTable
    required: bool
    domain: WordSet  # initial candidates: score limit and fixed letters applied
    pattern: str  # the slot's letters in the input grid, "?" for empty cells
    cells: list[Place] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)


@dataclass
class Given:
    """An entry that is already complete in the input grid (a seed entry)."""

    slot: Slot
    word: str
    score: int | None


@dataclass
class Problem:
    """The CSP of one fill request."""

    grid: Grid  # the input grid with letters normalized to the list's alphabet
    words: WordList
    vars: list[Var]
    cells: list[Position]  # the empty cells the search decides, by cell id
    givens: list[Given]
    warnings: list[str]
    total_slots: int
    inside: set[Position] | None = None  # a rectangular region: only these cells are written
    min_score: int | None = None


SHAPES: dict[tuple[object, ...], list[Slot]] = {}
"""The entries of each grid shape (blocks and bars) met so far in this process."""

SHAPES_LIMIT = 256
"""The cache starts again when it holds this many shapes."""


def slots_of(grid: Grid) -> list[Slot]:
    """``grid.slots()``, shared by grids of the same shape: polish builds a problem and
    scores a fill for every weak entry, each on a new copy of the grid, and finding the
    entries of a 15x15 costs ~3 ms, its shape's key ~0.02 ms."""
    key = (
        tuple(tuple(cell is None for cell in row) for row in grid.cells),
        tuple(sorted(grid.bars.items())),
    )
    found = SHAPES.get(key)
    if found is None:
        if len(SHAPES) >= SHAPES_LIMIT:
            SHAPES.clear()
        found = SHAPES[key] = grid.slots()
    return list(found)


def normalized_grid(grid: Grid, words: WordList) -> Grid:
    """A copy of ``grid`` whose letters are in the list's alphabet (error for strangers)."""
    alphabet = words.alphabet
    result = grid.copy()
    known: dict[str, str] = {}  # a grid repeats its letters: normalize each once
    for r, c in grid.positions():
        content = grid.cells[r][c]
        if not content:
            continue
        letters = known.get(content)
        if letters is not None:
            result.cells[r][c] = letters
            continue
        letters = known[content] = alphabet.normalize(content)
        foreign = "".join(sorted(alphabet.foreign(letters)))
        if not letters or foreign:
            raise PuzzleInputError(
                f"the letter {content!r} at row {r + 1}, column {c + 1} is not in the word "
                f"list's alphabet ({alphabet.letters})"
            )
        result.cells[r][c] = letters
    return result


def as_rectangle(region: Region) -> Rectangle | None:
    """The region as ``((r1, c1), (r2, c2))`` when it is a rectangle, else None."""
    if isinstance(region, tuple) and len(region) == 2:
        first, second = region
        if isinstance(first, tuple) and isinstance(second, tuple):
            (r1, c1), (r2, c2) = first, second
            return (int(r1), int(c1)), (int(r2), int(c2))
    return None


def required_slots(grid: Grid, slots: list[Slot], region: Region) -> set[Slot]:
    """The slots to fill: those with an empty cell, limited to the region when given."""
    empty = [slot for slot in slots if any(not grid.cells[r][c] for r, c in slot.cells)]
    if region is None:
        return set(empty)
    rectangle = as_rectangle(region)
    if rectangle is not None:
        (r1, c1), (r2, c2) = rectangle
        top, bottom = sorted((r1, r2))
        left, right = sorted((c1, c2))
        if top < 0 or left < 0 or bottom >= grid.height or right >= grid.width:
            raise PuzzleInputError(
                f"the region rows {top + 1}-{bottom + 1}, columns {left + 1}-{right + 1} "
                f"is outside the {grid.width}x{grid.height} grid"
            )
        return {
            slot
            for slot in empty
            if any(
                top <= r <= bottom and left <= c <= right and not grid.cells[r][c]
                for r, c in slot.cells
            )
        }
    assert region is not None
    by_key = {slot.key: slot for slot in slots}
    chosen = set()
    for key in region:
        name = str(key).strip().upper()
        if name not in by_key:
            raise PuzzleInputError(f"the grid has no entry {key!r} (entries are named like 1A, 3D)")
        chosen.add(by_key[name])
    return chosen & set(empty)


def build_problem(
    grid: Grid, words: WordList, min_score: int | None = None, region: Region = None
) -> Problem:
    """Turn a grid into variables with initial candidate sets and crossing links.

    Three steps: check the request and normalize the grid (:func:`validate`), give each
    slot its variable or record it as a given (:func:`prepare`), then tie the variables
    together (:func:`assemble`).
    """
    grid, slots, chosen = validate(grid, words, region)
    tables = Tables(words, min_score)
    prepared = prepare(grid, slots, chosen, tables, min_score)
    return assemble(grid, words, prepared, tables, len(slots), region, min_score)


def validate(grid: Grid, words: WordList, region: Region) -> tuple[Grid, list[Slot], set[Slot]]:
    """The grid in the list's alphabet, its slots and the slots to fill (errors for a grid
    without entries, strange letters or a region that does not fit)."""
    slots = slots_of(grid)
    if not slots:
        raise PuzzleInputError("the grid has no entries (runs of two or more open cells)")
    grid = normalized_grid(grid, words)
    return grid, slots, required_slots(grid, slots, region)


@dataclass
class Prepared:
    """The slots sorted out: variables (without links yet), givens, empty cells."""

    variables: list[Var]
    givens: list[Given]
    cell_ids: dict[Position, CellId]
    warnings: list[str]


def number_cells(grid: Grid, slots: list[Slot], chosen: set[Slot]) -> dict[Position, CellId]:
    """An id for each empty cell of the slots to fill, in slot order."""
    cell_ids: dict[Position, CellId] = {}
    for slot in slots:
        if slot in chosen:
            for r, c in slot.cells:
                if not grid.cells[r][c] and (r, c) not in cell_ids:
                    cell_ids[(r, c)] = len(cell_ids)
    return cell_ids


def given_warning(given: Given, min_score: int | None) -> str | None:
    """Why a given entry is kept although the list would not choose it (None: it would)."""
    if given.score is None:
        return f"{given.slot.key} {given.word} is not in the word list; kept as given"
    if min_score is not None and given.score < min_score:
        return (
            f"{given.slot.key} {given.word} scores {given.score}, "
            f"below the minimum {min_score}; kept"
        )
    return None


def make_var(
    slot: Slot,
    contents: list[str],
    tables: Tables,
    required: bool,
    cell_ids: dict[Position, CellId],
) -> Var:
    """The variable of a slot: its fixed letters narrow the candidates, its empty cells
    become places."""
    pattern = "".join(content or "?" for content in contents)
    table = tables.get(sum(max(1, len(content)) for content in contents))
    domain = table.limit
    offset = 0
    var = Var(slot, table, required, 0, pattern)
    for pos, content in zip(slot.cells, contents, strict=True):
        if content:
            for k, letter in enumerate(content):
                domain &= table.cols[offset + k][table.code[letter]]
            offset += len(content)
        else:
            if pos in cell_ids:
                var.cells.append(Place(cell_ids[pos], offset))
            offset += 1
    var.domain = domain
    return var


def prepare(
    grid: Grid, slots: list[Slot], chosen: set[Slot], tables: Tables, min_score: int | None
) -> Prepared:
    """A variable for each slot to fill or crossing a cell to fill; givens for the complete
    entries."""
    prepared = Prepared([], [], number_cells(grid, slots, chosen), [])
    for slot in slots:
        contents = [grid.cells[r][c] or "" for r, c in slot.cells]
        if all(contents):
            word = "".join(contents)
            given = Given(slot, word, tables.words.score(word))
            prepared.givens.append(given)
            warning = given_warning(given, min_score)
            if warning is not None:
                prepared.warnings.append(warning)
            continue
        required = slot in chosen
        if not required and not any(pos in prepared.cell_ids for pos in slot.cells):
            continue
        var = make_var(slot, contents, tables, required, prepared.cell_ids)
        if not required and not var.domain:
            prepared.warnings.append(
                f"{slot.key} ({var.pattern}) outside the region matches no word"
            )
            continue
        prepared.variables.append(var)
    return prepared


def exclude_givens(variables: list[Var], givens: list[Given], tables: Tables) -> None:
    """No entry twice: a given entry's word leaves every variable of its length."""
    by_table: dict[int, list[Var]] = {}
    for var in variables:
        by_table.setdefault(id(var.table), []).append(var)
    for given in givens:
        table = tables.get(len(given.word))
        i = table.find(given.word, given.score) if given.score is not None else None
        if i is not None:
            for var in by_table.get(id(table), ()):
                if var.domain >> i & 1:
                    var.domain ^= 1 << i


def link_crossings(variables: list[Var]) -> None:
    """Give each variable a :class:`Link` per crossing variable through its empty cells."""
    at_cell: dict[CellId, list[tuple[SlotId, int]]] = {}
    for v, var in enumerate(variables):
        for cell, position in var.cells:
            at_cell.setdefault(cell, []).append((v, position))
    for v, var in enumerate(variables):
        for cell, position in var.cells:
            for other, other_position in at_cell[cell]:
                if other != v:
                    var.links.append(Link(cell, position, other, other_position))


def rectangle_cells(region: Region) -> set[Position] | None:
    """The cells of a rectangular region (None for a whole grid or a list of slots)."""
    rectangle = as_rectangle(region)
    if rectangle is None:
        return None
    (r1, c1), (r2, c2) = rectangle
    return {
        (r, c)
        for r in range(min(r1, r2), max(r1, r2) + 1)
        for c in range(min(c1, c2), max(c1, c2) + 1)
    }


def assemble(
    grid: Grid,
    words: WordList,
    prepared: Prepared,
    tables: Tables,
    total_slots: int,
    region: Region,
    min_score: int | None,
) -> Problem:
    """The problem: givens excluded from the candidates, crossings linked, cells listed."""
    exclude_givens(prepared.variables, prepared.givens, tables)
    link_crossings(prepared.variables)
    cells = [pos for pos, _ in sorted(prepared.cell_ids.items(), key=lambda item: item[1])]
    return Problem(
        grid,
        words,
        prepared.variables,
        cells,
        prepared.givens,
        prepared.warnings,
        total_slots,
        rectangle_cells(region),
        min_score,
    )


def place_solution(problem: Problem, solution: tuple[int, ...]) -> Grid:
    """The input grid with each variable's word written into its empty cells (in a
    rectangular region, only into the cells inside it)."""
    grid = problem.grid.copy()
    inside = problem.inside
    for var, i in zip(problem.vars, solution, strict=True):
        if i < 0:
            continue
        word = var.table.words[i]
        for cell, position in var.cells:
            r, c = problem.cells[cell]
            if inside is None or (r, c) in inside:
                grid.cells[r][c] = word[position]
    return grid
