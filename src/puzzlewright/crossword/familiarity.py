"""How familiar a crossword entry is to a solver: words, inflections, names and phrases.

Familiarity is ``round(10 * zipf)`` (wordfreq, English), 0-80. A word of the built-in
list has the better of the list's familiarity and its own zipf (the list takes the
breakfast test off, which ranks acrostic answers but does not make ``DROWN`` unknown). An
entry is also scored as:

* an *inflection* of a dictionary word (``PITIES``, ``OINKS``, ``UNRESTS``): wordfreq
  rates the form far below its stem, but a solver who knows the stem knows the form; its
  stem's familiarity less ``INFLECTION_PENALTY``;
* a *run-together phrase or name* (``ATLIBERTY``, ``JACQUESCOUSTEAU``, ``TTOP``,
  ``DRSEUSS``): the split into pieces wordfreq knows whose phrase is the most familiar.
  The phrase's zipf is wordfreq's own estimate for a phrase (the harmonic sum of its
  pieces' frequencies: about its rarest piece), less ``PHRASE_PENALTY`` per extra piece,
  ``LETTER_PENALTY`` per single letter (an initial) and ``SHORT_PIECE_PENALTY`` per piece
  of two or three letters that is no everyday short word nor a word of the list (an
  abbreviation, or the junk tokens ``jac``, ``sco``, ``ust`` that would otherwise split any
  string into "known" pieces); one piece must cost nothing (no soup of letters).

The best of those is the entry's familiarity: 0 only when wordfreq knows no reading of it.
The constants were chosen on the calibration sample of 1994-2005 and checked on 2006-2017
(docs/difficulty.md).
"""

from __future__ import annotations

import math
from functools import lru_cache

PHRASE_PENALTY = 5
"""Familiarity taken off per piece beyond the first of a split entry."""

SHORT_PIECE_PENALTY = 8
"""Familiarity taken off per piece of two or three letters outside ``SHORT_WORDS`` and the
list (``DR SEUSS``, ``OP EDS``, ``MLK JR``): real in crosswords, but such pieces also make
nonsense readings of any string (``A LS OP``, ``JAC QUE SCO UST EAU``)."""

LETTER_PENALTY = 13
"""Familiarity taken off per piece of a single letter other than ``A`` and ``I`` (an
initial: ``T TOP``, ``ONE C``, ``N C WYETH``)."""

SHORT_ZIPF = 4.0
"""A letter or a short piece that costs a penalty counts as a word of zipf at most this:
wordfreq counts every letter and most pairs of letters as tokens nearly as common as
``the``, which would make ``E ROSE`` or ``OR I B I`` as familiar as their words."""

STEM_ZIPF = 2.0
"""A stem outside the list counts for an inflection from this zipf (``OINK`` of
``OINKS``): the stem generator over-generates (``PITI``), and junk stems are rare."""

INFLECTION_PENALTY = 3
"""Familiarity taken off an inflected form (``-s``, ``-es``, ``-ed``, ``-ing``, ``-er``,
``-est``, ``-ly``) scored from its stem."""

MAX_PIECES = 5
PLAUSIBLE = 10
"""Familiarity (zipf 1.0) from which a string outside the list reads as a real answer."""
SHORT_WORDS = frozenset(
    "a i ah am an as at be by do go ha he hi if in is it me my no of oh ok on or ox "
    "so to up us we ye yo au de du el en et la le tu un".split()
)
"""Everyday words of one or two letters, with the French, Spanish and Latin ones of
phrases English uses (``ET TU``, ``COQ AU VIN``, ``EL SOL``): a split may use them at no
extra cost."""


def entry_familiarity(answer: str) -> int:
    """Familiarity of a normalized answer (``A-Z``), on the built-in list's scale (0-80)."""
    return _familiarity(answer.lower())


@lru_cache(maxsize=65536)
def _familiarity(token: str) -> int:
    from puzzlewright.lexicon.familiar import builtin_familiar

    listed = builtin_familiar().score(token.upper())
    whole = max(_zipf_familiarity(token), listed or 0)
    return max(whole, _inflected(token), _split_familiarity(token)[0])


def _zipf_familiarity(token: str) -> int:
    return round(10 * _zipf(token))


def _inflected(token: str) -> int:
    """The familiarity of ``token`` as an inflection of a word of the list or of a word
    wordfreq rates ``STEM_ZIPF`` or more (its best stem less ``INFLECTION_PENALTY``), 0
    when no stem is one."""
    from puzzlewright.lexicon.builtin import stems
    from puzzlewright.lexicon.familiar import builtin_familiar

    listed = builtin_familiar()
    best = 0
    for stem in stems(token):
        score, zipf = listed.score(stem.upper()), _zipf(stem)
        if score is not None or (len(stem) > 2 and zipf >= STEM_ZIPF):
            best = max(best, max(score or 0, round(10 * zipf)) - INFLECTION_PENALTY)
    return best


def best_split(token: str) -> list[str]:
    """``token`` read as at most ``MAX_PIECES`` words wordfreq knows: the reading of the
    highest familiarity (the fewest pieces on a tie); ``[token]`` when none beats it."""
    return _split_familiarity(token)[1]


@lru_cache(maxsize=65536)
def _split_familiarity(token: str) -> tuple[int, list[str]]:
    """The best split of ``token`` (two pieces or more, one of them a word at no penalty:
    not a soup of letters and abbreviations) and its familiarity;
    ``(0, [token])`` when none, or when none is more familiar than the token itself."""
    # best[end][(pieces, penalty, has a word)]: the least sum of 10**-zipf over the pieces of
    # token[:end] (wordfreq's phrase frequency is the harmonic sum, so for a fixed count of
    # pieces and sum of penalties the most familiar split has the least sum), with its pieces
    best: list[dict[tuple[int, int, bool], tuple[float, list[str]]]] = [{} for _ in token + "."]
    best[0][(0, 0, False)] = (0.0, [])
    for end in range(1, len(token) + 1):
        for start in range(end):
            piece = token[start:end]
            cost, zipf = _piece_penalty(piece), _piece_zipf(piece)
            if cost:
                zipf = min(zipf, SHORT_ZIPF)
            if zipf <= 0:
                continue
            word = not cost
            for (count, penalty, words), (total, pieces) in best[start].items():
                if count < MAX_PIECES:
                    key = (count + 1, penalty + cost, words or word)
                    option = (total + 10.0**-zipf, [*pieces, piece])
                    if key not in best[end] or option[0] < best[end][key][0]:
                        best[end][key] = option
    found = (0, [token])
    for (count, penalty, words), (total, pieces) in sorted(best[len(token)].items()):
        if count < 2 or not words:
            continue
        familiarity = round(-10 * math.log10(total)) - PHRASE_PENALTY * (count - 1) - penalty
        if familiarity > found[0]:
            found = (familiarity, pieces)
    if found[0] <= _zipf_familiarity(token):
        return (0, [token])
    return found


def _piece_penalty(piece: str) -> int:
    """What a piece costs a split beyond ``PHRASE_PENALTY``: a letter, or a piece of two or
    three letters that is no everyday short word nor a listed word."""
    from puzzlewright.lexicon.familiar import builtin_familiar

    if len(piece) > 3 or piece in SHORT_WORDS:
        return 0
    if len(piece) == 1:
        return LETTER_PENALTY
    if len(piece) == 3 and builtin_familiar().score(piece.upper()) is not None:
        return 0
    return SHORT_PIECE_PENALTY


@lru_cache(maxsize=65536)
def _piece_zipf(piece: str) -> float:
    return _zipf(piece)


def _zipf(token: str) -> float:
    from wordfreq import zipf_frequency

    return float(zipf_frequency(token, "en"))


def plausible(answer: str) -> bool:
    """``answer`` (normalized) is a word, name or phrase a solver might write in."""
    return entry_familiarity(answer) >= PLAUSIBLE
