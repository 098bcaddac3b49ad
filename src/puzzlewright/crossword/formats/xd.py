"""Placeholder for the .xd format (reader and writer land in the next commit)."""

from __future__ import annotations

from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError


def read_xd(data: bytes | str, warnings: list[str] | None = None) -> Puzzle:
    """Not yet available."""
    raise PuzzleInputError(".xd files are not supported yet")


def write_xd(puzzle: Puzzle, warnings: list[str] | None = None) -> str:
    """Not yet available."""
    raise PuzzleInputError(".xd files are not supported yet")
