"""The fill search: a slot CSP over candidate bitsets with letter-level arc consistency.

State: one candidate bitset per slot and one letter-set mask per empty cell. Propagation
keeps them arc consistent: a slot's candidates decide which letters its cells can still
take, and a cell that loses letters removes the crossing slot's words with those letters
(all with int AND/OR). A slot left with one word is committed: its word leaves every other
slot of that length (no duplicates) and, with ``max_shared_substring``, its long substrings
are barred from later entries.

Search: 2-way branching (slot = word, else slot != word) with dom/wdeg variable ordering
(fewest candidates per learned failure weight), quality-aware value ordering (score plus the
log of the options left to the crossings) and restarts with a growing cutoff; the learned
weights survive restarts, and the run that exhausts its tree proves the grid unfillable.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from math import log
from random import Random

from puzzlewright.crossword.fill.domains import first_bits
from puzzlewright.crossword.fill.problem import Problem
from puzzlewright.crossword.fill.quality import value_weights
from puzzlewright.stopping import StopSignal

Solution = tuple[int, ...]  # word index per variable (-1 for slots that only stay fillable)


class State:
    """Candidates per variable, letter sets per cell, committed flags: one search node."""

    __slots__ = ("cells", "dom", "done", "filled", "grams")

    def __init__(
        self,
        dom: list[int],
        cells: list[int],
        done: list[bool],
        filled: int,
        grams: frozenset[str] | None,
    ) -> None:
        self.dom = dom
        self.cells = cells
        self.done = done
        self.filled = filled
        self.grams = grams

    def copy(self) -> State:
        """An independent copy (ints are immutable, so copying the lists is enough)."""
        return State(self.dom[:], self.cells[:], self.done[:], self.filled, self.grams)


@dataclass
class Outcome:
    """What a search run ended with."""

    status: str  # "filled", "unfillable" or "timeout"
    solutions: list[Solution]
    best: State  # the node with the most slots committed (for partial fills)
    nodes: int
    backtracks: int
    restarts: int
    failures: list[int]  # per variable: how often it ran out of candidates


ProgressHook = Callable[[int, int, int, int], None]  # filled, best, backtracks, restarts

VAR_MODE = 0
FIRST_CUTOFF = 200
CUTOFF_GROWTH = 1.5
CANDIDATES = 48  # best-scored candidates weighed by crossing options at each decision


class Search:
    """One fill search over a :class:`Problem`."""

    def __init__(
        self,
        problem: Problem,
        *,
        seed: int = 0,
        max_shared_substring: int | None = None,
        stop: StopSignal,
        progress: ProgressHook | None = None,
    ) -> None:
        self.problem = problem
        variables = problem.vars
        self.n = len(variables)
        self.tables = [var.table for var in variables]
        self.cols = [var.table.cols for var in variables]
        self.links = [var.links for var in variables]
        self.required = [var.required for var in variables]
        self.order = [v for v in range(self.n) if self.required[v]]
        self.same = [
            [u for u in self.order if u != v and variables[u].table is variables[v].table]
            for v in range(self.n)
        ]
        self.weights = [1.0] * self.n
        self.failures = [0] * self.n
        self.rng = Random(seed)
        self.gram = None if max_shared_substring is None else max_shared_substring + 1
        self.stop = stop
        self.progress = progress
        self.penalty: list[dict[int, float]] = [{} for _ in range(self.n)]
        self.nodes = self.backtracks = self.restarts = 0
        self.score_weight, self.option_weight, self.jitter = value_weights()
        # Per variable, position and letter: one word (as a one-bit int) known to have that
        # letter there. A low word index makes "is it still a candidate?" a cheap AND.
        size = len(problem.words.alphabet)
        self.residues = [
            [[0] * size for _ in range(len(var.table.cols))] for var in variables
        ]
        self._letter_lists: dict[int, list[tuple[int, int]]] = {}

    def letters_in(self, mask: int) -> list[tuple[int, int]]:
        """(bit, letter index) for each letter in a letter-set mask (cached per mask)."""
        found = self._letter_lists.get(mask)
        if found is None:
            found = []
            rest = mask
            while rest:
                low = rest & -rest
                found.append((low, low.bit_length() - 1))
                rest ^= low
            self._letter_lists[mask] = found
        return found

    # -- propagation -----------------------------------------------------------------------
    def fail(self, v: int, cause: int) -> None:
        """Record that ``v`` ran out of candidates while ``cause`` was being revised."""
        self.failures[v] += 1
        self.weights[v] += 1.0
        if cause >= 0:
            self.weights[cause] += 0.5

    def grams_of(self, word: str) -> set[str]:
        """The substrings of ``word`` that another entry may not share."""
        size = self.gram or 0
        return {word[k : k + size] for k in range(len(word) - size + 1)}

    def commit(self, st: State, v: int, bit: int, queue: list[int], queued: list[bool]) -> bool:
        """Mark ``v`` as holding its single candidate: no duplicates, no shared substrings."""
        st.done[v] = True
        st.filled += 1
        dom = st.dom
        for u in self.same[v]:
            d = dom[u]
            if d & bit:
                if st.done[u]:
                    self.fail(v, u)
                    return False
                d ^= bit
                if not d:
                    self.fail(u, v)
                    return False
                dom[u] = d
                if not queued[u]:
                    queued[u] = True
                    queue.append(u)
        if self.gram is not None:
            word = self.tables[v].words[bit.bit_length() - 1]
            grams = self.grams_of(word)
            assert st.grams is not None
            if not grams.isdisjoint(st.grams):
                self.fail(v, -1)
                return False
            st.grams = st.grams | grams
        return True

    def propagate(self, st: State, queue: list[int]) -> bool:
        """Make ``st`` arc consistent after the candidates of ``queue`` changed."""
        dom = st.dom
        cells = st.cells
        done = st.done
        cols = self.cols
        links = self.links
        required = self.required
        residues = self.residues
        letters_in = self.letters_in
        queued = [False] * self.n
        for v in queue:
            queued[v] = True
        while queue:
            v = queue.pop()
            queued[v] = False
            d = dom[v]
            if not d & (d - 1):  # a single candidate
                if required[v] and not done[v] and not self.commit(st, v, d, queue, queued):
                    return False
                word = self.tables[v].letters(d.bit_length() - 1)
                for c, p, t, q in links[v]:
                    letter = word[p]
                    bit = 1 << letter
                    if cells[c] == bit:
                        continue
                    cells[c] = bit
                    dt = dom[t]
                    nt = dt & cols[t][q][letter]
                    if nt != dt:
                        if not nt:
                            self.fail(t, v)
                            return False
                        dom[t] = nt
                        if not queued[t]:
                            queued[t] = True
                            queue.append(t)
                continue
            colv = cols[v]
            resv = residues[v]
            for c, p, t, q in links[v]:
                cur = cells[c]
                if not cur & (cur - 1):
                    continue
                col = colv[p]
                res = resv[p]
                new = 0
                for low, letter in letters_in(cur):
                    support = res[letter]
                    if support and d & support:
                        new |= low
                        continue
                    support = d & col[letter]
                    if support:
                        res[letter] = support & -support
                        new |= low
                if new == cur:
                    continue
                cells[c] = new
                removed = cur ^ new
                colt = cols[t][q]
                dt = dom[t]
                mask = 0
                if new.bit_count() <= removed.bit_count():
                    rest = new
                    while rest:
                        low = rest & -rest
                        mask |= colt[low.bit_length() - 1]
                        rest ^= low
                    nt = dt & mask
                else:
                    rest = removed
                    while rest:
                        low = rest & -rest
                        mask |= colt[low.bit_length() - 1]
                        rest ^= low
                    nt = dt & ~mask
                if nt != dt:
                    if not nt:
                        self.fail(t, v)
                        return False
                    dom[t] = nt
                    if not queued[t]:
                        queued[t] = True
                        queue.append(t)
        return True

    # -- ordering --------------------------------------------------------------------------
    def choose(self, st: State) -> int:
        """The uncommitted slot with the fewest candidates per failure weight (-1: none)."""
        best = -1
        best_key = 0.0
        dom = st.dom
        done = st.done
        weights = self.weights
        mode = VAR_MODE
        for v in self.order:
            if done[v]:
                continue
            if mode == 0:
                key = dom[v].bit_count() / weights[v]
            elif mode == 1:
                key = float(dom[v].bit_count())
            else:
                deg = 1 + sum(1 for c, p, t, q in self.links[v] if not done[t])
                key = dom[v].bit_count() / (weights[v] * deg)
            if best < 0 or key < best_key:
                best, best_key = v, key
        return best

    def value(self, st: State, v: int) -> int:
        """The candidate of ``v`` to try next: high score, many options left to crossings."""
        d = st.dom[v]
        if not d & (d - 1):
            return d.bit_length() - 1
        candidates = first_bits(d, CANDIDATES)
        table = self.tables[v]
        scores = table.scores
        dom = st.dom
        cells = st.cells
        cols = self.cols
        open_links = [
            (p, dom[t], cols[t][q])
            for c, p, t, q in self.links[v]
            if cells[c] & (cells[c] - 1) and not st.done[t]
        ]
        logs: list[dict[int, float]] = [{} for _ in open_links]
        penalty = self.penalty[v]
        random = self.rng.random
        sw, ow, jitter = self.score_weight, self.option_weight, self.jitter
        best = candidates[0]
        best_value = float("-inf")
        for i in candidates:
            letters = table.letters(i)
            options = 0.0
            for k, (p, dt, col) in enumerate(open_links):
                letter = letters[p]
                cached = logs[k].get(letter)
                if cached is None:
                    count = (dt & col[letter]).bit_count()
                    cached = logs[k][letter] = log(count) if count else -1e9
                options += cached
            value = sw * scores[i] + ow * options + jitter * random()
            if penalty:
                value -= penalty.get(i, 0.0)
            if value > best_value:
                best, best_value = i, value
        return best

    # -- the search ------------------------------------------------------------------------
    def backtrack(self, stack: list[tuple[State, int, int]]) -> State | None:
        """Undo decisions until one can be refuted consistently (None: tree exhausted)."""
        while stack:
            parent, v, bit = stack.pop()
            st = parent.copy()
            d = st.dom[v] & ~bit
            if not d:
                self.fail(v, -1)
                continue
            st.dom[v] = d
            if self.propagate(st, [v]):
                return st
        return None

    def solution(self, st: State) -> Solution:
        """The word index of every variable (-1 for those the fill does not decide)."""
        return tuple(st.dom[v].bit_length() - 1 if self.required[v] else -1 for v in range(self.n))

    def run(self, root: State, count: int = 1, diversity: float = 6.0) -> Outcome:
        """Search from ``root`` for up to ``count`` different fills."""
        solutions: list[Solution] = []
        seen: set[Solution] = set()
        best = root
        started = time.monotonic()
        last_report = started
        stop = self.stop
        for v in range(self.n):
            if not root.dom[v]:
                self.fail(v, -1)
                return self.outcome("unfillable", solutions, root)
        if not self.propagate(root, list(range(self.n))):
            return self.outcome("unfillable", solutions, root)
        best = root
        state: State | None = root
        stack: list[tuple[State, int, int]] = []
        cutoff = float(FIRST_CUTOFF)
        failed_in_run = 0
        while True:
            assert state is not None
            self.nodes += 1
            if not self.nodes & 15:
                if stop.should_stop():
                    status = "filled" if solutions else "timeout"
                    return self.outcome(status, solutions, best)
                if self.progress is not None and time.monotonic() - last_report > 0.1:
                    last_report = time.monotonic()
                    self.progress(state.filled, best.filled, self.backtracks, self.restarts)
            v = self.choose(state)
            if v < 0:
                found = self.solution(state)
                if found not in seen:
                    seen.add(found)
                    solutions.append(found)
                    if len(solutions) >= count:
                        return self.outcome("filled", solutions, state)
                    for u, i in enumerate(found):  # steer the next fill elsewhere
                        if i >= 0:
                            self.penalty[u][i] = self.penalty[u].get(i, 0.0) + diversity
                    state, stack, failed_in_run = root, [], 0
                    self.restarts += 1
                    continue
                state = self.backtrack(stack)
                if state is None:
                    return self.outcome("filled", solutions, best)
                continue
            i = self.value(state, v)
            bit = 1 << i
            child = state.copy()
            child.dom[v] = bit
            stack.append((state, v, bit))
            if self.propagate(child, [v]):
                state = child
                if child.filled > best.filled:
                    best = child
                continue
            self.backtracks += 1
            failed_in_run += 1
            state = self.backtrack(stack)
            if state is None:
                return self.outcome("filled" if solutions else "unfillable", solutions, best)
            if failed_in_run >= cutoff:
                state, stack, failed_in_run = root, [], 0
                cutoff *= CUTOFF_GROWTH
                self.restarts += 1

    def outcome(self, status: str, solutions: list[Solution], best: State) -> Outcome:
        return Outcome(
            status,
            solutions,
            best,
            self.nodes,
            self.backtracks,
            self.restarts,
            list(self.failures),
        )

    def root(self) -> State:
        """The initial node: every variable's initial candidates, every letter possible."""
        alphabet = (1 << len(self.problem.words.alphabet)) - 1
        grams: frozenset[str] | None = None
        if self.gram is not None:
            given: set[str] = set()
            for entry in self.problem.givens:
                given |= self.grams_of(entry.word)
            grams = frozenset(given)
        return State(
            [var.domain for var in self.problem.vars],
            [alphabet] * len(self.problem.cells),
            [False] * self.n,
            0,
            grams,
        )
