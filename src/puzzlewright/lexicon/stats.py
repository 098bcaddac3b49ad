"""Summaries of a word list for ``lexicon info``: lengths, score histogram, skipped lines."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from puzzlewright.lexicon.loading import SourceReport
from puzzlewright.lexicon.wordlist import WordList


@dataclass
class ListStats:
    """What ``lexicon info`` reports about a loaded list."""

    name: str
    words: int
    alphabet: str
    by_length: dict[int, int]
    score_histogram: dict[int, int]  # bucket start (multiple of 10) -> count
    sources: list[SourceReport] = field(default_factory=list)


def score_histogram(words: WordList) -> dict[int, int]:
    """How many words score in each bucket of ten (bucket start -> count), lowest first."""
    histogram = Counter(score // 10 * 10 for score in words.scores().values())
    return dict(sorted(histogram.items()))


def describe(words: WordList, sources: list[SourceReport]) -> ListStats:
    """Count words per length and per score bucket of ten."""
    return ListStats(
        name=words.name,
        words=len(words),
        alphabet=words.alphabet.letters,
        by_length={n: len(words.index(n)) for n in words.lengths},
        score_histogram=score_histogram(words),
        sources=sources,
    )


def stats_document(stats: ListStats) -> dict[str, Any]:
    """A JSON-ready dict (``asdict`` would mangle the Counter of skip reasons)."""
    document = asdict(stats)
    document["sources"] = [
        {**asdict(report), "skipped": dict(report.skipped)} for report in stats.sources
    ]
    return document
