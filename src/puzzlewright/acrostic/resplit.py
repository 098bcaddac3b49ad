"""Exact re-splits of several answers at once, pruned by their letter-price gaps.

Take ``k`` answers of an exact set: their letters form a pool, and any ``k`` words for those
clues that use exactly the pool keep the set exact. For an exact set the total score is the
letter-price bound minus the sum of the answers' gaps (:mod:`puzzlewright.acrostic.prices`),
so a better re-split is one whose gaps add up to less than the current answers' gaps. That
budget is small (a finished set's answers are mostly within a few points of their clue's
best), so each clue has few words that fit the pool within it, and the re-split is a meet in
the middle: every combination of the first half's words that fits the pool and the budget,
every combination of the second half's, joined on the linear letter-count hash
(:mod:`puzzlewright.acrostic.tables`) and verified on the counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from puzzlewright.acrostic.tables import HashArray, IntArray, WordTable

Longs = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
MAX_COMBOS = 60_000  # per half: the lowest-gap combinations are kept beyond this
COMBOS_PER_STEP = 50  # combinations looked at that cost about as much as one search move


@dataclass
class Half:
    """Combinations of words for some clues: the words (one column per clue), their summed
    letter counts, hash and gap."""

    words: Longs  # (m, clues)
    counts: IntArray  # (m, letters)
    hashes: HashArray  # (m,)
    gaps: Floats  # (m,)

    @classmethod
    def empty(cls, size: int) -> Half:
        return cls(
            np.zeros((1, 0), np.int64),
            np.zeros((1, size), np.int32),
            np.zeros(1, np.int64),
            np.zeros(1),
        )

    def extend(
        self,
        table: WordTable,
        options: Longs,
        gaps: Floats,
        pool: IntArray,
        budget: float,
        most: int | None = None,
    ) -> tuple[Half, int]:
        """Every combination with one more clue's word (from ``options``, sorted by gap) that
        stays within the pool's letters and the gap budget (the lowest-gap ones when there
        are too many); and how many combinations were looked at (the effort): at most
        ``most`` (None: no limit), each combination's lowest-gap words first."""
        room = np.searchsorted(gaps, budget - self.gaps, "right")
        if most is not None:
            room = _level(room, most)
        rows = np.repeat(np.arange(len(self.gaps)), room)
        cols = np.arange(rows.size) - np.repeat(np.cumsum(room) - room, room)
        total = self.gaps[rows] + gaps[cols]
        counts = self.counts[rows] + table.counts[options[cols]]
        fits = (counts <= pool).all(axis=1)
        rows, cols, total, counts = rows[fits], cols[fits], total[fits], counts[fits]
        if total.size > MAX_COMBOS:
            best = np.argsort(total, kind="stable")[:MAX_COMBOS]
            rows, cols, total, counts = rows[best], cols[best], total[best], counts[best]
        words = np.concatenate([self.words[rows], options[cols][:, None]], axis=1)
        hashes = self.hashes[rows] + table.hash[options[cols]]
        return Half(words, counts, hashes, total), int(room.sum())


def _level(room: Longs, most: int) -> Longs:
    """``room`` (combinations per row) cut to add up to at most ``most``: every row keeps
    up to the same number, the highest that fits, and the first rows one more while
    that fits (so the cut looks at the lowest-gap words of every row first)."""
    if int(room.sum()) <= most:
        return room
    lo, hi = 0, int(room.max())
    while lo < hi:  # the largest level whose rows add up to at most ``most``
        mid = (lo + hi + 1) // 2
        if int(np.minimum(room, mid).sum()) <= most:
            lo = mid
        else:
            hi = mid - 1
    level = np.minimum(room, lo)
    more = np.flatnonzero(room > lo)[: most - int(level.sum())]
    level[more] += 1
    return level


def joins(left: Half, right: Half, pool: IntArray, pool_hash: int, budget: float) -> Longs:
    """Pairs (left row, right row) whose words use exactly ``pool`` within ``budget``, lowest
    total gap first."""
    if not len(left.gaps) or not len(right.gaps):
        return np.zeros((0, 2), np.int64)
    order = np.argsort(right.hashes, kind="stable")
    ordered = right.hashes[order]
    need = np.int64(pool_hash) - left.hashes
    lo = np.searchsorted(ordered, need, "left")
    hi = np.searchsorted(ordered, need, "right")
    many = hi - lo
    rows = np.repeat(np.arange(len(need)), many)
    if not rows.size:
        return np.zeros((0, 2), np.int64)
    offsets = np.arange(rows.size) - np.repeat(np.cumsum(many) - many, many)
    cols = order[np.repeat(lo, many) + offsets]
    total = left.gaps[rows] + right.gaps[cols]
    exact = (left.counts[rows] + right.counts[cols] == pool).all(axis=1) & (total <= budget)
    rows, cols, total = rows[exact], cols[exact], total[exact]
    best = np.argsort(total, kind="stable")
    return np.stack([rows[best], cols[best]], axis=1).astype(np.int64)


def resplits(
    tables: Sequence[WordTable],
    options: Sequence[tuple[Longs, Floats]],
    pool: IntArray,
    pool_hash: int,
    budget: float,
    most: int | None = None,
) -> tuple[Longs, int]:
    """Word choices (one row per re-split, one column per clue, lowest total gap first) for
    clues with these tables and candidate ``options`` (words and gaps) that use exactly
    ``pool`` within the gap ``budget``; and how many combinations were built (the effort:
    at most ``most``, None for no limit; a re-split cut short may miss some)."""
    size = int(pool.shape[0])
    middle = len(tables) // 2
    halves = []
    built = 0
    for part in (range(middle), range(middle, len(tables))):
        half = Half.empty(size)
        for c in part:
            order = np.argsort(options[c][1], kind="stable")
            words, gaps = options[c][0][order], options[c][1][order]
            allowed = None if most is None else most - built
            half, looked = half.extend(tables[c], words, gaps, pool, budget, allowed)
            built += looked
        halves.append(half)
    left, right = halves
    pairs = joins(left, right, pool, pool_hash, budget)
    words = np.concatenate([left.words[pairs[:, 0]], right.words[pairs[:, 1]]], axis=1)
    return words, built
