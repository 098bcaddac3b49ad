"""Cryptarithm solver benchmark: puzzlewright against OR-tools CP-SAT and a brute force.

Every solver finds *all* solutions. Timings are warm (one untimed run first) and the
median of several runs, all measured in the same process as CPU time of the process
(``time.process_time``), which other load on a shared machine disturbs less than wall time:

* puzzlewright: ``puzzlewright.cryptarithm.solve(text)``: parse, reduce, search, verify.
* CP-SAT (``pip install ortools``, the ``bench`` extra; skipped with a note when missing):
  one integer variable per letter, AllDifferent, no leading zeros, the words as linear
  expressions (a product through ``AddMultiplicationEquality``), every solution
  enumerated with a callback on one worker. Model building is included in its time.
* brute force: ``itertools.permutations`` over the digits, words translated with
  ``str.translate`` and ``int``. Too slow to run in full here, so it is *extrapolated*:
  for every first digit it times the first ``--brute-sample`` permutations starting with
  that digit and scales each stratum to its full size.

``python benchmarks/cryptarithm.py [--runs N] [--brute-sample K] [--no-brute] [--no-cpsat]``
Prints a table of medians and ratios; asserts nothing.
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from puzzlewright.cryptarithm import solve

EXERCISM_10 = "AND + A + STRONG + OFFENSE + AS + A + GOOD == DEFENSE"
EXERCISM_199 = (
    "THIS + A + FIRE + THEREFORE + FOR + ALL + HISTORIES + I + TELL + A + TALE + THAT + "
    "FALSIFIES + ITS + TITLE + TIS + A + LIE + THE + TALE + OF + THE + LAST + FIRE + HORSES + "
    "LATE + AFTER + THE + FIRST + FATHERS + FORESEE + THE + HORRORS + THE + LAST + FREE + "
    "TROLL + TERRIFIES + THE + HORSES + OF + FIRE + THE + TROLL + RESTS + AT + THE + HOLE + "
    "OF + LOSSES + IT + IS + THERE + THAT + SHE + STORES + ROLES + OF + LEATHERS + AFTER + "
    "SHE + SATISFIES + HER + HATE + OFF + THOSE + FEARS + A + TASTE + RISES + AS + SHE + "
    "HEARS + THE + LEAST + FAR + HORSE + THOSE + FAST + HORSES + THAT + FIRST + HEAR + THE + "
    "TROLL + FLEE + OFF + TO + THE + FOREST + THE + HORSES + THAT + ALERTS + RAISE + THE + "
    "STARES + OF + THE + OTHERS + AS + THE + TROLL + ASSAILS + AT + THE + TOTAL + SHIFT + "
    "HER + TEETH + TEAR + HOOF + OFF + TORSO + AS + THE + LAST + HORSE + FORFEITS + ITS + "
    "LIFE + THE + FIRST + FATHERS + HEAR + OF + THE + HORRORS + THEIR + FEARS + THAT + THE + "
    "FIRES + FOR + THEIR + FEASTS + ARREST + AS + THE + FIRST + FATHERS + RESETTLE + THE + "
    "LAST + OF + THE + FIRE + HORSES + THE + LAST + TROLL + HARASSES + THE + FOREST + "
    "HEART + FREE + AT + LAST + OF + THE + LAST + TROLL + ALL + OFFER + THEIR + FIRE + "
    "HEAT + TO + THE + ASSISTERS + FAR + OFF + THE + TROLL + FASTS + ITS + LIFE + SHORTER + "
    "AS + STARS + RISE + THE + HORSES + REST + SAFE + AFTER + ALL + SHARE + HOT + FISH + AS + "
    "THEIR + AFFILIATES + TAILOR + A + ROOFS + FOR + THEIR + SAFE == FORTRESSES"
)

PUZZLES = [
    ("SEND + MORE = MONEY", "SEND + MORE = MONEY"),
    ("Exercism, 10 letters", EXERCISM_10),
    ("Exercism, 199 addends", EXERCISM_199),
    ("ABC * DE = FGHIJ", "ABC * DE = FGHIJ"),
    ("no solution", "FORTY + TEN + SIX = SIXTY"),
]


@dataclass
class Shape:
    """A puzzle of the form ``W op W op ... = W`` with one operator, ``+`` or ``*``."""

    op: str
    left: list[str]
    right: str

    @property
    def letters(self) -> list[str]:
        return sorted(set("".join([*self.left, self.right])))

    @property
    def leading(self) -> set[str]:
        return {w[0] for w in [*self.left, self.right] if len(w) > 1}


def shape_of(text: str) -> Shape:
    left, right = text.replace("==", "=").split("=")
    op = "*" if "*" in left else "+"
    return Shape(op, [w.strip() for w in left.split(op)], right.strip())


def timed(func: Callable[[], object], runs: int) -> tuple[float, object]:
    """Median CPU seconds of ``runs`` calls after one warm-up call, and the last result."""
    result = func()
    times = []
    for _ in range(runs):
        started = time.process_time()
        result = func()
        times.append(time.process_time() - started)
    return statistics.median(times), result


def run_puzzlewright(text: str) -> int:
    return solve(text).count


def run_cpsat(shape: Shape) -> int:
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    var = {c: model.NewIntVar(1 if c in shape.leading else 0, 9, c) for c in shape.letters}
    model.AddAllDifferent(list(var.values()))

    def word(w: str) -> cp_model.LinearExpr:
        return sum(10 ** (len(w) - 1 - i) * var[c] for i, c in enumerate(w))

    if shape.op == "+":
        model.Add(sum(word(w) for w in shape.left) == word(shape.right))
    else:
        factors = []
        for w in shape.left:
            value = model.NewIntVar(0, 10 ** len(w), w)
            model.Add(value == word(w))
            factors.append(value)
        product = model.NewIntVar(0, 10 ** len(shape.right), "product")
        model.AddMultiplicationEquality(product, factors)
        model.Add(product == word(shape.right))

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def on_solution_callback(self) -> None:
            self.count += 1

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    counter = Counter()
    solver.Solve(model, counter)
    return counter.count


def brute_force_estimate(shape: Shape, sample: int) -> tuple[float, int]:
    """Extrapolated seconds for all permutations, and the solutions seen in the sample."""
    letters = "".join(shape.letters)
    first = [w[0] for w in [*shape.left, shape.right] if len(w) > 1]
    n = len(letters)
    per_stratum = math.perm(9, n - 1)
    total = 0.0
    found = 0
    for d in range(10):
        rest = [str(x) for x in range(10) if x != d]
        started = time.process_time()
        done = 0
        for tail in itertools.islice(itertools.permutations(rest, n - 1), sample):
            done += 1
            table = str.maketrans(letters, str(d) + "".join(tail))
            if any(c.translate(table) == "0" for c in first):
                continue
            if shape.op == "+":
                value = sum(int(w.translate(table)) for w in shape.left)
            else:
                value = 1
                for w in shape.left:
                    value *= int(w.translate(table))
            if value == int(shape.right.translate(table)):
                found += 1
        total += (time.process_time() - started) / done * per_stratum
    return total, found


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="timed runs per solver (median)")
    parser.add_argument("--brute-sample", type=int, default=20000, metavar="K")
    parser.add_argument("--no-brute", action="store_true")
    parser.add_argument("--no-cpsat", action="store_true")
    args = parser.parse_args()
    try:
        if args.no_cpsat:
            raise ImportError
        import ortools  # noqa: F401

        have_cpsat = True
    except ImportError:
        have_cpsat = False
        if not args.no_cpsat:
            print("note: ortools is not installed (pip install ortools); CP-SAT skipped")
    print(
        f"Python {sys.version.split()[0]}; all solutions; median CPU time of {args.runs} "
        "warm runs (CP-SAT: a third as many)"
    )
    header = f"{'puzzle':24} {'sols':>4} {'puzzlewright':>12}"
    if have_cpsat:
        header += f" {'CP-SAT':>12} {'ratio':>7}"
    if not args.no_brute:
        header += f" {'brute force*':>12} {'ratio':>8}"
    print(header)
    print("-" * len(header))
    for name, text in PUZZLES:
        ours, count = timed(lambda text=text: run_puzzlewright(text), args.runs)
        row = f"{name:24} {count:>4} {ms(ours):>12}"
        shape = shape_of(text)
        if have_cpsat:
            runs = max(3, args.runs // 3)
            theirs, their_count = timed(lambda shape=shape: run_cpsat(shape), runs)
            assert their_count == count, (name, their_count, count)
            row += f" {ms(theirs):>12} {theirs / ours:6.1f}x"
        if not args.no_brute:
            brute, _ = brute_force_estimate(shape, args.brute_sample)
            row += f" {brute:10.1f} s {brute / ours:7.0f}x"
        print(row, flush=True)
    print("ratio: other solver's time / puzzlewright's (higher is better for puzzlewright)")
    if not args.no_brute:
        print(f"* brute force extrapolated from {args.brute_sample} permutations per first digit")


if __name__ == "__main__":
    main()
