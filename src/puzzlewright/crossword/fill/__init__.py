"""Crossword autofill: a slot CSP on the lexicon's bitset index (see docs/crossword-fill.md)."""

from puzzlewright.crossword.fill.problem import Region
from puzzlewright.crossword.fill.request import FillRequest
from puzzlewright.crossword.fill.result import (
    EntryScore,
    Fill,
    FillProgress,
    FillResult,
    SlotFailure,
    Status,
)
from puzzlewright.crossword.fill.run import fill, fill_grid

__all__ = [
    "EntryScore",
    "Fill",
    "FillProgress",
    "FillRequest",
    "FillResult",
    "Region",
    "SlotFailure",
    "Status",
    "fill",
    "fill_grid",
]
