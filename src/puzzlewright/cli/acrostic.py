"""``puzzlewright acrostic``: build acrostic puzzles from a quotation and its source."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from puzzlewright.cli.common import (
    emit_json,
    fail,
    json_option,
    load_words,
    seed_option,
    status,
    stdout_output,
    stopping,
    timeout_option,
    warn,
    wordlist_options,
)

DEFAULT_TIMEOUT = 120.0


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
@click.option("--min-length", type=int, default=4, show_default=True, help="Shortest answer.")
@click.option("--max-length", type=int, default=None, help="Longest answer.")
@click.option(
    "--count",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Distinct answer sets to find, best first.",
)
@click.option(
    "--improve",
    type=click.FloatRange(min=0),
    default=None,
    help="Effort per set on replacing rare answers by common ones, in seconds of a "
    "typical machine (counted in steps, so a seed gives the same answers anywhere). "
    "Default: about 0.1 s per quotation letter; 0 keeps the first set found.",
)
@click.option(
    "--width",
    type=click.IntRange(min=5),
    default=15,
    show_default=True,
    help="Grid width in cells.",
)
@click.option("--key", is_flag=True, help="Show the answers and the filled grid.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    callback=stdout_output,
    help="Write the puzzle as .ipuz ('-': stdout).",
)
@click.option("--title", default=None, help="Title stored in the .ipuz file.")
@click.option("--force", is_flag=True, help="Allow -o to replace an input file.")
@wordlist_options
@seed_option
@timeout_option
@json_option
def build(
    quote: str,
    source: str,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    min_length: int,
    max_length: int | None,
    count: int,
    improve: float | None,
    width: int,
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
    @PATH (a UTF-8 text file). Exit status: 0 built, 1 impossible or out of time, 2 bad
    input. Without --timeout the search stops after 120 s.
    """
    from puzzlewright.acrostic import build_acrostic, render_text
    from puzzlewright.acrostic.ipuz import dumps

    text, quote_file = _read_quote(quote)
    words, _ = load_words(word_paths, encoding, alphabet, min_score, quiet=as_json)
    limit = DEFAULT_TIMEOUT if timeout is None else timeout
    with stopping(limit) as stop, status("Building the acrostic…", quiet=as_json):
        result = build_acrostic(
            text,
            source,
            words,
            include=include,
            exclude=exclude,
            min_length=min_length,
            max_length=max_length,
            seed=seed,
            count=count,
            improve=improve,
            width=width,
            stop=stop,
        )
    if output and result.puzzles:
        from puzzlewright.fileio import write_atomic

        inputs = [p for p in (*word_paths, quote_file) if p and p != "builtin"]
        write_atomic(output, dumps(result.puzzles[0], title=title), inputs=inputs, force=force)
    if as_json:
        emit_json(_json(result))
    else:
        _print_text(result, key, render_text)
        if output and result.puzzles and not as_json:
            click.echo(f"wrote {output}", err=True)
    if result.status == "built" and len(result.puzzles) < count:
        warn(f"found {len(result.puzzles)} of {count} answer sets in the time allowed")
    return 0 if result.status == "built" else 1


def _read_quote(quote: str) -> tuple[str, str | None]:
    """The quotation text and the file it came from (for @PATH)."""
    if quote == "-":
        return sys.stdin.read(), None
    if quote.startswith("@") and len(quote) > 1:
        path = quote[1:]
        try:
            return Path(path).read_text(encoding="utf-8-sig"), path
        except OSError as exc:
            raise fail(f"cannot read {path}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise fail(f"{path} is not UTF-8 text") from None
    return quote, None


def _json(result: Any) -> dict[str, Any]:
    best = result.puzzles[0] if result.puzzles else None
    document: dict[str, Any] = {
        "status": result.status,
        "reason": result.reason,
        "quote": result.quote,
        "source": result.source,
        "answers": [a.to_json() for a in (best.answers if best else result.partial)],
        "grid": best.grid.to_json() if best else None,
        "seconds": round(result.seconds, 2),
    }
    if best:
        document["mean_zipf"] = best.mean_zipf()
        document["min_zipf"] = best.min_zipf()
        document["mean_zipf_bound"] = result.mean_zipf_bound
        if len(result.puzzles) > 1:
            document["alternatives"] = [
                {
                    "answers": [a.to_json() for a in p.answers],
                    "mean_zipf": p.mean_zipf(),
                    "min_zipf": p.min_zipf(),
                }
                for p in result.puzzles[1:]
            ]
    elif result.status == "timeout":
        document["leftover"] = result.leftover
        document["overused"] = result.overused
    return document


def _print_text(result: Any, key: bool, render_text: Any) -> None:
    if result.status == "impossible":
        click.echo(f"impossible: {result.reason}")
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
