"""The whole rule catalogue: the column rules of sums and the rules of products."""

from __future__ import annotations

from puzzlewright.cryptarithm.explain.products import PRODUCT_RULES
from puzzlewright.cryptarithm.explain.rules import RULES as COLUMN_RULES
from puzzlewright.cryptarithm.explain.rules import Rule

RULES: tuple[Rule, ...] = (
    COLUMN_RULES[:6] + PRODUCT_RULES[:2] + COLUMN_RULES[6:] + PRODUCT_RULES[2:]
)
"""Tried in this order, simplest first (level-3 rules last)."""

LEVELS: dict[str, int] = {rule.name: rule.level for rule in RULES} | {
    "leading zero": 1,
    "case split": 4,
}
