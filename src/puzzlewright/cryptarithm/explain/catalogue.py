"""The whole rule catalogue in one table: the column rules of sums (:mod:`.rules`) and the
rules of products (:mod:`.products`), in the order the engine tries them."""

from __future__ import annotations

from puzzlewright.cryptarithm.explain import products as product
from puzzlewright.cryptarithm.explain import rules as column
from puzzlewright.cryptarithm.explain.rules import Rule

RULES: tuple[Rule, ...] = (
    Rule(
        "taken digit", 1, "a digit taken by one letter is gone from the others", column.taken_digit
    ),
    Rule(
        "column sum",
        1,
        "a column with one value unknown gives it, with its carry",
        column.column_sum,
    ),
    Rule(
        "leading digit",
        1,
        "the extra digit of a longer result is a carry: at most the number of addends - 1",
        column.leading_digit,
    ),
    Rule(
        "carry bounds",
        2,
        "a column's possible carries from its letters' bounds",
        column.carry_bounds,
    ),
    Rule(
        "column bounds",
        2,
        "a letter's bounds from what the rest of its column can add",
        column.column_bounds,
    ),
    Rule(
        "units digit",
        2,
        "the last digit of a column's sum (and its parity) fixes the result's digit",
        column.units_digit,
    ),
    Rule("units digit", 2, "A × B ends in the product of the units digits", product.units_digit),
    Rule("magnitude", 2, "the size of A × B bounds the leading digits", product.magnitude),
    Rule(
        "only place", 3, "a digit that only one letter can still take goes to it", column.only_place
    ),
    Rule(
        "column cases",
        3,
        "list a column's cases with different digits; keep the values that occur",
        column.column_cases,
    ),
    Rule(
        "two columns",
        3,
        "two adjacent columns added so the carry between them cancels, then listed",
        column.two_columns,
    ),
    Rule(
        "last digits",
        3,
        "the last k digits of A × B come from those of A and B",
        product.last_digits,
    ),
    Rule(
        "casting out nines",
        3,
        "digit sums multiply like the numbers, modulo base - 1",
        product.casting_out_nines,
    ),
)
"""Tried in this order, simplest first (level-3 rules last). Sums and products each have a
"units digit" rule; only the one for the puzzle's kind ever applies."""

LEVELS: dict[str, int] = {rule.name: rule.level for rule in RULES} | {
    "leading zero": 1,
    "rewrite": 1,
    "case split": 4,
}
