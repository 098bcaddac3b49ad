"""Placeholder for the .puz format (reader and writer land in the next commit)."""

from __future__ import annotations

from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError


def read_puz(data: bytes | str, warnings: list[str] | None = None) -> Puzzle:
    """Not yet available."""
    raise PuzzleInputError(".puz files are not supported yet")


def write_puz(puzzle: Puzzle, warnings: list[str] | None = None) -> str:
    """Not yet available."""
    raise PuzzleInputError(".puz files are not supported yet")
