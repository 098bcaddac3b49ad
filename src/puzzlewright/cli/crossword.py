"""``puzzlewright crossword``: the group, reading and writing grids, ``crossword fill``."""

from __future__ import annotations

import re
from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from puzzlewright.cli import LazySubcommands
from puzzlewright.cli.common import (
    MAX_COUNT,
    MAX_LENGTH,
    check_output,
    crossword_wordlist_options,
    emit_json,
    jobs_options,
    json_option,
    load_words,
    min_score_help,
    output_option,
    say_written,
    seed_option,
    status,
    stopping,
    timeout_option,
    warn,
    whole_option,
)
from puzzlewright.cli.crossword_fill_output import constraint_line, print_result, progress_display
from puzzlewright.crossword.fill import FillResult, Region
from puzzlewright.crossword.fill.portfolio import fill_portfolio
from puzzlewright.crossword.grid import Grid
from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import read_input

if TYPE_CHECKING:  # constraints (and the nina) are imported only when a fill asks for them
    from puzzlewright.crossword.fill.constraints import Constraints
    from puzzlewright.crossword.fill.request import FillRequest
    from puzzlewright.crossword.puzzle import Puzzle  # a text grid's fill need not import it
    from puzzlewright.lexicon import WordList

PUZZLE_SUFFIXES = (".ipuz", ".puz", ".xd")
_RECTANGLE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*-\s*(\d+)\s*,\s*(\d+)\s*$")
_SLOT_KEY = re.compile(r"^(\d+)([AD])$")


@click.group(cls=LazySubcommands)
def crossword() -> None:
    """Fill, design and lay out crosswords."""


# -- reading and writing grids ---------------------------------------------------------------
def read_text(path: str, encoding: str) -> str:
    """A text grid file's contents: UTF-8, else the word lists' --encoding (or auto)."""
    from puzzlewright.lexicon.loading import decode

    data = read_input(path, "grid file")  # "-": standard input, bounded
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        if encoding.lower().replace("_", "-") in ("utf-8", "utf-8-sig", "utf8"):
            raise PuzzleInputError(
                f"grid file {path} is not UTF-8 text (or name its --encoding)"
            ) from None
    return decode(data, encoding, Path(path), "grid file")[0]


def load_grid(path: str, encoding: str) -> tuple[Grid, Puzzle | None]:
    """The grid in ``path``: .ipuz/.puz/.xd through the formats module, else a text grid."""
    if Path(path).suffix.lower() in PUZZLE_SUFFIXES:
        from puzzlewright.crossword.formats import load_puzzle

        notes: list[str] = []
        puzzle = load_puzzle(path, warnings=notes)
        for note in notes:
            warn(note)
        return puzzle.grid, puzzle
    return Grid.parse(read_text(path, encoding)), None


def save_grid(
    grid: Grid, puzzle: Puzzle | None, out: str, source: str, force: bool, *, quiet: bool
) -> None:
    """Write the fill to ``out`` in the format its extension names (metadata kept); say so
    unless ``quiet`` (--json)."""
    from puzzlewright.crossword.formats import save_puzzle
    from puzzlewright.crossword.puzzle import Puzzle

    result = Puzzle(grid) if puzzle is None else replace(puzzle, grid=grid)
    for note in save_puzzle(result, out, force=force, inputs=[source]):
        warn(note)
    say_written(out, quiet=quiet)


def parse_region(text: str | None) -> Region:
    """``r1,c1-r2,c2`` (rows and columns from 1, inclusive) or slot keys ``1A,5D``."""
    if text is None:
        return None
    match = _RECTANGLE.match(text)
    if match:
        r1, c1, r2, c2 = (int(group) for group in match.groups())
        if min(r1, c1, r2, c2) < 1:
            raise PuzzleInputError("region rows and columns count from 1")
        return (r1 - 1, c1 - 1), (r2 - 1, c2 - 1)
    keys = [key for key in re.split(r"[\s,;]+", text.strip().upper()) if key]
    bad = [key for key in keys if not _SLOT_KEY.match(key)]
    if not keys or bad:
        raise PuzzleInputError(
            f"bad region {text!r}: give a rectangle r1,c1-r2,c2 (e.g. 1,1-5,5) "
            "or entries such as 1A,5D"
        )
    return keys


# -- the command -----------------------------------------------------------------------------
@crossword.command("fill")
@click.argument("grid_path", metavar="GRID")
@min_score_help(
    "The filler's floor: fill only with words scoring N or more. Default: the crossword "
    "list's clean fill (50 and up; a lower N loads more of it), every word of another list."
)
@crossword_wordlist_options
@seed_option
@timeout_option
@whole_option("--count", help="Different fills.", most=MAX_COUNT)
@click.option(
    "--region",
    default=None,
    metavar="R1,C1-R2,C2|KEYS",
    help="Fill only the entries with empty cells in this rectangle (rows and columns from 1) "
    "or these entries (e.g. 1A,5D); keep the rest.",
)
@whole_option(
    "--max-shared-substring",
    help="No two entries may share a run of more than N letters.",
    default=None,
    most=MAX_LENGTH,
    metavar="N",
)
@output_option(
    "Write the (best) fill to OUT: .ipuz, .puz, .xd or .txt by extension ('-': stdout).",
    path=None,
    metavar="OUT",
)
@click.option(
    "--write-partial",
    is_flag=True,
    help="When the search stops without a fill, write the best partial fill to -o anyway.",
)
@click.option("--force", is_flag=True, help="Allow -o to replace the input file.")
@jobs_options(
    "Race a portfolio of N (1-256) differently seeded searches, on at most one process "
    "per CPU (a grid without blocks: N shares of one exhaustive search).",
    "Race the portfolio on a Dask distributed cluster (needs the dask extra).",
)
@click.option(
    "--quality/--fast",
    default=None,
    help="--quality fills from the best-scored words first, in tiers (higher averages; with "
    "frequency-scored lists such as the built-in one often several times slower on tight "
    "grids); --fast from every word at once. Default: fast for barred grids with a "
    "frequency-scored list, quality otherwise (lists with few score levels, such as STWL, "
    "and blocked grids).",
)
@click.option("--pangram", is_flag=True, help="Use every letter of the alphabet somewhere.")
@click.option(
    "--ban-letters", default="", metavar="LETTERS", help="No cell may hold these letters."
)
@click.option(
    "--quota",
    "quotas",
    multiple=True,
    metavar="LETTER:N",
    help="At most N cells with LETTER (repeatable, e.g. --quota Z:1).",
)
@click.option("--nina", default=None, metavar="MESSAGE", help="Hide MESSAGE in the grid.")
@click.option(
    "--nina-where",
    type=click.Choice(["perimeter", "diagonal", "row", "column", "unches", "any"]),
    default="perimeter",
    show_default=True,
    help="Where the nina goes (unches: the unchecked squares of a barred grid).",
)
@whole_option(
    "--constraint-budget",
    help="Fills the constraint search may run (nina placements, pangram and quota repairs).",
    default=None,
    metavar="N",
)
@click.option(
    "--no-stem-dupes",
    is_flag=True,
    help="No two entries may share a stem (RUN and RUNNER): a fill that has one is filled "
    "again without the weaker answer, up to 8 times (one search: not with --jobs).",
)
@json_option
def fill(
    grid_path: str,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    seed: int,
    timeout: float | None,
    count: int,
    region: str | None,
    max_shared_substring: int | None,
    output: str | None,
    write_partial: bool,
    force: bool,
    jobs: int,
    scheduler: str | None,
    quality: bool | None,
    pangram: bool,
    ban_letters: str,
    quotas: tuple[str, ...],
    nina: str | None,
    nina_where: str,
    constraint_budget: int | None,
    no_stem_dupes: bool,
    as_json: bool,
) -> int:
    """Fill GRID with words from the list: every crossing agrees, no entry twice.

    GRID is a text grid (# block, . or ? empty, letters fixed, [ABC] rebus) or an .ipuz,
    .puz or .xd file. Letters and complete entries already there are kept. Prints the
    fill and its entries (best first with --count). With --jobs or --scheduler, a portfolio
    of searches races and the first fill or proof wins (same output for the same --seed and
    --jobs). With lists of many distinct scores (the built-in one), barred grids fill in
    fast mode and blocked grids in quality mode unless --fast or --quality says otherwise.
    --pangram, --ban-letters, --quota and --nina ask for global constraints (a nina's
    placements are tried in order, within --constraint-budget fills).
    Exit status 0 filled, 1 unfillable, out of time or interrupted
    (the best partial fill is shown), 2 bad input.
    """
    from puzzlewright.crossword.fill.request import FillRequest

    where, grid, puzzle = _fill_inputs(region, grid_path, output, force, scheduler, encoding)
    rules = parse_constraints(pangram, ban_letters, quotas, nina, nina_where, constraint_budget)
    request = FillRequest(
        grid,
        min_score=min_score,
        seed=seed,
        count=count,
        max_shared_substring=max_shared_substring,
        region=where,
        quality=quality,
        constraints=rules,
    )
    words = _fill_words((word_paths, encoding, alphabet, min_score), as_json)
    if no_stem_dupes:
        _check_one_plain_search(request, jobs, scheduler)
        result = fill_stem_checked(request, words, timeout)
    else:
        result = _fill_shown(request, words, jobs, scheduler, timeout)
    return report_fill(result, puzzle, grid_path, output, force, write_partial, as_json, count)


def _fill_inputs(
    region: str | None,
    grid_path: str,
    output: str | None,
    force: bool,
    scheduler: str | None,
    encoding: str,
) -> tuple[Region, Grid, Puzzle | None]:
    """The checked options and the grid (with its puzzle when the file holds one), each
    checked before any work: --region, -o, --scheduler, then GRID."""
    from puzzlewright.workers import check_scheduler

    chosen_region = parse_region(region)
    check_output(output, inputs=[grid_path], force=force, puzzle_format=True)
    check_scheduler(scheduler)
    grid, puzzle = load_grid(grid_path, encoding)
    return chosen_region, grid, puzzle


def _check_one_plain_search(request: FillRequest, jobs: int, scheduler: str | None) -> None:
    """``--no-stem-dupes`` re-fills one search without global constraints: refuse the rest."""
    if request.constraints is not None:
        raise PuzzleInputError(
            "--no-stem-dupes does not combine with --pangram, --ban-letters, --quota or --nina yet"
        )
    if jobs != 1 or scheduler is not None:
        raise PuzzleInputError("--no-stem-dupes runs one search: leave out --jobs and --scheduler")


def _fill_words(load: tuple[tuple[str, ...], str, str | None, int | None], quiet: bool) -> WordList:
    """The fill's word list (the crossword list by default), loaded whole: ``min_score``
    only decides how much of the crossword list loads, and the filler cuts by it."""
    word_paths, encoding, alphabet, min_score = load
    words, _ = load_words(
        word_paths,
        encoding,
        alphabet,
        min_score,
        quiet=quiet,
        default="crossword",
        floor_only=True,
    )
    return words


def _fill_shown(
    request: FillRequest, words: WordList, jobs: int, scheduler: str | None, timeout: float | None
) -> FillResult:
    """The fill (a portfolio with ``jobs`` > 1 or a scheduler), with a live progress
    display when it is one search."""
    one = jobs == 1 and scheduler is None
    hook, live = progress_display() if one else (None, None)
    with stopping(timeout) as stop, live if live is not None else nullcontext():
        return fill_portfolio(
            request, words, jobs=jobs, scheduler=scheduler, stop=stop, on_progress=hook
        )


def parse_constraints(
    pangram: bool,
    ban_letters: str,
    quotas: tuple[str, ...],
    nina: str | None,
    nina_where: str,
    budget: int | None,
) -> Constraints | None:
    """The global constraints the options ask for, or None (a plain fill, the usual case,
    does not import their modules: a tiny fill's start-up)."""
    if not (pangram or ban_letters or quotas or nina is not None):
        return None
    from puzzlewright.crossword.fill.constraints import DEFAULT_BUDGET, Constraints
    from puzzlewright.crossword.nina import Nina, Where

    pairs = []
    for quota in quotas:
        letter, _, most = quota.partition(":")
        if len(letter.strip()) != 1 or not most.strip().isdigit():
            raise PuzzleInputError(f"--quota takes LETTER:N, such as Z:1, not {quota!r}")
        pairs.append((letter.strip(), int(most)))
    where: Where = nina_where  # type: ignore[assignment]  # click.Choice checked it
    constraints = Constraints(
        pangram=pangram,
        banned=ban_letters,
        quotas=tuple(pairs),
        nina=Nina(nina, where) if nina is not None else None,
        budget=DEFAULT_BUDGET if budget is None else budget,
    )
    return constraints if constraints.active else None


def fill_stem_checked(request: FillRequest, words: WordList, timeout: float | None) -> FillResult:
    """``fill --no-stem-dupes``: the fill without stem dupes; what was left out for it and
    the stem dupes left (if any) are among its warnings."""
    from puzzlewright.crossword.statistics import fill_without_stem_dupes, stem_dupes

    with stopping(timeout) as stop, status("Filling…"):
        result, banned = fill_without_stem_dupes(request, words, stop=stop)
    if banned:
        result.warnings.append(f"left out for sharing a stem: {', '.join(banned)}")
    left = stem_dupes(result.grid) if result.status == "filled" else []
    for dupe in left:
        result.warnings.append(f"stem dupe left: {dupe.answers[0]}/{dupe.answers[1]} ({dupe.stem})")
    return result


def report_fill(
    result: FillResult,
    puzzle: Puzzle | None,
    grid_path: str,
    output: str | None,
    force: bool,
    write_partial: bool,
    as_json: bool,
    count: int,
) -> int:
    """Warnings, the output file, the report; the exit status."""
    for message in result.warnings:
        warn(message)
    if output is not None and (result.status == "filled" or write_partial):
        save_grid(result.grid, puzzle, output, grid_path, force, quiet=as_json)
    elif output is not None:
        warn(f"nothing written to {output}: no fill (--write-partial saves the best partial one)")
    if as_json:
        emit_json(result.to_json(every_fill=count > 1))
    else:
        print_result(result)
        if result.constraints is not None:
            print(constraint_line(result.constraints))
    return 0 if result.status == "filled" else 1


# -- the other commands live in their own modules ----------------------------------------------
# Register them below with add_lazy(...) lines (imported when used: fill starts faster).
assert isinstance(crossword, LazySubcommands)
crossword.add_lazy("pattern", "puzzlewright.cli.crossword_pattern", "pattern")
crossword.add_lazy("layout", "puzzlewright.cli.crossword_freeform", "layout")
crossword.add_lazy("clues", "puzzlewright.cli.clue_tools", "clues")
crossword.add_lazy("check", "puzzlewright.cli.barred", "check")
crossword.add_lazy("repair", "puzzlewright.cli.crossword_repair", "repair")
crossword.add_lazy("difficulty", "puzzlewright.cli.difficulty", "difficulty")
crossword.add_lazy("draft", "puzzlewright.cli.clue_tools", "draft")
crossword.add_lazy("clue-history", "puzzlewright.cli.clue_tools", "clue_history")
crossword.add_lazy("wordsearch", "puzzlewright.cli.classroom", "wordsearch")
crossword.add_lazy("prove-square", "puzzlewright.cli.square_proof", "prove_square")
