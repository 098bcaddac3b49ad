"""The acrostic search: Gibbs sampling over whole answer sets, closed by exact lookups.

Every clue always holds a word; ``off`` is the quotation's letter counts minus the letters of
all answers. A step picks a clue and draws its new word from all of its candidates with
probability ``exp(-energy / temperature)``, where the energy is the weighted letter distance
``sum_l w[l] * |off[l]|`` after the change (scored for all candidates at once, see
:mod:`puzzlewright.acrostic.tables`) plus a quality energy: how far the word's letter-priced
score falls below its clue's best (see :mod:`puzzlewright.acrostic.prices`). Letters that stay off
slowly gain weight, so the letters a quotation has too many of for ordinary words (the H
and W of THE, WITH, WHICH) are placed first. When only a few letters are off, exact repairs
look up one answer, or split two answers' letters plus the leftovers, by multiset hash.

A found set is then improved: pairs of answers are re-split into their best exact pair,
and the rarest answer's score becomes a floor that the next search must beat, until that
fails within the effort allowed. Effort is counted in steps, not seconds, so the same seed
gives the same answers on any machine.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from puzzlewright.acrostic.prices import letter_prices
from puzzlewright.acrostic.quality import first_clash
from puzzlewright.acrostic.tables import HashArray, IntArray, WordTable
from puzzlewright.stopping import NEVER, StopReason, StopSignal

BARRED = 1.0e9  # energy of a word below the current quality floor
MAX_REPEATS = 20  # with --count: give up on more sets after this many re-finds of known ones


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
    improve_per_letter: int = 2_000  # improvement steps per free letter when not given
    floor_steps: int = 20_000  # most effort for one raise of the quality floor
    floor_quality: float = 5.0  # the quality weight while a quality floor holds
    lift_width: int = 8  # better words tried for the rarest answer in a three-answer re-split
    redraw: float = 0.5  # share of the best set redrawn for each improvement restart
    low_weight: float = 0.25  # ranking: mean score + this share of the lowest score


@dataclass
class SearchStats:
    """Counters reported by the benchmark."""

    steps: int = 0
    repairs: int = 0
    restarts: int = 0
    raises: int = 0
    best_off: int = 0


@dataclass
class SearchResult:
    """Answer sets found (best first) or, when none, the closest partial set."""

    solutions: list[list[str]]
    partial: list[str]
    off: list[int]  # per letter: quotation count minus answer count, for the partial set
    stop_reason: StopReason | None  # the time limit or Ctrl-C ended the search early
    stats: SearchStats = field(default_factory=SearchStats)


class Search:
    """One run over fixed candidate tables; clue ``i`` draws from ``tables[i]``."""

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
        self.prices = letter_prices(self.tables, self.target)
        # a word's quality energy (for a weight of 1): its gap in letter-priced score, per
        # `spread` points; the gaps of an exact set add up to what it falls short of the bound
        scale = 1 / max(spread, 1e-9)
        gaps = {id(t): (scale * self.prices.gaps(t)).astype(np.float32) for t in self.tables}
        self.base_bias = [gaps[id(t)] for t in self.tables]
        self.quality_weight = self.tuning.quality
        self.bias = [self.quality_weight * b for b in self.base_bias]
        self.floor: float | None = None
        pairs = list(combinations(range(self.n), 2))
        self.pair_a = np.array([a for a, _ in pairs], np.intp)
        self.pair_b = np.array([b for _, b in pairs], np.intp)
        self.cur = [0] * self.n
        self.current = np.zeros((self.n, self.size), np.int32)
        self.off = self.target.copy()
        self.stems: Counter[str] = Counter()
        self.weights = np.ones(self.size, np.float32)
        self.best_off = int(np.abs(self.off).sum())
        self.best_state = list(self.cur)

    # -- state -----------------------------------------------------------------------------
    def _put(self, clue: int, j: int) -> None:
        table = self.tables[clue]
        old = self.cur[clue]
        self.off += self.current[clue]
        self.stems[table.stems[old]] -= 1
        self.cur[clue] = j
        self.current[clue] = table.counts[j]
        self.off -= self.current[clue]
        self.stems[table.stems[j]] += 1

    def _set_all(self, state: Sequence[int]) -> None:
        self.stems = Counter()
        for clue, j in enumerate(state):
            table = self.tables[clue]
            self.cur[clue] = j
            self.current[clue] = table.counts[j]
            self.stems[table.stems[j]] += 1
        self.off = self.target - self.current.sum(axis=0, dtype=np.int32)

    def _clashes(self, clue: int, j: int, others: Sequence[int] = ()) -> bool:
        """True when word ``j`` for ``clue`` repeats the stem of another current answer."""
        stem = self.tables[clue].stems[j]
        count = self.stems[stem] - (self.tables[clue].stems[self.cur[clue]] == stem)
        for other in others:
            count -= self.tables[other].stems[self.cur[other]] == stem
        return count > 0

    def _allowed(self, clue: int, j: int) -> bool:
        return bool(self.bias[clue][j] < BARRED / 2)

    def off_count(self) -> int:
        """How many letters the current answers miss or overuse."""
        return int(np.abs(self.off).sum())

    def words(self, state: Sequence[int] | None = None) -> list[str]:
        """The answer words of ``state`` (default: the current answers)."""
        state = self.cur if state is None else state
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
        k = min(self.n, max(1, round(share * self.n)))  # n is 0 when every answer is forced
        for clue in self.rng.sample(range(self.n), k):
            allowed = np.flatnonzero(self.bias[clue] < BARRED / 2)
            if allowed.size:
                j = int(allowed[self.np_rng.integers(min(allowed.size, 200))])
                if not self._clashes(clue, j):
                    self._put(clue, j)
        self.weights[:] = 1.0

    # -- moves -----------------------------------------------------------------------------
    def _step(self, clue: int) -> None:
        """Draw a new word for ``clue`` from its Gibbs distribution."""
        table = self.tables[clue]
        target = self.off + self.current[clue]
        energy = table.distances(target, self.weights) + self.bias[clue]
        low = float(energy.min())
        if low >= BARRED / 2:
            return
        temperature = self.tuning.temperature
        near = np.flatnonzero(energy <= low + 9.0 * temperature)
        odds = np.cumsum(np.exp((low - energy[near]) / temperature))
        j = int(near[int(np.searchsorted(odds, self.np_rng.random() * odds[-1]))])
        if j != self.cur[clue] and not self._clashes(clue, j):
            self._put(clue, j)

    # -- exact repairs -----------------------------------------------------------------------
    def _repair(self, off_count: int) -> bool:
        """Make the answers exact by replacing one answer (or two, when very close)."""
        self.stats.repairs += 1
        pools = self.off + self.current
        usable = np.flatnonzero((pools >= 0).all(axis=1))
        hashes = pools.astype(np.int64) @ self.hashes
        for clue in usable.tolist():
            for j in self.tables[clue].exact(pools[clue], int(hashes[clue])):
                if self._allowed(clue, j) and not self._clashes(clue, j):
                    self._put(clue, j)
                    return True
        if off_count > self.tuning.pairs_within:
            return False
        pools = self.off + self.current[self.pair_a] + self.current[self.pair_b]
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
        first, second = self.tables[a], self.tables[b]
        swap = len(first) > len(second)
        if swap:
            a, b, first, second = b, a, second, first
        fit = first.fitting(pool)
        if not fit.size:
            return []
        found = []
        rests = (np.int64(pool_hash) - first.hash[fit]).tolist()
        for x, rest in zip(fit.tolist(), rests, strict=True):
            ys = second.by_hash.get(rest)
            if not ys or not self._allowed(a, x):
                continue
            for y in ys:
                if not (first.counts[x] + second.counts[y] == pool).all():
                    continue
                if not self._allowed(b, y) or first.stems[x] == second.stems[y]:
                    continue
                if self._clashes(a, x, (b,)) or self._clashes(b, y, (a,)):
                    continue
                found.append((y, x) if swap else (x, y))
        return found

    # -- finding -----------------------------------------------------------------------------
    def _accept(self) -> bool:
        """True when the exact current set passes the answer rules; else redraw an offender.

        The offender (a word below the floor, or one of a clashing pair) gets a random allowed
        word: a Gibbs draw could keep choosing the same clashing word forever.
        """
        barred = [i for i in range(self.n) if not self._allowed(i, self.cur[i])]
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
                self.weights += tuning.adapt * (self.off != 0)
                self.weights *= self.size / float(self.weights.sum())
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
                    self.best_state = list(self.cur)
            stats.steps += 1
            since_best += 1
            if off_count <= tuning.close_within:
                key = self.off.tobytes()
                if key != last_repair:
                    last_repair = key
                    if self._repair(off_count):
                        continue
            self._step(int(self.np_rng.integers(self.n)))

    # -- improving -------------------------------------------------------------------------
    def quality(self, state: Sequence[int]) -> tuple[float, float]:
        """Ranking key of an answer set: (mean score, lowest score)."""
        scores = [float(self.tables[i].scores[j]) for i, j in enumerate(state)]
        return (sum(scores) / len(scores), min(scores)) if scores else (0.0, 0.0)

    def value(self, state: Sequence[int]) -> float:
        """One number to rank answer sets: the mean score plus a share of the lowest."""
        mean, low = self.quality(state)
        return mean + self.tuning.low_weight * low

    def _value_with(self, changes: Sequence[tuple[int, int]]) -> float:
        """The value of the current answers with some clues' words replaced."""
        state = list(self.cur)
        for clue, j in changes:
            state[clue] = j
        return self.value(state)

    def _try(self, changes: Sequence[tuple[int, int]]) -> bool:
        """Apply ``changes`` if the answers still pass the rules; else leave them as they were."""
        old = [(clue, self.cur[clue]) for clue, _ in changes]
        for clue, j in changes:
            self._put(clue, j)
        if self._accept_quietly():
            return True
        for clue, j in old:  # a prefix clash the stems do not see
            self._put(clue, j)
        return False

    def polish(self) -> bool:
        """Replace pairs of answers by their best exact re-split while that raises the value."""
        changed = False
        for _ in range(3):
            improved = False
            for a, b in combinations(range(self.n), 2):
                self.stats.steps += 1  # about the cost of a move: counted as effort
                pool = self.current[a] + self.current[b]
                pool_hash = int(pool.astype(np.int64) @ self.hashes)
                options = self._splits(a, b, pool, pool_hash)
                if not options:
                    continue
                now = self._value_with(())
                x, y = max(options, key=lambda o: self._value_with(((a, o[0]), (b, o[1]))))
                if self._value_with(((a, x), (b, y))) > now + 1e-6:
                    improved |= self._try(((a, x), (b, y)))
            changed |= improved
            if not improved or self.stop.should_stop():
                break
        return changed

    def _triple(
        self, low: int, j: int, k: int, now: float
    ) -> tuple[float, tuple[tuple[int, int], ...]] | None:
        """The best exact re-split of three answers' letters with a better word for ``low``."""
        table = self.tables[low]
        keep = self.cur[low]
        pool = self.current[low] + self.current[j] + self.current[k]
        self.stats.steps += 1
        fit = table.fitting(pool)
        fit = fit[table.scores[fit] > table.scores[keep]][: self.tuning.lift_width]
        best: tuple[float, tuple[tuple[int, int], ...]] | None = None
        for a in fit.tolist():
            if not self._allowed(low, a):
                continue
            self.stats.steps += 1
            self._put(low, a)
            rest = pool - table.counts[a]
            splits = self._splits(j, k, rest, int(rest.astype(np.int64) @ self.hashes))
            self._put(low, keep)
            for b, c in splits:
                changes = ((low, a), (j, b), (k, c))
                value = self._value_with(changes)
                if value > now + 1e-6 and (best is None or value > best[0]):
                    best = (value, changes)
        return best

    def lift(self) -> bool:
        """Replace the rarest answer by a better one, re-splitting its letters with two others.

        Every pair of other clues is tried with the rarest clue's best few better-scoring
        words that fit; the re-split that raises the value most is kept.
        """
        if self.n < 3:
            return False
        worst = min(range(self.n), key=lambda i: float(self.tables[i].scores[self.cur[i]]))
        now = self._value_with(())
        best = None
        others = [i for i in range(self.n) if i != worst]
        for j, k in combinations(others, 2):
            if self.stop.should_stop():
                break
            found = self._triple(worst, j, k, now)
            if found is not None and (best is None or found[0] > best[0]):
                best = found
        return best is not None and self._try(best[1])

    def polish3(self) -> bool:
        """Re-split every three answers with a better word for the rarest of them, if that helps."""
        changed = False
        for trio in combinations(range(self.n), 3):
            if self.stop.should_stop():
                break
            low, j, k = sorted(trio, key=lambda i: float(self.tables[i].scores[self.cur[i]]))
            found = self._triple(low, j, k, self._value_with(()))
            if found is not None and self._try(found[1]):
                changed = True
        return changed

    def settle(self) -> None:
        """Lift and polish until nothing raises the value (or the effort runs out)."""
        for _ in range(self.n):
            if self.stop.should_stop():
                return
            if not (self.lift() | self.polish()) and not self.polish3():
                return

    def _accept_quietly(self) -> bool:
        """True when the current answers pass the answer rules (no stem or prefix clash)."""
        words = self.words()
        return first_clash([*self.fixed_words, *words]) is None and (
            self.valid is None or self.valid(words)
        )

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

    def improve(self, budget: int) -> list[int]:
        """Raise the rarest answer's score while exact sets turn up within ``budget``.

        Each round bars every word below a floor and searches again from the last set found.
        The floor first jumps halfway from the rarest answer's score to ``goal``; a failed
        jump is retried with half the rise, and a failed rise of one point is retried from a
        partly redrawn set until the budget is spent. The best set seen (by value) wins.
        """
        end = self.stats.steps + budget
        self.settle()
        best = list(self.cur)
        half = self.stats.steps + budget // 2
        while half - self.stats.steps > self.tuning.adapt_every and not self.stop.should_stop():
            self._set_all(best)
            self._perturb(self.tuning.redraw)
            self.quality_weight = self.tuning.quality
            self._set_floor(None)
            self.stats.restarts += 1
            if self._find(half - self.stats.steps):
                self.settle()
                if self.value(self.cur) > self.value(best):
                    best = list(self.cur)
        base = best
        rise = max(1, math.ceil((self.goal - self.quality(base)[1]) / 2))
        retry = False
        while not self.stop.should_stop() and self.stats.steps < end:
            self._set_all(base)
            self._set_floor(self.quality(base)[1] + rise)
            if any(not (self.bias[i] < BARRED / 2).any() for i in range(self.n)):
                break
            if retry:
                self._perturb(self.tuning.perturb)
            for clue in range(self.n):
                if not self._allowed(clue, self.cur[clue]):
                    self._step(clue)
            self.weights[:] = 1.0
            self.stats.raises += 1
            chunk = min(end - self.stats.steps, self.tuning.floor_steps)
            if self._find(max(1, chunk)):
                self.settle()
                base = list(self.cur)
                if self.value(base) > self.value(best):
                    best = base
                rise = max(1, math.ceil((self.goal - self.quality(base)[1]) / 2))
                retry = False
            elif rise > 1:
                rise //= 2
            else:
                retry = True
        self._set_floor(None)
        self._set_all(best)
        return best

    # -- driver ----------------------------------------------------------------------------
    def run(self, count: int = 1, improve: float | None = 0.0) -> SearchResult:
        """Find ``count`` distinct exact answer sets, best first, each improved for
        ``improve`` seconds' worth of steps (None: an effort that grows with the letters)."""
        self._random_start()
        self.best_off = self.off_count()
        self.best_state = list(self.cur)
        if improve is None:
            budget = self.tuning.improve_per_letter * int(self.target.sum())
        else:
            budget = round(improve * self.tuning.steps_per_second)
        found: dict[frozenset[str], list[int]] = {}
        stopped: StopReason | None = None
        repeats = 0  # exact sets found again in a row: there may be no other
        while len(found) < count:
            if not self._find(None):
                stopped = self.stop.reason
                break
            state = self.improve(budget) if budget > 0 else list(self.cur)
            self.best_off = 0
            key = frozenset(self.words(state))
            repeats = repeats + 1 if key in found else 0
            found.setdefault(key, state)
            if self.n == 0 or repeats >= MAX_REPEATS:
                break  # every answer forced, or no new set turns up
            if self.stop.should_stop():
                stopped = self.stop.reason
                break
            self._perturb(self.tuning.perturb)
        ranked = sorted(found.values(), key=self.value, reverse=True)
        self.stats.best_off = 0 if ranked else self.best_off
        partial = self.best_state
        self._set_all(partial)
        return SearchResult(
            solutions=[self.words(state) for state in ranked],
            partial=self.words(partial),
            off=[int(x) for x in self.off],
            stop_reason=stopped,
            stats=self.stats,
        )
