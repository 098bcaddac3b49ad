"""Statistics of a finished grid, as an editor reads them before accepting a puzzle.

Word count, average entry length, blocks, open and unchecked squares, the letter
distribution and whether the fill is a pangram, its Scrabble score, the entries by word
list score band, repeated answers and repeated stems (as Exet's "no stem dupes": ``RUN``
and ``RUNNER``, ``STORM`` and ``FIRESTORM``), the entries that fail the breakfast test,
and how many clues are still drafts. :func:`stem_dupes` is also what ``crossword fill
--no-stem-dupes`` checks a fill with (:func:`fill_without_stem_dupes`).
"""

from __future__ import annotations

import string
from collections import Counter
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from puzzlewright.crossword.grid import Grid
from puzzlewright.lexicon import WordList

if TYPE_CHECKING:
    from puzzlewright.crossword.fill import FillRequest, FillResult
    from puzzlewright.crossword.puzzle import Puzzle
    from puzzlewright.stopping import StopSignal

SCRABBLE = {
    **dict.fromkeys("AEILNORSTU", 1),
    **dict.fromkeys("DG", 2),
    **dict.fromkeys("BCMP", 3),
    **dict.fromkeys("FHVWY", 4),
    "K": 5,
    **dict.fromkeys("JX", 8),
    **dict.fromkeys("QZ", 10),
}
BANDS = ((50, "50+"), (40, "40-49"), (30, "30-39"), (20, "20-29"), (None, "under 20"))
MIN_STEM = 4  # a stem found inside another entry has at least four letters
STEM_ROUNDS = 8


@dataclass(frozen=True)
class StemDupe:
    """Two entries that share a stem: their keys, answers and the stem."""

    first: str
    second: str
    answers: tuple[str, str]
    stem: str


@dataclass(frozen=True)
class FillStatistics:
    """The figures of one grid (see the module docstring)."""

    words: int
    average_length: float
    blocks: int
    open_squares: int
    unchecked_squares: int
    letters: dict[str, int]  # letter -> count over the filled squares, A-Z order
    pangram: bool
    missing_letters: str  # letters of A-Z the fill lacks
    scrabble_score: int
    scrabble_average: float  # per filled square
    score_bands: dict[str, list[str]]  # band -> answers ("not in list" too)
    repeated_words: list[str]
    stem_dupes: list[StemDupe] = field(default_factory=list)
    breakfast: list[str] = field(default_factory=list)  # entries failing the breakfast test
    draft_clues: int = 0  # clues still marked as drafts

    def to_json(self) -> dict[str, object]:
        """Every field, stem dupes as objects."""
        return asdict(self)


@lru_cache(maxsize=4096)
def entry_stems(answer: str) -> frozenset[str]:
    """The stems an entry is compared on: itself and its suffix stems of three letters or
    more (``RUNNERS`` -> ``RUNNER``, ``RUNN``, ``RUN``)."""
    from puzzlewright.lexicon.builtin import stems

    return frozenset({answer} | {stem.upper() for stem in stems(answer.lower()) if len(stem) >= 3})


def _shared(a: str, b: str) -> str | None:
    """The stem ``a`` and ``b`` share: a common stem (RUN, RUNNER), or a stem of
    ``MIN_STEM`` letters or more that begins or ends the other with at least three more
    letters (STORM, FIRESTORM; not TEMP, TEMPT)."""
    stems_a, stems_b = entry_stems(a), entry_stems(b)
    common = stems_a & stems_b
    if common:
        return max(common, key=len)
    for stem in sorted(stems_a | stems_b, key=lambda s: (-len(s), s)):
        other = b if stem in stems_a else a
        if len(stem) < MIN_STEM or len(other) - len(stem) < 3:
            continue
        if other.startswith(stem) or other.endswith(stem):
            return stem
    return None


def stem_dupes(grid: Grid) -> list[StemDupe]:
    """Pairs of complete entries that share a stem (an answer used twice is a repeat, not
    a stem dupe)."""
    entries = [(s.key, grid.word(s)) for s in grid.slots() if "?" not in grid.word(s)]
    found = []
    for i, (key_a, a) in enumerate(entries):
        for key_b, b in entries[i + 1 :]:
            stem = None if a == b else _shared(a, b)
            if stem is not None:
                found.append(StemDupe(key_a, key_b, (a, b), stem))
    return found


def _bands(answers: list[str], words: WordList | None) -> dict[str, list[str]]:
    """Answers by word-list score band (empty without a list)."""
    if words is None:
        return {}
    bands: dict[str, list[str]] = {label: [] for _, label in BANDS}
    bands["not in list"] = []
    for answer in answers:
        score = words.score(words.alphabet.normalize(answer))
        if score is None:
            bands["not in list"].append(answer)
            continue
        label = next(label for floor, label in BANDS if floor is None or score >= floor)
        bands[label].append(answer)
    return bands


def fill_statistics(
    grid: Grid, words: WordList | None = None, puzzle: Puzzle | None = None
) -> FillStatistics:
    """The statistics of ``grid``; score bands need ``words``, draft counts ``puzzle``."""
    from puzzlewright.crossword.drafts import DRAFT_MARK
    from puzzlewright.lexicon.builtin import is_unpleasant, unpleasant_words

    slots = grid.slots()
    answers = [grid.word(slot) for slot in slots if "?" not in grid.word(slot)]
    cells = [grid.cells[r][c] or "" for r, c in grid.positions()]
    letters = Counter(ch for cell in cells for ch in cell if ch.isalpha())
    missing = "".join(ch for ch in string.ascii_uppercase if not letters[ch])
    filled = sum(1 for cell in cells if cell and cell != "?")
    score = sum(SCRABBLE.get(ch, 0) * n for ch, n in letters.items())
    unpleasant = unpleasant_words()
    counts = Counter(answers)
    drafts = (
        0
        if puzzle is None
        else sum(1 for clue in puzzle.clues.values() if clue.startswith(DRAFT_MARK.strip()))
    )
    return FillStatistics(
        words=len(slots),
        average_length=round(sum(s.length for s in slots) / len(slots), 2) if slots else 0.0,
        blocks=grid.block_count(),
        open_squares=len(cells),
        unchecked_squares=len(grid.unchecked()),
        letters=dict(sorted(letters.items())),
        pangram=not missing,
        missing_letters=missing,
        scrabble_score=score,
        scrabble_average=round(score / filled, 2) if filled else 0.0,
        score_bands=_bands(answers, words),
        repeated_words=sorted(answer for answer, n in counts.items() if n > 1),
        stem_dupes=stem_dupes(grid),
        breakfast=sorted({a for a in answers if is_unpleasant(a.lower(), unpleasant)}),
        draft_clues=drafts,
    )


def fill_without_stem_dupes(
    request: FillRequest,
    words: WordList,
    *,
    rounds: int = STEM_ROUNDS,
    stop: StopSignal | None = None,
) -> tuple[FillResult, list[str]]:
    """Fill the request's grid so that no two entries share a stem: after each fill that
    has a stem dupe, the lower-scored answer of each pair is taken out of the list and the
    grid is filled again, at most ``rounds`` times. Returns the last result (its stem
    dupes, if any are left, are for the caller to report) and the answers taken out.

    A filter around the shared fill engine, not a constraint inside it: a fill that needs
    many rounds costs as many fills.
    """
    from puzzlewright.crossword.analysis import without_words
    from puzzlewright.crossword.fill import fill

    banned: list[str] = []
    current = words
    for _ in range(rounds):
        result = fill(request, current, stop=stop)
        dupes = stem_dupes(result.grid) if result.status == "filled" else []
        if not dupes or (stop is not None and stop.should_stop()):
            return result, banned
        for dupe in dupes:
            weaker = min(dupe.answers, key=lambda a: (words.score(a) or 0, a))
            if grid_has_fixed(request.grid, weaker):
                weaker = max(dupe.answers, key=lambda a: (words.score(a) or 0, a))
            banned.append(weaker)
        current = without_words(words, banned)
    return fill(request, current, stop=stop), banned


def grid_has_fixed(grid: Grid, answer: str) -> bool:
    """True when ``answer`` is already complete in ``grid`` before filling (a given entry
    the filler keeps, which banning cannot remove)."""
    return any(grid.word(slot) == answer for slot in grid.slots())


__all__ = [
    "FillStatistics",
    "StemDupe",
    "entry_stems",
    "fill_statistics",
    "fill_without_stem_dupes",
    "stem_dupes",
]
