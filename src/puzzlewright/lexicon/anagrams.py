"""Multi-word anagrams, the classic anagram server: CLINT EASTWOOD -> OLD WEST ACTION.

Words are grouped by anagram signature; each signature is a row of letter counts in one numpy
matrix, so "which signatures still fit in the letters left" is one vectorised comparison. The
search picks signatures longest first (ties in a fixed order, so each multiset of words is
found once) and completes the last word with a dictionary lookup of the letters left rather
than a scan. Ranking is by the weakest word's score: the search runs with a score floor that
drops in steps until enough phrases are found, so the first ``limit`` phrases are
exactly the best ``limit`` without enumerating the weak ones.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon.wordlist import WILDCARDS, WordList, per_wordlist
from puzzlewright.stopping import StopSignal

Counts = npt.NDArray[np.int16]  # letter counts over the list's alphabet
SigId = int  # a signature's row in the index (longest first, then best score first)

SCORE_STEP = 8  # how far the score floor drops between passes (larger steps overshoot)
MAX_LETTERS = 40  # longer phrases make the search explode; bounded input


@dataclass(frozen=True, slots=True)
class Phrase:
    """One multi-word anagram: its words and score (the weakest word's score)."""

    words: tuple[str, ...]
    score: int
    total: int  # the words' summed scores, the tie-break

    @property
    def text(self) -> str:
        return " ".join(self.words)


class AnagramIndex:
    """Signatures of one WordList as a count matrix, longest first, with their words."""

    def __init__(self, wordlist: WordList) -> None:
        self.letters = "".join(sorted(wordlist.alphabet.letters))
        self.column = {letter: i for i, letter in enumerate(self.letters)}
        ranked = sorted(wordlist.scores().items())  # by word, then (stable) best score first
        ranked.sort(key=lambda item: -item[1])
        scores = np.array([score for _, score in ranked], dtype=np.int64)
        by_word = self._count_matrix([word for word, _ in ranked])
        # One row per signature; ``first`` is its best word (the entries are best first).
        groups: dict[bytes, int] = {}
        inverse = np.array(
            [groups.setdefault(row.tobytes(), len(groups)) for row in by_word], dtype=np.intp
        )
        first = np.full(len(groups), len(inverse), dtype=np.intp)
        np.minimum.at(first, inverse, np.arange(len(inverse)))
        unique = by_word[first]
        lengths = unique.sum(axis=1)
        order = np.lexsort((first, -scores[first], -lengths))  # longest, then best first
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        self.counts: Counts = unique[order]
        self.lengths = lengths[order].astype(np.int32)
        self.best = scores[first][order]
        self.words: list[list[tuple[str, int]]] = [[] for _ in range(len(order))]
        for item, row in zip(ranked, rank[inverse.reshape(-1)].tolist(), strict=True):
            self.words[row].append(item)
        self.row: dict[bytes, SigId] = {counts.tobytes(): i for i, counts in enumerate(self.counts)}
        self.span: dict[int, tuple[int, int]] = {}  # length -> its rows (they are contiguous)
        for row, length in enumerate(self.lengths.tolist()):
            low, _ = self.span.get(length, (row, row))
            self.span[length] = (low, row + 1)

    def _count_matrix(self, texts: list[str]) -> Counts:
        """Letter counts per text, built with one vectorised scatter-add."""
        table = {ord(ch): i for ch, i in self.column.items()}
        codes = np.frombuffer("".join(texts).translate(table).encode("latin-1"), dtype=np.uint8)
        rows = np.repeat(np.arange(len(texts)), [len(text) for text in texts])
        counts = np.zeros((len(texts), len(self.letters)), dtype=np.int16)
        np.add.at(counts, (rows, codes), 1)
        return counts

    def vector(self, letters: str) -> Counts:
        """The letter counts of ``letters`` (already normalized)."""
        counts = np.zeros(len(self.letters), dtype=np.int16)
        for letter in letters:
            counts[self.column[letter]] += 1
        return counts

    def lookup(self, counts: Counts) -> SigId | None:
        """The signature whose letters are exactly ``counts``, if any word has them."""
        return self.row.get(counts.astype(np.int16).tobytes())


@per_wordlist
def anagram_index(wordlist: WordList) -> AnagramIndex:
    """The anagram index of ``wordlist``, built once per list."""
    return AnagramIndex(wordlist)


@dataclass
class _Search:
    """One pass of the unordered search at a score floor."""

    index: AnagramIndex
    floor: int
    stop: StopSignal | None
    steps: int = 0

    def fits(self, candidates: npt.NDArray[np.intp], pool: Counts) -> npt.NDArray[np.intp]:
        rows = self.index.counts[candidates]
        return candidates[(rows <= pool).all(axis=1)]

    def run(self, pool: Counts, words_max: int) -> Iterator[tuple[SigId, ...]]:
        """Every multiset of signatures using exactly ``pool``, in at most ``words_max`` words."""
        index = self.index
        first = np.flatnonzero((index.best >= self.floor) & (index.lengths <= int(pool.sum())))
        yield from self._extend(pool, int(pool.sum()), words_max, self.fits(first, pool), ())

    def _extend(
        self,
        pool: Counts,
        left: int,
        words: int,
        candidates: npt.NDArray[np.intp],
        chosen: tuple[SigId, ...],
    ) -> Iterator[tuple[SigId, ...]]:
        self.steps += 1
        if self.stop is not None and self.steps % 256 == 0 and self.stop.should_stop():
            return
        index = self.index
        last = index.lookup(pool)  # the whole rest as one word
        ordered = last is not None and (not chosen or last >= chosen[-1])
        if ordered and last is not None and index.best[last] >= self.floor:
            yield (*chosen, last)
        if words < 2:
            return
        shortest = -(-left // words)  # the next word is the longest of the rest
        for pos, sig in enumerate(candidates.tolist()):
            length = int(index.lengths[sig])
            if length < shortest:
                break
            if length >= left:
                continue
            rest = pool - index.counts[sig]
            later = self.fits(candidates[pos:], rest)
            if self.covers(later, rest, words - 1):
                yield from self._extend(rest, left - length, words - 1, later, (*chosen, sig))

    def covers(self, candidates: npt.NDArray[np.intp], pool: Counts, words: int) -> bool:
        """False when ``words`` of the ``candidates`` cannot hold every letter of ``pool``
        (a Q that no word left contains): the cheap test that prunes most dead branches."""
        if not len(candidates):
            return False
        most = self.index.counts[candidates].max(axis=0)
        return bool((most.astype(np.int32) * words >= pool).all())


def _phrase(scored: tuple[tuple[str, int], ...]) -> Phrase:
    scores = [score for _, score in scored]
    return Phrase(tuple(word for word, _ in scored), min(scores), sum(scores))


def _expand(
    index: AnagramIndex, sigs: tuple[SigId, ...], floor: int
) -> Iterator[tuple[tuple[str, int], ...]]:
    """The word choices a multiset of signatures spells (words scoring at least ``floor``)."""
    choices = [[w for w in index.words[s] if w[1] >= floor] for s in sigs]
    yield from itertools.product(*choices)


def _rank(phrases: Iterator[Phrase], exclude: tuple[str, ...]) -> list[Phrase]:
    unique: dict[tuple[str, ...], Phrase] = {}
    for phrase in phrases:
        key = tuple(sorted(phrase.words))
        if key != exclude and key not in unique:
            unique[key] = phrase
    return sorted(unique.values(), key=lambda p: (-p.score, -p.total, len(p.words), p.text))


def phrase_anagrams(
    wordlist: WordList,
    phrase: str,
    *,
    words_max: int = 3,
    require: str | None = None,
    pattern: str | None = None,
    limit: int | None = 100,
    min_score: int | None = None,
    stop: StopSignal | None = None,
) -> list[Phrase]:
    """Phrases of up to ``words_max`` words using exactly the letters of ``phrase``, best first.

    ``require`` names a word every result contains; ``pattern`` fixes the result's shape as
    space-separated word patterns (``"??? W??? ??????"``) or an enumeration (``"3,4,6"``).
    Phrases are ranked by their weakest word's score, then their total.
    """
    index = anagram_index(wordlist)
    letters = wordlist.normalize_query(phrase)
    if len(letters) > MAX_LETTERS:
        raise PuzzleInputError(f"at most {MAX_LETTERS} letters for a phrase anagram")
    if words_max < 1:
        raise PuzzleInputError("words-max must be at least 1")
    exclude = tuple(sorted(wordlist.normalize_query(w) for w in phrase.split() if w.strip()))
    pool = index.vector(letters)
    fixed: tuple[tuple[str, int], ...] = ()
    if require:
        word = wordlist.normalize_query(require)
        pool = pool - index.vector(word)
        if (pool < 0).any():
            raise PuzzleInputError(f"{word} is not within the letters of {phrase!r}")
        fixed, words_max = ((word, wordlist.score(word, 0) or 0),), words_max - 1
    shape = _shape(wordlist, pattern, len(letters)) if pattern else None
    top = int(index.best.max(initial=0))
    bottom = min_score if min_score is not None else int(index.best.min(initial=0))
    floor = top - SCORE_STEP if limit is not None else bottom
    while True:
        floor = max(floor, bottom)
        if shape is not None:
            found = _shaped(index, pool, shape, fixed, floor, stop)
        elif not pool.any():
            found = iter([_phrase(fixed)] if fixed else [])
        else:
            search = _Search(index, floor, stop)
            found = (
                _phrase(tuple(sorted((*fixed, *words), key=lambda w: len(w[0]))))
                for sigs in search.run(pool, words_max)
                for words in _expand(index, sigs, floor)
            )
        ranked = _rank(found, exclude)
        done = limit is None or len(ranked) >= limit or floor <= bottom
        if done or (stop is not None and stop.should_stop()):
            return ranked if limit is None else ranked[:limit]
        floor -= SCORE_STEP


def _shape(wordlist: WordList, pattern: str, letters: int) -> list[str]:
    """Word patterns from ``"??? W??? ??????"`` or ``"3,4,6"``; their letters must add up."""
    text = pattern.strip()
    if text.replace(",", "").replace(" ", "").isdigit():
        parts = ["?" * int(n) for n in text.replace(" ", ",").split(",") if n]
    else:
        parts = [wordlist.normalize_query(p, wildcards=True) for p in text.split()]
    if sum(map(len, parts)) != letters or not all(parts):
        raise PuzzleInputError(
            f"pattern {pattern!r} has {sum(map(len, parts))} letters; the phrase has {letters}"
        )
    return parts


def _fixed_letters(pattern: str) -> int:
    return sum(ch not in WILDCARDS for ch in pattern)


def _matches(word: str, pattern: str) -> bool:
    return len(word) == len(pattern) and all(
        p in WILDCARDS or p == w for w, p in zip(word, pattern, strict=True)
    )


def _shaped(
    index: AnagramIndex,
    pool: Counts,
    shape: list[str],
    fixed: tuple[tuple[str, int], ...],
    floor: int,
    stop: StopSignal | None,
) -> Iterator[Phrase]:
    """Ordered phrases fitting ``shape``; a required word takes any position it matches."""
    if not fixed:
        yield from _fill_shape(index, pool, shape, [None] * len(shape), floor, stop)
        return
    for pos, part in enumerate(shape):
        if _matches(fixed[0][0], part):
            slots: list[tuple[str, int] | None] = [None] * len(shape)
            slots[pos] = fixed[0]
            yield from _fill_shape(index, pool, shape, slots, floor, stop)


def _fill_shape(
    index: AnagramIndex,
    pool: Counts,
    shape: list[str],
    slots: list[tuple[str, int] | None],
    floor: int,
    stop: StopSignal | None,
) -> Iterator[Phrase]:
    open_slots = [i for i, s in enumerate(slots) if s is None]
    if not open_slots:
        if not pool.any():
            yield _phrase(tuple(s for s in slots if s is not None))
        return
    if stop is not None and stop.should_stop():
        return
    pos = max(open_slots, key=lambda i: (_fixed_letters(shape[i]), len(shape[i])))
    part = shape[pos]
    if len(open_slots) == 1:
        row = index.lookup(pool)
        rows = [] if row is None else [row]
    else:
        low, high = index.span.get(len(part), (0, 0))
        fit = (index.counts[low:high] <= pool).all(axis=1) & (index.best[low:high] >= floor)
        rows = (np.flatnonzero(fit) + low).tolist()
    for row in rows:
        for word, score in index.words[row]:
            if score >= floor and _matches(word, part):
                slots[pos] = (word, score)
                yield from _fill_shape(index, pool - index.counts[row], shape, slots, floor, stop)
        slots[pos] = None
