"""The light first pass: depth-first search with forward checking, as blacksquare does.

On an easy grid the full engine's arc consistency (:mod:`propagate`) pays for work the
search never needed: most of its letter checks remove nothing. This pass keeps only what
an easy grid needs. The slot with the fewest candidates is filled first; its word is the
best of its few best-scored candidates by score plus the options it leaves its open
crossings (the full search's value weights); after each choice only the crossing slots
lose the words that disagree with its letters (forward checking), and the other slots of
its length lose the word (no entry twice). Dead ends go back one choice (chronological
backtracking) under a small budget. When the budget runs out the caller runs the full
engine from scratch, unchanged, so a hard grid loses only the budget and keeps every
result (fills, averages, proofs) the full engine gives it.

Not for ``max_shared_substring`` (the caller goes straight to the full engine).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import log
from random import Random

from puzzlewright.bits import WordSet, first_bits
from puzzlewright.crossword.fill.domains import LengthTable
from puzzlewright.crossword.fill.problem import Problem, SlotId
from puzzlewright.crossword.fill.quality import ValueWeights
from puzzlewright.crossword.fill.state import Conflict, Solution
from puzzlewright.stopping import StopSignal

LIGHT_EFFORT = 2
"""Dead ends allowed per slot to fill (a choice whose forward check empties a slot, or a
slot with no choice left) before the pass gives up and the full engine takes over."""

LIGHT_CANDIDATES = 128
"""Best-scored candidates weighed by crossing options at each choice (the rest follow in
score order if all of these fail)."""

Node = tuple[list[WordSet], list[int], list[Conflict]]
"""A search node: per slot its candidates, how many, and the choices that narrowed them."""

LOW_SHARE = 0.1
"""With a ``top`` score, a crossing word below it counts this much of a top word in the
options a candidate leaves (the fill steers toward crossings that can still take top
words: polish has less to do)."""

DEAD = -1e9
"""The value of a candidate that leaves a crossing no word (never tried)."""


@dataclass
class Frame:
    """One choice point: the slot, the node before it was filled, what is left to try,
    and the earlier choices its failed words were blamed on."""

    slot: SlotId
    dom: list[WordSet]  # per slot: candidates
    size: list[int]  # per slot: how many
    why: list[Conflict]  # per slot: the choices (bit k: the k-th) that removed candidates
    choices: list[int]  # word indexes still to try, best first
    rest: WordSet  # candidates not weighed yet (tried after ``choices``)
    conflict: Conflict = 0


@dataclass
class LightOutcome:
    """What the light pass ended with: a fill (None: budget spent, exhausted or stopped)
    and its counters."""

    solution: Solution | None
    nodes: int = 0
    backtracks: int = 0
    failures: list[int] = field(default_factory=list)


class LightSearch:
    """Depth-first search with forward checking over a :class:`Problem`'s slots."""

    def __init__(
        self,
        problem: Problem,
        *,
        seed: int,
        stop: StopSignal,
        value_weights: ValueWeights,
        candidates: int = LIGHT_CANDIDATES,
        top: int | None = None,
    ) -> None:
        variables = problem.vars
        self.top = [None if top is None else var.table.at_least(top) for var in variables]
        self.n = n = len(variables)
        self.required = [var.required for var in variables]
        self.order = [v for v in range(n) if self.required[v]]
        self.tables: list[LengthTable] = [var.table for var in variables]
        self.cols = [var.table.cols for var in variables]
        self.links = [[(p, t, q) for _, p, t, q in var.links] for var in variables]
        by_table: dict[int, list[SlotId]] = {}
        for v in self.order:
            by_table.setdefault(id(self.tables[v]), []).append(v)
        self.same = [
            [u for u in by_table.get(id(self.tables[v]), ()) if u != v] for v in range(n)
        ]
        self.alphabet = range(len(problem.words.alphabet))
        self.seen: list[WordSet | None] = [None] * n  # per slot: candidates ``tally`` is for
        self.tally: list[dict[int, list[float]]] = [{} for _ in range(n)]
        self.weights = value_weights
        self.candidates = candidates
        self.rng = Random(seed)
        self.stop = stop
        self.nodes = self.backtracks = 0
        self.budget = 0
        self.failures = [0] * n

    def run(self, start: list[WordSet], budget: int) -> LightOutcome:
        """Fill from the candidate sets ``start`` within ``budget`` dead ends.

        A slot left with no word blames the choices that removed its candidates (and those
        that left its failed words without crossing words); the search goes back to the
        latest of them, skipping choices that played no part (conflict-directed
        backjumping, as in FC-CBJ)."""
        if not all(start):
            return self.outcome(None)
        self.budget = self.backtracks + budget
        return self.outcome(self.dive(start))

    def dive(self, start: list[WordSet]) -> Solution | None:
        """The search from the root until a fill (returned) or the budget is spent."""
        node: Node = (start[:], [d.bit_count() for d in start], [0] * self.n)
        assigned = [False] * self.n
        chosen = [-1] * self.n
        stack: list[Frame] = []
        while True:
            self.nodes += 1
            if not self.nodes & 63 and self.stop.should_stop():
                return None
            dom, size, why = node
            v = self.choose(size, assigned)
            if v < 0:
                return tuple(chosen[u] if self.required[u] else -1 for u in range(self.n))
            frame = Frame(v, dom, size, why, [], 0)
            frame.rest = self.live(frame, assigned)
            stack.append(frame)
            while True:  # extend the top frame, or jump back to the latest choice to blame
                found = self.extend(frame, len(stack) - 1, assigned)
                if found is not None:
                    node, chosen[frame.slot] = found
                    assigned[frame.slot] = True
                    break
                self.backtracks += 1
                conflict = frame.conflict | frame.why[frame.slot]
                stack.pop()
                while stack and not conflict >> (len(stack) - 1) & 1:
                    assigned[stack.pop().slot] = False
                if not stack or self.backtracks > self.budget:
                    return None
                frame = stack[-1]
                assigned[frame.slot] = False
                frame.conflict |= conflict ^ (1 << (len(stack) - 1))

    def choose(self, size: list[int], assigned: list[bool]) -> SlotId:
        """The open slot with the fewest candidates (-1: every slot is filled)."""
        best = -1
        fewest = 0
        for v in self.order:
            if not assigned[v] and (best < 0 or size[v] < fewest):
                best, fewest = v, size[v]
        return best

    def live(self, frame: Frame, assigned: list[bool]) -> WordSet:
        """The frame slot's candidates whose letter in each cell some word of the open
        crossing there still has (the choices that narrowed such a crossing share the
        blame when candidates go). Forward checking alone lets a slot keep words whose
        crossings cannot take their letters; this revises the slot being filled only."""
        v = frame.slot
        d = frame.dom[v]
        colv = self.cols[v]
        for p, t, q in self.links[v]:
            if assigned[t]:
                continue
            absent = self.absent(t, q, frame.dom[t])
            if absent:
                col = colv[p]
                kept = d
                for letter in absent:
                    kept ^= kept & col[letter]
                if kept != d:
                    frame.conflict |= frame.why[t]
                    d = kept
                    if not d:
                        break
        return d

    def absent(self, t: SlotId, q: int, dt: WordSet) -> list[int]:
        """The letters no candidate in ``dt`` (of slot ``t``) has at position ``q``."""
        counts = self.counts(t, q, dt)
        return [k for k in self.alphabet if not counts[k]]

    def counts(self, t: SlotId, q: int, dt: WordSet) -> list[float]:
        """How many candidates in ``dt`` (of slot ``t``) have each letter at position
        ``q`` (kept per slot until its candidates change: the slot filled next is often a
        crossing of the last, and its other crossings are as they were)."""
        if self.seen[t] is not dt:
            self.seen[t] = dt
            self.tally[t] = {}
        tally = self.tally[t]
        found = tally.get(q)
        if found is None:
            col = self.cols[t][q]
            top = self.top[t]
            if top is None:
                found = tally[q] = [(dt & col[k]).bit_count() for k in self.alphabet]
            else:
                found = tally[q] = []
                for k in self.alphabet:
                    have = dt & col[k]
                    best = (have & top).bit_count()
                    found.append(best + LOW_SHARE * (have.bit_count() - best))
        return found

    def ordered(self, frame: Frame, assigned: list[bool]) -> list[int]:
        """The next few of the frame's candidates not weighed yet, best first by score and
        the log of the options each leaves its open crossings. Those that leave a crossing
        none are dropped, and the choices that narrowed that crossing take the blame."""
        v = frame.slot
        indexes = first_bits(frame.rest, self.candidates)
        for i in indexes:
            frame.rest ^= 1 << i
        table = self.tables[v]
        rows = table.letters_of(indexes)
        weights = self.weights
        random = self.rng.random
        jitter = weights.options * weights.jitter
        scores = table.scores
        values = [
            weights.score * scores[i] + jitter * random() + weights.score_jitter * random()
            for i in indexes
        ]
        dom = frame.dom
        for p, t, q in self.links[v]:
            if assigned[t]:
                continue
            counts = self.counts(t, q, dom[t])
            options: dict[int, float] = {}
            for letter in {row[p] for row in rows}:
                count = counts[letter]
                if count:
                    options[letter] = weights.options * log(count)
                else:
                    options[letter] = DEAD
                    frame.conflict |= frame.why[t]
            values = [value + options[row[p]] for value, row in zip(values, rows, strict=True)]
        ranked = sorted(range(len(indexes)), key=values.__getitem__, reverse=True)
        return [indexes[k] for k in ranked if values[k] > DEAD / 2]

    def extend(self, frame: Frame, level: int, assigned: list[bool]) -> tuple[Node, int] | None:
        """The node after the frame's next choice that leaves every slot a word, and that
        choice (None: the frame has no such choice left, or the budget is spent)."""
        while True:
            if self.backtracks > self.budget:
                return None
            if not frame.choices:
                if not frame.rest:
                    return None
                frame.choices = self.ordered(frame, assigned)
                if not frame.choices:
                    self.backtracks += 1  # a run of candidates that all leave a crossing dry
                continue
            i = frame.choices.pop(0)
            found = self.forward(frame, level, i, assigned)
            if found is not None:
                return found, i
            self.backtracks += 1

    def forward(self, frame: Frame, level: int, i: int, assigned: list[bool]) -> Node | None:
        """The node after the frame's slot takes word ``i`` (choice number ``level``): its
        open crossings keep the words with its letters, the other slots of its length lose
        it (None: one of them is left with no word, and the choices that narrowed it
        take the blame)."""
        v = frame.slot
        dom = frame.dom[:]
        size = frame.size[:]
        why = frame.why[:]
        mark = 1 << level
        bit = 1 << i
        dom[v] = bit
        size[v] = 1
        word = self.tables[v].letters(i)
        cols = self.cols
        for p, t, q in self.links[v]:
            if assigned[t]:
                continue
            nt = dom[t] & cols[t][q][word[p]]
            if nt != dom[t]:
                if not nt:
                    self.failures[t] += 1
                    frame.conflict |= why[t]
                    return None
                dom[t] = nt
                size[t] = nt.bit_count()
                why[t] |= mark
        for u in self.same[v]:
            if dom[u] & bit and not assigned[u]:
                nu = dom[u] ^ bit
                if not nu:
                    self.failures[u] += 1
                    frame.conflict |= why[u]
                    return None
                dom[u] = nu
                size[u] -= 1
                why[u] |= mark
        return dom, size, why

    def outcome(self, solution: Solution | None) -> LightOutcome:
        """Package the end of the pass."""
        return LightOutcome(solution, self.nodes, self.backtracks, list(self.failures))
