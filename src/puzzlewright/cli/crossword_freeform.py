"""``crossword layout``: answers with clues laid out criss-cross (a freeform puzzle).

A thin shell over :mod:`puzzlewright.crossword.freeform` (and, with ``--clues draft``,
:mod:`puzzlewright.crossword.classroom`); registered into the ``crossword`` group.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import click

from puzzlewright.cli.common import (
    MAX_TRIES,
    SECONDS,
    check_output,
    emit_json,
    exit_status,
    extension_warning,
    fail,
    json_option,
    output_option,
    page_format,
    parse_size,
    seed_option,
    status,
    stop_note,
    stopping,
    warn,
)
from puzzlewright.fileio import STDOUT
from puzzlewright.messages import counted

if TYPE_CHECKING:
    from puzzlewright.crossword.classroom import CluedList
    from puzzlewright.crossword.clues import ClueLine
    from puzzlewright.crossword.freeform import Layout
    from puzzlewright.crossword.puzzle import Puzzle


# -- layout -------------------------------------------------------------------------------------
def _preview(layout: Layout) -> list[str]:
    """The solution as spaced-out letters, empty cells blank."""
    letters = layout.letters()
    return [
        " ".join(letters.get((r, c), " ") for c in range(layout.width)).rstrip()
        for r in range(layout.height)
    ]


@click.command()
@click.argument("words_file", metavar="WORDS_FILE", type=click.Path(path_type=str))
@click.option("--size", default=None, help="Exact grid size WIDTHxHEIGHT.")
@click.option(
    "--max-size", type=int, default=None, help="Grid at most N by N, cropped to the words."
)
@seed_option
@click.option(
    "--tries",
    type=click.IntRange(max=MAX_TRIES),
    default=None,
    help="Seeded attempts; the best is kept. [default: 100, fewer above 30 words]",
)
@click.option(
    "--timeout",
    type=SECONDS,
    default=None,
    help="Stop trying after S seconds and keep the best layout so far.",
)
@click.option("--title", default="", help="Puzzle title for the output file.")
@click.option("--author", default="", help="Puzzle author for the output file.")
@click.option(
    "--clues",
    "clue_mode",
    type=click.Choice(["file", "draft"]),
    default="file",
    show_default=True,
    help="file: every line has its clue; draft: WORDS_FILE may be a plain word list, and "
    "the words without a clue get a draft from WordNet (a classroom sheet).",
)
@click.option(
    "--clue-file",
    default=None,
    type=click.Path(path_type=str),
    help="With --clues draft: write the clued list here to edit (default: beside -o, "
    "NAME-clues.txt, which must not exist yet: your edits there are kept).",
)
@click.option(
    "--print",
    "sheet",
    default=None,
    type=click.Path(path_type=str),
    help="Also write a printable page and its key (.pdf, or .html).",
)
@output_option("Write the puzzle here (.ipuz keeps the shape and clues).")
@click.option("--force", is_flag=True, help="Allow the output to replace WORDS_FILE.")
@json_option
def layout(
    words_file: str,
    size: str | None,
    max_size: int | None,
    seed: int,
    tries: int | None,
    timeout: float | None,
    title: str,
    author: str,
    clue_mode: str,
    clue_file: str | None,
    sheet: str | None,
    output: str | None,
    force: bool,
    as_json: bool,
) -> int:
    """Lay out answers with clues criss-cross in a compact, numbered grid.

    WORDS_FILE has one `ANSWER<TAB>clue` or `ANSWER: clue` line per answer; with --clues
    draft, lines may hold a word alone, and those get a WordNet draft (written to
    --clue-file to edit and lay out again). Answers are upper-cased with spaces and hyphens
    squashed, in any alphabet. Words that find no place are listed as warnings. --print
    writes a page to print and its key.
    """
    from puzzlewright.crossword.formats import save_puzzle
    from puzzlewright.crossword.freeform import lay_out

    if size is not None and max_size is not None:
        raise fail("give --size or --max-size, not both")
    width, height = parse_size(size) if size is not None else (None, None)
    check_output(output, inputs=[words_file], force=force, puzzle_format=True)
    words, clued, clue_path = _layout_words(words_file, clue_mode, clue_file, output, force)
    check_output(sheet, inputs=[words_file], force=force)
    with stopping(timeout) as stop, status("Laying out…"):
        result = lay_out(
            words,
            width=width,
            height=height,
            max_size=max_size,
            seed=seed,
            tries=tries,
            stop=stop,
        )
    puzzle = result.puzzle(title=title, author=author)
    warnings = _repeat_warnings(words)
    if output is not None:
        warnings += save_puzzle(puzzle, output, force=force, inputs=[words_file])
    if sheet is not None:
        _print_sheet(puzzle, sheet, [words_file], force, warnings)
    if as_json:
        document = {**result.to_json(), "words": len(words), "output": output}
        extra = {} if clued is None else {**clued.to_json(), "clue_file": clue_path}
        emit_json({**document, **extra, "print": sheet, "warnings": warnings})
    else:
        _show_layout(result, len(words), output, clued, clue_path, sheet, warnings)
    if stop_note(result.stop_reason):
        warn(f"{stop_note(result.stop_reason)}; the best layout of {result.attempts} is shown")
    return exit_status(True, result.stop_reason)


def _repeat_warnings(words: list[ClueLine]) -> list[str]:
    """One warning per answer listed twice (placed once when its clue is the same too)."""
    from puzzlewright.crossword.clues import repeated_answers

    return [
        f"{later.answer} is listed twice (lines {earlier.line} and {later.line})"
        + (" with the same clue: placed once" if later.clue == earlier.clue else "")
        for earlier, later in repeated_answers(words)
    ]


def _show_layout(
    result: Layout,
    count: int,
    output: str | None,
    clued: CluedList | None,
    clue_path: str | None,
    sheet: str | None,
    warnings: list[str],
) -> None:
    """The warnings, the layout and the drafted clues, for a person."""
    for message in warnings:
        warn(message)
    _print_layout(result, count, output)
    if clued is not None:
        _print_clued(clued, clue_path, sheet)


def _layout_words(
    words_file: str, mode: str, clue_file: str | None, output: str | None, force: bool
) -> tuple[list[ClueLine], CluedList | None, str | None]:
    """The answers and clues to lay out; with ``draft``, the clued list and where its
    editable clue file was written."""
    from puzzlewright.crossword.clues import read_clues

    if mode == "file":
        if clue_file is not None:
            raise fail("--clue-file goes with --clues draft")
        words = read_clues(words_file, "words file")
        if not words:
            raise fail(f"{words_file}: no answers found")
        return words, None, None
    from puzzlewright.crossword.classroom import clue_file_text, draft_missing_clues, read_word_list
    from puzzlewright.fileio import write_atomic

    if clue_file is None and output not in (None, STDOUT):
        target = Path(str(output))
        clue_file = str(target.with_name(f"{target.stem}-clues.txt"))
        if os.path.lexists(clue_file):  # made up here: the teacher's edits there are kept
            raise fail(
                f"{clue_file} already exists: name it with --clue-file to replace it, "
                "or choose another"
            )
    check_output(clue_file, inputs=[words_file], force=force)
    with status("Drafting clues…"):
        clued = draft_missing_clues(read_word_list(words_file))
    if clue_file is not None:
        command = f"puzzlewright crossword layout {clue_file} -o {output or 'PUZZLE.ipuz'}"
        write_atomic(
            clue_file, clue_file_text(clued.lines, command), inputs=[words_file], force=force
        )
    return clued.lines, clued, clue_file


def _print_sheet(
    puzzle: Puzzle, sheet: str, inputs: list[str], force: bool, warnings: list[str]
) -> None:
    """The printable page and its key, as PDF or HTML by ``sheet``'s extension."""
    from puzzlewright.fileio import write_atomic
    from puzzlewright.render import crossword_document, render

    fmt: Literal["html", "pdf"] = "html" if page_format(sheet) == "html" else "pdf"
    data = render(crossword_document(puzzle), fmt, key=True, warnings=warnings)
    mismatch = extension_warning(sheet, fmt, offered=("pdf", "html"))
    if mismatch:
        warnings.append(mismatch)
    write_atomic(sheet, data, inputs=inputs, force=force)


def _print_clued(clued: CluedList, clue_path: str | None, sheet: str | None) -> None:
    """What drafting did and where the files went."""
    click.echo(
        f"drafted {counted(len(clued.drafted), 'clue')}"
        + (f"; edit them in {clue_path}" if clue_path else "")
    )
    for answer in clued.undrafted:
        warn(f"no draft for {answer}: write its clue in the clue file")
    if sheet:
        click.echo(f"wrote the page to print and its key: {sheet}")


def _print_layout(result: Layout, words: int, output: str | None) -> None:
    """The solution, the clues across and down, what was left out and the figures."""
    click.echo("\n".join(_preview(result)))
    click.echo()
    ordered = result.ordered()
    for heading in ("across", "down"):
        click.echo(heading.capitalize())
        for key, p in ordered:
            if p.direction == heading:
                click.echo(f"{key[:-1]:>4}. {p.clue} ({p.enumeration})  {p.answer}")
    click.echo()
    for u in result.unplaced:
        warn(f"not placed: {u.answer} (line {u.line}): {u.reason}")
    click.echo(
        f"placed {len(result.placements)} of {words} words in {result.width}x"
        f"{result.height}, {result.crossings} crossings, {result.density:.0%} of cells filled"
        + (f"; wrote {output}" if output else "")
    )
