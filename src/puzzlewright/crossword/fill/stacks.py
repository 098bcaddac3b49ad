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
from typing import NamedTuple, TypeVar

from puzzlewright.bits import LetterSet, WordSet, first_bits
from puzzlewright.crossword.fill.problem import Problem, SlotId
from puzzlewright.crossword.fill.state import State

STACK_LENGTH = 12
"""Entries at least this long are looked at as stack rows (the rows of triple and quad
stacks are 15s; 9- and 10-letter stacks of themeless corners fill without the look-ahead)."""

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

WORDS_LIMIT = 1 << 14
"""The cache of a mate's words per letter set starts again when it holds this many sets
(a 15-letter word set is about 2 KB: at most some 30 MB)."""

JOINT_CANDIDATES = 64
"""How many of a row's candidates, best first, the joint look-ahead weighs again when the
row has two open mates or more..."""

JOINT_WORDS = 32
"""...each word of the smaller of a pair of open mates tried against the other's words
through the shared downs, when it has at most this many (else its best-scored this many, a
sample that estimates the counts)."""

DEAD = -1e9
"""The value of a candidate that leaves a mate no word."""


class Column(NamedTuple):
    """A down shared by a stacked entry and one of its mates."""

    position: int  # the letter of the stacked entry in this column
    down: SlotId
    at: int  # the stacked entry's letter in the down
    mate_at: int  # the mate's letter in the down
    mate_position: int  # the mate's letter in this column


class Shared(NamedTuple):
    """A down shared by a stacked entry and two of its mates (``first`` and ``second``)."""

    position: int  # the stacked entry's letter in this column
    down: SlotId
    at: int  # the stacked entry's letter in the down
    first_at: int
    first_position: int
    second_at: int
    second_position: int


_K = TypeVar("_K")


class Stacks:
    """The stacked entries of a problem and the look-ahead of their value ordering."""

    def __init__(self, problem: Problem, mates: dict[SlotId, dict[SlotId, list[Column]]]) -> None:
        self.mates = mates
        self.rows = sorted(mates)
        self.candidates = STACK_CANDIDATES
        self.cols = [var.table.cols for var in problem.vars]
        self.tables = [var.table for var in problem.vars]
        self.letters = len(problem.words.alphabet)
        # (down, at, mate_at) -> (the down's candidates when computed, letter -> letters
        # the mate's cell may hold); (mate, mate_position, letter set) -> the mate's words
        self.allowed: dict[tuple[int, ...], tuple[WordSet, dict[int, LetterSet]]] = {}
        self.words: dict[tuple[int, int, LetterSet], WordSet] = {}
        # (down, at, first_at, second_at) -> (the down's candidates, (letter, letters of
        # the first mate's cell) -> letters the second mate's cell may hold)
        self.joint_allowed: dict[
            tuple[int, ...], tuple[WordSet, dict[tuple[int, LetterSet], LetterSet]]
        ] = {}
        self.shared = {v: shared_downs(columns) for v, columns in mates.items()}

    @classmethod
    def of(cls, problem: Problem) -> Stacks | None:
        """The stacks of ``problem`` (None when it has none)."""
        mates = find_mates(problem)
        return cls(problem, mates) if mates else None

    def choose(self, st: State, failure_weights: list[float]) -> SlotId:
        """The open stacked entry with the fewest candidates per failure weight (-1:
        none): stacks are filled before the short entries crossing them, which would
        otherwise fix letters of a row before its mates are weighed."""
        best = -1
        best_key = 0.0
        size = st.size
        done = st.done
        for v in self.rows:
            if done[v]:
                continue
            key = size[v] / failure_weights[v]
            if best < 0 or key < best_key:
                best, best_key = v, key
        return best

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
        open_words: dict[SlotId, list[WordSet]] = {}  # open mate -> its words per candidate
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
            left = open_words[mate] = []
            for k, row in enumerate(rows):
                words = start
                for position, table in tables:
                    words &= table(row[position])
                    if not words:
                        break
                left.append(words)
                count = words.bit_count() if words else 0
                totals[k] += scale * log(count) if count else DEAD
        if len(open_words) >= 2 and JOINT_CANDIDATES:
            self.joint(st, v, rows, open_words, totals, scale)
        dead = [i for i, total in zip(candidates, totals, strict=True) if total <= DEAD / 2]
        kept = self.prune(st, v, dead, reason)
        if kept >= 0:  # the one left must be the one tried: the others sink further
            totals = [
                t if i == kept or t > DEAD / 2 else 2 * DEAD
                for i, t in zip(candidates, totals, strict=True)
            ]
        return totals

    def joint(
        self,
        st: State,
        v: SlotId,
        rows: list[tuple[int, ...]],
        open_words: dict[SlotId, list[WordSet]],
        totals: list[float],
        scale: float,
    ) -> None:
        """Weigh the best :data:`JOINT_CANDIDATES` candidates of ``v`` again (``totals`` in
        place), each pair of open mates keeping only the words that fit each other.

        The look-ahead counts each mate on its own: a candidate can leave every mate words
        and no pair of them that fit each other (quad16: under a third row, the fourth's
        words each ruled out by the second's). Here, for each pair of open mates, the
        one with fewer words left (at most :data:`JOINT_WORDS`) keeps those under which
        the other, through the downs all three share, still has a word; the other keeps
        the union of those words. The others keep their count, at most the lowest
        weighed again (a candidate never gains by not being weighed)."""
        best = sorted(range(len(rows)), key=totals.__getitem__, reverse=True)
        weighed = [k for k in best[:JOINT_CANDIDATES] if totals[k] > DEAD / 2]
        if not weighed:
            return
        pairs = self.pairs(st, v, list(open_words))
        for k in weighed:
            left = {mate: words[k] for mate, words in open_words.items()}
            guess: dict[SlotId, float] = {}
            for first, second, columns, back in pairs:
                if left[first].bit_count() > left[second].bit_count():
                    first, second, columns = second, first, back
                self.fit_pair(st, rows[k], left, guess, (first, second), columns)
            total = 0.0
            for mate, words in left.items():
                count = words.bit_count()
                total += scale * log(min(count, guess.get(mate, count))) if count else DEAD
            totals[k] = total
        floor = min(totals[k] for k in weighed)
        for k in best[JOINT_CANDIDATES:]:
            totals[k] = min(totals[k], floor)

    def pairs(
        self, st: State, v: SlotId, mates: list[SlotId]
    ) -> list[tuple[SlotId, SlotId, list[Shared], list[Shared]]]:
        """The pairs of ``mates`` that share open downs with ``v``, with those downs seen
        from each side."""
        found = []
        shared = self.shared[v]
        for a, first in enumerate(mates):
            for second in mates[a + 1 :]:
                there = [c for c in shared.get((first, second), []) if not st.done[c.down]]
                back = [c for c in shared.get((second, first), []) if not st.done[c.down]]
                if there:
                    found.append((first, second, there, back))
        return found

    def fit_pair(
        self,
        st: State,
        row: tuple[int, ...],
        left: dict[SlotId, WordSet],
        guess: dict[SlotId, float],
        pair: tuple[SlotId, SlotId],
        columns: list[Shared],
    ) -> None:
        """Narrow ``left[first]`` and ``left[second]`` to the words of each that some word
        of the other fits through ``columns`` under the candidate ``row``. When ``first``
        has more than :data:`JOINT_WORDS` words, its best-scored ones are a sample: the
        counts it suggests go to ``guess`` (for the value only; never a proof)."""
        first, second = pair
        words = left[first]
        if not words:
            return
        indexes = first_bits(words, JOINT_WORDS)
        kept = fits = 0
        for i, letters in zip(indexes, self.tables[first].letters_of(indexes), strict=True):
            fit = left[second]
            for col in columns:
                allowed = self.letters_between(
                    st, col, row[col.position], 1 << letters[col.first_position]
                )
                fit &= self.words_with(second, col.second_position, allowed)
                if not fit:
                    break
            if fit:
                kept |= 1 << i
                fits |= fit
        total = words.bit_count()
        if len(indexes) == total:
            left[first] = kept
            left[second] = fits
            return
        share = total / len(indexes)
        found = max(kept.bit_count() * share, 0.5), max(fits.bit_count() * share, 0.5)
        guess[first] = min(guess.get(first, total), found[0])
        guess[second] = min(guess.get(second, left[second].bit_count()), found[1])

    def present(self, mate: SlotId, position: int, words: WordSet) -> LetterSet:
        """The letters some of ``words`` (of ``mate``) have at ``position``."""
        found = 0
        if words:
            for i, col in enumerate(self.cols[mate][position]):
                if words & col:
                    found |= 1 << i
        return found

    def letters_between(self, st: State, col: Shared, letter: int, first: LetterSet) -> LetterSet:
        """The letters the second mate's cell of ``col`` may hold when the stacked entry
        puts ``letter`` there and the first mate one of ``first``."""
        key = (col.down, col.at, col.first_at, col.second_at)
        cache = self.cache_of(st, self.joint_allowed, key)
        found = cache.get((letter, first))
        if found is None:
            cols = self.cols[col.down]
            words = st.dom[col.down] & cols[col.at][letter]
            either = 0
            for i in range(self.letters):
                if first >> i & 1:
                    either |= cols[col.first_at][i]
            found = self.present(col.down, col.second_at, words & either)
            cache[(letter, first)] = found
        return found

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

        def lookup(letter: int) -> WordSet:
            letters = allowed.get(letter)
            if letters is None:
                letters = allowed[letter] = self.letters_after(st, column, letter)
            return self.words_with(mate, column.mate_position, letters)

        return lookup

    def words_with(self, mate: SlotId, position: int, letters: LetterSet) -> WordSet:
        """The words of ``mate``'s table with one of ``letters`` at ``position`` (cached)."""
        key = (mate, position, letters)
        found = self.words.get(key)
        if found is None:
            if len(self.words) >= WORDS_LIMIT:
                self.words.clear()
            cols = self.cols[mate][position]
            found = 0
            for i in range(self.letters):
                if letters >> i & 1:
                    found |= cols[i]
            self.words[key] = found
        return found

    def allowed_letters(self, st: State, column: Column) -> dict[int, LetterSet]:
        """The cache of :meth:`letters_after` for the down's current candidates."""
        return self.cache_of(st, self.allowed, (column.down, column.at, column.mate_at))

    @staticmethod
    def cache_of(
        st: State,
        caches: dict[tuple[int, ...], tuple[WordSet, dict[_K, LetterSet]]],
        key: tuple[int, ...],
    ) -> dict[_K, LetterSet]:
        """The cache under ``key`` (its first item the down), emptied when the down's
        candidates are no longer those it was filled for."""
        kept = caches.get(key)
        down = st.dom[key[0]]
        if kept is not None and kept[0] is down:
            return kept[1]
        fresh: dict[_K, LetterSet] = {}
        caches[key] = (down, fresh)
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


def find_mates(problem: Problem) -> dict[SlotId, dict[SlotId, list[Column]]]:
    """Per stacked entry (required, at least :data:`STACK_LENGTH` long, two mates or more):
    its mates (other such entries crossing at least :data:`STACK_SHARED` of the same downs
    within :data:`STACK_DEPTH` letters) and the shared columns."""
    variables = problem.vars
    long = {
        v for v, var in enumerate(variables) if var.required and var.slot.length >= STACK_LENGTH
    }
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


def shared_downs(
    mates: dict[SlotId, list[Column]],
) -> dict[tuple[SlotId, SlotId], list[Shared]]:
    """(first mate, second mate) -> the downs a stacked entry shares with both."""
    by_down: dict[SlotId, list[tuple[SlotId, Column]]] = {}
    for mate, columns in mates.items():
        for column in columns:
            by_down.setdefault(column.down, []).append((mate, column))
    found: dict[tuple[SlotId, SlotId], list[Shared]] = {}
    for down, crossing in by_down.items():
        for first, a in crossing:
            for second, b in crossing:
                if first != second:
                    shared = Shared(a.position, down, a.at, a.mate_at, a.mate_position,
                                    b.mate_at, b.mate_position)  # fmt: skip
                    found.setdefault((first, second), []).append(shared)
    return found
