"""Quotation text to letters, and letter multisets packed into one int for fast arithmetic.

A multiset over an alphabet of ``n`` letters is an int with one ``width``-bit field per letter;
the top bit of each field is a guard, so ``fits(pool, word)`` (is ``word`` a sub-multiset of
``pool``?) is one subtraction and one mask, and adding or removing a word is plain ``+``/``-``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from puzzlewright.lexicon import Alphabet


@dataclass(frozen=True)
class QuoteChar:
    """One character of the quotation as typed, with the letters it stands for (maybe none)."""

    text: str
    letters: str


def split_text(text: str, alphabet: Alphabet) -> list[QuoteChar]:
    """Each character of ``text`` with its normalized letters (accents folded for Latin)."""
    result = []
    for ch in text:
        if ch.isspace():
            result.append(QuoteChar(ch, ""))
            continue
        folded = alphabet.normalize(ch)
        letters = "".join(c for c in folded if c in alphabet)
        result.append(QuoteChar(ch, letters if ch.isalpha() else ""))
    return result


def letters_of(text: str, alphabet: Alphabet) -> str:
    """The letters of ``text`` in order, normalized to ``alphabet``; everything else dropped."""
    return "".join(item.letters for item in split_text(text, alphabet))


def foreign_letters(text: str, alphabet: Alphabet) -> list[str]:
    """Alphabetic characters of ``text`` that do not map onto ``alphabet`` (Greek in English)."""
    bad = []
    for item in split_text(text, alphabet):
        if item.text.isalpha() and not item.letters and item.text not in bad:
            bad.append(item.text)
    return bad


def words_of(text: str, alphabet: Alphabet) -> list[str]:
    """The quotation's words as letter strings (apostrophes join: DON'T -> DONT)."""
    words: list[str] = []
    current = ""
    for item in split_text(text, alphabet):
        if item.letters:
            current += item.letters
        elif item.text in "'’" and current:
            continue
        elif current:
            words.append(current)
            current = ""
    if current:
        words.append(current)
    return words


@dataclass(frozen=True)
class Codec:
    """Packs letter multisets over ``letters`` into ints with ``width``-bit guarded fields."""

    letters: str
    width: int
    index: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    guard: int = field(init=False, repr=False, compare=False, hash=False)
    mask: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {ch: i for i, ch in enumerate(self.letters)})
        top = 1 << (self.width - 1)
        object.__setattr__(
            self, "guard", sum(top << (self.width * i) for i in range(len(self.letters)))
        )
        object.__setattr__(self, "mask", top - 1)

    @classmethod
    def for_text(cls, letters: str, text: str) -> Codec:
        """A codec whose fields hold every count that occurs in ``text``."""
        most = max(Counter(text).values(), default=1)
        return cls(letters, most.bit_length() + 1)

    def unit(self, letter: str) -> int:
        """The packed multiset holding one ``letter``."""
        return 1 << (self.width * self.index[letter])

    def pack(self, word: str) -> int:
        """The packed multiset of the letters of ``word``."""
        total = 0
        for ch in word:
            total += 1 << (self.width * self.index[ch])
        return total

    def fits(self, pool: int, part: int) -> bool:
        """True when ``part`` is a sub-multiset of ``pool``."""
        guard = self.guard
        return ((pool | guard) - part) & guard == guard

    def counts(self, packed: int) -> list[int]:
        """Per-letter counts of a packed multiset."""
        width, mask = self.width, self.mask
        return [(packed >> (width * i)) & mask for i in range(len(self.letters))]

    def from_counts(self, counts: list[int]) -> int:
        """Pack per-letter counts (all must be >= 0)."""
        return sum(count << (self.width * i) for i, count in enumerate(counts))

    def spell(self, packed: int) -> str:
        """The letters of a packed multiset in alphabet order (for messages)."""
        return "".join(
            letter * count for letter, count in zip(self.letters, self.counts(packed), strict=True)
        )
