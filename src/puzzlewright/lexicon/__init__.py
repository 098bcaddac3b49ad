"""The lexicon layer: word lists, their indexes and the built-in English list.

A :class:`WordList` answers patterns (``?`` for any letter) and anagrams, best scores first:

>>> words = WordList([("CAT", 50), ("COT", 40), ("DOG", 50), ("ACT", 30)], Alphabet.latin(), "x")
>>> [entry.word for entry in words.match("C?T")], [entry.word for entry in words.anagrams("tac")]
(['CAT', 'COT'], ['CAT', 'ACT'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puzzlewright.bits import iter_bits
from puzzlewright.lexicon.alphabet import Alphabet
from puzzlewright.lexicon.loading import SourceReport, load_wordlist
from puzzlewright.lexicon.wordlist import Entry, LengthIndex, WordList, signature

if TYPE_CHECKING:
    from puzzlewright.lexicon.builtin import builtin_english

__all__ = [
    "Alphabet",
    "Entry",
    "LengthIndex",
    "SourceReport",
    "WordList",
    "builtin_english",
    "iter_bits",
    "load_wordlist",
    "signature",
]


def __getattr__(name: str) -> Any:
    """``builtin_english`` on first use: the English list's module (its rules and tables)
    is not imported by what never reads it, such as a fill from the crossword list."""
    if name == "builtin_english":
        from puzzlewright.lexicon.builtin import builtin_english

        return builtin_english
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
