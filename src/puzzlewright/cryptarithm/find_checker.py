"""A fast solution counter for word equations: sums and differences (products: find_product).

``find`` tests thousands of candidate equations per second; a general solver pays for its
generality on each one. This counter handles ``W1 ± W2 ± ... = R``, assigns digits column by
column from the right (after the top column, see below) and stops at the second solution;
``A * B = R`` goes to :mod:`~puzzlewright.cryptarithm.find_product`, one vectorised routine
for every product shape (product shapes hardly repeat, so code generated per shape would
spend as long compiling as searching).

Equations are kept in coefficient form: letter ``L`` weighs ``sum(sign * base**pos)`` over
its occurrences. Once every letter of columns ``0..k`` has a digit, the weighted sum must be
``0 mod base**(k+1)`` (letters still free only weigh multiples of that), and one new letter
per column with a unit coefficient is solved for instead of enumerated. The loops are
generated Python code per column structure, cached (sum shapes repeat a lot).

Before the columns from the right, the top column is assigned with a bounds check after
every letter: the leading letters weigh the most, so what the rest of the equation can still
add pins them down early, where it saves the most work.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import gcd

TOP_COLUMNS = 1
"""Columns assigned first from the top, before the column order from the
right; bounds prune them hard (the top letters carry the largest weights). One column
doubled the speed on sampled word sums; two or three were no better when it was chosen."""

# --------------------------------------------------------------------------------------
# The equation


@dataclass(frozen=True, slots=True)
class WordEquation:
    """``terms[0] op terms[1] ... = result``; ``op`` is "+", "-" (every later term
    subtracted) or "*" (two terms: counted by ``find_product``)."""

    terms: tuple[str, ...]
    result: str
    op: str = "+"

    def text(self) -> str:
        """The equation as the solver reads it: ``SEND + MORE = MONEY``."""
        return f" {self.op} ".join(self.terms) + f" = {self.result}"

    @property
    def words(self) -> tuple[str, ...]:
        """Every word, the result last."""
        return (*self.terms, self.result)

    def letters(self) -> list[str]:
        """The distinct letters, in order of first appearance."""
        return list(dict.fromkeys("".join(self.words)))

    def leading(self) -> set[str]:
        """Letters that may not be zero: the first letter of each word of 2+ letters."""
        return {word[0] for word in self.words if len(word) > 1}


# --------------------------------------------------------------------------------------
# Compiling: letters in column order, one step per column that brings new letters


@dataclass(frozen=True, slots=True)
class Plan:
    """An equation compiled for counting: letter order, code shape and its constants.

    ``shape`` is None when bounds alone prove there is no solution."""

    letters: tuple[str, ...]
    shape: tuple[object, ...] | None
    constants: tuple[object, ...]


def _narrow(weight: dict[str, int], low: dict[str, int], high: dict[str, int]) -> bool:
    """Bounds consistency on ``sum(weight[x] * x) = 0`` over digit intervals, in place.

    Kills most equations without a solution before any search: ``RARE + JOY = FRUIT`` needs
    F = 1 and then R = 0, a leading letter. Returns False when some interval empties."""
    total_low = sum(w * (low[x] if w > 0 else high[x]) for x, w in weight.items())
    total_high = sum(w * (high[x] if w > 0 else low[x]) for x, w in weight.items())
    changed = True
    while changed:
        changed = False
        for x, w in weight.items():
            if w > 0:
                own_low, own_high = w * low[x], w * high[x]
                # w * d in [-rest_high, -rest_low]
                lo = -((total_high - own_high) // w)
                hi = (own_low - total_low) // w
            elif w < 0:
                own_low, own_high = w * high[x], w * low[x]
                # -w * d in [rest_low, rest_high]
                lo = -((own_low - total_low) // -w)
                hi = (total_high - own_high) // -w
            else:
                continue
            if lo > low[x] or hi < high[x]:
                new_low, new_high = max(low[x], lo), min(high[x], hi)
                if new_low > new_high:
                    return False
                low[x], high[x] = new_low, new_high
                if w > 0:
                    total_low += w * new_low - own_low
                    total_high += w * new_high - own_high
                else:
                    total_low += w * new_high - own_low
                    total_high += w * new_low - own_high
                changed = True
    return True


@dataclass(slots=True)
class _Letters:
    """Each letter of an equation as the plan sees it: the lowest column it stands in
    (``first``), its weight (``sign * base**pos`` over its occurrences) and its digit range."""

    first: dict[str, int]
    weight: dict[str, int]
    low: dict[str, int]
    high: dict[str, int]


def _letters_of(equation: WordEquation, base: int, leading_zeros: bool) -> _Letters:
    """Weights, columns and digit ranges of the letters (no leading zero unless allowed)."""
    minus = equation.op == "-"
    words = equation.words
    n_terms = len(equation.terms)
    first: dict[str, int] = {}
    weight: dict[str, int] = {}
    for index, word in enumerate(words):
        sign = -1 if index == n_terms or (minus and index > 0) else 1
        place = 1
        for pos in range(len(word) - 1, -1, -1):
            letter = word[pos]
            column = len(word) - 1 - pos
            if letter not in first or column < first[letter]:
                first[letter] = column
            weight[letter] = weight.get(letter, 0) + sign * place
            place *= base
    nonzero = () if leading_zeros else {w[0] for w in words if len(w) > 1}
    low = {x: 1 if x in nonzero else 0 for x in first}
    high = dict.fromkeys(first, base - 1)
    return _Letters(first, weight, low, high)


def _letters_by_column(equation: WordEquation, width: int) -> list[list[str]]:
    """Per column from the right, the letters standing in it, in order of first sight."""
    in_column: list[list[str]] = [[] for _ in range(width)]
    for word in equation.words:
        for pos, letter in enumerate(reversed(word)):
            if letter not in in_column[pos]:
                in_column[pos].append(letter)
    return in_column


@dataclass(slots=True)
class _PlanBuilder:
    """A plan under construction: the letter order, the constants the generated counter
    reads (in the order it reads them) and one step per column group (the code's shape).

    ``bound_slots`` are (constants index, letters placed) pairs whose two constants, the
    range the letters still free can add, are filled in once the order is complete."""

    equation: WordEquation
    base: int
    letters: _Letters
    order: list[str] = field(default_factory=list)
    assigned: set[str] = field(default_factory=set)
    steps: list[tuple[object, ...]] = field(default_factory=list)
    constants: list[object] = field(default_factory=list)
    bound_slots: list[tuple[int, int]] = field(default_factory=list)

    def place(self, letter: str) -> None:
        """Give ``letter`` the next position in the search order."""
        self.order.append(letter)
        self.assigned.add(letter)

    def digits(self, letter: str) -> tuple[int, ...]:
        """The digits ``letter`` may take, in increasing order."""
        return tuple(range(self.letters.low[letter], self.letters.high[letter] + 1))

    def add_top_column(self, column: list[str]) -> None:
        """The top column: each new letter enumerated, with a bounds check after it."""
        new = [x for x in column if x not in self.assigned]
        for letter in new:
            self.place(letter)
            self.constants.extend((self.letters.weight[letter], self.digits(letter)))
            self.bound_slots.append((len(self.constants), len(self.order)))
            self.constants.extend((0, 0))
        self.steps.append(("top", len(new)))

    def add_low_column(self, k: int, new: list[str], last_column: int) -> None:
        """Column ``k`` from the right (and the columns up to ``last_column`` it completes):
        its new letters enumerated, one of them solved for when the column allows."""
        base, letters = self.base, self.letters
        shift = base**k
        solved, inverse = self._solved_letter(new, shift)
        n_free = 0
        for letter in new:
            if letter == solved:
                continue
            n_free += 1
            self.place(letter)
            self.constants.extend((letters.weight[letter], self.digits(letter)))
        if solved is not None:
            self.place(solved)
            self._solved_constants(solved, shift, inverse)
        self.constants.append(base ** (last_column + 1))
        self.bound_slots.append((len(self.constants), len(self.order)))
        self.constants.extend((0, 0))
        self.steps.append(("low", n_free, solved is not None))

    def _solved_letter(self, new: list[str], shift: int) -> tuple[str | None, int]:
        """The letter the column solves for (or None) and its weight's inverse mod base."""
        base = self.base
        for letter in reversed(new):
            unit = (self.letters.weight[letter] // shift) % base
            if unit and gcd(unit, base) == 1:
                return letter, pow(unit, -1, base)
        return None, 1

    def _solved_constants(self, solved: str, shift: int, inverse: int) -> None:
        """What the counter needs to compute the solved letter's digit and check it."""
        letters, base = self.letters, self.base
        full = (1 << base) - 1
        low, high = letters.low[solved], letters.high[solved]
        taken = full & ~(((1 << (high + 1)) - 1) & ~((1 << low) - 1))
        self.constants.extend((letters.weight[solved], shift, inverse, taken))

    def fill_bounds(self) -> None:
        """Sums: fill every bound slot with the range the letters after it can still add."""
        weight, low, high = self.letters.weight, self.letters.low, self.letters.high
        for at, done in self.bound_slots:
            bottom = top = 0
            for x in self.order[done:]:
                w = weight[x]
                if w > 0:
                    bottom += w * low[x]
                    top += w * high[x]
                else:
                    bottom += w * high[x]
                    top += w * low[x]
            self.constants[at] = -top
            self.constants[at + 1] = -bottom

    def plan(self) -> Plan:
        """The finished plan."""
        shape = ("linear", tuple(self.steps))
        return Plan(tuple(self.order), shape, tuple(self.constants))


def compile_equation(equation: WordEquation, base: int = 10, leading_zeros: bool = False) -> Plan:
    """Order the letters by column, pick the letter each column solves for, collect the
    checks and digit ranges; the result's shape selects (or generates) the counting code.

    The steps: narrow the digit ranges by bounds, then the top column, then the columns
    from the right, then the bounds of what the letters still free can add."""
    if equation.op == "*":
        raise ValueError("products are counted by find_product.count_product")
    letters = _letters_of(equation, base, leading_zeros)
    if not _narrow(letters.weight, letters.low, letters.high):
        return Plan(tuple(letters.first), None, ())
    builder = _PlanBuilder(equation, base, letters)
    width = max(map(len, equation.words))
    in_column = _letters_by_column(equation, width)
    top_columns = list(range(width - 1, 0, -1))[:TOP_COLUMNS]
    for j in top_columns:
        builder.add_top_column(in_column[j])
    by_column: list[list[str]] = [[] for _ in range(width)]
    for letter, column in letters.first.items():
        by_column[column].append(letter)
    low_limit = width - len(top_columns)
    assigned = builder.assigned
    starts = [k for k in range(low_limit) if any(x not in assigned for x in by_column[k])]
    for index, k in enumerate(starts):
        last_column = (starts[index + 1] if index + 1 < len(starts) else low_limit) - 1
        builder.add_low_column(k, [x for x in by_column[k] if x not in assigned], last_column)
    builder.fill_bounds()
    return builder.plan()


# --------------------------------------------------------------------------------------
# Code generation: nested loops with every constant in a local variable


def _generate(shape: tuple[object, ...]) -> str:
    """Python source of ``count(K, B, limit)`` for one shape."""
    _, steps = shape
    assert isinstance(steps, tuple)
    code = _LinearCode()
    for step, spec in enumerate(steps):
        is_last = step == len(steps) - 1
        if spec[0] == "top":
            code.top_column(spec[1], is_last)
        else:
            _, n_free, solved = spec
            code.low_column(step, n_free, solved, is_last)
    return code.source()


class _LinearCode:
    """Builds a sum's counter source: one loop per enumerated letter, running sums ``s{i}``
    and digit masks ``m{i}``, the constants ``K`` unpacked into ``names``."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.body: list[str] = []
        self.depth = 2  # inside a one-pass loop, so that every check can ``continue``
        self.slot = 0

    def emit(self, line: str) -> None:
        self.body.append("    " * self.depth + line)

    @staticmethod
    def prev(name: str, i: int) -> str:
        return f"{name}{i - 1}" if i > 0 else "0"

    def add_digit(self, i: int, weight: str) -> None:
        self.emit(f"m{i} = {self.prev('m', i)} | 1 << d{i}")
        self.emit(f"s{i} = {self.prev('s', i)} + {weight} * d{i}")

    def loop(self, i: int) -> None:
        """A loop over the next letter's digits, skipping those taken."""
        self.emit(f"for d{i} in r{i}:")
        self.depth += 1
        if i > 0:
            self.emit(f"if m{i - 1} >> d{i} & 1: continue")
        self.add_digit(i, f"w{i}")

    def top_column(self, n_letters: int, is_last: bool) -> None:
        """The top column's letters, each followed by a bounds check."""
        for _ in range(n_letters):
            i = self.slot
            self.names.extend((f"w{i}", f"r{i}", f"lo_{i}", f"hi_{i}"))
            self.loop(i)
            self.emit(f"if s{i} < lo_{i} or s{i} > hi_{i}: continue")
            self.slot += 1
        if is_last:
            self.emit(f"if s{self.slot - 1}: continue")

    def low_column(self, step: int, n_free: int, solved: bool, is_last: bool) -> None:
        """A column from the right: its free letters, the solved letter, the column check."""
        for _ in range(n_free):
            i = self.slot
            self.names.extend((f"w{i}", f"r{i}"))
            self.loop(i)
            self.slot += 1
        if solved:
            i = self.slot
            self.names.extend((f"w{i}", f"h{i}", f"v{i}", f"f{i}"))
            self.emit(f"d{i} = (-({self.prev('s', i)} // h{i}) * v{i}) % B")
            self.emit(f"if ({self.prev('m', i)} | f{i}) >> d{i} & 1: continue")
            self.add_digit(i, f"w{i}")
            self.slot += 1
        last = self.slot - 1
        self.names.extend((f"M{step}", f"lo{step}", f"hi{step}"))
        if is_last:
            self.emit(f"if s{last}: continue")
        else:
            self.emit(f"if s{last} % M{step}: continue")
            self.emit(f"if s{last} < lo{step} or s{last} > hi{step}: continue")

    def source(self) -> str:
        """The whole function, counting each solution and keeping the first."""
        digits = ", ".join(f"d{i}" for i in range(self.slot))
        self.emit("count += 1")
        self.emit("if first is None:")
        self.emit(f"    first = ({digits},)")
        self.emit("if count >= limit:")
        self.emit("    return count, first")
        head = ["def count(K, B, limit):"]
        head.append(f"    ({', '.join(self.names)},) = K")
        head.append("    count = 0")
        head.append("    first = None")
        head.append("    for _ in (0,):")
        return "\n".join([*head, *self.body, "    return count, first", ""])


_CODE_CACHE: dict[tuple[object, ...], Callable[..., tuple[int, tuple[int, ...] | None]]] = {}
_CACHE_SIZE = 4096


def _counter(shape: tuple[object, ...]) -> Callable[..., tuple[int, tuple[int, ...] | None]]:
    """The generated counting function for ``shape`` (compiled once, then cached)."""
    found = _CODE_CACHE.get(shape)
    if found is None:
        namespace: dict[str, object] = {}
        exec(compile(_generate(shape), "<find_checker>", "exec"), namespace)
        found = namespace["count"]  # type: ignore[assignment]
        if len(_CODE_CACHE) >= _CACHE_SIZE:
            _CODE_CACHE.clear()
        _CODE_CACHE[shape] = found  # type: ignore[assignment]
    return found  # type: ignore[return-value]


# --------------------------------------------------------------------------------------
# Counting


@dataclass(frozen=True, slots=True)
class Count:
    """How many solutions were seen (at most the limit) and the first one."""

    count: int
    solution: dict[str, int] | None


def count_solutions(
    equation: WordEquation, *, base: int = 10, leading_zeros: bool = False, limit: int = 2
) -> Count:
    """Count the solutions of ``equation`` up to ``limit`` (2 answers "is it unique?")."""
    if len(equation.letters()) > base or not equation.letters():
        return Count(0, None)
    if equation.op == "*":
        if len(equation.terms) != 2:
            raise ValueError("a product form has exactly two factors")
        # imported here: numpy (about 0.07 s) is paid by product runs only
        from puzzlewright.cryptarithm.find_product import count_product

        a, b = equation.terms
        found, solved = count_product(
            a, b, equation.result, base=base, leading_zeros=leading_zeros, limit=limit
        )
        return Count(found, solved)
    plan = compile_equation(equation, base, leading_zeros)
    if plan.shape is None:
        return Count(0, None)
    count, first = _counter(plan.shape)(plan.constants, base, limit)
    solution = None if first is None else dict(zip(plan.letters, first, strict=True))
    return Count(count, solution)


def is_unique(equation: WordEquation, *, base: int = 10, leading_zeros: bool = False) -> bool:
    """True when ``equation`` has exactly one solution."""
    return count_solutions(equation, base=base, leading_zeros=leading_zeros).count == 1
