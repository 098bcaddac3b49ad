"""Cryptarithms explained the way a person solves them, step by named step, and graded.

>>> from puzzlewright.cryptarithm.explain import explain
>>> result = explain("TO + GO = OUT")
>>> result.solution, result.grade.label
({'T': 2, 'O': 1, 'G': 8, 'U': 0}, 'easy')

A deduction engine on the column model (see ``model``), not a replay of the fast search:
each step applies one rule of the catalogue (``catalogue.RULES``) and says why in one sentence.
The final assignment is checked against the fast solver.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from puzzlewright.cryptarithm.explain.catalogue import RULES
from puzzlewright.cryptarithm.explain.driver import Run, count_in, explain_from
from puzzlewright.cryptarithm.explain.grade import GRADES, Grade, grade
from puzzlewright.cryptarithm.explain.model import Model, build_model, single
from puzzlewright.cryptarithm.explain.steps import Branch, Step, digits_of, snapshot
from puzzlewright.cryptarithm.solver import Cryptarithm
from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import StopReason, StopSignal, fields_json

__all__ = ["GRADES", "RULES", "Branch", "Explanation", "Grade", "Step", "explain", "grade_of"]


@dataclass(frozen=True, slots=True)
class Explanation:
    """An explanation: its steps, how it ended, the solution, the grade.

    ``status``: ``"solved"`` (one solution, reached by the steps), ``"several"`` (stopped
    at the branching point; ``solutions`` says how many), ``"impossible"`` (no solution)
    or ``"stopped"`` (time limit or interrupt)."""

    puzzle: str
    status: str
    steps: tuple[Step, ...]
    solution: dict[str, int] | None
    solutions: int
    verified: bool
    grade: Grade
    seconds: float
    stop_reason: StopReason | None = None

    def to_json(self) -> dict[str, object]:
        """The explanation as plain JSON data (the workbench animates ``steps``)."""
        return {
            **fields_json(self, "puzzle status solution solutions verified"),
            "grade": self.grade.to_json(),
            "seconds": round(self.seconds, 4),
            "stop_reason": self.stop_reason,
            "steps": [s.to_json() for s in self.steps],
        }


def _leading_zero_step(problem: Cryptarithm, leading: frozenset[str]) -> Step | None:
    names = [x for x in problem.symbols if x in leading]
    if problem.leading_zeros or not names:
        return None
    who = _listing(names)
    verb = "starts a number, so it is not" if len(names) == 1 else "start numbers, so none is"
    return Step("leading zero", f"{who} {verb} 0.", {x: () for x in names})


def _rewrite_step(problem: Cryptarithm, model: Model) -> Step | None:
    """``MONEY - MORE = SEND is checked as SEND + MORE = MONEY``: the columns are those of
    a sum, so a puzzle written otherwise says first which sum its steps check."""
    if model.kind != "sum":
        return None
    as_sum = f"{' + '.join(model.addends)} = {model.result}"
    if as_sum.replace(" ", "") == problem.text.replace(" ", ""):
        return None
    sentence = (
        f"{problem.text} is checked as {as_sum}: the numbers added are "
        f"{_listing(model.addends)}, their sum is {model.result}."
    )
    return Step("rewrite", sentence, {})


def _listing(names: tuple[str, ...] | list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def explain(
    puzzle: str | Cryptarithm,
    *,
    base: int = 10,
    leading_zeros: bool = False,
    stop: StopSignal | None = None,
) -> Explanation:
    """Explain a sum, difference or product of two numbers step by step; raise
    PuzzleInputError for other puzzles (quotients, powers, several equations)."""
    started = time.perf_counter()
    problem = (
        puzzle
        if isinstance(puzzle, Cryptarithm)
        else Cryptarithm.parse(puzzle, base=base, leading_zeros=leading_zeros)
    )
    model = build_model(problem)
    domains = dict(model.start)
    steps: list[Step] = []
    rewrite = _rewrite_step(problem, model)
    if rewrite is not None:
        steps.append(Step(rewrite.rule, rewrite.sentence, {}, snapshot(domains)))
    first = _leading_zero_step(problem, model.leading)
    if first is not None:
        steps.append(
            Step(
                first.rule,
                first.sentence,
                {x: digits_of(domains[x]) for x in first.changed},
                snapshot(domains),
            )
        )
    run = Run(model, problem, stop)
    status, solutions = explain_from(run, domains, steps, 0)
    solution = None
    verified = False
    if status == "solved":
        solution = {x: single(domains[x]) or 0 for x in model.letters}
        fast = list(problem.solve(limit=2))
        verified = len(fast) == 1 and fast[0] == solution
        solutions = len(fast)
    elif status == "impossible":
        verified = count_in(run, dict(model.start)) == 0
    elif status == "several":
        verified = count_in(run, dict(model.start)) == solutions
    return Explanation(
        problem.text,
        status,
        tuple(steps),
        solution,
        solutions,
        verified,
        grade(steps),
        time.perf_counter() - started,
        stop.reason if stop is not None and status == "stopped" else None,
    )


def grade_of(puzzle: str, *, base: int = 10) -> str | None:
    """The grade label of a sum, difference or product (None for puzzles the engine does
    not explain, such as quotients); what ``find`` and ``encode`` show and filter on."""
    try:
        return explain(puzzle, base=base).grade.label
    except PuzzleInputError:
        return None
