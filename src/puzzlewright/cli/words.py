"""``puzzlewright words`` and ``puzzlewright lexicon``: query and inspect word lists."""

from __future__ import annotations

from typing import Any

import click
from rich.table import Table

from puzzlewright.cli.common import (
    MAX_LENGTH,
    MAX_SHOWN,
    emit_json,
    json_option,
    load_words,
    min_score_help,
    mixed_wordlist_options,
    stdout,
    whole_option,
)
from puzzlewright.cli.wordlists import max_list_mb_option
from puzzlewright.cli.wordplay import show_wordplay, wordplay_options
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Entry
from puzzlewright.lexicon.crossword import DEFAULT_MIN_SCORE
from puzzlewright.lexicon.evidence import match_by_evidence
from puzzlewright.messages import counted


@click.command()
@click.argument("pattern", required=False)
@click.option("--anagram", metavar="LETTERS", help="Words using exactly these letters.")
@click.option("--within", metavar="LETTERS", help="Words that can be spelled from these letters.")
@whole_option("--min-length", help="Shortest word for --within.", default=3, most=MAX_LENGTH)
@click.option(
    "--words-max",
    type=click.IntRange(min=1, max=6),
    default=1,
    show_default=True,
    help="--anagram: phrases of up to N words (the anagram server).",
)
@click.option("--require", metavar="WORD", help="--anagram: every phrase contains WORD.")
@click.option(
    "--result",
    metavar="PATTERN",
    help="--anagram: the phrase's shape, e.g. 'O?? ???? ??????' or 3,4,6.",
)
@wordplay_options
@whole_option("--limit", help="Show at most N words (0: all).", default=50, least=0, most=MAX_SHOWN)
@min_score_help(
    "Load only words scoring N or more (a filter on the list as it loads). Default: 50 on "
    "the crossword list, every word of another."
)
@mixed_wordlist_options
@json_option
def words(
    pattern: str | None,
    anagram: str | None,
    within: str | None,
    min_length: int,
    words_max: int,
    require: str | None,
    result: str | None,
    wordplay: dict[str, Any],
    limit: int,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    as_json: bool,
) -> int:
    """Find words by PATTERN (? or . for any letter, e.g. C?O?S), --anagram or --within,
    or wordplay for a cryptic clue (--hidden, --charade, --container ...).

    Results are ranked by score, best first (a pattern's words of one score by how common
    they are). Patterns search the built-in crossword list unless --words says otherwise;
    --anagram, --within and wordplay the English list. Exit status 1 when nothing matches.
    """
    chosen = {k: v for k, v in wordplay.items() if k != "timeout" and v is not None}
    modes = [m for m in (pattern, anagram, within, *chosen.values()) if m is not None]
    if len(modes) != 1:
        raise PuzzleInputError(
            "give exactly one of PATTERN, --anagram, --within or a wordplay option"
        )
    default = "crossword" if pattern is not None else "english"
    wordlist, _ = load_words(
        word_paths, encoding, alphabet, min_score, quiet=as_json, default=default
    )
    cap = limit or None
    if chosen or (anagram is not None and (words_max > 1 or require or result)):
        mode, query = next(iter(chosen.items())) if chosen else ("anagram", str(anagram))
        options = {"words_max": words_max, "require": require, "result": result}
        options["timeout"] = wordplay["timeout"]
        return show_wordplay(wordlist, mode, query, options, cap, as_json)
    if require or result:
        raise PuzzleInputError("--require and --result go with --anagram")
    if anagram is not None:
        mode, query = "anagram", anagram
        found = wordlist.anagrams(anagram, limit=cap)
    elif within is not None:
        mode, query = "within", within
        found = wordlist.within(within, min_length=min_length, limit=cap)
    else:
        assert pattern is not None
        mode, query = "pattern", pattern
        found = match_by_evidence(wordlist, pattern, cap)
    _show_found(found, mode, query, as_json=as_json)
    return 0 if found else 1


def _show_found(found: list[Entry], mode: str, query: str, *, as_json: bool) -> None:
    """The words found, as JSON (with the mode and query) or in columns."""
    if as_json:
        emit_json(
            {
                "mode": mode,
                "query": query,
                "count": len(found),
                "words": [{"word": e.word, "score": e.score} for e in found],
            }
        )
    else:
        print_entries(found, f"{mode} {query}")


def print_entries(found: list[Entry], title: str) -> None:
    """Words and scores in columns, or a short note when there are none."""
    if not found:
        stdout.print(f"no words match {title}")
        return
    stdout.print(f"{counted(len(found), 'word')} for {title}")
    table = Table("word", "score")
    for entry in found:
        table.add_row(entry.word, str(entry.score))
    stdout.print(table)


DEFAULT_LISTS: dict[str, dict[str, Any]] = {
    "crossword": {
        "min_score": DEFAULT_MIN_SCORE,
        "commands": [
            "crossword fill",
            "crossword pattern",
            "words PATTERN",
            "the workbench's crossword room",
        ],
    },
    "english": {
        "min_score": None,
        "commands": [
            "acrostic build",
            "cryptarithm encode / find",
            "words --anagram / --within / wordplay",
            "the workbench's acrostic and cryptarithm rooms and wordplay",
        ],
    },
}
"""Which built-in list each command uses by default (``lexicon info`` prints it)."""


@click.group()
def lexicon() -> None:
    """Inspect word lists (the built-in English list by default; ``crossword`` names the
    built-in crossword list)."""


@lexicon.command()
@click.argument("paths", nargs=-1, metavar="[PATH]...")
@click.option(
    "--encoding",
    default="utf-8-sig",
    show_default=True,
    help="Encoding of the lists (e.g. cp1251); 'auto' detects it.",
)
@click.option("--alphabet", default=None, help="Alphabet: en, ru, or its letters.")
@max_list_mb_option
@json_option
def info(paths: tuple[str, ...], encoding: str, alphabet: str | None, as_json: bool) -> None:
    """Counts per length, score histogram, and lines skipped and why."""
    from puzzlewright.lexicon.stats import describe, stats_document

    wordlist, reports = load_words(paths, encoding, alphabet, quiet=as_json)
    stats = describe(wordlist, reports)
    if as_json:
        emit_json({**stats_document(stats), "defaults": DEFAULT_LISTS})
        return
    stdout.print(f"[bold]{stats.name}[/bold]: {stats.words:,} words, alphabet {stats.alphabet}")
    for report in stats.sources:
        skipped = ", ".join(f"{n:,} {why}" for why, n in report.skipped.most_common()) or "none"
        stdout.print(
            f"  {report.path} ({report.encoding}): {report.lines:,} lines, "
            f"{counted(report.entries, 'entry')}; skipped: {skipped}"
        )
    lengths = Table("length", "words")
    for length, count in stats.by_length.items():
        lengths.add_row(str(length), f"{count:,}")
    scores = Table("score", "words")
    for bucket, count in stats.score_histogram.items():
        scores.add_row(f"{bucket}-{bucket + 9}", f"{count:,}")
    stdout.print(lengths)
    stdout.print(scores)
    stdout.print("Built-in lists each command uses when given no --words:")
    for name, about in DEFAULT_LISTS.items():
        floor = f", minimum score {about['min_score']}" if about["min_score"] else ""
        stdout.print(f"  {name}{floor}: {', '.join(about['commands'])}")
