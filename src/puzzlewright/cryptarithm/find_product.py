"""Products ``A * B = R`` for ``find``: one vectorised column search for every shape.

``find`` checks thousands of product candidates a second, nearly all with no solution, and
product shapes almost never repeat, so code generated per shape (as for sums) spends as long
compiling as searching. This counter is one routine driven by small per-shape tables (which
letter stands in each column, its place value in A and B, which digits it may not take) and
walks the search tree breadth first with numpy: every partial assignment that agrees with
the product's low digits so far is one row of four arrays.

Columns run from the right, ``k = 0 .. len(A) - 1`` (A the longer factor). A row holds the
digits taken (a bitmask), ``A`` and ``B`` modulo ``base**k`` and the letters' digits
(packed, a few bits per letter). In column ``k`` the letters already placed add their
place values; each new factor letter multiplies the rows by the digits still free (a
``(rows, base)`` mask from a table, then ``nonzero``); the last one is fused with the
result's letter: the product's digit ``k`` is linear in that letter's digit (``t + u * d``,
``u`` the other factor's units digit), read for all ten digits at once from a per-base
table. It must equal the result letter's digit if placed, or be free (and differ from the
new factor digit) if not. After the last column A and B are whole, so ``A * B`` is
computed and its high digits are matched against the rest of the result, nothing left over.

Setting up a shape costs a few dozen Python steps (no code to compile), and a check costs
a few numpy calls per column whatever the number of rows: about 0.25 ms for a typical
10-letter product. Values stay in ``int64`` while they fit, else Python ints in object
arrays (long words or a base above 62): slower, never wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

Shift = int
"""A letter's bit offset in a row's packed digits."""
Mask = int
"""A set of digits as bits (bit ``d`` for digit ``d``)."""

_INT64_BITS = 62
"""Room for values in ``int64`` with a bit to spare for sums and signs."""


@dataclass(frozen=True, slots=True)
class _Letter:
    """One letter of a column: its bit offset, the digits it may not take and its place
    value in A and in B at this column (0 where it does not stand)."""

    shift: Shift
    forbidden: Mask
    in_a: int
    in_b: int


@dataclass(frozen=True, slots=True)
class _Column:
    """Column ``k``: the placed factor letters that add their digit here, the new ones
    (the last fused with the result letter) and the result's letter (None: beyond the
    result, so the product's digit must be 0)."""

    place: int
    placed: tuple[_Letter, ...]
    new: tuple[_Letter, ...]
    result: _Letter | None
    result_is_new: bool


@dataclass(frozen=True, slots=True)
class _Plan:
    """A product compiled to tables: the letters (in bit order), the columns, and the
    result's letters above the factors' width, lowest first (with whether each is new)."""

    letters: tuple[str, ...]
    width: int
    columns: tuple[_Column, ...]
    high: tuple[tuple[_Letter, bool], ...]
    high_place: int
    dtype: type | np.dtype[np.int64]


def _plan(a: str, b: str, result: str, base: int, leading_zeros: bool) -> _Plan:
    """The tables for ``a * b = result`` (``a`` at least as long as ``b``)."""
    letters = tuple(dict.fromkeys(a + b + result))
    width = max(4, (base - 1).bit_length())
    shift = {x: width * i for i, x in enumerate(letters)}
    leading = set() if leading_zeros else {w[0] for w in (a, b, result) if len(w) > 1}

    def letter(x: str, in_a: int = 0, in_b: int = 0) -> _Letter:
        return _Letter(shift[x], 1 if x in leading else 0, in_a, in_b)

    placed: set[str] = set()
    columns = []
    for k in range(len(a)):
        place = base**k
        xa = a[-1 - k]
        xb = b[-1 - k] if k < len(b) else ""
        here = [x for x in dict.fromkeys((xa, xb)) if x]
        weights = {x: (place * (x == xa), place * (x == xb)) for x in here}
        old = tuple(letter(x, *weights[x]) for x in here if x in placed)
        new = tuple(letter(x, *weights[x]) for x in here if x not in placed)
        placed.update(here)
        z = result[-1 - k] if k < len(result) else None
        columns.append(_Column(place, old, new, None if z is None else letter(z), z not in placed))
        if z is not None:
            placed.add(z)
    high = []
    for x in reversed(result[: max(0, len(result) - len(a))]):
        high.append((letter(x), x not in placed))
        placed.add(x)
    fits = (
        len(letters) * width <= _INT64_BITS
        and base <= _INT64_BITS
        and base ** (len(a) + len(b) + 1) < 2**_INT64_BITS
    )
    dtype: type | np.dtype[np.int64] = np.dtype(np.int64) if fits else object
    return _Plan(letters, width, tuple(columns), tuple(high), base ** len(a), dtype)


Array = npt.NDArray[np.int64]

CHUNK_ROWS = 8192
"""Rows searched together at most (see ``_search``); real candidates stay far below it."""

FREE_TABLE_BASE = 12
"""Up to this base the digits free under each mask come from a table (``2**base`` rows)."""


@dataclass(frozen=True, slots=True)
class _Tables:
    """Per base, built once: ``digits`` 0..base-1; ``linear[u * base + t, d] = t + u * d
    mod base``; ``square[d] = d * d mod base``; ``free[mask, d]``: ``d`` not in ``mask``
    (None above ``FREE_TABLE_BASE``)."""

    digits: Array
    linear: Array
    square: Array
    free: npt.NDArray[np.bool_] | None


_TABLES: dict[int, _Tables] = {}


def _tables(base: int) -> _Tables:
    """The shape-independent tables of ``base``."""
    found = _TABLES.get(base)
    if found is None:
        digits = np.arange(base, dtype=np.int64)
        u, t = np.divmod(np.arange(base * base, dtype=np.int64), base)
        linear = (t[:, None] + u[:, None] * digits) % base
        free = None
        if base <= FREE_TABLE_BASE:
            free = (np.arange(1 << base, dtype=np.int64)[:, None] >> digits) & 1 == 0
        found = _Tables(digits, linear, digits * digits % base, free)
        _TABLES[base] = found
    return found


@dataclass(slots=True)
class _Rows:
    """The partial assignments alive: digits taken, ``A mod``, ``B mod``, packed digits;
    ``every`` holds the digits ``0..base-1`` and ``bit`` their bits, in the plan's dtype."""

    taken: Array
    a_low: Array
    b_low: Array
    digits: Array
    every: Array
    bit: Array
    digit_mask: int
    tables: _Tables

    def free(self, forbidden: Mask) -> npt.NDArray[np.bool_]:
        """``free[row, d]``: digit ``d`` is neither taken in the row nor forbidden."""
        taken = self.taken | forbidden
        if self.tables.free is not None:
            return self.tables.free[self.index(taken)]
        found: npt.NDArray[np.bool_] = (taken[:, None] & self.bit) == 0
        return found

    def index(self, values: Array) -> Array:
        """Values as ``int64`` to index tables with (a no-op unless the rows hold Python ints)."""
        return values if values.dtype == np.int64 else values.astype(np.int64)

    def pick(self, rows: Array) -> None:
        """Keep (or repeat) the given rows, in order."""
        self.taken = self.taken[rows]
        self.a_low = self.a_low[rows]
        self.b_low = self.b_low[rows]
        self.digits = self.digits[rows]

    def digit_of(self, x: _Letter) -> Array:
        """Each row's digit of a placed letter."""
        return (self.digits >> x.shift) & self.digit_mask

    def value(self, digit: Array) -> Array:
        """Digits given as indexes (from ``nonzero``) as values of the rows' dtype."""
        return digit if self.every.dtype == np.int64 else self.every[digit]

    def place(self, x: _Letter, digit: Array) -> None:
        """Give letter ``x`` the digit of each row (``digit``: indexes into ``every``)."""
        value = self.value(digit)
        self.taken = self.taken | self.bit[digit]
        self.digits = self.digits | (value << x.shift)
        if x.in_a:
            self.a_low = self.a_low + value * x.in_a
        if x.in_b:
            self.b_low = self.b_low + value * x.in_b

    def add_placed(self, x: _Letter) -> None:
        """Add a letter placed in an earlier column to ``A mod`` and ``B mod``."""
        digit = self.digit_of(x)
        if x.in_a:
            self.a_low = self.a_low + digit * x.in_a
        if x.in_b:
            self.b_low = self.b_low + digit * x.in_b


def _column(rows: _Rows, column: _Column, base: int) -> None:
    """Extend every row through one column, dropping those the product's digit refutes."""
    for x in column.placed:
        rows.add_placed(x)
    if column.new:
        *first, last = column.new
        for x in first:
            picked, digit = np.nonzero(rows.free(x.forbidden))
            rows.pick(picked)
            rows.place(x, digit)
        _last_letter(rows, column, last, base)
        return
    place, z = column.place, column.result
    product_digit = (rows.a_low * rows.b_low // place) % base
    if z is None:
        keep = product_digit == 0
    elif column.result_is_new:
        keep = ((rows.taken | z.forbidden) >> product_digit) & 1 == 0
        rows.taken = rows.taken | (1 << product_digit)
        rows.digits = rows.digits | (product_digit << z.shift)
    else:
        keep = product_digit == rows.digit_of(z)
    rows.pick(np.flatnonzero(keep))


def _last_letter(rows: _Rows, column: _Column, x: _Letter, base: int) -> None:
    """A column's last new factor letter: every free digit tried at once (a row per digit),
    kept where the product's digit of the column fits the result's letter.

    That digit is linear in the letter's digit ``d``: ``t + u * d mod base``, with ``t``
    the digit without it and ``u`` the other factor's units digit (both factors' when the
    letter is in both; in column 0 such a letter gives ``d * d``), so it is read from a
    table, row ``u * base + t``, instead of multiplying out every (row, digit) pair."""
    z, tables = column.result, rows.tables
    a_low, b_low = rows.a_low, rows.b_low
    free = rows.free(x.forbidden)
    if x.in_a and x.in_b and column.place == 1:
        product_digit = np.broadcast_to(tables.square, free.shape)
    else:
        t = (a_low * b_low // column.place) % base
        u = (b_low if x.in_a else 0) + (a_low if x.in_b else 0)
        product_digit = tables.linear[rows.index(u % base * base + t)]
    new_result = z is not None and column.result_is_new and z.shift != x.shift
    if z is None:
        free &= product_digit == 0
    elif z.shift == x.shift:
        free &= product_digit == tables.digits
    elif new_result:
        free &= np.take_along_axis(rows.free(z.forbidden), product_digit, axis=1)
        free &= product_digit != tables.digits
    else:
        free &= product_digit == rows.index(rows.digit_of(z))[:, None]
    picked, digit = np.nonzero(free)
    value = rows.value(digit)
    rows.a_low = a_low[picked] + value * x.in_a if x.in_a else a_low[picked]
    rows.b_low = b_low[picked] + value * x.in_b if x.in_b else b_low[picked]
    taken = rows.taken[picked] | rows.bit[digit]
    digits = rows.digits[picked] | (value << x.shift)
    if z is not None and new_result:
        result_digit = rows.value(product_digit[picked, digit])
        taken |= rows.bit[product_digit[picked, digit]]
        digits |= result_digit << z.shift
    rows.taken, rows.digits = taken, digits


def _high_digits(rows: _Rows, plan: _Plan, base: int) -> Array:
    """With A and B whole: the rows whose product's digits above the factors' width spell
    the rest of the result exactly (nothing left over); returns their packed digits."""
    rest = rows.a_low * rows.b_low // plan.high_place
    taken, digits = rows.taken, rows.digits
    for z, is_new in plan.high:
        digit = rest % base
        rest = rest // base
        if is_new:
            keep = ((taken | z.forbidden) >> digit) & 1 == 0
            taken = taken | (1 << digit)
            digits = digits | (digit << z.shift)
        else:
            keep = digit == (digits >> z.shift) & rows.digit_mask
        picked = np.flatnonzero(keep)
        rest, taken, digits = rest[picked], taken[picked], digits[picked]
    kept: Array = digits[rest == 0]
    return kept


def _search(rows: _Rows, plan: _Plan, start: int, base: int, limit: int) -> Array:
    """The packed digits of the solutions below ``rows`` from column ``start`` on (at least
    ``limit`` of them when there are that many, in row order).

    Rows beyond ``CHUNK_ROWS`` are split and searched a chunk at a time, stopping once
    ``limit`` solutions are in hand: memory stays bounded and an equation with thousands
    of solutions (``ABCDEFGHIJ * J = ABCDEFGHIJ``) stops early, as a depth-first search
    would."""
    for index in range(start, len(plan.columns)):
        if len(rows.taken) > CHUNK_ROWS:
            found: list[Array] = []
            total = 0
            for low in range(0, len(rows.taken), CHUNK_ROWS):
                chunk = replace(rows)
                chunk.pick(np.arange(low, min(low + CHUNK_ROWS, len(rows.taken))))
                found.append(_search(chunk, plan, index, base, limit - total))
                total += len(found[-1])
                if total >= limit:
                    break
            return np.concatenate(found)
        _column(rows, plan.columns[index], base)
        if not len(rows.taken):
            return rows.digits
    return _high_digits(rows, plan, base)


def count_product(
    a: str, b: str, result: str, *, base: int = 10, leading_zeros: bool = False, limit: int = 2
) -> tuple[int, dict[str, int] | None]:
    """Solutions of ``a * b = result`` (distinct digits per letter, no leading zero unless
    allowed): how many (at most ``limit``) and the first, as letter -> digit."""
    if not (a and b and result) or len(set(a + b + result)) > base:
        return 0, None
    if len(a) < len(b):
        a, b = b, a
    plan = _plan(a, b, result, base, leading_zeros)
    every = np.arange(base, dtype=np.int64).astype(plan.dtype)
    zero = np.zeros(1, dtype=plan.dtype)
    mask = (1 << plan.width) - 1
    rows = _Rows(zero, zero, zero, zero, every, 1 << every, mask, _tables(base))
    found = _search(rows, plan, 0, base, limit)
    if not len(found):
        return 0, None
    packed = int(found[0])
    solution = {x: packed >> (plan.width * i) & mask for i, x in enumerate(plan.letters)}
    return min(len(found), limit), solution
