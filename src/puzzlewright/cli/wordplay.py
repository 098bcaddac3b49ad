"""The wordplay options of ``puzzlewright words``: anagram phrases, hidden words, charades,
containers, deletions, reversals, letter banks and spoonerisms (a thin shell over
:mod:`puzzlewright.lexicon.wordplay` and :mod:`puzzlewright.lexicon.anagrams`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.table import Table

from puzzlewright.cli.common import (
    SECONDS,
    emit_json,
    exit_status,
    stdout,
    stop_note,
    stopping,
    warn,
)
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon import wordplay as wp

F = TypeVar("F", bound=Callable[..., Any])

# option name -> (metavar, help); each takes the query text and is a mode of its own
MODES = {
    "hidden": ("PHRASE", "Words hidden across the breaks of PHRASE, forwards and reversed."),
    "hider": ("WORD", "Phrases of 2-3 words that hide WORD across their breaks."),
    "charade": ("WORD", "WORD as 2-3 words in a row: PARTRIDGE = PART + RIDGE."),
    "container": ("WORD", "WORD as one word inside another: PIRATE = PI(RAT)E."),
    "deletion": ("WORD", "Words that give WORD when a letter goes: TRAIN minus T."),
    "reversal": ("WORD", "WORD read backwards, and charades with reversed parts."),
    "letter_bank": ("WORD", "Words using exactly the distinct letters of WORD."),
    "spoonerism": ("PHRASE", "Swap the onsets of two words; one word finds its partners."),
}


def wordplay_options(func: F) -> F:
    """Add one option per wordplay mode, passed on together as ``wordplay={mode: query}``."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs["wordplay"] = {mode: kwargs.pop(mode) for mode in MODES}
        kwargs["wordplay"]["timeout"] = kwargs.pop("wordplay_timeout")
        return func(*args, **kwargs)

    command: Any = click.option(
        "--timeout",
        "wordplay_timeout",
        type=SECONDS,
        default=None,
        help="--anagram phrases: stop after S seconds and show the best found so far.",
    )(wrapper)
    for mode, (metavar, help_text) in reversed(MODES.items()):
        flag = "--" + mode.replace("_", "-")
        command = click.option(flag, mode, metavar=metavar, default=None, help=help_text)(command)
    return command  # type: ignore[no-any-return]


def show_wordplay(
    wordlist: WordList,
    mode: str,
    query: str,
    options: dict[str, Any],
    limit: int | None,
    as_json: bool,
) -> int:
    """Run one wordplay helper and print its findings (exit status 1 when there are none)."""
    with stopping(options["timeout"]) as stop:
        found = wp.find_wordplay(
            wordlist,
            mode,
            query,
            words_max=options["words_max"],
            require=options["require"],
            pattern=options["result"],
            limit=limit,
            stop=stop,
        )
    reason = stop.reason
    name = mode.replace("_", "-")
    if as_json:
        emit_json(wp.findings_json(mode, query, found, reason))
    elif not found:
        stdout.print(f"nothing found for {name} {query}")
    else:
        stdout.print(f"{len(found)} found for {name} {query}")
        table = Table("wordplay", "kind", "score")
        for finding in found:
            table.add_row(finding.text, finding.kind, str(finding.score))
        stdout.print(table)
    if stop_note(reason):
        warn(f"{stop_note(reason)}: the phrases shown are the best found so far")
    return exit_status(bool(found), reason)
