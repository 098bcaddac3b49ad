"""The barred and British options of ``crossword pattern`` and the ``crossword check``
command: thin shells over :mod:`puzzlewright.crossword.barred` and
:mod:`puzzlewright.crossword.checking`."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from puzzlewright.cli.common import (
    MAX_LENGTH,
    FiniteFloat,
    emit_json,
    fail,
    json_option,
    load_words,
    min_score_help,
    whole_option,
    wordlist_options,
)

if TYPE_CHECKING:
    from puzzlewright.crossword.barred import BarredSpec
    from puzzlewright.crossword.grid import Grid
    from puzzlewright.crossword.statistics import FillStatistics

F = TypeVar("F", bound=Callable[..., Any])
OPTIONS = ("barred_grid", "style", "max_length", "unches")


def barred_options(func: F) -> F:
    """Add --barred, --style, --max-length and --unches, passed on as ``barred={...}``."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs["barred"] = {name: kwargs.pop(name) for name in OPTIONS}
        return func(*args, **kwargs)

    command: Any = wrapper
    options = [
        click.option(
            "--barred",
            "barred_grid",
            is_flag=True,
            help="A barred grid (Azed, the Listener): bars, not blocks, end the entries.",
        ),
        click.option(
            "--style",
            type=click.Choice(["american", "british"]),
            default="american",
            show_default=True,
            help="british: a blocked grid on the British lattice (alternate unches on the "
            "edges, every entry at most half unchecked, no double unches).",
        ),
        click.option(
            "--max-length",
            type=click.IntRange(min=2, max=MAX_LENGTH),
            default=None,
            help="Longest entry.",
        ),
        click.option(
            "--unches",
            type=FiniteFloat(0, 0.5),
            default=0.3,
            show_default=True,
            help="With --barred: the fraction of cells left unchecked.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command  # type: ignore[no-any-return]


def barred_spec(
    barred: dict[str, Any],
    width: int,
    height: int,
    blocks: int | None,
    max_words: int | None,
    symmetry: str,
    min_length: int,
) -> BarredSpec | None:
    """The BarredSpec asked for by --barred or --style british (None for American grids)."""
    from puzzlewright.crossword.barred import BarredSpec

    if not barred["barred_grid"] and barred["style"] != "british":
        if barred["max_length"] is not None:
            raise fail("--max-length goes with --barred or --style british")
        return None
    if barred["barred_grid"] and barred["style"] == "british":
        raise fail("give --barred or --style british, not both")
    if blocks is not None:
        raise fail("--blocks does not apply to barred or British grids (use --max-words)")
    if symmetry != "rotational":
        raise fail("barred and British grids are made with rotational symmetry only")
    return BarredSpec(
        width,
        height,
        style="barred" if barred["barred_grid"] else "british",
        min_length=min_length,
        max_length=barred["max_length"],
        unches=barred["unches"],
        words=max_words,
    )


def checking_line(grid: Grid) -> str:
    """``unches: 44 of 144 cells; per entry at most 2 (1A 2/9, ...); double unches: 0``."""
    from puzzlewright.crossword.checking import checking

    report = checking(grid)
    worst = sorted(report.entries, key=lambda e: (-e.unches / e.length, e.key))[:3]
    per_entry = ", ".join(f"{e.key} {e.unches}/{e.length}" for e in worst)
    return (
        f"unches: {report.unches} of {report.cells} cells; most unchecked entries: "
        f"{per_entry}; double unches: {report.double_unches}"
    )


def barred_json(grid: Grid, fill: Grid | None) -> dict[str, Any]:
    """Checking figures for a pattern's JSON, and its rows with bars when it has any."""
    from puzzlewright.crossword.checking import checking

    report = checking(grid)
    document: dict[str, Any] = {
        "unches_per_entry": {e.key: e.unches for e in report.entries},
        "double_unches": report.double_unches,
    }
    if grid.is_barred:
        document["barred_rows"] = grid.to_text().splitlines()
        if fill is not None:
            document["barred_fill"] = fill.to_text().splitlines()
    return document


@click.command()
@click.argument("grid_path", metavar="GRID")
@whole_option("--min-length", help="Shortest entry.", default=3, most=MAX_LENGTH)
@whole_option("--max-length", help="Longest entry.", default=None, most=MAX_LENGTH)
@click.option("--symmetric", is_flag=True, help="Also require 180° symmetric blocks and bars.")
@min_score_help(
    "Load only words scoring N or more (a filter as the list loads): the statistics count an "
    "entry below N as not in the list."
)
@wordlist_options
@json_option
def check(
    grid_path: str,
    min_length: int,
    max_length: int | None,
    symmetric: bool,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    as_json: bool,
) -> int:
    """Check GRID against the British conventions (unches per entry, double unches) and
    show its statistics.

    Reports every entry's unchecked cells and the broken conventions (entries shorter than
    --min-length, more than half an entry unchecked, two unches in a row, cells in no
    entry, entries that do not connect), then the statistics: word count, average length,
    blocks, open and unchecked squares, letters and pangram, Scrabble score, entries by
    score band in the word list (--words), repeated words and stems, breakfast-test
    failures and draft clues, and for a filled grid the difficulty estimate (a
    Monday-to-Saturday level and the Naticks; details: crossword difficulty). Exit status
    0 sound, 1 a convention broken.
    """
    from puzzlewright.crossword.checking import checking
    from puzzlewright.crossword.difficulty import estimate_difficulty
    from puzzlewright.crossword.formats import load_puzzle
    from puzzlewright.crossword.statistics import fill_statistics

    puzzle = load_puzzle(grid_path)
    grid = puzzle.grid
    report = checking(grid, min_length=min_length, max_length=max_length, symmetric=symmetric)
    words, _ = load_words(word_paths, encoding, alphabet, min_score, quiet=as_json)
    stats = fill_statistics(grid, words, puzzle)
    estimate = estimate_difficulty(grid, words) if grid.is_filled() and grid.slots() else None
    if as_json:
        found = None if estimate is None else estimate.to_json()
        emit_json({**report.to_json(), "statistics": stats.to_json(), "difficulty": found})
        return 0 if report.ok else 1
    click.echo(checking_line(grid))
    for entry in report.entries:
        marks = "".join("-" if i in entry.positions else "x" for i in range(entry.length))
        click.echo(f"  {entry.key:>4} {entry.length:>2}  {marks}  {entry.unches} unch(es)")
    for problem in report.problems:
        click.echo(f"problem: {problem}")
    click.echo("sound" if report.ok else f"{len(report.problems)} convention(s) broken")
    click.echo()
    for line in statistics_lines(stats):
        click.echo(line)
    if estimate is not None:
        from puzzlewright.cli.difficulty import difficulty_line

        click.echo(difficulty_line(estimate))
    return 0 if report.ok else 1


def statistics_lines(stats: FillStatistics) -> list[str]:
    """The statistics as text, one figure or list a line."""
    letters = " ".join(f"{ch}{n}" for ch, n in stats.letters.items())
    pangram = "yes" if stats.pangram else f"no (missing {stats.missing_letters})"
    lines = [
        f"words: {stats.words}, average length {stats.average_length}, blocks: {stats.blocks}",
        f"open squares: {stats.open_squares}, unchecked squares: {stats.unchecked_squares}",
        f"letters: {letters}",
        f"pangram: {pangram}",
        f"Scrabble score: {stats.scrabble_score} ({stats.scrabble_average} per square)",
    ]
    for band, answers in stats.score_bands.items():
        if answers:
            lines.append(
                f"score {band}: {len(answers)} ({', '.join(answers[:12])}"
                + (", ...)" if len(answers) > 12 else ")")
            )
    lines.append(f"repeated words: {', '.join(stats.repeated_words) or 'none'}")
    dupes = [f"{d.answers[0]}/{d.answers[1]} ({d.stem})" for d in stats.stem_dupes]
    lines.append(f"repeated stems: {', '.join(dupes) or 'none'}")
    lines.append(f"breakfast test: {', '.join(stats.breakfast) or 'passes'}")
    if stats.draft_clues:
        lines.append(f"draft clues still to edit: {stats.draft_clues}")
    return lines
