"""The difficulty grade: from the hardest rule an explanation needs and its case splits.

The scale (calibrated on the well-known puzzles of ``CALIBRATION``, see docs/cryptarithm.md):

* **easy**: rules of level 1 and 2 only (column sums, carries, bounds, units digits);
* **medium**: a level-3 rule (only place, listing a column's cases) but no case split;
* **hard**: one or two case splits, none nested;
* **fiendish**: three or more case splits, or a split inside a split.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from puzzlewright.cryptarithm.explain.catalogue import LEVELS
from puzzlewright.cryptarithm.explain.steps import Step

GRADES = ("easy", "medium", "hard", "fiendish")

CALIBRATION: tuple[tuple[str, str], ...] = (
    ("TO + GO = OUT", "easy"),
    ("EAT + THAT = APPLE", "easy"),
    ("COCA + COLA = OASIS", "easy"),
    ("SEND + MORE = MONEY", "medium"),
    ("BASE + BALL = GAMES", "medium"),
    ("FORTY + TEN + TEN = SIXTY", "hard"),
    ("SATURN + URANUS = PLANETS", "hard"),
    ("DONALD + GERALD = ROBERT", "hard"),
    ("CROSS + ROADS = DANGER", "fiendish"),
)
"""Well-known puzzles and the grade the scale gives them (checked by the tests)."""


@dataclass(frozen=True, slots=True)
class Grade:
    """A grade with what it was computed from."""

    label: str
    hardest_rule: int  # level of the hardest rule used, 1-3 (4: a case split)
    splits: int
    depth: int
    steps: int

    def to_json(self) -> dict[str, object]:
        """The grade as JSON: every field, in order."""
        return asdict(self)


def _walk(steps: tuple[Step, ...] | list[Step], depth: int) -> tuple[int, int, int, int]:
    """(hardest level, splits, deepest nesting, steps) over steps and their branches."""
    level = splits = deepest = count = 0
    for step in steps:
        count += 1
        level = max(level, LEVELS.get(step.rule, 1))
        if step.rule == "case split":
            splits += 1
            deepest = max(deepest, depth + 1)
            for branch in step.branches:
                sub = _walk(branch.steps, depth + 1)
                level = max(level, sub[0])
                splits += sub[1]
                deepest = max(deepest, sub[2])
    return level, splits, deepest, count


def grade(steps: list[Step]) -> Grade:
    """Grade an explanation by its steps."""
    level, splits, depth, count = _walk(steps, 0)
    rule_level = max((LEVELS.get(s.rule, 1) for s in steps if s.rule != "case split"), default=1)
    if depth >= 2 or splits >= 3:
        label = "fiendish"
    elif splits:
        label = "hard"
    elif rule_level >= 3:
        label = "medium"
    else:
        label = "easy"
    return Grade(label, level, splits, depth, count)
