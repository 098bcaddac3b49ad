"""Listing many cryptarithm solutions: plain lines against a rich table per solution.

``cryptarithm solve`` lists more than 20 solutions as plain lines (issue 25: 21,312
solutions, a table each, printed for minutes after ``--timeout`` had stopped the search).
This times both ways of printing the same solutions of ``(A+B)^(C*D*E*F)=G`` into a
string, as CPU time (``time.process_time``), median of several runs in one process: the
baseline (a table per solution, as before) and the plain lines, and their ratio.

``python benchmarks/cryptarithm_listing.py [--solutions N] [--runs R]``; asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import time
from collections.abc import Callable

from rich.console import Console

from puzzlewright.cli import cryptarithm as command
from puzzlewright.cryptarithm import Cryptarithm

PUZZLE = "(A+B)^(C*D*E*F)=G"


def cpu(func: Callable[[], object], runs: int) -> float:
    """Median CPU seconds of ``func`` over ``runs`` runs (one untimed run first)."""
    func()
    times = []
    for _ in range(runs):
        start = time.process_time()
        func()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solutions", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    problem = Cryptarithm.parse(PUZZLE)
    solutions = problem.search(limit=args.solutions).solutions
    command.stdout = Console(file=io.StringIO(), width=100, highlight=False)

    def tables() -> None:
        for number, solution in enumerate(solutions, 1):
            command._print_solution(problem, solution, number)

    def plain() -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            command._print_plain(problem, solutions)

    before, after = cpu(tables, args.runs), cpu(plain, args.runs)
    count = len(solutions)
    print(f"{count:,} solutions of {PUZZLE}, median CPU of {args.runs} runs")
    for name, seconds in (("a rich table each (baseline)", before), ("plain lines", after)):
        print(f"  {name:30} {seconds:8.3f} s  {seconds / count * 1e3:.3f} ms each")
    print(f"  ratio: plain / tables = {after / before:.3f} ({before / after:.0f}x faster)")


if __name__ == "__main__":
    main()
