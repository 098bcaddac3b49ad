"""Shared pieces of every command: errors, --json, word-list options, progress, stopping
(the word-list options' help and limits are in :mod:`puzzlewright.cli.wordlists`).

Commands are thin: parse options, call the library, print. Error handling lives in
:class:`puzzlewright.cli.LazyGroup.main`; a command returns its exit status (0, 1) or None.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from puzzlewright.cli.wordlists import add_wordlist_options, builtin_cached, list_bound
from puzzlewright.errors import PuzzleInputError, PuzzlewrightWarning
from puzzlewright.stopping import StopReason, StopSignal, interrupt_sets, interrupted_by

F = TypeVar("F", bound=Callable[..., Any])

PATH = click.Path(path_type=str)

if TYPE_CHECKING:
    from rich.console import Console

    from puzzlewright.lexicon import SourceReport, WordList

    stderr: Console
    stdout: Console


def __getattr__(name: str) -> Any:
    """``stderr`` and ``stdout``: rich consoles made on first use (PEP 562).

    rich takes longer to import than a small fill takes to run, so a command that prints
    plain text (``crossword fill --json``) never imports it.
    """
    if name not in ("stderr", "stdout"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from rich.console import Console

    console = Console(stderr=name == "stderr", highlight=False)
    console.on_broken_pipe = _broken_pipe  # type: ignore[method-assign]
    globals()[name] = console
    return console


def _broken_pipe() -> None:
    """In place of rich's own handling (exit status 1 on the spot): raise, so that
    :meth:`puzzlewright.cli.LazyGroup.main` ends every command's closed pipe alike."""
    raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


def _stderr() -> Console:
    """The rich console on stderr (made on first use)."""
    console: Console = globals().get("stderr") or __getattr__("stderr")
    return console


def emit_json(document: Any) -> None:
    """Print one JSON document to stdout, nothing else."""
    click.echo(json.dumps(document, ensure_ascii=False, indent=2))


def json_option(func: F) -> F:
    """Add ``--json``: print one JSON document to stdout instead of tables."""
    return click.option(
        "--json", "as_json", is_flag=True, help="Print one JSON document to stdout."
    )(func)


def seed_option(func: F) -> F:
    """Add ``--seed N`` (randomness is reproducible per seed)."""
    return click.option(
        "--seed",
        type=int,
        default=0,
        show_default=True,
        help="Random seed; the same seed gives the same output.",
    )(func)


class FiniteFloat(click.FloatRange):
    """A FloatRange that also refuses ``nan`` (it passes every comparison, so ``--timeout
    nan`` would never stop) and, given a ``max``, ``inf``."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"{value!r} is not a number.", param, ctx)
        return number


MAX_COUNT = 1000
"""Most results a search may be asked for (``--count``: fills, patterns, answer sets)."""
MAX_TRIES = 1_000_000_000
"""Most independent attempts (``--tries``, ``--attempts``): the time limit ends them sooner."""
MAX_SHOWN = 10_000_000
"""Most words or solutions a listing may be asked for (more than any list or puzzle has)."""
MAX_LENGTH = 100
"""Longest word or entry length an option may name (grids are at most 99 cells a side)."""
MAX_SECONDS = 10_000_000
"""Longest ``--timeout`` (about 16 weeks): beyond it a number is a typo, not a plan."""
SECONDS = FiniteFloat(min=0, min_open=True, max=MAX_SECONDS)
"""The type of every option counting seconds (``--timeout``)."""


def timeout_option(func: F) -> F:
    """Add ``--timeout S``."""
    return click.option(
        "--timeout",
        type=SECONDS,
        default=None,
        help="Stop after S seconds and report what was found so far.",
    )(func)


def whole_option(
    *decls: str,
    help: str,
    default: int | None = 1,
    least: int = 1,
    most: int | None = None,
    metavar: str | None = None,
) -> Callable[[F], F]:
    """An option taking a whole number from ``least`` to ``most``, its default shown
    (``--count``, ``--jobs``, ``--limit``, ``--width``): every count and size a command
    takes is bounded, so a typo is one ``error:`` line, not a MemoryError."""
    return click.option(
        *decls,
        type=click.IntRange(min=least, max=most),
        default=default,
        show_default=default is not None,
        metavar=metavar,
        help=help,
    )


def jobs_options(jobs_help: str, scheduler_help: str | None = None) -> Callable[[F], F]:
    """Add ``--jobs N`` (processes) and, given its help, ``--scheduler tcp://HOST:PORT``
    (a Dask cluster)."""
    jobs = whole_option("--jobs", help=jobs_help)
    if scheduler_help is None:
        return jobs
    scheduler = click.option("--scheduler", metavar="tcp://HOST:PORT", help=scheduler_help)
    return lambda func: jobs(scheduler(func))


def output_option(
    help: str,
    *,
    path: click.Path | None = PATH,
    metavar: str | None = None,
    required: bool = False,
) -> Callable[[F], F]:
    """Add ``-o/--output`` (``-``: stdout, see :func:`stdout_output`)."""
    return click.option(
        "-o",
        "--output",
        type=path,
        metavar=metavar,
        required=required,
        callback=stdout_output,
        help=help,
    )


def wordlist_options(func: F) -> F:
    """Add --words/--encoding/--alphabet/--min-score, read by :func:`load_words`, for a
    command whose default is the English list (acrostics, cryptarithms, wordplay)."""
    return add_wordlist_options(func, "english")


def crossword_wordlist_options(func: F) -> F:
    """:func:`wordlist_options` for a command that fills or proposes crossword entries (its
    default is the crossword list; it loads with ``load_words(..., default="crossword")``)."""
    return add_wordlist_options(func, "crossword")


def mixed_wordlist_options(func: F) -> F:
    """:func:`wordlist_options` for ``words``: crossword list for patterns, English else."""
    return add_wordlist_options(func, "mixed")


def min_score_help(text: str) -> Callable[[F], F]:
    """Say what this command's --min-score does, placed above :func:`wordlist_options`:
    it means three things across commands (a filter as the list loads, an engine's own
    floor on a list loaded whole, an acrostic's familiarity threshold)."""

    def decorate(func: F) -> F:
        params: list[click.Parameter] = getattr(func, "__click_params__", [])
        option = next((p for p in params if p.name == "min_score"), None)
        if not isinstance(option, click.Option):
            raise TypeError("min_score_help goes above wordlist_options")
        option.help = text
        return func

    return decorate


FIRST_BUILD = (
    "building the English list's cache (first run only, about 6 s)",
    "building the crossword list's cache (first run only, about 3 s)",
)
"""The line a first run prints when stderr is not a terminal (a terminal gets the spinner):
CPU seconds of the build alone (builtin_english 5.7 s, builtin_crossword 2.6 s, load 2.5)."""


def load_words(
    word_paths: Sequence[str],
    encoding: str = "utf-8-sig",
    alphabet: str | None = None,
    min_score: int | None = None,
    *,
    quiet: bool = False,
    default: str = "english",
    floor_only: bool = False,
) -> tuple[WordList, list[SourceReport]]:
    """Load the word lists named on the command line (the built-in ``default`` list, with
    its default floor, when none). With ``floor_only``, ``min_score`` only decides how much
    of the crossword list is loaded: the caller cuts by it itself (the filler does, by a
    prefix of each length's best-first words), so nothing is filtered here."""
    from puzzlewright.lexicon import load_wordlist
    from puzzlewright.lexicon.loading import CROSSWORD_NAMES

    paths = list(word_paths) or [default]
    if floor_only:
        from puzzlewright.lexicon.crossword import DEFAULT_MIN_SCORE

        lower = min_score is not None and min_score < DEFAULT_MIN_SCORE
        min_score = 0 if lower and paths[0].lower() in CROSSWORD_NAMES else None
    if len(paths) == 1 and paths[0].lower() in {"builtin", "english", "crossword"}:
        message = "Building the built-in list (first run only)…"  # later: from the cache
        quiet = quiet or builtin_cached(paths[0].lower())
        if not quiet and not on_terminal():  # no spinner: say once why this run waits
            click.echo(FIRST_BUILD[paths[0].lower() == "crossword"], err=True)
    else:
        message = "Loading word list…"
    max_bytes, note = list_bound(paths, encoding)
    if note:
        warn(note)
    with status(message, quiet=quiet):
        words, reports = load_wordlist(
            paths, encoding=encoding, alphabet=alphabet, min_score=min_score, max_bytes=max_bytes
        )
    if not quiet:
        for report in reports:
            if encoding == "auto":
                _stderr().print(f"[dim]{report.path}: detected encoding {report.encoding}[/dim]")
    return words, reports


def on_terminal() -> bool:
    """True when stderr is an interactive terminal (progress displays are shown)."""
    return sys.stderr.isatty()


@contextmanager
def status(message: str, *, quiet: bool = False) -> Iterator[None]:
    """A spinner on stderr while a slow step runs (only on a terminal)."""
    if quiet or not on_terminal():
        yield
        return
    with _stderr().status(message):
        yield


@contextmanager
def stopping(timeout: float | None) -> Iterator[StopSignal]:
    """A StopSignal for ``timeout`` that Ctrl-C also sets, for the duration of a search.
    The time counts from the command's start (:data:`STARTED`): reading the input, loading
    the list and starting workers are part of the time the user allowed."""
    stop = StopSignal(timeout, started=command_started())
    with interrupt_sets(stop):
        yield stop


def check_output(
    path: str | None,
    *,
    inputs: Sequence[str] = (),
    force: bool = False,
    puzzle_format: bool = False,
) -> None:
    """Refuse an ``-o`` path before any long work starts, for what the write would refuse
    after it: anything but a regular file (a device, a FIFO, a directory, a link to one),
    a missing directory, one of ``inputs`` (without ``--force``) and, with
    ``puzzle_format``, an extension that names no puzzle format. ``-`` (stdout) passes."""
    if path is None or path == "-":
        return
    if puzzle_format:
        from puzzlewright.crossword.formats import format_for

        format_for(path)
    from puzzlewright.fileio import output_target

    target = output_target(path)  # a regular file, new, or a link to one; never a device
    directory = os.path.dirname(target) or "."
    if not os.path.isdir(directory):
        raise fail(f"cannot write {path}: directory {directory} does not exist")
    if not force:
        for source in inputs:
            try:
                same = os.path.samefile(path, source)
            except OSError:
                continue
            if same:
                raise fail(f"refusing to overwrite the input file {path} (use --force)")


STARTED = "puzzlewright.started"
"""The key of the command's start (a ``stopping.clock()`` reading) in click's ``ctx.meta``."""


def command_started() -> float | None:
    """When the running command started (None outside a command)."""
    ctx = click.get_current_context(silent=True)
    started = None if ctx is None else ctx.meta.get(STARTED)
    return started if isinstance(started, float) else None


def stop_note(reason: StopReason | None) -> str:
    """How a search stopped, for the note after a partial result ("" when it was not)."""
    if reason == "timeout":
        return "search stopped by the time limit"
    if reason == "interrupted":
        return "search stopped by the interrupt (Ctrl-C)"
    if reason == "steps":
        return "search stopped after its step budget"
    return ""


def exit_status(found: bool, reason: StopReason | None) -> int:
    """The stop contract: 0 when the search found what it looked for and ran to its end,
    1 when it found nothing or the time limit or Ctrl-C stopped it (with a partial result)."""
    return 0 if found and not interrupted_by(reason) else 1


FLAG_FOR_PARAMETER = {"unique_only": "--unique", "max_candidates": "--candidates"}
"""Library parameters whose command-line flag is not the parameter's name in dashes."""


def flags_for(parameters: Sequence[str]) -> dict[str, str]:
    """The command-line flag for each library parameter (``min_length`` -> ``--min-length``)."""
    return {p: FLAG_FOR_PARAMETER.get(p, "--" + p.replace("_", "-")) for p in parameters}


def error_text(error: PuzzleInputError) -> str:
    """A library error as the command line says it: flags where it names parameters."""
    return error.naming(flags_for(error.parameters))


def warn(message: str) -> None:
    """A one-line warning on stderr."""
    click.echo(f"warning: {message}", err=True)


PAGE_SUFFIXES = {".pdf": "pdf", ".svg": "svg", ".html": "html", ".htm": "html"}
"""The page formats the printing commands name by an output file's extension."""


def page_format(path: str | os.PathLike[str], default: str = "pdf") -> str:
    """The page format ``path``'s extension names (``default`` for any other extension)."""
    return PAGE_SUFFIXES.get(os.path.splitext(path)[1].lower(), default)


def extension_warning(
    path: str | os.PathLike[str], written: str, *, offered: Sequence[str], same: str = ""
) -> str | None:
    """The warning when a printing command writes ``written`` (pdf, html...) to a file whose
    extension names another format (``same``: one more that matches), or none of the
    ``offered`` ones (``puzzle.docx``): the file would open in the wrong program."""
    named = PAGE_SUFFIXES.get(os.path.splitext(path)[1].lower())
    if named is None:
        listed = [f".{name}" for name in offered]
        choices = " or ".join([", ".join(listed[:-1]), listed[-1]] if len(listed) > 1 else listed)
        return f"writing {written} to {path}, whose extension is not {choices}"
    if named not in (written, same):
        return f"writing {written} to {path}, whose extension says {named}"
    return None


def say_written(path: str, *, quiet: bool = False) -> None:
    """``wrote PATH`` on stderr once a command has written its -o file, so stdout stays the
    result; nothing with ``quiet`` (--json) or when the file went to stdout (``-o -``)."""
    from puzzlewright.fileio import STDOUT

    if not quiet and path != STDOUT:
        click.echo(f"wrote {path}", err=True)


@contextmanager
def library_warnings() -> Iterator[None]:
    """Show the library's warnings (e.g. an unsafe cache folder) as ``warning:`` lines."""
    with warnings.catch_warnings():
        original = warnings.showwarning

        def show(message: Warning | str, category: type[Warning], *args: Any, **kw: Any) -> None:
            if issubclass(category, PuzzlewrightWarning):
                warn(str(message))
            else:
                original(message, category, *args, **kw)

        warnings.showwarning = show
        yield


def stdout_output(ctx: click.Context, _: click.Parameter, value: str | None) -> str | None:
    """Callback of an output option: ``-`` gives stdout to the file (written by
    :func:`~puzzlewright.fileio.write_atomic`), and the command's report goes to stderr."""
    from puzzlewright.fileio import STDOUT, stdout_reserved

    if value == STDOUT:
        ctx.with_resource(stdout_reserved())
    return value


def fail(message: str) -> PuzzleInputError:
    """An input error to raise from a command: ``raise fail("...")``."""
    return PuzzleInputError(message)


SIZE = re.compile(r"^\s*(\d+)\s*(?:[x×X*]\s*(\d+))?\s*$")
"""A grid size as typed: ``15x15``, ``15 x 11``, ``15`` (a square)."""


def parse_size(text: str) -> tuple[int, int]:
    """``15x15`` (or ``15`` for a square) -> (width, height)."""
    match = SIZE.match(text)
    if not match:
        raise fail(f"bad size {text!r}: write it as WIDTHxHEIGHT, e.g. 15x15")
    width = int(match.group(1))
    height = int(match.group(2) or width)
    return width, height
