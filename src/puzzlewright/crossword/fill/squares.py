"""Block-free rectangles (double word squares): a dedicated exhaustive search.

A grid without blocks or bars is a stack of rows that are words whose columns are words
too. The general slot CSP handles it, but slowly: every slot crosses every slot of the other
direction, so its arc consistency over word bitsets costs much and proves little. Here the
rectangle is filled from its top-left corner outwards: after ``r`` rows and ``c`` columns,
every remaining row holds a ``c``-letter prefix and every remaining column an ``r``-letter
prefix, each a node of a letter trie (made lazily: see :class:`Trie`). The next line
(row ``r`` or column ``c``, whichever has fewer candidates) takes a word below its node
whose letter at each crossing is a child of the crossing line's node (26-bit masks, no
word bitsets). After each move every empty
cell must still be reachable from both its row's and its column's node (per-node letter
masks by position); the corner cell of the next row and column is checked the same way.

Words are tried best first (score, then the log of the options they leave their crossings,
then a seeded tie-break), no word is used twice, and the search is exhaustive: runs restart
after a growing number of nodes, and the run that ends within its cutoff has covered the
whole space, so when it ends without a fill, none exists. A square with the same list both
ways (and its given letters placed symmetrically) is symmetric under transposition, so
only fills whose first row comes before their first column in the list are searched (the
transposes are the others; with ``count`` > 1 both are reported). ``floor`` limits the
words to a score tier and ``max_nodes`` bounds the search (the engine tries the best tiers
first: see ``_fill_square`` in fill/run.py).

``part=(k, n)`` searches the ``k``-th of ``n`` disjoint shares of the space (the nodes
after :data:`SPLIT_DEPTH` moves, dealt by a hash of their words), so ``n`` workers split
one proof.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import log
from random import Random
from typing import TypeAlias

from puzzlewright.crossword.fill.domains import LengthTable
from puzzlewright.crossword.fill.problem import Problem, Region
from puzzlewright.crossword.fill.quality import ValueWeights
from puzzlewright.crossword.fill.state import Outcome, Solution, State
from puzzlewright.stopping import StopSignal

NodeId: TypeAlias = int
"""A node of a :class:`Trie`: the words sharing one prefix."""

WordId: TypeAlias = int
"""A word: its bit index in the line's :class:`LengthTable`."""

LetterMask: TypeAlias = int
"""A set of letters: bit ``k`` is the alphabet's ``k``-th letter."""

Part: TypeAlias = tuple[int, int]
"""``(k, n)``: this search covers share ``k`` of ``n`` (``(0, 1)``: everything)."""

SPLIT_DEPTH = 2
"""Moves after which the search space is dealt to the parts (by a hash of the words)."""

FIRST_CUTOFF = 8_000
"""Search nodes in the first run before a restart."""

CUTOFF_GROWTH = 2.0
"""Each run may take this many times more nodes than the last."""

TIE_SCALE = 1_000_003
"""Tie-breaks are ``(word * K + salt) % TIE_SCALE / TIE_SCALE``: a seeded hash, in [0, 1)."""

RESTART_JITTER = 0.6
"""The tie-break's weight after a restart (log units of options: a factor of e**2), so a
new run tries other first words rather than the same ones again."""

POLL = 64
"""Search nodes between two polls of the stop signal (the portfolio counts polls as work)."""

ROOT: NodeId = 0

BULK = 16
"""A trie node of at most this many words is scanned word by word by the first
:data:`SCANS` candidate walks that reach it, and only then made into child nodes (most
small subtrees are reached once or twice; the hot ones pay for their nodes)."""

SCANS = 2

WHOLE = 1_000
"""A candidate walk from a node of more words than this first checks whether all of them
fit (the first row and column of an empty square: every word, or every word with its
letter)."""


class Enough(Exception):
    """Raised inside a candidate walk that has found more words than it needs."""


class Trie:
    """The words of one length allowed in the lines of one direction, as a letter trie.

    ``kids[node]`` maps a letter to the child node (None until :meth:`expand` makes the
    children), ``mask[node]`` is the set of those letters, ``at[node][p]`` the letters at
    position ``p`` of the words below ``node`` (0 above the node's depth), ``size[node]``
    how many words are below it and ``word[node]`` the word a leaf stands for.

    The trie is built lazily: a node is a range of the words sorted by text, its letter
    masks are read from that range's column slices (C-speed string slicing), and its
    children are made when the search first walks below it. A search touches a small part
    of a big list's trie, so a 6x6 no longer pays for all of it before its first move.
    """

    def __init__(
        self, table: LengthTable, ids: Sequence[WordId], length: int, backwards: bool = False
    ) -> None:
        self.length = length
        coding = {ord(letter): chr(code) for letter, code in table.code.items()}
        # each letter as the character of its code, so text order is the search's order;
        # ``backwards``: the words read from their last letter (a line filled from its end)
        step = -1 if backwards else 1
        ranked = sorted((table.words[i][::step].translate(coding), i) for i in ids)
        self.texts = [text for text, _ in ranked]
        self.ids = [i for _, i in ranked]
        self.blob = "".join(self.texts)  # sorted word k's letter p is blob[k * length + p]
        self.text = [""] * (max(ids, default=-1) + 1)  # by word: its coded text
        for text, i in ranked:
            self.text[i] = text
        self.bit = {chr(code): 1 << code for code in table.code.values()}
        self.kids: list[dict[int, NodeId] | None] = []
        self.mask: list[LetterMask] = []
        self.at: list[tuple[LetterMask, ...]] = []
        self.size: list[int] = []
        self.word: list[WordId] = []
        self.first: list[int] = []  # the node's first word in the sorted order
        self.depth: list[int] = []
        self.scans: list[int] = []  # candidate walks that scanned the node's words
        self.make(0, len(ranked), 0)

    def make(self, lo: int, hi: int, depth: int) -> NodeId:
        """A new node for the sorted words ``lo`` to ``hi`` (their first ``depth`` letters
        shared), with its letter masks."""
        length, bit = self.length, self.bit
        if hi - lo == 1:
            below = tuple(bit[letter] for letter in self.texts[lo][depth:])
        else:
            blob = self.blob
            below = tuple(
                sum(bit[letter] for letter in set(blob[lo * length + p : hi * length : length]))
                for p in range(depth, length)
            )
        node = len(self.kids)
        self.kids.append(None)
        self.at.append((0,) * depth + below)
        self.mask.append(below[0] if below else 0)
        self.size.append(hi - lo)
        self.word.append(self.ids[lo] if depth == length and hi > lo else -1)
        self.first.append(lo)
        self.depth.append(depth)
        self.scans.append(0)
        return node

    def expand(self, node: NodeId) -> dict[int, NodeId]:
        """The children of ``node``, made now (one per letter at its depth)."""
        lo, depth, length = self.first[node], self.depth[node], self.length
        hi = lo + self.size[node]
        column = self.blob[lo * length + depth : hi * length : length]  # sorted
        children: dict[int, NodeId] = {}
        start = 0
        for letter in sorted(set(column)):
            end = column.rfind(letter) + 1
            children[ord(letter)] = self.make(lo + start, lo + end, depth + 1)
            start = end
        self.kids[node] = children
        return children

    def below(self, node: NodeId) -> list[WordId]:
        """Every word below ``node``, in the search's (trie) order."""
        lo = self.first[node]
        return self.ids[lo : lo + self.size[node]]

    def children(self, node: NodeId) -> dict[int, NodeId]:
        """The children of ``node`` (made on first use)."""
        return self.kids[node] or self.expand(node)


@dataclass(frozen=True)
class Shape:
    """The rectangle: its lines' variables and the letters already in its cells."""

    height: int
    width: int
    row_vars: list[int]  # variable (index in Problem.vars) of each row
    col_vars: list[int]  # ... and of each column
    fixed: list[list[LetterMask]]  # per cell: the letters it may hold (one when given)


def applies(problem: Problem, region: Region, max_shared_substring: int | None) -> bool:
    """True when ``problem`` is a whole block-free, bar-free rectangle this search handles:
    no region, no shared-substring limit, single letters only, no complete line."""
    grid = problem.grid
    if region is not None or max_shared_substring is not None or grid.is_barred:
        return False
    if grid.height < 2 or grid.width < 2 or problem.givens:
        return False
    if any(cell is None or len(cell) > 1 for row in grid.cells for cell in row):
        return False
    return len(problem.vars) == grid.height + grid.width and all(v.required for v in problem.vars)


def usable(table: LengthTable, floor: int | None) -> int:
    """How many of ``table``'s words (best first) score ``floor`` or more (all: None)."""
    if floor is None:
        return table.count
    return min(table.count, table.at_least(floor).bit_length())


def shape_of(problem: Problem) -> Shape:
    """The rows and columns of an :func:`applies` problem, and its fixed letters."""
    grid = problem.grid
    rows = [-1] * grid.height
    cols = [-1] * grid.width
    for v, var in enumerate(problem.vars):
        if var.slot.direction == "across":
            rows[var.slot.row] = v
        else:
            cols[var.slot.col] = v
    code = problem.vars[rows[0]].table.code
    every = (1 << len(code)) - 1
    fixed = [[1 << code[cell] if cell else every for cell in row] for row in grid.cells]
    return Shape(grid.height, grid.width, rows, cols, fixed)


def transposable(shape: Shape) -> bool:
    """True when the transpose of every fill of ``shape`` is one too (square, and its
    given letters and blocks placed symmetrically), given the same list both ways."""
    fixed = shape.fixed
    return shape.height == shape.width and all(
        fixed[i][j] == fixed[j][i] for i in range(shape.height) for j in range(i)
    )


@dataclass
class Found:
    """What the search found: fills (row words, column words), the deepest partial one."""

    fills: list[tuple[list[WordId], list[WordId]]]
    best_rows: list[WordId]
    best_cols: list[WordId]
    best_depth: int
    nodes: int = 0
    backtracks: int = 0
    restarts: int = 0
    complete: bool = True  # the (share of the) space was searched to its end


class SquareSearch:
    """The corner-outwards search over one rectangle (see the module docstring)."""

    def __init__(
        self,
        problem: Problem,
        *,
        seed: int = 0,
        stop: StopSignal,
        weights: ValueWeights | None = None,
        part: Part = (0, 1),
        progress: Callable[[int, int, int], None] | None = None,
        floor: int | None = None,
        max_nodes: int | None = None,
        restarts: bool = True,
        split_depth: int = SPLIT_DEPTH,
    ) -> None:
        self.problem = problem
        self.shape = shape_of(problem)
        self.prepare(floor)
        self.stop = stop
        self.weights = weights or ValueWeights()
        self.rng = Random(seed)
        self.salt = 0  # this run's tie-break offset
        self.part = part
        self.progress = progress
        self.failures = [0] * len(problem.vars)
        self.budget = 0  # the node count at which the current run restarts
        self.max_nodes = max_nodes  # None: restart until the space is covered
        self.restarts = restarts  # False: one run to the end (a share of a proof)
        self.split_depth = split_depth  # moves after which the space is dealt to the parts
        self.spread = self.weights.jitter  # the weight of the tie-break in this run

    def prepare(self, floor: int | None) -> None:
        """The lines' tries (words scoring ``floor`` or more) and whether the rectangle
        is its own transpose (then only one of each transposed pair of fills is searched)."""
        shape, problem = self.shape, self.problem
        row_table = problem.vars[shape.row_vars[0]].table
        col_table = problem.vars[shape.col_vars[0]].table
        self.row_table, self.col_table = row_table, col_table
        self.rows = Trie(row_table, range(usable(row_table, floor)), shape.width)
        self.cols = (
            self.rows
            if col_table is row_table
            else Trie(col_table, range(usable(col_table, floor)), shape.height)
        )
        self.same = col_table is row_table
        self.symmetric = self.same and transposable(shape)

    # -- candidates ----------------------------------------------------------------------
    def candidates(
        self,
        trie: Trie,
        start: NodeId,
        allows: list[LetterMask],
        used: set[WordId],
        limit: int | None = None,
    ) -> list[WordId] | None:
        """The unused words below ``start`` whose next letters are in ``allows`` (trie
        order); with ``limit``, None once more than ``limit`` are found."""
        kids, mask, expand, at, size = trie.kids, trie.mask, trie.expand, trie.at, trie.size
        scans, word = trie.scans, trie.word
        first, texts, ids, letter_bit = trie.first, trie.texts, trie.ids, trie.bit
        found: list[WordId] = []
        last = len(allows) - 1
        cap = -1 if limit is None else limit
        top = trie.depth[start]

        def walk(node: NodeId, k: int) -> None:
            children = kids[node]
            if children is None:
                if size[node] <= BULK and scans[node] < SCANS:  # scan its words
                    scans[node] += 1
                    lo = first[node]
                    for i in range(lo, lo + size[node]):
                        text = texts[i]
                        if ids[i] not in used and all(
                            letter_bit[text[top + p]] & allows[p] for p in range(k, last + 1)
                        ):
                            found.append(ids[i])
                    if len(found) > cap >= 0:
                        raise Enough
                    return
                children = expand(node)
            m = mask[node] & allows[k]
            if k == last:
                while m:
                    bit = m & -m
                    m ^= bit
                    w = word[children[bit.bit_length() - 1]]
                    if w not in used:
                        found.append(w)
                if len(found) > cap >= 0:
                    raise Enough
                return
            while m:
                bit = m & -m
                m ^= bit
                walk(children[bit.bit_length() - 1], k + 1)

        if last < 0:  # the line is complete already (not reached: searches stop before)
            return []
        try:
            every = at[start]  # all words below fit (a first move): take them at once
            if size[start] > WHOLE and all(
                not every[top + p] & ~allows[p] for p in range(last + 1)
            ):
                found.extend(w for w in trie.below(start) if w not in used)
            else:
                walk(start, 0)
            if len(found) > cap >= 0:
                raise Enough
        except Enough:
            return None
        return found

    def order(
        self,
        found: list[WordId],
        table: LengthTable,
        own: Trie,
        cross: Trie,
        nodes: list[NodeId],
        first: int,
        line: int,
    ) -> list[WordId]:
        """Best first: score, plus the log of the options left to the crossings, plus a
        seeded tie-break (fixed per run, line and word)."""
        size, children = cross.size, cross.children
        crossing = [(j, size, children(nodes[j])) for j in range(first, len(nodes))]
        return self.ranked(found, own.text, table.scores, crossing, line)

    def ranked(
        self,
        found: list[WordId],
        texts: Sequence[str],
        scores: Sequence[int],
        crossing: Sequence[tuple[int, Sequence[int], dict[int, NodeId]]],
        line: int,
    ) -> list[WordId]:
        """``found`` best first by the search's weights: score, the log of the options each
        crossing entry keeps (``crossing``: the word's letter position, the entry's trie
        sizes and the children of its node), a seeded tie-break fixed per run, line, word."""
        weights = self.weights
        spread = self.spread / TIE_SCALE
        salt = self.salt + line * 40_503
        by_letter = weights.options
        gains = [
            (j, {chr(code): by_letter * log(size[child]) for code, child in kids.items()})
            for j, size, kids in crossing
        ]
        by_score = weights.score

        def value(w: WordId) -> float:
            text = texts[w]
            total = by_score * scores[w] + spread * ((w * 2_654_435_761 + salt) % TIE_SCALE)
            for j, gain in gains:
                total += gain[text[j]]
            return total

        return sorted(found, key=value, reverse=True)

    # -- the search ----------------------------------------------------------------------
    def run(self, count: int) -> Found:
        """Search for ``count`` fills (all of this part's space when there are fewer).

        Runs restart with a fresh tie-break after :data:`FIRST_CUTOFF` nodes, growing by
        :data:`CUTOFF_GROWTH` (a bad first word no longer holds the search for long); the
        run that ends within its cutoff has searched everything, so "none" is a proof.
        With ``max_nodes`` the search gives up (incomplete) after that many nodes in all;
        without ``restarts`` it makes one run (a share of a proof is searched to its end
        anyway, and a restart walks again what the last run walked).
        """
        found = Found([], [], [], -1)
        cutoff = FIRST_CUTOFF if self.restarts else 1 << 62
        while True:
            self.salt = self.rng.randrange(TIE_SCALE)
            self.spread = self.weights.jitter if not found.restarts else RESTART_JITTER
            self.budget = found.nodes + cutoff
            if self.max_nodes is not None:
                self.budget = min(self.budget, self.max_nodes)
            state = self.walk(count, found)
            if state != "cutoff":
                found.complete = state == "done"
                return found
            if self.max_nodes is not None and found.nodes >= self.max_nodes:
                found.complete = False
                return found
            found.restarts += 1
            cutoff = int(cutoff * CUTOFF_GROWTH)

    def walk(self, count: int, found: Found) -> str:
        """One run from the empty rectangle: "done" (searched to the end, or ``count``
        fills known), "cutoff" (out of nodes for this run) or "stopped" (time, Ctrl-C)."""
        shape = self.shape
        height, width = shape.height, shape.width
        rnode = [ROOT] * height
        cnode = [ROOT] * width
        rword = [-1] * height
        cword = [-1] * width
        used_rows: set[WordId] = set()
        used_cols = used_rows if self.same else set()
        share, parts = self.part
        split = self.split_depth
        rows, cols = self.rows, self.cols
        fixed = shape.fixed
        symmetric = self.symmetric
        seen = {(tuple(a), tuple(b)) for a, b in found.fills}
        ended = ["done"]

        def finish(r: int, c: int) -> bool:
            """Every line is complete: record the fill when its implied words are new."""
            rows_done = rword[:]
            cols_done = cword[:]
            for k in range(r, height):
                rows_done[k] = rows.word[rnode[k]]
            for j in range(c, width):
                cols_done[j] = cols.word[cnode[j]]
            if self.same:
                every = rows_done + cols_done
                if len(set(every)) < len(every):
                    return False
            elif len(set(rows_done)) < height or len(set(cols_done)) < width:
                return False
            if symmetric and rows_done[0] > cols_done[0]:
                return False  # the transpose of a fill this search finds (or found)
            for fill in [(rows_done, cols_done), (cols_done, rows_done)][: 2 if symmetric else 1]:
                key = (tuple(fill[0]), tuple(fill[1]))
                if key not in seen and len(found.fills) < count:
                    seen.add(key)
                    found.fills.append(fill)
            return len(found.fills) >= count

        def alive(r: int, c: int) -> bool:
            """Every empty cell still has a letter its row and its column can both take."""
            rat, cat = rows.at, cols.at
            for k in range(r, height):
                row_at = rat[rnode[k]]
                for j in range(c, width):
                    if not row_at[j] & cat[cnode[j]][k] & fixed[k][j]:
                        return False
            return True

        def note(r: int, c: int) -> None:
            if r + c > found.best_depth:
                found.best_depth = r + c
                found.best_rows = rword[:]
                found.best_cols = cword[:]
                if self.progress is not None:
                    self.progress(r + c, found.best_depth, found.backtracks)

        def row_moves(r: int, c: int) -> list[WordId]:
            allows = [cols.mask[cnode[j]] & fixed[r][j] for j in range(c, width)]
            moves = self.candidates(rows, rnode[r], allows, used_rows) or []
            if symmetric and r == 0 and c > 0:
                moves = [w for w in moves if w < cword[0]]
            return moves

        def col_moves(r: int, c: int, limit: int) -> list[WordId] | None:
            allows = [rows.mask[rnode[k]] & fixed[k][c] for k in range(r, height)]
            moves = self.candidates(cols, cnode[c], allows, used_cols, limit)
            if moves is None:
                return None
            if symmetric and c == 0 and r > 0:
                moves = [w for w in moves if w > rword[0]]
            return moves

        def visit(r: int, c: int) -> bool:
            """Search below the node with ``r`` rows and ``c`` columns placed (True: stop)."""
            found.nodes += 1
            if found.nodes % POLL == 0 and self.stop.should_stop():
                ended[0] = "stopped"
                return True
            if found.nodes > self.budget:
                ended[0] = "cutoff"
                return True
            note(r, c)
            if r == height or c == width:
                return finish(r, c)
            if r + c == split and parts > 1 and self.share_of(rword, cword, parts, split) != share:
                return False
            by_row = row_moves(r, c)
            by_col = col_moves(r, c, len(by_row)) if by_row else []
            if not by_row or by_col == []:
                self.failures[shape.row_vars[r] if not by_row else shape.col_vars[c]] += 1
                found.backtracks += 1
                return False
            if by_col is None or len(by_row) <= len(by_col):
                return place_rows(r, c, by_row)
            return place_cols(r, c, by_col)

        def place(
            line: int, start: int, moves: list[WordId], across: bool, after: tuple[int, int]
        ) -> bool:
            """Try each of ``moves`` as row (``across``) or column ``line`` from ``start`` on,
            walking the crossing lines' trie nodes, then visit the node ``after``."""
            table, crossing = (self.row_table, cols) if across else (self.col_table, rows)
            nodes, words, used = (cnode, rword, used_rows) if across else (rnode, cword, used_cols)
            kids, expand = crossing.kids, crossing.expand  # children made by order() above
            saved = nodes[start:]
            own = rows if across else cols
            for w in self.order(moves, table, own, crossing, nodes, start, line):
                text = own.text[w]
                for j in range(start, len(nodes)):
                    nodes[j] = (kids[nodes[j]] or expand(nodes[j]))[ord(text[j])]
                words[line] = w
                used.add(w)
                if alive(*after) and visit(*after):
                    return True
                used.discard(w)
                words[line] = -1
                nodes[start:] = saved
            self.failures[(shape.row_vars if across else shape.col_vars)[line]] += 1
            found.backtracks += 1
            return False

        def place_rows(r: int, c: int, moves: list[WordId]) -> bool:
            return place(r, c, moves, True, (r + 1, c))

        def place_cols(r: int, c: int, moves: list[WordId]) -> bool:
            return place(c, r, moves, False, (r, c + 1))

        visit(0, 0)
        return ended[0]

    @staticmethod
    def share_of(
        rword: list[WordId], cword: list[WordId], parts: int, depth: int = SPLIT_DEPTH
    ) -> int:
        """The share a node after ``depth`` moves belongs to: a hash of its words, so the
        shares stay disjoint whatever order each run visits the nodes in."""
        mixed = 0
        for w in (*rword[:depth], *cword[:depth]):
            mixed = (mixed * 1_000_003 + w + 1) % 2_147_483_647
        return mixed % parts

    def outcome(self, found: Found) -> Outcome:
        """The search's findings in the general filler's :class:`Outcome` terms."""
        solutions: list[Solution] = [
            self.solution(rows_done, cols_done) for rows_done, cols_done in found.fills
        ]
        partial = self.solution(found.best_rows, found.best_cols)
        n = len(self.problem.vars)
        best = State(
            [1 << w if w >= 0 else 0 for w in partial],
            [],
            [w >= 0 for w in partial],
            [0] * n,
            sum(w >= 0 for w in partial),
        )
        status = "filled" if solutions else ("unfillable" if found.complete else "timeout")
        return Outcome(
            status, solutions, best, found.nodes, found.backtracks, found.restarts, self.failures
        )

    def solution(self, rows_done: list[WordId], cols_done: list[WordId]) -> Solution:
        """A word per variable (-1 where none is chosen)."""
        words = [-1] * len(self.problem.vars)
        shape = self.shape
        for k, w in enumerate(rows_done or [-1] * shape.height):
            words[shape.row_vars[k]] = w
        for j, w in enumerate(cols_done or [-1] * shape.width):
            words[shape.col_vars[j]] = w
        return tuple(words)
