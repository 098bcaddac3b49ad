"""``crossword pattern``: block patterns to fill, symmetric, themed or barred.

A thin shell over :mod:`puzzlewright.crossword.pattern`; registered into the ``crossword``
group (``crossword layout`` is in :mod:`~puzzlewright.cli.crossword_freeform`, ``crossword
clues`` in :mod:`~puzzlewright.cli.clue_tools`).
"""

from __future__ import annotations

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
    parse_size,
    seed_option,
    status,
    stopping,
    warn,
    whole_option,
)
from puzzlewright.fileio import STDOUT

if TYPE_CHECKING:
    from puzzlewright.crossword.pattern import FillCheck, PatternRun, PatternSpec, Symmetry
    from puzzlewright.crossword.theme import ThemedSpec
    from puzzlewright.stopping import StopSignal


def numbered(path: str, index: int, count: int) -> str:
    """``out.ipuz`` for one pattern; ``out-1.ipuz``, ``out-2.ipuz``, ... for several."""
    if count == 1 or path == STDOUT:
        return path
    target = Path(path)
    return str(target.with_name(f"{target.stem}-{index}{target.suffix}"))


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
    from puzzlewright.crossword.formats import save_puzzle
    from puzzlewright.crossword.puzzle import Puzzle

    written: list[str | None] = []
    warnings: list[str] = []
    for index, grid in enumerate(run.patterns, 1):
        path = None if output is None else numbered(output, index, len(run.patterns))
        if path is not None:
            warnings.extend(save_puzzle(Puzzle(grid), path, force=force, inputs=list(inputs)))
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
