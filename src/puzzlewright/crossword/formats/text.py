"""Plain-text grids (``.txt``): one row per line, ``#`` block, ``.`` empty, ``[ABC]`` rebus.

The format holds the grid alone; everything else a puzzle carries is reported as dropped.
"""

from __future__ import annotations

from puzzlewright.crossword.formats.common import Capabilities, decode_text, lost_features
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError

CAPABILITIES = Capabilities(
    ".txt",
    metadata=False,
    clues=False,
    circles=False,
    shaded=False,
    voids=False,
    rebus=True,
    diagramless=False,
    given=False,
)


def read_text(data: bytes | str, warnings: list[str] | None = None) -> Puzzle:
    """A puzzle (grid only) from a text grid."""
    text = decode_text(data, "text grid")
    try:
        return Puzzle(Grid.parse(text))
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"text grid: {exc}") from None


def write_text(puzzle: Puzzle, warnings: list[str] | None = None) -> str:
    """The grid as text (the inverse of :func:`read_text`); warns about what it drops."""
    if warnings is not None:
        warnings.extend(lost_features(puzzle, CAPABILITIES))
    return puzzle.grid.to_text()
