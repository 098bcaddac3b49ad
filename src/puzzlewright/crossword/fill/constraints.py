"""Global constraints on a fill: a pangram, banned letters, letter quotas and a nina.

This module holds what is asked (:class:`Constraints`, a field of
:class:`~puzzlewright.crossword.fill.request.FillRequest`) and what was met
(:class:`ConstraintReport`), plus the plain checks both need. The search for a fill that
meets them lives in :mod:`~puzzlewright.crossword.fill.constrained`, outside the filler's
core loop: bans filter the word list, a pangram's letters are a constraint inside the
search (:mod:`~puzzlewright.crossword.fill.letters`), the rest an outer loop around ``fill``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.nina import Nina, Placement, letters_of
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon.wordlist import per_wordlist

DEFAULT_BUDGET = 200
"""Fills the outer loop may run (nina placements tried, pangram and quota repairs)."""

Reason = Literal["too-long", "alphabet", "given", "conflict", "unfillable", "budget", "stopped"]
"""Why a constraint was not met: the nina is longer than every path (``too-long``), has
letters outside the list's alphabet (``alphabet``); the grid's own letters break a ban or
quota (``given``); the constraints contradict each other (``conflict``, a pangram with a
banned letter); every way to meet them was proved unfillable (``unfillable``); the step
budget ran out (``budget``); the time limit or Ctrl-C stopped the search (``stopped``)."""


@dataclass(frozen=True)
class Constraints:
    """What the whole fill must satisfy, beyond every crossing agreeing.

    ``pangram``: every letter of the list's alphabet somewhere in the grid; ``banned``:
    letters no cell may hold; ``quotas``: (letter, most) pairs, at most that many cells
    with the letter; ``nina``: a message hidden along a path (see
    :mod:`puzzlewright.crossword.nina`); ``budget``: fills the outer loop may run.
    """

    pangram: bool = False
    banned: str = ""
    quotas: tuple[tuple[str, int], ...] = ()
    nina: Nina | None = None
    budget: int = DEFAULT_BUDGET

    def __post_init__(self) -> None:
        """Letters upper case, quotas as a sorted tuple (the request is frozen all the way)."""
        object.__setattr__(self, "banned", "".join(sorted(set(letters_of(self.banned)))))
        quotas = tuple(sorted((letter.upper(), int(most)) for letter, most in self.quotas))
        object.__setattr__(self, "quotas", quotas)

    def check(self) -> None:
        """Refuse values no search can honour (PuzzleInputError)."""
        if self.budget < 1:
            raise PuzzleInputError("the constraint budget must be at least 1 fill")
        for letter, most in self.quotas:
            if len(letter) != 1 or not letter.isalpha() or most < 0:
                raise PuzzleInputError(
                    f"a letter quota is one letter and a count of 0 or more, not {letter}:{most}",
                    parameters=("quotas",),
                )

    @property
    def active(self) -> bool:
        """True when anything is asked."""
        return bool(self.pangram or self.banned or self.quotas or self.nina)

    def excluded(self) -> str:
        """Letters no word may hold: the bans and the quotas of zero."""
        zero = {letter for letter, most in self.quotas if most == 0}
        return "".join(sorted(set(self.banned) | zero))

    def to_json(self) -> dict[str, object]:
        """What was asked, as JSON."""
        return {
            "pangram": self.pangram,
            "banned": self.banned,
            "quotas": dict(self.quotas),
            "nina": self.nina.to_json() if self.nina else None,
            "budget": self.budget,
        }


@dataclass
class ConstraintReport:
    """What the fill met: ``met`` is True when every constraint holds in the output grid.

    ``missing`` are the alphabet's letters absent (pangram), ``over`` the letters above
    their quota, ``banned_found`` the banned letters present; ``nina`` the placement used;
    ``reason`` and ``detail`` say why not met; ``steps`` counts the fills run."""

    met: bool
    reason: Reason | None = None
    detail: str = ""
    missing: str = ""
    over: dict[str, int] = field(default_factory=dict)
    banned_found: str = ""
    nina: Placement | None = None
    placements_tried: int = 0
    steps: int = 0

    def to_json(self) -> dict[str, object]:
        """The report as the ``constraints`` member of the fill's JSON document."""
        return {
            "met": self.met,
            "reason": self.reason,
            "detail": self.detail,
            "missing": self.missing,
            "over": self.over,
            "banned_found": self.banned_found,
            "nina": self.nina.to_json() if self.nina else None,
            "placements_tried": self.placements_tried,
            "steps": self.steps,
        }


def letter_counts(grid: Grid) -> Counter[str]:
    """How many cells hold each letter (a rebus cell counts each of its letters)."""
    counts: Counter[str] = Counter()
    for r, c in grid.positions():
        counts.update(grid.cells[r][c] or "")
    return counts


def alphabet_letters(words: WordList) -> str:
    """The letters a pangram over ``words`` needs: the alphabet's, in its order."""
    return "".join(words.alphabet.letters)


def shortfall(grid: Grid, constraints: Constraints, alphabet: str) -> ConstraintReport:
    """Which constraints ``grid`` breaks (letters only; the nina is checked where placed)."""
    counts = letter_counts(grid)
    missing = "".join(x for x in alphabet if not counts[x]) if constraints.pangram else ""
    over = {x: counts[x] for x, most in constraints.quotas if counts[x] > most}
    banned = "".join(x for x in constraints.banned if counts[x])
    return ConstraintReport(
        met=not (missing or over or banned), missing=missing, over=over, banned_found=banned
    )


def without_letters(words: WordList, letters: str) -> WordList:
    """The list less every word holding one of ``letters`` (cached per list and letters)."""
    if not letters:
        return words
    made = _banned_lists(words)
    if letters not in made:
        made[letters] = _drop(words, letters)
    return made[letters]


@per_wordlist
def _banned_lists(words: WordList) -> dict[str, WordList]:
    """Per list: its banned-letter sublists made so far, by letters."""
    return {}


def _drop(words: WordList, letters: str) -> WordList:
    """A new list of the words holding none of ``letters``."""
    bad = set(letters)
    kept = ((entry.word, entry.score) for entry in words if bad.isdisjoint(entry.word))
    return WordList(kept, words.alphabet, f"{words.name} less {letters}")
