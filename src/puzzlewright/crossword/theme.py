"""Theme entries and block patterns built around them.

A themed puzzle starts from its theme entries: answers at chosen places (``7,0 across
CROSSWORDPUZZLE``) or only their lengths (``15 11 11``), placed the way published themed
grids place them (pairs of equal length in mirrored rows, a lone one in the middle row).
:class:`ThemedSpec` keeps those cells white, puts a block (and its symmetric images) at
both ends of each entry, blocks the too-short runs that leaves at the edges, and then grows
the rest of the pattern as :mod:`puzzlewright.crossword.pattern` does, so every pattern is
symmetric, legal and holds each theme entry as one whole entry with its letters.

>>> spec = ThemedSpec(PatternSpec(15, 15), (ThemeEntry(7, 0, "across", "CROSSWORDPUZZLE"),))
>>> grid = generate_patterns(spec, seed=1).patterns[0]
>>> grid.rows_text()[7]
'CROSSWORDPUZZLE'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from puzzlewright.crossword.grid import Grid, Position
from puzzlewright.crossword.pattern import PatternSpec, generate_patterns, grow_around
from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import StopSignal

Direction = Literal["across", "down"]
__all__ = [
    "ThemeEntry",
    "ThemedSpec",
    "generate_patterns",
    "parse_lengths",
    "parse_theme",
    "parse_theme_entry",
    "place_lengths",
]


@dataclass(frozen=True)
class ThemeEntry:
    """An entry to keep: where it starts (0-based), its direction and its answer; an empty
    ``answer`` keeps only the place (``length`` cells)."""

    row: int
    col: int
    direction: Direction
    answer: str = ""
    length: int = 0

    @property
    def size(self) -> int:
        """Its length: the answer's, else ``length``."""
        return len(self.answer) or self.length

    def cells(self) -> list[Position]:
        """Its cells in order."""
        dr, dc = (0, 1) if self.direction == "across" else (1, 0)
        return [(self.row + k * dr, self.col + k * dc) for k in range(self.size)]

    def ends(self) -> list[Position]:
        """The cells just before and after it (blocks unless outside the grid)."""
        dr, dc = (0, 1) if self.direction == "across" else (1, 0)
        last = self.cells()[-1]
        return [(self.row - dr, self.col - dc), (last[0] + dr, last[1] + dc)]

    def describe(self) -> str:
        """``row 8, column 1 across CROSSWORDPUZZLE`` (1-based, as people count)."""
        what = self.answer or f"({self.size} letters)"
        return f"row {self.row + 1}, column {self.col + 1} {self.direction} {what}"


def place_lengths(spec: PatternSpec, lengths: list[int]) -> tuple[ThemeEntry, ...]:
    """Across theme entries of ``lengths`` placed symmetrically, rows spread over the grid.

    Under rotational symmetry (and none) equal lengths pair up in mirrored rows (the first
    starting at the left edge, its partner ending at the right edge) and one unpaired
    length goes centred in the middle row; under mirror symmetry every entry is centred
    in its own row. PuzzleInputError when the lengths cannot be placed so.
    """
    if not lengths:
        return ()
    too_long = [n for n in lengths if not 2 <= n <= spec.width]
    if too_long:
        raise PuzzleInputError(
            f"a theme length of {too_long[0]} does not fit across a {spec.size} grid",
            parameters=("lengths",),
        )
    if spec.symmetry in ("mirror", "diagonal"):
        rows = _spread_rows(spec.height, len(lengths))
        return tuple(_centred(spec, row, n) for row, n in zip(rows, sorted(lengths), strict=True))
    pairs, single = _pairs(lengths)
    rows = _spread_rows(spec.height, 2 * len(pairs) + (single is not None))
    placed: list[ThemeEntry] = []
    for k, n in enumerate(pairs):
        placed.append(ThemeEntry(rows[k], 0, "across", length=n))
        placed.append(ThemeEntry(spec.height - 1 - rows[k], spec.width - n, "across", length=n))
    if single is not None:
        if spec.height % 2 == 0:
            raise PuzzleInputError(
                f"an unpaired theme length ({single}) needs a middle row: the grid has an "
                "even number of rows; give the lengths in equal pairs",
                parameters=("lengths",),
            )
        placed.append(_centred(spec, spec.height // 2, single))
    return tuple(sorted(placed, key=lambda e: (e.row, e.col)))


def _pairs(lengths: list[int]) -> tuple[list[int], int | None]:
    """Equal lengths in pairs (longest first) and the one left over (None if none)."""
    left = sorted(lengths, reverse=True)
    pairs: list[int] = []
    single: int | None = None
    while left:
        n = left.pop(0)
        if n in left:
            left.remove(n)
            pairs.append(n)
        elif single is None:
            single = n
        else:
            raise PuzzleInputError(
                f"symmetric theme entries come in pairs of equal length, with at most one "
                f"alone in the middle row: {single} and {n} have no partner",
                parameters=("lengths",),
            )
    return pairs, single


def _spread_rows(height: int, count: int) -> list[int]:
    """``count`` rows spread evenly, symmetric about the middle (the top half first)."""
    step = (height + 1) / (count + 1)
    top = [round((k + 1) * step) - 1 for k in range(count // 2)]
    rows = top + ([height // 2] if count % 2 else []) + [height - 1 - r for r in reversed(top)]
    return rows


def _centred(spec: PatternSpec, row: int, length: int) -> ThemeEntry:
    """An across entry of ``length`` centred in ``row`` (its own symmetric image)."""
    if (spec.width - length) % 2:
        raise PuzzleInputError(
            f"a {length}-letter theme entry cannot sit in the middle of a {spec.width}-wide "
            f"row with {spec.symmetry} symmetry (the lengths must differ from the width by "
            "an even number)",
            parameters=("lengths",),
        )
    return ThemeEntry(row, (spec.width - length) // 2, "across", length=length)


def parse_theme_entry(text: str) -> ThemeEntry:
    """``8,1,A,CROSSWORDPUZZLE`` (row and column from 1, as people count) -> a ThemeEntry
    (0-based); a one-line error naming the expected form."""
    parts = [part.strip() for part in text.split(",")]
    directions = {"a": "across", "across": "across", "d": "down", "down": "down"}
    if (
        len(parts) != 4
        or not all(part.isdigit() and len(part) < 4 for part in parts[:2])
        or parts[2].lower() not in directions
        or not parts[3].isalpha()
    ):
        raise PuzzleInputError(
            f"bad theme entry {text!r}: write ROW,COL,A|D,ANSWER, e.g. 8,1,A,CROSSWORDPUZZLE"
        )
    row, col = int(parts[0]) - 1, int(parts[1]) - 1
    if row < 0 or col < 0:
        raise PuzzleInputError(f"bad theme entry {text!r}: rows and columns count from 1")
    if directions[parts[2].lower()] == "across":
        return ThemeEntry(row, col, "across", parts[3].upper())
    return ThemeEntry(row, col, "down", parts[3].upper())


def parse_lengths(text: str) -> list[int]:
    """``15,11,11`` (or spaces between) -> the lengths; a one-line error otherwise."""
    parts = text.replace(",", " ").split()
    if not parts or not all(part.isdigit() and len(part) < 4 for part in parts):
        raise PuzzleInputError(f"bad theme lengths {text!r}: write lengths as 15,11,11")
    return [int(part) for part in parts]


def parse_theme(text: str, spec: PatternSpec) -> tuple[ThemeEntry, ...]:
    """Theme entries written one per line (or ``;``): ``ROW,COL,A|D,ANSWER`` each, or a
    line of lengths (``15 11 11``) placed symmetrically (the workbench's New dialog)."""
    entries: list[ThemeEntry] = []
    for line in text.replace(";", "\n").splitlines():
        if not line.strip():
            continue
        if line.count(",") == 3:
            entries.append(parse_theme_entry(line))
        else:
            entries.extend(place_lengths(spec, parse_lengths(line)))
    return tuple(entries)


@dataclass(frozen=True)
class ThemeLayout:
    """The fixed part of every pattern: white cells, their letters and the forced blocks."""

    white: frozenset[Position]
    letters: dict[Position, str] = field(hash=False)
    blocks: frozenset[Position]


@dataclass(frozen=True)
class ThemedSpec:
    """A pattern request (``base``) that keeps ``entries`` (a :class:`~.pattern.Designer`)."""

    base: PatternSpec
    entries: tuple[ThemeEntry, ...]

    def validate(self) -> None:
        """Raise PuzzleInputError when the entries do not fit, clash or break the rules."""
        self.base.validate()
        _ = self.layout

    def budget(self, count: int) -> tuple[int, int | None]:
        """As the base request's."""
        return self.base.budget(count)

    def attempt(self, rng: random.Random, stop: StopSignal) -> Grid | None:
        """One pattern grown around the theme entries, their letters in place."""
        layout = self.layout
        grid = grow_around(self.base, rng, layout.blocks, layout.white, stop=stop)
        if grid is None:
            return None
        cells = [list(row) for row in grid.cells]
        for (r, c), letter in layout.letters.items():
            cells[r][c] = letter
        return Grid(cells)

    @cached_property
    def layout(self) -> ThemeLayout:
        """The white cells, letters and blocks every pattern shares (checked once)."""
        return theme_layout(self.base, self.entries)


def theme_layout(spec: PatternSpec, entries: tuple[ThemeEntry, ...]) -> ThemeLayout:
    """The cells the entries fix (with their symmetric images) and the blocks they force."""
    letters: dict[Position, str] = {}
    white: set[Position] = set()
    blocks: set[Position] = set()
    for entry in entries:
        _check_entry(spec, entry)
        for k, pos in enumerate(entry.cells()):
            letter = entry.answer[k] if entry.answer else ""
            if letter and letters.get(pos, letter) != letter:
                raise PuzzleInputError(
                    f"theme entries clash at row {pos[0] + 1}, column {pos[1] + 1}: "
                    f"{letters[pos]} and {letter}"
                )
            if letter:
                letters[pos] = letter
            white.update(spec.orbit(*pos))
        for pos in entry.ends():
            if _inside(spec, pos):
                blocks.update(spec.orbit(*pos))
    _clash(white, blocks, entries)
    _block_short_runs(spec, white, blocks, entries)
    return ThemeLayout(frozenset(white), letters, frozenset(blocks))


def _inside(spec: PatternSpec, pos: Position) -> bool:
    return 0 <= pos[0] < spec.height and 0 <= pos[1] < spec.width


def _check_entry(spec: PatternSpec, entry: ThemeEntry) -> None:
    """A one-line error for an entry outside the grid, too short or not letters."""
    if entry.answer and not entry.answer.isalpha():
        raise PuzzleInputError(f"theme answer {entry.answer!r} must be letters only")
    if entry.size < spec.min_length:
        raise PuzzleInputError(
            f"theme entry at {entry.describe()} is shorter than the minimum entry length "
            f"({spec.min_length})"
        )
    if not all(_inside(spec, pos) for pos in entry.cells()):
        raise PuzzleInputError(f"theme entry at {entry.describe()} runs off the {spec.size} grid")


def _clash(white: set[Position], blocks: set[Position], entries: tuple[ThemeEntry, ...]) -> None:
    both = sorted(white & blocks)
    if both:
        r, c = both[0]
        raise PuzzleInputError(
            f"theme entries clash under the symmetry: row {r + 1}, column {c + 1} must be both "
            f"a letter and a block ({'; '.join(e.describe() for e in entries)})"
        )


def _block_short_runs(
    spec: PatternSpec,
    white: set[Position],
    blocks: set[Position],
    entries: tuple[ThemeEntry, ...],
) -> None:
    """Block every run too short for an entry that the forced blocks cut off (with its
    images), until none is left; an error when such a run holds a theme cell."""
    changed = True
    while changed:
        changed = False
        for run in _runs(spec, blocks):
            if len(run) >= spec.min_length or (len(run) == 1 and spec.allow_unchecked):
                continue
            if white & set(run):
                r, c = run[0]
                raise PuzzleInputError(
                    f"theme entries leave a {len(run)}-letter run at row {r + 1}, column "
                    f"{c + 1} (entries need {spec.min_length}+ letters); move them"
                )
            for pos in run:
                blocks.update(spec.orbit(*pos))
            _clash(white, blocks, entries)
            changed = True
            break


def _runs(spec: PatternSpec, blocks: set[Position]) -> list[list[Position]]:
    """The runs of non-block cells, across and down, that touch a block (not whole lines)."""
    lines = [[(r, c) for c in range(spec.width)] for r in range(spec.height)]
    lines += [[(r, c) for r in range(spec.height)] for c in range(spec.width)]
    runs: list[list[Position]] = []
    for line in lines:
        run: list[Position] = []
        for pos in [*line, None]:
            if pos is None or pos in blocks:
                if run and len(run) < len(line):
                    runs.append(run)
                run = []
            else:
                run.append(pos)
    return runs
