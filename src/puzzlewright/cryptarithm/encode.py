"""Encode a true equation of numbers as words: ``49 + 51 = 100`` -> ``TO + BE = EGG``.

Every number becomes a word of the list under one digit -> letter map (same digit, same
letter; distinct digits, distinct letters). The search binds whole words, never single
letters: each number's candidates are the words of its length whose repeated-letter pattern
is the number's digit pattern (``100`` -> ``XYY``), narrowed by the letters already bound
(positional bitsets of :class:`~puzzlewright.lexicon.LengthIndex`) and by the letters taken
by other digits. The number with the fewest candidates is bound next.

All encodings of one equation are the same puzzle with letters renamed, so they share their
number of solutions: uniqueness is a property of the equation, checked once by the solver.
Results are ranked by the weakest word's score, then the mean, in a bounded heap, so memory
stays flat however many encodings there are.
"""

from __future__ import annotations

import heapq
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TypedDict, Unpack

from puzzlewright.bits import WordSet, iter_bits, lsb, popcount
from puzzlewright.cryptarithm.parse import Numeral, normalize, parse_equations
from puzzlewright.cryptarithm.solver import Cryptarithm
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import LengthIndex, WordList
from puzzlewright.stopping import NEVER, StopReason, StopSignal, clock

POLL_EVERY = 1024
Progress = Callable[[int, int, int], None]
"""``progress(done, total, found)``: top-level candidates tried, their number, encodings."""


@dataclass(frozen=True, slots=True)
class NumberSlot:
    """One distinct number of the equation: its digits and where it sits in the text."""

    digits: str
    spans: tuple[tuple[int, int], ...]  # (start, end) offsets of each occurrence


@dataclass(frozen=True)
class Equation:
    """A parsed, true equation of numbers."""

    text: str
    numbers: tuple[NumberSlot, ...]  # distinct numbers, in order of first appearance
    order: tuple[int, ...]  # numbers in reading order, as indexes into ``numbers``

    def digits(self) -> list[str]:
        """The distinct digits, in order of first appearance."""
        return list(dict.fromkeys("".join(n.digits for n in self.numbers)))

    def spell(self, words: tuple[str, ...]) -> str:
        """The equation with every number replaced by its word (``words`` per number)."""
        pieces: list[tuple[int, int, str]] = []
        for number, word in zip(self.numbers, words, strict=True):
            pieces.extend((start, end, word) for start, end in number.spans)
        out, last = [], 0
        for start, end, word in sorted(pieces):
            out.append(self.text[last:start])
            out.append(word)
            last = end
        out.append(self.text[last:])
        return "".join(out)

    def pattern(self) -> str:
        """The equation with digits replaced by letters A, B, C... in order of appearance:
        the shape every encoding shares."""
        names = {d: chr(ord("A") + i) for i, d in enumerate(self.digits())}
        return self.spell(tuple("".join(names[d] for d in n.digits) for n in self.numbers))


def parse_equation(text: str) -> Equation:
    """Parse ``49 + 51 = 100`` with the solver's parser; reject letters and false equations."""
    source = normalize(text)
    if not source:
        raise PuzzleInputError("no equation given: write one such as '49 + 51 = 100'")
    equations = parse_equations(source)
    slots: dict[str, list[tuple[int, int]]] = {}
    reading: list[str] = []
    for equation in equations:
        for side in equation.sides:
            for numeral in _numerals(side):
                letters = [item for item in numeral.items if isinstance(item, str)]
                if letters:
                    raise PuzzleInputError(
                        f"{numeral.text!r} is not a number: encode takes an equation of "
                        "digits such as '49 + 51 = 100' (use 'cryptarithm solve' for words)"
                    )
                slots.setdefault(numeral.text, []).append(
                    (numeral.column, numeral.column + len(numeral.text))
                )
                reading.append(numeral.text)
    if not reading:
        raise PuzzleInputError("the equation has no numbers")
    puzzle = Cryptarithm.parse(source)
    if not puzzle.verify({}):
        raise PuzzleInputError(f"{source!r} is not true: encode needs a true equation")
    numbers = tuple(NumberSlot(d, tuple(spans)) for d, spans in slots.items())
    index = {n.digits: i for i, n in enumerate(numbers)}
    if len({d for n in numbers for d in n.digits}) > 10:
        raise PuzzleInputError("more than 10 distinct digits")  # cannot happen in base 10
    return Equation(source, numbers, tuple(index[d] for d in reading))


def _numerals(node: object) -> Iterator[Numeral]:
    """Numerals of a parse tree in reading order (offsets ascending)."""
    from puzzlewright.cryptarithm.algebra import walk_numerals

    found = [numeral for numeral, _ in walk_numerals(node)]  # type: ignore[arg-type]
    return iter(sorted(found, key=lambda n: n.column))


# ------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class Encoding:
    """One word form of the equation."""

    words: tuple[str, ...]  # one per distinct number, in order of first appearance
    letters: dict[str, str]  # digit -> letter
    puzzle: str  # the word form: ``TO + BE = EGG``
    scores: tuple[int, ...]
    unique: bool

    @property
    def score(self) -> int:
        """The weakest word's score (what a solver notices first)."""
        return min(self.scores)

    @property
    def mean(self) -> float:
        """The mean word score."""
        return sum(self.scores) / len(self.scores)

    def to_json(self) -> dict[str, object]:
        """The ``--json`` record."""
        return {
            "puzzle": self.puzzle,
            "words": list(self.words),
            "letters": dict(sorted(self.letters.items())),
            "unique": self.unique,
            "score": self.score,
            "mean_score": round(self.mean, 2),
        }


@dataclass
class EncodeResult:
    """The best encodings and what the search saw."""

    equation: str
    pattern: str  # the letter shape shared by every encoding
    solutions: int  # solutions of that shape (2 means "two or more")
    encodings: list[Encoding]
    total: int  # encodings found (all of them, not only the kept ones)
    complete: bool
    stop_reason: StopReason | None = None  # "timeout" / "interrupted" when stopped early
    seconds: float = 0.0
    nodes: int = field(default=0, repr=False)
    searched: bool = True  # False when unique_only ruled every encoding out beforehand

    @property
    def unique(self) -> bool:
        """True when the equation's word forms have exactly one solution."""
        return self.solutions == 1

    def to_json(self) -> dict[str, object]:
        """The whole result as JSON (``cryptarithm encode --json`` prints its encodings)."""
        return {
            "equation": self.equation,
            "pattern": self.pattern,
            "solutions": self.solutions,
            "encodings": [encoding.to_json() for encoding in self.encodings],
            "total": self.total,
            "complete": self.complete,
            "stop_reason": self.stop_reason,
            "seconds": round(self.seconds, 3),
        }


# ------------------------------------------------------------------------------------------
# The search


class _Slot:
    """Search state of one number: its index, base mask and digit positions."""

    __slots__ = ("base_mask", "digits", "fresh", "index", "positions")

    def __init__(self, digits: str, index: LengthIndex, base_mask: WordSet) -> None:
        self.digits = digits
        self.index = index
        self.base_mask = base_mask
        # first position of each distinct digit (the others are tied by the pattern)
        self.positions = {d: digits.index(d) for d in dict.fromkeys(digits)}
        self.fresh = tuple(self.positions.items())


def pattern_mask(index: LengthIndex, digits: str) -> WordSet:
    """Words of ``index`` whose letters repeat exactly as ``digits`` do (``100`` -> ``XYY``)."""
    mask = index.all
    letters = set().union(*(column.keys() for column in index.bits)) if index.bits else set()
    for j in range(1, len(digits)):
        for i in range(j):
            same = 0
            for letter in letters:
                same |= index.bits[i].get(letter, 0) & index.bits[j].get(letter, 0)
            mask = mask & same if digits[i] == digits[j] else mask & ~same
            if not mask:
                return 0
    return mask


def score_mask(index: LengthIndex, min_score: int | None) -> WordSet:
    """Words of ``index`` scoring at least ``min_score`` (the index is sorted best first)."""
    if min_score is None:
        return index.all
    # scores descend: count those >= min_score
    count = bisect_right([-s for s in index.scores], -min_score)
    return (1 << count) - 1


Leaves = Callable[[list[str | None], int, "_Slot", int, int, int], None]
"""``leaves(chosen, slot_index, slot, mask, low, total)``: every word of ``mask`` completes
``chosen``, whose words' lowest score is ``low`` and score sum ``total``."""


class EncodeOptions(TypedDict, total=False):
    """The options of :func:`search_encodings`, which :func:`encode` and
    :func:`iter_encodings` pass on: words scoring below ``min_score`` are left out, ``stop``
    ends the walk early, ``progress(done, total, found)`` hears how far it got."""

    min_score: int | None
    stop: StopSignal
    progress: Progress | None


def search_encodings(
    equation: Equation,
    words: WordList,
    leaves: Leaves,
    *,
    min_score: int | None = None,
    stop: StopSignal = NEVER,
    progress: Progress | None = None,
) -> tuple[int, int]:
    """Walk every encoding; the last number's candidates go to ``leaves`` as one bitset
    (best word first), so a caller that only keeps the best need not look at each.

    Returns (encodings, search nodes)."""
    slots: list[_Slot] = []
    for number in equation.numbers:
        index = words.index(len(number.digits))
        mask = pattern_mask(index, number.digits) & score_mask(index, min_score)
        if not mask:
            return 0, 0
        slots.append(_Slot(number.digits, index, mask))
    walk = _Walk(slots, leaves, stop, progress)
    walk.search(0, 1 << 30, 0)
    if progress is not None and len(slots) == 1:
        progress(1, 1, walk.found)
    return walk.found, walk.nodes + walk.found


def _candidates(slot: _Slot, bound: dict[str, str], used: dict[str, str]) -> WordSet:
    """The words of ``slot`` that agree with the letters ``bound`` to digits so far and use
    no letter another digit holds (``used``)."""
    mask = slot.base_mask
    bits = slot.index.bits
    for digit, pos in slot.fresh:
        letter = bound.get(digit)
        column = bits[pos]
        if letter is not None:
            mask &= column.get(letter, 0)
        elif used:
            taken = 0
            for other in used:
                taken |= column.get(other, 0)
            mask &= ~taken
        if not mask:
            return 0
    return mask


class _Walk:
    """One depth-first walk over the numbers' words, fewest candidates first, binding each
    digit to a letter as a word is chosen; the counts it reports as it goes."""

    __slots__ = (
        "bound",
        "chosen",
        "done",
        "found",
        "leaves",
        "nodes",
        "progress",
        "slots",
        "stop",
        "total",
        "used",
    )

    def __init__(
        self, slots: list[_Slot], leaves: Leaves, stop: StopSignal, progress: Progress | None
    ) -> None:
        self.slots = slots
        self.leaves = leaves
        self.stop = stop
        self.progress = progress
        self.chosen: list[str | None] = [None] * len(slots)
        self.bound: dict[str, str] = {}  # digit -> letter
        self.used: dict[str, str] = {}  # letter -> digit
        self.nodes = self.found = self.done = self.total = 0

    def search(self, depth: int, low: int, total: int) -> None:
        """Choose each candidate of the most constrained open slot in turn (``low``, ``total``:
        the lowest score and the score sum of the words chosen so far)."""
        bound, used, chosen, stop = self.bound, self.used, self.chosen, self.stop
        best, mask, count = -1, 0, -1
        for i, candidate in enumerate(self.slots):
            if chosen[i] is None:
                here = _candidates(candidate, bound, used)
                size = here.bit_count()  # popcount, inlined: once per slot per node
                if size == 0:
                    return
                if best < 0 or size < count:
                    best, mask, count = i, here, size
        slot = self.slots[best]
        if depth + 1 == len(self.slots):
            self.found += count
            self.leaves(self.chosen, best, slot, mask, low, total)
            return
        top = depth == 0
        if top:
            self.total = count
        word_list, score_list = slot.index.words, slot.index.scores
        while mask:  # iter_bits(mask), inlined: the search's hottest loop
            lowest = mask & -mask
            mask ^= lowest
            k = lowest.bit_length() - 1
            word = word_list[k]
            self.nodes += 1
            if self.nodes % POLL_EVERY == 0 and stop.should_stop():
                return
            new = [(d, word[p]) for d, p in slot.fresh if d not in bound]
            for digit, letter in new:
                bound[digit] = letter
                used[letter] = digit
            chosen[best] = word
            self.search(depth + 1, min(low, score_list[k]), total + score_list[k])
            chosen[best] = None
            for digit, letter in new:
                del bound[digit]
                del used[letter]
            if stop.reason is not None:
                return
            if top:
                self.done += 1
                if self.progress is not None:
                    self.progress(self.done, self.total, self.found)


def iter_encodings(
    equation: Equation, words: WordList, **options: Unpack[EncodeOptions]
) -> list[tuple[str, ...]]:
    """Every encoding as a tuple of words (one per distinct number), for small equations
    and tests: the list holds them all. ``options``: those of :func:`search_encodings`."""
    found: list[tuple[str, ...]] = []

    def leaves(
        chosen: list[str | None], i: int, slot: _Slot, mask: WordSet, low: int, total: int
    ) -> None:
        row = list(chosen)
        for k in iter_bits(mask):
            row[i] = slot.index.words[k]
            found.append(tuple(row))  # type: ignore[arg-type]

    search_encodings(equation, words, leaves, **options)
    return found


def count_pattern_solutions(pattern: str) -> int:
    """Solutions of the letter shape, counted by the solver up to 2."""
    return Cryptarithm.parse(pattern).count(2)


def encode(
    text: str,
    words: WordList,
    *,
    limit: int = 20,
    unique_only: bool = False,
    **options: Unpack[EncodeOptions],
) -> EncodeResult:
    """The best ``limit`` encodings of the true equation ``text`` over ``words``.

    Ranked unique-solution forms first, then by the weakest word's score, then the mean.
    ``unique_only``: search only when the letter shape has one solution. ``options``:
    those of :func:`search_encodings` (``min_score``, ``stop``, ``progress``).

    >>> from puzzlewright.lexicon import Alphabet, WordList
    >>> words = WordList([("TO", 50), ("BE", 50), ("EGG", 40), ("GO", 30)], Alphabet.latin(), "x")
    >>> [found.puzzle for found in encode("49 + 51 = 100", words).encodings]
    ['TO + BE = EGG']
    """
    if limit < 0:
        raise PuzzleInputError("limit must not be negative")
    started = clock()
    equation = parse_equation(text)
    pattern = equation.pattern()
    solutions = count_pattern_solutions(pattern)
    unique = solutions == 1
    result = EncodeResult(equation.text, pattern, solutions, [], 0, True)
    if unique_only and not unique:
        result.searched = False
        result.seconds = clock() - started
        return result
    best = _BestEncodings(limit)
    result.total, result.nodes = search_encodings(equation, words, best.add, **options)
    stop = options.get("stop", NEVER)
    if stop.reason is not None:
        result.complete, result.stop_reason = False, stop.reason
    for chosen in best.ranked():
        result.encodings.append(_encoding(equation, chosen, words))
    result.encodings.sort(key=lambda e: not e.unique)  # stable: score order within each
    result.seconds = clock() - started
    return result


class _BestEncodings:
    """The ``limit`` best encodings seen, in a bounded heap keyed (weakest score, total,
    -arrival) so that memory stays flat; :meth:`add` is the search's ``leaves`` callback."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.heap: list[tuple[int, int, int, tuple[str, ...]]] = []  # (min, sum, -seq, words)
        self.seq = 0

    def add(
        self, chosen: list[str | None], i: int, slot: _Slot, mask: WordSet, low: int, total: int
    ) -> None:
        """Offer every word of ``mask`` for number ``i`` (the others fixed in ``chosen``)."""
        # words of ``mask`` come best first, so keys only fall: stop once one can't enter
        heap, limit = self.heap, self.limit
        start = self.seq
        self.seq += popcount(mask)
        scores = slot.index.scores
        if len(heap) >= limit:
            best = scores[lsb(mask)]
            if not limit or (min(low, best), total + best) <= heap[0][:2]:
                return
        row = list(chosen)
        for offset, k in enumerate(iter_bits(mask)):
            key_low, key_sum = min(low, scores[k]), total + scores[k]
            if len(heap) >= limit and (key_low, key_sum, -(start + offset)) <= heap[0][:3]:
                return
            row[i] = slot.index.words[k]
            key = (key_low, key_sum, -(start + offset), tuple(w or "" for w in row))
            if len(heap) < limit:
                heapq.heappush(heap, key)
            else:
                heapq.heapreplace(heap, key)

    def ranked(self) -> list[tuple[str, ...]]:
        """The encodings kept, best first (ties by words)."""
        return [k[3] for k in sorted(self.heap, key=lambda k: (-k[0], -k[1], k[3]))]


def _encoding(equation: Equation, chosen: tuple[str, ...], words: WordList) -> Encoding:
    """The encoding that writes each number of ``equation`` as its word in ``chosen``."""
    letters = {}
    for number, word in zip(equation.numbers, chosen, strict=True):
        for digit, letter in zip(number.digits, word, strict=True):
            letters[digit] = letter
    puzzle = equation.spell(chosen)
    return Encoding(
        words=tuple(chosen[i] for i in equation.order),
        letters={d: letters[d] for d in equation.digits()},
        puzzle=puzzle,
        scores=tuple(words.score(chosen[i], 0) or 0 for i in equation.order),
        unique=_is_unique(puzzle),
    )


def _is_unique(puzzle: str) -> bool:
    """True when the solver finds exactly one solution of the word form ``puzzle``."""
    return Cryptarithm.parse(puzzle).count(2) == 1
