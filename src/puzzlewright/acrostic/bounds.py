"""A tighter bound than the letter-price dual: keep the hardest letters exact.

The letter-price bound (:mod:`puzzlewright.acrostic.prices`) prices every letter, so each
clue picks its word alone, and is exactly the linear relaxation's value. Keeping the counts
of a few letters exact (those with the largest prices: the W and F of "it was the worst of
times") and pricing only the others is a Lagrangian relaxation whose subproblem is a small
knapsack over the clues: per clue, its best reduced score for each count of the kept
letters, combined by dynamic programming over those counts so they add up to the
quotation's. It is solved exactly, so for any prices its value caps every exact answer set,
and it is never above the letter-price bound at the same prices (the knapsack only adds
constraints). Subgradient steps on the prices lower it further; the lowest value is kept.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from puzzlewright.acrostic.tables import IntArray, WordTable

Floats = npt.NDArray[np.float64]
Longs = npt.NDArray[np.int64]
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


def _options(
    table: WordTable, reduced: Floats, kept: list[int], top: Longs
) -> tuple[Longs, Floats, Longs]:
    """Per count vector of the kept letters that fits: the best reduced score and its word."""
    sub = table.counts[:, kept]
    fits = np.flatnonzero((sub <= top).all(axis=1))
    if not fits.size:
        return np.zeros((0, len(kept)), np.int64), np.zeros(0), np.zeros(0, np.int64)
    codes = np.ravel_multi_index(tuple(sub[fits].T), tuple((top + 1).tolist()))
    order = np.lexsort((-reduced[fits], codes))
    first = np.ones(order.size, bool)
    first[1:] = codes[order][1:] != codes[order][:-1]
    best = fits[order[first]]
    return sub[best].astype(np.int64), reduced[best], best


def knapsack(
    tables: Sequence[WordTable], prices: Floats, target: IntArray, kept: list[int]
) -> tuple[float, Longs] | None:
    """The relaxation's value at ``prices`` (the kept letters' prices are ignored) and the
    letters its best choice uses; None when no choice meets the kept counts."""
    free = prices.copy()
    free[kept] = 0.0
    top = target[kept].astype(np.int64)
    shape = tuple((top + 1).tolist())
    options = {}
    for table in tables:
        if id(table) not in options:
            reduced = table.scores.astype(np.float64) - table.counts @ free
            options[id(table)] = _options(table, reduced, kept, top)
    value = np.full(shape, -np.inf)
    value[(0,) * len(kept)] = 0.0
    picks = []
    for table in tables:
        keys, gains, words = options[id(table)]
        new = np.full(shape, -np.inf)
        pick = np.full(shape, -1, np.int64)
        for o, (key, gain) in enumerate(zip(keys.tolist(), gains.tolist(), strict=True)):
            to = tuple(slice(k, None) for k in key)
            came = tuple(slice(0, t + 1 - k) for k, t in zip(key, top.tolist(), strict=True))
            moved = value[came] + gain
            better = moved > new[to]
            new[to] = np.where(better, moved, new[to])
            pick[to] = np.where(better, o, pick[to])
        value = new
        picks.append((pick, keys, words, table))
    at = tuple(top.tolist())
    if not np.isfinite(value[at]):
        return None
    total = float(value[at]) + float(free @ target)
    used = np.zeros_like(target, dtype=np.int64)
    for pick, keys, words, table in reversed(picks):
        o = int(pick[at])
        used += table.counts[int(words[o])]
        at = tuple(a - k for a, k in zip(at, keys[o].tolist(), strict=True))
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
    prices = prices.astype(np.float64).copy()
    step = FIRST_STEP
    for _ in range(ITERATIONS):
        found = knapsack(tables, prices, target, kept)
        if found is None:
            return best  # the kept counts cannot be met: leave the bound as it is
        value, used = found
        best = min(best, value)
        slope = (target - used).astype(np.float64)
        slope[kept] = 0.0
        norm = float(np.sqrt(slope @ slope))
        if norm == 0:
            break  # the relaxation's choice is exact: its value is the optimum
        prices -= step * slope / norm
        step *= STEP_DECAY
    return best
