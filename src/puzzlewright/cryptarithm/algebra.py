"""Arithmetic on parsed cryptarithms: exact evaluation, modular evaluation, polynomials.

* :func:`compile_exact` turns an expression into a function of the digit values that computes
  its exact value (``int`` or ``Fraction``); division by zero and a negative or fractional
  exponent raise :class:`Invalid`, which makes that assignment no solution.
* :func:`compile_modular` computes an expression modulo ``base**k`` from the low ``k`` digits
  of every numeral: exact for ``+ - *`` and for powers whose exponent is known.
* :func:`equation_polynomial` expands ``left = right`` into one integer polynomial ``E = 0``
  in the digit variables (denominators cleared), the form the search engine prunes with.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd

from puzzlewright.cryptarithm.parse import Negate, Node, Numeral, Sum
from puzzlewright.errors import PuzzleInputError

Value = int | Fraction
Values = Sequence[int]
Poly = dict[tuple[int, ...], int]
"""A polynomial: monomial (sorted variable indices, repeated for powers) -> coefficient."""

MAX_TERMS = 3000
MAX_DEGREE = 40
MAX_CONSTANT_BITS = 1_000_000
MAX_POWER_BITS = 65_536
# Mersenne primes: a difference that vanishes modulo all of them is almost surely zero
CHECK_PRIMES = (2**61 - 1, 2**89 - 1, 2**107 - 1, 2**127 - 1)


class Invalid(Exception):
    """This assignment makes the expression undefined (division by zero, bad exponent)."""


class TooBig(Exception):
    """A power's exact value would exceed ``MAX_POWER_BITS``; compare another way."""


class NotPolynomial(Exception):
    """The expression is not a polynomial of manageable size in the digit variables."""


class NeverValid(Exception):
    """The expression is undefined for every assignment (e.g. division by ``B - B``)."""


def numeral_terms(
    numeral: Numeral, index: Mapping[str, int], base: int
) -> tuple[int, list[tuple[int, int]]]:
    """A numeral as ``constant + sum(weight * value[i])`` (weights merged per variable)."""
    constant = 0
    weights: dict[int, int] = {}
    weight = 1
    for item in reversed(numeral.items):
        if isinstance(item, int):
            constant += item * weight
        else:
            i = index[item]
            weights[i] = weights.get(i, 0) + weight
        weight *= base
    return constant, list(weights.items())


def _exact_div(a: Value, b: Value) -> Value:
    if b == 0:
        raise Invalid
    if isinstance(a, int) and isinstance(b, int):
        q, r = divmod(a, b)
        return q if r == 0 else Fraction(a, b)
    result = Fraction(a) / b
    return result.numerator if result.denominator == 1 else result


def exponent_of(value: Value) -> int:
    """``value`` as an exponent: a non-negative integer, else :class:`Invalid` (convention 5)."""
    if isinstance(value, Fraction):
        if value.denominator != 1:
            raise Invalid
        value = value.numerator
    if value < 0:
        raise Invalid
    return value


def exact_power(a: Value, e: Value) -> Value:
    """``a ** e`` for a non-negative integer ``e``; anything else is :class:`Invalid`."""
    e = exponent_of(e)
    if e > 1 and a not in (0, 1, -1):
        size = (
            abs(a).bit_length()
            if isinstance(a, int)
            else max(abs(a.numerator).bit_length(), a.denominator.bit_length())
        )
        if (size - 1) * e > MAX_POWER_BITS or e > MAX_POWER_BITS:
            raise TooBig
    return a**e


def compile_exact(node: Node, index: Mapping[str, int], base: int) -> Callable[[Values], Value]:
    """A function of the digit values computing ``node`` exactly (raises :class:`Invalid`)."""
    if isinstance(node, Numeral):
        constant, terms = numeral_terms(node, index, base)
        if not terms:
            return lambda v: constant
        if len(terms) == 1:
            (i, w) = terms[0]
            return lambda v: constant + w * v[i]
        return lambda v: constant + sum([w * v[i] for i, w in terms])
    if isinstance(node, Negate):
        f = compile_exact(node.operand, index, base)
        return lambda v: -f(v)
    if isinstance(node, Sum):
        return _compile_sum(node, index, base)
    left = compile_exact(node.left, index, base)
    right = compile_exact(node.right, index, base)
    op = node.op
    if op == "+":
        return lambda v: left(v) + right(v)
    if op == "-":
        return lambda v: left(v) - right(v)
    if op == "*":
        return lambda v: left(v) * right(v)
    if op == "/":
        return lambda v: _exact_div(left(v), right(v))
    return lambda v: exact_power(left(v), right(v))


def _compile_sum(node: Sum, index: Mapping[str, int], base: int) -> Callable[[Values], Value]:
    """A sum: its numerals merge into one linear form, other terms stay closures."""
    constant = 0
    weights: dict[int, int] = {}
    others: list[tuple[int, Callable[[Values], Value]]] = []
    for sign, term in node.terms:
        if isinstance(term, Numeral):
            c, terms = numeral_terms(term, index, base)
            constant += sign * c
            for i, w in terms:
                weights[i] = weights.get(i, 0) + sign * w
        else:
            others.append((sign, compile_exact(term, index, base)))
    linear = [(i, w) for i, w in weights.items() if w]

    def evaluate(v: Values) -> Value:
        total: Value = constant + sum([w * v[i] for i, w in linear])
        for sign, f in others:
            total = total + f(v) if sign > 0 else total - f(v)
        return total

    return evaluate


def has_division(node: Node, *, outside_exponents: bool = False) -> bool:
    """True when ``node`` divides (optionally ignoring exponents, which are evaluated exactly)."""
    if isinstance(node, Numeral):
        return False
    if isinstance(node, Negate):
        return has_division(node.operand, outside_exponents=outside_exponents)
    if isinstance(node, Sum):
        return any(
            has_division(term, outside_exponents=outside_exponents) for _, term in node.terms
        )
    if node.op == "/":
        return True
    if node.op == "^" and outside_exponents:
        return has_division(node.left, outside_exponents=True)
    return has_division(node.left, outside_exponents=outside_exponents) or has_division(
        node.right, outside_exponents=outside_exponents
    )


def walk_numerals(node: Node) -> list[tuple[Numeral, bool]]:
    """Every numeral of ``node`` with a flag telling whether it sits inside an exponent."""
    out: list[tuple[Numeral, bool]] = []
    stack: list[tuple[Node, bool]] = [(node, False)]
    while stack:
        current, inside = stack.pop()
        if isinstance(current, Numeral):
            out.append((current, inside))
        elif isinstance(current, Negate):
            stack.append((current.operand, inside))
        elif isinstance(current, Sum):
            stack.extend((term, inside) for _, term in reversed(current.terms))
        else:
            stack.append((current.right, inside or current.op == "^"))
            stack.append((current.left, inside))
    return out


def compile_modular(
    node: Node, index: Mapping[str, int], base: int, modulus: int, k: int | None = None
) -> Callable[[Values], int]:
    """``node`` modulo ``modulus`` (no division); with ``k``, from the low ``k`` digits of
    every numeral, which is exact when ``modulus`` divides ``base**k``.

    Exponents are evaluated exactly, so every variable inside one must be known.
    """
    if isinstance(node, Numeral):
        items = node.items if k is None else node.items[-k:]
        constant, terms = numeral_terms(Numeral(items, node.text, node.column), index, base)
        return lambda v: (constant + sum([w * v[i] for i, w in terms])) % modulus
    if isinstance(node, Negate):
        g = compile_modular(node.operand, index, base, modulus, k)
        return lambda v: -g(v) % modulus
    if isinstance(node, Sum):
        parts = [(sign, compile_modular(t, index, base, modulus, k)) for sign, t in node.terms]
        return lambda v: sum([sign * f(v) for sign, f in parts]) % modulus
    left = compile_modular(node.left, index, base, modulus, k)
    if node.op == "^":
        exponent = compile_exact(node.right, index, base)

        def power(v: Values) -> int:
            result: int = pow(left(v), exponent_of(exponent(v)), modulus)
            return result

        return power
    right = compile_modular(node.right, index, base, modulus, k)
    if node.op == "*":
        return lambda v: left(v) * right(v) % modulus
    raise ValueError("compile_modular: division has no modular value")


def compile_equality(
    left: Node, right: Node, index: Mapping[str, int], base: int
) -> Callable[[Values], bool]:
    """A test of ``left == right`` by exact evaluation (raises :class:`Invalid`).

    When a power is too large to compute, the sides are compared modulo large primes,
    which proves them different; if they agree there, the puzzle is too big to decide
    exactly and :class:`PuzzleInputError` says so.
    """
    fl = compile_exact(left, index, base)
    fr = compile_exact(right, index, base)
    modular: list[tuple[Callable[[Values], int], Callable[[Values], int]]] = []

    def equal(v: Values) -> bool:
        try:
            return fl(v) == fr(v)
        except TooBig:
            pass
        if not modular and not (has_division(left) or has_division(right)):
            for p in CHECK_PRIMES:  # built on first need: rare, and costly for long sums
                pair = (
                    compile_modular(left, index, base, p),
                    compile_modular(right, index, base, p),
                )
                modular.append(pair)
        try:
            for ml, mr in modular:
                if ml(v) != mr(v):
                    return False
        except TooBig:
            pass
        raise PuzzleInputError(
            f"a power in this puzzle exceeds 2^{MAX_POWER_BITS} and cannot be checked exactly"
        )

    return equal


# --- intervals ------------------------------------------------------------------------------

Bound = int | Fraction | float  # float only for -inf / +inf
Interval = tuple[Bound, Bound]


def _mul(x: Bound, y: Bound) -> Bound:
    return 0 if x == 0 or y == 0 else x * y


def _power_bound(x: Bound, e: int, *, upper: bool) -> Bound:
    """A lower (or upper) bound of ``x ** e`` for ``x >= 0``, exact when it is small."""
    if e == 0:
        return 1
    if x == math.inf:
        return math.inf
    if x == 0 or x == 1:
        return x
    if x < 1:
        small: Bound = x**e if e <= MAX_POWER_BITS else (x if upper else 0)
        return small
    n = x if isinstance(x, int) else (math.ceil(x) if upper else math.floor(x))
    if n != x and n == 1:
        return 1
    bits = n.bit_length()
    if bits * e <= MAX_POWER_BITS:
        exact: Bound = x**e if n == x else n**e
        return exact
    if upper:
        return math.inf
    lower: int = 2 ** min((bits - 1) * e, MAX_POWER_BITS)
    return lower


def compile_interval(
    node: Node,
    index: Mapping[str, int],
    base: int,
    known: Callable[[str], bool],
    ranges: Mapping[str, tuple[int, int]],
) -> Callable[[Values], Interval | None]:
    """Bounds of ``node`` when only the symbols passing ``known`` have values; the others
    range over ``ranges``. None when no useful bound exists (a divisor that may be 0).
    """
    return _interval(node, _Scope(index, base, known, ranges))


@dataclass(frozen=True, slots=True)
class _Scope:
    """What :func:`compile_interval` compiles against: each symbol's place in the values,
    the base, which symbols have values, and the ranges of the others."""

    index: Mapping[str, int]
    base: int
    known: Callable[[str], bool]
    ranges: Mapping[str, tuple[int, int]]


def _interval(node: Node, scope: _Scope) -> Callable[[Values], Interval | None]:
    """:func:`compile_interval` for one node of the expression."""
    if isinstance(node, Numeral):
        return _numeral_interval(node, scope)
    if isinstance(node, Negate):
        f = _interval(node.operand, scope)

        def negate(v: Values) -> Interval | None:
            r = f(v)
            return None if r is None else (-r[1], -r[0])

        return negate
    if isinstance(node, Sum):
        parts = [(sign, _interval(t, scope)) for sign, t in node.terms]

        def total(v: Values) -> Interval | None:
            lo: Bound = 0
            hi: Bound = 0
            for sign, f in parts:
                r = f(v)
                if r is None:
                    return None
                if sign > 0:
                    lo += r[0]
                    hi += r[1]
                else:
                    lo -= r[1]
                    hi -= r[0]
            return lo, hi

        return total
    fl = _interval(node.left, scope)
    fr = _interval(node.right, scope)
    op = node.op

    def binary(v: Values) -> Interval | None:
        a = fl(v)
        b = fr(v)
        if a is None or b is None:
            return None
        return _binary_interval(op, a, b)

    return binary


def _numeral_interval(node: Numeral, scope: _Scope) -> Callable[[Values], Interval]:
    """Bounds of a numeral: its known digits exactly, the others over their ranges."""
    index, base, known, ranges = scope.index, scope.base, scope.known, scope.ranges
    constant = 0
    lo = hi = 0
    terms: list[tuple[int, int]] = []
    weight = 1
    for item in reversed(node.items):
        if isinstance(item, int):
            constant += item * weight
        elif known(item):
            terms.append((index[item], weight))
        else:
            lo += ranges[item][0] * weight
            hi += ranges[item][1] * weight
        weight *= base

    def numeral(v: Values) -> Interval:
        exact = constant + sum([w * v[i] for i, w in terms])
        return exact + lo, exact + hi

    return numeral


def _binary_interval(op: str, a: Interval, b: Interval) -> Interval | None:
    """Bounds of ``a op b`` for ``*``, ``/`` and ``^`` (None when there is no useful one)."""
    if op == "*":
        corners = [_mul(x, y) for x in a for y in b]
        return min(corners), max(corners)
    if op == "/":
        if b[0] <= 0 <= b[1] or math.inf in (a[1], b[1]) or -math.inf in (a[0], b[0]):
            return None
        quotients = [Fraction(x) / y for x in a for y in b]
        return min(quotients), max(quotients)
    # power: exponents are non-negative integers
    if a[0] < 0:
        return None
    e1 = max(0, math.ceil(b[0]))
    if b[1] == math.inf:  # a huge exponent: bases >= 1 keep a lower bound, <= 1 an upper
        low = _power_bound(a[0], e1, upper=False) if a[0] >= 1 else 0
        return low, (1 if a[1] <= 1 else math.inf)
    e2 = math.floor(b[1])
    if e2 < e1:
        return None
    lows = [_power_bound(a[0], e, upper=False) for e in (e1, e2)]
    highs = [_power_bound(a[1], e, upper=True) for e in (e1, e2)]
    return min(lows), max(highs)


# --- polynomials ---------------------------------------------------------------------------


def _check_size(p: Poly) -> Poly:
    if len(p) > MAX_TERMS:
        raise NotPolynomial
    return p


def _add_term(p: Poly, mono: tuple[int, ...], c: int) -> None:
    """Add ``c`` to the coefficient of ``mono`` in ``p``; a coefficient of 0 is dropped."""
    total = p.get(mono, 0) + c
    if total:
        p[mono] = total
    else:
        p.pop(mono, None)


def poly_add(a: Poly, b: Poly, sign: int = 1) -> Poly:
    """``a + sign * b``, dropping zero coefficients."""
    result = dict(a)
    for mono, c in b.items():
        _add_term(result, mono, sign * c)
    return _check_size(result)


def poly_mul(a: Poly, b: Poly) -> Poly:
    """The product of two polynomials."""
    if len(a) * len(b) > 4 * MAX_TERMS:
        raise NotPolynomial
    result: Poly = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            if not ma:
                mono = mb
            elif not mb:
                mono = ma
            else:
                mono = tuple(sorted(ma + mb))
                if len(mono) > MAX_DEGREE:
                    raise NotPolynomial
            _add_term(result, mono, ca * cb)
    return _check_size(result)


def poly_constant(p: Poly) -> int | None:
    """The value of a constant polynomial, None when it has variables."""
    if not p:
        return 0
    if len(p) == 1 and () in p:
        return p[()]
    return None


ONE: Poly = {(): 1}


def _poly_power(p: Poly, e: int) -> Poly:
    result = ONE
    square = p
    while e:
        if e & 1:
            result = poly_mul(result, square)
        e >>= 1
        if e:
            square = poly_mul(square, square)
    return result


def _rational(node: Node, index: Mapping[str, int], base: int) -> tuple[Poly, Poly | None]:
    """``node`` as numerator and denominator polynomials (denominator None means 1)."""
    if isinstance(node, Numeral):
        constant, terms = numeral_terms(node, index, base)
        p: Poly = {(i,): w for i, w in terms}
        if constant:
            p[()] = constant
        return p, None
    if isinstance(node, Negate):
        num, den = _rational(node.operand, index, base)
        return {m: -c for m, c in num.items()}, den
    if isinstance(node, Sum):
        return _rational_sum(node, index, base)
    ln, ld = _rational(node.left, index, base)
    rn, rd = _rational(node.right, index, base)
    op = node.op
    if op == "*":
        return poly_mul(ln, rn), _mul_den(ld, rd)
    if op == "/":
        if not rn:
            raise NeverValid
        num = poly_mul(ln, rd) if rd is not None else ln
        return num, _mul_den(ld, rn)
    # power: the exponent must be a constant non-negative integer
    en = poly_constant(rn)
    ed = 1 if rd is None else poly_constant(rd)
    if en is None or ed is None:
        raise NotPolynomial
    if ed == 0:
        raise NeverValid
    if en % ed:
        raise NeverValid
    e = en // ed
    if e < 0:
        raise NeverValid
    base_value = poly_constant(ln)
    if base_value is not None and (ld is None or poly_constant(ld) is not None):
        bits = abs(base_value).bit_length()
        if bits > 1 and e * bits > MAX_CONSTANT_BITS:
            raise PuzzleInputError(
                f"a power in this puzzle is too large to compute (^{_short_number(e)})"
            )
    elif e > MAX_DEGREE:
        raise NotPolynomial
    return _poly_power(ln, e), None if ld is None else _poly_power(ld, e)


def _short_number(n: int) -> str:
    """``n`` in digits, or its size for a number too long to print (``a 19729-digit number``)."""
    if n.bit_length() <= 64:
        return str(n)
    return f"a {math.floor(n.bit_length() * math.log10(2)) + 1}-digit number"


def _rational_sum(node: Sum, index: Mapping[str, int], base: int) -> tuple[Poly, Poly | None]:
    acc: Poly = {}
    den: Poly | None = None
    for sign, term in node.terms:
        if isinstance(term, Numeral) and den is None:
            constant, terms = numeral_terms(term, index, base)
            for i, w in terms:
                acc[(i,)] = acc.get((i,), 0) + sign * w
            if constant:
                acc[()] = acc.get((), 0) + sign * constant
            continue
        tn, td = _rational(term, index, base)
        if td == den:
            acc = poly_add(acc, tn, sign)
        else:
            left = poly_mul(acc, td) if td is not None else acc
            right = poly_mul(tn, den) if den is not None else tn
            acc = poly_add(left, right, sign)
            den = _mul_den(den, td)
    return {m: c for m, c in acc.items() if c}, den


def _mul_den(a: Poly | None, b: Poly | None) -> Poly | None:
    if a is None:
        return b
    if b is None:
        return a
    return poly_mul(a, b)


def equation_polynomial(left: Node, right: Node, index: Mapping[str, int], base: int) -> Poly:
    """``left = right`` as one polynomial ``E`` with ``E = 0``, integer and content-free.

    Denominators are cleared (``L/Q = R/S`` becomes ``L*S - R*Q = 0``), which every valid
    solution satisfies; solutions are verified exactly afterwards. Raises
    :class:`NotPolynomial` or :class:`NeverValid`.
    """
    ln, ld = _rational(left, index, base)
    rn, rd = _rational(right, index, base)
    lhs = poly_mul(ln, rd) if rd is not None else ln
    rhs = poly_mul(rn, ld) if ld is not None else rn
    poly = poly_add(lhs, rhs, -1)
    content = 0
    for c in poly.values():
        content = gcd(content, c)
    if content > 1:
        poly = {m: c // content for m, c in poly.items()}
    return poly
