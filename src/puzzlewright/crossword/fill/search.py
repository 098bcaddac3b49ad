"""The fill search: a slot CSP over candidate bitsets with letter-level arc consistency.

State: one candidate bitset per slot and one letter-set mask per empty cell. Propagation
keeps them arc consistent: a slot's candidates decide which letters its cells can still
take, and a cell that loses letters removes the crossing slot's words with those letters
(all with int AND/OR). A slot left with one word is committed: its word leaves every other
slot of that length (no duplicates) and, with ``max_shared_substring``, its long substrings
are barred from later entries.

Search: 2-way branching (slot = word, else slot != word) with dom/wdeg variable ordering
(fewest candidates per learned failure weight), quality-aware value ordering (score plus the
log of the options left to the crossings), conflict-directed backjumping (each slot carries
the set of decisions that narrowed it, so a dead end jumps straight back to a decision that
caused it) and restarts with a growing cutoff; the learned weights survive restarts. A run
that exhausts its tree proves the grid unfillable.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from heapq import heappop, heappush
from math import log
from random import Random

from puzzlewright.crossword.fill.domains import first_bits
from puzzlewright.crossword.fill.problem import Problem
from puzzlewright.crossword.fill.quality import ValueWeights
from puzzlewright.stopping import StopSignal

Solution = tuple[int, ...]  # word index per variable (-1 for slots that only stay fillable)
Decision = tuple["State", int, int]  # (node before the decision, variable, word bit)
Path = tuple[bool, int, int, "Path | None"]  # (taken?, variable, word bit, earlier path)
Nogood = tuple[tuple[tuple[int, int], ...], int, int]  # these (v, bit) all hold => v != bit

BIG = 3000  # slots with more candidates skip letter pruning: it seldom removes a letter
FIRST_CUTOFF = 200  # dead ends before the first restart
CUTOFF_GROWTH = 1.5  # each run may hit this many times more dead ends than the last
CANDIDATES = 256  # best-scored candidates weighed by crossing options at each decision...
CANDIDATE_SLOTS = 48  # ...in grids of this many slots or more; smaller grids weigh more
DIVERSITY = 6.0  # score points a word loses in its slot for each earlier fill using it


class State:
    """One search node: candidates, cell letters, commitments and their reasons."""

    __slots__ = ("cells", "dom", "done", "filled", "grams", "level", "path", "why")

    def __init__(
        self,
        dom: list[int],
        cells: list[int],
        done: list[bool],
        why: list[int],
        filled: int = 0,
        level: int = 0,
        grams: frozenset[str] | None = None,
        path: Path | None = None,
    ) -> None:
        self.dom = dom  # per variable: candidate bitset
        self.cells = cells  # per empty cell: letter-set mask
        self.done = done  # per variable: committed to its single candidate
        self.why = why  # per variable: bitmask of the decision levels that narrowed it
        self.filled = filled  # committed variables
        self.level = level  # decisions taken to reach this node
        self.grams = grams  # substrings used by committed entries (max_shared_substring)
        self.path = path  # the decisions (v = word) and refutations (v != word) that led here

    def copy(self) -> State:
        """An independent copy (ints are immutable, so copying the lists is enough)."""
        return State(
            self.dom[:],
            self.cells[:],
            self.done[:],
            self.why[:],
            self.filled,
            self.level,
            self.grams,
            self.path,
        )


@dataclass
class Outcome:
    """What a search ended with."""

    status: str  # "filled", "unfillable" or "timeout"
    solutions: list[Solution]
    best: State  # the node with the most slots committed (for partial fills)
    nodes: int
    backtracks: int
    restarts: int
    failures: list[int]  # per variable: how often it ran out of candidates


ProgressHook = Callable[[int, int, int, int], None]  # filled, best, backtracks, restarts


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
        weights: ValueWeights | None = None,
    ) -> None:
        self.problem = problem
        variables = problem.vars
        self.n = len(variables)
        self.tables = [var.table for var in variables]
        self.cols = [var.table.cols for var in variables]
        self.links = [var.links for var in variables]
        self.required = [var.required for var in variables]
        self.order = [v for v in range(self.n) if self.required[v]]
        # Each decision matters more in a small grid, and there are few: weigh more words.
        slots = max(len(self.order), 12)
        self.candidates = CANDIDATES * max(1, CANDIDATE_SLOTS // slots)
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
        self.solutions: list[Solution] = []
        self.seen: set[Solution] = set()
        self.best: State | None = None
        self.nogoods: list[Nogood] = []
        self.known_nogoods: set[Nogood] = set()
        self.watch: dict[tuple[int, int], list[int]] = {}
        self.unary: list[tuple[int, int]] = []
        self.value_weights = weights or ValueWeights()
        # Per variable, position and letter: a word (a one-bit int) known to have that
        # letter there (AC-3 residues). Best words have low bits, so "is it still a
        # candidate?" is usually a cheap AND. Hints only: they never need undoing.
        size = len(problem.words.alphabet)
        self.residues = [[[0] * size for _ in var.table.cols] for var in variables]
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

    def commit(self, st: State, v: int, bit: int, push: Callable[[int, int], None]) -> int | None:
        """Commit ``v`` to its single candidate; returns a conflict (levels) or None."""
        st.done[v] = True
        st.filled += 1
        dom = st.dom
        why = st.why
        for u in self.same[v]:
            d = dom[u]
            if d & bit:
                if st.done[u]:
                    self.fail(v, u)
                    return why[v] | why[u]
                d ^= bit
                why[u] |= why[v]
                if not d:
                    self.fail(u, v)
                    return why[u]
                dom[u] = d
                push(u, d)
        for k in self.watch.get((v, bit), ()):
            positives, y, b = self.nogoods[k]
            if all(st.done[x] and dom[x] == a for x, a in positives) and dom[y] & b:
                everything = (1 << st.level) - 1
                d = dom[y] ^ b
                if not d or st.done[y]:
                    self.fail(y, v)
                    return everything
                dom[y] = d
                why[y] |= everything
                push(y, d)
        if self.gram is not None:
            word = self.tables[v].words[bit.bit_length() - 1]
            grams = self.grams_of(word)
            assert st.grams is not None
            if not grams.isdisjoint(st.grams):
                self.fail(v, -1)
                return (1 << st.level) - 1  # every decision may share the blame
            st.grams = st.grams | grams
        return None

    def propagate(self, st: State, queue: list[int], big: int = 0) -> int | None:
        """Make ``st`` arc consistent after the candidates of ``queue`` changed.

        Slots with more than ``big`` candidates (default BIG) skip letter pruning.
        Returns None, or on a dead end the conflict: the decision levels that caused it.
        """
        big = big or BIG
        dom = st.dom
        cells = st.cells
        done = st.done
        why = st.why
        cols = self.cols
        links = self.links
        required = self.required
        residues = self.residues
        letters_in = self.letters_in
        letter_lists = self._letter_lists
        # Smallest candidate set first: dead ends show up sooner, and the slot blamed for
        # one (its failure weight grows) is the one that really ran dry. A heap of
        # (size, slot); an entry whose size is no longer the slot's pending one is stale.
        pending = [-1] * self.n
        heap: list[tuple[int, int]] = []

        def push(t: int, d: int) -> None:
            size = d.bit_count()
            if pending[t] != size:
                pending[t] = size
                heappush(heap, (size, t))

        for v in queue:
            push(v, dom[v])
        while heap:
            size, v = heappop(heap)
            if pending[v] != size:
                continue
            pending[v] = -1
            d = dom[v]
            if not d & (d - 1):  # a single candidate
                if required[v] and not done[v]:
                    conflict = self.commit(st, v, d, push)
                    if conflict is not None:
                        return conflict
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
                        why[t] |= why[v]
                        if not nt:
                            self.fail(t, v)
                            return why[t]
                        dom[t] = nt
                        push(t, nt)
                continue
            if size > big:
                continue  # (a later revision, once the slot has shrunk, catches up)
            colv = cols[v]
            resv = residues[v]
            for c, p, t, q in links[v]:
                cur = cells[c]
                if not cur & (cur - 1):
                    continue
                col = colv[p]
                res = resv[p]
                new = 0
                for low, letter in letter_lists.get(cur) or letters_in(cur):
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
                mask = 0
                if new.bit_count() <= removed.bit_count():
                    for _, letter in letter_lists.get(new) or letters_in(new):
                        mask |= colt[letter]
                    dt = dom[t]
                    nt = dt & mask
                else:
                    for _, letter in letter_lists.get(removed) or letters_in(removed):
                        mask |= colt[letter]
                    dt = dom[t]
                    nt = dt & ~mask
                if nt != dt:
                    why[t] |= why[v]
                    if not nt:
                        self.fail(t, v)
                        return why[t]
                    dom[t] = nt
                    push(t, nt)
        return None

    # -- ordering --------------------------------------------------------------------------
    def choose(self, st: State) -> int:
        """The uncommitted slot with the fewest candidates per failure weight (-1: none)."""
        best = -1
        best_key = 0.0
        dom = st.dom
        done = st.done
        weights = self.weights
        for v in self.order:
            if done[v]:
                continue
            key = dom[v].bit_count() / weights[v]
            if best < 0 or key < best_key:
                best, best_key = v, key
        return best

    def value(self, st: State, v: int) -> int:
        """The candidate of ``v`` to try next: high score, many options left to crossings.

        Weighs the best-scored candidates by score plus the log of the product, over the
        open crossings, of how many crossing words agree with the candidate's letter.
        """
        d = st.dom[v]
        if not d & (d - 1):
            return d.bit_length() - 1
        candidates = first_bits(d, self.candidates)
        table = self.tables[v]
        rows = [table.letters(i) for i in candidates]
        weights = self.value_weights
        option_weight = weights.options
        random = self.rng.random
        jitter = option_weight * weights.jitter
        score_jitter = weights.score_jitter
        penalty = self.penalty[v]
        scores = table.scores
        values = [
            weights.score * scores[i]
            + jitter * random()
            + score_jitter * random()
            - penalty.get(i, 0.0)
            for i in candidates
        ]
        dom = st.dom
        cells = st.cells
        done = st.done
        cols = self.cols
        for c, p, t, q in self.links[v]:
            if not cells[c] & (cells[c] - 1) or done[t]:
                continue
            dt = dom[t]
            col = cols[t][q]
            options: dict[int, float] = {}
            for row in rows:
                letter = row[p]
                if letter not in options:
                    count = (dt & col[letter]).bit_count()
                    options[letter] = option_weight * log(count) if count else -1e9
            for k, row in enumerate(rows):
                values[k] += options[row[p]]
        best = max(range(len(candidates)), key=values.__getitem__)
        return candidates[best]

    # -- the search ------------------------------------------------------------------------
    def backjump(self, stack: list[Decision], conflict: int) -> State | None:
        """Undo decisions back to the latest one in ``conflict`` and refute it there.

        Decisions not in the conflict played no part in the dead end and are skipped. If
        the refutation fails too, its own conflict continues the jump. None: exhausted.
        """
        while stack:
            level = len(stack) - 1
            parent, v, bit = stack.pop()
            if not conflict >> level & 1:
                continue
            st = parent.copy()
            st.why[v] |= conflict & ~(1 << level)  # why v cannot take this word here
            d = st.dom[v] & ~bit
            if not d:
                self.fail(v, -1)
                conflict = st.why[v]
                continue
            st.dom[v] = d
            st.path = (False, v, bit, parent.path)
            found = self.propagate(st, [v])
            if found is None:
                return st
            conflict = found
        return None

    # -- learning across restarts -----------------------------------------------------------
    def learn(self, st: State) -> None:
        """Keep the refutations of the current branch as nogoods (reduced nld-nogoods):
        each "v != word" holds whenever the decisions taken before it hold again."""
        steps = []
        path = st.path
        while path is not None:
            steps.append(path[:3])
            path = path[3]
        positives: list[tuple[int, int]] = []
        for taken, v, bit in reversed(steps):
            if taken:
                positives.append((v, bit))
                continue
            nogood = (tuple(positives), v, bit)
            if nogood in self.known_nogoods:
                continue
            self.known_nogoods.add(nogood)
            if not positives:
                self.unary.append((v, bit))
                continue
            self.nogoods.append(nogood)
            for literal in positives:
                self.watch.setdefault(literal, []).append(len(self.nogoods) - 1)

    def forget(self) -> None:
        """Drop the nogoods (they only hold for the tier that learned them)."""
        self.nogoods, self.known_nogoods, self.watch, self.unary = [], set(), {}, []

    def restart(self, root: State) -> State | None:
        """The root with every learned "v != word" of the first level applied."""
        st = root.copy()
        changed = []
        for v, bit in self.unary:
            if st.dom[v] & bit:
                st.dom[v] ^= bit
                if not st.dom[v]:
                    self.fail(v, -1)
                    return None
                changed.append(v)
        if changed and self.propagate(st, changed) is not None:
            return None
        return st

    def solution(self, st: State) -> Solution:
        """The word index of every variable (-1 for those the fill does not decide)."""
        return tuple(st.dom[v].bit_length() - 1 if self.required[v] else -1 for v in range(self.n))

    def run(
        self,
        count: int = 1,
        tiers: Sequence[int | None] = (None,),
        effort: int = 0,
        final_effort: int | None = None,
    ) -> Outcome:
        """Search for up to ``count`` different fills, best-scored words first.

        Each tier but the last allows only words scoring at least its value (a slot with
        no such word keeps all of its own) and gets ``effort`` dead ends; the last tier
        allows every word and runs until done (or ``final_effort`` dead ends), so it alone
        can prove a grid unfillable.
        """
        self.solutions = []
        self.seen = set()
        status = "exhausted"
        for k, tier in enumerate(tiers):
            if self.stop.should_stop():
                status = "timeout"
                break
            final = k == len(tiers) - 1
            root = self.root(tier)
            if self.best is None or (root is not None and root.filled > self.best.filled):
                self.best = root
            if root is None:
                continue
            status = self.run_tier(root, count, final_effort if final else effort)
            if status in ("filled", "timeout"):
                break
        best = self.best or self.initial(None)
        if self.solutions:
            return self.outcome("filled", best)
        return self.outcome("unfillable" if status == "exhausted" else "timeout", best)

    def run_tier(self, root: State, count: int, budget: int | None) -> str:
        """Search from ``root`` until ``count`` fills are known ("filled"), the tree is
        exhausted ("exhausted"), ``budget`` dead ends are spent ("budget") or time is up."""
        last_report = time.monotonic()
        stop = self.stop
        self.forget()
        state: State | None = root
        stack: list[Decision] = []
        cutoff = float(FIRST_CUTOFF)
        failed_in_run = failed = 0
        while True:
            assert state is not None
            self.nodes += 1
            if not self.nodes & 15:
                if stop.should_stop():
                    return "timeout"
                if self.progress is not None and time.monotonic() - last_report > 0.1:
                    last_report = time.monotonic()
                    best = self.best.filled if self.best else 0
                    self.progress(state.filled, best, self.backtracks, self.restarts)
            v = self.choose(state)
            if v < 0:
                found = self.solution(state)
                if found not in self.seen:
                    self.seen.add(found)
                    self.solutions.append(found)
                    self.best = state
                    if len(self.solutions) >= count:
                        return "filled"
                    for u, i in enumerate(found):  # steer the next fill elsewhere
                        if i >= 0:
                            self.penalty[u][i] = self.penalty[u].get(i, 0.0) + DIVERSITY
                    state, stack, failed_in_run = self.restart(root), [], 0
                    self.restarts += 1
                    if state is None:
                        return "exhausted"
                    continue
                state = self.backjump(stack, (1 << state.level) - 1)
                if state is None:
                    return "exhausted"
                continue
            i = self.value(state, v)
            bit = 1 << i
            child = state.copy()
            child.dom[v] = bit
            child.why[v] |= 1 << state.level
            child.level += 1
            child.path = (True, v, bit, state.path)
            stack.append((state, v, bit))
            conflict = self.propagate(child, [v])
            if conflict is None:
                state = child
                if self.best is None or child.filled > self.best.filled:
                    self.best = child
                continue
            self.backtracks += 1
            failed_in_run += 1
            failed += 1
            state = self.backjump(stack, conflict)
            if state is None:
                return "exhausted"
            if budget is not None and failed >= budget:
                return "budget"
            if failed_in_run >= cutoff:
                self.learn(state)
                state, stack, failed_in_run = self.restart(root), [], 0
                self.restarts += 1
                if state is None:
                    return "exhausted"
                cutoff *= CUTOFF_GROWTH

    def outcome(self, status: str, best: State) -> Outcome:
        """Package the end of the search."""
        return Outcome(
            status,
            list(self.solutions),
            best,
            self.nodes,
            self.backtracks,
            self.restarts,
            list(self.failures),
        )

    def initial(self, tier: int | None) -> State:
        """The initial node of a tier: initial candidates, every letter possible."""
        alphabet = (1 << len(self.problem.words.alphabet)) - 1
        grams: frozenset[str] | None = None
        if self.gram is not None:
            given: set[str] = set()
            for entry in self.problem.givens:
                given |= self.grams_of(entry.word)
            grams = frozenset(given)
        domains = []
        for var in self.problem.vars:
            domain = var.domain
            if tier is not None:
                domain &= var.table.at_least(tier)
                if not domain:  # fixed letters or the list leave this slot no such word
                    domain = var.domain
            domains.append(domain)
        return State(
            domains,
            [alphabet] * len(self.problem.cells),
            [False] * self.n,
            [0] * self.n,
            grams=grams,
        )

    def root(self, tier: int | None) -> State | None:
        """The arc-consistent initial node of a tier (None: dead already)."""
        root = self.initial(tier)
        for v in range(self.n):
            if not root.dom[v]:
                self.fail(v, -1)
                return None
        if self.propagate(root, list(range(self.n)), big=1 << 62) is not None:
            return None
        return root
