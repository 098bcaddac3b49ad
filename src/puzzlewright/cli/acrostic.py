"""``puzzlewright acrostic``: build acrostic puzzles from a quotation and its source."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, TypedDict

import click

from puzzlewright.cli.common import (
    MAX_COUNT,
    MAX_LENGTH,
    MAX_TRIES,
    FiniteFloat,
    check_output,
    emit_json,
    exit_status,
    fail,
    flags_for,
    jobs_options,
    json_option,
    load_words,
    min_score_help,
    on_terminal,
    output_option,
    say_written,
    seed_option,
    status,
    stop_note,
    stopping,
    timeout_option,
    warn,
    whole_option,
    wordlist_options,
)
from puzzlewright.errors import rename_parameters
from puzzlewright.fileio import read_text_input

if TYPE_CHECKING:
    from puzzlewright.acrostic.model import BuildResult
    from puzzlewright.lexicon import WordList

LENGTHS = ("min_length", "max_length")  # the parameters an impossibility reason may name


@click.group()
def acrostic() -> None:
    """Build acrostic (double-crostic) puzzles."""


@acrostic.command()
@click.argument("quote")
@click.argument("source")
@click.option("--include", multiple=True, metavar="WORD", help="Force this answer (repeatable).")
@click.option(
    "--exclude", multiple=True, metavar="WORD", help="Never use this answer (repeatable)."
)
@click.option(
    "--avoid-function-words",
    is_flag=True,
    help="Never use function words (THAT, THOSE, NEXT, NOPE ...) as answers.",
)
@whole_option("--min-length", help="Shortest answer.", default=4, most=MAX_LENGTH)
@whole_option("--max-length", help="Longest answer.", default=None, most=MAX_LENGTH)
@whole_option("--count", help="Distinct answer sets to find, best first.", most=MAX_COUNT)
@click.option(
    "--improve",
    type=FiniteFloat(min=0, max=3600),
    default=None,
    help="Effort per set on replacing rare answers by common ones, in seconds of a "
    "typical machine (counted in steps, so a seed gives the same answers anywhere). "
    "Default: about 0.08 s per quotation letter, all tries within 640,000 steps "
    "(about 15 s); 0 keeps the first set found.",
)
@whole_option(
    "--tries",
    help="Improve sets from this many independent starts and keep the best (one search "
    "settles in one basin; with --jobs the workers are the starts). Default: 2.",
    default=None,
    most=MAX_TRIES,
    metavar="N",
)
@whole_option(
    "--max-steps",
    help="Effort of one search (a try, a worker's round) in steps, about 40,000 a second "
    "on a 2020s core: counted, so a seed gives the same answers on any machine. "
    "Default: 4,000,000.",
    default=None,
    most=MAX_TRIES,
    metavar="N",
)
@whole_option("--width", help="Grid width in cells.", default=15, least=5, most=100)
@jobs_options(
    "A portfolio of N (1-256) differently seeded searches, the best set kept, on at "
    "most one process per CPU (same seed and N, same answers)."
)
@click.option("--key", is_flag=True, help="Show the answers and the filled grid.")
@output_option("Write the puzzle as .ipuz ('-': stdout).", path=click.Path(dir_okay=False))
@click.option("--title", default=None, help="Title stored in the .ipuz file.")
@click.option("--force", is_flag=True, help="Allow -o to replace an input file.")
@min_score_help(
    "A familiarity threshold: answers scoring N or more, on the built-in list by familiarity "
    "(how acrostic answers are ranked, not the fill scores); on another list by its own scores."
)
@wordlist_options
@seed_option
@timeout_option
@json_option
def build(
    quote: str,
    source: str,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    avoid_function_words: bool,
    min_length: int,
    max_length: int | None,
    count: int,
    improve: float | None,
    tries: int | None,
    max_steps: int | None,
    width: int,
    jobs: int,
    key: bool,
    output: str | None,
    title: str | None,
    force: bool,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    seed: int,
    timeout: float | None,
    as_json: bool,
) -> int:
    """Find answers for QUOTE whose first letters spell SOURCE.

    The answers use exactly the quotation's letters. QUOTE may be '-' (standard input) or
    @PATH (a UTF-8 text file). Exit status: 0 built, 1 impossible, out of time or
    interrupted (the sets or the closest partial set found so far are shown), 2 bad input.
    The effort is counted in steps (--improve, --tries, --max-steps), so the same --seed
    gives the same answers on any machine; --timeout is a safety net that says when it cut.
    """
    from puzzlewright.acrostic import build_acrostic

    text, quote_file = _read_quote(quote)
    inputs = [p for p in (*word_paths, quote_file) if p and p != "builtin"]
    check_output(output, inputs=inputs, force=force)
    _check_ipuz_name(output)
    words = _answer_words(word_paths, encoding, alphabet, min_score, quiet=as_json)
    with stopping(timeout) as stop, status("Building the acrostic…", quiet=as_json):
        result = build_acrostic(
            text,
            source,
            words,
            include=include,
            exclude=_excluded(exclude, avoid_function_words),
            min_length=min_length,
            max_length=max_length,
            seed=seed,
            count=count,
            improve=improve,
            width=width,
            stop=stop,
            jobs=jobs,
            **_effort(tries, max_steps),
        )
    _save(result, output, title, inputs, force=force, quiet=as_json)
    _report(result, key, count, as_json=as_json)
    return exit_status(result.status == "built", result.stop_reason)


def _excluded(exclude: tuple[str, ...], avoid_function_words: bool) -> list[str]:
    """The words no answer may be: --exclude's, and the function words when asked."""
    from puzzlewright.lexicon.function_words import FUNCTION_WORDS

    return [*exclude, *(sorted(FUNCTION_WORDS) if avoid_function_words else [])]


FIRST_FAMILIAR = "building the acrostic's familiarity scores (first run only, about 3 s)"
"""Said once, as load_words says the English list's build (builtin_familiar: 3.0 CPU s)."""


def familiar_cached() -> bool:
    """True when the familiarity scores of the English list are in the cache."""
    from puzzlewright.lexicon.familiar import familiar_cache_path

    return familiar_cache_path().exists()


def _answer_words(
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    *,
    quiet: bool,
) -> WordList:
    """The answers' word list; ``min_score`` filters the built-in list by the familiarity
    scores answers are ranked by (any other list by its own scores)."""
    from puzzlewright.lexicon.familiar import familiar_scores
    from puzzlewright.lexicon.loading import BUILTIN_NAMES

    words, _ = load_words(word_paths, encoding, alphabet, quiet=quiet)
    first = words.name in BUILTIN_NAMES and not familiar_cached()
    if first and not quiet and not on_terminal():  # a terminal has the build's spinner
        click.echo(FIRST_FAMILIAR, err=True)
    if min_score is not None:
        words = familiar_scores(words).filtered(min_score)
    return words


class _Effort(TypedDict, total=False):
    """The effort options of ``build_acrostic`` the command passes only when given."""

    tries: int
    max_steps: int | None


def _effort(tries: int | None, max_steps: int | None) -> _Effort:
    """The effort options given on the command line; the others keep the library's
    defaults, so the command and ``build_acrostic`` give the same answers."""
    effort: _Effort = {}
    if tries is not None:
        effort["tries"] = tries
    if max_steps is not None:
        effort["max_steps"] = max_steps
    return effort


def _report(result: BuildResult, key: bool, count: int, *, as_json: bool) -> None:
    """The result as JSON or text, and a warning when fewer than ``count`` sets were found."""
    if as_json:
        emit_json(result.to_json())
    else:
        _print_text(result, key)
    if result.status == "built" and len(result.puzzles) < count:
        warn(f"found {len(result.puzzles)} of {count} answer sets in the effort allowed")
    if stop_note(result.stop_reason):  # a set found, but its improvement cut short, too
        warn(stop_note(result.stop_reason))


def _check_ipuz_name(output: str | None) -> None:
    """Refuse an -o name of another kind before the search: the file is ipuz JSON, and
    ``-o p.pdf`` would hand a PDF reader a file it cannot open."""
    if output is None or output == "-":
        return
    suffix = os.path.splitext(output)[1]
    if suffix.lower() != ".ipuz":
        raise fail(
            f"acrostic build writes .ipuz, not {suffix or 'a file without one'}: "
            "-o NAME.ipuz, then `puzzlewright render NAME.ipuz` prints it (PDF, HTML, SVG)"
        )


def _save(
    result: BuildResult,
    output: str | None,
    title: str | None,
    inputs: list[str],
    *,
    force: bool,
    quiet: bool,
) -> None:
    """Write the best puzzle as ipuz to ``output``, or say that nothing was written."""
    if not output:
        return
    if not result.puzzles:
        warn(f"nothing written to {output}: no answer set was found")
        return
    from puzzlewright.acrostic.ipuz import dumps
    from puzzlewright.fileio import write_atomic

    write_atomic(output, dumps(result.puzzles[0], title=title), inputs=inputs, force=force)
    say_written(output, quiet=quiet)


def _read_quote(quote: str) -> tuple[str, str | None]:
    """The quotation text and the file it came from (for @PATH)."""
    if quote == "-":
        return read_text_input("-", "quotation"), None
    if quote.startswith("@") and len(quote) > 1:
        path = quote[1:]
        return read_text_input(path, "quotation file"), path  # bounded, one-line errors
    return quote, None


def _print_text(result: BuildResult, key: bool) -> None:
    """The puzzle (or why there is none) as text."""
    from puzzlewright.acrostic import render_text

    if result.status == "impossible":
        reason = rename_parameters(result.reason or "", LENGTHS, flags_for(LENGTHS))
        click.echo(f"impossible: {reason}")
        return
    if result.status == "timeout":
        click.echo(f"no acrostic: {result.reason}")
        if result.partial:
            click.echo("closest answers: " + " ".join(a.word for a in result.partial))
            click.echo(
                f"unused letters: {result.leftover or '-'}; "
                f"used too often: {result.overused or '-'}"
            )
        return
    for n, puzzle in enumerate(result.puzzles):
        if n == 0:
            click.echo(render_text(puzzle, key=key), nl=False)
            click.echo(
                f"\nmean zipf {puzzle.mean_zipf()} (no set can exceed {result.mean_zipf_bound}), "
                f"lowest {puzzle.min_zipf()}, {result.seconds:.1f} s"
            )
        else:
            click.echo(
                f"\nset {n + 1}: "
                + " ".join(a.word for a in puzzle.answers)
                + f" (mean zipf {puzzle.mean_zipf()}, lowest {puzzle.min_zipf()})"
            )
