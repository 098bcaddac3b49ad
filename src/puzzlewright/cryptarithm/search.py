"""The cryptarithm search: digit assignment with modular (column) and bound pruning.

Every equation arrives as an integer polynomial ``E = 0`` in the digit variables (a linear one
for sums: one coefficient per letter, however many addends). Variables are assigned one at a
time, depth first: fixed ones first, then for linear equations the largest coefficient first
(bounds prune best at the top), otherwise the lowest digit position first (column pruning).
Before each assignment the engine knows, per equation:

* ``g``: the gcd of the coefficients of the monomials that are not complete yet. The partial
  sum of the complete monomials must be ``0 mod g`` (for a column sum ``g`` is ``base**k`` once
  the low ``k`` columns are assigned), so the next digit is fixed modulo ``g' / gcd(A, g')``
  where ``A`` is its (possibly computed) coefficient: the candidates form one arithmetic
  progression, usually a single digit.
* ``lo``/``hi``: static bounds of what the incomplete monomials can still add; together with
  the partial sum they bound the next digit to an interval.

A single equation takes the fast path (:func:`_single_search`), whose last few variables, when
they occur only linearly, are solved by one table lookup. Several equations, squares of a new
variable and non-polynomial checks take :func:`_general_search`. Equations that are not
polynomials (a variable exponent, or an expansion too big to keep) are checked exactly once
their variables are known, modulo ``base**k`` as soon as the low ``k`` digits of their numerals
(and their exponents) are known, and by interval bounds at every depth. The caller verifies
each solution.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import cycle, repeat
from math import gcd
from typing import NamedTuple

from puzzlewright.bits import DigitSet, iter_bits, lsb, msb, popcount
from puzzlewright.cryptarithm.algebra import Invalid, Poly
from puzzlewright.stopping import StopSignal

Check = Callable[[Sequence[int]], bool]
"""A test of the values so far (indexed by search order); may raise ``Invalid``."""

POLL_EVERY = 2048


@dataclass(frozen=True)
class TreeCheck:
    """A non-polynomial test: run ``check`` once the variables in ``needs`` are assigned.

    With ``every_depth``, ``check`` is instead called with the order and each depth at which
    one of ``needs`` is assigned (before they all are), and may return a test for it.
    """

    needs: frozenset[int]  # symbol indices
    check: Callable[..., Check | None]  # (symbol -> order index[, depth]) -> the test
    every_depth: bool = False


class _Equation:
    """One polynomial equation in search-order indices, with its per-depth tables."""

    def __init__(self, poly: Poly, n: int, masks: Sequence[DigitSet]) -> None:
        self.constant = poly.get((), 0)
        monos = [(m, c) for m, c in poly.items() if m]
        self.monos = monos
        self.multilinear_in_order = all(len(m) < 2 or m[-1] != m[-2] for m, _ in monos)
        # g_after[k]: gcd of the coefficients of the monomials not complete before depth k;
        # bounds_after[k]: (lo, hi) of what they can still add. Built from the end.
        self.dmin = dmin = [lsb(m) for m in masks]  # each variable's least allowed digit
        self.dmax = dmax = [msb(m) for m in masks]  # and its greatest
        by_last: list[list[tuple[tuple[int, ...], int]]] = [[] for _ in range(n)]
        for m, c in monos:
            by_last[m[-1]].append((m, c))
        self.ending = by_last  # per depth: the monomials whose last variable is assigned there
        g_after = [0] * (n + 1)
        bounds_after = [(0, 0)] * (n + 1)
        g = 0
        box_lo = box_hi = 0  # products, each variable on its own range
        ind_lo = ind_hi = 0  # linear terms, each variable on its own range
        pos: list[int] = []  # linear coefficients, for the distinct-digit bound
        neg: list[int] = []
        pool_mask = 0
        asc: list[int] = []
        for k in range(n - 1, -1, -1):
            for m, c in by_last[k]:
                g = gcd(g, c)
                if len(m) == 1:
                    v = m[0]
                    if c > 0:
                        ind_lo += c * dmin[v]
                        ind_hi += c * dmax[v]
                        insort(pos, -c)
                    else:
                        ind_lo += c * dmax[v]
                        ind_hi += c * dmin[v]
                        insort(neg, c)
                    if pool_mask | masks[v] != pool_mask:
                        pool_mask |= masks[v]
                        asc = list(iter_bits(pool_mask))
                else:
                    small = big = 1
                    for v in m:
                        small *= dmin[v]
                        big *= dmax[v]
                    if c > 0:
                        box_lo += c * small
                        box_hi += c * big
                    else:
                        box_lo += c * big
                        box_hi += c * small
            g_after[k] = g
            if len(pos) + len(neg) > len(asc):  # more letters than digits they may take
                bounds_after[k] = (1, 0)
            elif pos or neg:
                dlo, dhi = _distinct_digit_bounds(pos, neg, asc)
                bounds_after[k] = (box_lo + max(dlo, ind_lo), box_hi + min(dhi, ind_hi))
            else:
                bounds_after[k] = (box_lo, box_hi)
        self.g_after = g_after
        self.bounds_after = bounds_after

    def feasible_at_start(self) -> bool:
        g = self.g_after[0]
        lo, hi = self.bounds_after[0]
        c0 = self.constant
        if g == 0:
            return c0 == 0
        return c0 % g == 0 and lo <= -c0 <= hi


def _distinct_digit_bounds(pos: list[int], neg: list[int], asc: list[int]) -> tuple[int, int]:
    """Least and most that linear terms can add when their letters take distinct digits of
    ``asc`` (ascending): big positive coefficients on big digits for the most, small ones
    for the least. Relaxed: the positive and negative groups may share digits. ``pos`` holds
    the positive coefficients negated, largest first; ``neg`` the negative ones, most
    negative first."""
    top = len(asc) - 1
    low = high = 0
    for j, c in enumerate(pos):
        low -= c * asc[j]
        high -= c * asc[top - j]
    for j, c in enumerate(neg):
        low += c * asc[top - j]
        high += c * asc[j]
    return low, high


def order_variables(
    n: int,
    masks: Sequence[DigitSet],
    polys: Sequence[Poly],
    rank: Sequence[int],
    occurrences: Sequence[int],
    constrained: set[int],
    linear: bool,
) -> list[int]:
    """The search order: fixed symbols first and unconstrained ones last; in between, for
    linear equations the largest (relative) coefficient first, which bound pruning likes,
    otherwise the lowest digit position first, which column (modular) pruning likes.
    """
    weight = [0.0] * n
    if linear:
        for poly in polys:
            top = max((abs(c) for m, c in poly.items() if m), default=0)
            for mono, c in poly.items():
                if mono and top:
                    weight[mono[0]] = max(weight[mono[0]], abs(c) / top)
    fixed = [s for s in range(n) if masks[s] & (masks[s] - 1) == 0]
    fixed_set = set(fixed)
    rest = [s for s in range(n) if s not in fixed_set]
    rest.sort(key=lambda s: (s not in constrained, -weight[s], rank[s], -occurrences[s], s))
    return fixed + rest


def build_search(
    base: int,
    masks: Sequence[DigitSet],
    polys: Sequence[Poly],
    trees: Sequence[TreeCheck],
    rank: Sequence[int],
    occurrences: Sequence[int],
) -> Callable[[StopSignal | None], Iterator[list[int]]]:
    """A search over digit assignments; yields value lists indexed by symbol.

    ``masks`` are allowed-digit bitmasks per symbol, ``polys`` the polynomial equations over
    symbol indices, ``trees`` the other checks; ``rank`` (lowest digit position) and
    ``occurrences`` of each symbol guide the variable order.
    """
    n = len(masks)
    constrained = {v for poly in polys for mono in poly for v in mono}
    for tree in trees:
        constrained |= tree.needs
    linear = not trees and all(len(mono) <= 1 for poly in polys for mono in poly)
    order = order_variables(n, masks, polys, rank, occurrences, constrained, linear)
    position = {s: i for i, s in enumerate(order)}
    omasks = [masks[s] for s in order]
    equations = [_Equation(_in_order(p, position), n, omasks) for p in polys]
    if any(not eq.feasible_at_start() for eq in equations):
        return _nothing
    equations = [eq for eq in equations if eq.monos]
    checks = _checks_by_depth(trees, position, n)

    def to_symbols(vals: list[int]) -> list[int]:
        out = [0] * n
        for i, s in enumerate(order):
            out[s] = vals[i]
        return out

    if n == 0:
        return _constant_search(equations, checks[0])
    if len(equations) == 1 and not trees and equations[0].multilinear_in_order:
        inner = _single_search(base, omasks, equations[0])
    else:
        inner = _general_search(base, omasks, equations, checks)

    def search(stop: StopSignal | None) -> Iterator[list[int]]:
        for vals in inner(stop):
            yield to_symbols(vals)

    return search


def _in_order(poly: Poly, position: Mapping[int, int]) -> Poly:
    """``poly`` over search-order indices (each monomial's variables sorted by depth)."""
    q: Poly = {}
    for mono, c in poly.items():
        key = tuple(sorted(position[v] for v in mono))
        q[key] = q.get(key, 0) + c
    return {m: c for m, c in q.items() if c}


def _checks_by_depth(
    trees: Sequence[TreeCheck], position: Mapping[int, int], n: int
) -> list[list[Check]]:
    """The tree checks to run at each depth: once their variables are all assigned, and
    with ``every_depth`` at each earlier depth where one of them is."""
    checks: list[list[Check]] = [[] for _ in range(max(n, 1))]
    for tree in trees:
        depth = max((position[s] for s in tree.needs), default=0)
        if not tree.every_depth:
            test = tree.check(lambda s: position[s])
            if test is not None:
                checks[depth].append(test)
            continue
        for d in sorted(position[s] for s in tree.needs):
            if d < depth:
                test = tree.check(lambda s: position[s], d)
                if test is not None:
                    checks[d].append(test)
    return checks


def _nothing(stop: StopSignal | None) -> Iterator[list[int]]:
    return iter(())


def _constant_search(
    equations: Sequence[_Equation], checks: Sequence[Check]
) -> Callable[[StopSignal | None], Iterator[list[int]]]:
    def search(stop: StopSignal | None) -> Iterator[list[int]]:
        try:
            if not all(check([]) for check in checks):
                return
        except Invalid:
            return
        yield []

    return search


@dataclass(slots=True)  # not frozen: a frozen init costs a setattr call per field
class DepthTable:
    """What one equation asks of the digit chosen at one depth: the tables both searches use.

    With ``partial`` the equation's value over the variables before this depth, the new digit
    ``d`` must make ``partial + coefficient * d`` (plus, for products, ``d`` times
    ``products`` over earlier digits; plus ``powers``) land where the monomials still
    incomplete can bring it back to 0: in ``[-rest_high, -rest_low]`` and ``0 mod rest_gcd``.
    Without products that fixes ``d`` modulo ``step``: ``d = -(partial / step_gcd) * inverse
    (mod step)``.
    """

    equation: int  # which equation (general search)
    touch: int  # how many earlier depths touched it: index of its partial value
    coefficient: int  # of the new digit alone
    products: tuple[tuple[int, tuple[int, ...]], ...]  # (k, earlier vars): k * vars * digit
    powers: tuple[tuple[int, tuple[int, ...], int], ...]  # (k, earlier vars, e): k*vars*d**e
    rest_gcd: int  # gcd of the coefficients of the monomials still incomplete after it
    rest_low: int  # least those monomials can still add
    rest_high: int  # most they can still add
    step_gcd: int  # gcd(coefficient, rest_gcd)
    step: int  # the candidate digits form a progression with this step (1: every digit)
    inverse: int  # of coefficient / step_gcd modulo step (0 when step is 1)

    @classmethod
    def of(cls, eq: _Equation, depth: int, equation: int = 0, touch: int = 0) -> DepthTable:
        """The table of ``eq`` at ``depth`` (its monomials completed there: ``eq.ending``)."""
        coefficient = 0
        products: list[tuple[int, tuple[int, ...]]] = []
        powers: list[tuple[int, tuple[int, ...], int]] = []
        for mono, c in eq.ending[depth]:
            if len(mono) == 1:  # the usual case, a letter of a sum
                coefficient += c
                continue
            power = mono.count(depth)
            others = tuple(v for v in mono if v != depth)
            if power == 1 and not others:
                coefficient += c
            elif power == 1:
                products.append((c, others))
            else:
                powers.append((c, others, power))
        rest_gcd = eq.g_after[depth + 1]
        rest_low, rest_high = eq.bounds_after[depth + 1]
        step_gcd = gcd(coefficient, rest_gcd)
        step = rest_gcd // step_gcd if rest_gcd and step_gcd else 1
        inverse = pow((coefficient // step_gcd) % step, -1, step) if step > 1 else 0
        return cls(
            equation,
            touch,
            coefficient,
            tuple(products),
            tuple(powers),
            rest_gcd,
            rest_low,
            rest_high,
            step_gcd,
            step,
            inverse,
        )


def digit_range(coefficient: int, partial: int, low: int, high: int, base: int) -> tuple[int, int]:
    """The digits ``d`` (an interval, maybe empty) for which ``partial + coefficient * d``
    plus something in ``[low, high]`` can be 0: the bound pruning, written once."""
    if coefficient > 0:
        return -((high + partial) // coefficient), (-low - partial) // coefficient
    if coefficient < 0:
        return -((-low - partial) // -coefficient), (high + partial) // -coefficient
    return 0, base - 1


def first_digit(start: int, residue: int, step: int) -> int:
    """The least ``d >= start`` with ``d = residue (mod step)``."""
    return start + (residue - start) % step


TAIL_TABLE_MAX = 2000


def heartbeat(stop: StopSignal | None) -> Iterator[bool]:
    """When the searches ask ``stop``: every ``POLL_EVERY``-th item is true (never, without a
    signal). A C-level iterator, so the step back up that reads it costs no Python frame.

    >>> beat = heartbeat(StopSignal())
    >>> sum(next(beat) for _ in range(2 * POLL_EVERY)), next(heartbeat(None))
    (2, False)
    """
    if stop is None:
        return repeat(False)
    return cycle([False] * (POLL_EVERY - 1) + [True])


def _single_search(
    base: int, masks: Sequence[DigitSet], eq: _Equation
) -> Callable[[StopSignal | None], Iterator[list[int]]]:
    """The fast path: one polynomial equation of degree one in each new variable.

    Per depth ``j`` the new digit's coefficient is ``C[j]`` plus, for products, the sum of
    ``k * vals[o]`` over earlier variables ``o``. The last few variables, when they occur
    only linearly, are solved together by a lookup table built once the search reaches
    them often enough (small puzzles never pay for it).
    """
    n = len(masks)
    tables = [DepthTable.of(eq, depth) for depth in range(n)]
    # the hot loop reads the tables through local lists (one index instead of an attribute)
    C = [t.coefficient for t in tables]
    PR = [t.products for t in tables]
    LO = [t.rest_low for t in tables]
    HI = [t.rest_high for t in tables]
    GN = [t.rest_gcd for t in tables]
    H = [t.step_gcd for t in tables]
    M = [1 if t.products else t.step for t in tables]  # a product makes the step per node
    INV = [t.inverse for t in tables]
    DMIN = eq.dmin
    DMAX = eq.dmax
    c0 = eq.constant
    tail_start, threshold = _tail_shape(PR, masks)
    plan = _SinglePlan(
        base, masks, C, PR, LO, HI, GN, H, M, INV, DMIN, DMAX, c0, tail_start, threshold
    )
    return partial(_single_walk, plan)


class _SinglePlan(NamedTuple):
    """The single search's per-depth tables as plain lists (see :class:`DepthTable`), and
    where the tail table starts and after how many visits it is built."""

    base: int
    masks: Sequence[DigitSet]
    C: list[int]
    PR: list[tuple[tuple[int, tuple[int, ...]], ...]]
    LO: list[int]
    HI: list[int]
    GN: list[int]
    H: list[int]
    M: list[int]
    INV: list[int]
    DMIN: Sequence[int]
    DMAX: Sequence[int]
    c0: int
    tail_start: int
    threshold: int


def _tail_shape(PR: Sequence[object], masks: Sequence[DigitSet]) -> tuple[int, int]:
    """Where the tail table starts (past the end when there is none) and after how many
    visits it pays to build it: trailing variables that occur only linearly, at most four,
    whose digit combinations stay within ``TAIL_TABLE_MAX``."""
    n = len(masks)
    tail = n
    while tail > 0 and not PR[tail - 1]:
        tail -= 1
    size = 1
    t = 0
    while n - t - 1 >= tail and t < 4:
        grown = size * popcount(masks[n - t - 1])
        if grown > TAIL_TABLE_MAX:
            break
        size = grown
        t += 1
    return (n - t if t >= 2 else n + 1), max(8, size // 8)


def _tail_table(
    C: Sequence[int], masks: Sequence[DigitSet], tail_start: int
) -> dict[int, list[tuple[int, list[int]]]]:
    """The tail's partial sums: each to the (digits mask, digits) that make it."""
    table: dict[int, list[tuple[int, list[int]]]] = {}
    partial: list[tuple[int, int, list[int]]] = [(0, 0, [])]
    for j in range(tail_start, len(masks)):
        c = C[j]
        grown: list[tuple[int, int, list[int]]] = []
        for total, bits, digs in partial:
            for d in iter_bits(masks[j] & ~bits):
                grown.append((total + c * d, bits | 1 << d, [*digs, d]))
        partial = grown
    for total, bits, digs in partial:
        table.setdefault(total, []).append((bits, digs))
    return table


def _first_digits(plan: _SinglePlan) -> Iterator[int] | None:
    """The candidates for depth 0 (None: there are none). It has no earlier variables, so
    its coefficient is the constant ``C[0]`` and its progression that of its table."""
    a, b = digit_range(plan.C[0], plan.c0, plan.LO[0], plan.HI[0], plan.base)
    a = max(a, plan.DMIN[0])
    b = min(b, plan.DMAX[0])
    if a > b:
        return None
    m = plan.M[0]
    if m == 1:
        return iter(range(a, b + 1))
    d0 = (-plan.c0 // plan.H[0]) * plan.INV[0] % m
    return iter(range(first_digit(a, d0, m), b + 1, m))


def _single_walk(plan: _SinglePlan, stop: StopSignal | None) -> Iterator[list[int]]:
    """The single search's hot loop over ``plan``'s tables (unpacked into locals).

    The tables are :class:`DepthTable`'s fields as lists by depth: ``C`` coefficient, ``PR``
    products, ``LO``/``HI`` rest_low/rest_high, ``GN`` rest_gcd, ``H`` step_gcd, ``M`` step
    (1 with products: computed per node), ``INV`` inverse. The walk's state by depth ``j``:
    ``P[j]`` the equation's value over the digits above, ``CUR[j]`` the coefficient of the
    digit there, ``its[j]`` its candidates, ``taken[j]`` the digits the depths above hold.
    ``digit_range`` and ``first_digit`` are inlined: this is the hottest loop.
    """
    base, masks, C, PR, LO, HI, GN, H, M, INV, DMIN, DMAX, c0, tail_start, threshold = plan
    n = len(masks)
    last = n - 1
    P = [0] * (n + 1)
    P[0] = c0
    CUR = C[:]
    vals = [0] * n
    beat = heartbeat(stop)
    its: list[Iterator[int]] = [iter(())] * n
    table: dict[int, list[tuple[int, list[int]]]] | None = None  # the tail's, once built
    hits = 0  # visits to the tail's first depth before the table is built
    first = _first_digits(plan)
    if first is None:
        return
    its[0] = first
    taken = [0] * n
    i = 0
    while True:
        used = taken[i]
        free = masks[i] & ~used
        for d in its[i]:
            if not (free >> d) & 1:
                continue
            vals[i] = d
            if i == last:
                yield vals
                continue
            p = P[i] + CUR[i] * d
            j = i + 1
            if j == tail_start:
                if table is None:
                    hits += 1
                    if hits >= threshold:
                        table = _tail_table(C, masks, tail_start)
                if table is not None:
                    found = table.get(-p)
                    if found:
                        u = used | 1 << d
                        for bits, digs in found:
                            if not bits & u:
                                vals[j:] = digs
                                yield vals
                    continue
            c = C[j]
            gn = GN[j]
            if PR[j]:
                for k, others in PR[j]:
                    for o in others:
                        k *= vals[o]
                    c += k
                if c == 0:
                    if (p % gn if gn else p) or not LO[j] <= -p <= HI[j]:
                        continue
                    its[j] = iter(range(DMIN[j], DMAX[j] + 1))
                    CUR[j] = 0
                    P[j] = p
                    taken[j] = used | 1 << d
                    i = j
                    break
                if gn:
                    h = gcd(c, gn)
                    if p % h:
                        continue
                    m = gn // h
                    if m > 1:
                        d0 = (-p // h) * pow((c // h) % m, -1, m) % m
                else:
                    m = 1
            else:
                m = M[j]
                if m > 1:
                    d0 = (-p // H[j]) * INV[j] % m
            # digit_range(c, p, LO[j], HI[j], base), inlined: the hottest loop
            if c > 0:
                a = -((HI[j] + p) // c)
                b = (-LO[j] - p) // c
            elif c < 0:
                a = -((-LO[j] - p) // -c)
                b = (HI[j] + p) // -c
            else:
                a = 0
                b = base - 1
            if a < DMIN[j]:
                a = DMIN[j]
            if b > DMAX[j]:
                b = DMAX[j]
            if a > b:
                continue
            if m == 1:
                its[j] = iter(range(a, b + 1))
            else:
                its[j] = iter(range(a + (d0 - a) % m, b + 1, m))  # first_digit, inlined
            CUR[j] = c
            P[j] = p
            taken[j] = used | 1 << d
            i = j
            break
        else:
            if i == 0 or (next(beat) and stop.should_stop()):  # type: ignore[union-attr]
                return
            i -= 1


def _product(vals: Sequence[int], others: tuple[int, ...]) -> int:
    r = 1
    for v in others:
        r *= vals[v]
    return r


def _general_search(
    base: int,
    masks: Sequence[DigitSet],
    equations: Sequence[_Equation],
    checks: Sequence[Sequence[Check]],
) -> Callable[[StopSignal | None], Iterator[list[int]]]:
    """Several equations, non-linear ones and non-polynomial checks."""
    n = len(masks)
    steps: list[list[DepthTable]] = [[] for _ in range(n)]
    touches = [0] * len(equations)
    for depth in range(n):
        for e, eq in enumerate(equations):
            if eq.ending[depth]:
                steps[depth].append(DepthTable.of(eq, depth, e, touches[e]))
                touches[e] += 1
    DMIN = [lsb(m) for m in masks]
    DMAX = [msb(m) for m in masks]

    return partial(
        _general_walk, _GeneralPlan(base, masks, equations, checks, steps, touches, DMIN, DMAX)
    )


class _GeneralPlan(NamedTuple):
    """The general search's tables: per depth the equations' steps that end there
    (:class:`DepthTable`), how many steps each equation has, and each depth's digit range."""

    base: int
    masks: Sequence[DigitSet]
    equations: Sequence[_Equation]
    checks: Sequence[Sequence[Check]]
    steps: list[list[DepthTable]]
    touches: list[int]
    DMIN: list[int]
    DMAX: list[int]


def _general_walk(plan: _GeneralPlan, stop: StopSignal | None) -> Iterator[list[int]]:
    """The general search's loop over ``plan`` (unpacked into locals).

    ``partials[e][t]`` is equation ``e``'s value after the first ``t`` depths that touch it.
    Entering depth ``j`` (:func:`enter`) prepares, from the digits above it: ``digits[j]``,
    the candidates (an interval by the bounds, as one arithmetic progression by the largest
    modulus an equation fixes the digit to); ``congruences[j]``, the other (residue,
    modulus) pairs a candidate must meet; and ``coefficients[j]``, per table of
    ``steps[j]``, the digit's coefficient and its power terms ``(factor, exponent)``, for
    the tables with powers of the digit that are tested per digit (``powered[j]``).
    """
    base, masks, equations, checks, steps, touches, DMIN, DMAX = plan
    n = len(masks)
    last = n - 1
    vals = [0] * n
    beat = heartbeat(stop)
    partials = [[eq.constant] + [0] * touches[e] for e, eq in enumerate(equations)]
    digits: list[Iterator[int]] = [iter(())] * n
    congruences: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    coefficients: list[list[tuple[int, list[tuple[int, int]]]]] = [[] for _ in range(n)]
    powered: list[bool] = [False] * n

    def enter(j: int) -> bool:
        """Prepare depth ``j`` for the digits above it; False when no digit can work."""
        low, high = DMIN[j], DMAX[j]
        modulus, residue = 1, 0  # the progression ``digits[j]`` walks
        extra: list[tuple[int, int]] = []
        coefs: list[tuple[int, list[tuple[int, int]]]] = []
        has_powers = False
        for table in steps[j]:
            partial = partials[table.equation][table.touch]
            coef = table.coefficient
            for k, others in table.products:
                coef += k * _product(vals, others)
            if table.powers:  # not linear in the digit: tested per digit in the walk
                terms = [(k * _product(vals, others), e) for k, others, e in table.powers]
                coefs.append((coef, terms))
                has_powers = True
                continue
            coefs.append((coef, []))
            rest_gcd, rest_low, rest_high = table.rest_gcd, table.rest_low, table.rest_high
            if coef == 0:  # the digit drops out: the partial value alone must fit
                misfit = partial % rest_gcd if rest_gcd else partial
                if misfit or not rest_low <= -partial <= rest_high:
                    return False
                continue
            x, y = digit_range(coef, partial, rest_low, rest_high, base)  # bounds: an interval
            if x > low:
                low = x
            if y < high:
                high = y
            if low > high:
                return False
            if not rest_gcd:
                continue
            # the divisibility: the digit is fixed modulo m (to d0)
            if table.products:
                h = gcd(coef, rest_gcd)
                if partial % h:
                    return False
                m = rest_gcd // h
                if m == 1:
                    continue
                d0 = (-partial // h) * pow((coef // h) % m, -1, m) % m
            else:
                m = table.step
                if m == 1:
                    continue
                d0 = (-partial // table.step_gcd) * table.inverse % m
            if m > modulus:  # walk the largest modulus, test the others
                if modulus > 1:
                    extra.append((residue, modulus))
                modulus = m
                residue = d0
            else:
                extra.append((d0, m))
        if modulus == 1:
            digits[j] = iter(range(low, high + 1))
        else:
            digits[j] = iter(range(first_digit(low, residue, modulus), high + 1, modulus))
        congruences[j], coefficients[j], powered[j] = extra, coefs, has_powers
        return True

    if n == 0 or not enter(0):
        return
    taken = [0] * n  # per depth: the digits the depths above it hold
    i = 0
    while True:
        free = masks[i] & ~taken[i]
        extra = congruences[i]
        here = steps[i]
        coefs = coefficients[i]
        has_powers = powered[i]
        tests = checks[i]
        for d in digits[i]:
            if not (free >> d) & 1:
                continue
            if extra and any((d - d0) % m for d0, m in extra):
                continue
            if has_powers:  # the tables with powers of d: their bounds and divisibility
                fits = True
                for table, (coef, terms) in zip(here, coefs, strict=True):
                    if not terms:
                        continue
                    value = partials[table.equation][table.touch] + coef * d
                    for factor, e in terms:
                        value += factor * d**e
                    rest_gcd = table.rest_gcd
                    if (value % rest_gcd if rest_gcd else value) or not (
                        table.rest_low <= -value <= table.rest_high
                    ):
                        fits = False
                        break
                if not fits:
                    continue
            vals[i] = d
            if tests:
                try:
                    if not all(test(vals) for test in tests):
                        continue
                except Invalid:
                    continue
            for table, (coef, terms) in zip(here, coefs, strict=True):  # record the partials
                value = partials[table.equation][table.touch] + coef * d
                for factor, e in terms:
                    value += factor * d**e
                partials[table.equation][table.touch + 1] = value
            if i == last:
                yield vals
                continue
            if not enter(i + 1):
                continue
            taken[i + 1] = taken[i] | 1 << d
            i += 1
            break
        else:
            if i == 0 or (next(beat) and stop.should_stop()):  # type: ignore[union-attr]
                return
            i -= 1
