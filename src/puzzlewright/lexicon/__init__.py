"""The lexicon layer: word lists, their indexes and the built-in English list.

A :class:`WordList` answers patterns (``?`` for any letter) and anagrams, best scores first:

>>> words = WordList([("CAT", 50), ("COT", 40), ("DOG", 50), ("ACT", 30)], Alphabet.latin(), "x")
>>> [entry.word for entry in words.match("C?T")], [entry.word for entry in words.anagrams("tac")]
(['CAT', 'COT'], ['CAT', 'ACT'])
"""

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
