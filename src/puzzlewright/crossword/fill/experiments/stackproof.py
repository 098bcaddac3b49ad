"""A stack of long rows searched alone, column by column: a proof that it cannot be
filled, or stacks that fit (issue 31 item 2, round 5).

The rows of a stack (triple or quad 15s) and the downs through them make a word
rectangle: every row is a word of its slot, every column a string of as many letters as
there are rows that some candidate of its down holds where it crosses them. Any fill of
the grid holds such a rectangle, so when none exists the grid has no fill. Searching it
row by row fails on quad16 (the first row has some 15,000 words, each tried against the
other three); searching it column by column does not: a column has a few thousand
strings, and after each column every row's letters so far must begin some word of the
row. Each row's words are a minimal automaton (prefixes with the same endings share a
state), so two partial rectangles whose rows have the same endings left are the same
state, and a state once found dead is never searched again (memoised).

The search is exact over its inputs (the rows' candidate words and the columns' strings,
taken from the candidates at the root, arc consistent with the whole grid): it is a
relaxation of the fill (it ignores repeated words and everything outside the stack), so
"no rectangle" proves the grid unfillable and a rectangle found is only a candidate.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from puzzlewright.bits import WordSet, iter_bits
from puzzlewright.crossword.fill.problem import Problem, SlotId

Letters = tuple[int, ...]

DEAD_LIMIT = 1 << 21
"""The memo of dead states starts again when it holds this many (some 300 MB); forgetting
a dead state only costs searching it again."""


class Automaton:
    """The minimal automaton of a set of words of one length (letters as codes).

    State 0 is the end of a word; ``moves[s]`` maps a letter to the next state and
    ``masks[s]`` holds the letters that have one."""

    def __init__(self, words: Iterable[Letters]) -> None:
        words = sorted(set(words))
        length = len(words[0]) if words else 0
        self.moves: list[dict[int, int]] = [{}]
        self.masks: list[int] = [0]
        interned: dict[frozenset[tuple[int, int]], int] = {}
        states = [0] * len(words)  # each word's state after its prefix of ``depth`` letters
        for depth in range(length - 1, -1, -1):
            groups: dict[Letters, dict[int, int]] = {}
            for i, word in enumerate(words):
                groups.setdefault(word[:depth], {})[word[depth]] = states[i]
            ids = {prefix: self.intern(moves, interned) for prefix, moves in groups.items()}
            states = [ids[word[:depth]] for word in words]
        self.start = states[0] if words else -1  # -1: no word at all

    def intern(self, moves: dict[int, int], interned: dict[frozenset[tuple[int, int]], int]) -> int:
        """The state with these ``moves`` (a new one when unseen)."""
        key = frozenset(moves.items())
        found = interned.get(key)
        if found is None:
            found = interned[key] = len(self.moves)
            self.moves.append(moves)
            mask = 0
            for letter in moves:
                mask |= 1 << letter
            self.masks.append(mask)
        return found


@dataclass
class ColumnTrie:
    """The strings a column allows, as a trie by row: ``mask`` of the letters the next
    row may hold, ``below`` the trie after each (empty at the last row)."""

    mask: int = 0
    below: dict[int, ColumnTrie] = field(default_factory=dict)

    @classmethod
    def of(cls, strings: Iterable[Letters]) -> ColumnTrie:
        """The trie of ``strings`` (all of one length)."""
        root = cls()
        for string in strings:
            node = root
            for letter in string:
                node.mask |= 1 << letter
                node = node.below.setdefault(letter, cls())
        return root


@dataclass
class Outcome:
    """What :func:`search_rectangle` found: a rectangle (rows' letters) or none."""

    status: str  # "found", "exhausted" (a proof: no rectangle) or "timeout"
    rows: list[Letters] | None
    nodes: int  # columns placed
    dead: int  # dead states memoised (since the memo last started again)
    first: tuple[int, int]  # the first column's strings gone through, of how many
    seconds: float  # CPU


class Rectangle:
    """Depth-first search of the columns, left to right, memoising dead states."""

    def __init__(
        self, rows: Sequence[Iterable[Letters]], columns: Sequence[Iterable[Letters]]
    ) -> None:
        self.rows = [Automaton(words) for words in rows]
        self.columns = [ColumnTrie.of(strings) for strings in columns]
        self.dead: set[tuple[int, ...]] = set()
        self.nodes = 0
        self.first = [0, 0]
        self.path: list[Letters] = []  # the column strings placed
        self.deadline = float("inf")
        self.part = (0, 1)  # (k, n): only the first column's strings k, k + n, k + 2n, ...

    def run(self, cpu: float = float("inf")) -> Outcome:
        """Search until a rectangle is found, none is left, or ``cpu`` seconds pass."""
        started = time.process_time()
        self.deadline = started + cpu
        starts = tuple(row.start for row in self.rows)
        status, rows = "exhausted", None
        if min(starts, default=-1) >= 0:
            try:
                if self.visit(0, starts):
                    status = "found"
                    rows = [tuple(column[r] for column in self.path) for r in range(len(starts))]
            except TimeoutError:
                status = "timeout"
        spent = time.process_time() - started
        first = (self.first[0], self.first[1])
        return Outcome(status, rows, self.nodes, len(self.dead), first, spent)

    def visit(self, column: int, states: tuple[int, ...]) -> bool:
        """Whether the columns from ``column`` on complete a rectangle from ``states``."""
        if column == len(self.columns):
            return True
        key = (column, *states)
        if key in self.dead:
            return False
        self.nodes += 1
        if self.nodes & 1023 == 0 and time.process_time() > self.deadline:
            raise TimeoutError
        options = self.strings(self.columns[column], states, 0)
        if column == 0:
            k, n = self.part  # a share of the first column: the shares' searches are
            options = list(options)[k::n]  # independent (a cluster job's, one per worker)
            self.first[1] = len(options)
        for string, after in options:
            self.first[0] += column == 0
            self.path.append(string)
            if self.visit(column + 1, after):
                return True
            self.path.pop()
        if len(self.dead) >= DEAD_LIMIT:
            self.dead.clear()
        self.dead.add(key)
        return False

    def strings(
        self, node: ColumnTrie, states: tuple[int, ...], r: int
    ) -> Iterable[tuple[Letters, tuple[int, ...]]]:
        """The column's strings from row ``r`` on that every row can follow from
        ``states``: (letters, the rows' states after them)."""
        row = self.rows[r]
        state = states[r]
        mask = node.mask & row.masks[state]
        moves = row.moves[state]
        last = r == len(self.rows) - 1
        while mask:
            bit = mask & -mask
            mask ^= bit
            letter = bit.bit_length() - 1
            if last:
                yield (letter,), (moves[letter],)
                continue
            for rest, after in self.strings(node.below[letter], states, r + 1):
                yield (letter, *rest), (moves[letter], *after)


class Pruned(Rectangle):
    """The column search with each set of all rows but one checked before a state is
    searched (round 6, quad16's proof): the state is dead when those rows alone cannot be
    completed over the columns left (their strings projected onto them), a rectangle of
    one row fewer, searched with the same automata and memoised both ways. Measured on
    quad16 and not faster: the checks cut 6.1 M columns of a share to 1,051 but cost 3.4
    times the CPU (docs/crossword-fill.md, "Round 6: stacks first"); checking the smaller
    rectangles the same way in turn was slower still."""

    def __init__(
        self, rows: Sequence[Iterable[Letters]], columns: Sequence[Iterable[Letters]]
    ) -> None:
        strings = [set(column) for column in columns]
        super().__init__(rows, strings)
        self.subs: list[tuple[list[int], Rectangle, set[tuple[int, ...]]]] = []
        height = len(self.rows)
        for skip in range(height if height >= 3 else 0):
            keep = [r for r in range(height) if r != skip]
            sub = Rectangle([], [])
            sub.rows = [self.rows[r] for r in keep]
            sub.columns = [ColumnTrie.of({tuple(s[r] for r in keep) for s in c}) for c in strings]
            self.subs.append((keep, sub, set()))

    def visit(self, column: int, states: tuple[int, ...]) -> bool:
        """As :meth:`Rectangle.visit`, after the check of each set of rows but one."""
        if column < len(self.columns) and (column, *states) not in self.dead:
            for keep, sub, alive in self.subs:
                part = tuple(states[r] for r in keep)
                if (column, *part) in alive:
                    continue
                sub.path, sub.deadline = [], self.deadline
                if not sub.visit(column, part):
                    self.dead.add((column, *states))
                    return False
                alive.add((column, *part))
        return super().visit(column, states)


def search_rectangle(
    rows: Sequence[Iterable[Letters]],
    columns: Sequence[Iterable[Letters]],
    cpu: float = float("inf"),
    reverse: bool = False,
    checked: bool = False,
    part: tuple[int, int] = (0, 1),
    pruned: bool = False,
) -> Outcome:
    """A rectangle whose row ``r`` is a word of ``rows[r]`` and whose column ``c`` reads,
    top to bottom, a string of ``columns[c]``; ``reverse`` searches right to left,
    ``checked`` with arc consistency, the line with the fewest words first (:class:`Checked`).
    ``part`` (k, n) searches the share of the rectangles whose first column is the k-th,
    (k + n)-th, ... string of its column (not with ``checked``): "exhausted" on every share
    of an n is the proof. ``pruned`` checks each set of all rows but one first (:class:`Pruned`)."""
    if checked:
        return Checked(rows, columns).run(cpu)
    if reverse:
        rows = [[word[::-1] for word in words] for words in rows]
        columns = columns[::-1]
    search = Pruned(rows, columns) if pruned else Rectangle(rows, columns)
    search.part = part
    outcome = search.run(cpu)
    if reverse and outcome.rows is not None:
        outcome.rows = [word[::-1] for word in outcome.rows]
    return outcome


def stack_groups(mates: Mapping[SlotId, Mapping[SlotId, object]]) -> list[list[SlotId]]:
    """The stacks: the stacked entries grouped by the mate relation (connected parts)."""
    groups: list[list[SlotId]] = []
    seen: set[SlotId] = set()
    for v in sorted(mates):
        if v in seen:
            continue
        group, todo = [], [v]
        seen.add(v)
        while todo:
            u = todo.pop()
            group.append(u)
            for mate in mates.get(u, {}):
                if mate not in seen:
                    seen.add(mate)
                    todo.append(mate)
        groups.append(sorted(group))
    return groups


def rectangle_of(
    problem: Problem, rows: list[SlotId], dom: list[WordSet]
) -> tuple[list[list[Letters]], list[set[Letters]]] | None:
    """The rows' words and the columns' strings of the stack ``rows`` under the
    candidates ``dom`` (None when the rows are not one rectangle: other lengths, or a
    cell of a row without a down through every row of its column)."""
    variables = problem.vars
    length = variables[rows[0]].slot.length
    downs: list[list[tuple[SlotId, int]]] = [[] for _ in range(length)]
    for v in rows:
        if variables[v].slot.length != length:
            return None
        for _, position, down, at in variables[v].links:
            downs[position].append((down, at))
    if any(len(cells) != len(rows) or len({d for d, _ in cells}) != 1 for cells in downs):
        return None
    words = [[variables[v].table.letters(i) for i in iter_bits(dom[v])] for v in rows]
    columns = []
    for cells in downs:
        down = cells[0][0]
        table = variables[down].table
        ats = [at for _, at in cells]
        columns.append({tuple(table.letters(i)[at] for at in ats) for i in iter_bits(dom[down])})
    return words, columns


class Lines:
    """One side of a rectangle (its rows, or its columns) as word bitsets by position."""

    def __init__(self, lines: Sequence[Iterable[Letters]], letters: int) -> None:
        self.words = [sorted(set(words)) for words in lines]
        self.bits: list[list[list[int]]] = []  # line -> position -> letter -> words
        for words in self.words:
            width = len(words[0]) if words else 0
            table = [[0] * letters for _ in range(width)]
            for i, word in enumerate(words):
                for position, letter in enumerate(word):
                    table[position][letter] |= 1 << i
            self.bits.append(table)

    def letters(self, line: int, position: int, dom: int) -> int:
        """The letters some word of ``dom`` has at ``position`` of ``line``."""
        mask = 0
        for letter, words in enumerate(self.bits[line][position]):
            if dom & words:
                mask |= 1 << letter
        return mask

    def keep(self, line: int, position: int, mask: int) -> int:
        """The words of ``line`` with a letter of ``mask`` at ``position``."""
        words = 0
        for letter, bits in enumerate(self.bits[line][position]):
            if mask >> letter & 1:
                words |= bits
        return words


class Checked:
    """The rectangle searched with arc consistency between rows and columns, the line
    (row or column) with the fewest words left decided next: every cell keeps only the
    letters some word of its row and some string of its column still have."""

    def __init__(
        self, rows: Sequence[Iterable[Letters]], columns: Sequence[Iterable[Letters]]
    ) -> None:
        letters = 1 + max((max(w) for words in rows for w in words), default=0)
        letters = max(letters, 1 + max((max(s) for ss in columns for s in ss), default=0))
        self.rows, self.columns = Lines(rows, letters), Lines(columns, letters)
        self.nodes = 0
        self.deadline = float("inf")
        self.found: list[Letters] | None = None
        self.first = [0, 0]  # the first decision's words gone through, of how many

    def run(self, cpu: float = float("inf")) -> Outcome:
        """Search until a rectangle is found, none is left, or ``cpu`` seconds pass."""
        started = time.process_time()
        self.deadline = started + cpu
        doms = [(1 << len(w)) - 1 for w in self.rows.words]
        doms += [(1 << len(w)) - 1 for w in self.columns.words]
        status = "exhausted"
        try:
            if self.visit(doms):
                status = "found"
        except TimeoutError:
            status = "timeout"
        spent = time.process_time() - started
        first = (self.first[0], self.first[1])
        return Outcome(status, self.found, self.nodes, 0, first, spent)

    def consistent(self, doms: list[int]) -> bool:
        """Narrow ``doms`` (rows, then columns) to arc consistency; False when one empties."""
        height = len(self.rows.words)
        changed = True
        while changed:
            changed = False
            for r in range(height):
                for c in range(len(self.columns.words)):
                    cell = self.rows.letters(r, c, doms[r])
                    cell &= self.columns.letters(c, r, doms[height + c])
                    row = doms[r] & self.rows.keep(r, c, cell)
                    column = doms[height + c] & self.columns.keep(c, r, cell)
                    if not row or not column:
                        return False
                    if row != doms[r] or column != doms[height + c]:
                        changed = True
                        doms[r], doms[height + c] = row, column
        return True

    def visit(self, doms: list[int], depth: int = 0) -> bool:
        """Whether a rectangle lies within ``doms`` (recording it in ``found``)."""
        self.nodes += 1
        if time.process_time() > self.deadline:
            raise TimeoutError
        if not self.consistent(doms):
            return False
        sizes = [dom.bit_count() for dom in doms]
        line = min(range(len(doms)), key=lambda i: (sizes[i] == 1, sizes[i]))
        if sizes[line] == 1:
            height = len(self.rows.words)
            self.found = [self.rows.words[r][doms[r].bit_length() - 1] for r in range(height)]
            return True
        if depth == 0:
            self.first[1] = sizes[line]
        for i in iter_bits(doms[line]):
            self.first[0] += depth == 0
            child = doms[:]
            child[line] = 1 << i
            if self.visit(child, depth + 1):
                return True
        return False


POLL_COLUMNS = (1 << 14) - 1
"""The enumeration asks its stop signal once per 16,384 columns placed (some 0.1 CPU s, as
the slot search's once per 16 nodes on a 15x15: were it a portfolio member, its work,
counted in those calls, would stay near its CPU time)."""


class Stopped(Exception):
    """The enumeration's stop signal fired (a time limit, Ctrl-C or a portfolio race)."""


class Rectangles(Rectangle):
    """Every rectangle, lazily (issue 31 item 2, round 6: the stack-first fill).

    The same column search as :class:`Rectangle`, left to right, with a generator per
    string of the first column: :meth:`next_from` gives the next rectangle whose first
    column is that string, or pauses that generator after ``allowance`` columns placed
    (to be resumed where it stopped), so a caller taking one from each in turn sees
    rectangles that differ in their first columns (a plain depth-first walk gives hundreds
    that differ only in their last letters) without being held up by a string under which
    rectangles are rare. A state is memoised dead only when its whole subtree gave no
    rectangle, so every rectangle comes out once, and when every generator is spent every
    rectangle has (an exhaustive enumeration)."""

    def __init__(
        self,
        rows: Sequence[Iterable[Letters]],
        columns: Sequence[Iterable[Letters]],
        stop: Callable[[], bool],
    ) -> None:
        super().__init__(rows, columns)
        self.stop = stop
        self.pause_at = 0
        starts = tuple(row.start for row in self.rows)
        self.firsts: list[tuple[Letters, tuple[int, ...]]] = []
        if min(starts, default=-1) >= 0 and self.columns:
            self.firsts = list(self.strings(self.columns[0], starts, 0))
        self.walks: list[Iterator[tuple[Letters, ...] | None] | None] = [
            self.walk(1, after, (string,)) for string, after in self.firsts
        ]

    def next_from(self, first: int, allowance: int) -> tuple[Letters, ...] | None:
        """The next rectangle (its columns) under the ``first``-th string of the first
        column; None when there is none left or ``allowance`` columns were placed first
        (:meth:`spent` tells which). Raises :class:`Stopped` when the stop signal fires."""
        walk = self.walks[first]
        if walk is None:
            return None
        self.pause_at = self.nodes + allowance
        try:
            return next(walk)
        except StopIteration:
            self.walks[first] = None
            return None

    def spent(self, first: int) -> bool:
        """Whether every rectangle under the ``first``-th string came out."""
        return self.walks[first] is None

    def walk(
        self, column: int, states: tuple[int, ...], placed: tuple[Letters, ...]
    ) -> Iterator[tuple[Letters, ...] | None]:
        """Each rectangle completing ``placed`` (its columns so far) from ``states``, and
        None where the walk pauses (its allowance spent)."""
        if column == len(self.columns):
            yield placed
            return
        key = (column, *states)
        if key in self.dead:
            return
        self.nodes += 1
        if self.nodes >= self.pause_at:
            yield None
        if self.nodes & POLL_COLUMNS == 0 and self.stop():
            raise Stopped
        found = False
        for string, after in list(self.strings(self.columns[column], states, 0)):
            for rectangle in self.walk(column + 1, after, (*placed, string)):
                found = found or rectangle is not None
                yield rectangle
        if not found:
            if len(self.dead) >= DEAD_LIMIT:
                self.dead.clear()
            self.dead.add(key)


def rows_of(columns: Sequence[Letters]) -> list[Letters]:
    """A rectangle's rows from its columns."""
    return [tuple(column[r] for column in columns) for r in range(len(columns[0]))]
