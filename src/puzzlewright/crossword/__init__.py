"""Crosswords: the grid model, file formats, the filler and construction tools."""

from puzzlewright.crossword.grid import Direction, Grid, Position, Slot
from puzzlewright.crossword.puzzle import Puzzle

__all__ = ["Direction", "Grid", "Position", "Puzzle", "Slot"]
