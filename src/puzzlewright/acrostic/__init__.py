"""Acrostic construction: answers whose letters are exactly the quotation's, numbered and laid out.

``build_acrostic(quote, source, words)`` checks the input (instant reasons when it cannot
work), searches for answer sets (see :mod:`puzzlewright.acrostic.solver`), numbers each
answer letter into the quotation and lays out the grid. ``render_text`` and ``to_ipuz``
turn a result into the text puzzle and an ipuz file.

>>> from puzzlewright.lexicon import Alphabet, WordList
>>> words = WordList([("CAT", 50), ("DOG", 50), ("COG", 40), ("DAT", 10)], Alphabet.latin(), "x")
>>> result = build_acrostic("Cat, dog.", "CD", words, min_length=3)
>>> result.status, [answer.word for answer in result.puzzles[0].answers], result.stop_reason
('built', ['COG', 'DAT'], None)
"""

from puzzlewright.acrostic.build import build_acrostic, labels
from puzzlewright.acrostic.ipuz import to_ipuz
from puzzlewright.acrostic.model import Acrostic, Answer, BuildResult
from puzzlewright.acrostic.text import render_text

__all__ = [
    "Acrostic",
    "Answer",
    "BuildResult",
    "build_acrostic",
    "labels",
    "render_text",
    "to_ipuz",
]
