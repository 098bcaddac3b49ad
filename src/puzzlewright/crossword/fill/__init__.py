"""Crossword autofill: a slot CSP on the lexicon's bitset index (see docs/crossword-fill.md)."""

from puzzlewright.crossword.fill.engine import fill, fill_grid
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
