"""``crossword pattern``, ``crossword layout`` and ``crossword clues``: building a puzzle.

Thin shells over :mod:`puzzlewright.crossword.pattern`, :mod:`~puzzlewright.crossword.freeform`
and :mod:`~puzzlewright.crossword.clues`; registered into the ``crossword`` group.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click

from puzzlewright.cli.barred import barred_json, barred_options, barred_spec, checking_line
from puzzlewright.cli.common import (
    MAX_COUNT,
    MAX_TRIES,
    SECONDS,
    check_output,
    crossword_wordlist_options,
    emit_json,
    exit_status,
    fail,
    json_option,
    load_words,
    min_score_help,
    output_option,
    seed_option,
    status,
    stop_note,
    stopping,
    warn,
    whole_option,
)
from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import STDOUT
from puzzlewright.messages import counted

if TYPE_CHECKING:
    from puzzlewright.crossword.classroom import CluedList
    from puzzlewright.crossword.clues import ClueLine, ClueReport
    from puzzlewright.crossword.drafts import PuzzleDrafts
    from puzzlewright.crossword.freeform import Layout
    from puzzlewright.crossword.pattern import FillCheck, PatternRun, PatternSpec, Symmetry
    from puzzlewright.crossword.puzzle import Puzzle
    from puzzlewright.crossword.theme import ThemedSpec
    from puzzlewright.stopping import StopSignal

_SIZE = re.compile(r"^\s*(\d+)\s*(?:[x×X*]\s*(\d+))?\s*$")


def parse_size(text: str) -> tuple[int, int]:
    """``15x15`` (or ``15`` for a square) -> (width, height)."""
    match = _SIZE.match(text)
    if not match:
        raise fail(f"bad size {text!r}: write it as WIDTHxHEIGHT, e.g. 15x15")
    width = int(match.group(1))
    height = int(match.group(2) or width)
    return width, height


def numbered(path: str, index: int, count: int) -> str:
    """``out.ipuz`` for one pattern; ``out-1.ipuz``, ``out-2.ipuz``, ... for several."""
    if count == 1 or path == STDOUT:
        return path
    target = Path(path)
    return str(target.with_name(f"{target.stem}-{index}{target.suffix}"))


def save(puzzle: Puzzle, path: str, inputs: Sequence[str], force: bool) -> list[str]:
    """Write a puzzle with save_puzzle; returns its warnings."""
    from puzzlewright.crossword.formats import save_puzzle

    return save_puzzle(puzzle, path, force=force, inputs=list(inputs))


# -- pattern ------------------------------------------------------------------------------------
@click.command()
@click.option("--size", default="15x15", show_default=True, help="Grid size WIDTHxHEIGHT.")
@click.option("--blocks", type=int, default=None, help="Exact number of blocks.")
@click.option(
    "--max-words",
    type=int,
    default=None,
    help="At most N entries (usual density, stopping early at N).",
)
@click.option(
    "--symmetry",
    type=click.Choice(["rotational", "mirror", "diagonal", "none"]),
    default="rotational",
    show_default=True,
    help="Block symmetry: 180° rotation, left-right mirror, main diagonal, or none.",
)
@click.option("--min-length", type=int, default=3, show_default=True, help="Shortest entry.")
@seed_option
@whole_option("--count", help="How many patterns.", most=MAX_COUNT)
@click.option("--allow-unchecked", is_flag=True, help="Allow cells in only one entry.")
@barred_options
@click.option(
    "--theme",
    "theme_entries",
    multiple=True,
    metavar="ROW,COL,A|D,ANSWER",
    help="Keep a theme entry: starting row and column (from 1), across or down, answer. "
    "Repeatable.",
)
@click.option(
    "--theme-lengths",
    default=None,
    metavar="N,N,...",
    help="Theme entries of these lengths placed symmetrically across (equal pairs in "
    "mirrored rows, one alone in the middle row).",
)
@click.option(
    "--fillable/--unchecked",
    default=None,
    help="Keep only patterns the filler fills from the word list within a counted effort "
    "(the same patterns on every machine), shown beside their trial fill. Default: "
    "checked for block patterns (with the crossword list at its default floor), unchecked "
    "for barred and British ones (a barred trial fill takes seconds).",
)
@min_score_help(
    "With --fillable: the trial fills use only words scoring N or more (a filter as the list "
    "loads, and the filler's floor). Default: the crossword list's 50 and up."
)
@crossword_wordlist_options
@whole_option(
    "--fill-effort",
    help="With --fillable: the filler's effort per pattern, in steps of 16 search nodes "
    "(counted, so a seed keeps the same patterns on any machine). Default: 2,500, "
    "about 10 s on a 2020s core.",
    default=None,
    most=MAX_TRIES,
    metavar="N",
)
@click.option(
    "--timeout",
    type=SECONDS,
    default=None,
    help="With --fillable: at most S seconds per trial fill, a safety net (a warning says "
    "when it cut one).",
)
@whole_option(
    "--attempts",
    help="Give up after N patterns built (default: 200 + 50 per pattern; 10 per pattern "
    "with --fillable).",
    default=None,
    most=MAX_TRIES,
)
@output_option("Write the pattern(s) here (.ipuz, .txt, .puz, .xd); several get -1, -2, ... added.")
@click.option("--force", is_flag=True, help="Allow the output to replace an input file.")
@json_option
def pattern(
    size: str,
    blocks: int | None,
    max_words: int | None,
    symmetry: str,
    min_length: int,
    seed: int,
    count: int,
    allow_unchecked: bool,
    barred: dict[str, Any],
    theme_entries: tuple[str, ...],
    theme_lengths: str | None,
    fillable: bool | None,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    fill_effort: int | None,
    timeout: float | None,
    attempts: int | None,
    output: str | None,
    force: bool,
    as_json: bool,
) -> int:
    """Make block patterns (empty grids) that follow the constructor's rules.

    Every entry has at least --min-length letters, the white cells are connected, every
    cell is checked (unless --allow-unchecked) and the blocks follow --symmetry. Without
    --blocks or --max-words the grid gets about one block in six cells. Block patterns
    are offered only when the word list (default: the crossword list) fills them within a
    fixed step budget (--unchecked: every pattern built).
    """
    from puzzlewright.crossword.pattern import PatternSpec, generate_patterns

    width, height = parse_size(size)
    british = barred_spec(barred, width, height, blocks, max_words, symmetry, min_length)
    shape = cast("Symmetry", symmetry)  # click.Choice gave one of its names
    spec = PatternSpec(width, height, blocks, max_words, shape, min_length, allow_unchecked)
    themed = _themed(spec, theme_entries, theme_lengths, barred=british is not None)
    (british or themed or spec).validate()
    check_output(output, inputs=word_paths, force=force, puzzle_format=True)
    fillable = _fillable(fillable, british is not None, word_paths)
    with stopping(None) as stop:
        check = None
        if fillable:
            load = (word_paths, encoding, alphabet, min_score)
            check = _fill_check(load, seed, timeout, fill_effort, stop)
            attempts = 10 * count if attempts is None else attempts
        with status("Designing patterns…"):
            design = british or themed or spec
            run = generate_patterns(
                design, count, seed=seed, attempts=attempts, accept=check, stop=stop
            )
    written, warnings = _save_patterns(run, output, word_paths, force)
    warnings += _cut_warning(check)
    shortfall = _shortfall(run, count, spec)
    checked = british is not None
    _report_patterns(run, written, warnings, spec, count, shortfall, checked, as_json=as_json)
    return exit_status(bool(run.patterns), run.stop_reason)


def _fillable(asked: bool | None, barred: bool, word_paths: tuple[str, ...]) -> bool:
    """Whether patterns get a trial fill: as asked, else block patterns only (a barred trial
    fill takes seconds); --words without one is ignored, with a warning."""
    fillable = not barred if asked is None else asked
    if word_paths and not fillable:
        warn("--words only matters with --fillable; ignored")
    return fillable


def _fill_check(
    load: tuple[tuple[str, ...], str, str | None, int | None],
    seed: int,
    timeout: float | None,
    fill_effort: int | None,
    stop: StopSignal,
) -> FillCheck:
    """The trial fill of ``--fillable`` from the word list ``load`` names (--words,
    --encoding, --alphabet, --min-score; the crossword list by default)."""
    from puzzlewright.crossword.pattern import FillCheck

    word_paths, encoding, alphabet, min_score = load
    words, _ = load_words(word_paths, encoding, alphabet, min_score, default="crossword")
    check = FillCheck(words, min_score=min_score, seed=seed, timeout=timeout, outer=stop)
    if fill_effort is not None:
        check.effort = fill_effort
    return check


def _cut_warning(check: FillCheck | None) -> list[str]:
    """A warning when --timeout cut trial fills short of their counted effort."""
    if check is None or not check.cut:
        return []
    return [
        f"--timeout cut {check.cut} trial fill(s) before their effort: "
        "another machine may keep other patterns"
    ]


def _themed(
    spec: PatternSpec, entries: tuple[str, ...], lengths: str | None, *, barred: bool
) -> ThemedSpec | None:
    """The themed request of ``--theme``/``--theme-lengths`` (None without them)."""
    from puzzlewright.crossword.theme import (
        ThemedSpec,
        parse_lengths,
        parse_theme_entry,
        place_lengths,
    )

    if not entries and lengths is None:
        return None
    if barred:
        raise fail("--theme and --theme-lengths make blocked grids, not barred or British ones")
    kept = tuple(parse_theme_entry(text) for text in entries)
    if lengths is not None:
        kept += place_lengths(spec, parse_lengths(lengths))
    return ThemedSpec(spec, kept)


def _report_patterns(
    run: PatternRun,
    written: list[str | None],
    warnings: list[str],
    spec: PatternSpec,
    count: int,
    shortfall: str,
    checked: bool,
    *,
    as_json: bool,
) -> None:
    """The patterns as one JSON document (with the files written) or as text."""
    if as_json:
        document = run.to_json()
        patterns = cast("list[dict[str, object]]", document["patterns"])
        for item, path, grid in zip(patterns, written, run.patterns, strict=True):
            if path is not None:
                item["output"] = path
            item.update(barred_json(grid, run.fills.get(grid.to_text())))
        head = {"size": spec.size, "symmetry": spec.symmetry, "min_length": spec.min_length}
        emit_json(
            {**head, "requested": count, **document, "message": shortfall, "warnings": warnings}
        )
    else:
        for message in warnings:
            warn(message)
        _print_patterns(run, written, checked=checked)
        if shortfall:
            click.echo(shortfall, err=True)


def _save_patterns(
    run: PatternRun, output: str | None, inputs: Sequence[str], force: bool
) -> tuple[list[str | None], list[str]]:
    """Write each pattern to ``output`` (numbered when several); the paths and warnings."""
    from puzzlewright.crossword.puzzle import Puzzle

    written: list[str | None] = []
    warnings: list[str] = []
    for index, grid in enumerate(run.patterns, 1):
        path = None if output is None else numbered(output, index, len(run.patterns))
        if path is not None:
            warnings.extend(save(Puzzle(grid), path, inputs, force))
        written.append(path)
    return written, warnings


def _print_patterns(run: PatternRun, written: list[str | None], *, checked: bool = False) -> None:
    """Each pattern's rows on stdout, so ``pattern > grid.txt`` is a grid ``fill`` reads; its
    figures (and trial fill with --fillable, unches line with ``checked``) go to stderr."""
    from puzzlewright.crossword.pattern import PatternStats

    for index, (grid, path) in enumerate(zip(run.patterns, written, strict=True), 1):
        stats = PatternStats.of(grid)
        click.echo(
            f"pattern {index}: {stats.blocks} blocks, {stats.words} words, "
            f"average length {stats.average_length}, longest {stats.longest}"
            + (f", {stats.unchecked} unchecked cells" if stats.unchecked else "")
            + (f" -> {path}" if path else ""),
            err=True,
        )
        fill = run.fills.get(grid.to_text())
        if checked:
            click.echo(checking_line(grid), err=True)
        if index > 1:
            click.echo()
        click.echo(grid.to_text())
        if fill is not None:
            click.echo("trial fill:", err=True)
            click.echo(fill.to_text(), err=True)


def _shortfall(run: PatternRun, count: int, spec: PatternSpec) -> str:
    """Why fewer patterns than asked came out ("" when all were found)."""
    from puzzlewright.crossword.pattern import describe

    if len(run.patterns) >= count:
        return ""
    found = f"found {len(run.patterns)} of {count}" if run.patterns else "no pattern found"
    text = f"{found} for {describe(spec)} in {run.attempts} attempts"
    if run.stop_reason is not None:
        text += f" ({run.stop_reason})"
    if run.rejected:
        text += f"; {run.rejected} built were not fillable within the effort (--fill-effort)"
    elif not run.patterns:
        text += "; such a pattern may not exist: try fewer blocks or another symmetry"
    else:
        text += "; there may be no more distinct patterns for this request"
    return text


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
    "NAME-clues.txt).",
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
    warnings += save(puzzle, output, [words_file], force) if output is not None else []
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

    html = Path(sheet).suffix.lower() in (".html", ".htm")
    data = render(
        crossword_document(puzzle), "html" if html else "pdf", key=True, warnings=warnings
    )
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
    from puzzlewright.crossword.formats import load_puzzle

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
    warnings.extend(save(result, output, inputs, force))
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
    from puzzlewright.acrostic.ipuz import is_acrostic
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
