"""How familiar a crossword entry is to a solver: words, names and run-together phrases.

The built-in list's familiarity (``lexicon.familiar.builtin_familiar``: ``round(10 *
zipf)`` less the breakfast test) covers dictionary words only; crossword entries are also
names (``ETON``, ``ALSOP``) and phrases written without spaces (``ATLIBERTY``, ``ASTO``).
An entry the list lacks is scored from wordfreq: the better of the entry as one token and
its best split into words (the split whose rarest word is the most common, then the
fewest words), the phrase's wordfreq estimate less ``PHRASE_PENALTY`` per extra word
(wordfreq rates a phrase about as common as its rarest word; a phrase is rarer).
"""

from __future__ import annotations

from functools import lru_cache

PHRASE_PENALTY = 3
"""Familiarity taken off per word beyond the first of a split entry."""

MAX_PIECES = 5
PLAUSIBLE = 10
"""Familiarity (zipf 1.0) from which a string outside the list reads as a real answer."""
SHORT_WORDS = frozenset(
    "a i ah am an as at be by do go ha he hi if in is it me my no of oh ok on or ox "
    "so to up us we ye yo".split()
)
"""The words of one or two letters a split may use: wordfreq counts every two-letter token
(``ls``, ``op``, ``na``), which would split names into nonsense (``A LS OP``)."""


def entry_familiarity(answer: str) -> int:
    """Familiarity of a normalized answer (``A-Z``), on the built-in list's scale (0-80)."""
    from puzzlewright.lexicon.familiar import builtin_familiar

    known = builtin_familiar().score(answer)
    if known is not None:
        return known
    return _wordfreq_familiarity(answer.lower())


@lru_cache(maxsize=65536)
def _wordfreq_familiarity(token: str) -> int:
    from wordfreq import zipf_frequency

    whole = round(10 * zipf_frequency(token, "en"))
    pieces = best_split(token)
    if len(pieces) < 2:
        return whole
    phrase = round(10 * zipf_frequency(" ".join(pieces), "en"))
    return max(whole, phrase - PHRASE_PENALTY * (len(pieces) - 1))


def best_split(token: str) -> list[str]:
    """``token`` split into at most ``MAX_PIECES`` words known to wordfreq, the split whose
    rarest word is the most common (then the fewest words); ``[token]`` when none."""
    # best[i]: (rarest zipf, -pieces, pieces) of the best split of token[:i]
    best: list[tuple[float, int, list[str]] | None] = [None] * (len(token) + 1)
    best[0] = (99.0, 0, [])
    for end in range(1, len(token) + 1):
        for start in range(end):
            before = best[start]
            if before is None or -before[1] >= MAX_PIECES:
                continue
            zipf = _piece_zipf(token[start:end])
            if zipf <= 0:
                continue
            option = (min(before[0], zipf), before[1] - 1, [*before[2], token[start:end]])
            found = best[end]
            if found is None or option[:2] > found[:2]:
                best[end] = option
    last = best[len(token)]
    return last[2] if last is not None else [token]


@lru_cache(maxsize=65536)
def _piece_zipf(piece: str) -> float:
    from wordfreq import zipf_frequency

    if len(piece) <= 2 and piece not in SHORT_WORDS:
        return 0.0
    return float(zipf_frequency(piece, "en"))


def plausible(answer: str) -> bool:
    """``answer`` (normalized) is a word, name or phrase a solver might write in."""
    return entry_familiarity(answer) >= PLAUSIBLE
