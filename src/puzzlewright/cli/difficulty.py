"""``crossword difficulty``: the difficulty estimate of a filled grid, and the short line
``crossword check`` prints; a thin shell over :mod:`puzzlewright.crossword.difficulty`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from puzzlewright.cli.common import (
    emit_json,
    json_option,
    load_words,
    min_score_help,
    warn,
    whole_option,
    wordlist_options,
)

if TYPE_CHECKING:
    from puzzlewright.crossword.difficulty import DifficultyEstimate


def difficulty_line(estimate: DifficultyEstimate) -> str:
    """``difficulty: Wednesday-like (level 3.1); ...`` for ``crossword check``."""
    needed = (
        f"a solver must know entries down to familiarity {estimate.needed}"
        if estimate.needed is not None
        else "some entry cannot be got even knowing every entry wordfreq has met"
    )
    where = ", ".join(f"r{n.row}c{n.col} {n.across}/{n.down}" for n in estimate.naticks[:6])
    naticks = f"{len(estimate.naticks)} ({where})" if estimate.naticks else "none"
    return (
        f"difficulty: {estimate.day}-like (level {estimate.level:.1f}); {needed}; "
        f"Naticks: {naticks}"
    )


@click.command()
@click.argument("grid_path", metavar="GRID")
@whole_option(
    "--natick-familiarity",
    help="The Natick check's solver knows entries of this familiarity and above (default 20).",
    default=None,
    least=0,
    most=100,
)
@min_score_help(
    "Load only words scoring N or more (a filter as the list loads): crossing letters are "
    "matched against the words left."
)
@wordlist_options
@json_option
def difficulty(
    grid_path: str,
    natick_familiarity: int | None,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    as_json: bool,
) -> int:
    """Estimate how hard the filled GRID is to solve, before anyone has solved it.

    Simulates a solver who knows every entry at or above a familiarity threshold (round(10
    * zipf): 50 everyday, 30 uncommon, 20 rare) and gets the others only from crossings:
    an entry falls when its crossing letters leave one word of the list (--words) or cross
    all its cells. Prints each entry's familiarity and the highest threshold at which it
    falls, the highest at which the whole grid falls, a Monday-to-Saturday level
    (calibrated on published puzzles: docs/difficulty.md) and the Naticks: two rare
    entries crossing at a letter neither entry's other letters force. Exit status 0.
    """
    from puzzlewright.crossword.difficulty import NATICK_FAMILIARITY, estimate_difficulty
    from puzzlewright.crossword.formats import load_puzzle

    grid = load_puzzle(grid_path).grid
    words, _ = load_words(word_paths, encoding, alphabet, min_score, quiet=as_json)
    below = NATICK_FAMILIARITY if natick_familiarity is None else natick_familiarity
    estimate = estimate_difficulty(grid, words, natick_familiarity=below)
    if as_json:
        emit_json(estimate.to_json())
        return 0
    for warning in estimate.warnings:
        warn(warning)
    click.echo(difficulty_line(estimate))
    click.echo(
        f"typical entry falls at familiarity {estimate.typical}; "
        f"average entry length {estimate.average_length}"
    )
    for entry in sorted(estimate.entries, key=lambda e: (e.falls_at or -1, e.key)):
        familiarity = "-" if entry.familiarity is None else entry.familiarity
        falls = "never" if entry.falls_at is None else entry.falls_at
        how = "from crossings" if entry.by_crossings else "known"
        click.echo(
            f"  {entry.key:>4} {entry.answer:<15} {familiarity!s:>3} falls at {falls} ({how})"
        )
    for natick in estimate.naticks:
        click.echo(
            f"Natick r{natick.row}c{natick.col}: {natick.across} {natick.answers[0]} x "
            f"{natick.down} {natick.answers[1]} (could be {', '.join(natick.letters)})"
        )
    return 0
