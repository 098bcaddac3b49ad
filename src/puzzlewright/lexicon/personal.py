"""A constructor's own word list: ``word;score`` edits layered over whatever list is chosen.

Constructors keep their additions, re-scorings and bans in a small edit file beside the big
list (Crossfire, Crosshare and Exet users do the same): a line ``WORD;SCORE`` adds the word
or changes its score, ``WORD;0`` removes it for good. :class:`PersonalList` reads and
writes such a file (atomically, sorted, bounded) and :func:`overlay` applies it over a
loaded list with the loader's own layering rules (:func:`~.loading.merge`), so it means
exactly what ``--words LIST --words personal.dict`` would mean.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import write_atomic
from puzzlewright.lexicon.loading import SourceReport, merge, read_source
from puzzlewright.lexicon.wordlist import WordList

MAX_ENTRIES = 20_000
MAX_BYTES = 1024 * 1024
MAX_WORD = 40
MAX_SCORE = 100
HEADER = (
    "# puzzlewright personal word list: WORD;SCORE per line, layered over the chosen list\n"
    "# (a new word is added, a known word takes this score, a score of 0 removes it)\n"
)


@dataclass
class PersonalList:
    """The edits in one file: word (as typed, upper case) -> score (0: removed)."""

    path: Path
    entries: dict[str, int] = field(default_factory=dict)
    version: int = 0  # bumped on every change (caches of overlaid lists key on it)

    @classmethod
    def load(cls, path: Path) -> PersonalList:
        """The list in ``path`` (empty when the file does not exist yet)."""
        found = cls(path)
        if path.is_file():
            entries, _ = read_source(path, "utf-8-sig", max_bytes=MAX_BYTES)
            found.entries = {text.upper(): max(0, score) for text, score in entries}
            if len(found.entries) > MAX_ENTRIES:
                raise PuzzleInputError(f"{path.name}: more than {MAX_ENTRIES} entries")
        return found

    def set(self, word: str, score: int) -> None:
        """Add ``word`` or change its score (0 removes it from every list); saved at once."""
        # a new dict each time: readers overlaying the old one in another thread keep theirs
        self._save({**self.entries, checked_word(word): checked_score(score)})

    def forget(self, word: str) -> None:
        """Drop the edit for ``word`` (the chosen list's own score applies again)."""
        key = checked_word(word)
        if key in self.entries:
            self._save({k: v for k, v in self.entries.items() if k != key})

    def _save(self, entries: dict[str, int]) -> None:
        """Write ``entries`` to the file, then make them the list's (the file first: a
        failed write changes nothing)."""
        if len(entries) > MAX_ENTRIES:
            raise PuzzleInputError(f"the personal list holds at most {MAX_ENTRIES} words")
        lines = [f"{word};{score}\n" for word, score in sorted(entries.items())]
        write_atomic(self.path, HEADER + "".join(lines), force=True)
        self.entries = entries
        self.version += 1

    def to_json(self) -> dict[str, object]:
        """The file's name and its entries (``[word, score]``, sorted)."""
        return {
            "file": self.path.name,
            "entries": [[word, score] for word, score in sorted(self.entries.items())],
        }


def checked_word(word: str) -> str:
    """``word`` upper-cased and squashed as the loader would read it; a one-line error for
    anything that is not a short run of letters."""
    text = "".join(str(word).split()).upper()
    if not text or len(text) > MAX_WORD or not text.isalpha():
        raise PuzzleInputError(f"a personal list word must be 1 to {MAX_WORD} letters")
    return text


def checked_score(score: object) -> int:
    """A whole score from 0 (removed) to MAX_SCORE."""
    if not isinstance(score, int) or isinstance(score, bool) or not 0 <= score <= MAX_SCORE:
        raise PuzzleInputError(f"a personal list score must be a whole number 0-{MAX_SCORE}")
    return score


def overlay(words: WordList, personal: dict[str, int]) -> WordList:
    """``words`` with the personal edits applied (``words`` itself when there are none)."""
    if not personal:
        return words
    scores = dict(words.scores())
    report = SourceReport("personal", "utf-8")
    merge([(list(personal.items()), report)], words.alphabet, scores)
    return WordList(scores.items(), words.alphabet, words.name)
