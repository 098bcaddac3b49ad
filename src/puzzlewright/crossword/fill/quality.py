"""Fill quality: how candidates are weighed, and the figures reported for a fill."""

from __future__ import annotations

from collections.abc import Collection

from puzzlewright.crossword.fill.result import EntryScore
from puzzlewright.crossword.grid import Grid
from puzzlewright.lexicon import WordList

SCORE_WEIGHT = 1.0
"""Weight of a candidate's own score (list units: STWL 10..50, built-in English 25..78)."""

OPTION_WEIGHT = 1.0
"""Weight of the natural log of the product of the options it leaves to its crossings."""

JITTER = 1.0
"""Random tie-break, in score units: near-equal candidates swap places from seed to seed."""

WEAKEST = 5
"""How many of the lowest-scoring entries a fill reports."""


def value_weights() -> tuple[float, float, float]:
    """(score weight, crossing-options weight, jitter) for value ordering."""
    return SCORE_WEIGHT, OPTION_WEIGHT, JITTER


def grid_entries(grid: Grid, words: WordList, given: Collection[str] = ()) -> list[EntryScore]:
    """Every entry of ``grid`` with its answer and list score (None if incomplete/unknown)."""
    entries = []
    for slot in grid.slots():
        answer = "".join(grid.cells[r][c] or "?" for r, c in slot.cells)
        score = None if "?" in answer else words.score(answer)
        entries.append(
            EntryScore(
                slot.key,
                slot.number,
                slot.direction,
                slot.row,
                slot.col,
                answer,
                score,
                slot.key in given,
            )
        )
    return entries


def average_score(entries: list[EntryScore]) -> float | None:
    """The mean score of the entries that have one (None when none has)."""
    scores = [entry.score for entry in entries if entry.score is not None]
    return round(sum(scores) / len(scores), 2) if scores else None


def weakest(entries: list[EntryScore], limit: int = WEAKEST) -> list[EntryScore]:
    """The lowest-scoring complete entries the filler chose (seeds left out), worst first."""
    chosen = [entry for entry in entries if entry.score is not None and not entry.given]
    return sorted(chosen, key=lambda entry: (entry.score or 0, entry.key))[:limit]


def rank_key(entries: list[EntryScore]) -> tuple[float, int]:
    """Sort key for fills, best first: higher average, then higher weakest score."""
    mean = average_score(entries) or 0.0
    low = min((entry.score for entry in entries if entry.score is not None), default=0)
    return (-mean, -low)
