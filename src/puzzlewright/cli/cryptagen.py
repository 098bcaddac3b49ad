"""``puzzlewright cryptarithm encode`` and ``find``: make alphametics rather than solve them."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click
from rich import box
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from puzzlewright.cli.common import (
    exit_status,
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
    wordlist_options,
)
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList

DEFAULT_FIND_MIN_SCORE = 40
"""Built-in list only: find draws from words scoring 40+ (zipf 4, everyday words)."""


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


@click.command()
@click.argument("equation", nargs=-1, required=True)
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="Show the best N encodings.",
)
@click.option(
    "--unique", "unique_only", is_flag=True, help="Only word forms with exactly one solution."
)
@wordlist_options
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
    if as_json:
        click.echo(
            json.dumps([e.to_json() for e in result.encodings], ensure_ascii=False, indent=2)
        )
    else:
        _print_encodings(result)
    if stop_note(result.stop_reason):
        warn(f"{stop_note(result.stop_reason)}; ranked among the {result.total} found so far")
    if unique_only and not result.unique:
        many = "no solution" if result.solutions == 0 else "more than one solution"
        warn(
            f"its word forms have {many} (every encoding has the letter shape "
            f"{result.pattern}), so none is unique"
        )
    return exit_status(bool(result.encodings), result.stop_reason)


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
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="Stop after N puzzles.",
)
@click.option(
    "--candidates",
    "max_candidates",
    type=click.IntRange(min=1),
    default=400_000,
    show_default=True,
    help="When sampling a large pool: give up after N candidates.",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Run shards on N local processes.",
)
@click.option(
    "--scheduler",
    metavar="tcp://HOST:PORT",
    help="Run shards on a Dask distributed cluster (needs the dask extra).",
)
@seed_option
@wordlist_options
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
    timeout: float | None,
    as_json: bool,
) -> int:
    """Find word equations with exactly one solution (SEND + MORE = MONEY style).

    Candidates come from the word list (best words, sampled with --seed), a theme
    (--theme, --from) or number names (--doubly-true); each passes cheap filters, a fast
    solution counter, and the general solver before it is printed. Output streams as a
    table or JSON Lines (--json), in the same order for the same --seed on any executor.
    Exit status 1 when nothing was found or the time limit or Ctrl-C stopped the search
    (the puzzles found so far are shown).
    """
    from puzzlewright.cryptarithm.executors import make_map
    from puzzlewright.cryptarithm.find import build_spec, parse_form, shard_count
    from puzzlewright.cryptarithm.find import find as run_find
    from puzzlewright.cryptarithm.numbers import english, load_number_names

    form = parse_form(form_text)
    map_shards = make_map(jobs, scheduler)
    if numbers_file:
        doubly_true = True
    themed = bool(theme or from_file)
    if doubly_true and themed:
        raise PuzzleInputError("--doubly-true uses number names; drop --theme / --from")
    words, _ = load_words(word_paths, encoding, alphabet, None, quiet=as_json)
    scores = words.scores()
    result_word = _normal(words, result) if result else None
    if doubly_true:
        table = load_number_names(numbers_file) if numbers_file else english()
        spec = build_spec(
            form, pool=(), scores=scores, numbers=table, seed=seed, result=result_word
        )
    else:
        pool = (
            _theme_pool(words, theme, from_file)
            if themed
            else _lexicon_pool(
                words, min_score, builtin=not word_paths or list(word_paths) == ["builtin"]
            )
        )
        if themed and min_score is not None:
            pool = [w for w in pool if (scores.get(w) or 0) >= min_score]
        spec = build_spec(form, pool=pool, scores=scores, result=result_word, seed=seed)
    total = shard_count(spec)
    bar_total = total if total is not None else -(-max_candidates // spec.shard_size)
    count = 0

    def show(puzzle: object) -> None:
        nonlocal count
        from puzzlewright.cryptarithm.find import FoundPuzzle

        assert isinstance(puzzle, FoundPuzzle)
        count += 1
        if as_json:
            click.echo(json.dumps(puzzle.to_json(), ensure_ascii=False))
        else:
            if count == 1:
                header()
            score = "-" if puzzle.score is None else str(puzzle.score)
            click.echo(f"{count:>3}  {puzzle.puzzle:<36} {puzzle.digits:<36} {score:>5}")
        sys.stdout.flush()

    def header() -> None:
        mode = "every candidate" if spec.exhaustive or spec.doubly_true else f"seed {seed}"
        stdout.print(
            f"[dim]{form.text()} over {len(spec.pool)} words ({mode}); unique puzzles:[/dim]"
        )
        click.echo(f"{'#':>3}  {'puzzle':<36} {'solution':<36} {'score':>5}")

    with (
        stopping(timeout) as stop,
        _progress("Searching", bar_total, quiet=as_json) as update,
    ):
        run = run_find(
            spec,
            limit=limit,
            max_candidates=None if total is not None else max_candidates,
            map_shards=map_shards,
            stop=stop,
            on_puzzle=show,
            on_shard=lambda done, _total, so_far: update(done, bar_total, len(so_far.puzzles)),
        )
    stats = run.stats
    if not as_json and not run.puzzles:
        stdout.print(f"no unique {form.text()} puzzle found")
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
    return exit_status(bool(run.puzzles), run.stop_reason)


def _normal(words: WordList, text: str) -> str:
    """A user's word in the list's letters (PuzzleInputError on foreign characters)."""
    return words.normalize_query(text)


def _lexicon_pool(words: WordList, min_score: int | None, *, builtin: bool) -> list[str]:
    """The list's words (best first), at least ``min_score`` (40 by default on the built-in
    list, so that sampled puzzles use everyday words)."""
    if min_score is None and builtin:
        min_score = DEFAULT_FIND_MIN_SCORE
    from puzzlewright.cryptarithm.studio import lexicon_pool

    return lexicon_pool(words, min_score)


def _theme_pool(words: WordList, theme: tuple[str, ...], from_file: str | None) -> list[str]:
    """Theme words from --theme values (built-in names or word lists) and --from FILE."""
    from puzzlewright.cryptarithm.find_themes import theme_words

    raw: list[str] = []
    for value in theme:
        builtin = theme_words(value)
        if builtin is not None:
            raw.extend(builtin)
        else:
            raw.extend(part for part in value.replace(",", " ").split() if part)
    if from_file:
        try:
            lines = Path(from_file).read_text(encoding="utf-8-sig").splitlines()
        except OSError as exc:
            raise PuzzleInputError(f"cannot read {from_file}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise PuzzleInputError(f"{from_file} is not UTF-8 text") from None
        for line in lines:
            entry = line.split("#", 1)[0].split(";", 1)[0].split("\t", 1)[0].strip()
            if entry:
                raw.append(entry)
    from puzzlewright.cryptarithm.studio import word_pool

    return word_pool(words, raw)
