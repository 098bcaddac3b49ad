"""Fill quality: how candidates are weighed, and the figures reported for a fill."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from puzzlewright.crossword.fill.result import EntryScore
from puzzlewright.crossword.grid import Grid
from puzzlewright.lexicon import WordList

SCORE_WEIGHT = 1.0
"""Weight of a candidate's own score (list units: STWL 10..50, built-in English 25..78)."""

OPTION_WEIGHT = 1.0
"""Weight of the natural log of the product of the options it leaves to its crossings."""

JITTER = 0.3
"""Random tie-break on the crossing-options term (in its log units): seeds reorder words
whose options are within a small factor of each other."""

SCORE_JITTER = 3.0
"""Random tie-break in score points for lists with many distinct scores (frequency-based
lists such as the built-in one): seeds reorder words whose scores are this close."""

WEAKEST = 5
"""How many of the lowest-scoring entries a fill reports."""

TIER_LEVELS = 8
"""Lists with at most this many distinct scores (STWL: 10..50) get one tier per score."""


@dataclass(frozen=True)
class ValueWeights:
    """How value ordering weighs a candidate (see the constants above)."""

    score: float = SCORE_WEIGHT
    options: float = OPTION_WEIGHT
    jitter: float = JITTER
    score_jitter: float = 0.0


def value_weights(scores: list[int]) -> ValueWeights:
    """The weights for a list whose candidate scores are ``scores``."""
    levels = len(set(scores))
    return ValueWeights(
        score=SCORE_WEIGHT,
        options=OPTION_WEIGHT,
        jitter=JITTER,
        score_jitter=SCORE_JITTER if levels > TIER_LEVELS else 0.0,
    )


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


TIER_SHARES = (0.3, 0.6)
"""Otherwise the tiers hold the best 30% and 60% of the words, then all of them."""

TIER_EFFORT = 40
"""Dead ends allowed per slot in each tier but the last before trying the next one."""


def score_tiers(scores: list[int]) -> list[int | None]:
    """Score floors to try in turn, best first; the last (None) admits every word."""
    levels = sorted(set(scores), reverse=True)
    if len(levels) <= 1:
        return [None]
    if len(levels) <= TIER_LEVELS:
        return [*levels[:-1], None]
    ranked = sorted(scores, reverse=True)
    floors = sorted({ranked[int(share * (len(ranked) - 1))] for share in TIER_SHARES}, reverse=True)
    return [*(floor for floor in floors if floor > ranked[-1]), None]
