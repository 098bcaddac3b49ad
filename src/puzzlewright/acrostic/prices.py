"""Letter prices: what each quotation letter is worth, from the relaxed problem's dual.

Drop the rule that a clue takes exactly one word (let it take fractions of several) and
the best total score subject to "the answers use exactly the quotation's letters" is a
linear program. Its dual gives every letter a price ``p[l]``: a clue then simply prefers the
word with the highest *reduced score* ``score - counts @ p``. Letters the quotation has too
many of for common words (the W and F of "it was the worst of times") get negative prices,
scarce ones positive prices. For any prices,

    total score of an exact answer set = bound - sum over clues of (best reduced score of
    the clue - reduced score of its answer)

so ``bound`` caps what any exact set can reach, and a word's *gap* (how far its reduced
score is from its clue's best) is exactly what it costs the set. The search uses gaps as its
quality energy instead of raw rarity, which points it at letter-balanced common words.

The dual is minimized with the log-sum-exp smoothing (a softmax per clue, the Gibbs
distribution the search samples from) by Adam steps on a cooling temperature; no solver
library is needed and the result is deterministic. The prices (and the softmax weights
summed against the counts) are kept on grids of powers of two, :data:`PRICE_GRID` and
:data:`CHANCE_GRID`, so that every matrix product here and in the search is an exact sum:
the same in any order BLAS adds it (see :mod:`puzzlewright.acrostic.tables`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from puzzlewright.acrostic.tables import IntArray, WordTable, on_grid
from puzzlewright.stopping import NEVER, StopSignal

Floats = npt.NDArray[np.float64]
ITERATIONS = 600
START_TEMPERATURE = 5.0  # score points: smooth at first ...
END_TEMPERATURE = 0.3  # ... nearly the true maximum at the end
LEARNING_RATE = 1.0  # score points per letter per Adam step
STOP_EVERY = 20  # iterations between looks at the stop signal
PRICE_GRID = 2.0**-20
"""Prices are multiples of this: a word's priced letters (below 2**32 in absolute value)
then add up exactly in float64 in any order."""
CHANCE_GRID = 2.0**-30
"""The smoothed choice weights summed against the counts are multiples of this (their sums
stay below 2**22: exact in float64)."""


@dataclass(frozen=True)
class Prices:
    """Letter prices and the upper bound they prove for the total score of the free clues."""

    prices: Floats  # per letter, in score points
    bound: float  # no exact answer set scores more in total

    def gaps(self, table: WordTable) -> Floats:
        """Per word: its clue's best reduced score minus the word's (0 = best, >= 0)."""
        reduced = table.scores.astype(np.float64) - table.counts @ self.prices
        gaps: Floats = reduced.max() - reduced if reduced.size else reduced
        return gaps


def letter_prices(
    tables: Sequence[WordTable], target: IntArray, stop: StopSignal = NEVER
) -> Prices:
    """Prices minimizing the smoothed dual of "best total score using exactly ``target``".

    Seconds of numpy on a long quotation: ``stop`` (the search's time limit or Ctrl-C) is
    read every :data:`STOP_EVERY` iterations, and the prices reached so far are returned
    (any prices give a true bound, only a looser one; the stopped search is partial anyway).
    """
    size = int(target.shape[0])
    if not tables:
        return Prices(np.zeros(size), 0.0)
    shared = Counter(id(table) for table in tables)  # clues with one initial share a table
    groups = [(table, shared.pop(id(table))) for table in tables if id(table) in shared]
    counts = np.concatenate([t.counts for t, _ in groups]).astype(np.float64)
    scores = np.concatenate([t.scores for t, _ in groups]).astype(np.float64)
    sizes = [len(t) for t, _ in groups]
    starts = np.cumsum([0, *sizes[:-1]])
    group_of = np.repeat(np.arange(len(groups)), sizes)
    weight = np.repeat(np.array([m for _, m in groups], np.float64), sizes)
    goal = target.astype(np.float64)

    prices = np.zeros(size)
    moment = np.zeros(size)
    second = np.zeros(size)
    cooling = (END_TEMPERATURE / START_TEMPERATURE) ** (1 / ITERATIONS)
    for step in range(1, ITERATIONS + 1):
        if step % STOP_EVERY == 0 and stop.should_stop():
            break
        temperature = START_TEMPERATURE * cooling**step
        reduced = (scores - counts @ prices) / temperature
        odds = np.exp(reduced - np.maximum.reduceat(reduced, starts)[group_of])
        chance = on_grid(odds / np.add.reduceat(odds, starts)[group_of] * weight, CHANCE_GRID)
        slope = goal - counts.T @ chance  # gradient of the smoothed dual
        moment = 0.9 * moment + 0.1 * slope
        second = 0.999 * second + 0.001 * slope * slope
        rate = LEARNING_RATE * np.sqrt(1 - 0.999**step) / (1 - 0.9**step)
        prices = on_grid(prices - rate * moment / (np.sqrt(second) + 1e-8), PRICE_GRID)
    reduced = scores - counts @ prices
    best = np.maximum.reduceat(reduced, starts)
    bound = float(prices @ goal + sum(m * float(b) for (_, m), b in zip(groups, best, strict=True)))
    return Prices(prices, bound)
