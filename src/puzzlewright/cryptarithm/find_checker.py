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

Before the columns from the right, an additive equation's top column is assigned with a
bounds check after every letter: the leading letters weigh the most, so what the rest of the
equation can still add pins them down early, where it saves the most work.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import gcd

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


def compile_equation(equation: WordEquation, base: int = 10, leading_zeros: bool = False) -> Plan:
    """Order the letters by column, pick the letter each column solves for, collect the
    checks and digit ranges; the result's shape selects (or generates) the counting code."""
    product = equation.op == "*"
    terms = equation.terms
    if product and len(terms) != 2:
        raise ValueError("a product form has exactly two factors")
    words = equation.words
    n_terms = len(terms)
    first: dict[str, int] = {}
    weight: dict[str, int] = {}
    per_factor: dict[str, list[int]] = {}
    minus = equation.op == "-"
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
    if not product and not _narrow(weight, low, high):
        return Plan(tuple(first), None, ())
    full = (1 << base) - 1
    width = max(map(len, words))
    by_column: list[list[str]] = [[] for _ in range(width)]
    for letter, column in first.items():
        by_column[column].append(letter)
    in_column: list[list[str]] = [[] for _ in range(width)]
    for word in words:
        for pos, letter in enumerate(reversed(word)):
            if letter not in in_column[pos]:
                in_column[pos].append(letter)

    order: list[str] = []
    assigned: set[str] = set()
    steps: list[tuple[object, ...]] = []
    constants: list[object] = []
    bound_slots: list[tuple[int, int]] = []  # (constants index, letters done)
    top_columns = [] if product else list(range(width - 1, 0, -1))[:TOP_COLUMNS]
    for j in top_columns:
        new = [x for x in in_column[j] if x not in assigned]
        for letter in new:
            order.append(letter)
            assigned.add(letter)
            constants.extend((weight[letter], tuple(range(low[letter], high[letter] + 1))))
            bound_slots.append((len(constants), len(order)))
            constants.extend((0, 0))
        steps.append(("top", len(new)))
    low_limit = width - len(top_columns)
    starts = [k for k in range(low_limit) if any(x not in assigned for x in by_column[k])]
    for index, k in enumerate(starts):
        new = [x for x in by_column[k] if x not in assigned]
        shift = base**k
        solved: str | None = None
        inverse = 1
        factor = 0  # products: 1 when the result letter is solved, 2/3 for a letter of A/B
        if product:
            here = [w[len(w) - 1 - k] if k < len(w) else "" for w in (*terms, equation.result)]
            if here[2] in new and here[2] not in here[:2]:
                solved, factor = here[2], 1
            elif k > 0:
                # A[k] * (B's units digit) is the product's new digit (and B[k] * A's units)
                for which, candidate in ((2, here[0]), (3, here[1])):
                    others = here[: which - 2] + here[which - 1 :]
                    if candidate in new and candidate not in others:
                        solved, factor = candidate, which
                        break
        else:
            for letter in reversed(new):
                unit = (weight[letter] // shift) % base
                if unit and gcd(unit, base) == 1:
                    solved, inverse = letter, pow(unit, -1, base)
                    break
        n_free = 0
        for letter in new:
            if letter == solved:
                continue
            n_free += 1
            order.append(letter)
            assigned.add(letter)
            digits = tuple(range(low[letter], high[letter] + 1))
            if product:
                constants.extend((*per_factor[letter], digits))
            else:
                constants.extend((weight[letter], digits))
        if solved is not None:
            order.append(solved)
            assigned.add(solved)
            allowed = ((1 << (high[solved] + 1)) - 1) & ~((1 << low[solved]) - 1)
            if product and factor == 1:
                constants.extend((*per_factor[solved], shift, shift * base, full & ~allowed))
            elif product:
                constants.extend(
                    (*per_factor[solved], shift, shift * base, full & ~allowed, _divisors(base))
                )
            else:
                constants.extend((weight[solved], shift, inverse, full & ~allowed))
        last_column = (starts[index + 1] if index + 1 < len(starts) else low_limit) - 1
        constants.append(base ** (last_column + 1))
        if not product:
            bound_slots.append((len(constants), len(order)))
            constants.extend((0, 0))
        steps.append(("low", n_free, factor if product else solved is not None))
    if not product:
        for at, done in bound_slots:
            bottom = top = 0
            for x in order[done:]:
                w = weight[x]
                if w > 0:
                    bottom += w * low[x]
                    top += w * high[x]
                else:
                    bottom += w * high[x]
                    top += w * low[x]
            constants[at] = -top
            constants[at + 1] = -bottom
    shape = ("product" if product else "linear", tuple(steps))
    return Plan(tuple(order), shape, tuple(constants))


# --------------------------------------------------------------------------------------
# Code generation: nested loops with every constant in a local variable


def _generate(shape: tuple[object, ...]) -> str:
    """Python source of ``count(K, B, limit)`` for one shape."""
    kind, steps = shape
    assert isinstance(steps, tuple)
    product = kind == "product"
    names: list[str] = []
    body: list[str] = []
    depth = 2  # inside a one-pass loop, so that every check can ``continue``
    slot = 0
    sums = ("a", "b", "t") if product else ("s",)

    def emit(line: str) -> None:
        body.append("    " * depth + line)

    def prev(name: str, i: int) -> str:
        return f"{name}{i - 1}" if i > 0 else "0"

    def add_digit(i: str, weights: tuple[str, ...]) -> None:
        emit(f"m{i} = {prev('m', int(i))} | 1 << d{i}")
        for total, w in zip(sums, weights, strict=True):
            emit(f"{total}{i} = {prev(total, int(i))} + {w} * d{i}")

    for step, spec in enumerate(steps):
        is_last = step == len(steps) - 1
        if spec[0] == "top":
            for _ in range(spec[1]):
                i = slot
                names.extend((f"w{i}", f"r{i}", f"lo_{i}", f"hi_{i}"))
                emit(f"for d{i} in r{i}:")
                depth += 1
                if i > 0:
                    emit(f"if m{i - 1} >> d{i} & 1: continue")
                add_digit(str(i), (f"w{i}",))
                emit(f"if s{i} < lo_{i} or s{i} > hi_{i}: continue")
                slot += 1
            if is_last:
                emit(f"if s{slot - 1}: continue")
            continue
        _, n_free, solved = spec
        for _ in range(n_free):
            i = slot
            weights = (f"wa{i}", f"wb{i}", f"wt{i}") if product else (f"w{i}",)
            names.extend((*weights, f"r{i}"))
            emit(f"for d{i} in r{i}:")
            depth += 1
            if i > 0:
                emit(f"if m{i - 1} >> d{i} & 1: continue")
            add_digit(str(i), weights)
            slot += 1
        if solved:
            i = slot
            a, b, t = prev("a", i), prev("b", i), prev("t", i)
            if product and solved == 1:
                names.extend((f"wa{i}", f"wb{i}", f"wt{i}", f"h{i}", f"q{i}", f"f{i}"))
                emit(f"d{i} = (({a} * {b} % q{i} - {t}) // h{i}) % B")
                weights = (f"wa{i}", f"wb{i}", f"wt{i}")
            elif product:
                # x * (other factor's units digit) = the product's missing digit, mod B
                names.extend((f"wa{i}", f"wb{i}", f"wt{i}", f"h{i}", f"q{i}", f"f{i}", f"S{i}"))
                other = b if solved == 2 else a
                emit(f"for d{i} in S{i}[{other} % B][(({t} - {a} * {b}) % q{i}) // h{i}]:")
                depth += 1
                weights = (f"wa{i}", f"wb{i}", f"wt{i}")
            else:
                names.extend((f"w{i}", f"h{i}", f"v{i}", f"f{i}"))
                emit(f"d{i} = (-({prev('s', i)} // h{i}) * v{i}) % B")
                weights = (f"w{i}",)
            emit(f"if ({prev('m', i)} | f{i}) >> d{i} & 1: continue")
            add_digit(str(i), weights)
            slot += 1
        last = slot - 1
        names.append(f"M{step}")
        if product:
            if is_last:
                emit(f"if a{last} * b{last} != t{last}: continue")
            else:
                emit(f"if (a{last} * b{last} - t{last}) % M{step}: continue")
        else:
            names.extend((f"lo{step}", f"hi{step}"))
            if is_last:
                emit(f"if s{last}: continue")
            else:
                emit(f"if s{last} % M{step}: continue")
                emit(f"if s{last} < lo{step} or s{last} > hi{step}: continue")
    digits = ", ".join(f"d{i}" for i in range(slot))
    emit("count += 1")
    emit("if first is None:")
    emit(f"    first = ({digits},)")
    emit("if count >= limit:")
    emit("    return count, first")
    head = ["def count(K, B, limit):"]
    head.append(f"    ({', '.join(names)},) = K")
    head.append("    count = 0")
    head.append("    first = None")
    head.append("    for _ in (0,):")
    return "\n".join([*head, *body, "    return count, first", ""])


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
    plan = compile_equation(equation, base, leading_zeros)
    if plan.shape is None:
        return Count(0, None)
    count, first = _counter(plan.shape)(plan.constants, base, limit)
    solution = None if first is None else dict(zip(plan.letters, first, strict=True))
    return Count(count, solution)


def is_unique(equation: WordEquation, *, base: int = 10, leading_zeros: bool = False) -> bool:
    """True when ``equation`` has exactly one solution."""
    return count_solutions(equation, base=base, leading_zeros=leading_zeros).count == 1
