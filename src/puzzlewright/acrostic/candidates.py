"""Possible answers per initial: words that fit the quotation's letters and the answer rules.

The letter counts of every word of a list are computed once per list and initial (a small
numpy matrix, cached), so checking 70,000 words against a quotation is a few vectorized
comparisons; only the survivors go through the quotation-word and stem rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from puzzlewright.acrostic.quality import QuoteFilter, stem
from puzzlewright.acrostic.tables import HashArray, IntArray, WordTable, counts_of, letter_hashes
from puzzlewright.lexicon import WordList


@dataclass(frozen=True)
class Initial:
    """Every word of a list with one initial, best first, with letter counts and lengths."""

    words: list[str]
    scores: list[int]
    counts: IntArray
    lengths: IntArray


@lru_cache(maxsize=64)
def _by_initial(words: WordList, initial: str) -> Initial:
    index = {ch: i for i, ch in enumerate(words.alphabet.letters)}
    size = len(index)
    entries = words.starting_with(initial)
    counts = np.zeros((len(entries), size), np.int32)
    for row, word in enumerate(entries):
        for ch in word:
            counts[row, index[ch]] += 1
    return Initial(
        entries,
        [words.score(word) or 0 for word in entries],
        counts,
        counts.sum(axis=1).astype(np.int32),
    )


@dataclass
class Rules:
    """What an answer must satisfy besides fitting the letters."""

    lengths: tuple[int, int]  # allowed answer lengths (inclusive)
    window: tuple[int, int]  # preferred lengths, around the average answer length
    reject: set[str]  # excluded words
    quote_filter: QuoteFilter  # quotation words and their forms
    taken: set[str]  # stems of included answers
    limit: int  # most candidates kept per initial (best first)


def candidates(
    words: WordList, initials: Sequence[str], target: IntArray, rules: Rules
) -> dict[str, list[tuple[str, int]]] | str:
    """Possible answers per initial as (word, score), best first, or why an initial has none.

    An answer fits the letters of ``target``, is not excluded, is no quotation word (or form
    of one) and shares no stem with an included answer. Lengths stay within the window
    around the average answer length unless an initial has nothing there.
    """
    low, high = rules.lengths
    lists: dict[str, list[tuple[str, int]]] = {}
    for initial in initials:
        table = _by_initial(words, initial)
        fits = (table.lengths >= low) & (table.lengths <= high)
        if table.counts.size:
            fits &= (table.counts <= target).all(axis=1)
        found: list[tuple[str, int]] = []
        for row in np.flatnonzero(fits).tolist():
            word = table.words[row]
            if word in rules.reject or rules.quote_filter.clashes(word):
                continue
            if stem(word) in rules.taken:
                continue
            found.append((word, table.scores[row]))
        if not found:
            return (
                f"no word in the list starts with {initial} and fits the quotation's letters "
                f"with lengths {low}-{high}"
            )
        near = [(w, s) for w, s in found if rules.window[0] <= len(w) <= rules.window[1]]
        lists[initial] = (near or found)[: rules.limit]
    return lists


def make_tables(
    lists: dict[str, list[tuple[str, int]]], letters: str
) -> tuple[dict[str, WordTable], HashArray]:
    """A WordTable per initial, and the letter hashes they share."""
    index = {ch: i for i, ch in enumerate(letters)}
    size = len(letters)
    hashes = letter_hashes(size)
    tables = {}
    for initial, entries in lists.items():
        counts = np.array([counts_of(w, index, size) for w, _ in entries], np.int32)
        tables[initial] = WordTable(
            [w for w, _ in entries],
            [s for _, s in entries],
            [stem(w) for w, _ in entries],
            counts.reshape(-1, size),
            hashes,
        )
    return tables, hashes


def score_goal(lists: dict[str, list[tuple[str, int]]]) -> float:
    """The score the quality floor aims for: the 75th percentile of all candidates."""
    scores = sorted(s for entries in lists.values() for _, s in entries)
    return float(scores[(3 * len(scores)) // 4]) if scores else 0.0


def score_spread(lists: dict[str, list[tuple[str, int]]]) -> float:
    """How far apart common and rare candidates score (the 90th minus the 10th percentile)."""
    scores = sorted(s for entries in lists.values() for _, s in entries)
    if not scores:
        return 1.0
    return max(1.0, float(scores[(9 * len(scores)) // 10] - scores[len(scores) // 10]))
