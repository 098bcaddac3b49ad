"""The acrostic search: find an exact answer set (:mod:`puzzlewright.acrostic.exact`), then
improve it, and repeat for more sets.

A found set is improved: pairs of answers are re-split into their best exact pair, and the
rarest answer's score becomes a floor that the next search must beat, until that fails
within the effort allowed. Effort is counted in steps, not seconds, so the same seed gives
the same answers on any machine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np
import numpy.typing as npt

from puzzlewright.acrostic.exact import BARRED, ExactSearch, SearchStats, Tuning
from puzzlewright.acrostic.quality import first_clash
from puzzlewright.acrostic.resplit import COMBOS_PER_STEP, resplits
from puzzlewright.stopping import StopReason

__all__ = ["BARRED", "MAX_REPEATS", "Search", "SearchResult", "SearchStats", "Tuning"]

MAX_REPEATS = 20  # with --count: give up on more sets after this many re-finds of known ones


@dataclass
class SearchResult:
    """Answer sets found (best first) or, when none, the closest partial set."""

    solutions: list[list[str]]
    partial: list[str]
    off: list[int]  # per letter: quotation count minus answer count, for the partial set
    stop_reason: StopReason | None  # the time limit or Ctrl-C ended the search early
    stats: SearchStats = field(default_factory=SearchStats)
    values: list[float] = field(default_factory=list)  # per solution: its ranking value


class Search(ExactSearch):
    """The whole acrostic search: exact sets found by :class:`ExactSearch`, each improved
    (re-split pairs, a rising quality floor) and ranked; :meth:`run` drives it."""

    # -- improving -------------------------------------------------------------------------
    def quality(self, state: Sequence[int]) -> tuple[float, float]:
        """Ranking key of an answer set: (mean score, lowest score)."""
        scores = [float(self.tables[i].scores[j]) for i, j in enumerate(state)]
        return (sum(scores) / len(scores), min(scores)) if scores else (0.0, 0.0)

    def value(self, state: Sequence[int]) -> float:
        """One number to rank answer sets: the mean score plus a share of the lowest."""
        mean, low = self.quality(state)
        return mean + self.tuning.low_weight * low

    def report(self, state: Sequence[int]) -> None:
        """Tell ``on_best`` about ``state`` (an exact set) when it beats every set told so
        far: the first set at once, then each better one, so a face can show the best so far
        while the search goes on."""
        value = self.value(state)
        if self.on_best is not None and value > self.reported + 1e-6:
            self.reported = value
            self.on_best(self.words(state), value)

    def _value_with(self, changes: Sequence[tuple[int, int]]) -> float:
        """The value of the current answers with some clues' words replaced."""
        state = list(self.choice)
        for clue, j in changes:
            state[clue] = j
        return self.value(state)

    def _try(self, changes: Sequence[tuple[int, int]]) -> bool:
        """Apply ``changes`` if the answers still pass the rules; else leave them as they were."""
        old = [(clue, self.choice[clue]) for clue, _ in changes]
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
                if self._spent():
                    break
                self.stats.steps += 1  # about the cost of a move: counted as effort
                pool = self.letter_counts[a] + self.letter_counts[b]
                pool_hash = int(pool.astype(np.int64) @ self.hashes)
                options = self._splits(a, b, pool, pool_hash)
                if not options:
                    continue
                now = self._value_with(())
                x, y = max(options, key=lambda o: self._value_with(((a, o[0]), (b, o[1]))))
                if self._value_with(((a, x), (b, y))) > now + 1e-6:
                    improved |= self._try(((a, x), (b, y)))
            changed |= improved
            if not improved or self._spent():
                break
        return changed

    def _triple(
        self, low: int, j: int, k: int, now: float
    ) -> tuple[float, tuple[tuple[int, int], ...]] | None:
        """The best exact re-split of three answers' letters with a better word for ``low``."""
        table = self.tables[low]
        keep = self.choice[low]
        pool = self.letter_counts[low] + self.letter_counts[j] + self.letter_counts[k]
        self.stats.steps += 1
        fit = table.fitting(pool)
        fit = fit[table.scores[fit] > table.scores[keep]][: self.tuning.lift_width]
        best: tuple[float, tuple[tuple[int, int], ...]] | None = None
        for a in fit.tolist():
            if not self._allowed(low, a):
                continue
            self.stats.steps += 1
            self._swap_stem(low, a)  # the splits' stem rules see ``a`` as low's answer
            rest = pool - table.counts[a]
            splits = self._splits(j, k, rest, int(rest.astype(np.int64) @ self.hashes))
            self._swap_stem(low, keep)
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
        worst = min(range(self.n), key=lambda i: float(self.tables[i].scores[self.choice[i]]))
        now = self._value_with(())
        best = None
        others = [i for i in range(self.n) if i != worst]
        for j, k in combinations(others, 2):
            if self._spent():
                break
            found = self._triple(worst, j, k, now)
            if found is not None and (best is None or found[0] > best[0]):
                best = found
        return best is not None and self._try(best[1])

    def polish3(self) -> bool:
        """Re-split every three answers with a better word for the rarest of them, if that helps."""
        changed = False
        for trio in combinations(range(self.n), 3):
            if self._spent():
                break
            low, j, k = sorted(trio, key=lambda i: float(self.tables[i].scores[self.choice[i]]))
            found = self._triple(low, j, k, self._value_with(()))
            if found is not None and self._try(found[1]):
                changed = True
        return changed

    def resplit(self, clues: Sequence[int], end: int | None = None) -> bool:
        """Re-split the letters of ``clues``' answers exactly into the best-valued words
        whose gaps add up to no more than the current answers' (see acrostic.resplit),
        looking at no more combinations than the steps left before ``end`` pay for (None:
        no limit): one re-split of six answers can look at millions."""
        pool = self.letter_counts[list(clues)].sum(axis=0).astype(np.int32)
        pool_hash = int(pool.astype(np.int64) @ self.hashes)
        gaps = [self.gaps[c] for c in clues]
        budget = sum(float(g[self.choice[c]]) for g, c in zip(gaps, clues, strict=True)) + 1e-6
        options = []
        for g, c in zip(gaps, clues, strict=True):
            fit = self.tables[c].fitting(pool)
            fit = fit[(g[fit] <= budget) & (self.bias[c][fit] < BARRED / 2)]
            fit = np.array([j for j in fit.tolist() if not self._clashes(c, j, clues)], np.int64)
            options.append((fit, g[fit].astype(np.float64)))
        most = None if end is None else max(0, end - self.stats.steps - 1) * COMBOS_PER_STEP
        tables = [self.tables[c] for c in clues]
        rows, built = resplits(tables, options, pool, pool_hash, budget, most)
        self.stats.steps += 1 + built // COMBOS_PER_STEP
        now = self.value(self.choice)
        best: tuple[float, tuple[tuple[int, int], ...]] | None = None
        current = [self.choice[c] for c in clues]
        for row in rows[: self.tuning.resplit_width].tolist():
            if row == current:
                continue
            if len({self.tables[c].stems[j] for c, j in zip(clues, row, strict=True)}) < len(row):
                continue
            changes = tuple(zip(clues, row, strict=True))
            value = self._value_with(changes)
            if value > now + 1e-6 and (best is None or value > best[0]):
                best = (value, changes)
        return best is not None and self._try(best[1])

    def _resplit_group(self, k: int) -> npt.NDArray[np.intp]:
        """``k`` clues to re-split: two picked by their answers' gaps, the rest uniformly."""
        cost = np.array([float(self.base_bias[i][j]) for i, j in enumerate(self.choice)])
        cost += 0.02  # every clue keeps a chance
        anchors = min(k, 2)
        first = self.np_rng.choice(self.n, size=anchors, replace=False, p=cost / cost.sum())
        rest = np.setdiff1d(np.arange(self.n), first)
        others = self.np_rng.choice(rest, size=k - anchors, replace=False)
        picked: npt.NDArray[np.intp] = np.concatenate([first, others])
        return picked

    def recombine(self, budget: int) -> None:
        """Exact re-splits of groups of answers for ``budget`` steps; each group has two
        answers picked by their gaps (what they cost the set) and the rest at random."""
        end = self.stats.steps + budget
        k = min(self.n, self.tuning.resplit_size)
        while self.stats.steps < end and k >= 3 and not self.stop.should_stop():
            self.resplit(sorted(self._resplit_group(k).tolist()), end)

    def sweep(self, budget: int) -> None:
        """Re-split the two costliest answers (largest gaps) with every three others, the
        costliest first, until one raises the value; then again from the new set, until a
        whole sweep finds nothing or ``budget`` steps are spent.

        A finished set usually owes most of its distance to the bound to one or two answers
        that take the letters the others leave (THEATERS, gap 24 points, in a set of the Tale
        of Two Cities whose other answers are within 4 of their clue's best); random groups
        include both of them and the right three others rarely.
        """
        end = self.stats.steps + budget
        improved = True
        while improved and self.stats.steps < end and not self.stop.should_stop():
            improved = False
            gaps = [float(self.gaps[i][j]) for i, j in enumerate(self.choice)]
            order = sorted(range(self.n), key=lambda i: -gaps[i])
            for trio in combinations(order[2:], 3):
                if self.stats.steps >= end or self.stop.should_stop():
                    break
                if self.resplit(sorted([*order[:2], *trio]), end):
                    improved = True
                    break

    def settle(self) -> None:
        """Lift and polish until nothing raises the value (or the effort runs out: the stop,
        or the improvement's steps, ``until``)."""
        for _ in range(self.n):
            if self._spent():
                return
            if not (self.lift() | self.polish()) and not self.polish3():
                return

    def _redraw_costly(self, share: float) -> None:
        """Redraw a share of the answers, picking clues by what their words cost the set.

        A clue is picked with odds growing with its answer's gap (its letter-priced score
        below the clue's best, which is what the answer costs against the bound) plus a tenth
        of the score spread, so every clue can be redrawn but costly answers are redrawn more.
        """
        k = self._share_of_clues(share)
        cost = np.array([float(self.base_bias[i][j]) for i, j in enumerate(self.choice)]) + 0.1
        picked = self.np_rng.choice(self.n, size=k, replace=False, p=cost / cost.sum())
        self._redraw(picked.tolist())

    until: int | None = None  # the step at which the improvement's own phase ends

    def _spent(self) -> bool:
        """True when the stop fired or the improvement has spent its steps (``until``): the
        re-splits of ``settle`` check this between re-splits, so a set found just before the
        end of the budget is settled only as far as the budget goes."""
        return self.stop.should_stop() or (
            self.until is not None and self.stats.steps >= self.until
        )

    def _accept_quietly(self) -> bool:
        """True when the current answers pass the answer rules (no stem or prefix clash)."""
        words = self.words()
        return first_clash([*self.fixed_words, *words]) is None and (
            self.valid is None or self.valid(words)
        )

    def improve(self, budget: int) -> list[int]:
        """Raise the rarest answer's score while exact sets turn up within ``budget``.

        Each round bars every word below a floor and searches again from the last set; the
        floor jumps halfway to ``goal``, a failed jump is retried with half the rise, a failed
        one-point rise from a partly redrawn set. The best set (by value) wins. Every phase
        keeps to its steps (``until``, the re-splits' ``end``), give or take a move."""
        end = self.until = self.stats.steps + budget
        self.settle()
        best = list(self.choice)
        self.report(best)
        half = min(end, self.stats.steps + budget // 2)  # settling may have spent it all
        while half - self.stats.steps > self.tuning.adapt_every and not self.stop.should_stop():
            self._set_all(best)
            self._redraw_costly(self.tuning.redraw)
            self.quality_weight = self.tuning.quality
            self._set_floor(None)
            self.stats.restarts += 1
            if self._find(min(half - self.stats.steps, self.tuning.restart_steps)):
                self.settle()
                if self.value(self.choice) > self.value(best):
                    best = list(self.choice)
                    self.report(best)
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
                if not self._allowed(clue, self.choice[clue]):
                    self._step(clue)
            self.weights[:] = 1.0
            self.stats.raises += 1
            chunk = min(end - self.stats.steps, self.tuning.floor_steps)
            if self._find(max(1, chunk)):
                self.settle()
                base = list(self.choice)
                if self.value(base) > self.value(best):
                    best = base
                    self.report(best)
                rise = max(1, math.ceil((self.goal - self.quality(base)[1]) / 2))
                retry = False
            elif rise > 1:
                rise //= 2
            else:
                retry = True
        self.until = None
        self._set_floor(None)
        self._set_all(best)
        self.recombine(int(budget * self.tuning.resplit_share))  # only ever raises the value
        self.report(self.choice)
        self.sweep(int(budget * self.tuning.sweep_share))  # so does this
        self.report(self.choice)
        return list(self.choice)

    # -- driver ----------------------------------------------------------------------------
    budget = 0  # the improvement steps of each set of the last run

    def improve_budget(self, improve: float | None) -> int:
        """The improvement steps of each set: ``improve`` seconds' worth of steps, or (None)
        ``Tuning.improve_per_letter`` per free letter."""
        if improve is None:
            return self.tuning.improve_per_letter * int(self.target.sum())
        return round(improve * self.tuning.steps_per_second)

    def fitted_budget(self, budget: int, within: int | None) -> int:
        """``budget``, or less when the run may take at most ``within`` steps: the most whose
        whole improvement (its own steps plus the group re-splits' and the sweep's shares)
        fits the steps left. Counted in steps, so still the same on any machine."""
        if within is None:
            return budget
        share = 1.0 + self.tuning.resplit_share + self.tuning.sweep_share
        return max(0, min(budget, int((within - self.stats.steps) / share)))

    def run(
        self,
        count: int = 1,
        improve: float | None = 0.0,
        start: Sequence[int] | None = None,
        within: int | None = None,
    ) -> SearchResult:
        """Find ``count`` distinct exact answer sets, best first, each improved for
        ``improve`` seconds' worth of steps (None: an effort that grows with the letters).

        ``start`` (an exact set, as indexes into the tables) is the first set instead of a
        search from random answers: a portfolio's workers improve the winner's set.
        ``within`` (None: no cap) caps the run's steps: each set's improvement shrinks to fit
        the steps left (:meth:`fitted_budget`), so a set found late is improved less; finding
        a set is not cut (``max_steps`` does that)."""
        if start is None:
            self._random_start()
        else:
            self._set_all(start)
        self.best_off = self.off_count()
        self.best_state = list(self.choice)
        budget = self.budget = self.improve_budget(improve)
        found: dict[frozenset[str], list[int]] = {}
        stopped: StopReason | None = None
        repeats = 0  # exact sets found again in a row: there may be no other
        while len(found) < count:
            if not self._find(None):
                stopped = self.stop.reason
                break
            self.report(self.choice)  # the first exact set: shown before it is improved
            fitted = self.fitted_budget(budget, within)
            state = self.improve(fitted) if fitted > 0 else list(self.choice)
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
        partial = self.best_state
        self._set_all(partial)
        return SearchResult(
            solutions=[self.words(state) for state in ranked],
            partial=self.words(partial),
            off=[int(x) for x in self.off],
            stop_reason=stopped,
            stats=self.stats,
            values=[self.value(state) for state in ranked],
        )
