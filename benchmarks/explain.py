"""Explanation benchmark: time, steps, rules-only share and grades of ``explain``.

The set: the calibration puzzles of ``explain.grade.CALIBRATION`` (well-known sums) and
unique puzzles that ``find`` makes from the built-in list (``A + B = C``, ``A - B = C``,
``A + B + C = D`` and ``A * B = C``, seed 3). For each group it prints how many were
explained, how many the rules alone solved (no case split), how many needed a split at
most one level deep, steps per puzzle (median, max), time per explanation (median, max)
and the grade counts; every explanation is checked against the fast solver ("verified").

Not a test: nothing is asserted. ``python benchmarks/explain.py [--count 40]``
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

from puzzlewright.cryptarithm.explain import explain
from puzzlewright.cryptarithm.explain.grade import CALIBRATION, GRADES
from puzzlewright.cryptarithm.find import build_spec, find, parse_form
from puzzlewright.lexicon import builtin_english


def report(name: str, puzzles: list[str]) -> None:
    results = [explain(p) for p in puzzles]
    times = [r.seconds for r in results]
    steps = [len(r.steps) for r in results]
    rules_only = sum(r.grade.splits == 0 for r in results)
    shallow = sum(r.grade.depth <= 1 for r in results)
    verified = sum(r.verified for r in results)
    grades = Counter(r.grade.label for r in results)
    print(
        f"{name:<16}{len(results):>4}{verified:>9}{rules_only / len(results):>11.0%}"
        f"{shallow / len(results):>10.0%}{statistics.median(steps):>8.0f}{max(steps):>6}"
        f"{statistics.median(times) * 1000:>10.1f}{max(times) * 1000:>9.1f}   "
        + " ".join(f"{g}:{grades[g]}" for g in GRADES)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=40, help="puzzles per found form")
    args = parser.parse_args()
    words = builtin_english()
    pool = [e.word for e in words if e.score >= 40]
    print(
        f"{'set':<16}{'n':>4}{'verified':>9}{'rules only':>11}{'depth<=1':>10}"
        f"{'steps':>8}{'max':>6}{'ms median':>10}{'ms max':>9}   grades"
    )
    report("calibration", [p for p, _ in CALIBRATION])
    for form in ("A + B = C", "A - B = C", "A + B + C = D", "A * B = C"):
        spec = build_spec(parse_form(form), pool=pool, scores={}, seed=3)
        run = find(spec, limit=args.count)
        report(form, [p.puzzle for p in run.puzzles])


if __name__ == "__main__":
    main()
