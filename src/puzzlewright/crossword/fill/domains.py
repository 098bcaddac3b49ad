"""Candidate tables: the lexicon's bitset index of one word length, laid out for the search.

A slot's candidates are an int whose bit ``i`` stands for word ``i`` of its length (best
score first). ``cols[pos][letter]`` is the set of words with that letter at ``pos``, indexed
by the letter's position in the alphabet so that cell letter sets can be small int masks.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from puzzlewright.lexicon import Alphabet, LengthIndex, WordList
from puzzlewright.lexicon.wordlist import per_wordlist


def _negative(score: int) -> int:
    return -score


class Layout:
    """What the tables of one word length share whatever the minimum score: the letter
    bitsets by position and alphabet index, and each word's letters once it was asked for.
    Kept with the word list (:func:`layouts`), so later fills from the list reuse them."""

    __slots__ = ("at_least", "code", "cols", "first", "index", "letters")

    def __init__(self, index: LengthIndex, alphabet: Alphabet) -> None:
        self.index = index
        self.code = alphabet.index
        self.cols: list[list[int]] = [
            [column.get(letter, 0) for letter in alphabet.letters] for column in index.bits
        ]
        # the best word with each letter at each position (len(words): none), so that a
        # prefix of the words (the best ones) has the letter there when it is that long
        none = len(index.words)
        self.first: list[list[int]] = [
            [(bits & -bits).bit_length() - 1 if bits else none for bits in column]
            for column in self.cols
        ]
        self.letters: dict[int, tuple[int, ...]] = {}
        self.at_least: dict[int, int] = {}


@per_wordlist
def layouts(words: WordList) -> dict[int, Layout]:
    """The :class:`Layout` of each word length met so far, per word list."""
    return {}


class LengthTable:
    """The words of one length usable by the filler, with per-position letter bitsets."""

    __slots__ = (
        "_at_least",
        "_letters",
        "code",
        "cols",
        "count",
        "first",
        "index",
        "limit",
        "scores",
        "words",
    )

    def __init__(self, shared: Layout, min_score: int | None) -> None:
        index = self.index = shared.index
        self.words = index.words
        self.scores = index.scores
        self.code = shared.code
        self.cols = shared.cols
        self.first = shared.first
        # Words are sorted best first, so "score >= min_score" is a prefix of the bits.
        if min_score is None:
            self.count = len(self.words)
        else:
            self.count = bisect_right(self.scores, -min_score, key=_negative)
        self.limit = (1 << self.count) - 1
        self._letters = shared.letters
        self._at_least = shared.at_least

    def at_least(self, score: int) -> int:
        """The bitset of the words scoring ``score`` or more (a prefix: best words first)."""
        found = self._at_least.get(score)
        if found is None:
            found = self._at_least[score] = (
                1 << bisect_right(self.scores, -score, key=_negative)
            ) - 1
        return found

    def score_runs(self) -> list[tuple[int, int]]:
        """(score, how many usable words have it), best first: one bisection per score
        (the scores are sorted), not a pass over every word."""
        runs = []
        start = 0
        while start < self.count:
            score = self.scores[start]
            end = bisect_right(self.scores, -score, lo=start, hi=self.count, key=_negative)
            runs.append((score, end - start))
            start = end
        return runs

    def letters(self, i: int) -> tuple[int, ...]:
        """Word ``i`` as alphabet indexes, one per position."""
        found = self._letters.get(i)
        if found is None:
            found = self._letters[i] = tuple(map(self.code.__getitem__, self.words[i]))
        return found

    def letters_of(self, indexes: list[int]) -> list[tuple[int, ...]]:
        """:meth:`letters` of each word in ``indexes`` (one call for a hot loop)."""
        known = self._letters.get
        letters = self.letters
        return [known(i) or letters(i) for i in indexes]

    def find(self, word: str, score: int | None = None) -> int | None:
        """The bit index of ``word`` in this table (None when absent). With the word's
        ``score``, it is first looked for by bisection in that score's run (the lists keep
        a run's words in alphabetical order), else by a scan of every word (a 15x15's
        polish looks up every kept entry, and a scan cost ~0.1 ms each)."""
        if score is not None:
            lo = bisect_left(self.scores, -score, key=_negative)
            hi = bisect_right(self.scores, -score, lo=lo, key=_negative)
            i = bisect_left(self.words, word, lo, hi)
            if i < hi and self.words[i] == word:
                return i
        try:
            return self.words.index(word)
        except ValueError:
            return None


class Tables:
    """One :class:`LengthTable` per word length, built on demand and shared by slots."""

    def __init__(self, words: WordList, min_score: int | None) -> None:
        self.words = words
        self.min_score = min_score
        self._tables: dict[int, LengthTable] = {}

    def get(self, length: int) -> LengthTable:
        """The table for ``length`` (empty when the list has no such words)."""
        table = self._tables.get(length)
        if table is None:
            shared = layouts(self.words)
            layout = shared.get(length)
            if layout is None:
                index = self.words.index(length)
                layout = shared[length] = Layout(index, self.words.alphabet)
            table = self._tables[length] = LengthTable(layout, self.min_score)
        return table
