"""A fast solution counter for word equations: sums, differences and one product.

``find`` tests thousands of candidate equations per second; a general solver pays for its
generality on each one. This counter handles only ``W1 ± W2 ± ... = R`` and ``A * B = R``,
assigns digits column by column from the right (after the top column, see below) and stops at
the second solution.

Additive equations are kept in coefficient form: letter ``L`` weighs ``sum(sign * base**pos)``
over its occurrences. Once every letter of columns ``0..k`` has a digit, the weighted sum
must be ``0 mod base**(k+1)`` (letters still free only weigh multiples of that), and one new
letter per column with a unit coefficient is solved for instead of enumerated. A product
``A * B = R`` is checked the same way on ``(A mod base**(k+1)) * (B mod ...) - R``; its
column-``k`` letter solved for is R's, or else A's (B's) through ``x * units(B) = t mod base``,
a short table lookup since the units digit need not be invertible.

Products, where most candidates have no solution and the whole tree is walked, get three
more tricks: a free letter loops over a table of the digits still free (indexed by the mask
of digits taken); a column's last free factor letter and its result letter come in pairs
from a table (the result digit is linear in that letter once ``k >= 1``); and the last free
letter of the factors runs over the interval the result's magnitude allows. Running values a
letter does not weigh in are not updated, and a column check its solved digit already
satisfies is left out. Together about 1.5x the warm checks per second of the plain column
search; cold runs are dominated by compiling the generated code, since product shapes rarely
repeat.

Before the columns from the right, an additive equation's top column is assigned with a
bounds check after every letter: the leading letters weigh the most, so what the rest of the
equation can still add pins them down early, where it saves the most work.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import gcd

from puzzlewright.cryptarithm.find_product import count_product

TOP_COLUMNS = 1
"""Additive equations: columns assigned first from the top, before the column order from the
right; bounds prune them hard (the top letters carry the largest weights). One column
doubled the speed on sampled word sums; two or three were no better when it was chosen."""

# --------------------------------------------------------------------------------------
# The equation


@dataclass(frozen=True, slots=True)
class WordEquation:
    """``terms[0] op terms[1] ... = result``; ``op`` is "+", "-" (every later term
    subtracted) or "*" (two terms)."""

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
    (``first``), its weight in a sum (``sign * base**pos`` over its occurrences), for a
    product its place values in A, B and the result (``per_factor``), and its digit range."""

    first: dict[str, int]
    weight: dict[str, int]
    per_factor: dict[str, list[int]]
    low: dict[str, int]
    high: dict[str, int]


def _letters_of(equation: WordEquation, base: int, leading_zeros: bool) -> _Letters:
    """Weights, columns and digit ranges of the letters (no leading zero unless allowed)."""
    product = equation.op == "*"
    minus = equation.op == "-"
    words = equation.words
    n_terms = len(equation.terms)
    first: dict[str, int] = {}
    weight: dict[str, int] = {}
    per_factor: dict[str, list[int]] = {}
    for index, word in enumerate(words):
        sign = -1 if index == n_terms or (minus and index > 0) else 1
        place = 1
        for pos in range(len(word) - 1, -1, -1):
            letter = word[pos]
            column = len(word) - 1 - pos
            if letter not in first or column < first[letter]:
                first[letter] = column
            weight[letter] = weight.get(letter, 0) + sign * place
            if product:
                per_factor.setdefault(letter, [0, 0, 0])[min(index, 2)] += place
            place *= base
    nonzero = () if leading_zeros else {w[0] for w in words if len(w) > 1}
    low = {x: 1 if x in nonzero else 0 for x in first}
    high = dict.fromkeys(first, base - 1)
    return _Letters(first, weight, per_factor, low, high)


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
    product: bool
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
        """An additive top column: each new letter enumerated, with a bounds check after it."""
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
        equation, base, letters = self.equation, self.base, self.letters
        shift = base**k
        solved, factor, inverse = self._solved_letter(k, new, shift)
        bounded, lead = 0, -1
        if self.product and factor < 2:
            free = [x for x in new if x != solved]
            bounded, last = _bounded_letter(equation, free, self.assigned, letters.per_factor)
            if bounded:
                new = [x for x in new if x != last] + [last]
        n_free = 0
        pattern: list[int] = []
        for letter in new:
            if letter == solved:
                continue
            n_free += 1
            self.place(letter)
            if self.product:
                pattern.append(_pattern(letters.per_factor[letter]))
                if bounded and n_free == len(new) - (solved is not None):
                    lead = _lead_slot(equation, self.order)
                    self._bounded_constants(letter, bounded)
                else:
                    self._factor_constants(letter)
            else:
                self.constants.extend((letters.weight[letter], self.digits(letter)))
        pair = 0
        if self.product and factor == 1 and k > 0 and n_free and not bounded:
            pair = self._pair(k)
        if solved is not None:
            self.place(solved)
            if self.product:
                pattern.append(_pattern(letters.per_factor[solved]))
            self._solved_constants(solved, factor, shift, inverse, pair)
        self.constants.append(base ** (last_column + 1))
        if not self.product:
            self.bound_slots.append((len(self.constants), len(self.order)))
            self.constants.extend((0, 0))
        self.steps.append(
            (
                "low",
                n_free,
                factor,
                bounded,
                lead,
                tuple(pattern),
                solved is not None and last_column == k,
                base <= TABLE_BASE,
                pair,
            )
            if self.product
            else ("low", n_free, solved is not None)
        )

    def _solved_letter(self, k: int, new: list[str], shift: int) -> tuple[str | None, int, int]:
        """The letter column ``k`` solves for (or None), ``factor`` (products: 1 when it is
        the result's letter, 2/3 for a letter of A/B) and its weight's inverse mod base."""
        base = self.base
        if self.product:
            terms = self.equation.terms
            words = (*terms, self.equation.result)
            here = [w[len(w) - 1 - k] if k < len(w) else "" for w in words]
            if here[2] in new and here[2] not in here[:2]:
                return here[2], 1, 1
            if k > 0:
                # A[k] * (B's units digit) is the product's new digit (and B[k] * A's units)
                for which, candidate in ((2, here[0]), (3, here[1])):
                    others = here[: which - 2] + here[which - 1 :]
                    if candidate in new and candidate not in others:
                        return candidate, which, 1
            return None, 0, 1
        for letter in reversed(new):
            unit = (self.letters.weight[letter] // shift) % base
            if unit and gcd(unit, base) == 1:
                return letter, 0, pow(unit, -1, base)
        return None, 0, 1

    def _factor_constants(self, letter: str) -> None:
        """A free factor letter: its place values and its digits (or the table of them)."""
        low, high = self.letters.low[letter], self.letters.high[letter]
        table = _available(self.base, low, high)
        digits = self.digits(letter) if table is None else table
        self.constants.extend((*self.letters.per_factor[letter], digits))

    def _bounded_constants(self, letter: str, bounded: int) -> None:
        """The last free factor letter, run over the interval the result's range allows."""
        letters = self.letters
        self.constants.extend((*letters.per_factor[letter], self.digits(letter)))
        self.constants.extend(
            _bound_constants(self.equation, self.base, letters.low, letters.high, letter, bounded)
        )

    def _pair(self, k: int) -> int:
        """Products: whether the column's last free letter is A's (1), B's (2) or both
        factors' (3) digit in column ``k``, so it comes paired with the result's letter."""
        if self.base > TABLE_BASE:
            return 0
        a, b = self.equation.terms
        y = self.order[-1]
        return (a[-1 - k : len(a) - k] == y) + 2 * (b[-1 - k : len(b) - k] == y)

    def _solved_constants(
        self, solved: str, factor: int, shift: int, inverse: int, pair: int
    ) -> None:
        """What the counter needs to compute the solved letter's digit and check it."""
        letters, base = self.letters, self.base
        full = (1 << base) - 1
        low, high = letters.low[solved], letters.high[solved]
        taken = full & ~(((1 << (high + 1)) - 1) & ~((1 << low) - 1))
        if self.product and factor == 1:
            self.constants.extend((*letters.per_factor[solved], shift, shift * base, taken))
            if pair:
                y = self.order[-2]
                self.constants.append(_pairs(base, letters.low[y], letters.high[y], taken))
        elif self.product:
            self.constants.extend(
                (*letters.per_factor[solved], shift, shift * base, taken, _divisors(base))
            )
        else:
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
        shape = ("product" if self.product else "linear", tuple(self.steps))
        return Plan(tuple(self.order), shape, tuple(self.constants))


def compile_equation(equation: WordEquation, base: int = 10, leading_zeros: bool = False) -> Plan:
    """Order the letters by column, pick the letter each column solves for, collect the
    checks and digit ranges; the result's shape selects (or generates) the counting code.

    The steps: validate the form, weigh the letters (and narrow sums' digit ranges), then
    the top column (sums), then the columns from the right, then the sums' bounds."""
    product = equation.op == "*"
    if product and len(equation.terms) != 2:
        raise ValueError("a product form has exactly two factors")
    letters = _letters_of(equation, base, leading_zeros)
    if not product and not _narrow(letters.weight, letters.low, letters.high):
        return Plan(tuple(letters.first), None, ())
    builder = _PlanBuilder(equation, base, letters, product)
    width = max(map(len, equation.words))
    in_column = _letters_by_column(equation, width)
    top_columns = [] if product else list(range(width - 1, 0, -1))[:TOP_COLUMNS]
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
    if not product:
        builder.fill_bounds()
    return builder.plan()


def _bounded_letter(
    equation: WordEquation, free: list[str], assigned: set[str], per_factor: dict[str, list[int]]
) -> tuple[int, str]:
    """A product column's free letter whose digits the magnitude of ``A * B`` bounds.

    When this column completes both factors, its last free letter ``x`` of one factor (not
    both) is the only unknown of ``A * B``, which must lie within the result's range: so
    ``x`` runs over an interval computed by one division instead of every digit, which was
    most of the work of a product check. Returns (1 for A or 2 for B, the letter) or (0, "")."""
    factors = set(equation.terms[0]) | set(equation.terms[1])
    if not factors <= assigned | set(free):
        return 0, ""
    for letter in reversed(free):
        in_a, in_b = per_factor[letter][0] > 0, per_factor[letter][1] > 0
        if in_a != in_b:
            return (1 if in_a else 2), letter
    return 0, ""


def _pattern(weights: list[int]) -> int:
    """Which of a product letter's weights (in A, B, the result) are nonzero, as 3 bits:
    the generated code updates only those running values."""
    return sum(1 << i for i, w in enumerate(weights) if w)


TABLE_BASE = 12
"""Up to this base a free letter's loop runs over a table of the digits still free, indexed
by the mask of digits taken (``2 ** base`` entries), instead of testing every digit."""

_AVAILABLE: dict[tuple[int, int, int], tuple[tuple[int, ...], ...]] = {}


def _available(base: int, low: int, high: int) -> tuple[tuple[int, ...], ...] | None:
    """``table[mask]``: the digits in ``low..high`` not in ``mask`` (None above TABLE_BASE)."""
    if base > TABLE_BASE:
        return None
    key = (base, low, high)
    found = _AVAILABLE.get(key)
    if found is None:
        digits = range(low, high + 1)
        found = tuple(tuple(d for d in digits if not mask >> d & 1) for mask in range(1 << base))
        _AVAILABLE[key] = found
    return found


_PAIRS: dict[tuple[int, int, int, int], tuple[tuple[tuple[tuple[int, int], ...], ...], ...]] = {}


def _pairs(
    base: int, low: int, high: int, forbidden: int
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """``table[u * base + y0][mask]``: the pairs ``(y, c)`` with ``c = (y0 + u * y) mod
    base``, ``y`` in ``low..high``, ``c`` not forbidden, both free in ``mask`` and distinct.

    A column's last free factor letter ``y`` and its result letter ``c`` are linked by
    that congruence (``u`` is the other factor's units digit), so one lookup replaces a
    loop over ``y`` that computed and tested ``c`` for each digit (about 0.1 s per table,
    built once per process)."""
    key = (base, low, high, forbidden)
    found = _PAIRS.get(key)
    if found is None:
        rows = []
        for u in range(base):
            for y0 in range(base):
                pairs = [(y, (y0 + u * y) % base) for y in range(low, high + 1)]
                pairs = [(y, c) for y, c in pairs if c != y and not forbidden >> c & 1]
                rows.append(
                    tuple(
                        tuple(p for p in pairs if not (mask >> p[0] | mask >> p[1]) & 1)
                        for mask in range(1 << base)
                    )
                )
        found = tuple(rows)
        _PAIRS[key] = found
    return found


def _lead_slot(equation: WordEquation, order: list[str]) -> int:
    """The slot of the result's leading letter if assigned before the last letter, else -1."""
    lead = equation.result[0]
    return order.index(lead) if lead in order[:-1] else -1


def _bound_constants(
    equation: WordEquation,
    base: int,
    low: dict[str, int],
    high: dict[str, int],
    letter: str,
    factor: int,
) -> tuple[int, ...]:
    """Constants of a bounded letter: its place weight in its factor, the result's leading
    place, and the result's range while its leading letter is unknown."""
    word = equation.terms[factor - 1]
    weight = sum(base ** (len(word) - 1 - j) for j, x in enumerate(word) if x == letter)
    result = equation.result
    place = base ** (len(result) - 1)
    lead = result[0]
    return (weight, place, low[lead] * place, (high[lead] + 1) * place - 1)


# --------------------------------------------------------------------------------------
# Code generation: nested loops with every constant in a local variable


def _generate(shape: tuple[object, ...]) -> str:
    """Python source of ``count(K, B, limit)`` for one shape."""
    kind, steps = shape
    assert isinstance(steps, tuple)
    if kind == "product":
        return _generate_product(steps)
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


class _ProductCode:
    """Builds a product counter's source: running ``A mod``, ``B mod``, result and digit
    mask, each kept under its latest name so letters with a zero weight add no line."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.body: list[str] = []
        self.depth = 2
        self.slot = 0
        self.now = {"a": "0", "b": "0", "t": "0", "m": "0", "ab": "0"}

    def emit(self, line: str) -> None:
        self.body.append("    " * self.depth + line)

    def add(self, i: int, pattern: int) -> None:
        """Record digit ``d{i}`` in the mask and in the running values it weighs in."""
        self.emit(f"m{i} = {self.now['m']} | 1 << d{i}")
        self.now["m"] = f"m{i}"
        for bit, total in enumerate("abt"):
            if pattern >> bit & 1:
                self.emit(f"{total}{i} = {self.now[total]} + w{total}{i} * d{i}")
                self.now[total] = f"{total}{i}"
        if pattern & 3:
            self.now["ab"] = ""

    def product(self, i: int) -> str:
        """The name of ``A mod * B mod`` now, computed once after either changed."""
        if not self.now["ab"]:
            self.emit(f"ab{i} = {self.now['a']} * {self.now['b']}")
            self.now["ab"] = f"ab{i}"
        return self.now["ab"]

    def free(self, i: int, pattern: int, bound: tuple[int, int] | None, table: bool) -> None:
        """The loop over a free letter's digits."""
        self.names.extend((f"wa{i}", f"wb{i}", f"wt{i}", f"r{i}"))
        if bound is not None:
            self.names.extend((f"g{i}", f"P{i}", f"L{i}", f"H{i}"))
            self.bounded(i, *bound)
        elif table:
            self.emit(f"for d{i} in r{i}[{self.now['m']}]:")
        else:
            self.emit(f"for d{i} in r{i}:")
        self.depth += 1
        if (bound is not None or not table) and i > 0:
            self.emit(f"if {self.now['m']} >> d{i} & 1: continue")
        self.add(i, pattern)

    def bounded(self, i: int, factor: int, lead: int) -> None:
        """The loop of a bounded letter (see ``_bounded_letter``): ``(known + g * x) *
        other`` within ``[L, H]``, the result's range (narrowed by its leading digit)."""
        a, b = self.now["a"], self.now["b"]
        known, other = (a, b) if factor == 1 else (b, a)
        if lead >= 0:
            self.emit(f"L = d{lead} * P{i}")
            self.emit(f"H = L + P{i} - 1")
        else:
            self.emit(f"L, H = L{i}, H{i}")
        self.emit(f"o = {other} * g{i}")
        self.emit(f"p = {known} * {other}")
        self.emit(f"for d{i} in (range(max(r{i}[0], -((p - L) // o)), ")
        self.emit(f"        min(r{i}[-1], (H - p) // o) + 1) if o else r{i}):")

    def solved(self, i: int, kind: int, pattern: int) -> None:
        """A letter computed from the column: the result's digit, or (``kind`` 2/3) a
        factor's digit through the units digit of the other factor."""
        a, b, t = self.now["a"], self.now["b"], self.now["t"]
        self.names.extend((f"wa{i}", f"wb{i}", f"wt{i}", f"h{i}", f"q{i}", f"f{i}"))
        ab = self.product(i)
        if kind == 1:
            # (A * B - result) is 0 below this column, so its digit here is the new one
            self.emit(f"d{i} = ({ab} - {t}) // h{i} % B")
        else:
            self.names.append(f"S{i}")
            other = b if kind == 2 else a
            self.emit(f"for d{i} in S{i}[{other} % B][({t} - {ab}) // h{i} % B]:")
            self.depth += 1
        self.emit(f"if ({self.now['m']} | f{i}) >> d{i} & 1: continue")
        self.add(i, pattern)

    def pair(self, i: int, which: int, y_pattern: int, c_pattern: int) -> None:
        """The last free factor letter ``d{i}`` and the result letter ``d{i+1}`` of a column
        together, from a table (see ``_pairs``)."""
        j = i + 1
        self.names.extend((f"wa{i}", f"wb{i}", f"wt{i}", f"r{i}"))
        self.names.extend((f"wa{j}", f"wb{j}", f"wt{j}", f"h{j}", f"q{j}", f"f{j}", f"T{j}"))
        a, b = self.now["a"], self.now["b"]
        units = {1: f"{b} % B", 2: f"{a} % B", 3: f"({a} + {b}) % B"}[which]
        y0 = f"({self.product(i)} - {self.now['t']}) // h{j} % B"
        self.emit(f"for d{i}, d{j} in T{j}[{units} * B + {y0}][{self.now['m']}]:")
        self.depth += 1
        self.emit(f"m{j} = {self.now['m']} | 1 << d{i} | 1 << d{j}")
        self.now["m"] = f"m{j}"
        for k, pattern in ((i, y_pattern), (j, c_pattern)):
            for bit, total in enumerate("abt"):
                if pattern >> bit & 1:
                    self.emit(f"{total}{k} = {self.now[total]} + w{total}{k} * d{k}")
                    self.now[total] = f"{total}{k}"
        if (y_pattern | c_pattern) & 3:
            self.now["ab"] = ""

    def step(self, index: int, spec: tuple[object, ...], is_last: bool) -> None:
        """One column step: its free letters, its solved letter, the column check."""
        _, n_free, kind, factor, lead, patterns, exact, table, pair = spec
        assert isinstance(n_free, int) and isinstance(kind, int) and isinstance(factor, int)
        assert isinstance(lead, int) and isinstance(patterns, tuple) and isinstance(pair, int)
        if pair:
            n_free -= 1
        for k in range(n_free):
            bound = (factor, lead) if factor and k == n_free - 1 else None
            self.free(self.slot, patterns[k], bound, bool(table))
            self.slot += 1
        if pair:
            self.pair(self.slot, pair, patterns[n_free], patterns[n_free + 1])
            self.slot += 2
        elif kind:
            self.solved(self.slot, kind, patterns[n_free])
            self.slot += 1
        self.names.append(f"M{index}")
        if is_last:
            self.emit(f"if {self.product(self.slot)} != {self.now['t']}: continue")
        elif not exact:  # a column's solved digit already satisfies it
            self.emit(f"if ({self.product(self.slot)} - {self.now['t']}) % M{index}: continue")

    def source(self) -> str:
        """The function's text."""
        digits = ", ".join(f"d{i}" for i in range(self.slot))
        for line in ("count += 1", "if first is None:", f"    first = ({digits},)"):
            self.emit(line)
        self.emit("if count >= limit:")
        self.emit("    return count, first")
        head = ["def count(K, B, limit):", f"    ({', '.join(self.names)},) = K"]
        head += ["    count = 0", "    first = None", "    for _ in (0,):"]
        return "\n".join([*head, *self.body, "    return count, first", ""])


def _generate_product(steps: tuple[tuple[object, ...], ...]) -> str:
    """Python source of ``count(K, B, limit)`` for a product shape."""
    code = _ProductCode()
    for index, spec in enumerate(steps):
        code.step(index, spec, index == len(steps) - 1)
    return code.source()


_DIVISORS: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}


def _divisors(base: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[u][t]``: the digits ``x`` with ``x * u = t (mod base)``."""
    found = _DIVISORS.get(base)
    if found is None:
        found = tuple(
            tuple(tuple(x for x in range(base) if x * u % base == t) for t in range(base))
            for u in range(base)
        )
        _DIVISORS[base] = found
    return found


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
