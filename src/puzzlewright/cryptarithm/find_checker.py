"""A fast solution counter for word equations: sums, differences and one product.

``find`` tests thousands of candidate equations per second; a general solver pays for its
generality on each one. This counter handles only ``W1 ± W2 ± ... = R`` and ``A * B = R``,
assigns digits column by column from the right and stops at the second solution.

Additive equations are kept in coefficient form: letter ``L`` weighs ``sum(sign * base**pos)``
over its occurrences. Once every letter of columns ``0..k`` has a digit, the weighted sum
must be ``0 mod base**(k+1)`` (letters still free only weigh multiples of that), and one new
letter per column with a unit coefficient is solved for instead of enumerated. A product
``A * B = R`` is checked the same way on ``(A mod base**(k+1)) * (B mod ...) - R``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import gcd

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


def _columns_of(equation: WordEquation) -> dict[str, int]:
    """Each letter's rightmost column (0 = units), in order of first appearance."""
    first: dict[str, int] = {}
    for word in equation.words:
        for pos, letter in enumerate(reversed(word)):
            if pos < first.get(letter, 1 << 30):
                first[letter] = pos
    return first


def _distinct_bounds(weights: list[int], base: int) -> tuple[int, int]:
    """Relaxed (min, max) of ``sum(w * d)`` over distinct digits: positive weights take the
    largest digits and negative ones the smallest (each side on its own, so it is safe)."""
    positive = sorted((w for w in weights if w > 0), reverse=True)
    negative = sorted(w for w in weights if w < 0)
    top = sum(w * (base - 1 - i) for i, w in enumerate(positive)) + sum(
        w * i for i, w in enumerate(negative)
    )
    bottom = sum(w * i for i, w in enumerate(positive)) + sum(
        w * (base - 1 - i) for i, w in enumerate(negative)
    )
    return bottom, top


def _narrow(weight: dict[str, int], low: dict[str, int], high: dict[str, int]) -> bool:
    """Bounds consistency on ``sum(weight[x] * x) = 0`` over digit intervals, in place.

    Kills most equations without a solution before any search: ``RARE + JOY = FRUIT`` needs
    F = 1 and then R = 0, a leading letter. Returns False when some interval empties."""
    changed = True
    while changed:
        changed = False
        total_low = sum(w * (low[x] if w > 0 else high[x]) for x, w in weight.items())
        total_high = sum(w * (high[x] if w > 0 else low[x]) for x, w in weight.items())
        for x, w in weight.items():
            if w == 0:
                continue
            # the others must make up -w * d: others in [total - own contribution]
            own_low, own_high = (w * low[x], w * high[x]) if w > 0 else (w * high[x], w * low[x])
            rest_low, rest_high = total_low - own_low, total_high - own_high
            # w * d in [-rest_high, -rest_low]
            if w > 0:
                lo = -(rest_high // w)  # ceil(-rest_high / w)
                hi = (-rest_low) // w
            else:  # -w * d in [rest_low, rest_high]
                lo = -((-rest_low) // -w)
                hi = rest_high // -w
            new_low, new_high = max(low[x], lo), min(high[x], hi)
            if new_low > new_high:
                return False
            if (new_low, new_high) != (low[x], high[x]):
                low[x], high[x] = new_low, new_high
                changed = True
                break  # totals are stale: recompute
    return True


def compile_equation(equation: WordEquation, base: int = 10, leading_zeros: bool = False) -> Plan:
    """Order the letters by column, pick the letter each column solves for, collect the
    checks and digit ranges; the result's shape selects (or generates) the counting code."""
    product = equation.op == "*"
    if product and len(equation.terms) != 2:
        raise ValueError("a product form has exactly two factors")
    first = _columns_of(equation)
    nonzero = set() if leading_zeros else equation.leading()
    width = max(map(len, equation.words))
    signs = [1 if i == 0 or equation.op != "-" else -1 for i in range(len(equation.terms))]
    weight: dict[str, int] = dict.fromkeys(first, 0)
    per_factor: dict[str, list[int]] = {letter: [0, 0, 0] for letter in first}
    for index, word in enumerate(equation.words):
        result = index == len(equation.terms)
        sign = -1 if result else signs[index]
        for pos, letter in enumerate(reversed(word)):
            weight[letter] += sign * base**pos
            per_factor[letter][2 if result else index] += base**pos
    low = {x: 1 if x in nonzero else 0 for x in first}
    high = dict.fromkeys(first, base - 1)
    if not product and not _narrow(weight, low, high):
        return Plan(tuple(first), None, ())
    full = (1 << base) - 1

    def digits(x: str) -> tuple[int, ...]:
        return tuple(range(low[x], high[x] + 1))

    def forbidden(x: str) -> int:
        allowed = ((1 << (high[x] + 1)) - 1) & ~((1 << low[x]) - 1)
        return full & ~allowed

    def rest_bounds(done: list[str]) -> tuple[int, int]:
        """(min, max) of what the letters not in ``done`` can still add."""
        rest = [weight[x] for x in first if x not in done]
        bottom, top = _distinct_bounds(rest, base)
        loose = [(weight[x], low[x], high[x]) for x in first if x not in done]
        bottom = max(bottom, sum(w * (lo if w > 0 else hi) for w, lo, hi in loose))
        top = min(top, sum(w * (hi if w > 0 else lo) for w, lo, hi in loose))
        return bottom, top

    order: list[str] = []
    steps: list[tuple[int, bool, bool, bool]] = []
    constants: list[object] = []
    by_column = [[x for x in first if first[x] == k] for k in range(width)]
    starts = [k for k in range(width) if by_column[k]]
    for index, k in enumerate(starts):
        new = by_column[k]
        shift = base**k
        solved: str | None = None
        inverse = 1
        if product:
            result_word = equation.result
            if k < len(result_word):
                candidate = result_word[len(result_word) - 1 - k]
                in_factor = any(
                    k < len(t) and t[len(t) - 1 - k] == candidate for t in equation.terms
                )
                if candidate in new and not in_factor:
                    solved = candidate
        else:
            for letter in reversed(new):
                unit = (weight[letter] // shift) % base
                if gcd(unit, base) == 1:
                    solved, inverse = letter, pow(unit, -1, base)
                    break
        free = [x for x in new if x != solved]
        last_column = (starts[index + 1] if index + 1 < len(starts) else width) - 1
        is_last = index + 1 == len(starts)
        needs_mod = not is_last and (solved is None or last_column > k)
        for letter in free:
            order.append(letter)
            if product:
                constants.extend((*per_factor[letter], digits(letter)))
            else:
                bottom, top = rest_bounds(order)
                constants.extend((weight[letter], digits(letter), -top, -bottom))
        if solved is not None:
            order.append(solved)
            if product:
                constants.extend((*per_factor[solved], shift, shift * base, forbidden(solved)))
            else:
                constants.extend((weight[solved], shift, inverse, forbidden(solved)))
        constants.append(base ** (last_column + 1))
        if not product:
            bottom, top = rest_bounds(order)
            constants.extend((-top, -bottom))
        steps.append((len(free), solved is not None, needs_mod, is_last))
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

    for step, (n_free, solved, needs_mod, is_last) in enumerate(steps):
        for _ in range(n_free):
            i = slot
            weights = (f"wa{i}", f"wb{i}", f"wt{i}") if product else (f"w{i}",)
            names.extend((*weights, f"r{i}"))
            if not product:
                names.extend((f"lo_{i}", f"hi_{i}"))
            emit(f"for d{i} in r{i}:")
            depth += 1
            if i > 0:
                emit(f"if m{i - 1} >> d{i} & 1: continue")
            add_digit(str(i), weights)
            if not product:
                emit(f"if s{i} < lo_{i} or s{i} > hi_{i}: continue")
            slot += 1
        if solved:
            i = slot
            if product:
                names.extend((f"wa{i}", f"wb{i}", f"wt{i}", f"h{i}", f"q{i}", f"f{i}"))
                a, b, t = prev("a", i), prev("b", i), prev("t", i)
                emit(f"d{i} = (({a} * {b} % q{i} - {t}) // h{i}) % B")
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
            elif needs_mod:
                emit(f"if (a{last} * b{last} - t{last}) % M{step}: continue")
        else:
            names.extend((f"lo{step}", f"hi{step}"))
            if is_last:
                emit(f"if s{last}: continue")
            else:
                if needs_mod:
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
