"""Rules for products ``A * B = C``: units digits, the last digits, magnitude, nines.

A product has no carries a person tracks column by column; the hand method works from both
ends: the last digits of ``A * B`` depend only on the last digits of ``A`` and ``B``
(``E × Y`` ends in ``T``), the size of ``C`` bounds the leading digits, and casting out
nines checks the digit sums once few letters are left.
"""

from __future__ import annotations

from collections.abc import Callable

from puzzlewright.bits import iter_bits
from puzzlewright.cryptarithm.explain.model import Model, describe_domain, single
from puzzlewright.cryptarithm.explain.rules import ENUMERATION_LIMIT, _narrowed, _step
from puzzlewright.cryptarithm.explain.steps import Domains, Step

Items = tuple[str | int, ...]
PRODUCT_LIMIT = ENUMERATION_LIMIT // 4
"""Assignments listed at most for one product rule (its checks cost more than a column's)."""
Check = Callable[[dict[str, int]], bool]


def _value(items: Items, values: dict[str, int], base: int) -> int:
    total = 0
    for item in items:
        total = total * base + (item if isinstance(item, int) else values[item])
    return total


def _letters(items: Items) -> list[str]:
    return [x for x in items if isinstance(x, str)]


def _support(
    model: Model, domains: Domains, letters: list[str], check: Check, name: str
) -> tuple[int, dict[str, int]] | None:
    """(count, digits that occur) over assignments of ``letters`` (different digits, and
    none already taken by another letter) passing ``check``; None when too many."""
    letters = list(dict.fromkeys(letters))
    size = 1
    for x in letters:
        size *= max(1, bin(domains[x]).count("1"))
    if size > PRODUCT_LIMIT:
        return None
    taken = 0
    for x in model.letters:
        value = single(domains[x])
        if x not in letters and value is not None:
            taken |= 1 << value
    key = (name, taken, *letters, *(domains[x] for x in letters))
    cached = model.cache.get(key)
    if cached is not None:
        return cached[0], dict(zip(letters, cached[1], strict=True))
    support = dict.fromkeys(letters, 0)
    values: dict[str, int] = {}
    count = 0

    def walk(i: int, used: int) -> None:
        nonlocal count
        if i == len(letters):
            if check(values):
                count += 1
                for x, d in values.items():
                    support[x] |= 1 << d
            return
        x = letters[i]
        for d in iter_bits(domains[x]):
            if not used >> d & 1:
                values[x] = d
                walk(i + 1, used | 1 << d)
        values.pop(x, None)

    walk(0, taken)
    model.cache[key] = (count, tuple(support[x] for x in letters))
    return count, support


def _narrow(
    model: Model, domains: Domains, name: str, letters: list[str], check: Check, lead: str
) -> Step | None:
    found = _support(model, domains, letters, check, f"{name}/{lead}")
    if found is None:
        return None
    count, support = found
    changed = [x for x in support if support[x] != domains[x]]
    if not changed:
        return None
    parts = [_narrowed(x, domains[x], support[x]) for x in changed]
    for x in changed:
        domains[x] = support[x]
    tail = "no digits fit" if not count else "; ".join(parts)
    return _step(name, f"{lead}: {tail}.", domains, changed)


def _tail(items: Items, k: int) -> Items:
    return items[-k:] if k <= len(items) else items


def units_digit(model: Model, domains: Domains) -> Step | None:
    """``A * B`` ends in ``C``'s units digit: ``E × Y`` ends in ``T``."""
    return _ends(model, domains, range(1, 2))


def last_digits(model: Model, domains: Domains) -> Step | None:
    """``A * B`` ends in the last ``k >= 2`` digits of ``C``: only the last ``k`` digits
    of ``A`` and ``B`` matter."""
    return _ends(model, domains, range(2, len(model.words[2]) + 1) if model.words else range(0))


def _ends(model: Model, domains: Domains, ks: range) -> Step | None:
    if model.kind != "product":
        return None
    a, b, c = model.words
    base = model.base
    for k in ks:
        ta, tb, tc = _tail(a, k), _tail(b, k), _tail(c, k)
        letters = _letters(ta) + _letters(tb) + _letters(tc)
        if not letters:
            continue
        modulus = base**k

        def check(
            v: dict[str, int], ta: Items = ta, tb: Items = tb, tc: Items = tc, m: int = modulus
        ) -> bool:
            product = _value(ta, v, base) * _value(tb, v, base)
            return (product - _value(tc, v, base)) % m == 0

        shown = f"{''.join(map(str, ta))} × {''.join(map(str, tb))} ends in {''.join(map(str, tc))}"
        name = "units digit" if k == 1 else "last digits"
        step = _narrow(model, domains, name, letters, check, shown)
        if step is not None:
            return step
    return None


def _bounds(items: Items, domains: Domains, base: int) -> tuple[int, int]:
    low = high = 0
    for item in items:
        if isinstance(item, int):
            small = big = item
        else:
            mask = domains[item]
            small, big = (mask & -mask).bit_length() - 1, mask.bit_length() - 1
        low, high = low * base + small, high * base + big
    return low, high


def magnitude(model: Model, domains: Domains) -> Step | None:
    """The size of ``A * B`` must be the size of ``C``: a value of a letter that puts the
    smallest possible product above the largest ``C`` (or the largest below the smallest)
    is out."""
    if model.kind != "product":
        return None
    a, b, c = model.words
    base = model.base
    for letter in model.letters:
        before = domains[letter]
        if single(before) is not None:
            continue
        keep = 0
        for d in iter_bits(before):
            domains[letter] = 1 << d
            (al, ah), (bl, bh), (cl, ch) = (_bounds(w, domains, base) for w in (a, b, c))
            if al * bl <= ch and ah * bh >= cl:
                keep |= 1 << d
        domains[letter] = before
        if keep != before:
            low = _bounds(a, domains, base)[0] * _bounds(b, domains, base)[0]
            high = _bounds(a, domains, base)[1] * _bounds(b, domains, base)[1]
            clow, chigh = _bounds(c, domains, base)
            domains[letter] = keep
            product = f"{model.addends[0]} × {model.addends[1]}"
            sentence = (
                f"{product} lies between {low} and {high}, {model.result} between {clow} "
                f"and {chigh}; only {describe_domain(keep)} for {letter} keeps them "
                f"overlapping, so {_narrowed(letter, before, keep)}."
                if keep
                else f"No digit for {letter} keeps {product} within the size of {model.result}."
            )
            return _step("magnitude", sentence, domains, [letter])
    return None


NINES_LETTERS = 4
"""Casting out nines is tried once at most this many letters are unknown."""


def casting_out_nines(model: Model, domains: Domains) -> Step | None:
    """The digit sums: ``sum(A) × sum(B) = sum(C)`` modulo ``base - 1``."""
    if model.kind != "product" or model.base < 3:
        return None
    unknown = [x for x in model.letters if single(domains[x]) is None]
    if not unknown or len(unknown) > NINES_LETTERS:
        return None
    a, b, c = model.words
    nine = model.base - 1

    def digit_sum(items: Items, v: dict[str, int]) -> int:
        return sum(
            x if isinstance(x, int) else v[x] if x in v else single(domains[x]) or 0 for x in items
        )

    def check(v: dict[str, int]) -> bool:
        return (digit_sum(a, v) * digit_sum(b, v) - digit_sum(c, v)) % nine == 0

    a_text, b_text = model.addends
    lead = (
        f"Casting out {nine}s, the digit sums of {a_text} and {b_text} multiply to that of "
        f"{model.result}"
    )
    return _narrow(model, domains, "casting out nines", unknown, check, lead)
