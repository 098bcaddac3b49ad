"""``crossword clues``, ``draft`` and ``clue-history``: cluing a puzzle.

Thin shells over :mod:`puzzlewright.crossword.clues` (a clue file attached to a filled grid
or an acrostic), :mod:`puzzlewright.crossword.drafts` (WordNet drafts for an entry) and
:mod:`puzzlewright.crossword.clue_history` (your own earlier clues, from a folder of
puzzles); registered into the ``crossword`` group.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import click

from puzzlewright.cli.common import (
    check_output,
    emit_json,
    exit_status,
    fail,
    json_option,
    output_option,
    status,
    stop_note,
    stopping,
    timeout_option,
    warn,
    whole_option,
)
from puzzlewright.errors import PuzzleInputError
from puzzlewright.messages import counted

if TYPE_CHECKING:
    from puzzlewright.crossword.clue_history import ClueIndex, ClueUse, Repeat
    from puzzlewright.crossword.clues import ClueReport
    from puzzlewright.crossword.drafts import PuzzleDrafts


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


# -- clues --------------------------------------------------------------------------------------
@click.command()
@click.argument("filled", metavar="FILLED", type=click.Path(path_type=str))
@click.argument("clue_file", metavar="[CLUES]", type=click.Path(path_type=str), required=False)
@click.option(
    "--draft",
    is_flag=True,
    help="Fill the clues still empty with draft clues from WordNet, marked with --draft-mark.",
)
@click.option(
    "--draft-mark",
    default="[draft] ",
    show_default=True,
    help="What each drafted clue starts with ('' for nothing).",
)
@output_option("The clued puzzle.", required=True)
@click.option("--force", is_flag=True, help="Allow OUT to replace an input file.")
@json_option
def clues(
    filled: str,
    clue_file: str | None,
    draft: bool,
    draft_mark: str,
    output: str,
    force: bool,
    as_json: bool,
) -> int:
    """Attach clues from a clue file to a filled grid, matching entries by answer; with
    --draft, draft the clues still missing from WordNet.

    CLUES has `ANSWER<TAB>clue` or `ANSWER: clue` lines. An answer that occurs twice in the
    grid gets the same clue, or the file's clues for it in order. Entries left without a
    clue and clue lines whose answer is not in the grid are listed; with --draft, the
    entries WordNet could not clue. FILLED may also be an acrostic .ipuz (from `acrostic
    build -o`): its answers get their clues the same way, and OUT must then be .ipuz.
    """
    from puzzlewright.crossword.clues import attach_clues, read_clues
    from puzzlewright.crossword.formats import load_puzzle, save_puzzle

    if clue_file is None and not draft:
        raise fail("give a CLUES file, --draft, or both")
    inputs = [filled] if clue_file is None else [filled, clue_file]
    check_output(output, inputs=inputs, force=force, puzzle_format=True)
    acrostic = _acrostic_document(filled)
    if acrostic is not None:
        if clue_file is None:
            raise fail("--draft drafts crossword clues; give a CLUES file for an acrostic")
        return _acrostic_clues(acrostic, filled, read_clues(clue_file), output, force, as_json)
    warnings: list[str] = []
    puzzle = load_puzzle(filled, warnings=warnings)
    lines = read_clues(clue_file) if clue_file is not None else []
    try:
        report = attach_clues(puzzle, lines)
    except PuzzleInputError as exc:
        raise fail(f"{filled}: {exc}") from None
    drafts = None
    if draft:
        from puzzlewright.crossword.drafts import draft_missing

        with status("Drafting clues…"):
            drafts = draft_missing(report.puzzle, mark=draft_mark)
    result = report.puzzle if drafts is None else drafts.puzzle
    warnings.extend(save_puzzle(result, output, force=force, inputs=inputs))
    if as_json:
        extra = {} if drafts is None else drafts.to_json()
        emit_json(
            {"input": filled, "output": output, **report.to_json(), **extra, "warnings": warnings}
        )
        return 0
    _print_clue_report(report, warnings, output, listing=drafts is None)
    if drafts is not None:
        _print_drafts(drafts)
    return 0


def _print_clue_report(
    report: ClueReport, warnings: list[str], output: str, *, listing: bool
) -> None:
    """What attaching did: warnings, counts, the entries without a clue (``listing``)."""
    for message in warnings:
        warn(message)
    for line in report.not_in_grid:
        warn(f"line {line.line}: {line.answer} is not in the grid")
    for line in report.unused:
        warn(f"line {line.line}: one clue more for {line.answer} than the grid has entries")
    click.echo(
        f"attached {counted(len(report.attached), 'clue')} to "
        f"{counted(len(report.entries), 'entry')}; wrote {output}"
    )
    missing = report.missing
    if missing and listing:
        click.echo(f"{counted(len(missing), 'entry')} without a clue:")
        for entry in missing:
            click.echo(f"  {entry.key:>5} {entry.answer}")


def _acrostic_document(path: str) -> dict[str, Any] | None:
    """The ipuz document at ``path`` when it is an acrostic, else None (a crossword)."""
    if not path.lower().endswith(".ipuz"):
        return None
    from puzzlewright.crossword.formats.acrostic_ipuz import is_acrostic
    from puzzlewright.crossword.formats.limits import load_json
    from puzzlewright.fileio import read_text_input

    data = load_json(read_text_input(path, "puzzle"), path)
    return data if isinstance(data, dict) and is_acrostic(data) else None


def _acrostic_clues(
    data: dict[str, Any], source: str, lines: list[Any], output: str, force: bool, as_json: bool
) -> int:
    """``crossword clues`` on an acrostic: attach by answer, write the ipuz, report."""
    import json

    from puzzlewright.acrostic.ipuz import attach_acrostic_clues
    from puzzlewright.fileio import write_atomic

    if not output.lower().endswith(".ipuz"):
        raise fail(f"{output}: an acrostic is written as .ipuz")
    try:
        report = attach_acrostic_clues(data, lines)
    except PuzzleInputError as exc:
        raise fail(f"{source}: {exc}") from None
    text = json.dumps(report.document, ensure_ascii=False, indent=1) + "\n"
    write_atomic(output, text.encode("utf-8"), inputs=[source], force=force)
    if as_json:
        emit_json({"input": source, "output": output, "kind": "acrostic", **report.to_json()})
        return 0
    for number, answer in report.not_in_puzzle:
        warn(f"line {number}: {answer} is not an answer of the acrostic")
    total = len(report.attached) + len(report.missing)
    click.echo(
        f"attached {counted(len(report.attached), 'clue')} to the acrostic's "
        f"{counted(total, 'answer')}; wrote {output}"
    )
    if report.missing:
        click.echo(f"{counted(len(report.missing), 'answer')} without a clue:")
        for label, answer in report.missing:
            click.echo(f"  {label:>5} {answer}")
    return 0


def _print_drafts(drafts: PuzzleDrafts) -> None:
    """The drafted clues and the entries left for the constructor."""
    click.echo(f"drafted {counted(len(drafts.drafted), 'clue')} (edit them: they are drafts)")
    for key, answer, clue in drafts.drafted:
        click.echo(f"  {key:>5} {answer:<15} {clue}")
    if drafts.undrafted:
        click.echo(f"{counted(len(drafts.undrafted), 'entry')} WordNet could not clue:")
        for key, answer in drafts.undrafted:
            click.echo(f"  {key:>5} {answer}")
