"""Stacks of long parallel entries (triple and quad 15s): value ordering that looks ahead
through the columns to the stack's other rows.

In a stack, the long entries lie on adjacent rows and every column through them is a
crossing entry (a down) that holds one letter of each. Arc consistency sees one letter at
a time: a 15 whose letters each start some down looks as good as any other, and the
filler placed two rows of a stack and then tried thousands of words in the second
(issue 26: triple15 with the built-in list, 7,664 tries of one row) because the third row
had no word left: no 15 of the list has, in every column, a letter that continues the
two above it into a down. Constructors fill a stack as one block for that reason.

The look-ahead weighs a candidate of a stacked entry by what it leaves its *mates* (the
other open long entries crossing the same downs): in each shared column, the down's
candidates that hold the candidate's letter allow only some letters in the mate's cell;
the mate keeps the words that have an allowed letter in every shared column. Value
ordering adds the log of that count for each mate (a candidate leaving a mate no word
sinks to the end), so the search takes the stack rows that still fit together. It only
orders values (every candidate stays; a proof is still a proof), and it is computed from
the current candidates, so it is the same for the same seed on any machine.
"""

from __future__ import annotations

from collections.abc import Callable
from math import log
from typing import NamedTuple

from puzzlewright.bits import LetterSet, WordSet
from puzzlewright.crossword.fill.problem import Problem, SlotId
from puzzlewright.crossword.fill.state import State

STACK_LENGTH = 12
"""Entries at least this long are looked at as stack rows (the rows of triple and quad
stacks are 15s; 9- and 10-letter stacks of themeless corners fill without the look-ahead)."""

CORNER_LENGTH = 9
"""Shorter entries are looked at as stack rows too when they are at least this long and lie
in a *block*: three or more entries of the same length and direction, starting in the
same column (or row), on adjacent rows (or columns); the triple-stacked 9s of a themeless
corner. Without the look-ahead, the 15x15 themeless with the built-in list spent most of
its dead ends re-trying one 9 of such a corner under each word of another (median 5.8 s
of CPU over seeds 0-4); with it, 2.2 s (docs/crossword-fill.md, "Global constraints").
Staggered rows (a staircase) and the long downs through a stack of 15s are not blocks."""

STACK_SHARED = 5
"""Two long entries are mates when at least this many downs cross both..."""

STACK_DEPTH = 4
"""...within this many letters of those downs (a quad stack's top and bottom rows are 3
letters apart), and an entry is stacked when it has two mates or more: triple and quad
stacks. Twin 13s on a Sunday and the long downs of a staircase (two mates at most, or
far apart in their crossings) are left to the plain search, which fills them."""

STACK_WEIGHT = 1.0
"""The factor on a mate's log count, against the crossing-options term (one nat each)."""

STACK_CANDIDATES = 1024
"""How many best-scored candidates of a stack row value ordering weighs (other slots: 256):
the words that fit a row's mates are seldom among the best-scored few hundred."""

CORNER_CANDIDATES = 256
"""How many best-scored candidates of a row value ordering weighs when every stack of the
grid is a corner block (9-11 letters: far more of their words fit the mates, and weighing
1,024 doubled a node's cost). On the themeless, seeds 0-4, at 256 / 1,024: the built-in
list's plain fill took a median of 2.06 / 2.27 s of CPU; Spread the Wordlist's a median of
0.53 s / 2.6-6.0 s on seeds 0-3 (1.24 s median without the look-ahead)."""

WORDS_LIMIT = 1 << 14
"""The cache of a mate's words per letter set starts again when it holds this many sets
(a 15-letter word set is about 2 KB: at most some 30 MB)."""

DEAD = -1e9
"""The value of a candidate that leaves a mate no word."""


class Column(NamedTuple):
    """A down shared by a stacked entry and one of its mates."""

    position: int  # the letter of the stacked entry in this column
    down: SlotId
    at: int  # the stacked entry's letter in the down
    mate_at: int  # the mate's letter in the down
    mate_position: int  # the mate's letter in this column


class Stacks:
    """The stacked entries of a problem and the look-ahead of their value ordering."""

    def __init__(self, problem: Problem, mates: dict[SlotId, dict[SlotId, list[Column]]]) -> None:
        self.mates = mates
        self.rows = sorted(mates)
        long = any(problem.vars[v].slot.length >= STACK_LENGTH for v in mates)
        self.candidates = STACK_CANDIDATES if long else CORNER_CANDIDATES
        self.cols = [var.table.cols for var in problem.vars]
        self.letters = len(problem.words.alphabet)
        # (down, at, mate_at) -> (the down's candidates when computed, letter -> letters
        # the mate's cell may hold); (mate, mate_position, letter set) -> the mate's words
        self.allowed: dict[tuple[int, int, int], tuple[WordSet, dict[int, LetterSet]]] = {}
        self.words: dict[tuple[int, int, LetterSet], WordSet] = {}

    @classmethod
    def of(cls, problem: Problem) -> Stacks | None:
        """The stacks of ``problem`` (None when it has none)."""
        mates = find_mates(problem)
        return cls(problem, mates) if mates else None

    def choose(self, st: State, failure_weights: list[float]) -> SlotId:
        """The open stacked entry with the fewest candidates per failure weight (-1:
        none): stacks are filled before the short entries crossing them, which would
        otherwise fix letters of a row before its mates are weighed."""
        return st.fewest_per_weight(self.rows, failure_weights)

    def bonus(
        self,
        st: State,
        v: SlotId,
        candidates: list[int],
        rows: list[tuple[int, ...]],
        weight: float,
    ) -> list[float]:
        """Per candidate of ``v`` (word indexes, their letters in ``rows``): ``weight``
        times the sum, over ``v``'s open mates, of the log of the mate's words left.

        A candidate leaving a mate no word cannot be in any fill: it leaves ``st``'s
        candidates of ``v`` (in place, so the search never tries it; the reason is what
        narrowed the mates and the shared downs) and gets :data:`DEAD`. The last one is
        kept when all are (trying it makes the dead end the search backjumps from)."""
        totals = [0.0] * len(rows)
        scale = weight * STACK_WEIGHT
        reason = 0
        why = st.why
        for mate, columns in self.mates[v].items():
            if st.done[mate]:
                continue
            tables = []
            for column in columns:
                if not st.done[column.down]:
                    tables.append((column.position, self.column_words(st, mate, column)))
                    reason |= why[column.down]
            if not tables:
                continue
            reason |= why[mate]
            start = st.dom[mate]
            for k, row in enumerate(rows):
                words = start
                for position, table in tables:
                    words &= table(row[position])
                    if not words:
                        break
                count = words.bit_count() if words else 0
                totals[k] += scale * log(count) if count else DEAD
        dead = [i for i, total in zip(candidates, totals, strict=True) if total <= DEAD / 2]
        kept = self.prune(st, v, dead, reason)
        if kept >= 0:  # the one left must be the one tried: the others sink further
            totals = [
                t if i == kept or t > DEAD / 2 else 2 * DEAD
                for i, t in zip(candidates, totals, strict=True)
            ]
        return totals

    @staticmethod
    def prune(st: State, v: SlotId, dead: list[int], reason: int) -> int:
        """Strike the ``dead`` words from ``v``'s candidates in ``st`` for ``reason``
        (decision levels), keeping the first when they are all that is left (returned;
        -1 when some other word is left)."""
        if not dead:
            return -1
        gone = 0
        for i in dead:
            gone |= 1 << i
        left = st.dom[v] & ~gone
        kept = -1
        if not left:
            kept = dead[0]
            left = 1 << kept
        st.dom[v] = left
        st.size[v] = left.bit_count()
        st.why[v] |= reason
        return kept

    def column_words(self, st: State, mate: SlotId, column: Column) -> Callable[[int], WordSet]:
        """letter of the stacked entry in ``column`` -> the mate's words that fit it there."""
        allowed = self.allowed_letters(st, column)
        cols = self.cols[mate][column.mate_position]
        words = self.words

        def lookup(letter: int) -> WordSet:
            letters = allowed.get(letter)
            if letters is None:
                letters = allowed[letter] = self.letters_after(st, column, letter)
            key = (mate, column.mate_position, letters)
            found = words.get(key)
            if found is None:
                if len(words) >= WORDS_LIMIT:
                    words.clear()
                found = 0
                for i in range(self.letters):
                    if letters >> i & 1:
                        found |= cols[i]
                words[key] = found
            return found

        return lookup

    def allowed_letters(self, st: State, column: Column) -> dict[int, LetterSet]:
        """The cache of :meth:`letters_after` for the down's current candidates."""
        key = (column.down, column.at, column.mate_at)
        kept = self.allowed.get(key)
        down = st.dom[column.down]
        if kept is not None and kept[0] is down:
            return kept[1]
        fresh: dict[int, LetterSet] = {}
        self.allowed[key] = (down, fresh)
        return fresh

    def letters_after(self, st: State, column: Column, letter: int) -> LetterSet:
        """The letters the mate's cell may hold when the stacked entry puts ``letter`` in
        ``column``: those some candidate of the down has beside it."""
        cols = self.cols[column.down]
        words = st.dom[column.down] & cols[column.at][letter]
        found = 0
        if words:
            mate_col = cols[column.mate_at]
            for i in range(self.letters):
                if words & mate_col[i]:
                    found |= 1 << i
        return found


def corner_rows(problem: Problem) -> set[SlotId]:
    """The required entries of :data:`CORNER_LENGTH` letters or more that lie in a block
    of three or more aligned entries (same length, direction and start column or row, on
    adjacent rows or columns) and cross no entry of :data:`STACK_LENGTH` or more (the
    downs through a stack of 15s are that stack's columns, not a stack of their own)."""
    variables = problem.vars
    starts: dict[tuple[str, int, int], dict[int, SlotId]] = {}
    for v, var in enumerate(variables):
        slot = var.slot
        if (
            var.required
            and slot.length >= CORNER_LENGTH
            and all(variables[link.other].slot.length < STACK_LENGTH for link in var.links)
        ):
            across = slot.direction == "across"
            line, start = (slot.row, slot.col) if across else (slot.col, slot.row)
            starts.setdefault((slot.direction, start, slot.length), {})[line] = v
    found: set[SlotId] = set()
    for lines in starts.values():
        for line in lines:
            run = [k for k in range(line, line + 3) if k in lines]
            if len(run) == 3:
                found.update(lines[k] for k in run)
    return found


def find_mates(problem: Problem) -> dict[SlotId, dict[SlotId, list[Column]]]:
    """Per stacked entry (required, at least :data:`STACK_LENGTH` long, two mates or more):
    its mates (other such entries crossing at least :data:`STACK_SHARED` of the same downs
    within :data:`STACK_DEPTH` letters) and the shared columns."""
    variables = problem.vars
    long = {
        v for v, var in enumerate(variables) if var.required and var.slot.length >= STACK_LENGTH
    }
    long |= corner_rows(problem)
    found: dict[SlotId, dict[SlotId, list[Column]]] = {}
    for v in sorted(long):
        shared: dict[SlotId, list[Column]] = {}
        for _, position, down, at in variables[v].links:
            for _, mate_at, mate, mate_position in variables[down].links:
                if mate != v and mate in long and abs(mate_at - at) < STACK_DEPTH:
                    column = Column(position, down, at, mate_at, mate_position)
                    shared.setdefault(mate, []).append(column)
        mates = {mate: columns for mate, columns in shared.items() if len(columns) >= STACK_SHARED}
        if len(mates) >= 2:
            found[v] = mates
    return found
