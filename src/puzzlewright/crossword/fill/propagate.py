"""Propagation: arc consistency on cell letters over candidate bitsets, and commitments.

A slot's candidates decide which letters its cells can still take: for each letter in a
cell's set, is some candidate left with that letter there? (AND with the letter's bitset;
remembered witness words per slot, position and letter, AC-3 residues, usually answer
with one AND). A cell that loses letters removes the crossing slot's words with those
letters (OR of the letters' bitsets, then AND or AND-NOT), to a fixpoint. A slot left with
one word is committed: its word leaves every other slot of that length (no duplicates),
learned nogoods that it completes fire, and with ``max_shared_substring`` its runs of
N+1 letters are barred from later entries.
"""

from __future__ import annotations

from collections.abc import Callable
from heapq import heappop, heappush

from puzzlewright.bits import LetterSet, WordSet, bits_of
from puzzlewright.crossword.fill.nogoods import Nogoods
from puzzlewright.crossword.fill.problem import Problem, SlotId
from puzzlewright.crossword.fill.state import Conflict, State

BIG = 3000
"""During the search, slots with more candidates skip letter pruning: it seldom removes a
letter (a later revision, once the slot has shrunk, catches up). The root prunes all."""

Push = Callable[[SlotId, WordSet], None]
"""Queue a variable whose candidates changed (with its new candidate set)."""


LETTER_LISTS: dict[LetterSet, list[tuple[int, int]]] = {}
"""The letters of each letter-set mask met so far, shared by every search of the process
(each fill builds a new network; a 15x15 meets about a thousand masks)."""

LETTER_LISTS_LIMIT = 1 << 16
"""The cache starts again when it holds this many masks (it stays small in practice)."""


BYTE_LETTERS: list[list[list[tuple[int, int]]]] = []
"""Per byte of a letter-set mask (letters 0-7, 8-15, ...) and its value: the
(bit, letter index) pairs it holds, built on first use (four tables of 256 for 26 letters)."""


def letters_in(mask: LetterSet) -> list[tuple[int, int]]:
    """(bit, letter index) for each letter in a letter-set mask (cached per mask; a new
    mask is put together from its bytes' letter lists: a fill meets hundreds of new masks,
    and peeling their bits one by one cost ~4 us each)."""
    found = LETTER_LISTS.get(mask)
    if found is None:
        if len(LETTER_LISTS) >= LETTER_LISTS_LIMIT:
            LETTER_LISTS.clear()
        found = []
        rest = mask
        for tables in _byte_tables(mask.bit_length()):
            if not rest:
                break
            found += tables[rest & 255]
            rest >>= 8
        LETTER_LISTS[mask] = found
    return found


def _byte_tables(bits: int) -> list[list[list[tuple[int, int]]]]:
    """:data:`BYTE_LETTERS`, grown to cover masks of ``bits`` bits."""
    while len(BYTE_LETTERS) * 8 < bits:
        base = len(BYTE_LETTERS) * 8
        table = [[(low << base, i + base) for low, i in bits_of(b)] for b in range(256)]
        BYTE_LETTERS.append(table)
    return BYTE_LETTERS


class Propagator:
    """The constraint network of a :class:`Problem` and its propagation.

    Public API (the search and grid analysis build on it): :meth:`root` gives the arc
    consistent initial node, :meth:`propagate` restores arc consistency after candidates
    were removed from a node, ``failure_weights``/``failures`` say where the grid ran dry.
    """

    def __init__(self, problem: Problem, max_shared_substring: int | None = None) -> None:
        self.problem = problem
        variables = problem.vars
        self.n = len(variables)
        self.tables = [var.table for var in variables]
        self.cols = [var.table.cols for var in variables]
        self.firsts = [var.table.first for var in variables]
        self.links = [var.links for var in variables]
        self.required = [var.required for var in variables]
        self.order = [v for v in range(self.n) if self.required[v]]
        self.same = [  # the other slots to fill with words of the same length
            [u for u in self.order if u != v and variables[u].table is variables[v].table]
            for v in range(self.n)
        ]
        # dom/wdeg: grows each time a slot runs dry (or its revision dried up a crossing)
        self.failure_weights = [1.0] * self.n
        self.failures = [0] * self.n  # per variable: how often it ran out of candidates
        self.gram = None if max_shared_substring is None else max_shared_substring + 1
        self.nogoods = Nogoods()
        # Per variable, position and letter: words known to have that letter there (the
        # candidates that had it when last asked). "Is one still a candidate?" is one AND,
        # usually true. Kept whole: cutting them to one word (``support & -support``)
        # costs a negation and an AND over the whole int, more than the checks it saves.
        # Hints only: they never need undoing.
        size = len(problem.words.alphabet)
        self.residues = [[[0] * size for _ in var.table.cols] for var in variables]

    def fail(self, v: SlotId, cause: SlotId) -> None:
        """Record that ``v`` ran out of candidates while ``cause`` was being revised (-1:
        no other variable to blame)."""
        self.failures[v] += 1
        self.failure_weights[v] += 1.0
        if cause >= 0:
            self.failure_weights[cause] += 0.5

    def grams_of(self, word: str) -> set[str]:
        """The substrings of ``word`` that another entry may not share."""
        size = self.gram or 0
        return {word[k : k + size] for k in range(len(word) - size + 1)}

    def narrow(
        self, st: State, u: SlotId, words: WordSet, reason: Conflict, cause: SlotId, push: Push
    ) -> Conflict | None:
        """Cut ``u``'s candidates down to ``words`` for ``reason`` (the decision levels
        behind it; ``cause``: the variable being revised); a conflict when none is left.
        (The revision loop of :meth:`propagate` does the same inline.)"""
        st.why[u] |= reason
        if not words:
            self.fail(u, cause)
            return st.why[u]
        st.dom[u] = words
        push(u, words)
        return None

    def commit(self, st: State, v: SlotId, bit: WordSet, push: Push) -> Conflict | None:
        """Commit ``v`` to its single candidate; returns a conflict (levels) or None."""
        st.done[v] = True
        st.filled += 1
        dom = st.dom
        why = st.why
        for u in self.same[v]:
            if dom[u] & bit:
                if st.done[u]:
                    self.fail(v, u)
                    return why[v] | why[u]
                conflict = self.narrow(st, u, dom[u] ^ bit, why[v], v, push)
                if conflict is not None:
                    return conflict
        for y, b, reason in list(self.nogoods.implied(st, v, bit)):
            if dom[y] & b:  # (a committed y holding b is left with no word: a conflict)
                conflict = self.narrow(st, y, dom[y] ^ b, reason, v, push)
                if conflict is not None:
                    return conflict
        if self.gram is not None:
            word = self.tables[v].words[bit.bit_length() - 1]
            grams = self.grams_of(word)
            assert st.grams is not None
            if not grams.isdisjoint(st.grams):
                self.fail(v, -1)
                return (1 << st.level) - 1  # every decision may share the blame
            st.grams = st.grams | grams
        return None

    def propagate(self, st: State, queue: list[SlotId], big: int = BIG) -> Conflict | None:
        """Make ``st`` arc consistent after the candidates of ``queue`` changed.

        Returns None, or on a dead end the conflict: the decision levels that caused it.
        """
        dom = st.dom
        cells = st.cells
        done = st.done
        why = st.why
        cols = self.cols
        links = self.links
        required = self.required
        residues = self.residues
        firsts = self.firsts
        letter_lists = LETTER_LISTS
        # Smallest candidate set first: dead ends show up sooner, and the slot blamed for
        # one (its failure weight grows) is the one that really ran dry. A heap of
        # (size, slot); an entry whose size is no longer the slot's pending one is stale.
        pending = [-1] * self.n
        heap: list[tuple[int, int]] = []

        sizes = st.size

        def push(t: int, d: int) -> None:
            size = sizes[t] = d.bit_count()
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
            word: tuple[int, ...] | None = None
            if not d & (d - 1):  # a single candidate: its letters go into its cells
                if required[v] and not done[v]:
                    conflict = self.commit(st, v, d, push)
                    if conflict is not None:
                        return conflict
                word = self.tables[v].letters(d.bit_length() - 1)
            elif size > big:
                continue
            # the best ``size`` words (as at the root): a letter is in one of them when its
            # first word is, an int comparison instead of an AND over the candidates
            first = firsts[v] if not d & (d + 1) else None
            colv = cols[v]
            resv = residues[v]
            for cell, position, other, other_position in links[v]:
                cur = cells[cell]
                if word is not None:
                    new = 1 << word[position]
                    if new == cur:
                        continue
                else:
                    if not cur & (cur - 1):
                        continue
                    # the letters of the cell some candidate still has there
                    new = 0
                    if first is not None:
                        at = first[position]
                        for low, letter in letter_lists.get(cur) or letters_in(cur):
                            if at[letter] < size:
                                new |= low
                    else:
                        col = colv[position]
                        res = resv[position]
                        for low, letter in letter_lists.get(cur) or letters_in(cur):
                            support = res[letter]
                            if support and d & support:
                                new |= low
                                continue
                            support = d & col[letter]
                            if support:
                                res[letter] = support  # kept whole: see ``residues``
                                new |= low
                    if new == cur:
                        continue
                cells[cell] = new
                # the crossing keeps the words with a letter left in the cell (an OR over
                # the fewer of the kept or the removed letters)
                removed = cur ^ new
                colt = cols[other][other_position]
                mask = 0
                dt = dom[other]
                if new.bit_count() <= removed.bit_count():
                    for _, letter in letter_lists.get(new) or letters_in(new):
                        mask |= colt[letter]
                    nt = dt & mask
                else:
                    for _, letter in letter_lists.get(removed) or letters_in(removed):
                        mask |= colt[letter]
                    nt = dt & ~mask
                if nt != dt:
                    why[other] |= why[v]
                    if not nt:
                        self.fail(other, v)
                        return why[other]
                    dom[other] = nt
                    push(other, nt)
        return None

    # -- initial nodes ---------------------------------------------------------------------
    def initial(self, tier: int | None = None) -> State:
        """The initial node: each variable's initial candidates (only the words scoring
        ``tier`` or more, where the slot has any), every letter possible in every cell."""
        problem = self.problem
        alphabet = (1 << len(problem.words.alphabet)) - 1
        grams: frozenset[str] | None = None
        if self.gram is not None:
            given: set[str] = set()
            for entry in problem.givens:
                given |= self.grams_of(entry.word)
            grams = frozenset(given)
        domains = []
        for var in problem.vars:
            domain = var.domain
            if tier is not None:
                domain &= var.table.at_least(tier)
                if not domain:  # fixed letters or the list leave this slot no such word
                    domain = var.domain
            domains.append(domain)
        return State(
            domains,
            [alphabet] * len(problem.cells),
            [False] * self.n,
            [0] * self.n,
            grams=grams,
        )

    def root(self, tier: int | None = None) -> State | None:
        """The arc-consistent initial node (None: no fill exists, already at the root).
        The nogoods of an earlier search are dropped first: each held under that search's
        root (a tier's words), and one firing here could cut a fill of this one."""
        self.nogoods.forget()
        root = self.initial(tier)
        for v in range(self.n):
            if not root.dom[v]:
                self.fail(v, -1)
                return None
        if self.propagate(root, list(range(self.n)), big=1 << 62) is not None:
            return None
        return root
