"""Plain data returned by the acrostic builder."""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlewright.acrostic.grid import QuoteGrid


@dataclass
class Answer:
    """One clue: its label, answer word, word-list score and quotation cells (1-based)."""

    label: str
    word: str
    score: int | None = None
    cells: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"label": self.label, "word": self.word, "score": self.score, "cells": self.cells}


@dataclass
class Acrostic:
    """A finished puzzle: quotation, source, answers with their numbering, and the grid."""

    quote: str
    source: str
    letters: str
    answers: list[Answer]
    grid: QuoteGrid

    def mean_zipf(self) -> float | None:
        """Mean word-list score / 10 (zipf for the built-in list)."""
        scores = [a.score for a in self.answers if a.score is not None]
        return round(sum(scores) / len(scores) / 10, 2) if scores else None

    def min_zipf(self) -> float | None:
        scores = [a.score for a in self.answers if a.score is not None]
        return min(scores) / 10 if scores else None


@dataclass
class BuildResult:
    """Outcome of :func:`build_acrostic`: status built / impossible / timeout."""

    status: str
    quote: str
    source: str
    reason: str | None = None
    puzzles: list[Acrostic] = field(default_factory=list)
    partial: list[Answer] = field(default_factory=list)
    leftover: str = ""  # letters the partial answers leave unused
    overused: str = ""  # letters the partial answers use too often
    seconds: float = 0.0
    stats: dict[str, int] = field(default_factory=dict)
    # no exact answer set has a higher mean zipf (the letter-price bound, see acrostic.prices)
    mean_zipf_bound: float | None = None
