"""What ``cryptarithm encode`` and ``find`` show: the progress bar, the encodings' table,
the streamed puzzles and the closing totals (rich is imported here, when a search runs).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click
from rich import box
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from puzzlewright.cli.common import on_terminal, stderr, stdout, stop_note, warn

if TYPE_CHECKING:
    from puzzlewright.cryptarithm.encode import EncodeResult
    from puzzlewright.cryptarithm.find import FindRun, FindSpec, FoundPuzzle


@contextmanager
def progress_bar(label: str, total: int | None, *, quiet: bool) -> Iterator[Callable[..., None]]:
    """A progress bar on stderr (terminal only); yields ``update(completed, total, found)``."""
    if quiet or not on_terminal():
        yield lambda *args: None
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[found]:,} found"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=stderr, transient=True) as bar:
        task = bar.add_task(label, total=total, found=0)

        def update(completed: int, new_total: int | None = None, found: int = 0) -> None:
            bar.update(task, completed=completed, total=new_total, found=found)

        yield update


def report_encode(
    result: EncodeResult, grade: str | None, *, unique_only: bool, as_json: bool
) -> None:
    """The encodings (JSON or a table), the grade, and warnings on a stop or no unique form."""
    if as_json:
        records = [e.to_json() | ({"grade": grade} if grade else {}) for e in result.encodings]
        click.echo(json.dumps(records, ensure_ascii=False, indent=2))
    else:
        print_encodings(result)
        if grade:
            stdout.print(f"Grade of every encoding (one letter shape): {grade}", markup=False)
    if stop_note(result.stop_reason):
        warn(f"{stop_note(result.stop_reason)}; ranked among the {result.total} found so far")
    if unique_only and not result.unique:
        many = "no solution" if result.solutions == 0 else "more than one solution"
        warn(
            f"its word forms have {many} (every encoding has the letter shape "
            f"{result.pattern}), so none is unique"
        )


def print_encodings(result: object) -> None:
    from puzzlewright.cryptarithm.encode import EncodeResult

    assert isinstance(result, EncodeResult)
    shape = {0: "no solution", 1: "exactly one solution"}.get(result.solutions, "2+ solutions")
    found = (
        f"{result.total} encodings in {result.seconds:.2f} s"
        if result.searched
        else ("not searched")
    )
    stdout.print(
        f"{result.equation}: {found}; every word form has the shape {result.pattern} ({shape})",
        markup=False,
    )
    if not result.encodings:
        return
    table = Table("#", "puzzle", "0123456789", "score", "mean", "unique", box=box.SIMPLE_HEAD)
    for n, item in enumerate(result.encodings, 1):
        letters = "".join(item.letters.get(str(d), "·") for d in range(10))
        table.add_row(
            str(n),
            item.puzzle,
            letters,
            str(item.score),
            f"{item.mean:.1f}",
            "yes" if item.unique else "no",
        )
    stdout.print(table)


class PuzzlePrinter:
    """Streams each unique puzzle as it is found: a table row, or a JSON Lines record."""

    def __init__(self, spec: FindSpec, seed: int, as_json: bool, grading: bool = False) -> None:
        self.spec = spec
        self.seed = seed
        self.as_json = as_json
        self.grading = grading
        self.count = 0

    def __call__(self, puzzle: FoundPuzzle) -> None:
        self.count += 1
        if self.as_json:
            click.echo(json.dumps(puzzle.to_json(), ensure_ascii=False))
        else:
            if self.count == 1:
                self.header()
            score = "-" if puzzle.score is None else str(puzzle.score)
            graded = f" {puzzle.grade or '-':<9}" if self.grading else ""
            click.echo(
                f"{self.count:>3}  {puzzle.puzzle:<36} {puzzle.digits:<36} {score:>5}{graded}"
            )
        sys.stdout.flush()

    def header(self) -> None:
        """The table's title and column names."""
        spec = self.spec
        mode = "every candidate" if spec.exhaustive or spec.doubly_true else f"seed {self.seed}"
        stdout.print(
            f"[dim]{spec.form.text()} over {len(spec.pool)} words ({mode}); unique puzzles:[/dim]"
        )
        graded = f" {'grade':<9}" if self.grading else ""
        click.echo(f"{'#':>3}  {'puzzle':<36} {'solution':<36} {'score':>5}{graded}")


def report_find(run: FindRun, form: str, limit: int, max_candidates: int, *, as_json: bool) -> None:
    """The totals on stderr, and why the run ended when that needs saying."""
    stats = run.stats
    if as_json:  # the stream's last line: totals and why it ended, like every --json
        totals = {k: v for k, v in run.to_json().items() if k != "puzzles"}
        click.echo(json.dumps({"summary": True, "found": len(run.puzzles), **totals}))
    if not as_json and not run.puzzles:
        stdout.print(f"no unique {form} puzzle found")
    if not as_json or on_terminal():
        stderr.print(
            f"[dim]{len(run.puzzles)} unique from {stats.candidates} candidates "
            f"({stats.filtered} filtered, {stats.checked} checked, "
            f"{stats.checks_per_second:,.0f} checks/s per core) in {run.seconds:.1f} s[/dim]"
        )
    if stop_note(run.stop_reason):
        warn(stop_note(run.stop_reason))
    elif run.stop_reason == "candidates" and len(run.puzzles) < limit:
        warn(f"gave up after {max_candidates} candidates (raise --candidates)")
