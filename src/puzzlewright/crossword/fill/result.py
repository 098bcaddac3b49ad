"""What the filler returns: the fill (or best partial fill), its entries and their scores."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Literal

from puzzlewright.crossword.grid import Direction, Grid
from puzzlewright.stopping import StopReason

if TYPE_CHECKING:  # only a constrained fill makes a report: a plain fill does not import it
    from puzzlewright.crossword.fill.constraints import ConstraintReport

Status = Literal["filled", "unfillable", "timeout"]


@dataclass(frozen=True)
class EntryScore:
    """One entry of a (possibly partial) fill: where it is, its answer and the list's score."""

    key: str
    number: int
    direction: Direction
    row: int
    col: int
    answer: str  # "?" marks cells still empty in a partial fill
    score: int | None  # None when the answer is incomplete or not in the word list
    given: bool = False  # the entry was already complete in the input grid (a seed)

    def to_json(self) -> dict[str, object]:
        """The entry as the ``--json`` document spells it."""
        return {
            "number": self.number,
            "direction": self.direction,
            "row": self.row,
            "col": self.col,
            "answer": self.answer,
            "score": self.score,
        }


@dataclass(frozen=True)
class Fill:
    """One complete fill with its quality figures."""

    grid: Grid
    entries: list[EntryScore]
    average_score: float | None
    weakest: list[EntryScore]

    def to_json(self) -> dict[str, object]:
        """The fill as the ``--json`` document (and the workbench) spells it: rows, entries,
        average score, the weakest entries."""
        document: dict[str, object] = {
            "grid": self.grid.rows_text(),
            "entries": [entry.to_json() for entry in self.entries],
            "average_score": self.average_score,
            "weakest": [entry.to_json() for entry in self.weakest],
        }
        if self.grid.is_barred:  # the rows with their bars, as a text grid writes them
            document["barred_grid"] = self.grid.to_text().splitlines()
        return document


@dataclass(frozen=True)
class FillProgress:
    """A progress report passed to ``on_progress`` while the search runs."""

    filled: int  # slots holding a word now (seeds included)
    total: int  # slots in the grid
    best: int  # most slots filled at once so far
    backtracks: int
    restarts: int
    elapsed: float

    def to_json(self) -> dict[str, object]:
        """The report as the workbench's ``progress`` event spells it."""
        return {**asdict(self), "elapsed": round(self.elapsed, 2)}


@dataclass(frozen=True)
class SlotFailure:
    """A slot that ran out of words during the search, and how often."""

    key: str
    pattern: str  # the slot's letters in the input grid, "?" for empty cells
    failures: int

    def to_json(self) -> dict[str, object]:
        """The failure as JSON: key, pattern, failures."""
        return asdict(self)


@dataclass
class FillResult:
    r"""The outcome of :func:`fill_grid`.

    ``status`` is ``filled``, ``unfillable`` (the search was exhaustive) or ``timeout`` (the
    time limit or Ctrl-C stopped it; ``stop_reason`` says which). ``grid``, ``entries``,
    ``average_score`` and ``weakest`` describe the best fill, or the best partial fill when
    not filled. ``fills`` holds every fill found (best first; one unless ``count`` > 1) and
    ``ranked`` their entries and figures, in the same order.

    >>> from puzzlewright.crossword import Grid
    >>> from puzzlewright.crossword.fill import fill_grid
    >>> from puzzlewright.lexicon import Alphabet, WordList
    >>> words = WordList([(w, 50) for w in "CAT ORE DYE COD ARY TEE".split()], Alphabet.latin(), "")
    >>> result = fill_grid(Grid.parse("C..\n...\n...\n"), words)
    >>> result.status, result.grid.rows_text(), result.stop_reason
    ('filled', ['CAT', 'ORE', 'DYE'], None)
    """

    status: Status
    grid: Grid
    entries: list[EntryScore]
    average_score: float | None
    weakest: list[EntryScore]
    seconds: float
    fills: list[Grid] = field(default_factory=list)
    ranked: list[Fill] = field(default_factory=list)
    failed_slots: list[SlotFailure] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    stop_reason: StopReason | None = None  # "timeout" or "interrupted" when status is timeout
    nodes: int = 0
    backtracks: int = 0
    restarts: int = 0
    constraints: ConstraintReport | None = None  # what global constraints were met, if asked

    @property
    def duplicates(self) -> list[str]:
        """Answers that occur more than once in the best fill (always empty for our fills)."""
        seen: dict[str, int] = {}
        for entry in self.entries:
            if "?" not in entry.answer:
                seen[entry.answer] = seen.get(entry.answer, 0) + 1
        return sorted(answer for answer, count in seen.items() if count > 1)

    def to_json(self, *, every_fill: bool = False) -> dict[str, object]:
        """The ``crossword fill --json`` document: status, the best (partial) fill, the slots
        that failed most (not filled), timing;
        with ``every_fill`` also ``fills``, every fill found, best first."""
        best = Fill(self.grid, self.entries, self.average_score, self.weakest)
        document: dict[str, object] = {"status": self.status, **best.to_json()}
        document["failed_slots"] = [failure.to_json() for failure in self.failed_slots]
        document["seconds"] = self.seconds
        document["stop_reason"] = self.stop_reason
        if self.constraints is not None:
            document["constraints"] = self.constraints.to_json()
        if every_fill:
            document["fills"] = [fill.to_json() for fill in self.ranked]
        return document
