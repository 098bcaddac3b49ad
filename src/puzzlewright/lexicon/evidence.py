"""Ties inside one score broken by evidence, for lists shown to a person (``words PATTERN``).

A pattern query has no crossings to weigh, so among words of one score the more common one
comes first: wordfreq's zipf of the word (a squashed phrase or a name it does not know
counts 0), then the list's own order. Only the tie group that the ``limit`` cuts through is
looked up, so a query costs a few hundred lookups at most.
"""

from __future__ import annotations

from puzzlewright.lexicon.wordlist import Entry, WordList


def match_by_evidence(words: WordList, pattern: str, limit: int | None = None) -> list[Entry]:
    """``words.match(pattern, limit)``, with words of one score more common first."""
    found = words.match(pattern)
    if limit is not None and len(found) > limit:
        edge = found[limit - 1].score
        found = [entry for entry in found if entry.score >= edge]
    if len({entry.score for entry in found}) == len(found):
        return found[:limit]
    from wordfreq import zipf_frequency

    position = {entry.word: i for i, entry in enumerate(found)}

    def key(entry: Entry) -> tuple[int, float, int]:
        zipf = zipf_frequency(entry.word.lower(), "en", "large")
        return -entry.score, -zipf, position[entry.word]

    return sorted(found, key=key)[:limit]
