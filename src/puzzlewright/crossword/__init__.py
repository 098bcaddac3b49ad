"""Crosswords: the grid model, file formats, the filler and construction tools."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puzzlewright.crossword.grid import Direction, Grid, Position, Slot

if TYPE_CHECKING:
    from puzzlewright.crossword.puzzle import Puzzle

__all__ = ["Direction", "Grid", "Position", "Puzzle", "Slot"]


def __getattr__(name: str) -> Any:
    """``Puzzle`` on first use: a fill of a text grid (no clues, no metadata) never needs
    the puzzle module, and every submodule import runs this package's own first."""
    if name == "Puzzle":
        from puzzlewright.crossword.puzzle import Puzzle

        return Puzzle
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
