"""What ``crossword fill`` shows a person: the grid and its entries, the report of an
unfilled grid, the live progress line and the constraints' verdict (``--json`` prints the
result's own ``to_json()`` instead)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from puzzlewright.cli.common import on_terminal
from puzzlewright.crossword.fill import EntryScore, Fill, FillProgress, FillResult
from puzzlewright.messages import counted

if TYPE_CHECKING:  # a plain fill (no report) does not import the constraints module
    from puzzlewright.crossword.fill.constraints import ConstraintReport


def entry_lines(entries: list[EntryScore]) -> list[str]:
    """The entry list: Across then Down, one ``number ANSWER score`` line each."""
    lines = []
    for direction in ("across", "down"):
        chosen = [entry for entry in entries if entry.direction == direction]
        if not chosen:
            continue
        lines.append(direction.capitalize())
        width = max(len(entry.answer) for entry in chosen)
        for entry in chosen:
            score = "-" if entry.score is None else str(entry.score)
            mark = "  (given)" if entry.given else ""
            lines.append(f"  {entry.number:>3} {entry.answer:<{width}}  {score:>3}{mark}")
    return lines


def describe(fill: Fill) -> str:
    """Average and weakest entries in one line."""
    weakest = ", ".join(f"{e.key} {e.answer} {e.score}" for e in fill.weakest)
    average = "-" if fill.average_score is None else f"{fill.average_score:.1f}"
    return f"average score {average}" + (f"; weakest: {weakest}" if weakest else "")


def print_fill(fill: Fill, heading: str) -> None:
    """A heading, the grid and its entries."""
    click.echo(heading)
    click.echo(fill.grid.to_text(), nl=False)
    click.echo("")
    for line in entry_lines(fill.entries):
        click.echo(line)


def print_result(result: FillResult) -> None:
    """The human-readable report of a fill."""
    if result.status == "filled":
        total = len(result.ranked)
        for k, fill in enumerate(result.ranked, 1):
            which = f"fill {k} of {total}: " if total > 1 else "filled: "
            print_fill(fill, f"{which}{describe(fill)} ({result.seconds:.2f} s)")
            if k < total:
                click.echo("")
        return
    done = sum("?" not in entry.answer for entry in result.entries)
    if result.status == "unfillable":
        heading = f"unfillable: no fill exists with this list (searched in {result.seconds:.2f} s)"
    else:
        why = "interrupted" if result.stop_reason == "interrupted" else "out of time"
        heading = (
            f"timeout: {why} after {result.seconds:.2f} s; best partial fill "
            f"({done} of {counted(len(result.entries), 'entry')})"
        )
    click.echo(heading)
    if result.failed_slots:
        failed = ", ".join(f"{f.key} {f.pattern} ({f.failures}x)" for f in result.failed_slots)
        click.echo(f"slots that failed most: {failed}")
    if result.status == "timeout":
        click.echo(result.grid.to_text(), nl=False)


def progress_display() -> tuple[Callable[[FillProgress], None] | None, Any]:
    """An ``on_progress`` hook and a live status on stderr, only on a terminal."""
    if not on_terminal():
        return None, None
    from puzzlewright.cli.common import stderr  # rich: only on a terminal

    live = stderr.status("Filling…")

    def show(progress: FillProgress) -> None:
        live.update(
            f"Filling: {progress.filled}/{progress.total} entries (best {progress.best}), "
            f"{progress.backtracks} backtracks, {progress.restarts} restarts, "
            f"{progress.elapsed:.1f} s"
        )

    return show, live


def constraint_line(report: ConstraintReport) -> str:
    """One line saying whether the global constraints hold, and why not."""
    where = ""
    if report.nina is not None:
        where = f"; nina along {report.nina.path} every {report.nina.step} cell(s)"
    if report.met:
        return f"constraints met ({report.steps} fills{where})"
    return f"constraints not met ({report.reason}): {report.detail}{where}"
