"""Wordplay helpers for cryptic setters: hidden words, charades, containers, deletions,
reversals, letter banks and spoonerisms, found on a WordList and ranked by score.

Every helper returns :class:`Finding` rows, best first; a finding's score is its weakest
word's score (a charade is only as good as its worst part). Multi-word anagrams live in
:mod:`puzzlewright.lexicon.anagrams`. All helpers are dictionary lookups over the splits of
one word, so they take milliseconds; the few that need an extra index (hiders, letter
banks, spoonerisms) build it once per list and cache it.
"""

from __future__ import annotations

import bisect
import functools
import heapq
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon.wordlist import WordList, per_wordlist
from puzzlewright.stopping import StopSignal

MAX_QUERY = 200  # letters in a phrase or answer: every input is bounded
SHORT_AFFIX, SHORT_KEEP = 2, 10  # hiders: best words kept ready per 1-2 letter head/tail
VOWELS = frozenset("AEIOUY")


@dataclass(frozen=True, slots=True)
class Finding:
    """One piece of wordplay: its kind, the words it uses, how it reads, and its score."""

    kind: str
    parts: tuple[str, ...]
    text: str
    score: int

    def to_json(self) -> dict[str, object]:
        """The finding as ``words --json`` and the workbench API spell it."""
        return {
            "kind": self.kind,
            "text": self.text,
            "parts": list(self.parts),
            "score": self.score,
        }


def _ranked(found: Iterable[Finding], limit: int | None, min_score: int | None) -> list[Finding]:
    """Drop repeats and weak findings; best score first, then shortest text."""
    if limit is not None and limit < 0:
        raise PuzzleInputError("limit must not be negative")
    unique = {f.text: f for f in found if min_score is None or f.score >= min_score}
    ranked = sorted(unique.values(), key=lambda f: (-f.score, len(f.parts), f.text))
    return ranked if limit is None else ranked[:limit]


def _helper(find: Callable[..., Iterator[Finding]]) -> Callable[..., list[Finding]]:
    """A public helper ``(wordlist, query, *, limit=None, min_score=None, **options)`` made
    from ``find``, which yields every finding for its query and options: the helper drops
    repeats and findings under ``min_score`` and returns the best ``limit``, best first."""

    @functools.wraps(find)
    def helper(
        wordlist: WordList,
        query: str,
        *,
        limit: int | None = None,
        min_score: int | None = None,
        **options: int,
    ) -> list[Finding]:
        found = list(find(wordlist, query, **options))
        return _ranked(found, limit, min_score)

    return helper


def _answer(wordlist: WordList, text: str) -> str:
    word = wordlist.normalize_query(text)
    if len(word) > MAX_QUERY:
        raise PuzzleInputError(f"at most {MAX_QUERY} letters")
    return word


# -- hidden words ----------------------------------------------------------------------------
@_helper
def hidden_words(
    wordlist: WordList,
    phrase: str,
    *,
    min_length: int = 3,
    reversed_too: bool = True,
    across_breaks: bool = True,
) -> Iterator[Finding]:
    """Words hidden in ``phrase`` (forwards and, with ``reversed_too``, backwards).

    With ``across_breaks`` a hidden word must span at least one word break, as in a clue
    ("part of CLINT EASTWOOD" hides TEAS); otherwise any run of letters counts.
    """
    words = [wordlist.normalize_query(w) for w in phrase.split() if w.strip()]
    if not words:
        raise PuzzleInputError("no letters given")
    letters = "".join(words)
    if len(letters) > MAX_QUERY:
        raise PuzzleInputError(f"at most {MAX_QUERY} letters")
    breaks = set()
    at = 0
    for word in words[:-1]:
        at += len(word)
        breaks.add(at)  # a break between letters at-1 and at
    for start in range(len(letters)):
        for end in range(start + min_length, len(letters) + 1):
            spans = any(start < b < end for b in breaks)
            if across_breaks and not spans:
                continue
            piece = letters[start:end]
            shown = _show_hidden(words, start, end)
            for kind, candidate in (("hidden", piece), ("hidden reversed", piece[::-1])):
                if kind == "hidden reversed" and not reversed_too:
                    continue
                score = wordlist.score(candidate)
                if score is not None and candidate not in words:
                    yield Finding(kind, (candidate,), f"{candidate}: {shown}", score)


def _show_hidden(words: list[str], start: int, end: int) -> str:
    """The phrase in lower case with the hidden letters in capitals: ``clinT EASTwood``."""
    out, at = [], 0
    for word in words:
        out.append(
            "".join(ch if start <= at + i < end else ch.lower() for i, ch in enumerate(word))
        )
        at += len(word)
    return " ".join(out)


@dataclass
class _Affixes:
    """Words sorted forwards and backwards, for "words starting / ending with" ranges."""

    wordlist: WordList
    forwards: list[str] = field(init=False)
    backwards: list[str] = field(init=False)

    short_start: dict[str, list[str]] = field(init=False)
    short_end: dict[str, list[str]] = field(init=False)

    def __post_init__(self) -> None:
        self.forwards = sorted(e.word for e in self.wordlist)
        self.backwards = sorted(e.word[::-1] for e in self.wordlist)
        # The best few words for every one- or two-letter head and tail, kept ready: those
        # ranges hold thousands of words and every answer has them.
        self.short_start, self.short_end = {}, {}
        for entry in self.wordlist:  # best first
            word = entry.word
            for k in range(1, min(SHORT_AFFIX, len(word) - 1) + 1):
                for table, affix in ((self.short_start, word[:k]), (self.short_end, word[-k:])):
                    kept = table.setdefault(affix, [])
                    if len(kept) < SHORT_KEEP:
                        kept.append(word)

    @staticmethod
    def _range(ordered: list[str], prefix: str) -> list[str]:
        low = bisect.bisect_left(ordered, prefix)
        high = bisect.bisect_left(ordered, prefix + "\U0010ffff")
        return ordered[low:high]

    def starting(self, head: str, best: int) -> list[str]:
        """The ``best`` best-scoring words that start with ``head`` and are longer."""
        if len(head) <= SHORT_AFFIX and best <= SHORT_KEEP:
            return self.short_start.get(head, [])[:best]
        words = (w for w in self._range(self.forwards, head) if w != head)
        return heapq.nlargest(best, words, key=self._score)

    def ending(self, tail: str, best: int) -> list[str]:
        """The ``best`` best-scoring words that end with ``tail`` and are longer."""
        if len(tail) <= SHORT_AFFIX and best <= SHORT_KEEP:
            return self.short_end.get(tail, [])[:best]
        backwards = self._range(self.backwards, tail[::-1])
        words = (w[::-1] for w in backwards if len(w) > len(tail))
        return heapq.nlargest(best, words, key=self._score)

    def _score(self, word: str) -> int:
        return self.wordlist.score(word) or 0


_affixes = per_wordlist(_Affixes)


@_helper
def hiders(wordlist: WordList, answer: str, *, per_split: int = 3) -> Iterator[Finding]:
    """Two- and three-word phrases that hide ``answer`` across their breaks (the reverse
    of :func:`hidden_words`): the end of one word, optionally a whole word, the start of
    the next. ``per_split`` keeps the best few words for each way of cutting the answer."""
    word = _answer(wordlist, answer)
    affixes = _affixes(wordlist)
    heads = {cut: affixes.starting(word[cut:], per_split) for cut in range(1, len(word))}
    for cut in range(1, len(word)):
        lefts = affixes.ending(word[:cut], per_split)
        for cut2 in range(cut, len(word)):
            middle = word[cut:cut2]
            if middle and wordlist.score(middle) is None:
                continue
            rights = heads[cut2]
            for left in lefts:
                for right in rights:
                    parts = (left, middle, right) if middle else (left, right)
                    score = min(wordlist.score(p) or 0 for p in parts)
                    start = len(left) - cut
                    shown = _show_hidden(list(parts), start, start + len(word))
                    yield Finding("hider", parts, shown, score)


# -- charades, containers, deletions, reversals ----------------------------------------------
def _splits(word: str, parts: int, min_part: int) -> Iterable[tuple[str, ...]]:
    """Every way of cutting ``word`` into ``parts`` pieces of at least ``min_part`` letters."""
    if parts == 1:
        if len(word) >= min_part:
            yield (word,)
        return
    for cut in range(min_part, len(word) - min_part * (parts - 1) + 1):
        for rest in _splits(word[cut:], parts - 1, min_part):
            yield (word[:cut], *rest)


@_helper
def charades(
    wordlist: WordList, answer: str, *, parts_max: int = 3, min_part: int = 2
) -> Iterator[Finding]:
    """The ways ``answer`` splits into 2..``parts_max`` words: PARTRIDGE = PART + RIDGE."""
    word = _answer(wordlist, answer)
    for count in range(2, parts_max + 1):
        for parts in _splits(word, count, min_part):
            if all(p in wordlist for p in parts):
                score = min(wordlist.score(p) or 0 for p in parts)
                yield Finding("charade", parts, " + ".join(parts), score)


@_helper
def containers(wordlist: WordList, answer: str, *, min_part: int = 2) -> Iterator[Finding]:
    """``answer`` as one word inside another: PARTRIDGE = PA(RTRIDG)E needs both to be words,
    so e.g. P(ARTRIDG)E is tried for every cut; written OUTER around INNER."""
    word = _answer(wordlist, answer)
    for start in range(1, len(word) - 1):
        for end in range(start + min_part, len(word)):
            inner, outer = word[start:end], word[:start] + word[end:]
            if len(outer) < min_part:
                continue
            s_inner, s_outer = wordlist.score(inner), wordlist.score(outer)
            if s_inner is not None and s_outer is not None:
                text = f"{word[:start]}({inner}){word[end:]}: {inner} in {outer}"
                yield Finding("container", (outer, inner), text, min(s_inner, s_outer))


@_helper
def deletions(wordlist: WordList, answer: str) -> Iterator[Finding]:
    """Words that give ``answer`` when one letter goes: beheadments, curtailments and
    deletions from the middle (``answer`` = WORD minus a letter)."""
    word = _answer(wordlist, answer)
    for at in range(len(word) + 1):
        for letter in wordlist.alphabet.letters:
            longer = word[:at] + letter + word[at:]
            score = wordlist.score(longer)
            if score is None:
                continue
            kind = "beheadment" if at == 0 else "curtailment" if at == len(word) else "deletion"
            yield Finding(kind, (longer, letter), f"{longer} minus {letter}", score)


@_helper
def reversals(wordlist: WordList, answer: str, *, min_part: int = 2) -> Iterator[Finding]:
    """``answer`` read backwards as a word (PART <- TRAP), and two-part charades with one
    or both parts reversed (written ``<WORD`` for a reversed part)."""
    word = _answer(wordlist, answer)
    score = wordlist.score(word[::-1])
    if score is not None and word[::-1] != word:
        yield Finding("reversal", (word[::-1],), f"<{word[::-1]}", score)
    for left, right in _splits(word, 2, min_part):
        for flip_left, flip_right in ((True, False), (False, True), (True, True)):
            a = left[::-1] if flip_left else left
            b = right[::-1] if flip_right else right
            sa, sb = wordlist.score(a), wordlist.score(b)
            if sa is None or sb is None:
                continue
            text = ("<" if flip_left else "") + a + " + " + ("<" if flip_right else "") + b
            yield Finding("reversal charade", (a, b), text, min(sa, sb))


# -- letter banks and spoonerisms ------------------------------------------------------------
class _Banks:
    """Words grouped by their set of distinct letters, and by their onset for spoonerisms."""

    def __init__(self, wordlist: WordList) -> None:
        self.by_letters: dict[frozenset[str], list[str]] = {}
        for entry in wordlist:
            self.by_letters.setdefault(frozenset(entry.word), []).append(entry.word)
        self.wordlist = wordlist

    @cached_property
    def by_onset(self) -> dict[str, dict[str, str]]:
        """onset -> {rest: word}: STRING is filed under STR as ING."""
        table: dict[str, dict[str, str]] = {}
        for entry in self.wordlist:
            onset, rest = split_onset(entry.word)
            if onset and rest:
                table.setdefault(onset, {})[rest] = entry.word
        return table


_banks = per_wordlist(_Banks)


@_helper
def letter_bank(wordlist: WordList, letters: str) -> Iterator[Finding]:
    """Words using exactly the distinct letters of ``letters``, each as often as they like
    (the letter-bank puzzle: the bank of SETTLE is E L S T, which also spells STEEL, LESS...)."""
    word = _answer(wordlist, letters)
    for other in _banks(wordlist).by_letters.get(frozenset(word), []):
        if other != word:
            score = wordlist.score(other) or 0
            yield Finding("letter bank", (other,), other, score)


def split_onset(word: str) -> tuple[str, str]:
    """The leading consonants and the rest: STRING -> (STR, ING); Y leads like a consonant."""
    at = 0
    while at < len(word) and (word[at] not in VOWELS or (at == 0 and word[at] == "Y")):
        at += 1
    return word[:at], word[at:]


@_helper
def spoonerisms(wordlist: WordList, phrase: str) -> Iterator[Finding]:
    """Swap the onsets of a two-word phrase (LIGHT FIRE -> FIGHT LIAR); given one word, find
    every partner word for which the swap gives two words."""
    words = [_answer(wordlist, w) for w in phrase.split() if w.strip()]
    if len(words) not in (1, 2):
        raise PuzzleInputError("give one word, or a phrase of two words, to spoonerize")
    first_onset, first_rest = split_onset(words[0])
    if not first_onset or not first_rest:
        return
    table = _banks(wordlist).by_onset
    if len(words) == 2:
        onset, rest = split_onset(words[1])
        candidates = {onset: {rest: words[1]}} if onset and rest else {}
    else:
        candidates = table
    own = table.get(first_onset, {})  # rests that make a word after our onset
    for onset, group in candidates.items():
        if onset == first_onset or wordlist.score(onset + first_rest) is None:
            continue
        for rest in group.keys() & own.keys() if len(words) == 1 else group:
            if rest == first_rest or first_onset + rest not in wordlist:
                continue
            partner, swapped = group[rest], (onset + first_rest, first_onset + rest)
            scores = [wordlist.score(w) for w in (words[0], partner, *swapped)]
            text = f"{words[0]} {partner} -> {swapped[0]} {swapped[1]}"
            score = min(s for s in scores if s is not None)
            yield Finding("spoonerism", (partner, *swapped), text, score)


# -- one entry point for the faces (CLI, workbench) ---------------------------------------
MODES = (
    "anagram",
    "hidden",
    "hider",
    "charade",
    "container",
    "deletion",
    "reversal",
    "letter_bank",
    "spoonerism",
)


def find_wordplay(
    wordlist: WordList,
    mode: str,
    query: str,
    *,
    limit: int | None = 50,
    stop: StopSignal | None = None,
    **anagram: Any,
) -> list[Finding]:
    """Run the helper named ``mode`` (one of :data:`MODES`) on ``query``; ``stop`` and the
    ``anagram`` options (``words_max``, ``require``, ``pattern`` of
    :func:`~puzzlewright.lexicon.anagrams.phrase_anagrams`) apply to phrase anagrams only."""
    if mode == "anagram":
        from puzzlewright.lexicon.anagrams import phrase_anagrams

        phrases = phrase_anagrams(wordlist, query, limit=limit, stop=stop, **anagram)
        return [Finding("anagram", p.words, p.text, p.score) for p in phrases]
    helpers: dict[str, Callable[..., list[Finding]]] = {
        "hidden": hidden_words,
        "hider": hiders,
        "charade": charades,
        "container": containers,
        "deletion": deletions,
        "reversal": reversals,
        "letter_bank": letter_bank,
        "spoonerism": spoonerisms,
    }
    if mode not in helpers:
        raise PuzzleInputError(f"unknown wordplay {mode!r} (one of {', '.join(MODES)})")
    return helpers[mode](wordlist, query, limit=limit)


def findings_json(
    mode: str, query: str, found: list[Finding], stop_reason: str | None
) -> dict[str, object]:
    """The document ``words --json`` prints and the workbench API returns for findings."""
    return {
        "mode": mode.replace("_", "-"),
        "query": query,
        "count": len(found),
        "stop_reason": stop_reason,
        "results": [finding.to_json() for finding in found],
    }
