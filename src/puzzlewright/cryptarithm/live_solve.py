"""What the cryptarithm studio asks of the engine: a bounded solve as the puzzle is typed
(the word pools of a find run are :func:`puzzlewright.cryptarithm.find_themes.find_pool`'s).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from puzzlewright.cryptarithm.solver import Cryptarithm, parse_assignments, parse_forbidden
from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import StopReason, StopSignal, fields_json

MAX_PUZZLE = 5000  # characters of a typed puzzle (199 addends take ~2,000)
SHOWN = 10  # solutions returned in full


@dataclass
class LiveSolve:
    """A live solve: the first solutions, the count (up to a limit) and the verdict."""

    puzzle: str
    symbols: list[str]
    solutions: list[dict[str, int]] = field(default_factory=list)
    substituted: list[str] = field(default_factory=list)
    count: int = 0
    complete: bool = True
    stop_reason: StopReason | None = None
    seconds: float = 0.0
    explanation: dict[str, object] | None = None

    @property
    def verdict(self) -> str:
        """``unique``, ``no solution``, ``N solutions`` or ``at least N solutions``."""
        if not self.complete:
            return f"at least {self.count} solution{'s' if self.count != 1 else ''}"
        if self.count == 0:
            return "no solution"
        if self.count == 1:
            return "unique"
        return f"{self.count} solutions"

    def to_json(self) -> dict[str, object]:
        """The check as the studio's JSON: the puzzle, its solutions and the verdict."""
        return {
            **fields_json(self, "puzzle symbols solutions substituted count complete"),
            "unique": self.complete and self.count == 1,
            **fields_json(self, "verdict stop_reason"),
            "seconds": round(self.seconds, 4),
            "explanation": self.explanation,
        }


def live_solve(
    text: str,
    *,
    base: int = 10,
    leading_zeros: bool = False,
    assign: str = "",
    forbid: Sequence[str] = (),
    digits: str | None = None,
    count_limit: int = 1000,
    stop: StopSignal | None = None,
    explain_steps: bool = False,
) -> LiveSolve:
    """Solve ``text`` with the CLI's options, counting up to ``count_limit`` solutions; with
    ``explain_steps``, also the step-by-step explanation and grade (``--explain --json``'s
    ``explanation`` with its ``steps``), or ``{"error": why}`` for a puzzle it does not cover."""
    if len(text) > MAX_PUZZLE:
        raise PuzzleInputError(f"the puzzle is limited to {MAX_PUZZLE} characters")
    puzzle = Cryptarithm.parse(
        text,
        base=base,
        leading_zeros=leading_zeros,
        assign=parse_assignments([assign] if assign.strip() else [], base),
        forbid=parse_forbidden([f for f in forbid if f.strip()], base),
        digits=digits or None,
    )
    found = puzzle.search(limit=count_limit, stop=stop, keep=True)
    shown = found.solutions[:SHOWN]
    explanation = _explanation(puzzle, stop) if explain_steps else None
    return LiveSolve(
        puzzle=puzzle.text,
        symbols=list(puzzle.symbols),
        solutions=shown,
        substituted=[puzzle.substitute(s) for s in shown],
        count=found.count,
        complete=found.complete,
        stop_reason=found.stop_reason,
        seconds=found.seconds,
        explanation=explanation,
    )


def _explanation(puzzle: Cryptarithm, stop: StopSignal | None) -> dict[str, object]:
    """The explanation's JSON, or why there is none (a quotient, a power, ...)."""
    from puzzlewright.cryptarithm.explain import explain

    try:
        return explain(puzzle, stop=stop).to_json()
    except PuzzleInputError as error:
        return {"error": str(error)}
