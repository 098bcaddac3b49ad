"""``puzzlewright crossword repair``: the fewest block changes that make a grid fill (a thin
shell over :mod:`puzzlewright.crossword.repair`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import click

from puzzlewright.cli.common import (
    MAX_COUNT,
    MAX_TRIES,
    check_output,
    crossword_wordlist_options,
    emit_json,
    exit_status,
    json_option,
    min_score_help,
    output_option,
    seed_option,
    status,
    stop_note,
    stopping,
    timeout_option,
    warn,
    whole_option,
)
from puzzlewright.cli.crossword import _fill_words, load_grid, save_grid

if TYPE_CHECKING:
    from puzzlewright.crossword.grid import Grid
    from puzzlewright.crossword.repair import Proposal, RepairResult

ADDED, OPENED = "+", "o"
"""How the after-grid marks a new block and an opened cell."""


@click.command("repair")
@click.argument("grid_path", metavar="GRID")
@min_score_help(
    "The fill's floor: the repaired grid must fill with words scoring N or more. Default: "
    "the crossword list's clean fill (50 and up), every word of another list."
)
@crossword_wordlist_options
@whole_option(
    "--max-changes",
    help="Most block changes a proposal may make (a cell with its mirror images is one).",
    default=2,
    most=6,
)
@click.option(
    "--symmetry",
    type=click.Choice(["auto", "rotational", "mirror", "diagonal", "none"]),
    default="auto",
    show_default=True,
    help="The symmetry the changes keep (auto: the grid's own).",
)
@whole_option("--min-length", help="Shortest entry allowed.", default=3, least=2, most=99)
@whole_option("--max-words", help="Most entries allowed.", default=None, most=10_000)
@click.option(
    "--lock",
    "locked",
    default="",
    metavar="KEYS",
    help="Entries to keep as they are (e.g. 17A,3D); complete entries always are.",
)
@whole_option("--count", help="Proposals to show.", default=3, most=MAX_COUNT)
@whole_option(
    "--effort",
    help="Polls of each trial fill's stop signal (counted work; default 250).",
    default=None,
    most=MAX_TRIES,
)
@whole_option("--trials", help="Trial fills in all (default 40).", default=None, most=100_000)
@seed_option
@timeout_option
@output_option("Write the best repaired grid to OUT (.txt, .ipuz, .puz, .xd).", metavar="OUT")
@click.option("--with-fill", is_flag=True, help="Write the repaired grid with its fill to -o.")
@click.option("--force", is_flag=True, help="Allow -o to replace the input file.")
@json_option
def repair(
    grid_path: str,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    max_changes: int,
    symmetry: str,
    min_length: int,
    max_words: int | None,
    locked: str,
    count: int,
    effort: int | None,
    trials: int | None,
    seed: int,
    timeout: float | None,
    output: str | None,
    with_fill: bool,
    force: bool,
    as_json: bool,
) -> int:
    """Propose the fewest block changes that make GRID fill.

    The filler's failures say where: blocks go on the entries it failed on most (cheater
    squares, split long entries) or move next to them, keeping the grid's symmetry, entry
    lengths, connection and word count; letters, complete entries and --lock entries stay.
    Every proposal is verified by a real fill; the fewest changes come first, then the
    best fill. Exit status 0 repaired (or already fillable), 1 no repair found, out of
    time or interrupted, 2 bad input.
    """
    from puzzlewright.crossword.repair import REPAIR_EFFORT, REPAIR_TRIALS, RepairRequest, repair

    check_output(output, inputs=[grid_path], force=force, puzzle_format=True)
    grid, puzzle = load_grid(grid_path, encoding)
    request = RepairRequest(
        grid,
        min_score=min_score,
        max_changes=max_changes,
        symmetry=symmetry,  # type: ignore[arg-type]  # click.Choice checked it
        min_length=min_length,
        max_words=max_words,
        locked=tuple(re.findall(r"\w+", locked.upper())),
        seed=seed,
        count=count,
        effort=REPAIR_EFFORT if effort is None else effort,
        trials=REPAIR_TRIALS if trials is None else trials,
    )
    request.check()
    words = _fill_words((word_paths, encoding, alphabet, min_score), as_json)
    with stopping(timeout) as stop, status("Repairing…", quiet=as_json):
        result = repair(request, words, stop=stop)
    if output is not None and result.proposals:
        best = result.proposals[0]
        grid_out = best.fill.grid if with_fill else best.grid
        save_grid(grid_out, puzzle, output, grid_path, force, quiet=as_json)
    elif output is not None:
        warn(f"nothing written to {output}: no repair found")
    return report(grid, result, as_json)


def report(grid: Grid, result: RepairResult, as_json: bool) -> int:
    """The JSON document or the readable report, the stop note; the exit status."""
    if as_json:
        emit_json(result.to_json())
    else:
        print_repair(grid, result)
    if result.stop_reason is not None:
        warn(stop_note(result.stop_reason))
    return exit_status(result.status in ("repaired", "fillable"), result.stop_reason)


def print_repair(grid: Grid, result: RepairResult) -> None:
    """The readable report: the original's verdict, then each proposal as a diff."""
    evidence = ", ".join(f"{key} ({failures:g})" for key, failures in result.failed_slots)
    click.echo(f"original: {result.original}" + (f"; failed most: {evidence}" if evidence else ""))
    if not result.proposals:
        click.echo(f"{result.status}: {result.reason}")
        return
    for k, proposal in enumerate(result.proposals, 1):
        click.echo("")
        click.echo(f"proposal {k}: {describe(proposal)}")
        for line in diff_lines(grid, proposal):
            click.echo(line)
    click.echo("")
    click.echo(
        f"{result.status}: {len(result.proposals)} proposal(s), {result.counters.trials} "
        f"trial fills, {result.seconds:.1f} s ({ADDED} new block, {OPENED} opened cell)"
    )


def describe(proposal: Proposal) -> str:
    """One line: changes, cells, the fill's average score and word count."""
    cells = [f"r{r + 1}c{c + 1}" for r, c in proposal.added]
    opened = [f"r{r + 1}c{c + 1}" for r, c in proposal.removed]
    parts = [f"{len(proposal.changes)} change(s)"]
    if cells:
        parts.append("block " + " ".join(cells))
    if opened:
        parts.append("open " + " ".join(opened))
    average = proposal.fill.average_score
    parts.append(f"fill average {average:.1f}" if average is not None else "fill average -")
    parts.append(f"{len(proposal.grid.slots())} words")
    return "; ".join(parts)


def diff_lines(before: Grid, proposal: Proposal) -> list[str]:
    """Before, after (changes marked) and the verifying fill, side by side."""
    added, opened = set(proposal.added), set(proposal.removed)
    old = before.rows_text()
    new = [
        "".join(
            ADDED if (r, c) in added else OPENED if (r, c) in opened else ch
            for c, ch in enumerate(row)
        )
        for r, row in enumerate(proposal.grid.rows_text())
    ]
    filled = proposal.fill.grid.rows_text()
    width = max(len(old[0]), len("before"))
    lines = [f"{'before':<{width}}   {'after':<{width}}   fill"]
    for a, b, f in zip(old, new, filled, strict=True):
        lines.append(f"{a:<{width}}   {b:<{width}}   {f}")
    return lines
