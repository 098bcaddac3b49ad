"""Plain-text grids (``.txt``): one row per line, ``#`` block, ``.`` empty, ``[ABC]`` rebus.

The format holds the grid alone; everything else a puzzle carries is reported as dropped.
A ``.txt`` file is recognised by its content: one that starts with ``<ACROSS PUZZLE>`` is
Across Lite text (:mod:`puzzlewright.crossword.formats.acrosslite`), anything else a grid.
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
    """A puzzle from a ``.txt`` file: Across Lite text, or a plain grid (grid only)."""
    text = decode_text(data, "text grid")
    from puzzlewright.crossword.formats.acrosslite import is_across_lite, read_across_lite

    if is_across_lite(text):
        return read_across_lite(text, warnings)
    try:
        return Puzzle(Grid.parse(text))
    except PuzzleInputError as exc:
        raise PuzzleInputError(
            f"text grid: {exc} (a .txt is read as Across Lite text when it starts with "
            "<ACROSS PUZZLE>, else as a plain grid)"
        ) from None


def write_text(puzzle: Puzzle, warnings: list[str] | None = None) -> str:
    """The grid as text (the inverse of :func:`read_text`); warns about what it drops."""
    if warnings is not None:
        lost = lost_features(puzzle, CAPABILITIES)
        if lost:
            lost.append(
                "a .txt keeps clues, title and circles as Across Lite text: --to across-lite"
            )
        warnings.extend(lost)
    return puzzle.grid.to_text()
