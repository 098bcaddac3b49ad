"""Fill quality: how candidates are weighed, and the figures reported for a fill."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from puzzlewright.crossword.fill.problem import slots_of
from puzzlewright.crossword.fill.result import EntryScore
from puzzlewright.crossword.grid import Grid
from puzzlewright.lexicon import WordList

SCORE_WEIGHT = 1.0
"""Weight of a candidate's own score (list units: STWL 10..50, built-in English 25..78)."""

OPTION_WEIGHT = 1.0
"""Weight of the natural log of the product of the options it leaves to its crossings."""

JITTER = 0.3
"""Random tie-break on the crossing-options term (in its log units): seeds reorder words
whose options are within a small factor of each other."""

FAST_OPTION_WEIGHT = 2.0
"""The crossing-options weight for lists with many distinct scores (frequency-based lists
such as the built-in one) outside quality mode: their scores span 50 points, so at weight 1
a word's score outweighs leaving its crossings e^10 times more options, and the search
walks into dead ends that a fill from all the words avoids (measured in
``benchmarks/barred.py``: a quarter of the time for the same average score)."""

SCORE_JITTER = 3.0
"""Random tie-break in score points for lists with many distinct scores (frequency-based
lists such as the built-in one): seeds reorder words whose scores are this close."""

WEAKEST = 5
"""How many of the lowest-scoring entries a fill reports."""

TIER_LEVELS = 8
"""Lists with at most this many distinct scores (STWL: 10..50) get one tier per score."""


Scores: TypeAlias = Mapping[int, int] | Sequence[int]
"""Candidate scores: how many candidates score each value, or one score per candidate.
The filler passes counts (a 15x15 at a low minimum score has 100,000+ candidates, and
a set or sort of them all costs milliseconds per call)."""


def score_counts(scores: Scores) -> Mapping[int, int]:
    """Score -> how many candidates have it."""
    return scores if isinstance(scores, Mapping) else Counter(scores)


@dataclass(frozen=True)
class ValueWeights:
    """How value ordering weighs a candidate (see the constants above)."""

    score: float = SCORE_WEIGHT
    options: float = OPTION_WEIGHT
    jitter: float = JITTER
    score_jitter: float = 0.0


def value_weights(scores: Scores, quality: bool = False) -> ValueWeights:
    """The weights for a list whose candidate scores are ``scores`` (``quality``: the
    thorough mode, see :func:`score_tiers`)."""
    levels = len(score_counts(scores))
    return ValueWeights(
        score=SCORE_WEIGHT,
        options=OPTION_WEIGHT if quality or levels <= TIER_LEVELS else FAST_OPTION_WEIGHT,
        jitter=JITTER,
        score_jitter=SCORE_JITTER if levels > TIER_LEVELS else 0.0,
    )


def grid_entries(grid: Grid, words: WordList, given: Collection[str] = ()) -> list[EntryScore]:
    """Every entry of ``grid`` with its answer and list score (None if incomplete/unknown)."""
    entries = []
    for slot in slots_of(grid):
        answer = "".join(grid.cells[r][c] or "?" for r, c in slot.cells)
        score = None if "?" in answer else words.score(answer)
        entries.append(
            EntryScore(
                slot.key,
                slot.number,
                slot.direction,
                slot.row,
                slot.col,
                answer,
                score,
                slot.key in given,
            )
        )
    return entries


def average_score(entries: list[EntryScore]) -> float | None:
    """The mean score of the entries that have one (None when none has)."""
    scores = [entry.score for entry in entries if entry.score is not None]
    return round(sum(scores) / len(scores), 2) if scores else None


def weakest(
    entries: list[EntryScore],
    limit: int = WEAKEST,
    options: Callable[[EntryScore], float] | None = None,
) -> list[EntryScore]:
    """The lowest-scoring complete entries the filler chose (seeds left out), worst first;
    entries of one score by ``options`` (fewest first: ``ties.crossing_options``), then in
    grid order. Only the entries down to the ``limit``-th lowest score are weighed."""
    chosen = sorted(
        (entry for entry in entries if entry.score is not None and not entry.given),
        key=lambda entry: entry.score or 0,
    )
    if options is None or not chosen:
        return chosen[:limit]
    edge = chosen[min(limit, len(chosen)) - 1].score or 0
    tied = [entry for entry in chosen if (entry.score or 0) <= edge]
    return sorted(tied, key=lambda entry: (entry.score or 0, options(entry)))[:limit]


def rank_key(entries: list[EntryScore]) -> tuple[float, int]:
    """Sort key for fills, best first: higher average, then higher weakest score."""
    mean = average_score(entries) or 0.0
    low = min((entry.score for entry in entries if entry.score is not None), default=0)
    return (-mean, -low)


TIER_SHARES = (0.3, 0.6)
"""Otherwise the tiers hold the best 30% and 60% of the words, then all of them."""

TIER_EFFORT = 40
"""Dead ends allowed per slot in each tier but the last before trying the next one."""

FAST_EFFORT = 200
"""Dead ends allowed per slot to the fast mode (one tier of every word) before a fill
goes on in quality mode (score tiers); barred grids mostly fill within a few per slot,
Qxw's 12x12 example within 200 for every seed of 0-29 (25 sent a third of them on)."""

FAST_RESTART = 1
"""The fast mode restarts after Luby's sequence (1, 1, 2, 1, 1, 2, 4, ...) times this many
dead ends per slot: many short runs, each steered by the failure weights learned before
(geometric cutoffs from 200 left Qxw's example a 0.05-5.9 s spread over seeds 0-29)."""


FAST_JITTER = 2.0
"""With a frequency list (many score levels) on a small grid (fewer than 48 slots), the fast
mode's random tie-breaks (``jitter`` and ``score_jitter``) weigh this many times more: its
short Luby runs then differ enough to leave a corner (issue 26: one7 with the built-in
crossword list, seeds 0-4, 6.9-24 CPU s -> 1.1-3.6 s; on the 15x15s it was mixed, themeless
1.16x; docs/crossword-fill.md, "Restarts")."""

FAST_CANDIDATES = 128
"""With a frequency list on a small grid, the fast mode weighs at most this many best-scored
candidates by crossing options at each decision (elsewhere 256 times 48 / slots, 1,024 on a
7x7): a tight small grid has few fills, and a short list of the best words, each weighed in
full, reaches one in fewer and cheaper nodes (issue 26, round 3: one7 with the rebuilt list,
seeds 0-9 in process, median 846 nodes against 2,059 at 256, none over 12 CPU s against
3; docs/crossword-fill.md, "Round 3")."""


def score_tiers(scores: Scores, quality: bool = True) -> list[int | None]:
    """Score floors to try in turn, best first; the last (None) admits every word.

    In ``quality`` mode, lists with few score levels (STWL) get a tier per level (a fill
    from the best level is usually found at once) and lists with many distinct scores the
    shares of :data:`TIER_SHARES`. The fast mode has one tier of every allowed word,
    best-scored first by value ordering (the job blacksquare does), and
    :func:`polish_floor` still raises its weakest entries. On tight grids (barred ones
    with few unches, open 15x15s) the top shares of a frequency list seldom fill and each
    spends its whole effort first; :func:`default_quality` picks the mode by grid and list.
    """
    counts = score_counts(scores)
    levels = sorted(counts, reverse=True)
    if len(levels) <= 1 or not quality:
        return [None]
    if len(levels) <= TIER_LEVELS:
        return [*levels[:-1], None]
    last = sum(counts.values()) - 1
    floors = sorted({ranked(counts, levels, int(share * last)) for share in TIER_SHARES})
    return [*(floor for floor in reversed(floors) if floor > levels[-1]), None]


def ranked(counts: Mapping[int, int], levels: list[int], k: int) -> int:
    """The ``k``-th highest score (from 0) among the candidates, ``levels`` best first."""
    for level in levels:
        k -= counts[level]
        if k < 0:
            return level
    return levels[-1]


def default_quality(scores: Scores, barred: bool, banded: bool = False) -> bool:
    """The mode when none is asked for: quality on blocked grids, and on every grid with
    a list of few score levels (STWL: a tier per level finds an all-50 fill at once);
    fast on barred grids with a frequency list (5-20x faster there for 0-3 points), and
    on every grid with a ``banded`` list of many levels (the built-in crossword list: its
    scores are community bands, clean from 50 up, and the tiers of its best 30% and 60%
    took 5-20x the time of one tier on themeless and open grids; docs/lexicon.md)."""
    many = len(score_counts(scores)) > TIER_LEVELS
    return not (many and (barred or banded))


def polish_floor(scores: Scores) -> int | None:
    """The score a polished fill's entries should reach: the floor of the first tier in
    quality mode (None: one level, nothing to polish)."""
    return score_tiers(scores, quality=True)[0]
