"""Answer-word quality rules: no quotation words, no shared stems, no duplicates.

Solvers of an acrostic find answers through the quotation and vice versa, so an answer that
is a quotation word (or a form of one: LIVED in the quote, LIVING as an answer) gives too much
away, and two answers from one stem (HOPE, HOPEFUL) feel like a repeat. The stemmer is a
small suffix stripper: it over-merges a little, which here only costs a few candidate words.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

# Suffixes stripped, longest first; each strip must leave at least MIN_STEM letters.
SUFFIXES = (
    "IZATIONS",
    "IZATION",
    "ATIONS",
    "NESSES",
    "ATION",
    "MENTS",
    "FULLY",
    "INGLY",
    "ITIES",
    "ABLY",
    "IBLY",
    "EDLY",
    "IEST",
    "NESS",
    "MENT",
    "LESS",
    "INGS",
    "ABLE",
    "IBLE",
    "SHIP",
    "ISMS",
    "ISTS",
    "IZED",
    "IZES",
    "IZER",
    "FUL",
    "ING",
    "IES",
    "IED",
    "IER",
    "EST",
    "ERS",
    "ISM",
    "IST",
    "ITY",
    "IZE",
    "IAL",
    "OUS",
    "IVE",
    "ED",
    "ER",
    "ES",
    "LY",
    "AL",
    "S",
)
MIN_STEM = 3
VOWELS = frozenset("AEIOUY")


# SUFFIXES grouped by length, longest first (a word ends in at most one suffix of a length)
BY_LENGTH = tuple(
    (size, frozenset(s for s in SUFFIXES if len(s) == size))
    for size in sorted({len(s) for s in SUFFIXES}, reverse=True)
)


def _strip_once(word: str) -> str:
    for size, suffixes in BY_LENGTH:
        if len(word) - size >= MIN_STEM and word[-size:] in suffixes:
            return word[:-size]
    return word


@lru_cache(maxsize=1 << 17)
def stem(word: str) -> str:
    """A crude stem of an upper-case English word: HOPEFULLY, HOPED, HOPES -> HOP."""
    current = word
    for _ in range(2):
        shorter = _strip_once(current)
        if shorter == current:
            break
        current = shorter
    if len(current) > MIN_STEM and current[-1] == "E":
        current = current[:-1]
    if len(current) > MIN_STEM and current[-1] in "IY":
        current = current[:-1] + "I"
    if len(current) > MIN_STEM and current[-1] == current[-2] and current[-1] not in VOWELS:
        current = current[:-1]
    return current


def shares_stem(a: str, b: str) -> bool:
    """True when two words are forms of one another (same stem, or one starts with the other)."""
    if a == b:
        return True
    if stem(a) == stem(b):
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 5 and long.startswith(short)


PREFIX = 5  # a word this long that begins another word is a form of it (DISCOVER, DISCOVERY)


class QuoteFilter:
    """Rejects answers that are quotation words or forms of them."""

    def __init__(self, quote_words: Iterable[str]) -> None:
        words = {word for word in quote_words if len(word) >= 3}
        self.words = words
        self.stems = {stem(word) for word in words}
        self.long = {word for word in words if len(word) >= PREFIX}
        self.prefixes = {word[:k] for word in self.long for k in range(PREFIX, len(word) + 1)}

    def clashes(self, word: str) -> bool:
        """True when ``word`` appears in the quotation or shares a stem with a quotation word."""
        if word in self.words or stem(word) in self.stems or word in self.prefixes:
            return True
        return any(word[:k] in self.long for k in range(PREFIX, len(word)))


def first_clash(words: list[str]) -> tuple[str, str] | None:
    """The first pair of answers that repeat or share a stem, or None."""
    for i, a in enumerate(words):
        for b in words[i + 1 :]:
            if shares_stem(a, b):
                return a, b
    return None
