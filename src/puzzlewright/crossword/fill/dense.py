"""Small dense grids: the double-word-square search over lines that blocks shorten.

A 7x7 with two corner blocks is nearly a double word square: every row and every column
is one long entry, and every entry crosses almost every entry of the other direction. The
general slot search's letter-by-letter arc consistency does not see that a corner of four
such crossing words has no completion, and enumerates corners (two7c: every dead end 4-7
decisions deep, about 700 nodes per CPU second). The square search (fill/squares.py) fills
such grids from the top-left corner outwards, walking letter tries, at tens of thousands
of nodes per CPU second, and its search is exhaustive.

This module extends it to grids whose every row and column holds exactly one entry, which
may stop short of the grid's edge (blocks only at the ends of lines): after ``r`` rows and
``c`` columns are placed, the filled cells of every other entry are still a prefix of it
(its cells before column ``c``, or above row ``r``), so each entry keeps a node of its
length's trie, and a move completes the next row or column from that node. An entry that
the other direction completes is skipped (its word is checked at the end, like the
square's implied words). The rest is the square search's: candidates whose letters are
children of the crossing entries' nodes, every empty cell reachable from both its
entries' nodes, best words first, restarts that grow, "none" a proof, and shares of the
space for portfolio members and cluster proofs.

:func:`applies` detects the shape; it takes grids whose shortest entry has at least
:data:`MIN_LENGTH` letters (below that the general search fills at once: mini5, tiny4).
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlewright.crossword.fill.problem import Problem, Region
from puzzlewright.crossword.fill.squares import (
    POLL,
    ROOT,
    Found,
    NodeId,
    Shape,
    SquareSearch,
    Trie,
    WordId,
    transposable,
    usable,
)

MIN_LENGTH = 6
"""The shortest entry of a grid this search takes: on grids of shorter lines (mini5,
tiny4) the general search fills in a few milliseconds, and keeps its fills."""

Span = tuple[int, int]
"""The cells ``[start, end)`` of a line that its entry covers."""


@dataclass(frozen=True)
class Lines(Shape):
    """A :class:`Shape` whose rows and columns may stop at blocks (``fixed`` is 0 there),
    seen in the search's orientation: with ``mirror_rows`` its row ``k`` is the grid's row
    ``k`` read from the right (the grid mirrored left to right), with ``mirror_cols`` its
    columns are read from the bottom, so that its top-left cell is open (where the first
    row and the first column cross)."""

    row_span: list[Span]
    col_span: list[Span]
    mirror_rows: bool = False
    mirror_cols: bool = False


def runs(cells: list[bool]) -> list[Span]:
    """The runs of open cells in one line."""
    found: list[Span] = []
    start = -1
    for k, open_cell in enumerate([*cells, False]):
        if open_cell and start < 0:
            start = k
        elif not open_cell and start >= 0:
            found.append((start, k))
            start = -1
    return found


def applies(problem: Problem, region: Region, max_shared_substring: int | None) -> bool:
    """True when ``problem`` is a whole grid with blocks whose every row and column is one
    entry of at least :data:`MIN_LENGTH` letters (no region, no shared-substring limit, no
    complete entry, single letters only)."""
    grid = problem.grid
    if region is not None or max_shared_substring is not None or grid.is_barred:
        return False
    if problem.givens or not all(var.required for var in problem.vars):
        return False
    cells = grid.cells
    if any(cell is not None and len(cell) > 1 for row in cells for cell in row):
        return False
    if all(cell is not None for row in cells for cell in row):
        return False  # a double word square: fill/squares.py
    lines = [[cell is not None for cell in row] for row in cells]
    lines += [list(column) for column in zip(*lines, strict=True)]
    spans = [runs(line) for line in lines]
    if any(len(found) != 1 or found[0][1] - found[0][0] < MIN_LENGTH for found in spans):
        return False
    return len(problem.vars) == len(lines)


def lines_of(problem: Problem) -> Lines:
    """The rows and columns of an :func:`applies` problem, their spans and fixed letters,
    in the first orientation (as given, mirrored left to right, top to bottom, both)
    whose top-left cell is open."""
    cells = problem.grid.cells
    height, width = len(cells), len(cells[0])
    mirror_rows, mirror_cols = next(
        (
            (across, down)
            for down in (False, True)
            for across in (False, True)
            if cells[height - 1 if down else 0][width - 1 if across else 0] is not None
        ),
        (False, False),
    )
    rows = [-1] * height
    cols = [-1] * width
    row_span: list[Span] = [(0, 0)] * height
    col_span: list[Span] = [(0, 0)] * width
    for v, var in enumerate(problem.vars):
        slot = var.slot
        if slot.direction == "across":
            k = height - 1 - slot.row if mirror_cols else slot.row
            a = width - slot.col - slot.length if mirror_rows else slot.col
            rows[k] = v
            row_span[k] = (a, a + slot.length)
        else:
            k = width - 1 - slot.col if mirror_rows else slot.col
            a = height - slot.row - slot.length if mirror_cols else slot.row
            cols[k] = v
            col_span[k] = (a, a + slot.length)
    code = problem.vars[rows[0]].table.code
    every = (1 << len(code)) - 1
    view = [row[::-1] if mirror_rows else row for row in cells]
    fixed = [
        [0 if cell is None else 1 << code[cell] if cell else every for cell in row]
        for row in (view[::-1] if mirror_cols else view)
    ]
    return Lines(height, width, rows, cols, fixed, row_span, col_span, mirror_rows, mirror_cols)


class DenseSearch(SquareSearch):
    """The corner-outwards trie search over a grid of :func:`applies` shape."""

    shape: Lines

    def prepare(self, floor: int | None) -> None:
        """One trie per entry length (the words scoring ``floor`` or more); the grid is its
        own transpose when its blocks and letters are (the tables are per length)."""
        problem = self.problem
        self.shape = shape = lines_of(problem)
        self.tables = {var.slot.length: var.table for var in problem.vars}
        tries: dict[tuple[int, bool], Trie] = {}

        def trie(length: int, backwards: bool) -> Trie:
            found = tries.get((length, backwards))
            if found is None:
                table = self.tables[length]
                ids = range(usable(table, floor))
                found = tries[length, backwards] = Trie(table, ids, length, backwards)
            return found

        self.row_tries = [trie(b - a, shape.mirror_rows) for a, b in shape.row_span]
        self.col_tries = [trie(b - a, shape.mirror_cols) for a, b in shape.col_span]
        self.same = True
        self.symmetric = shape.mirror_rows == shape.mirror_cols and transposable(shape)

    def order_line(
        self,
        found: list[WordId],
        own: Trie,
        crossing: list[tuple[int, Trie, NodeId]],
        line: int,
    ) -> list[WordId]:
        """Best first, as the square search weighs them: score, the log of the options
        left to each crossing entry (``crossing``: the word's letter, the entry's trie and
        node), a seeded tie-break."""
        cut = [(p, trie.size, trie.children(node)) for p, trie, node in crossing]
        return self.ranked(found, own.text, self.tables[own.length].scores, cut, line)

    def walk(self, count: int, found: Found) -> str:
        """One run from the empty grid: "done", "cutoff" or "stopped" (as the square's)."""
        return Walk(self, count, found).start()


class Walk:
    """One run of a :class:`DenseSearch`: the entries' trie nodes and words as it goes."""

    def __init__(self, search: DenseSearch, count: int, found: Found) -> None:
        self.search = search
        self.count = count
        self.found = found
        shape = search.shape
        self.height, self.width = shape.height, shape.width
        self.rnode = [ROOT] * shape.height
        self.cnode = [ROOT] * shape.width
        self.rword = [-1] * shape.height
        self.cword = [-1] * shape.width
        used: dict[int, set[WordId]] = {}  # by length: a word id is per length table
        self.rused = [used.setdefault(b - a, set()) for a, b in shape.row_span]
        self.cused = [used.setdefault(b - a, set()) for a, b in shape.col_span]
        self.seen = {(tuple(a), tuple(b)) for a, b in found.fills}
        self.ended = "done"

    def start(self) -> str:
        self.visit(0, 0, 0)
        return self.ended

    def settle(self, r: int, c: int) -> tuple[int, int]:
        """Skip the next rows and columns that the other direction has completed."""
        rspan, cspan = self.search.shape.row_span, self.search.shape.col_span
        while True:
            if r < self.height and c >= rspan[r][1]:
                r += 1
            elif c < self.width and r >= cspan[c][1]:
                c += 1
            else:
                return r, c

    def finish(self) -> bool:
        """Every cell is filled: record the fill when its words are all different."""
        search = self.search
        rows_done = [
            w if w >= 0 else trie.word[node]
            for w, trie, node in zip(self.rword, search.row_tries, self.rnode, strict=True)
        ]
        cols_done = [
            w if w >= 0 else trie.word[node]
            for w, trie, node in zip(self.cword, search.col_tries, self.cnode, strict=True)
        ]
        every = [(trie.length, w) for trie, w in zip(search.row_tries, rows_done, strict=True)]
        every += [(trie.length, w) for trie, w in zip(search.col_tries, cols_done, strict=True)]
        if len(set(every)) < len(every):
            return False
        symmetric = search.symmetric
        if symmetric and rows_done[0] > cols_done[0]:
            return False  # the transpose of a fill this search finds (or found)
        found = self.found
        for fill in [(rows_done, cols_done), (cols_done, rows_done)][: 2 if symmetric else 1]:
            key = (tuple(fill[0]), tuple(fill[1]))
            if key not in self.seen and len(found.fills) < self.count:
                self.seen.add(key)
                found.fills.append(fill)
        return len(found.fills) >= self.count

    def alive(self, r: int, c: int) -> bool:
        """Every empty cell still has a letter its row and its column can both take."""
        search = self.search
        shape = search.shape
        fixed, rspan, cspan = shape.fixed, shape.row_span, shape.col_span
        cnode, col_tries = self.cnode, search.col_tries
        for k in range(r, self.height):
            a, b = rspan[k]
            row_at = search.row_tries[k].at[self.rnode[k]]
            for j in range(max(a, c), b):
                if not row_at[j - a] & col_tries[j].at[cnode[j]][k - cspan[j][0]] & fixed[k][j]:
                    return False
        return True

    def note(self, r: int, c: int) -> None:
        found = self.found
        if r + c > found.best_depth:
            found.best_depth = r + c
            found.best_rows = self.rword[:]
            found.best_cols = self.cword[:]
            progress = self.search.progress
            if progress is not None:
                progress(r + c, found.best_depth, found.backtracks)

    def row_moves(self, r: int, c: int) -> list[WordId]:
        search = self.search
        shape = search.shape
        a, b = shape.row_span[r]
        cnode, col_tries = self.cnode, search.col_tries
        allows = [col_tries[j].mask[cnode[j]] & shape.fixed[r][j] for j in range(max(a, c), b)]
        trie = search.row_tries[r]
        moves = search.candidates(trie, self.rnode[r], allows, self.rused[r]) or []
        if search.symmetric and r == 0 and c > 0:
            moves = [w for w in moves if w < self.cword[0]]
        return moves

    def col_moves(self, r: int, c: int, limit: int) -> list[WordId] | None:
        search = self.search
        shape = search.shape
        a, b = shape.col_span[c]
        rnode, row_tries = self.rnode, search.row_tries
        allows = [row_tries[k].mask[rnode[k]] & shape.fixed[k][c] for k in range(max(a, r), b)]
        trie = search.col_tries[c]
        moves = search.candidates(trie, self.cnode[c], allows, self.cused[c], limit)
        if moves is not None and search.symmetric and c == 0 and r > 0:
            moves = [w for w in moves if w > self.rword[0]]
        return moves

    def visit(self, r: int, c: int, depth: int) -> bool:
        """Search below the node with ``r`` rows, ``c`` columns and ``depth`` moves placed
        (True: stop)."""
        search, found = self.search, self.found
        found.nodes += 1
        if found.nodes % POLL == 0 and search.stop.should_stop():
            self.ended = "stopped"
            return True
        if found.nodes > search.budget:
            self.ended = "cutoff"
            return True
        self.note(r, c)
        share, parts = search.part
        split = depth == search.split_depth and parts > 1
        if split and search.share_of(self.rword, self.cword, parts, depth) != share:
            return False
        r, c = self.settle(r, c)
        if r == self.height or c == self.width:
            return self.finish()
        by_row = self.row_moves(r, c)
        by_col = self.col_moves(r, c, len(by_row)) if by_row else []
        if not by_row or by_col == []:
            shape = search.shape
            search.failures[shape.row_vars[r] if not by_row else shape.col_vars[c]] += 1
            found.backtracks += 1
            return False
        if by_col is None or len(by_row) <= len(by_col):
            return self.place(r, c, depth, by_row, True)
        return self.place(r, c, depth, by_col, False)

    def place(self, r: int, c: int, depth: int, moves: list[WordId], across: bool) -> bool:
        """Try each of ``moves`` as row ``r`` (``across``) or column ``c``, walking the
        crossing entries' trie nodes, then visit the node after it."""
        search = self.search
        shape = search.shape
        line, start = (r, c) if across else (c, r)
        a, b = (shape.row_span if across else shape.col_span)[line]
        first = max(a, start)
        own = (search.row_tries if across else search.col_tries)[line]
        tries = search.col_tries if across else search.row_tries
        nodes = self.cnode if across else self.rnode
        words = self.rword if across else self.cword
        used = (self.rused if across else self.cused)[line]
        crossing = [(j - a, tries[j], nodes[j]) for j in range(first, b)]
        saved = nodes[first:b]
        after = (r + 1, c) if across else (r, c + 1)
        for w in search.order_line(moves, own, crossing, line):
            text = own.text[w]
            for j in range(first, b):
                trie = tries[j]
                node = nodes[j]
                nodes[j] = (trie.kids[node] or trie.expand(node))[ord(text[j - a])]
            words[line] = w
            used.add(w)
            if self.alive(*after) and self.visit(*after, depth + 1):
                return True
            used.discard(w)
            words[line] = -1
            nodes[first:b] = saved
        search.failures[(shape.row_vars if across else shape.col_vars)[line]] += 1
        self.found.backtracks += 1
        return False
