"""The column rules of sums: each rule narrows domains by one argument a person can check.

A rule is a function ``(model, domains) -> Step | None`` that narrows ``domains`` in place
and returns the step that says why (None: nothing to narrow). ``catalogue.RULES`` lists
them, with the rules of products, in the order they are tried, simplest first: after any
step the engine starts again from the top, so an explanation always uses the simplest rule
that makes progress. Each rule has a level (1 to 3) that the grade uses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from puzzlewright.bits import DigitSet, iter_bits, popcount
from puzzlewright.cryptarithm.explain.model import (
    Column,
    Model,
    Var,
    describe_domain,
    is_carry,
    single,
)
from puzzlewright.cryptarithm.explain.steps import Domains, Step, digits_of, snapshot

ENUMERATION_LIMIT = 20_000
"""Column cases are listed only when the column's domains allow at most this many
combinations (a person lists a handful; the engine a few thousand at most in practice)."""


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule of the catalogue: name, level (1 basic to 3 advanced), what it says."""

    name: str
    level: int
    summary: str
    apply: Callable[[Model, Domains], Step | None]


def _name(var: Var) -> str:
    return f"the carry into column {var[1:]}" if is_carry(var) else var


def _show(column: Column, domains: Domains) -> str:
    """The column as written, with the values already known put in."""

    def item(text: str) -> str:
        if "×" in text:
            base, var = text.split("×")
            value = single(domains.get(var, 0))
            return f"{base}×{value}" if value is not None else text
        value = single(domains[text]) if text in domains else None
        return str(value) if value is not None else text

    return (
        f"{' + '.join(item(t) for t in column.left)} = {' + '.join(item(t) for t in column.right)}"
    )


def _step(rule: str, sentence: str, domains: Domains, changed: list[Var]) -> Step:
    empty = any(domains[v] == 0 for v in changed)
    return Step(
        rule,
        sentence,
        {v: digits_of(domains[v]) for v in changed},
        snapshot(domains),
        contradiction=empty,
    )


def _narrowed(var: Var, before: DigitSet, after: DigitSet) -> str:
    if after == 0:
        return f"no digit is left for {_name(var)}"
    value = single(after)
    if value is not None:
        return f"{_name(var)} = {value}"
    removed = describe_domain(before & ~after)
    return f"{_name(var)} is {describe_domain(after)} (not {removed})"


# --- level 1 --------------------------------------------------------------------------


def taken_digit(model: Model, domains: Domains) -> Step | None:
    """A letter's known digit is gone from every other letter."""
    for letter in model.letters:
        value = single(domains[letter])
        if value is None:
            continue
        bit = 1 << value
        hit = [x for x in model.letters if x != letter and domains[x] & bit]
        if hit:
            before = {x: domains[x] for x in hit}
            for x in hit:
                domains[x] &= ~bit
            names = ", ".join(hit)
            sentence = f"{letter} = {value}, so no other letter is {value} (not {names})"
            return _step("taken digit", sentence + _left_over(before, domains) + ".", domains, hit)
    return None


def _left_over(before: Domains, domains: Domains) -> str:
    """What a removal forces: ``; 6 is the only digit left for N`` or ``; no digit is left
    for N`` ("" when every letter keeps two digits or more)."""
    parts = []
    for var, mask in before.items():
        value = single(domains[var])
        if not domains[var]:
            parts.append(f"no digit is left for {_name(var)}")
        elif value is not None and single(mask) is None:
            parts.append(f"{value} is the only digit left for {_name(var)}, so {var} = {value}")
    return "; " + "; ".join(parts) if parts else ""


def _unknown(column: Column, domains: Domains) -> list[Var]:
    return [v for v, _ in column.coefs if single(domains[v]) is None]


def column_sum(model: Model, domains: Domains) -> Step | None:
    """A column with one value unknown gives that value (with its carry)."""
    for column in model.columns:
        unknown = _unknown(column, domains)
        if not unknown and not _adds_up(column, domains):
            sentence = f"Column {column.number}: {_show(column, domains)} does not add up."
            for var, _ in column.coefs:
                domains[var] = 0
            return _step("column sum", sentence, domains, column.variables())
        if len(unknown) != 1:
            continue
        var = unknown[0]
        coef = dict(column.coefs)[var]
        rest = column.constant + sum(
            c * (single(domains[v]) or 0) for v, c in column.coefs if v != var
        )
        shown = _show(column, domains)
        before = domains[var]
        value, remainder = divmod(-rest, coef)
        if remainder or not 0 <= value < model.base or not before >> value & 1:
            domains[var] = 0
        else:
            domains[var] = 1 << value
        sentence = f"Column {column.number}: {shown}, so {_narrowed(var, before, domains[var])}."
        return _step("column sum", sentence, domains, [var])
    return None


def _adds_up(column: Column, domains: Domains) -> bool:
    total = column.constant + sum(c * (single(domains[v]) or 0) for v, c in column.coefs)
    return total == 0


def leading_digit(model: Model, domains: Domains) -> Step | None:
    """The extra digit of a longer result is the last carry: at most addends - 1."""
    if not model.columns:
        return None
    top = model.columns[-1]
    coefs = dict(top.coefs)
    if len(coefs) != 2 or top.constant:
        return None
    carries = [v for v in coefs if is_carry(v)]
    letters = [v for v in coefs if not is_carry(v)]
    if len(carries) != 1 or len(letters) != 1 or coefs[letters[0]] != -1:
        return None
    letter, carry = letters[0], carries[0]
    both = domains[letter] & domains[carry]
    if both == domains[letter] and both == domains[carry]:
        return None
    before = domains[letter]
    domains[letter] = domains[carry] = both
    n = len(model.addends)
    zero = " and it leads, so it is not 0" if letter in model.leading else ""
    sentence = (
        f"{model.result} is longer than the numbers added, so its first letter {letter} is the "
        f"carry out of column {top.number - 1}: at most {n - 1} with {n} numbers{zero}; "
        f"{_narrowed(letter, before, both)}."
    )
    return _step("leading digit", sentence, domains, [letter, carry])


# --- level 2 --------------------------------------------------------------------------


def _bounds(column: Column, domains: Domains) -> tuple[int, int]:
    """The least and greatest value of the column's left minus right side."""
    low = high = column.constant
    for var, coef in column.coefs:
        mask = domains[var]
        if not mask:
            continue
        small, big = (mask & -mask).bit_length() - 1, mask.bit_length() - 1
        low += coef * (small if coef > 0 else big)
        high += coef * (big if coef > 0 else small)
    return low, high


def _interval(column: Column, domains: Domains, var: Var, coef: int) -> DigitSet:
    """The digits of ``var`` the column's bounds still allow."""
    low, high = _bounds(column, domains)
    mask = domains[var]
    small, big = (mask & -mask).bit_length() - 1, mask.bit_length() - 1
    own_low, own_high = (coef * small, coef * big) if coef > 0 else (coef * big, coef * small)
    rest_low, rest_high = low - own_low, high - own_high
    keep = 0
    for d in iter_bits(mask):
        if rest_low <= -coef * d <= rest_high:
            keep |= 1 << d
    return keep


def _bound_rule(name: str, carries: bool) -> Callable[[Model, Domains], Step | None]:
    def rule(model: Model, domains: Domains) -> Step | None:
        for column in model.columns:
            for var, coef in column.coefs:
                if is_carry(var) != carries:
                    continue
                before = domains[var]
                after = _interval(column, domains, var, coef)
                if after == before:
                    continue
                shown = _show(column, domains)
                domains[var] = after
                what = "the least and most its letters can add" if carries else "the rest of it"
                sentence = (
                    f"Column {column.number}: {shown}; {what} means that "
                    f"{_narrowed(var, before, after)}."
                )
                return _step(name, sentence, domains, [var])
        return None

    rule.__doc__ = f"{name}: interval reasoning on one column."
    return rule


carry_bounds = _bound_rule("carry bounds", carries=True)
column_bounds = _bound_rule("column bounds", carries=False)


def _unit_term_last(terms: list[tuple[Var, int]]) -> None:
    """Move the last term of weight +-1 (if any) to the end: it is solved for, not tried."""
    for i in range(len(terms) - 1, -1, -1):
        if abs(terms[i][1]) == 1:
            terms.append(terms.pop(i))
            return


def _suffix_bounds(
    terms: list[tuple[Var, int]], digits: list[tuple[int, ...]]
) -> tuple[list[int], list[int]]:
    """Per position ``i``, the least and the greatest sum the terms from ``i`` on can make."""
    n = len(terms)
    low = [0] * (n + 1)
    high = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        coef = terms[i][1]
        ends = (coef * digits[i][0], coef * digits[i][-1]) if digits[i] else (0, 0)
        low[i] = low[i + 1] + min(ends)
        high[i] = high[i + 1] + max(ends)
    return low, high


def _support(
    column: Column, domains: Domains, modulus: int | None, taken: int
) -> tuple[int, tuple[int, ...]]:
    """How many assignments of the column's variables (different letters, different
    digits) satisfy it (or satisfy it modulo ``modulus``, leaving out variables whose weight
    vanishes), and each variable's digits that occur in one: (count, masks in term order).

    Depth-first over the terms with the last one solved for instead of tried, and bounds
    pruning on the exact sum."""
    terms = [(v, c) for v, c in column.coefs if modulus is None or c % modulus]
    n = len(terms)
    if not n:
        return 0, ()
    _unit_term_last(terms)
    letter = [not is_carry(v) for v, _ in terms]
    masks = [domains[v] for v, _ in terms]
    digits = [tuple(iter_bits(m)) for m in masks]
    low, high = _suffix_bounds(terms, digits)
    support, chosen = [0] * n, [0] * n
    count = 0
    last_coef = terms[-1][1]
    last_solvable = abs(last_coef) == 1

    def walk(i: int, total: int, used: int) -> None:
        nonlocal count
        if modulus is None and not low[i] <= -total <= high[i]:
            return
        if i == n - 1 and last_solvable:
            need = -total * last_coef
            if modulus is not None:
                need %= modulus
                options: tuple[int, ...] = tuple(range(need, high_digit + 1, modulus))
            else:
                options = (need,)
            for d in options:
                if not d >= 0 or not masks[i] >> d & 1 or (letter[i] and used >> d & 1):
                    continue
                count += 1
                chosen[i] = d
                for j in range(n):
                    support[j] |= 1 << chosen[j]
            return
        if i == n:
            if (total % modulus == 0) if modulus else total == 0:
                count += 1
                for j in range(n):
                    support[j] |= 1 << chosen[j]
            return
        coef = terms[i][1]
        for d in digits[i]:
            if letter[i] and used >> d & 1:
                continue
            chosen[i] = d
            walk(i + 1, total + coef * d, used | 1 << d if letter[i] else used)

    high_digit = masks[-1].bit_length() - 1
    start = column.constant % modulus if modulus else column.constant
    walk(0, start, taken)
    order = {v: k for k, (v, _) in enumerate(terms)}
    return count, tuple(support[order[v]] if v in order else 0 for v, _ in column.coefs)


def _taken(domains: Domains, column: Column) -> int:
    """Digits of letters outside the column that are already known."""
    inside = {v for v, _ in column.coefs}
    used = 0
    for var, mask in domains.items():
        if var not in inside and not is_carry(var):
            value = single(mask)
            if value is not None:
                used |= 1 << value
    return used


def _size(column: Column, domains: Domains, modulus: int | None) -> int:
    n = 1
    for var, coef in column.coefs:
        if modulus is None or coef % modulus:
            n *= popcount(domains[var])
    return n


def _support_rule(
    name: str,
    modulus_of: Callable[[Model], int | None],
    letters_only: bool,
    columns_of: Callable[[Model], tuple[Column, ...]] = lambda model: model.columns,
    limit: int = ENUMERATION_LIMIT,
) -> Callable[[Model, Domains], Step | None]:
    def rule(model: Model, domains: Domains) -> Step | None:
        modulus = modulus_of(model)
        best: tuple[int, Column, dict[Var, int], list[Var]] | None = None
        for column in columns_of(model):
            if _size(column, domains, modulus) > limit:
                continue
            taken = _taken(domains, column)
            key = (name, column.number, taken, *(domains[v] for v, _ in column.coefs))
            found = model.cache.get(key)
            if found is None:
                found = _support(column, domains, modulus, taken)
                model.cache[key] = found
            count = found[0]
            support = {v: m for (v, _), m in zip(column.coefs, found[1], strict=True)}
            changed = [
                v
                for v, c in column.coefs
                if (modulus is None or c % modulus)
                and (not letters_only or not is_carry(v))
                and support[v] != domains[v]
            ]
            if changed and (best is None or count < best[0]):
                best = (count, column, support, changed)
                if modulus is not None:  # the first units digit that narrows will do
                    break
        if best is None:
            return None
        count, column, support, changed = best
        shown = _show(column, domains)
        parts = []
        for var in changed:
            parts.append(_narrowed(var, domains[var], support[var]))
            domains[var] = support[var]
        sentence = _support_sentence(name, column, shown, count, parts)
        return _step(name, sentence, domains, changed)

    rule.__doc__ = f"{name}: the values a column can still take (the column with fewest cases)."
    return rule


def _support_sentence(name: str, column: Column, shown: str, count: int, parts: list[str]) -> str:
    doubled = any(abs(c) % 2 == 0 and not is_carry(v) for v, c in column.coefs)
    if name == "units digit":
        why = "even and odd" if doubled else "its last digit"
        lead = f"Column {column.number}: {shown} decides the result's digit by {why}"
        if not count:
            return f"{lead}, and no digits fit."
        return f"{lead}: {'; '.join(parts)}."
    if name == "two columns":
        lead = (
            f"Columns {column.number} and {column.number + 1} together (the carry between "
            f"them cancels): {shown}"
        )
        if not count:
            return f"{lead} has no case with different digits."
        return f"{lead} works in {count} way{'s' if count > 1 else ''}: {'; '.join(parts)}."
    if not count:
        return f"Column {column.number}: {shown} has no case with different digits."
    return (
        f"Column {column.number}: {shown} works in {count} way{'s' if count > 1 else ''} "
        f"with different digits: {'; '.join(parts)}."
    )


def _pairs(model: Model) -> tuple[Column, ...]:
    """Adjacent columns added up, the right one plus ``base`` times the left one, so the
    carry between them cancels: what a person does putting ``N = E + 1`` from column 3 into
    column 2 of SEND + MORE."""
    key = ("pairs",)
    found = model.cache.get(key)
    if found is None:
        merged = []
        for right, left in zip(model.columns, model.columns[1:], strict=False):
            coefs: dict[Var, int] = dict(right.coefs)
            for var, coef in left.coefs:
                coefs[var] = coefs.get(var, 0) + model.base * coef
            terms = tuple((v, c) for v, c in coefs.items() if c)
            shown_left = tuple(_term(v, c) for v, c in terms if c > 0) or ("0",)
            shown_right = tuple(_term(v, -c) for v, c in terms if c < 0) or ("0",)
            constant = right.constant + model.base * left.constant
            if constant > 0:
                shown_left = (*shown_left, str(constant))
            elif constant < 0:
                shown_right = (*shown_right, str(-constant))
            merged.append(Column(right.number, terms, constant, shown_left, shown_right))
        found = tuple(merged)
        model.cache[key] = found
    pairs: tuple[Column, ...] = found
    return pairs


def _term(var: Var, coef: int) -> str:
    return var if coef == 1 else f"{coef}×{var}"


units_digit = _support_rule("units digit", lambda model: model.base, letters_only=True)
PAIR_LIMIT = 4_000
"""Two columns are listed only up to this many combinations (a person does it when few)."""
two_columns = _support_rule("two columns", lambda model: None, False, _pairs, PAIR_LIMIT)
column_cases = _support_rule("column cases", lambda model: None, letters_only=False)


# --- level 3 --------------------------------------------------------------------------


def only_place(model: Model, domains: Domains) -> Step | None:
    """When every digit must be used, a digit only one letter can take goes to it."""
    union = 0
    for letter in model.letters:
        union |= domains[letter]
    if popcount(union) != len(model.letters):
        return None
    for d in iter_bits(union):
        holders = [x for x in model.letters if domains[x] >> d & 1]
        if len(holders) == 1 and single(domains[holders[0]]) is None:
            letter = holders[0]
            domains[letter] = 1 << d
            sentence = (
                f"{len(model.letters)} letters share {len(model.letters)} digits, so every "
                f"digit is used; only {letter} can still be {d}, so {letter} = {d}."
            )
            return _step("only place", sentence, domains, [letter])
    return None
