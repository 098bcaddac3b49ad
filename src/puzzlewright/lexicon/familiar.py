"""The built-in list scored by familiarity: what acrostic answers are ranked by.

The same words as ``builtin_english()`` with other scores (``builtin.familiarity_score``),
cached beside the grid-scored list. Its own module, above both the built-in list and the
loader, because it asks the loader's names which list it was given.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from puzzlewright.lexicon.builtin import (
    FAMILIAR_VERSION,
    build_english,
    builtin_english,
    cache_path,
    familiarity_score,
)
from puzzlewright.lexicon.cache import cached_list
from puzzlewright.lexicon.wordlist import WordList


def familiar_cache_path() -> Path:
    """The cache file of ``builtin_familiar``: beside the grid-scored list's, named after it
    and ``FAMILIAR_VERSION``."""
    path = cache_path()
    return path.with_name(f"familiar{FAMILIAR_VERSION}-{path.name}")


@lru_cache(maxsize=1)
def builtin_familiar() -> WordList:
    """The built-in list scored by ``familiarity_score`` (what acrostic answers are ranked
    by), cached beside the grid-scored list: the same words, other scores."""
    return cached_list(familiar_cache_path(), _build_familiar)


def _build_familiar() -> WordList:
    return build_english(score=familiarity_score)


def familiar_scores(words: WordList) -> WordList:
    """``builtin_familiar()`` when ``words`` is the built-in list as ``builtin_english`` or
    ``load_wordlist`` gives it (renamed, sharing its indexes); any other list (a user's own,
    layered, filtered by a minimum score) as it is, with its own scores."""
    from puzzlewright.lexicon.loading import BUILTIN_NAMES

    if words.name not in BUILTIN_NAMES:
        return words
    grid = builtin_english()
    shares = words is grid or words.index(5) is grid.index(5)
    return builtin_familiar() if shares else words
