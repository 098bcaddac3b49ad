"""Ties inside one score in what a fill reports: by the options an entry leaves its crossings.

The filler already weighs each candidate by its score plus the log of the options it leaves
its open crossings (``search.Search.value``); the "weakest entries" summary of a fill breaks
its ties the same way instead of by entry number: of two entries with one score, the one
whose letters leave the crossing entries fewer words is the weaker (its letters are the
harder ones to cross: a J, a Q, a letter seldom in that position). The options of an entry
are the sum, over its checked cells, of the log of how many words of the crossing's length
have that letter at that position in the list.
"""

from __future__ import annotations

from collections.abc import Callable
from math import log

from puzzlewright.crossword.fill.problem import slots_of
from puzzlewright.crossword.fill.result import EntryScore
from puzzlewright.crossword.grid import Grid
from puzzlewright.lexicon import WordList


def crossing_options(grid: Grid, words: WordList) -> Callable[[EntryScore], float]:
    """A function giving an entry of ``grid`` (a complete one) its options, as above."""
    through: dict[tuple[int, int], list[tuple[str, int, int]]] = {}
    for slot in slots_of(grid):
        for position, cell in enumerate(slot.cells):
            through.setdefault(cell, []).append((slot.key, slot.length, position))
    cells = {slot.key: slot.cells for slot in slots_of(grid)}
    counts: dict[tuple[int, int, str], int] = {}

    def count(length: int, position: int, letter: str) -> int:
        key = (length, position, letter)
        found = counts.get(key)
        if found is None:
            bits = words.index(length).bits[position].get(letter, 0)
            found = counts[key] = bits.bit_count()
        return found

    def options(entry: EntryScore) -> float:
        total = 0.0
        for r, c in cells.get(entry.key, ()):
            letter = grid.cells[r][c] or ""
            for key, length, position in through.get((r, c), ()):
                if key != entry.key:
                    many = count(length, position, letter)
                    total += log(many) if many else 0.0
        return total

    return options
