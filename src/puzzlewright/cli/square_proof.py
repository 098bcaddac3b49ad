"""``puzzlewright crossword prove-square``: a double word square's search in shares."""

from __future__ import annotations

import re

import click

from puzzlewright.cli.common import (
    crossword_wordlist_options,
    emit_json,
    exit_status,
    json_option,
    min_score_help,
    on_terminal,
    stop_note,
    stopping,
    timeout_option,
    whole_option,
)
from puzzlewright.cli.crossword import _fill_words, load_grid
from puzzlewright.crossword.fill.shares import MAX_PARTS, ShareResult, SquareProof
from puzzlewright.errors import PuzzleInputError

_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


def parse_shares(text: str | None, parts: int) -> list[int] | None:
    """``--shares`` (``K``, ``A-B``, comma-separated, from 0) as a sorted list; None: all."""
    if text is None:
        return None
    chosen: set[int] = set()
    for piece in text.split(","):
        match = _RANGE.match(piece)
        if match is None:
            raise PuzzleInputError(f"bad --shares {text!r}: give K, A-B or a list of them")
        first = int(match.group(1))
        last = int(match.group(2) or first)
        if not first <= last < parts:
            raise PuzzleInputError(f"--shares {piece.strip()}: shares run from 0 to {parts - 1}")
        chosen.update(range(first, last + 1))
    return sorted(chosen)


@click.command("prove-square")
@click.argument("grid_path", metavar="GRID")
@min_score_help("The search's floor: only words scoring N or more.")
@crossword_wordlist_options
@whole_option(
    "--parts",
    help="Split the exhaustive search into N independent shares (by a hash of the first word).",
    most=MAX_PARTS,
    metavar="N",
)
@click.option(
    "--shares",
    default=None,
    metavar="K|A-B,...",
    help="Search only these shares (from 0); default: all of them.",
)
@click.option(
    "--scheduler",
    metavar="tcp://HOST:PORT",
    help="Run each share as a task on this Dask cluster (workers with one thread each).",
)
@timeout_option
@json_option
def prove_square(
    grid_path: str,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    parts: int,
    shares: str | None,
    scheduler: str | None,
    timeout: float | None,
    as_json: bool,
) -> int:
    """Search a grid without blocks (a double word square), or a small dense grid (every
    row and column one entry of 6+ letters), for a fill, share by share.

    The search is exhaustive: when every share of --parts ends without a fill, none exists.
    Shares are independent, so a proof that takes days of one core can run as --parts tasks
    on a Dask cluster (--scheduler), or in batches (--shares) on any machines.
    """
    from puzzlewright.crossword.fill import FillRequest
    from puzzlewright.crossword.fill.shares import prove_square as prove
    from puzzlewright.workers import check_scheduler

    chosen = parse_shares(shares, parts)
    check_scheduler(scheduler)
    grid, _ = load_grid(grid_path, encoding)
    words = _fill_words((word_paths, encoding, alphabet, min_score), quiet=as_json)
    request = FillRequest(grid, min_score=min_score)
    shown = None if as_json or not on_terminal() else show_share
    with stopping(timeout) as stop:
        proof = prove(
            request, words, parts, shares=chosen, scheduler=scheduler, stop=stop, on_share=shown
        )
    if as_json:
        emit_json(proof.to_json())
    else:
        print_proof(proof, len(chosen) if chosen is not None else parts)
    if stop.reason is not None:
        click.echo(f"note: {stop_note(stop.reason)}", err=True)
    return exit_status(proof.status == "filled", stop.reason)


def show_share(result: ShareResult) -> None:
    click.echo(
        f"share {result.share}: {result.status}, {result.nodes:,} nodes, "
        f"{result.cpu_seconds:.1f} CPU s",
        err=True,
    )


def print_proof(proof: SquareProof, asked: int) -> None:
    """The verdict, the shares searched, and the fill when one was found."""
    done = sum(s.status != "timeout" for s in proof.shares)
    verdict = {
        "filled": "filled",
        "unfillable": "unfillable: every share searched to its end without a fill",
        "partial": "no fill in the shares searched (not a proof until every share is)",
    }[proof.status]
    click.echo(verdict)
    cpu = sum(s.cpu_seconds for s in proof.shares)
    click.echo(
        f"{done} of {asked} share(s) asked searched to the end (of {proof.parts}), "
        f"{proof.nodes:,} nodes, {cpu:.1f} CPU s"
    )
    fill = next((s.fill for s in proof.shares if s.fill is not None), None)
    for row in fill or []:
        click.echo(row)
