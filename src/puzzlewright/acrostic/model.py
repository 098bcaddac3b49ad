"""Plain data returned by the acrostic builder."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Literal, TypeAlias

from puzzlewright.acrostic.grid import QuoteGrid
from puzzlewright.stopping import StopReason

BuildStatus: TypeAlias = Literal["built", "impossible", "timeout"]
"""How a build ended: answer sets found, ruled out before searching, or stopped (step
budget, time limit or Ctrl-C, see ``stop_reason``) before an exact set turned up."""


@dataclass
class Answer:
    """One clue: its label, answer word, word-list score and quotation cells (1-based)."""

    label: str
    word: str
    score: int | None = None
    cells: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """The answer as JSON: label, word, score and its quotation cells (1-based)."""
        return asdict(self)


@dataclass
class Acrostic:
    """A finished puzzle: quotation, source, answers with their numbering, and the grid."""

    quote: str
    source: str
    letters: str
    answers: list[Answer]
    grid: QuoteGrid

    def mean_zipf(self) -> float | None:
        """Mean answer score / 10: for the built-in list the familiarity score (zipf less
        the breakfast-test penalty, docs/acrostic.md "Scores"), for a list of one's own
        its scores / 10."""
        scores = [a.score for a in self.answers if a.score is not None]
        return round(sum(scores) / len(scores) / 10, 2) if scores else None

    def min_zipf(self) -> float | None:
        """The lowest word-list score / 10 (the rarest answer)."""
        scores = [a.score for a in self.answers if a.score is not None]
        return min(scores) / 10 if scores else None


@dataclass
class Progress:
    """The best answer set so far of a running build, as :func:`build_acrostic` reports it
    to its ``progress`` callback: first the first exact set, then each better one."""

    words: list[str]  # one answer per clue, in source order (included answers in place)
    scores: list[int | None]
    mean_zipf: float | None  # mean score / 10 (the figure the bound caps)
    min_zipf: float | None
    mean_zipf_bound: float | None  # no exact set has a higher mean (as BuildResult's)
    steps: int  # the search's steps so far (of this try)
    seconds: float  # since the build started

    def to_json(self) -> dict[str, object]:
        """Every field, in order (seconds rounded to ms)."""
        document = asdict(self)
        document["seconds"] = round(self.seconds, 3)
        return document


@dataclass
class BuildResult:
    """Outcome of :func:`build_acrostic`: status built / impossible / timeout.

    ``reason`` is a sentence for a person (why it is impossible, or how close the search came
    before it stopped); ``stop_reason`` the shared stop word (``timeout`` or ``interrupted``)
    when the time limit or Ctrl-C ended the search, also when it had built some sets.
    """

    status: BuildStatus
    quote: str
    source: str
    reason: str | None = None
    puzzles: list[Acrostic] = field(default_factory=list)
    partial: list[Answer] = field(default_factory=list)
    leftover: str = ""  # letters the partial answers leave unused
    overused: str = ""  # letters the partial answers use too often
    seconds: float = 0.0
    stats: dict[str, int | float] = field(default_factory=dict)
    # no exact answer set has a higher mean zipf (the letter-price bound, see acrostic.prices)
    mean_zipf_bound: float | None = None
    stop_reason: StopReason | None = None

    def to_json(self) -> dict[str, object]:
        """The ``acrostic build --json`` document: the best set (or the closest partial one)
        with its grid and figures, the other sets as ``alternatives``."""
        best = self.puzzles[0] if self.puzzles else None
        document: dict[str, object] = {
            "status": self.status,
            "reason": self.reason,
            "stop_reason": self.stop_reason,
            "quote": self.quote,
            "source": self.source,
            "answers": [a.to_json() for a in (best.answers if best else self.partial)],
            "grid": best.grid.to_json() if best else None,
            "seconds": round(self.seconds, 2),
        }
        if best:
            document["mean_zipf"] = best.mean_zipf()
            document["min_zipf"] = best.min_zipf()
            document["mean_zipf_bound"] = self.mean_zipf_bound
            if len(self.puzzles) > 1:
                document["alternatives"] = [
                    {
                        "answers": [a.to_json() for a in p.answers],
                        "mean_zipf": p.mean_zipf(),
                        "min_zipf": p.min_zipf(),
                    }
                    for p in self.puzzles[1:]
                ]
        elif self.status == "timeout":
            document["leftover"] = self.leftover
            document["overused"] = self.overused
        return document
