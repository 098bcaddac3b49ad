"""The lexicon layer: word lists, their indexes and the built-in English list."""

from puzzlewright.bits import iter_bits
from puzzlewright.lexicon.alphabet import Alphabet
from puzzlewright.lexicon.builtin import builtin_english
from puzzlewright.lexicon.loading import SourceReport, load_wordlist
from puzzlewright.lexicon.wordlist import Entry, LengthIndex, WordList, signature

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
