"""The wordplay options of ``puzzlewright words``: anagram phrases, hidden words, charades,
containers, deletions, reversals, letter banks and spoonerisms (a thin shell over
:mod:`puzzlewright.lexicon.wordplay` and :mod:`puzzlewright.lexicon.anagrams`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.table import Table

from puzzlewright.cli.common import emit_json, stdout
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon import wordplay as wp
from puzzlewright.lexicon.anagrams import phrase_anagrams

F = TypeVar("F", bound=Callable[..., Any])

# option name -> (metavar, help); each takes the query text and is a mode of its own
MODES = {
    "hidden": ("PHRASE", "Words hidden across the breaks of PHRASE, forwards and reversed."),
    "hider": ("WORD", "Phrases of 2-3 words that hide WORD across their breaks."),
    "charade": ("WORD", "WORD as 2-3 words in a row: PARTRIDGE = PART + RIDGE."),
    "container": ("WORD", "WORD as one word inside another: PLANET = P(LAN)ET."),
    "deletion": ("WORD", "Words that give WORD when a letter goes: TRAIN minus T."),
    "reversal": ("WORD", "WORD read backwards, and charades with reversed parts."),
    "letter_bank": ("WORD", "Words using exactly the distinct letters of WORD."),
    "spoonerism": ("PHRASE", "Swap the onsets of two words; one word finds its partners."),
}

HELPERS: dict[str, Callable[..., list[wp.Finding]]] = {
    "hidden": wp.hidden_words,
    "hider": wp.hiders,
    "charade": wp.charades,
    "container": wp.containers,
    "deletion": wp.deletions,
    "reversal": wp.reversals,
    "letter_bank": wp.letter_bank,
    "spoonerism": wp.spoonerisms,
}


def wordplay_options(func: F) -> F:
    """Add one option per wordplay mode, passed on together as ``wordplay={mode: query}``."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs["wordplay"] = {mode: kwargs.pop(mode) for mode in MODES}
        return func(*args, **kwargs)

    command: Any = wrapper
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
    if mode == "anagram":
        phrases = phrase_anagrams(
            wordlist,
            query,
            words_max=options["words_max"],
            require=options["require"],
            pattern=options["result"],
            limit=limit,
        )
        found = [wp.Finding("anagram", p.words, p.text, p.score) for p in phrases]
    else:
        found = HELPERS[mode](wordlist, query, limit=limit)
    name = mode.replace("_", "-")
    if as_json:
        emit_json(
            {
                "mode": name,
                "query": query,
                "count": len(found),
                "results": [
                    {"kind": f.kind, "text": f.text, "parts": list(f.parts), "score": f.score}
                    for f in found
                ],
            }
        )
    elif not found:
        stdout.print(f"nothing found for {name} {query}")
    else:
        stdout.print(f"{len(found)} found for {name} {query}")
        table = Table("wordplay", "kind", "score")
        for finding in found:
            table.add_row(finding.text, finding.kind, str(finding.score))
        stdout.print(table)
    return 0 if found else 1
