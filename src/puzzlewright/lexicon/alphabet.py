"""Alphabets: which letters a word list is made of, and how raw text becomes letters."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
RUSSIAN = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
NAMED = {"en": LATIN, "latin": LATIN, "ru": RUSSIAN, "russian": RUSSIAN}

# Characters squashed out of an entry, as constructors' lists do with phrases: "creme brulee".
SQUASHED = str.maketrans("", "", " \t-'’_.")


def fold_accents(text: str) -> str:
    """Strip combining marks (CAFÉ -> CAFE); only ever used for Latin alphabets."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@dataclass(frozen=True)
class Alphabet:
    """An ordered set of letters; ``fold`` says whether accents are folded onto them."""

    letters: str
    fold: bool = False
    index: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {ch: i for i, ch in enumerate(self.letters)})

    @classmethod
    def named(cls, name: str) -> Alphabet:
        """``en``/``latin`` (A-Z, accents folded), ``ru``/``russian``, or the letters themselves."""
        key = name.strip().lower()
        if key in NAMED:
            letters = NAMED[key]
            return cls(letters, fold=letters == LATIN)
        given = unicodedata.normalize("NFC", name).upper()
        letters = "".join(dict.fromkeys(given))
        if not letters or not all(ch.isalpha() for ch in letters):
            raise ValueError(f"unknown alphabet {name!r}: name en or ru, or list its letters")
        if len(letters) < len(given):  # "zz" is a typo, not the one-letter alphabet Z
            repeated = "".join(ch for ch in letters if given.count(ch) > 1)
            raise ValueError(
                f"alphabet {name!r} repeats {repeated}: name en or ru, or list each letter once"
            )
        return cls(letters, fold=all(ch in LATIN for ch in letters))

    @classmethod
    def latin(cls) -> Alphabet:
        return cls(LATIN, fold=True)

    @classmethod
    def infer(cls, texts: list[str]) -> Alphabet:
        """The alphabet of raw entries: A-Z (accents folded) when at least 95% are plain
        ASCII or every letter folds onto A-Z; otherwise the letters seen, e.g. Cyrillic."""
        if not texts or sum(map(str.isascii, texts)) >= 0.95 * len(texts):
            return cls.latin()
        seen = {ch for ch in unicodedata.normalize("NFC", "".join(texts)).upper() if ch.isalpha()}
        if all(fold_accents(ch) in LATIN for ch in seen):
            return cls.latin()
        return cls("".join(sorted(seen)))

    @property
    def covers_latin(self) -> bool:
        """True when every letter A-Z belongs to the alphabet (plain ASCII words need no check)."""
        return all(ch in self.index for ch in LATIN)

    def __contains__(self, letter: object) -> bool:
        return letter in self.index

    def __len__(self) -> int:
        return len(self.letters)

    def normalize(self, raw: str) -> str:
        """Upper-case, NFC, squash phrase separators and (Latin only) fold accents."""
        text = unicodedata.normalize("NFC", raw).upper().translate(SQUASHED)
        if self.fold and not text.isascii():
            text = fold_accents(text)
        return text

    def foreign(self, text: str) -> set[str]:
        """The characters of ``text`` that are not letters of this alphabet."""
        return {ch for ch in text if ch not in self.index}
