"""Blocked corners as units: a corner's fills keyed on the long entries through it
(issue 31 item 2, round 6).

A *corner* is a stack of three or more parallel entries of :data:`ROW_LENGTH` letters or
more on adjacent lines (a staircase's three rows of 8s and 9s under two 15s), each
column of the stack one crossing entry, and at least one of those crossings a *long*
entry (:data:`LONG_LENGTH` letters or more) through every row. The rows and the columns'
letters in the stack make a ragged word rectangle: every row a word of its candidates,
every column a string its crossing's candidates hold there. A long entry can only take a
word whose letters in the corner (its *key*) some rectangle has; arc consistency sees one
cell at a time, so a 15 whose three letters each fit some row is kept even when no three
rows fit together under it.

:class:`CornerKeys` enumerates the rectangles column by column, each row's state the set
of its candidates matching its letters so far (two partial rectangles with the same
states are the same: memoised), and collects per long entry the keys some rectangle
completes. It is exact over its inputs (the current candidates) and a relaxation of the
fill (repeated words and the grid outside the corner are ignored), so a struck word is in
no fill: the strike's reason is what narrowed the corner's entries. The work is counted
in steps and capped (:data:`STEP_LIMIT`); a capped enumeration strikes nothing.

:class:`CornerFilter` runs it as a propagator after arc consistency. Measured on
stair15a and not kept in the search (docs/crossword-fill.md, "Round 6: corners as
units"): at the root every key tried has a rectangle, and in the search the check finds
a dead corner at 1% of the dead ends while it costs a fifth to four fifths of the nodes.
``benchmarks/fill_staircase.py`` installs it (variants ``cut`` and ``cutnode``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from puzzlewright.bits import WordSet
from puzzlewright.crossword.fill.problem import Problem, SlotId
from puzzlewright.crossword.fill.stacks import find_mates
from puzzlewright.crossword.fill.state import Conflict, State

ROW_LENGTH = 7
"""A corner's rows are at least this long..."""

CORNER_ROWS = 3
"""...and at least this many on adjacent lines."""

LONG_LENGTH = 12
"""A crossing this long or longer through every row of a corner is a long entry (keyed)."""

LONG_ENTRIES = 2
"""A corner has this many long entries or more (one 13 through a Sunday's corner leaves
the corner most of its fills: not worth a check at every node)."""

STEP_LIMIT = 20_000
"""Letters tried per enumeration before it gives up (and strikes nothing): some 10-15 ms
of CPU (at 200,000 the search made a tenth of its nodes)."""

MEMO_LIMIT = 1 << 12
"""Corner checks remembered (per candidates of the corner's entries) before starting again."""

Key = tuple[int, ...]
Propagate = Callable[[State, list[SlotId]], Conflict | None]


class Capped(Exception):
    """The enumeration reached its step limit."""


@dataclass(frozen=True)
class Cross:
    """One column of a corner: its crossing entry and where it meets the rows."""

    down: SlotId
    cells: tuple[tuple[int, int, int], ...]  # (row in the corner, row's letter, down's letter)


@dataclass(frozen=True)
class Corner:
    """Parallel rows on adjacent lines, their columns left to right, the keyed columns."""

    rows: tuple[SlotId, ...]
    columns: tuple[Cross, ...]
    long: tuple[int, ...]  # indexes into ``columns`` of the long entries' columns

    def slots(self) -> list[SlotId]:
        """Every entry of the corner: rows and crossings."""
        return [*self.rows, *(column.down for column in self.columns)]


def find_corners(problem: Problem) -> list[Corner]:
    """The corners of ``problem`` (empty for most grids: see :data:`LONG_LENGTH`)."""
    variables = problem.vars
    lines: dict[tuple[str, int], list[SlotId]] = {}
    for v, var in enumerate(variables):
        slot = var.slot
        if var.required and slot.length >= ROW_LENGTH:
            line = slot.row if slot.direction == "across" else slot.col
            lines.setdefault((slot.direction, line), []).append(v)
    found: list[Corner] = []
    seen: set[SlotId] = set()
    stacked: set[SlotId] | None = None  # the stacks' rows (found once, when needed)
    for (direction, line), slots in sorted(lines.items()):
        for v in slots:
            if v in seen:
                continue
            rows = stack_from(problem, lines, direction, line, v)
            if len(rows) < CORNER_ROWS:
                continue
            if stacked is None:
                stacked = set(find_mates(problem))
            corner = corner_of(problem, rows, stacked)
            if corner is not None:
                seen.update(rows)
                found.append(corner)
    return found


def stack_from(
    problem: Problem,
    lines: dict[tuple[str, int], list[SlotId]],
    direction: str,
    line: int,
    v: SlotId,
) -> list[SlotId]:
    """``v`` and the entries below it on adjacent lines that cross the same entries,
    each overlapping the one above by :data:`ROW_LENGTH` - 1 letters or more."""
    rows = [v]
    while True:
        last = problem.vars[rows[-1]]
        downs = {link.other for link in last.links}
        below = [
            u
            for u in lines.get((direction, line + len(rows)), [])
            if len(downs & {link.other for link in problem.vars[u].links}) >= ROW_LENGTH - 1
        ]
        if len(below) != 1:
            return rows
        rows.append(below[0])


def corner_of(problem: Problem, rows: list[SlotId], stacked: set[SlotId]) -> Corner | None:
    """The corner of ``rows`` (None: fewer than :data:`LONG_ENTRIES` long entries cross
    every row, or one of them is a row of a stack, ``stacked``: quad16's 15s are rows of
    their stack, not long entries through a corner)."""
    variables = problem.vars
    cells: dict[SlotId, list[tuple[int, int, int]]] = {}
    for r, v in enumerate(rows):
        for _, position, down, at in variables[v].links:
            cells.setdefault(down, []).append((r, position, at))
    columns = sorted(
        (Cross(down, tuple(sorted(found))) for down, found in cells.items()),
        key=lambda column: crossing_column(problem, column.down),
    )
    long = tuple(
        k
        for k, column in enumerate(columns)
        if len(column.cells) == len(rows) and variables[column.down].slot.length >= LONG_LENGTH
    )
    if len(long) < LONG_ENTRIES or any(columns[k].down in stacked for k in long):
        return None
    return Corner(tuple(rows), tuple(columns), long)


def crossing_column(problem: Problem, down: SlotId) -> int:
    """The grid column (or row) a crossing entry lies on."""
    slot = problem.vars[down].slot
    return slot.col if slot.direction == "down" else slot.row


class CornerKeys:
    """The keys of a corner's long entries that some rectangle completes, under the
    candidates ``dom`` (see the module docstring).

    For each long column, its strings are tried first, one by one, and the other columns
    searched left to right for one rectangle that completes it (depth first, stopping at
    the first; partial rectangles found dead are memoised per column order). A column's
    strings are spelled letter by letter from the per-position letter bitsets of its rows
    and of its crossing (no word is looked at alone)."""

    def __init__(self, problem: Problem, corner: Corner, dom: list[WordSet]) -> None:
        self.corner = corner
        self.cols = [problem.vars[v].table.cols for v in corner.rows]
        self.down_cols = [problem.vars[column.down].table.cols for column in corner.columns]
        self.downs = [dom[column.down] for column in corner.columns]
        self.letters = len(problem.words.alphabet)
        self.start = tuple(dom[v] for v in corner.rows)
        self.steps = 0
        self.limit = STEP_LIMIT
        self.keys: list[set[Key]] = [set() for _ in corner.long]
        self.tried = [0] * len(corner.long)  # strings of each long column tried
        self.computed: list[int] = []  # the long columns whose keys are all found
        self.none = False  # whether the corner has no rectangle at all

    def run(self, limit: int = STEP_LIMIT) -> bool:
        """Find the long columns' keys (False: the step limit was reached first, the keys
        are incomplete and must not be used)."""
        self.limit = limit
        fewest = sorted(range(len(self.corner.long)), key=self.choices)
        try:
            for j in fewest:  # a decided long entry first: one string, the cheapest test
                k = self.corner.long[j]
                order = [k, *(c for c in range(len(self.corner.columns)) if c != k)]
                search = Completion(self, order)
                for string, after in search.strings(0, self.start):
                    self.tried[j] += 1
                    if search.exists(1, after):
                        self.keys[j].add(string)
                self.computed.append(j)
                if not self.keys[j]:
                    self.none = True  # no rectangle at all: no long entry has a key
                    break
        except Capped:
            return False
        return True

    def choices(self, j: int) -> int:
        """How many candidates the ``j``-th long entry has."""
        return self.downs[self.corner.long[j]].bit_count()


class Completion:
    """Depth-first search for one rectangle, the corner's columns in ``order``."""

    def __init__(self, keys: CornerKeys, order: list[int]) -> None:
        self.keys = keys
        self.columns = [keys.corner.columns[k] for k in order]
        self.downs = [keys.downs[k] for k in order]
        self.down_cols = [keys.down_cols[k] for k in order]
        rows = len(keys.corner.rows)
        last = [0] * rows  # per row: the step of ``order`` placing its last letter
        for step, column in enumerate(self.columns):
            for r, _, _ in column.cells:
                last[r] = step
        self.last = last
        self.dead: set[tuple[int, tuple[WordSet, ...]]] = set()

    def exists(self, step: int, states: tuple[WordSet, ...]) -> bool:
        """Whether the columns from ``step`` on complete ``states`` to a rectangle."""
        if step == len(self.columns):
            return True
        key = (step, states)
        if key in self.dead:
            return False
        for _, after in self.strings(step, states):
            if self.exists(step + 1, after):
                return True
        self.dead.add(key)
        return False

    def strings(
        self, step: int, states: tuple[WordSet, ...]
    ) -> Iterator[tuple[Key, tuple[WordSet, ...]]]:
        """The strings of the column at ``step`` its crossing and every row can take from
        ``states``, with the rows' states after them (a row whose last letter this is
        keeps only "some word": what it holds no longer matters to the columns after it)."""
        return self.below(step, 0, list(states), self.downs[step])

    def below(
        self, step: int, i: int, after: list[WordSet], down: WordSet
    ) -> Iterator[tuple[Key, tuple[WordSet, ...]]]:
        """The column's strings from its ``i``-th cell on, its crossing's candidates so
        far ``down``."""
        keys = self.keys
        cells = self.columns[step].cells
        r, position, at = cells[i]
        state = after[r]
        table = keys.cols[r][position]
        crossing = self.down_cols[step][at]
        end = self.last[r] == step
        for letter in range(keys.letters):
            keys.steps += 1
            if keys.steps > keys.limit:
                raise Capped
            words = state & table[letter]
            if not words:
                continue
            fits = down & crossing[letter]
            if not fits:
                continue
            after[r] = 1 if end else words
            if i + 1 == len(cells):
                yield (letter,), tuple(after)
            else:
                for rest, found in self.below(step, i + 1, after, fits):
                    yield (letter, *rest), found
        after[r] = state


def words_of_keys(problem: Problem, column: Cross, keys: set[Key], dom: WordSet) -> WordSet:
    """The candidates ``dom`` of the column's long entry whose letters there are a key."""
    cols = problem.vars[column.down].table.cols
    ats = [at for _, _, at in column.cells]
    kept = 0
    for key in keys:
        words = dom
        for at, letter in zip(ats, key, strict=True):
            words &= cols[at][letter]
            if not words:
                break
        kept |= words
    return kept


class CornerFilter:
    """The corners of a problem as a propagator: after arc consistency, each corner with
    a long entry decided has its long entries' candidates cut to the keys some rectangle
    completes (a conflict when one has none). Corners with no long entry decided are
    left alone: there every key has a rectangle (stair15a's root, the built-in list: all
    2,276 keys tried in its first corner), and the enumeration is dearest."""

    def __init__(self, problem: Problem, corners: list[Corner], every_node: bool = False) -> None:
        self.problem = problem
        self.corners = corners
        self.every_node = every_node  # check after every propagation, not on decisions only
        self.limit = STEP_LIMIT
        self.slots = [corner.slots() for corner in corners]
        self.memo: dict[tuple[int, tuple[WordSet, ...]], list[WordSet] | None] = {}
        self.calls = self.capped = self.struck = self.dead = 0
        self.emptied = -1  # the long entry the last conflict left no word

    @classmethod
    def of(cls, problem: Problem, every_node: bool = False) -> CornerFilter | None:
        """The filter of ``problem``'s corners (None when it has none)."""
        corners = find_corners(problem)
        return cls(problem, corners, every_node) if corners else None

    def check(self, st: State, cause: list[SlotId]) -> tuple[Conflict | None, list[SlotId]]:
        """Cut the long entries of ``st``'s corners: (a conflict, []) at a dead end,
        else (None, the slots cut, to propagate). Unless ``every_node``, only the
        corners of a long entry in ``cause`` (the decision or refutation propagated)."""
        changed: list[SlotId] = []
        dom = st.dom
        for n, corner in enumerate(self.corners):
            longs = [corner.columns[k].down for k in corner.long]
            if all(dom[d] & (dom[d] - 1) for d in longs):
                continue
            if not self.every_node and not any(d in cause for d in longs):
                continue
            kept = self.kept(n, dom)
            if kept is None:
                continue
            reason = 0
            for s in self.slots[n]:
                reason |= st.why[s]
            for d, words in zip(longs, kept, strict=True):
                if words == dom[d]:
                    continue
                self.struck += 1
                st.why[d] |= reason
                if not words:
                    self.dead += 1
                    self.emptied = d
                    return st.why[d], []
                dom[d] = words
                st.size[d] = words.bit_count()
                changed.append(d)
        return None, changed

    def kept(self, n: int, dom: list[WordSet]) -> list[WordSet] | None:
        """Corner ``n``'s long entries' candidates that keep a rectangle (None: the
        enumeration was capped), remembered per candidates of the corner's entries."""
        key = (n, tuple(dom[s] for s in self.slots[n]))
        if key in self.memo:
            return self.memo[key]
        self.calls += 1
        corner = self.corners[n]
        keys = CornerKeys(self.problem, corner, dom)
        found: list[WordSet] | None = None
        if keys.run(self.limit):
            found = []
            for j, k in enumerate(corner.long):
                words = dom[corner.columns[k].down]
                if keys.none:
                    words = 0
                elif j in keys.computed:
                    words = words_of_keys(self.problem, corner.columns[k], keys.keys[j], words)
                found.append(words)
        else:
            self.capped += 1
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = found
        return found

    def wrap(self, inner: Propagate, fail: Callable[[SlotId, SlotId], None]) -> Propagate:
        """``inner`` (arc consistency) followed by :meth:`check`, to a fixpoint; ``fail``
        records a long entry left no word (the search's failure weights)."""

        def propagate(st: State, queue: list[SlotId]) -> Conflict | None:
            cause = queue[:]
            while True:
                conflict = inner(st, queue)
                if conflict is not None:
                    return conflict
                conflict, queue = self.check(st, cause)
                if conflict is not None:
                    fail(self.emptied, -1)
                    return conflict
                if not queue:
                    return None

        return propagate
