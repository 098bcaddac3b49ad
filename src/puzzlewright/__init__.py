"""puzzlewright: construct and solve word puzzles (cryptarithms, crosswords, acrostics)."""

__version__ = "0.1.0"
