"""``crossword draft`` and ``crossword clue-history``: help with cluing.

Thin shells over :mod:`puzzlewright.crossword.drafts` (WordNet drafts for an entry) and
:mod:`puzzlewright.crossword.clue_history` (your own earlier clues, from a folder of
puzzles); registered into the ``crossword`` group.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import click

from puzzlewright.cli.common import (
    emit_json,
    exit_status,
    fail,
    json_option,
    status,
    stop_note,
    stopping,
    timeout_option,
    warn,
    whole_option,
)
from puzzlewright.messages import counted

if TYPE_CHECKING:
    from puzzlewright.crossword.clue_history import ClueIndex, ClueUse, Repeat


@click.command()
@click.argument("entries", nargs=-1, required=True, metavar="ENTRY...")
@whole_option("--limit", help="Drafts per entry.", default=6)
@json_option
def draft(entries: tuple[str, ...], limit: int, as_json: bool) -> int:
    """Draft clues for each ENTRY (a word, or a phrase squashed or not: ICECREAM, "ice
    cream") from WordNet's definitions and synonyms, most familiar sense first.

    Drafts never contain the answer, its stem or a part of a phrase. Exit status 0 when
    every entry got a draft, 1 when one got none.
    """
    from puzzlewright.crossword.drafts import draft_clues

    results = [draft_clues(entry, limit=limit) for entry in entries]
    if as_json:
        emit_json({"results": [result.to_json() for result in results]})
    else:
        for result in results:
            click.echo(result.entry)
            if not result.drafts:
                click.echo("  (no draft: WordNet does not know it)")
            for item in result.drafts:
                click.echo(f"  {item.clue}  [{item.kind}, sense {item.sense + 1}]")
    return 0 if all(result.drafts for result in results) else 1


@click.command("clue-history")
@click.argument("folder", type=click.Path(path_type=str))
@click.argument("answers", nargs=-1, metavar="[ANSWER...]")
@click.option("--search", "words", default=None, help="Clues containing all these words.")
@click.option(
    "--check",
    "puzzle_path",
    default=None,
    type=click.Path(path_type=str),
    help="Warn about the clues of this puzzle that repeat a recent clue for the same answer.",
)
@click.option(
    "--recent-days",
    type=click.FloatRange(min=0),
    default=365.0,
    show_default=True,
    help="With --check: how recent an earlier puzzle (its file's modification time) counts.",
)
@whole_option("--limit", help="Clues shown per answer or search.", default=50)
@timeout_option
@json_option
def clue_history(
    folder: str,
    answers: tuple[str, ...],
    words: str | None,
    puzzle_path: str | None,
    recent_days: float,
    limit: int,
    timeout: float | None,
    as_json: bool,
) -> int:
    """Your earlier clues: index every clue of the puzzles in FOLDER (.ipuz, .puz, .jpz,
    .xd, in subfolders too) and show those for each ANSWER, newest first.

    --search finds clues by their words; --check PUZZLE warns about its clues that repeat
    one you used for the same answer in the last --recent-days. Files that do not read are
    listed as warnings. Exit status 0, 1 when nothing was found or a repeat was found.
    """
    from puzzlewright.crossword.clue_history import build_index

    if not answers and words is None and puzzle_path is None:
        raise fail("give ANSWERs, --search WORDS or --check PUZZLE")
    with stopping(timeout) as stop, status("Reading puzzles…"):
        index = build_index(folder, stop=stop)
    found = {answer: index.lookup(answer)[:limit] for answer in answers}
    searched = index.search(words, limit) if words is not None else None
    repeats = _repeats(index, puzzle_path, recent_days)
    document = {
        **index.to_json(),
        "answers": {a: [u.to_json() for u in uses] for a, uses in found.items()},
        "search": None if searched is None else [u.to_json() for u in searched],
        "repeats": None if repeats is None else [r.to_json() for r in repeats],
    }
    if as_json:
        emit_json(document)
    else:
        _print_history(index, found, searched, repeats, words)
    if stop_note(index.stop_reason):
        warn(f"{stop_note(index.stop_reason)}; {index.puzzles} puzzles were read")
    nothing = not any(found.values()) and not searched and repeats is None
    return exit_status(not nothing and not repeats, index.stop_reason)


def _repeats(index: ClueIndex, puzzle_path: str | None, recent_days: float) -> list[Repeat] | None:
    """The repeats of ``puzzle_path`` against the index (None without --check)."""
    from puzzlewright.crossword.formats import load_puzzle

    if puzzle_path is None:
        return None
    puzzle = load_puzzle(puzzle_path, warnings=[])
    return index.repeats(puzzle, recent_days=recent_days, now=time.time(), exclude=puzzle_path)


def _use_line(use: ClueUse) -> str:
    """``  Clue text  (file.puz 12A, 2026-03-01)``."""
    when = time.strftime("%Y-%m-%d", time.localtime(use.modified))
    return f"  {use.clue}  ({use.path} {use.key}, {when})"


def _print_history(
    index: ClueIndex,
    found: dict[str, list[ClueUse]],
    searched: list[ClueUse] | None,
    repeats: list[Repeat] | None,
    words: str | None,
) -> None:
    """The clues found, the search, the repeats and the index's figures."""
    for path, why in index.skipped:
        warn(f"skipped {path}: {why}")
    for answer, uses in found.items():
        click.echo(f"{answer}: {counted(len(uses), 'earlier clue')}")
        for use in uses:
            click.echo(_use_line(use))
    if searched is not None:
        click.echo(f"clues with {words!r}: {len(searched)}")
        for use in searched:
            click.echo(f"  {use.answer}:" + _use_line(use)[1:])
    if repeats is not None:
        click.echo(f"{counted(len(repeats), 'repeated clue')}")
        for item in repeats:
            click.echo(
                f"  {item.key} {item.answer}: {item.clue!r} was used in "
                f"{item.earlier.path} {item.earlier.key}"
            )
    click.echo(
        f"{counted(index.puzzles, 'puzzle')}, {counted(index.clues, 'clue')} for "
        f"{counted(len(index.by_answer), 'answer')} in {index.seconds:.2f} s"
    )
