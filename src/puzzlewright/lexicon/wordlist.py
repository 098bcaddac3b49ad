"""WordList: an immutable scored word list with the indexes every puzzle engine needs.

Words of one length are kept in one bucket, best score first. For each bucket, position and
letter there is a bitset (a Python int) whose bit i is set when word i has that letter there,
so a pattern such as ``C?O?S`` is answered by ANDing two ints and reading off the set bits.
"""

from __future__ import annotations

import functools
import weakref
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from operator import itemgetter
from typing import Any, TypeVar

from puzzlewright.bits import iter_bits
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon.alphabet import Alphabet

WILDCARDS = frozenset("?._")
_Derived = TypeVar("_Derived")


@dataclass(frozen=True, slots=True)
class Entry:
    """One word and its score (higher is better)."""

    word: str
    score: int


def signature(word: str) -> str:
    """Anagram signature: the word's letters, sorted."""
    return "".join(sorted(word))


_BIT_TABLES: dict[int, bytes] = {}


def _bit_table(code: int) -> bytes:
    """A bytes.translate table mapping byte ``code`` to '1' and every other byte to '0'."""
    table = _BIT_TABLES.get(code)
    if table is None:
        table = _BIT_TABLES[code] = bytes(49 if i == code else 48 for i in range(256))
    return table


class LengthIndex:
    """All words of one length, best first, with positional letter bitsets."""

    __slots__ = ("all", "bits", "length", "scores", "words")

    def __init__(self, length: int, entries: list[tuple[str, int]]) -> None:
        self.length = length
        self.words: tuple[str, ...] = tuple(word for word, _ in entries)
        self.scores: tuple[int, ...] = tuple(score for _, score in entries)
        self.all: int = (1 << len(self.words)) - 1
        self.bits: list[dict[str, int]] = self._build_bits()

    @classmethod
    def from_parts(
        cls,
        length: int,
        words: tuple[str, ...],
        scores: tuple[int, ...],
        bits: list[dict[str, int]],
    ) -> LengthIndex:
        """An index from parts built earlier (the compiled-list cache); no checks here."""
        index = cls.__new__(cls)
        index.length, index.words, index.scores, index.bits = length, words, scores, bits
        index.all = (1 << len(words)) - 1
        return index

    def _build_bits(self) -> list[dict[str, int]]:
        # All words joined, last word first, so bit i of int(..., 2) is word i. Letters are
        # coded as single bytes; column ``pos`` is then the slice blob[pos::length], and each
        # letter's bitset is one C-speed translate to b"0"/b"1" plus int(..., 2).
        letters = sorted(set("".join(self.words)))
        if len(letters) > 256:
            raise ValueError("an alphabet of more than 256 letters is not supported")
        code = {ord(letter): i for i, letter in enumerate(letters)}
        blob = "".join(reversed(self.words)).translate(code).encode("latin-1")
        columns = []
        for pos in range(self.length):
            column = blob[pos :: self.length]
            columns.append(
                {letters[c]: int(column.translate(_bit_table(c)), 2) for c in set(column)}
            )
        return columns

    def __getstate__(self) -> tuple[int, str, bytes, int, list[dict[str, int]]]:
        # One joined string and packed scores unpickle far faster than 300k small objects.
        scores = array("q", self.scores).tobytes()
        return self.length, "\n".join(self.words), scores, self.all, self.bits

    def __setstate__(self, state: tuple[int, str, bytes, int, list[dict[str, int]]]) -> None:
        self.length, joined, scores, self.all, self.bits = state
        self.words = tuple(joined.split("\n")) if joined else ()
        packed = array("q")
        packed.frombytes(scores)
        self.scores = tuple(packed)

    def mask(self, pattern: str) -> int:
        """Bitset of the words matching ``pattern`` (same length; wildcards ``? . _``)."""
        mask = self.all
        for pos, letter in enumerate(pattern):
            if letter not in WILDCARDS:
                mask &= self.bits[pos].get(letter, 0)
                if not mask:
                    break
        return mask

    def __len__(self) -> int:
        return len(self.words)


class WordList:
    """An immutable set of scored words over an alphabet, with pattern and anagram indexes."""

    def __init__(
        self,
        entries: Iterable[tuple[str, int]],
        alphabet: Alphabet,
        name: str = "words",
        *,
        keep_order: bool = False,
    ) -> None:
        """Words of one score are kept alphabetical, or (``keep_order``) in the order
        ``entries`` gives them (a list ranked inside its ties, such as the built-in
        crossword list, and what ``filtered`` keeps of it)."""
        self.alphabet = alphabet
        self.name = name
        self._scores = dict(entries)
        ranked = list(self._scores.items())
        if not keep_order:
            ranked.sort()  # by word, then (stable) best score first
        ranked.sort(key=itemgetter(1), reverse=True)
        buckets: dict[int, list[tuple[str, int]]] = defaultdict(list)
        for item in ranked:
            buckets[len(item[0])].append(item)
        self._buckets = dict(sorted(buckets.items()))
        self._indexes: dict[int, LengthIndex] = {}
        self._pending: dict[int, Callable[[], LengthIndex]] = {}

    def __getstate__(self) -> dict[str, object]:
        """Pickle the built indexes only: words, scores and buckets are derived from them."""
        self.build_all()
        return {"alphabet": self.alphabet, "name": self.name, "indexes": self._indexes}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.alphabet = state["alphabet"]
        self.name = state["name"]
        self._indexes = state["indexes"]
        self._buckets = {}  # every length is indexed already
        self._pending = dict(state.get("pending", {}))

    @classmethod
    def from_indexes(
        cls,
        indexes: dict[int, LengthIndex],
        alphabet: Alphabet,
        name: str,
        pending: dict[int, Callable[[], LengthIndex]] | None = None,
    ) -> WordList:
        """A list made of built length indexes (what the compiled-list cache stores);
        ``pending`` gives, per further length, a function that reads its index on first use
        (a process that fills a 5x5 grid decodes only the lengths it asks for)."""
        words = cls.__new__(cls)
        state = {"alphabet": alphabet, "name": name, "indexes": dict(indexes)}
        words.__setstate__({**state, "pending": pending or {}})
        return words

    def renamed(self, name: str) -> WordList:
        """The same list under another name, sharing its indexes (nothing is rebuilt)."""
        if name == self.name:
            return self
        if self._buckets:  # a list built from entries: index it first, then share
            self.build_all()
        pending = {n: self._take(n) for n in self._pending}
        return WordList.from_indexes(self._indexes, self.alphabet, name, pending)

    def _take(self, length: int) -> Callable[[], LengthIndex]:
        """A function giving this list's index of ``length`` (read once, then shared)."""
        return lambda: self.index(length)

    def built_indexes(self) -> dict[int, LengthIndex]:
        """Every length index, built now (what the compiled-list cache stores)."""
        self.build_all()
        return dict(self._indexes)

    @cached_property
    def _scores(self) -> dict[str, int]:
        """word -> score; set by __init__, rebuilt from the indexes after unpickling."""
        self.build_all()
        scores: dict[str, int] = {}
        for index in self._indexes.values():
            scores.update(zip(index.words, index.scores, strict=True))
        return scores

    # -- plain set behaviour ---------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._scores)

    def __contains__(self, word: object) -> bool:
        if isinstance(word, str) and "_scores" not in self.__dict__:
            return word in self._length_scores(len(word))
        return word in self._scores

    def __iter__(self) -> Iterator[Entry]:
        """All entries, best score first (then alphabetical)."""
        ranked = sorted(self._scores.items(), key=lambda item: (-item[1], item[0]))
        return (Entry(word, score) for word, score in ranked)

    def __repr__(self) -> str:
        return f"<WordList {self.name!r}: {len(self)} words>"

    def score(self, word: str, default: int | None = None) -> int | None:
        """The score of ``word`` (already normalized), or ``default`` if absent."""
        if "_scores" not in self.__dict__:  # a compiled list: read only the word's length
            return self._length_scores(len(word)).get(word, default)
        return self._scores.get(word, default)

    @cached_property
    def _scores_by_length(self) -> dict[int, dict[str, int]]:
        return {}

    def _length_scores(self, length: int) -> dict[str, int]:
        """word -> score for the words of one length (a compiled list scores a few entries
        without building the whole list's table)."""
        found = self._scores_by_length.get(length)
        if found is None:
            index = self.index(length)
            found = self._scores_by_length[length] = dict(
                zip(index.words, index.scores, strict=True)
            )
        return found

    @property
    def lengths(self) -> list[int]:
        """The word lengths present, ascending."""
        known = {*self._buckets, *self._indexes, *self._pending}
        return sorted(length for length in known if self.index(length))

    def scores(self) -> dict[str, int]:
        """A copy of the word -> score mapping."""
        return dict(self._scores)

    def filtered(self, min_score: int | None = None, name: str | None = None) -> WordList:
        """A new list keeping only words with score >= ``min_score``."""
        if min_score is None:
            return self
        kept = (item for item in self.ranked_items() if item[1] >= min_score)
        return WordList(kept, self.alphabet, name or self.name, keep_order=True)

    def ranked_items(self) -> Iterator[tuple[str, int]]:
        """(word, score) of every length, each best first in the list's own order."""
        for length in sorted({*self._buckets, *self._indexes, *self._pending}):
            index = self.index(length)
            yield from zip(index.words, index.scores, strict=True)

    # -- indexes ---------------------------------------------------------------------------
    def index(self, length: int) -> LengthIndex:
        """The positional index for words of ``length`` (built on first use)."""
        found = self._indexes.get(length)
        if found is None:
            # No lock (the workbench forks workers from a threaded server): a cached length
            # leaves _pending only after its index is stored, so a thread racing another
            # reads it twice at worst, and setdefault gives both the same index.
            read = self._pending.get(length)
            if read is not None:
                found = read()
            else:
                found = LengthIndex(length, self._buckets.get(length, []))
            found = self._indexes.setdefault(length, found)
            self._pending.pop(length, None)
        return found

    def build_all(self) -> WordList:
        """Build every length index now (for caching or benchmarks); returns self."""
        for length in [*self._buckets, *self._pending]:
            self.index(length)
        return self

    @cached_property
    def _by_signature(self) -> dict[str, list[str]]:
        table: dict[str, list[str]] = defaultdict(list)
        for entry in self:
            table[signature(entry.word)].append(entry.word)
        return dict(table)

    @cached_property
    def _by_initial(self) -> dict[str, list[str]]:
        table: dict[str, list[str]] = defaultdict(list)
        for entry in self:
            table[entry.word[0]].append(entry.word)
        return dict(table)

    # -- queries ---------------------------------------------------------------------------
    def normalize_query(self, text: str, *, wildcards: bool = False) -> str:
        """Normalize user text to this list's letters; raise PuzzleInputError on strangers."""
        allowed = WILDCARDS if wildcards else frozenset()
        body = "".join(ch if ch in allowed else self.alphabet.normalize(ch) for ch in text.strip())
        if not body:
            raise PuzzleInputError("empty pattern" if wildcards else "no letters given")
        foreign = sorted(self.alphabet.foreign(body) - allowed)
        if foreign:
            raise PuzzleInputError(
                f"{text!r} has characters outside the alphabet ({''.join(foreign)!r}); "
                f"letters are {self.alphabet.letters}"
                + (" and wildcards are ? or ." if wildcards else "")
            )
        return body

    def _ranked(
        self, words: Iterable[str], limit: int | None, min_score: int | None
    ) -> list[Entry]:
        if limit is not None and limit < 0:
            raise PuzzleInputError("limit must not be negative")
        result = []
        for word in words:
            score = self._scores[word]
            if min_score is not None and score < min_score:
                continue
            result.append(Entry(word, score))
        result.sort(key=lambda e: (-e.score, e.word))
        return result if limit is None else result[:limit]

    def match(
        self, pattern: str, *, limit: int | None = None, min_score: int | None = None
    ) -> list[Entry]:
        """Words fitting ``pattern`` (``?`` or ``.`` for any letter), best first."""
        if limit is not None and limit < 0:
            raise PuzzleInputError("limit must not be negative")
        query = self.normalize_query(pattern, wildcards=True)
        index = self.index(len(query))
        result = []
        for i in iter_bits(index.mask(query)):  # bit order is already best first
            if min_score is not None and index.scores[i] < min_score:
                break
            result.append(Entry(index.words[i], index.scores[i]))
            if limit is not None and len(result) >= limit:
                break
        return result

    def count_matches(self, pattern: str) -> int:
        """How many words fit ``pattern``."""
        query = self.normalize_query(pattern, wildcards=True)
        return self.index(len(query)).mask(query).bit_count()

    def anagrams(
        self, letters: str, *, limit: int | None = None, min_score: int | None = None
    ) -> list[Entry]:
        """Words using exactly the multiset ``letters``."""
        key = signature(self.normalize_query(letters))
        return self._ranked(self._by_signature.get(key, []), limit, min_score)

    def within(
        self,
        letters: str,
        *,
        min_length: int = 1,
        limit: int | None = None,
        min_score: int | None = None,
    ) -> list[Entry]:
        """Words that can be spelled from ``letters`` (each letter used at most as given)."""
        pool = Counter(self.normalize_query(letters))
        found = []
        for key, words in self._by_signature.items():
            if min_length <= len(key) <= sum(pool.values()) and not Counter(key) - pool:
                found.extend(words)
        return self._ranked(found, limit, min_score)

    def starting_with(self, letter: str) -> list[str]:
        """Words beginning with ``letter``, best first."""
        return list(self._by_initial.get(letter, []))

    def words_of_length(self, length: int) -> tuple[str, ...]:
        """Words of ``length``, best first."""
        return self.index(length).words


def per_wordlist(build: Callable[[WordList], _Derived]) -> Callable[[WordList], _Derived]:
    """``build`` run once per word list: what it derives from a list (the anagram index, the
    wordplay tables) is kept for as long as that list lives, and dropped with it."""
    built: weakref.WeakKeyDictionary[WordList, _Derived] = weakref.WeakKeyDictionary()

    @functools.wraps(build)
    def cached(wordlist: WordList) -> _Derived:
        found = built.get(wordlist)
        if found is None:
            found = built[wordlist] = build(wordlist)
        return found

    return cached
