"""Plain-text lines of an explanation, as ``cryptarithm solve --explain`` prints them."""

from __future__ import annotations

from puzzlewright.cryptarithm.explain import Explanation
from puzzlewright.cryptarithm.explain.steps import Step

INDENT = "     "


def _branch_lines(step: Step, prefix: str) -> list[str]:
    lines = []
    for branch in step.branches:
        if branch.outcome.startswith("solutions"):
            lines.append(f"{prefix}{branch.var} = {branch.value}: {branch.solutions} solution(s)")
            continue
        lines.append(f"{prefix}{branch.var} = {branch.value}: {branch.outcome}")
        for sub in branch.steps:
            lines.append(f"{prefix}  - {sub.rule}: {sub.sentence}")
            if sub.branches and _nested(sub):
                lines.extend(_branch_lines(sub, prefix + "    "))
    return lines


def _nested(step: Step) -> bool:
    """A case split whose dead cases hold splits of their own (listed under it)."""
    return any(sub.rule == "case split" for branch in step.branches for sub in branch.steps)


def explanation_lines(explained: Explanation) -> list[str]:
    """Numbered steps with their rule names, then how the explanation ended."""
    lines = [f"Explanation of {explained.puzzle}"]
    width = len(str(len(explained.steps)))
    for number, step in enumerate(explained.steps, 1):
        lines.append(f"{number:>{width}}. [{step.rule}] {step.sentence}")
        if step.branches and (step.rule == "branch point" or _nested(step)):
            lines.extend(_branch_lines(step, " " * (width + 2)))
    endings = {
        "solved": "Every letter is known",
        "several": "The puzzle has several solutions from here",
        "impossible": "The puzzle has no solution",
        "stopped": "Stopped before the end",
    }
    check = "checked against the solver" if explained.verified else "NOT confirmed by the solver"
    lines.append(f"{endings[explained.status]} ({check}).")
    lines.append("")
    return lines


def grade_line(explained: Explanation) -> str:
    """``Grade: hard (hardest rule level 2, 2 case splits, nested 1 deep, 29 steps)``."""
    g = explained.grade
    splits = f"{g.splits} case split{'s' if g.splits != 1 else ''}"
    return (
        f"Grade: {g.label} (hardest rule level {min(g.hardest_rule, 3)}, {splits}, "
        f"nested {g.depth} deep, {g.steps} steps)"
    )
