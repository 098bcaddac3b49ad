"""A tighter bound than the letter-price dual: keep the hardest letters exact, and no
answer twice.

The letter-price bound (:mod:`puzzlewright.acrostic.prices`) prices every letter, so each
clue picks its word alone, and is exactly the linear relaxation's value. Keeping the counts
of a few letters exact (those with the largest prices: the W and F of "it was the worst of
times") and pricing only the others is a Lagrangian relaxation whose subproblem is a small
knapsack over the clues: per clue, its best reduced score for each count of the kept
letters, combined by dynamic programming over those counts so they add up to the
quotation's. Clues with one initial share a candidate table, and an exact set never uses a
word twice, so such a group picks distinct words: per group a second small knapsack over
its words (only the best few words of each kept-letter count can matter) gives the best
total of its clues for each count. Both are solved exactly, so for any prices the value
caps every exact answer set, and it is never above the letter-price bound at the same
prices (the knapsacks only add constraints). Subgradient steps on the prices lower it
further; the lowest value is kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from puzzlewright.acrostic.prices import PRICE_GRID
from puzzlewright.acrostic.tables import IntArray, WordTable, on_grid

Floats = npt.NDArray[np.float64]
Longs = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]
Index = tuple[int | slice, ...]
MAX_KEPT = 3  # letters kept exact
MAX_STATES = 6000  # ... while their count combinations stay this few
ITERATIONS = 60  # subgradient steps
FIRST_STEP = 2.0  # score points per letter, shrinking by STEP_DECAY per step
STEP_DECAY = 0.95


def kept_letters(prices: Floats, target: IntArray) -> list[int]:
    """The letters to keep exact: largest |price| first, while the DP stays small."""
    kept: list[int] = []
    states = 1
    for letter in np.argsort(-np.abs(prices), kind="stable").tolist():
        if len(kept) == MAX_KEPT or abs(prices[letter]) < 1e-9:
            break
        if target[letter] and states * (int(target[letter]) + 1) <= MAX_STATES:
            kept.append(letter)
            states *= int(target[letter]) + 1
    return kept


def _shift(key: Sequence[int], top: Sequence[int]) -> tuple[tuple[slice, ...], tuple[slice, ...]]:
    """Index pairs adding ``key`` to every kept-count vector that stays within ``top``."""
    to = tuple(slice(k, None) for k in key)
    came = tuple(slice(0, t + 1 - k) for k, t in zip(key, top, strict=True))
    return to, came


@dataclass
class _Group:
    """The clues sharing one table: per total kept-letter count vector of its ``size``
    distinct words, the best reduced score (``keys``/``gains``) and how to recover them."""

    table: WordTable
    size: int
    keys: Longs  # (options, kept): kept-letter counts of an option
    gains: Floats  # its best total reduced score
    words: Longs  # size 1: the word of each option; else the candidate words in DP order
    took: list[Flags]  # size > 1: per candidate word, where the DP took it (per count taken)
    word_keys: Longs  # size > 1: kept-letter counts of each candidate word

    def chosen(self, option: int) -> list[int]:
        """The words of one option (indexes into the table), read back through the DP."""
        if self.size == 1:
            return [int(self.words[option])]
        at = np.array([self.size, *self.keys[option].tolist()], np.int64)
        picked = []
        for w in reversed(range(len(self.took))):
            if self.took[w][tuple(at.tolist())]:
                picked.append(int(self.words[w]))
                at[0] -= 1
                at[1:] -= self.word_keys[w]
        return picked


@dataclass
class _Fitting:
    """A table's words whose kept-letter counts fit, sorted by those counts (computed once
    per bound: only the prices change between subgradient steps)."""

    words: Longs  # table indexes, grouped by kept-letter counts
    counts: Floats  # their letter counts
    scores: Floats
    starts: Longs  # where each kept-letter count vector's run begins

    @classmethod
    def of(cls, table: WordTable, kept: list[int], top: Longs) -> _Fitting:
        sub = table.counts[:, kept]
        fits = np.flatnonzero((sub <= top).all(axis=1))
        codes = np.ravel_multi_index(tuple(sub[fits].T), tuple((top + 1).tolist()))
        order = np.argsort(codes, kind="stable")
        words = fits[order].astype(np.int64)
        runs = codes[order]
        starts = np.flatnonzero(np.r_[True, runs[1:] != runs[:-1]]) if runs.size else runs
        counts = table.counts[words].astype(np.float64)
        return cls(words, counts, table.scores[words].astype(np.float64), starts.astype(np.int64))

    def best(self, free: Floats, per_key: int) -> tuple[Longs, Floats]:
        """The ``per_key`` best words of each kept-letter count (table indexes) and their
        reduced scores at the ``free`` prices."""
        if not self.words.size:
            return self.words, np.zeros(0)
        reduced = self.scores - self.counts @ free
        left = reduced.copy()
        found = []
        for _ in range(per_key):
            top = np.maximum.reduceat(left, self.starts)
            at = np.flatnonzero(left == np.repeat(top, np.diff(np.r_[self.starts, left.size])))
            at = at[np.isfinite(left[at])]
            at = (
                at[
                    np.r_[
                        True,
                        np.searchsorted(self.starts, at[1:], "right")
                        != np.searchsorted(self.starts, at[:-1], "right"),
                    ]
                ]
                if at.size
                else at
            )
            found.append(at)
            left[at] = -np.inf
        picked = np.sort(np.concatenate(found))
        return self.words[picked], reduced[picked]


def _group(
    table: WordTable, size: int, fitting: _Fitting, free: Floats, kept: list[int], top: Longs
) -> _Group:
    """Options of a group of ``size`` clues sharing ``table`` (distinct words)."""
    best, gains = fitting.best(free, size)
    keys = table.counts[best][:, kept].astype(np.int64)
    if size == 1:
        return _Group(table, 1, keys, gains, best, [], keys)
    shape = (size + 1, *(top + 1).tolist())
    value = np.full(shape, -np.inf)
    value[(0,) * (len(kept) + 1)] = 0.0
    took = []
    for key, gain in zip(keys.tolist(), gains.tolist(), strict=True):
        to, came = _shift(key, top.tolist())
        flags = np.zeros(shape, bool)
        for c in range(size, 0, -1):  # downwards: each word at most once
            into: Index = (c, *to)
            source: Index = (c - 1, *came)
            moved = value[source] + gain
            better = moved > value[into]
            value[into] = np.where(better, moved, value[into])
            flags[into] = better
        took.append(flags)
    reach = np.argwhere(np.isfinite(value[size])).astype(np.int64)
    gains = value[size][tuple(reach.T)]
    return _Group(table, size, reach, gains, best, took, keys)


def _groups(tables: Sequence[WordTable]) -> list[tuple[WordTable, int]]:
    """Each distinct table once, with how many clues share it (in first-use order)."""
    sizes = Counter(id(table) for table in tables)
    return [(table, sizes.pop(id(table))) for table in tables if id(table) in sizes]


def knapsack(
    tables: Sequence[WordTable],
    prices: Floats,
    target: IntArray,
    kept: list[int],
    fittings: Sequence[_Fitting] | None = None,
) -> tuple[float, Longs] | None:
    """The relaxation's value at ``prices`` (the kept letters' prices are ignored) and the
    letters its best choice uses; None when no choice meets the kept counts. ``fittings``
    (per distinct table, in first-use order) saves recomputing what prices do not change."""
    free = prices.copy()
    free[kept] = 0.0
    top = target[kept].astype(np.int64)
    shape = tuple((top + 1).tolist())
    shared = _groups(tables)
    if fittings is None:
        fittings = [_Fitting.of(table, kept, top) for table, _ in shared]
    groups = [
        _group(table, size, fitting, free, kept, top)
        for (table, size), fitting in zip(shared, fittings, strict=True)
    ]
    value = np.full(shape, -np.inf)
    value[(0,) * len(kept)] = 0.0
    picks = []
    for group in groups:
        new = np.full(shape, -np.inf)
        pick = np.full(shape, -1, np.int64)
        options = zip(group.keys.tolist(), group.gains.tolist(), strict=True)
        for o, (key, gain) in enumerate(options):
            to, came = _shift(key, top.tolist())
            moved = value[came] + gain
            better = moved > new[to]
            new[to] = np.where(better, moved, new[to])
            pick[to] = np.where(better, o, pick[to])
        value = new
        picks.append((pick, group))
    at = tuple(top.tolist())
    if not np.isfinite(value[at]):
        return None
    total = float(value[at]) + float(free @ target)
    used = np.zeros_like(target, dtype=np.int64)
    for pick, group in reversed(picks):
        o = int(pick[at])
        for word in group.chosen(o):
            used += group.table.counts[word]
        at = tuple(a - k for a, k in zip(at, group.keys[o].tolist(), strict=True))
    return total, used


def kept_letter_bound(
    tables: Sequence[WordTable], prices: Floats, target: IntArray, start: float
) -> float:
    """The lowest relaxation value found from ``prices`` by subgradient steps, or ``start``
    (the letter-price bound) when that is lower or no letter is worth keeping."""
    kept = kept_letters(prices, target)
    if not kept or not tables:
        return start
    best = start
    prices = on_grid(prices.astype(np.float64), PRICE_GRID)  # exact sums, as the search's
    top = target[kept].astype(np.int64)
    fittings = [_Fitting.of(table, kept, top) for table, _ in _groups(tables)]
    step = FIRST_STEP
    for _ in range(ITERATIONS):
        found = knapsack(tables, prices, target, kept, fittings)
        if found is None:
            return best  # the kept counts cannot be met: leave the bound as it is
        value, used = found
        best = min(best, value)
        slope = (target - used).astype(np.float64)
        slope[kept] = 0.0
        norm = float(np.sqrt(slope @ slope))
        if norm == 0:
            break  # the relaxation's choice is exact: its value is the optimum
        prices = on_grid(prices - step * slope / norm, PRICE_GRID)  # exact sums: prices.py
        step *= STEP_DECAY
    return best
