"""The fill search: branching, ordering, backjumping, restarts, score tiers.

Two-way branching (slot = word, else slot != word) over a :class:`Propagator`'s network.
The slot is chosen by dom/wdeg (fewest candidates per learned failure weight; optionally
the slot whose word just failed first, ``Tuning.last_conflict``); the word by
quality (score plus the log of the options it leaves its crossings). Dead ends jump back
to the latest decision in their conflict set (conflict-directed backjumping: each slot
carries the decisions that narrowed it). Restarts come after a growing number of dead
ends (geometric cutoffs, or Luby's sequence in the last tier) and keep the learned weights
and nogoods. Words are tried by score tiers, best first;
only the last tier, with every allowed word, can prove a grid unfillable.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import repeat
from math import log
from operator import add, itemgetter, mul
from random import Random

from puzzlewright.bits import WordSet, first_bits
from puzzlewright.crossword.fill.letters import LetterNeed
from puzzlewright.crossword.fill.problem import Problem, SlotId
from puzzlewright.crossword.fill.propagate import Propagator
from puzzlewright.crossword.fill.quality import ValueWeights
from puzzlewright.crossword.fill.stacks import Stacks
from puzzlewright.crossword.fill.state import Conflict, Decision, Outcome, Solution, State
from puzzlewright.stopping import StopSignal

FIRST_CUTOFF = 200  # dead ends before the first restart (tiers but the last)
CUTOFF_GROWTH = 1.5  # each run may hit this many times more dead ends than the last
FINAL_LUBY = 3  # the last tier restarts after Luby's sequence times this many dead ends
# per slot (issue 31: on the standard grids and the frontier's tuning half, 3 beat the
# geometric cutoffs above and a unit of 1; docs/crossword-fill.md, "Restarts")
CANDIDATES = 256  # best-scored candidates weighed by crossing options at each decision...
CANDIDATE_SLOTS = 48  # ...in grids of this many slots or more; smaller grids weigh more
DIVERSITY = 6.0  # score points a word loses in its slot for each earlier fill using it

RESTRIKE = 16  # words gone from a slot's last candidate list that are struck out one by one
ProgressHook = Callable[[int, int, int, int], None]  # filled, best, backtracks, restarts


@dataclass(frozen=True)
class Tuning:
    """How one search restarts and weighs words: the defaults, or a portfolio member's."""

    first_cutoff: int = FIRST_CUTOFF
    cutoff_growth: float = CUTOFF_GROWTH
    candidates: int = CANDIDATES
    options: float = 1.0  # factor on the value weights' crossing-options term
    jitter: float = 1.0  # factor on their random tie-breaks
    final_luby: int = FINAL_LUBY  # > 0: the last tier restarts after Luby's sequence times
    # this many dead ends per slot; 0: the geometric cutoffs above there too
    last_conflict: int = 0  # > 0: after a word fails, its slot is chosen again while it has
    # at most this many candidates (see choose); 0: never


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


class Search:
    """One fill search over a :class:`Problem`, on the problem's :class:`Propagator`."""

    def __init__(
        self,
        problem: Problem,
        *,
        seed: int = 0,
        max_shared_substring: int | None = None,
        stop: StopSignal,
        progress: ProgressHook | None = None,
        value_weights: ValueWeights | None = None,
        tuning: Tuning | None = None,
        letters: int = 0,
    ) -> None:
        self.problem = problem
        self.network = network = Propagator(problem, max_shared_substring)
        # The network's tables and its two entry points, under short names for hot loops.
        self.n = network.n
        self.order = network.order
        self.required = network.required
        self.tables = network.tables
        self.cols = network.cols
        self.links = network.links
        self.failure_weights = network.failure_weights
        self.propagate: Callable[[State, list[SlotId]], Conflict | None] = network.propagate
        self.fail = network.fail
        # required letters (a pangram's): checked after arc consistency at every node
        self.letters = LetterNeed(problem, letters) if letters else None
        if self.letters is not None:
            self.propagate = self.propagate_letters
        self.stacks = Stacks.of(problem)  # stacked long entries: look-ahead ordering
        # Each decision matters more in a small grid, and there are few: weigh more words.
        self.tuning = tuning = tuning or Tuning()
        self.candidates = tuning.candidates * max(1, CANDIDATE_SLOTS // max(len(self.order), 12))
        self.value_weights = value_weights or ValueWeights()
        self.rng = Random(seed)
        self.stop = stop
        self.progress = progress
        self.penalty: list[dict[int, float]] = [{} for _ in range(self.n)]
        self.nodes = self.backtracks = self.restarts = 0
        self.conflicted = -1  # the slot whose last word failed (last-conflict reasoning)
        self.solutions: list[Solution] = []
        self.seen: set[Solution] = set()
        self.best: State | None = None
        # (crossing slot << 8 | position) -> (its candidates, option weight, letter -> the
        # options term): a crossing whose candidate set is the same object as when last
        # weighed (a dead end's refutation seldom narrows it) is not counted again
        self.candidates_known: list[tuple[WordSet, list[int], list[tuple[int, ...]]] | None]
        self.candidates_known = [None] * self.n  # per slot: its last weighed candidates
        self.options_known: dict[int, tuple[WordSet, float, dict[int, float]]] = {}

    # -- ordering --------------------------------------------------------------------------
    def choose(self, st: State) -> SlotId:
        """The uncommitted slot with the fewest candidates per failure weight (-1: none);
        stacked long entries first (see :mod:`~puzzlewright.crossword.fill.stacks`).

        With ``Tuning.last_conflict``, a slot whose word failed is chosen again, before
        any other, until one of its words holds (last-conflict reasoning, Lecoutre et al.
        2009): after a backjump it is tried under fewer decisions, so the search finds the
        decision that really emptied it instead of trying it again under each next word
        of the latest decision (a stack's 9 under every word of a crossing 15).
        """
        done = st.done
        size = st.size
        again = self.conflicted
        if again >= 0 and not done[again] and size[again] <= self.tuning.last_conflict:
            return again
        if self.stacks is not None and (row := self.stacks.choose(st, self.failure_weights)) >= 0:
            return row
        return st.fewest_per_weight(self.order, self.failure_weights)

    def value(self, st: State, v: SlotId) -> int:
        """The candidate of ``v`` to try next: high score, many options left to crossings.

        Weighs the best-scored candidates by score plus the log of the product, over the
        open crossings, of how many crossing words agree with the candidate's letter.
        """
        d = st.dom[v]
        if not d & (d - 1):
            return d.bit_length() - 1
        table = self.tables[v]
        candidates, rows = self.candidates_of(v, d)
        weights = self.value_weights
        option_weight = weights.options
        random = self.rng.random
        # Two tie-breaks per candidate, drawn in the order the seeds have always fixed; the
        # sums below are those of one expression per candidate, term by term (C loops).
        draws = [random() for _ in range(2 * len(candidates))]
        values = list(
            map(
                add,
                map(mul, repeat(weights.score), map(table.scores.__getitem__, candidates)),
                map(mul, repeat(option_weight * weights.jitter), draws[::2]),
            )
        )
        if weights.score_jitter:
            values = list(map(add, values, map(mul, repeat(weights.score_jitter), draws[1::2])))
        if self.letters is not None and self.letters.missing & self.letters.rare:
            values = list(map(add, values, self.letters.bonus(rows, option_weight)))
        if self.stacks is not None and v in self.stacks.mates:
            values = list(
                map(add, values, self.stacks.bonus(st, v, candidates, rows, option_weight))
            )
        penalty = self.penalty[v]
        if penalty:  # only after a first fill of several (most searches never look it up)
            values = [
                value - penalty.get(i, 0.0) for value, i in zip(values, candidates, strict=True)
            ]
        dom = st.dom
        cells = st.cells
        done = st.done
        cols = self.cols
        known = self.options_known
        for cell, position, other, other_position in self.links[v]:
            if not cells[cell] & (cells[cell] - 1) or done[other]:
                continue
            dt = dom[other]
            letters = list(map(itemgetter(position), rows))
            key = other << 8 | other_position
            kept = known.get(key)
            if kept is not None and kept[0] is dt and kept[1] == option_weight:
                options = kept[2]
            else:
                options = {}
                known[key] = (dt, option_weight, options)
            col = cols[other][other_position]
            for letter in set(letters).difference(options):
                count = (dt & col[letter]).bit_count()
                options[letter] = option_weight * log(count) if count else -1e9
            values = list(map(add, values, map(options.__getitem__, letters)))
        return candidates[values.index(max(values))]  # the first best, as max() keeps

    def candidates_of(self, v: SlotId, d: WordSet) -> tuple[list[int], list[tuple[int, ...]]]:
        """The best-scored candidates of ``v`` (``d``) that value ordering weighs, and their
        letters. After a dead end the slot is weighed again with a word or a few fewer:
        when its last list held every candidate, the words gone are struck from it (each
        found from the top bit, not by a new walk through the whole set)."""
        limit = self.candidates
        if self.stacks is not None and v in self.stacks.mates:
            limit = self.stacks.candidates  # the look-ahead weighs more of a stack row's words
        kept = self.candidates_known[v]
        if kept is not None and len(kept[1]) < limit and not d & ~kept[0]:
            gone = kept[0] ^ d
            drop: set[int] = set()
            while gone and len(drop) <= RESTRIKE:
                top = gone.bit_length() - 1
                drop.add(top)
                gone ^= 1 << top
            if not gone:
                pairs = [pair for pair in zip(kept[1], kept[2], strict=True) if pair[0] not in drop]
                candidates = [i for i, _ in pairs]
                rows = [row for _, row in pairs]
                self.candidates_known[v] = (d, candidates, rows)
                return candidates, rows
        candidates = first_bits(d, limit)
        rows = self.tables[v].letters_of(candidates)
        self.candidates_known[v] = (d, candidates, rows)
        return candidates, rows

    def propagate_letters(self, st: State, queue: list[SlotId]) -> Conflict | None:
        """Arc consistency, then the required letters' rules (see
        :mod:`~puzzlewright.crossword.fill.letters`), to a fixpoint."""
        assert self.letters is not None
        while True:
            conflict = self.network.propagate(st, queue)
            if conflict is not None:
                return conflict
            conflict, queue = self.letters.check(st)
            if conflict is not None:
                return conflict
            if not queue:
                return None

    def letters_root(self, root: State | None) -> State | None:
        """The root with the required letters' rules applied (None: they cannot hold)."""
        if root is None or self.letters is None:
            return root
        return root if self.propagate_letters(root, []) is None else None

    # -- the search ------------------------------------------------------------------------
    def backjump(self, stack: list[Decision], conflict: Conflict) -> State | None:
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

    def restart(self, root: State) -> State | None:
        """The root with every learned first-level "v != word" applied (None: exhausted)."""
        st = root.copy()
        changed = []
        for v, bit in self.network.nogoods.unary:
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
        luby_unit: int = 0,
        final_luby: int = 0,
    ) -> Outcome:
        """Search for up to ``count`` different fills, best-scored words first.

        Each tier but the last allows only words scoring at least its value (a slot with
        no such word keeps all of its own) and gets ``effort`` dead ends; the last tier
        allows every word and runs until done (or ``final_effort`` dead ends), so it alone
        can prove a grid unfillable. ``luby_unit`` > 0 restarts after Luby's sequence
        (1, 1, 2, 1, 1, 2, 4, ...) times that many dead ends instead of the tuning's
        growing cutoffs, in every tier; ``final_luby`` > 0 does so in the last tier only.
        Either way the failure weights and nogoods carry across restarts.
        """
        self.solutions = []
        self.seen = set()
        status = "exhausted"
        for k, tier in enumerate(tiers):
            if self.stop.should_stop():
                status = "timeout"
                break
            final = k == len(tiers) - 1
            root = self.letters_root(self.network.root(tier))
            if self.best is None or (root is not None and root.filled > self.best.filled):
                self.best = root
            if root is None:
                continue
            unit = luby_unit or (final_luby if final else 0)
            status = self.run_tier(root, count, final_effort if final else effort, unit)
            if status in ("filled", "timeout"):
                break
        best = self.best or self.network.initial(None)
        if self.solutions:
            return self.outcome("filled", best)
        return self.outcome("unfillable" if status == "exhausted" else "timeout", best)

    def run_tier(self, root: State, count: int, budget: int | None, luby_unit: int = 0) -> str:
        """Search from ``root`` until ``count`` fills are known ("filled"), the tree is
        exhausted ("exhausted"), ``budget`` dead ends are spent ("budget") or time is up."""
        last_report = time.monotonic()
        stop = self.stop
        nogoods = self.network.nogoods
        nogoods.forget()
        self.conflicted = -1
        state: State | None = root
        stack: list[Decision] = []
        runs = 1
        cutoff = float(luby_unit * luby(runs) if luby_unit else self.tuning.first_cutoff)
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
                if v == self.conflicted:
                    self.conflicted = -1
                state = child
                if self.best is None or child.filled > self.best.filled:
                    self.best = child
                continue
            self.backtracks += 1
            if self.tuning.last_conflict:
                self.conflicted = v
            failed_in_run += 1
            failed += 1
            state = self.backjump(stack, conflict)
            if state is None:
                return "exhausted"
            if budget is not None and failed >= budget:
                return "budget"
            if failed_in_run >= cutoff:
                nogoods.learn(state.path)
                state, stack, failed_in_run = self.restart(root), [], 0
                self.restarts += 1
                if state is None:
                    return "exhausted"
                runs += 1
                if luby_unit:
                    cutoff = float(luby_unit * luby(runs))
                else:
                    cutoff *= self.tuning.cutoff_growth

    def outcome(self, status: str, best: State) -> Outcome:
        """Package the end of the search."""
        return Outcome(
            status,
            list(self.solutions),
            best,
            self.nodes,
            self.backtracks,
            self.restarts,
            list(self.network.failures),
        )
