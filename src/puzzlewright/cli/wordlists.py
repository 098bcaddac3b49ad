"""The word-list options every command shares: ``--words``, ``--encoding``, ``--alphabet``,
``--min-score`` and ``--max-list-mb``, their help, the bound they put on a list's size, and
whether a built-in list is compiled yet. :mod:`puzzlewright.cli.common` adds them to commands
(``wordlist_options``...) and loads the lists (``load_words``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def max_list_mb_option(func: F) -> F:
    """Add ``--max-list-mb N`` (read by ``cli.common.load_words``; commands need not pass it)."""
    return click.option(
        "--max-list-mb",
        type=click.IntRange(min=1, max=1_000_000),
        default=None,
        expose_value=False,
        callback=_remember_max_list_mb,
        help="Refuse word lists larger than N MB of text (default 200).",
    )(func)


WORDS_HELP = (
    "Word list file(s), layered in order (word, word;score, word<TAB>score, .gz). Built-in "
    "lists: 'crossword' (the Collaborative Word List, cleaned; entries scoring under 50 "
    "only with --min-score), 'english' (word frequencies; 'builtin' is its old name), "
    "'builtin+phrases' (english with multi-word phrases). Default: {default}."
)
DEFAULT_LIST_NAMES = {
    "crossword": "the crossword list",
    "english": "the English list",
    "mixed": "the crossword list for a PATTERN, the English list otherwise",
}


def add_wordlist_options(func: F, default: str) -> F:
    """Add the word-list options to a command whose list is ``default`` ("crossword",
    "english" or "mixed") when ``--words`` names none."""
    options = [
        click.option(
            "--words",
            "word_paths",
            multiple=True,
            metavar="PATH",
            help=WORDS_HELP.format(default=DEFAULT_LIST_NAMES[default]),
        ),
        click.option(
            "--encoding",
            default="utf-8-sig",
            show_default=True,
            help="Encoding of the word lists (e.g. cp1251); 'auto' detects it.",
        ),
        click.option(
            "--alphabet",
            default=None,
            help="Alphabet: en, ru, or its letters. Default: inferred from the list.",
        ),
        click.option(
            "--min-score",
            type=int,
            default=None,
            help="Ignore words scoring below N (default: 50 for the crossword list, "
            "none for the others).",
        ),
        max_list_mb_option,
    ]
    for option in reversed(options):
        func = option(func)
    return func


MAX_LIST_MB = "puzzlewright.max_list_mb"


def _remember_max_list_mb(ctx: click.Context, _: click.Parameter, value: int | None) -> None:
    """Keep --max-list-mb for ``cli.common.load_words`` (commands need not pass it along)."""
    if value is not None:
        ctx.meta[MAX_LIST_MB] = value


def list_bound(paths: Sequence[str], encoding: str) -> tuple[int, str | None]:
    """The --max-list-mb bound in bytes, and a warning when --encoding is given for the
    built-in list (which is not read from a file)."""
    from puzzlewright.lexicon.loading import (
        BUILTIN_NAMES,
        CROSSWORD_NAMES,
        DEFAULT_MAX_MB,
        PHRASE_NAMES,
    )

    ctx = click.get_current_context(silent=True)
    explicit = ctx is not None and ctx.get_parameter_source("encoding") in (
        click.core.ParameterSource.COMMANDLINE,
        click.core.ParameterSource.ENVIRONMENT,
    )
    built_in = BUILTIN_NAMES | CROSSWORD_NAMES | PHRASE_NAMES
    note = None
    if explicit and all(path.lower() in built_in for path in paths):
        note = f"--encoding {encoding} ignored: the built-in list is not read from a file"
    megabytes = ctx.meta.get(MAX_LIST_MB, DEFAULT_MAX_MB) if ctx is not None else DEFAULT_MAX_MB
    return int(megabytes) << 20, note


def builtin_cached(name: str) -> bool:
    """True when the compiled built-in list ``name`` is in the cache (loads in a blink)."""
    if name == "crossword":
        from puzzlewright.lexicon.crossword import DEFAULT_MIN_SCORE, cache_path

        return cache_path(DEFAULT_MIN_SCORE).exists()
    from puzzlewright.lexicon.builtin import cache_path as english_path

    return english_path().exists()
