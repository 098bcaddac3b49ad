"""WordNet senses of an entry: what a draft clue is made from.

The data is Princeton WordNet 3.0 as ``tools/make_definitions.py`` extracted it into
``lexicon/data/definitions.txt.gz`` (licence in ``WORDNET-LICENSE`` beside it): synsets with
their lemmas, first definition and one example, each lemma's senses ranked by how often
they were tagged in SemCor (familiarity), and the irregular inflections. The text is read
once per process (about 12 MB unzipped); a synset's line is parsed when it is asked for.

An entry is looked up squashed (``ICECREAM``), so a grid's answers find the phrases they
spell; inflected entries find their base form as WordNet's ``morphy`` does (exception
lists first, then suffix rules): ``CITIES`` -> ``city``, ``RAN`` -> ``run``.
"""

from __future__ import annotations

import gzip
import io
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from puzzlewright.errors import PuzzleInputError

Pos = Literal["n", "v", "a", "r"]
DATA = "definitions.txt.gz"
MAX_UNZIPPED = 40_000_000
OWN_WEIGHT = 4  # an entry's own senses against its base form's (RUNNING, not only run)
# WordNet's detachment rules: (part of speech, suffix, replacement)
RULES: tuple[tuple[Pos, str, str], ...] = (
    ("n", "s", ""),
    ("n", "ses", "s"),
    ("n", "xes", "x"),
    ("n", "zes", "z"),
    ("n", "ches", "ch"),
    ("n", "shes", "sh"),
    ("n", "men", "man"),
    ("n", "ies", "y"),
    ("v", "s", ""),
    ("v", "ies", "y"),
    ("v", "es", "e"),
    ("v", "es", ""),
    ("v", "ed", "e"),
    ("v", "ed", ""),
    ("v", "ing", "e"),
    ("v", "ing", ""),
    ("a", "er", ""),
    ("a", "est", ""),
    ("a", "er", "e"),
    ("a", "est", "e"),
)
_NON_LETTERS = re.compile(r"[^A-Z]")


@dataclass(frozen=True)
class Sense:
    """One sense of a lemma: the synset's part of speech, lemmas, definition and example.

    ``lemma`` is the lemma the entry matched (``ice cream``), ``form`` how the entry
    relates to it (``""``: the lemma itself; else the suffix or ``irregular``), ``count``
    its SemCor tags and ``rank`` its place among the entry's senses (0: most familiar).
    """

    lemma: str
    pos: Pos
    synonyms: tuple[str, ...]
    definition: str
    example: str
    count: int
    rank: int
    form: str = ""


def squash(text: str) -> str:
    """Upper case, letters only (``ice-cream`` -> ``ICECREAM``)."""
    return _NON_LETTERS.sub("", text.upper())


class Definitions:
    """The extracted WordNet data with its lookups (see the module docstring)."""

    def __init__(self, text: str) -> None:
        self._synsets: list[str] = []
        self._index: dict[str, list[tuple[str, str]]] = {}
        self._exceptions: dict[tuple[str, str], list[str]] = {}
        self._forms: dict[tuple[str, str], list[str]] | None = None
        for line in text.splitlines():
            kind = line[:1]
            if kind == "S":
                self._synsets.append(line)
            elif kind == "I":
                _, lemma, senses = line.split("\t")
                self._index.setdefault(squash(lemma), []).append((lemma, senses))
            elif kind == "X":
                _, pos, inflected, base = line.split("\t")
                self._exceptions.setdefault((pos, squash(inflected)), []).append(base)

    def _bases(self, answer: str) -> list[tuple[str, str, str]]:
        """(squashed base form, relation, parts of speech) of an entry: itself (any part of
        speech), its irregular forms (``MICE``: nouns only), WordNet's suffix rules."""
        found: list[tuple[str, str, str]] = [(answer, "", "nvar")]
        ending = next((end for end in ("ING", "ED", "S") if answer.endswith(end)), "")
        for pos in "nva":
            for base in self._exceptions.get((pos, answer), []):
                found.append((squash(base), _irregular_relation(pos, ending), pos))
        for pos, suffix, tail in RULES:
            stem = answer[: -len(suffix)] + tail.upper()
            known = answer.endswith(suffix.upper()) and len(stem) >= 2 and stem in self._index
            if known and not self._irregular_base(stem, pos):  # SEED is not a form of see
                found.append((stem, suffix, pos))
        unique: dict[tuple[str, str], tuple[str, str, str]] = {}
        for base, how, pos in found:
            unique.setdefault((base, pos), (base, how, pos))
        return list(unique.values())

    def senses(self, entry: str, limit: int = 12) -> list[Sense]:
        """The senses of ``entry`` (a word or a squashed phrase), most familiar first."""
        answer = squash(entry)
        if not answer:
            raise PuzzleInputError(f"{entry!r} has no letters to look up")
        rows: list[tuple[int, int, int, str, str, int]] = []
        for order, (base, how, parts) in enumerate(self._bases(answer)):
            for lemma, senses in self._index.get(base, []):
                for position, item in enumerate(senses.split()):
                    written, _, count = item.partition(":")
                    number = int(written)
                    if self._synsets[number][2] in parts:
                        rows.append((order, -int(count or 0), position, lemma, how, number))
        # by count (the entry's own senses count four times), then the form itself
        rows.sort(key=lambda row: (row[1] * (OWN_WEIGHT if row[0] == 0 else 1), row[0], row[2]))
        result: list[Sense] = []
        seen: set[int] = set()
        for _order, negative, _position, lemma, how, number in rows:
            if number in seen:
                continue
            seen.add(number)
            result.append(self._sense(number, lemma, -negative, len(result), how))
            if len(result) >= limit:
                break
        return result

    def _sense(self, number: int, lemma: str, count: int, rank: int, how: str) -> Sense:
        """Parse synset ``number``'s line into a Sense for ``lemma``."""
        _, pos, lemmas, definition, example = self._synsets[number].split("\t")
        synonyms = tuple(other for other in lemmas.split("|") if other.lower() != lemma)
        return Sense(lemma, pos, synonyms, definition, example, count, rank, how)  # type: ignore[arg-type]

    def _irregular_base(self, base: str, pos: str) -> bool:
        """True when ``base`` inflects irregularly as ``pos`` (its regular forms are not its
        inflections); the plural of a noun with an irregular one may still be regular."""
        return pos != "n" and bool(self.irregular_forms(base, pos))

    def irregular_forms(self, base: str, pos: str = "v") -> list[str]:
        """The irregular inflections of ``base`` (``flee`` -> ``fled``), lower case."""
        if self._forms is None:
            forms: dict[tuple[str, str], list[str]] = {}
            for (kind, inflected), bases in self._exceptions.items():
                for written in bases:
                    forms.setdefault((kind, squash(written)), []).append(inflected.lower())
            self._forms = forms
        return sorted(self._forms.get((pos, squash(base)), []))

    def has_common_sense(self, entry: str) -> bool:
        """True when WordNet lists ``entry`` or its base form (as :meth:`senses` finds it)
        in lower case in a sense of the right part of speech: a common word, not only a
        name (WordNet writes ``Travis`` and ``Kelly`` capitalized, ``cairn`` not)."""
        answer = squash(entry)
        for base, _how, parts in self._bases(answer):
            for _lemma, senses in self._index.get(base, []):
                for item in senses.split():
                    line = self._synsets[int(item.partition(":")[0])]
                    if line[2] not in parts:
                        continue
                    written = line.split("\t", 3)[2].split("|")
                    if any(w == w.lower() and squash(w) == base for w in written):
                        return True
        return False

    def __contains__(self, entry: str) -> bool:
        return any(base in self._index for base, _, _ in self._bases(squash(entry)))


def _irregular_relation(pos: str, ending: str) -> str:
    """How an irregular form relates to its base: a verb's ending says which form
    (``ran``: the past), a noun's is its plural (``mice``), an adjective's is left open."""
    if pos == "v":
        return ending.lower() or "ed"
    return "s" if pos == "n" else "irregular"


def _data_path() -> Path:
    return Path(__file__).with_name("data") / DATA


@lru_cache(maxsize=1)
def definitions() -> Definitions:
    """The bundled WordNet data, read once per process."""
    path = _data_path()
    if path.is_file():
        data = path.read_bytes()
    else:  # an install that does not keep files beside the module
        from importlib.resources import files

        data = files("puzzlewright.lexicon").joinpath(f"data/{DATA}").read_bytes()
    with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
        text = stream.read(MAX_UNZIPPED + 1)
    if len(text) > MAX_UNZIPPED:
        raise PuzzleInputError(f"{DATA}: larger than expected; reinstall puzzlewright")
    return Definitions(text.decode("utf-8"))


__all__ = ["Definitions", "Sense", "definitions", "squash"]
