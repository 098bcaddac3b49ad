"""``puzzlewright cryptarithm encode`` and ``find``: make alphametics rather than solve them."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click
from rich import box
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from puzzlewright.cli.common import (
    MAX_COUNT,
    F,
    exit_status,
    jobs_options,
    json_option,
    load_words,
    on_terminal,
    seed_option,
    stderr,
    stdout,
    stop_note,
    stopping,
    timeout_option,
    warn,
    whole_option,
    wordlist_options,
)
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList

if TYPE_CHECKING:
    from puzzlewright.cryptarithm.encode import EncodeResult
    from puzzlewright.cryptarithm.find import FindRun, FindSpec, Form, FoundPuzzle


@contextmanager
def _progress(label: str, total: int | None, *, quiet: bool) -> Iterator[Callable[..., None]]:
    """A progress bar on stderr (terminal only); yields ``update(completed, total, found)``."""
    if quiet or not on_terminal():
        yield lambda *args: None
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[found]:,} found"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=stderr, transient=True) as bar:
        task = bar.add_task(label, total=total, found=0)

        def update(completed: int, new_total: int | None = None, found: int = 0) -> None:
            bar.update(task, completed=completed, total=new_total, found=found)

        yield update


# ------------------------------------------------------------------------------------------
# encode


def _grade_options(func: F) -> F:
    """Add --difficulty and --grade (encode and find grade puzzles alike)."""
    func = click.option("--grade", "show_grade", is_flag=True, help="Show each puzzle's grade.")(
        func
    )
    return click.option(
        "--difficulty",
        type=click.Choice(["easy", "medium", "hard", "fiendish"]),
        help="Only puzzles of this explanation grade (see cryptarithm solve --grade).",
    )(func)


@click.command()
@click.argument("equation", nargs=-1, required=True)
@whole_option("--limit", help="Show the best N encodings.", default=20, most=MAX_COUNT)
@click.option(
    "--unique", "unique_only", is_flag=True, help="Only word forms with exactly one solution."
)
@wordlist_options
@_grade_options
@timeout_option
@json_option
def encode(
    equation: tuple[str, ...],
    limit: int,
    unique_only: bool,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    difficulty: str | None,
    show_grade: bool,
    timeout: float | None,
    as_json: bool,
) -> int:
    """Turn a true EQUATION of numbers into words: "49 + 51 = 100" -> TO + BE = EGG.

    Same digit, same letter; different digits, different letters; every number becomes
    a word of the list. Ranked: forms with one solution first, then by the weakest word's
    score, then the mean. Exit status 1 when no encoding exists or the time limit or
    Ctrl-C stopped the search (the best found so far are shown).
    """
    from puzzlewright.cryptarithm.encode import encode as run_encode

    text = " ".join(equation)
    words, _ = load_words(word_paths, encoding, alphabet, None, quiet=as_json)
    with (
        stopping(timeout) as stop,
        _progress("Encoding", None, quiet=as_json) as update,
    ):
        result = run_encode(
            text,
            words,
            limit=limit,
            min_score=min_score,
            unique_only=unique_only,
            stop=stop,
            progress=lambda done, total, found: update(done, total, found),
        )
    grade = _encode_grade(result, difficulty, show_grade)
    _report_encode(result, grade, unique_only=unique_only, as_json=as_json)
    return exit_status(bool(result.encodings), result.stop_reason)


def _report_encode(
    result: EncodeResult, grade: str | None, *, unique_only: bool, as_json: bool
) -> None:
    """The encodings (JSON or a table), the grade, and warnings on a stop or no unique form."""
    if as_json:
        records = [e.to_json() | ({"grade": grade} if grade else {}) for e in result.encodings]
        click.echo(json.dumps(records, ensure_ascii=False, indent=2))
    else:
        _print_encodings(result)
        if grade:
            stdout.print(f"Grade of every encoding (one letter shape): {grade}", markup=False)
    if stop_note(result.stop_reason):
        warn(f"{stop_note(result.stop_reason)}; ranked among the {result.total} found so far")
    if unique_only and not result.unique:
        many = "no solution" if result.solutions == 0 else "more than one solution"
        warn(
            f"its word forms have {many} (every encoding has the letter shape "
            f"{result.pattern}), so none is unique"
        )


def _encode_grade(result: object, difficulty: str | None, show: bool) -> str | None:
    """The grade shared by every encoding (they have one letter shape), when asked for;
    with ``difficulty``, the encodings are dropped unless they have that grade."""
    from puzzlewright.cryptarithm.encode import EncodeResult
    from puzzlewright.cryptarithm.explain import grade_of

    assert isinstance(result, EncodeResult)
    if not (show or difficulty) or not result.encodings:
        return None
    grade = grade_of(result.encodings[0].puzzle)
    if difficulty is not None and grade != difficulty:
        warn(f"its word forms grade {grade or 'ungraded'}, not {difficulty}")
        result.encodings.clear()
    return grade


def _print_encodings(result: object) -> None:
    from puzzlewright.cryptarithm.encode import EncodeResult

    assert isinstance(result, EncodeResult)
    shape = {0: "no solution", 1: "exactly one solution"}.get(result.solutions, "2+ solutions")
    found = (
        f"{result.total} encodings in {result.seconds:.2f} s"
        if result.searched
        else ("not searched")
    )
    stdout.print(
        f"{result.equation}: {found}; every word form has the shape {result.pattern} ({shape})",
        markup=False,
    )
    if not result.encodings:
        return
    table = Table("#", "puzzle", "0123456789", "score", "mean", "unique", box=box.SIMPLE_HEAD)
    for n, item in enumerate(result.encodings, 1):
        letters = "".join(item.letters.get(str(d), "·") for d in range(10))
        table.add_row(
            str(n),
            item.puzzle,
            letters,
            str(item.score),
            f"{item.mean:.1f}",
            "yes" if item.unique else "no",
        )
    stdout.print(table)


# ------------------------------------------------------------------------------------------
# find


@click.command()
@click.option(
    "--form",
    "form_text",
    default="A + B = C",
    show_default=True,
    help="Equation form: 'A + B = C', 'A + B + C = D', 'A - B = C' or 'A * B = C'.",
)
@click.option("--result", metavar="WORD", help="Fix the right-hand side, e.g. PLANETS.")
@click.option(
    "--from",
    "from_file",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Take the words from FILE (one per line) instead of the word list.",
)
@click.option(
    "--theme",
    multiple=True,
    metavar="WORDS",
    help="Theme words (repeatable, or comma-separated), or a built-in theme: "
    "planets, colours, countries.",
)
@click.option(
    "--doubly-true",
    is_flag=True,
    help="Number names whose equation is also true as numbers (ONE + ...).",
)
@click.option(
    "--numbers",
    "numbers_file",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Number-name table for --doubly-true (lines 'VALUE NAME'); English built in.",
)
@whole_option("--limit", help="Stop after N puzzles.", default=20, most=MAX_COUNT)
@whole_option(
    "--candidates",
    "max_candidates",
    help="When sampling a large pool: give up after N candidates.",
    default=400_000,
    most=1_000_000_000,
)
@jobs_options(
    "Keep 2N shards in flight on local processes (N: 1-256; at most one process per CPU).",
    "Run shards on a Dask distributed cluster (needs the dask extra).",
)
@seed_option
@wordlist_options
@_grade_options
@timeout_option
@json_option
def find(
    form_text: str,
    result: str | None,
    from_file: str | None,
    theme: tuple[str, ...],
    doubly_true: bool,
    numbers_file: str | None,
    limit: int,
    max_candidates: int,
    jobs: int,
    scheduler: str | None,
    seed: int,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    difficulty: str | None,
    show_grade: bool,
    timeout: float | None,
    as_json: bool,
) -> int:
    """Find word equations with exactly one solution (SEND + MORE = MONEY style).

    Candidates come from the word list (best words, sampled with --seed), a theme
    (--theme, --from) or number names (--doubly-true); each passes cheap filters, a fast
    solution counter, and the general solver before it is printed. Output streams as a
    table or JSON Lines (--json: one line per puzzle, then a last line with "summary": true,
    the totals and stop_reason), in the same order for the same --seed on any executor.
    Exit status 1 when nothing was found or the time limit or Ctrl-C stopped the search
    (the puzzles found so far are shown).
    """
    from puzzlewright.cryptarithm.executors import make_map
    from puzzlewright.cryptarithm.find import find as run_find
    from puzzlewright.cryptarithm.find import parse_form, shard_count

    form = parse_form(form_text)
    make_map(jobs, scheduler)  # bad --jobs or --scheduler: an error before any work
    sources = _Sources.of(word_paths, theme, from_file, doubly_true, numbers_file)
    words, _ = load_words(word_paths, encoding, alphabet, None, quiet=as_json)
    spec = _find_spec(form, words, sources, result, min_score, seed)
    total = shard_count(spec)
    bar_total = total if total is not None else -(-max_candidates // spec.shard_size)
    grading = show_grade or difficulty is not None
    show = _PuzzlePrinter(spec, seed, as_json, grading)
    with (
        stopping(timeout) as stop,
        _progress("Searching", bar_total, quiet=as_json) as update,
    ):
        run = run_find(
            spec,
            limit=limit,
            max_candidates=None if total is not None else max_candidates,
            map_shards=make_map(jobs, scheduler, stop),
            stop=stop,
            on_puzzle=show,
            on_shard=lambda done, _total, so_far: update(done, bar_total, len(so_far.puzzles)),
            difficulty=difficulty,
            grade=grading,
        )
    _report_find(run, form.text(), limit, max_candidates, as_json=as_json)
    return exit_status(bool(run.puzzles), run.stop_reason)


@dataclass(frozen=True)
class _Sources:
    """Where ``find`` takes its words: lists, a theme, a theme file, a number-name table
    (``numbers`` is "" for the built-in English names, None when not doubly true)."""

    word_paths: tuple[str, ...]
    theme: tuple[str, ...]
    from_file: str | None
    numbers: str | None

    @classmethod
    def of(
        cls,
        word_paths: tuple[str, ...],
        theme: tuple[str, ...],
        from_file: str | None,
        doubly_true: bool,
        numbers_file: str | None,
    ) -> _Sources:
        """The sources the options name; number names (``--numbers``) imply doubly true and
        exclude a theme."""
        doubly_true = doubly_true or numbers_file is not None
        if doubly_true and (theme or from_file):
            raise PuzzleInputError("--doubly-true uses number names; drop --theme / --from")
        return cls(word_paths, theme, from_file, (numbers_file or "") if doubly_true else None)


def _find_spec(
    form: Form,
    words: WordList,
    sources: _Sources,
    result: str | None,
    min_score: int | None,
    seed: int,
) -> FindSpec:
    """The search: number names (doubly true), a theme, or the word list's words."""
    from puzzlewright.cryptarithm.find import build_spec
    from puzzlewright.cryptarithm.find_themes import find_pool
    from puzzlewright.cryptarithm.numbers import english, load_number_names

    scores = words.scores()
    result_word = words.normalize_query(result) if result else None
    if sources.numbers is not None:
        table = load_number_names(sources.numbers) if sources.numbers else english()
        return build_spec(
            form, pool=(), scores=scores, numbers=table, seed=seed, result=result_word
        )
    builtin = list(sources.word_paths) in ([], ["builtin"])
    pool = find_pool(words, sources.theme, sources.from_file, min_score=min_score, builtin=builtin)
    return build_spec(form, pool=pool, scores=scores, result=result_word, seed=seed)


class _PuzzlePrinter:
    """Streams each unique puzzle as it is found: a table row, or a JSON Lines record."""

    def __init__(self, spec: FindSpec, seed: int, as_json: bool, grading: bool = False) -> None:
        self.spec = spec
        self.seed = seed
        self.as_json = as_json
        self.grading = grading
        self.count = 0

    def __call__(self, puzzle: FoundPuzzle) -> None:
        self.count += 1
        if self.as_json:
            click.echo(json.dumps(puzzle.to_json(), ensure_ascii=False))
        else:
            if self.count == 1:
                self.header()
            score = "-" if puzzle.score is None else str(puzzle.score)
            graded = f" {puzzle.grade or '-':<9}" if self.grading else ""
            click.echo(
                f"{self.count:>3}  {puzzle.puzzle:<36} {puzzle.digits:<36} {score:>5}{graded}"
            )
        sys.stdout.flush()

    def header(self) -> None:
        """The table's title and column names."""
        spec = self.spec
        mode = "every candidate" if spec.exhaustive or spec.doubly_true else f"seed {self.seed}"
        stdout.print(
            f"[dim]{spec.form.text()} over {len(spec.pool)} words ({mode}); unique puzzles:[/dim]"
        )
        graded = f" {'grade':<9}" if self.grading else ""
        click.echo(f"{'#':>3}  {'puzzle':<36} {'solution':<36} {'score':>5}{graded}")


def _report_find(
    run: FindRun, form: str, limit: int, max_candidates: int, *, as_json: bool
) -> None:
    """The totals on stderr, and why the run ended when that needs saying."""
    stats = run.stats
    if as_json:  # the stream's last line: totals and why it ended, like every --json
        totals = {k: v for k, v in run.to_json().items() if k != "puzzles"}
        click.echo(json.dumps({"summary": True, "found": len(run.puzzles), **totals}))
    if not as_json and not run.puzzles:
        stdout.print(f"no unique {form} puzzle found")
    if not as_json or on_terminal():
        stderr.print(
            f"[dim]{len(run.puzzles)} unique from {stats.candidates} candidates "
            f"({stats.filtered} filtered, {stats.checked} checked, "
            f"{stats.checks_per_second:,.0f} checks/s per core) in {run.seconds:.1f} s[/dim]"
        )
    if stop_note(run.stop_reason):
        warn(stop_note(run.stop_reason))
    elif run.stop_reason == "candidates" and len(run.puzzles) < limit:
        warn(f"gave up after {max_candidates} candidates (raise --candidates)")
