"""Finding a first exact acrostic answer set: Gibbs sampling over whole answer sets, closed
by exact lookups.

Every clue always holds a word; ``off`` is the quotation's letter counts minus the letters of
all answers. A step picks a clue and draws its new word from all of its candidates with
probability ``exp(-energy / temperature)``, where the energy is the weighted letter distance
``sum_l w[l] * |off[l]|`` after the change (scored for all candidates at once, see
:mod:`puzzlewright.acrostic.tables`) plus a quality energy: how far the word's letter-priced
score falls below its clue's best (see :mod:`puzzlewright.acrostic.prices`). Letters that stay off
slowly gain weight, so the letters a quotation has too many of for ordinary words (the H
and W of THE, WITH, WHICH) are placed first. When only a few letters are off, exact repairs
look up one answer, or split two answers' letters plus the leftovers, by multiset hash.
Improving a set once found is :mod:`puzzlewright.acrostic.solver`'s job.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from puzzlewright.acrostic.energy import Draws
from puzzlewright.acrostic.prices import Prices, letter_prices
from puzzlewright.acrostic.quality import first_clash
from puzzlewright.acrostic.tables import HashArray, IntArray, WordTable, on_grid, weight_grid
from puzzlewright.stopping import NEVER, Counters, StopSignal

BARRED = 1.0e9  # energy of a word below the current quality floor


@dataclass
class Tuning:
    """Knobs of the search (defaults tuned on the benchmark quotations)."""

    temperature: float = 0.25  # in weighted letters: a word one letter worse is e^-4 as likely
    quality: float = 10.0  # energy per `spread` points of letter-priced score below the best
    relax: float = 0.85  # ... lowered by this factor every `relax_every` steps without a set
    relax_every: int = 30_000
    quality_low: float = 5.0  # ... down to this
    adapt: float = 0.01  # weight added to each letter still off, every `adapt_every` steps
    adapt_every: int = 256
    close_within: int = 6  # try one-answer repairs when at most this many letters are off
    pairs_within: int = 2  # ... and two-answer repairs
    stall: int = 40_000  # steps without a closer set before a partial restart
    perturb: float = 0.4  # share of the answers redrawn for a restart or the next set
    steps_per_second: int = 20_000  # converts --improve seconds into steps (reproducible)
    improve_per_letter: int = 1_600  # improvement steps per free letter when not given
    tries_steps: int = 640_000  # steps of all tries together (--tries): 15-22 s CPU (load 12-25)
    fit_first: bool = True  # the default effort's first try fits tries_steps too
    floor_steps: int = 20_000  # most effort for one raise of the quality floor
    floor_quality: float = 5.0  # the quality weight while a quality floor holds
    lift_width: int = 8  # better words tried for the rarest answer in a three-answer re-split
    redraw: float = 0.25  # share of the best set redrawn for each improvement restart ...
    restart_steps: int = 15_000  # ... within this many steps
    low_weight: float = 0.25  # ranking: mean score + this share of the lowest score
    resplit_share: float = 0.1  # then a tenth more effort for exact group re-splits
    resplit_size: int = 6  # ... of this many answers (two picked by cost, the rest at random)
    resplit_width: int = 50  # ... valuing this many of the lowest-gap re-splits each
    sweep_share: float = 0.3  # at most this much more for re-splits of the two costliest


@dataclass
class SearchStats(Counters):
    """What the search did, summed over a portfolio's workers (``BuildResult.stats``)."""

    steps: int = 0  # moves plus repair pair splits: the effort measure budgets count in
    repairs: int = 0  # exact one- or two-answer repairs tried (when few letters were off)
    restarts: int = 0  # partial restarts from the best set
    raises: int = 0  # quality-floor raises while improving


class SplitMemory:
    """The exact two-answer splits of pools already asked for (:meth:`ExactSearch._exact_pairs`),
    forgotten all at once when ``limit`` pools are held (the memory stays bounded)."""

    def __init__(self, limit: int = 200_000) -> None:
        self.limit = limit
        self.pairs: dict[tuple[int, int, bytes], tuple[tuple[int, int], ...]] = {}
        self.hits = 0

    def get(self, key: tuple[int, int, bytes]) -> tuple[tuple[int, int], ...] | None:
        found = self.pairs.get(key)
        self.hits += found is not None
        return found

    def put(self, key: tuple[int, int, bytes], pairs: tuple[tuple[int, int], ...]) -> None:
        if len(self.pairs) >= self.limit:
            self.pairs.clear()
        self.pairs[key] = pairs


class ExactSearch:
    """Finding one exact answer set over fixed candidate tables (clue ``i`` draws from
    ``tables[i]``): the state, the Gibbs steps and the exact repairs.

    ``choice[i]`` is the index in ``tables[i]`` of clue ``i``'s word; ``letter_counts[i]``
    that word's letter counts; ``off`` the quotation's counts minus all of them.
    """

    def __init__(
        self,
        tables: Sequence[WordTable],
        target: IntArray,
        hashes: HashArray,
        spread: float,
        goal: float,
        rng: random.Random,
        stop: StopSignal = NEVER,
        tuning: Tuning | None = None,
        fixed_words: Sequence[str] = (),
        valid: Callable[[list[str]], bool] | None = None,
        prices: Prices | None = None,
    ) -> None:
        self.tables = list(tables)
        self.n = len(self.tables)
        self.target = target.astype(np.int32)
        self.hashes = hashes
        self.tuning = tuning or Tuning()
        self.stop = stop
        self.rng = rng
        self.np_rng = np.random.default_rng(rng.getrandbits(64))
        self.goal = goal  # a score most answers could reach: where the quality floor aims
        self.fixed_words = list(fixed_words)
        self.valid = valid
        self.stats = SearchStats()
        self.size = int(target.shape[0])
        self.prices = prices or letter_prices(self.tables, self.target, stop)  # or a portfolio's
        # a word's quality energy (for a weight of 1): its gap in letter-priced score, per
        # `spread` points; the gaps of an exact set add up to what it falls short of the bound
        scale = 1 / max(spread, 1e-9)
        gaps = {id(t): self.prices.gaps(t) for t in self.tables}
        self.gaps = [gaps[id(t)] for t in self.tables]  # in score points, per clue
        self.base_bias = [(scale * gaps[id(t)]).astype(np.float32) for t in self.tables]
        self.quality_weight = self.tuning.quality
        self.bias = [self.quality_weight * b for b in self.base_bias]
        self.floor: float | None = None
        pairs = list(combinations(range(self.n), 2))
        self.pair_a = np.array([a for a, _ in pairs], np.intp)
        self.pair_b = np.array([b for _, b in pairs], np.intp)
        self.choice = [0] * self.n
        self.letter_counts = np.zeros((self.n, self.size), np.int32)
        self.off = self.target.copy()
        self.stems: Counter[str] = Counter()
        self.weights = np.ones(self.size, np.float32)
        self.draws = Draws(self.n, self.tuning.temperature, BARRED)  # the moves' memory
        self.split_memory = SplitMemory()  # the exact pairs of pools split before
        longest = max((t.longest for t in self.tables), default=0)
        self.weight_grid = weight_grid(self.size, longest)  # exact sums: tables.py
        self.best_off = int(np.abs(self.off).sum())
        self.best_state = list(self.choice)
        # called with each exact set that is the best so far (its words, its ranking value)
        self.on_best: Callable[[list[str], float], None] | None = None
        self.reported = -math.inf

    # -- state -----------------------------------------------------------------------------
    def _put(self, clue: int, j: int) -> None:
        table = self.tables[clue]
        row = table.counts[j]
        self.off += self.letter_counts[clue] - row
        self.letter_counts[clue] = row
        self._swap_stem(clue, j)

    def _swap_stem(self, clue: int, j: int) -> None:
        """Make word ``j`` ``clue``'s answer as far as the stem rules see (``choice`` and the
        stem counts), not its letters: :meth:`_put` does both."""
        stems = self.tables[clue].stems
        self.stems[stems[self.choice[clue]]] -= 1
        self.choice[clue] = j
        self.stems[stems[j]] += 1

    def _set_all(self, state: Sequence[int]) -> None:
        self.stems = Counter()
        for clue, j in enumerate(state):
            table = self.tables[clue]
            self.choice[clue] = j
            self.letter_counts[clue] = table.counts[j]
            self.stems[table.stems[j]] += 1
        self.off = self.target - self.letter_counts.sum(axis=0, dtype=np.int32)

    def _clashes(self, clue: int, j: int, others: Sequence[int] = ()) -> bool:
        """True when word ``j`` for ``clue`` repeats the stem of another current answer."""
        stem = self.tables[clue].stems[j]
        count = self.stems[stem] - (self.tables[clue].stems[self.choice[clue]] == stem)
        for other in others:
            count -= self.tables[other].stems[self.choice[other]] == stem
        return count > 0

    def _allowed(self, clue: int, j: int) -> bool:
        return bool(self.bias[clue][j] < BARRED / 2)

    def off_count(self) -> int:
        """How many letters the current answers miss or overuse."""
        return sum(map(abs, self.off.tolist()))  # a numpy sum of 26 costs twice as much

    def words(self, state: Sequence[int] | None = None) -> list[str]:
        """The answer words of ``state`` (default: the current answers)."""
        state = self.choice if state is None else state
        return [self.tables[i].words[j] for i, j in enumerate(state)]

    def _random_start(self) -> None:
        state = []
        for clue, table in enumerate(self.tables):
            allowed = np.flatnonzero(self.bias[clue] < BARRED / 2)
            pick = allowed if allowed.size else np.arange(len(table))
            state.append(int(pick[self.np_rng.integers(min(pick.size, 200))]))
        self._set_all(state)

    def _perturb(self, share: float) -> None:
        """Redraw a share of the answers at random and reset the letter weights."""
        self._redraw(self.rng.sample(range(self.n), self._share_of_clues(share)))

    def _share_of_clues(self, share: float) -> int:
        """How many clues a redraw of ``share`` touches (at least one; n is 0 when all forced)."""
        return min(self.n, max(1, round(share * self.n)))

    def _redraw(self, clues: Iterable[int]) -> None:
        """Give each of ``clues`` a random allowed word (unless it clashes); reset the weights."""
        for clue in clues:
            allowed = np.flatnonzero(self.bias[clue] < BARRED / 2)
            if allowed.size:
                j = int(allowed[self.np_rng.integers(min(allowed.size, 200))])
                if not self._clashes(clue, j):
                    self._put(clue, j)
        self.weights[:] = 1.0

    # -- moves -----------------------------------------------------------------------------
    def _step(self, clue: int) -> None:
        """Draw a new word for ``clue`` from its Gibbs distribution."""
        target = self.off + self.letter_counts[clue]
        draw = self.draws.draw(clue, self.tables[clue], target, self.weights, self.bias[clue])
        if draw is None:
            return
        j = int(draw.near[int(draw.odds.searchsorted(self.np_rng.random() * draw.total))])
        if j != self.choice[clue] and not self._clashes(clue, j):
            self._put(clue, j)

    # -- exact repairs -----------------------------------------------------------------------
    def _repair(self, off_count: int) -> bool:
        """Make the answers exact by replacing one answer (or two, when very close)."""
        self.stats.repairs += 1
        pools = self.off + self.letter_counts
        usable = np.flatnonzero((pools >= 0).all(axis=1))
        hashes = pools.astype(np.int64) @ self.hashes
        for clue in usable.tolist():
            for j in self.tables[clue].exact(pools[clue], int(hashes[clue])):
                if self._allowed(clue, j) and not self._clashes(clue, j):
                    self._put(clue, j)
                    return True
        if off_count > self.tuning.pairs_within:
            return False
        pools = self.off + self.letter_counts[self.pair_a] + self.letter_counts[self.pair_b]
        usable = np.flatnonzero((pools >= 0).all(axis=1))
        hashes = pools.astype(np.int64) @ self.hashes
        self.stats.steps += int(usable.size)
        for p in usable.tolist():
            a, b = int(self.pair_a[p]), int(self.pair_b[p])
            for x, y in self._splits(a, b, pools[p], int(hashes[p])):
                self._put(a, x)
                self._put(b, y)
                return True
        return False

    def _splits(self, a: int, b: int, pool: IntArray, pool_hash: int) -> list[tuple[int, int]]:
        """Allowed exact splits of ``pool`` into a word for clue ``a`` and one for ``b``."""
        swap = len(self.tables[a]) > len(self.tables[b])
        if swap:
            a, b = b, a
        pairs = self._exact_pairs(a, b, pool, pool_hash)
        if not pairs:
            return []
        first, second = self.tables[a], self.tables[b]
        found = []
        for x, y in pairs:
            if not self._allowed(a, x) or not self._allowed(b, y):
                continue
            if first.stems[x] == second.stems[y]:
                continue
            if self._clashes(a, x, (b,)) or self._clashes(b, y, (a,)):
                continue
            found.append((y, x) if swap else (x, y))
        return found

    def _exact_pairs(
        self, a: int, b: int, pool: IntArray, pool_hash: int
    ) -> tuple[tuple[int, int], ...]:
        """Every pair of a word of clue ``a`` and one of ``b`` whose letters are exactly
        ``pool``, in the order of ``a``'s table; remembered per pool (:class:`SplitMemory`):
        the settling re-splits ask for the same pools again and again, and the pairs depend
        on the tables alone (the rules, which change, are checked by :meth:`_splits`)."""
        key = (a, b, pool.tobytes())
        pairs = self.split_memory.get(key)
        if pairs is not None:
            return pairs
        first, second = self.tables[a], self.tables[b]
        pairs = ()
        fit = first.fitting(pool)
        if fit.size:
            rests = (np.int64(pool_hash) - first.hash[fit]).tolist()
            if not second.hash_set.isdisjoint(rests):  # the usual miss, found at C speed
                pairs = tuple(
                    (x, y)
                    for x, rest in zip(fit.tolist(), rests, strict=True)
                    for y in second.by_hash.get(rest, ())
                    if (first.counts[x] + second.counts[y] == pool).all()
                )
        self.split_memory.put(key, pairs)
        return pairs

    # -- finding -----------------------------------------------------------------------------
    def _accept(self) -> bool:
        """True when the exact current set passes the answer rules; else redraw an offender.

        The offender (a word below the floor, or one of a clashing pair) gets a random allowed
        word: a Gibbs draw could keep choosing the same clashing word forever.
        """
        barred = [i for i in range(self.n) if not self._allowed(i, self.choice[i])]
        if barred:
            clue = barred[0]
        else:
            words = self.words()
            clash = first_clash([*self.fixed_words, *words])
            if clash is None and (self.valid is None or self.valid(words)):
                return True
            bad = [i for i, w in enumerate(words) if clash is None or w in clash]
            clue = bad[self.rng.randrange(len(bad))] if bad else self.rng.randrange(self.n)
        allowed = np.flatnonzero(self.bias[clue] < BARRED / 2)
        if allowed.size:
            self._put(clue, int(allowed[self.np_rng.integers(allowed.size)]))
        return False

    def _find(self, budget: int | None) -> bool:
        """Step until the answers are exact (True), the budget runs out or the stop fires.

        The budget counts moves plus the pair splits of repairs and polishing (each costs
        about as much as a move), so effort does not depend on the machine's speed.
        """
        tuning = self.tuning
        stats = self.stats
        end = None if budget is None else stats.steps + budget
        check_at = stats.steps + tuning.adapt_every  # stop check, weights, relaxing, restarts
        relax_at = stats.steps + tuning.relax_every
        last_repair = b""
        best_here = self.off_count()
        since_best = 0
        while True:
            if stats.steps >= check_at:
                check_at = stats.steps + tuning.adapt_every
                if self.stop.should_stop() or (end is not None and stats.steps > end):
                    return False
                self._adapt_weights()
                if self.floor is None and stats.steps >= relax_at:
                    relax_at += tuning.relax_every
                    self._relax()
                if since_best > tuning.stall:
                    self._perturb(tuning.perturb)
                    stats.restarts += 1
                    best_here, since_best = self.off_count(), 0
            off_count = self.off_count()
            if off_count == 0:
                if self._accept():
                    return True
                off_count = self.off_count()  # an answer was redrawn: go on, counting the step
            if off_count < best_here:
                best_here, since_best = off_count, 0
                if off_count < self.best_off:
                    self.best_off = off_count
                    self.best_state = list(self.choice)
            stats.steps += 1
            since_best += 1
            if off_count <= tuning.close_within:
                key = self.off.tobytes()
                if key != last_repair:
                    last_repair = key
                    if self._repair(off_count):
                        continue
            self._step(int(self.np_rng.integers(self.n)))

    def _adapt_weights(self) -> None:
        """Letters still off gain weight; the weights are scaled back to add up to the
        alphabet's size and put on their grid, so every distance sum is exact
        (:func:`~puzzlewright.acrostic.tables.weight_grid`)."""
        weights = self.weights.astype(np.float64) + self.tuning.adapt * (self.off != 0)
        weights *= self.size / float(weights.sum())
        self.weights[:] = on_grid(weights, self.weight_grid)

    # -- the quality energy ------------------------------------------------------------
    def _set_floor(self, floor: float | None) -> None:
        """Bar the words below ``floor`` (None: none) and set the quality weight to match."""
        self.floor = floor
        if floor is None:
            self.bias = [self.quality_weight * b for b in self.base_bias]
            return
        weight = self.tuning.floor_quality
        self.bias = [
            weight * base + np.where(table.scores < floor, BARRED, 0.0).astype(np.float32)
            for base, table in zip(self.base_bias, self.tables, strict=True)
        ]

    def _relax(self) -> None:
        """Lower the quality weight a notch (a first search that takes long needs rarer words)."""
        weight = max(self.tuning.quality_low, self.quality_weight * self.tuning.relax)
        if weight < self.quality_weight:
            self.quality_weight = weight
            self._set_floor(self.floor)
