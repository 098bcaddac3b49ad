"""Instant impossibility checks, each with the reason a constructor needs to fix the input."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from puzzlewright.errors import PuzzleInputError
from puzzlewright.messages import counted


def missing_source_letters(quote: str, source: str) -> str | None:
    """Source letters the quotation lacks: which, how many of each, and the total."""
    have = Counter(quote)
    need = Counter(source)
    short = {letter: n - have[letter] for letter, n in need.items() if have[letter] < n}
    if not short:
        return None
    parts = [f"{letter} (needs {need[letter]}, has {have[letter]})" for letter in sorted(short)]
    total = sum(short.values())
    return f"the source needs {counted(total, 'letter')} the quotation lacks: " + ", ".join(parts)


def length_problem(letters: int, clues: int, min_length: int, max_length: int) -> str | None:
    """The letter count cannot be split into ``clues`` answers of the allowed lengths."""
    made = f"{counted(letters, 'letter')} cannot make {counted(clues, 'answer')} of"
    if letters < clues * min_length:
        return (
            f"{made} at least {counted(min_length, 'letter')} "
            f"(needs {clues * min_length:,}; shorten the source or lower min_length)"
        )
    if letters > clues * max_length:
        return (
            f"{made} at most {counted(max_length, 'letter')} "
            f"(allows {clues * max_length:,}; lengthen the source or raise max_length)"
        )
    return None


def foreign_problem(where: str, characters: Sequence[str], alphabet: str) -> str | None:
    """Letters that are not in the word list's alphabet: bad input (PuzzleInputError), not an
    impossible puzzle, since no word list of that alphabet can ever spell them."""
    if not characters:
        return None
    shown = ", ".join(repr(ch) for ch in characters)
    raise PuzzleInputError(
        f"the {where} has letters outside the alphabet {alphabet}: {shown} "
        "(give a word list in its alphabet with --words)"
    )


def include_problem(quote: str, includes: Sequence[str]) -> str | None:
    """Forced answers that together need letters the quotation does not have."""
    short = Counter("".join(includes)) - Counter(quote)
    if not short:
        return None
    shown = ", ".join(f"{letter} ({n} more)" for letter, n in sorted(short.items()))
    return f"the included answers need letters the quotation lacks: {shown}"
