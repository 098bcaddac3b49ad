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

from dataclasses import dataclass
from itertools import permutations
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
# Plans: per column, the letters to enumerate, the letter to solve for, the modulus check


@dataclass(frozen=True, slots=True)
class _Column:
    free: tuple[int, ...]  # letter slots enumerated in this column
    free_coefs: tuple[int, ...]  # their weights (additive) or unused (product)
    nonzero: tuple[bool, ...]  # per free letter: may not be zero
    solved: int  # slot solved for, or -1
    solved_coef: int
    solved_inverse: int  # inverse of the solved letter's unit weight, mod base
    solved_nonzero: bool
    shift: int  # base**k
    modulus: int  # base**(k+1)


@dataclass(frozen=True, slots=True)
class Plan:
    """A compiled equation: its letters and its column steps."""

    letters: tuple[str, ...]
    columns: tuple[_Column, ...]
    product: bool
    # product plans only: per letter slot, its weight in A, B and R
    weights: tuple[tuple[int, int, int], ...] = ()


def _letter_columns(equation: WordEquation) -> dict[str, int]:
    """Each letter's rightmost column (0 = units)."""
    first: dict[str, int] = {}
    for word in equation.words:
        for pos, letter in enumerate(reversed(word)):
            if pos < first.get(letter, 1 << 30):
                first[letter] = pos
    return first


def compile_equation(equation: WordEquation, base: int = 10, leading_zeros: bool = False) -> Plan:
    """Compile ``equation`` into column steps for :func:`count_solutions`."""
    if equation.op == "*" and len(equation.terms) != 2:
        raise ValueError("a product form has exactly two factors")
    letters = sorted(equation.letters(), key=_letter_columns(equation).__getitem__)
    slot = {letter: i for i, letter in enumerate(letters)}
    first = _letter_columns(equation)
    nonzero = set() if leading_zeros else equation.leading()
    width = max(map(len, equation.words))
    product = equation.op == "*"

    signed = [
        (term, 1 if i == 0 or equation.op == "+" else -1) for i, term in enumerate(equation.terms)
    ]
    weight = {letter: 0 for letter in letters}
    per_word = {letter: [0, 0, 0] for letter in letters}
    for index, (word, sign) in enumerate([*signed, (equation.result, -1)]):
        for pos, letter in enumerate(reversed(word)):
            weight[letter] += sign * base**pos
            if product:
                per_word[letter][min(index, 2)] += base**pos

    columns = []
    for k in range(width):
        new = [letter for letter in letters if first[letter] == k]
        shift, modulus = base**k, base ** (k + 1)
        solved = -1
        solved_coef = solved_inverse = 0
        if product:
            # the result's letter in column k, unless it also sits in A or B there
            result = equation.result
            if k < len(result):
                candidate = result[len(result) - 1 - k]
                in_factor = any(
                    k < len(t) and t[len(t) - 1 - k] == candidate for t in equation.terms
                )
                if candidate in new and not in_factor:
                    solved = slot[candidate]
                    solved_inverse = 1
        else:
            for letter in reversed(new):
                unit = (weight[letter] // shift) % base
                if gcd(unit, base) == 1:
                    solved = slot[letter]
                    solved_coef = weight[letter]
                    solved_inverse = pow(unit, -1, base)
                    break
        free = [slot[letter] for letter in new if slot[letter] != solved]
        columns.append(
            _Column(
                free=tuple(free),
                free_coefs=tuple(weight[letters[i]] for i in free),
                nonzero=tuple(letters[i] in nonzero for i in free),
                solved=solved,
                solved_coef=solved_coef,
                solved_inverse=solved_inverse,
                solved_nonzero=solved >= 0 and letters[solved] in nonzero,
                shift=shift,
                modulus=modulus,
            )
        )
    weights = tuple(tuple(per_word[letter]) for letter in letters) if product else ()
    return Plan(tuple(letters), tuple(columns), product, weights)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------
# Counting

_DIGITS_FREE: dict[tuple[int, int], tuple[int, ...]] = {}


def _free_digits(used: int, base: int) -> tuple[int, ...]:
    key = (used, base)
    found = _DIGITS_FREE.get(key)
    if found is None:
        found = tuple(d for d in range(base) if not used >> d & 1)
        _DIGITS_FREE[key] = found
    return found


class _Search:
    """One counting run: the plan, the digits so far and the solutions seen."""

    __slots__ = ("base", "columns", "count", "digits", "first", "limit", "plan")

    def __init__(self, plan: Plan, base: int, limit: int) -> None:
        self.plan = plan
        self.columns = plan.columns
        self.base = base
        self.limit = limit
        self.count = 0
        self.digits = [0] * len(plan.letters)
        self.first: tuple[int, ...] | None = None

    def found(self) -> None:
        self.count += 1
        if self.first is None:
            self.first = tuple(self.digits)

    # -- additive ---------------------------------------------------------------------
    def linear(self, k: int, total: int, used: int) -> None:
        if k == len(self.columns):
            if total == 0:
                self.found()
            return
        col = self.columns[k]
        base = self.base
        digits = self.digits
        nonzero = col.nonzero
        free = col.free
        coefs = col.free_coefs
        for choice in permutations(_free_digits(used, base), len(free)):
            subtotal = total
            mask = used
            ok = True
            for i, d in enumerate(choice):
                if d == 0 and nonzero[i]:
                    ok = False
                    break
                subtotal += coefs[i] * d
                mask |= 1 << d
                digits[free[i]] = d
            if not ok:
                continue
            if col.solved >= 0:
                d = (-(subtotal // col.shift) * col.solved_inverse) % base
                if mask >> d & 1 or (d == 0 and col.solved_nonzero):
                    continue
                subtotal += col.solved_coef * d
                mask |= 1 << d
                digits[col.solved] = d
            if subtotal % col.modulus:
                continue
            self.linear(k + 1, subtotal, mask)
            if self.count >= self.limit:
                return

    # -- product ----------------------------------------------------------------------
    def product(self, k: int, a: int, b: int, r: int, used: int) -> None:
        if k == len(self.columns):
            if a * b == r:
                self.found()
            return
        col = self.columns[k]
        base = self.base
        digits = self.digits
        weights = self.plan.weights
        nonzero = col.nonzero
        free = col.free
        for choice in permutations(_free_digits(used, base), len(free)):
            a2, b2, r2, mask = a, b, r, used
            ok = True
            for i, d in enumerate(choice):
                if d == 0 and nonzero[i]:
                    ok = False
                    break
                wa, wb, wr = weights[free[i]]
                a2 += wa * d
                b2 += wb * d
                r2 += wr * d
                mask |= 1 << d
                digits[free[i]] = d
            if not ok:
                continue
            target = (a2 * b2) % col.modulus
            if col.solved >= 0:
                d = ((target - r2) // col.shift) % base
                if mask >> d & 1 or (d == 0 and col.solved_nonzero):
                    continue
                wa, wb, wr = weights[col.solved]
                a2 += wa * d
                b2 += wb * d
                r2 += wr * d
                mask |= 1 << d
                digits[col.solved] = d
                target = (a2 * b2) % col.modulus
            if (target - r2) % col.modulus:
                continue
            self.product(k + 1, a2, b2, r2, mask)
            if self.count >= self.limit:
                return


@dataclass(frozen=True, slots=True)
class Count:
    """How many solutions were seen (at most the limit) and the first one."""

    count: int
    solution: dict[str, int] | None


def count_solutions(
    equation: WordEquation, *, base: int = 10, leading_zeros: bool = False, limit: int = 2
) -> Count:
    """Count the solutions of ``equation`` up to ``limit`` (2 answers "is it unique?")."""
    if len(equation.letters()) > base:
        return Count(0, None)
    plan = compile_equation(equation, base, leading_zeros)
    search = _Search(plan, base, limit)
    if plan.product:
        search.product(0, 0, 0, 0, 0)
    else:
        search.linear(0, 0, 0)
    solution = None
    if search.first is not None:
        solution = dict(zip(plan.letters, search.first, strict=True))
    return Count(search.count, solution)


def is_unique(equation: WordEquation, *, base: int = 10, leading_zeros: bool = False) -> bool:
    """True when ``equation`` has exactly one solution."""
    return count_solutions(equation, base=base, leading_zeros=leading_zeros).count == 1
