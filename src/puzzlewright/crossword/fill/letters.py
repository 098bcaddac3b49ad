"""Required letters as a global constraint inside the fill search (a pangram in one search).

A fill asked to hold some letters somewhere (``FillRequest.letters``; a pangram's missing
letters) is searched with them as one more constraint on every node, after arc consistency:

- a letter no open cell can still take (in no cell's letter set) is a dead end;
- a letter only one cell can still take is that cell's letter: both entries through the
  cell keep only the words with it there;
- a letter only one slot can still supply (all the cells that can take it lie in that
  slot) restricts the slot to its words holding the letter in one of those cells.

The cells' letter sets are what propagation left (a superset of what the candidates allow:
big slots skip letter pruning, unchecked cells are never narrowed), so each rule only cuts
what no fill can use: an exhausted search with the letters is a proof. The blame for such
a dead end is every decision so far (the rule looks at the whole grid). Value ordering
gives a candidate :data:`LETTER_BONUS` score points per required letter not yet placed
that it holds, so the search supplies them early instead of failing late.
"""

from __future__ import annotations

from puzzlewright.bits import LetterSet, WordSet
from puzzlewright.crossword.fill.problem import Problem, SlotId
from puzzlewright.crossword.fill.state import Conflict, State

LETTER_BONUS = 15.0
"""What value ordering adds to a candidate per missing rare required letter it holds, in
units of the log of its crossings' options (times the search's weight on them, so the
pull is the same whatever the list's scores: 15 with Spread the Wordlist, 30 with the
built-in list, whose fast mode weighs options twice). At 15 rather than 6 (12 score
points) the themed 15x15 pangrams with the built-in list took medians of 1.2, 1.6 and
3.0 s of CPU instead of 4.4, 2.3 and 5.7 s over seeds 0-2, in one run of
``benchmarks/fill_constraints.py --letter-bonus``: a word with a missing J, Q, V, X or Z
is taken wherever its crossings keep some words, before the grid closes around it."""

RARE = 0.1
"""A letter held by fewer than this share of the slots' candidate words is rare: only rare
letters earn :data:`LETTER_BONUS` (at the root every letter is missing, and favouring words
with many common letters only steered the search away from good fills)."""


def letters_mask(problem: Problem, letters: str) -> LetterSet:
    """The letter-set mask of ``letters`` that the grid's fixed letters do not hold yet
    (letters outside the list's alphabet are left out: no word could hold them)."""
    index = problem.words.alphabet.index
    grid = problem.grid
    present = {grid.cells[r][c] for r, c in grid.positions() if grid.cells[r][c]}
    mask = 0
    for letter in set(letters) - present:
        if letter in index:
            mask |= 1 << index[letter]
    return mask


def rare_letters(problem: Problem) -> LetterSet:
    """The letter-set mask of the letters fewer than :data:`RARE` of the open slots'
    candidate words hold (each length's words counted once)."""
    tables = {id(var.table): var.table for var in problem.vars if var.required}.values()
    size = len(problem.words.alphabet)
    holding = [0] * size
    total = 0
    for table in tables:
        total += len(table.words)
        for x in range(size):
            found = 0
            for col in table.cols:
                found |= col[x]
            holding[x] += found.bit_count()
    return sum(1 << x for x in range(size) if holding[x] < RARE * total)


class LetterNeed:
    """The required letters of one search and the rules above, over a problem's cells."""

    def __init__(self, problem: Problem, need: LetterSet) -> None:
        self.need = need
        self.rare = rare_letters(problem) & need
        self.missing = need  # the letters not yet fixed in the node seen last
        self.cols = [var.table.cols for var in problem.vars]
        self.places: list[list[tuple[SlotId, int]]] = [[] for _ in problem.cells]
        self.var_cells: list[list[tuple[int, int]]] = []
        for v, var in enumerate(problem.vars):
            for cell, position in var.cells:
                self.places[cell].append((v, position))
            self.var_cells.append([(cell, position) for cell, position in var.cells])
        self.tables = [var.table for var in problem.vars]
        self.unchecked = [  # cells of one slot only: propagation never narrows them
            (cell, *places[0]) for cell, places in enumerate(self.places) if len(places) == 1
        ]

    def check(self, st: State) -> tuple[Conflict | None, list[SlotId]]:
        """Apply the rules to ``st``: (a conflict, []) at a dead end, else (None, the
        slots whose candidates were cut, to propagate)."""
        self._settle(st)
        once = twice = fixed = 0
        for m in st.cells:
            twice |= once & m
            once |= m
            if not m & (m - 1):
                fixed |= m
        missing = self.missing = self.need & ~fixed
        if not missing:
            return None, []
        blame = (1 << st.level) - 1
        if missing & ~once:
            return blame, []
        changed: list[SlotId] = []
        single = missing & ~twice
        while single:
            bit = single & -single
            single ^= bit
            cell = next((k for k, m in enumerate(st.cells) if m & bit), -1)
            if cell < 0:  # its one cell went to another letter only it could take
                return blame, []
            st.cells[cell] = bit
            for v, position in self.places[cell]:
                conflict = self._cut(st, v, self.cols[v][position][bit.bit_length() - 1], blame)
                if conflict is not None:
                    return conflict, []
                changed.append(v)
        return self._one_slot(st, missing & twice, blame, changed)

    def _settle(self, st: State) -> None:
        """Give each unchecked cell of a slot left with one word that word's letter."""
        cells, dom = st.cells, st.dom
        for cell, v, position in self.unchecked:
            d = dom[v]
            if not d & (d - 1) and cells[cell] & (cells[cell] - 1):
                cells[cell] = 1 << self.tables[v].letters(d.bit_length() - 1)[position]

    def _one_slot(
        self, st: State, letters: LetterSet, blame: Conflict, changed: list[SlotId]
    ) -> tuple[Conflict | None, list[SlotId]]:
        """Restrict each slot that alone can still supply one of ``letters``."""
        if not letters:
            return None, changed
        cells = st.cells
        once = twice = 0
        unions = []
        for spots in self.var_cells:
            union = 0
            for cell, _ in spots:
                union |= cells[cell]
            unions.append(union)
            twice |= once & union
            once |= union
        alone = letters & once & ~twice
        while alone:
            bit = alone & -alone
            alone ^= bit
            v = next(u for u, union in enumerate(unions) if union & bit)
            letter = bit.bit_length() - 1
            words = 0
            for cell, position in self.var_cells[v]:
                if cells[cell] & bit:
                    words |= self.cols[v][position][letter]
            conflict = self._cut(st, v, words, blame)
            if conflict is not None:
                return conflict, []
            changed.append(v)
        return None, changed

    @staticmethod
    def _cut(st: State, v: SlotId, words: WordSet, blame: Conflict) -> Conflict | None:
        """Keep only ``words`` among ``v``'s candidates (a conflict when none is left)."""
        kept = st.dom[v] & words
        if kept == st.dom[v]:
            return None
        st.why[v] |= blame
        if not kept:
            return st.why[v]
        st.dom[v] = kept
        st.size[v] = kept.bit_count()
        return None

    def bonus(self, rows: list[tuple[int, ...]], option_weight: float) -> list[float]:
        """Per candidate (its letters), :data:`LETTER_BONUS` times ``option_weight`` (the
        search's weight on crossing options) per missing rare letter it holds."""
        missing = self.missing & self.rare
        pull = LETTER_BONUS * option_weight
        return [
            pull * sum(1 for x in set(row) if missing >> x & 1) if missing else 0.0 for row in rows
        ]
