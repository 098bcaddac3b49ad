"""The built-in English word list: wordfreq frequencies, filtered to real dictionary words.

How the filter works (see docs/lexicon.md):

1. Take every token of wordfreq's large English list that is plain ``a-z``, 2+ letters and
   at least ``MIN_ZIPF`` (this drops digits, contractions like ``don't`` and most fragments).
2. Keep a token only if a dictionary lists it in lower case: Webster's Second and GCIDE, as
   shipped by the ``english-words`` package. Those dictionaries keep proper nouns
   capitalized (``London``, ``Paris``) and do not list abbreviations (``nfl``) or names in
   the news (``obama``), so the lower-case test removes them.
3. Old dictionaries list stems, not inflections: a token not found is also kept when an
   English suffix rule (``houses`` -> ``house``, ``stopped`` -> ``stop``, ``cities`` ->
   ``city``) leads to a lower-case entry, unless the token itself is a capitalized entry.
4. Contractions written without the apostrophe (``dont``, ``youre``, ``thats``) are dropped
   when wordfreq knows the apostrophe form as at least as frequent (the dictionaries list
   some squashed forms), except the real words in ``CONTRACTION_LOOKALIKES`` (``ill``).
5. Two-letter tokens are mostly abbreviations (``st``, ``cm``, ``hr``), so only the
   everyday two-letter words in ``TWO_LETTER_WORDS`` are kept; longer words need a vowel
   (``a e i o u y``), which drops letter salad such as ``xls`` and ``tck``.
6. ``data/excluded.txt`` (reviewed by hand) drops what the dictionary test cannot see:
   places, brands and names that Webster's also lists in an obscure lower-case sense
   (``russia``, ``geneva``, ``peter``, ``oreo``, ``sumatra``), and ``data/blocked.txt``
   obscenities and slurs (shared with the crossword list); with them their inflected forms.
7. Elongations: a letter three times in a row (``yesss``, ``masss``, ``reallly``) is a
   spelling of emphasis, not a word.
8. Roman numerals of three or more letters (``xiii``, ``xviii``) are numbers.
9. Abbreviations in the plural: the ``-s`` rule of 3. needs a stem of three letters or an
   everyday two-letter word (``ads``, ``ups``), so ``yrs`` (from ``yr``) stays out.
10. Acronyms: a token the dictionaries also list in capitals (``ASCII``, ``GIF``, ``LAN``)
    and that GCIDE does not list in lower case is dropped when it is about as frequent in
    other languages as in English (an international acronym, not an English word: ``sad``
    and ``basic`` stay).
11. Obscure tokens rarer than ``OBSCURE_ZIPF``: those that GCIDE, the newer dictionary,
    lists in no case and by no stem, so that only Webster's Second vouches for them
    (``admi``, ``dargah``, ``schola``). Most are foreign words, names and dialect that fills
    used as glue; a few are English that GCIDE lacks (``drat``, ``oleo``), the price of it.
12. Spurious inflections: a token below ``SPURIOUS_ZIPF`` that only the suffix rule of 3.
    admits, when every dictionary stem it could come from is ``SPURIOUS_GAP`` or more
    more frequent (``ands``, ``thes``, ``arounds``, ``haveing``, ``controled``): a plural
    or inflection of a word that has none, a misspelling, or a foreign word ending in an
    English suffix. A real inflection is seldom a thousand times rarer than its stem.
13. The crossword cross-check: a token of at most ``CROSS_CHECK_LENGTH`` letters rarer than
    ``CROSS_CHECK_ZIPF`` that the built-in crossword list lacks (names, junk and what its
    editors blocked: ``geet``, ``nuer``, ``thier``), or an obscure one of rule 11's kept
    band that it scores below clean fill (``sisi``, ``amas``, ``phu``).
14. Names and junk with a dictionary alibi, by three pieces of evidence (WordNet through
    ``lexicon.definitions``, the dictionaries' capitals, the crossword list): (a) a token
    the dictionaries also write capitalized that GCIDE lacks (by any stem) and that WordNet
    knows in no lower-case sense, at any frequency (``travis``, ``kelly``: Webster's lists
    an obscure lower-case sense); below ``NAME_ZIPF``, when the crossword list scores it
    under clean fill or lacks it, (b) such a capitalized token of at most
    ``CROSS_CHECK_LENGTH`` letters without a lower-case WordNet sense even if GCIDE has it
    (``soe``, ``bahar``, ``irian``, ``inde``, ``atmo``, ``alway``), and (c) a token only
    the suffix rule of 3. admits that is about as frequent abroad as in English (a foreign
    name or word that looks like an inflection: ``duras``, ``reims``, ``gruber``).

Scores start from ``round(10 * zipf)`` (``the`` 77, ``house`` 57, ``zephyr`` 28; 35 is a
zipf of 3.5, about once per 300,000 words of text) and lose points for what makes a common
token a weak entry in a grid or a puzzle (see ``grid_score``; docs/lexicon.md "Scores"):

* forms that only the suffix rule of 3. vouches for, in the suffixes that make weak fill:
  ``-ly`` adverbs, ``-ing`` forms and ``-er``/``-est`` comparisons of words the dictionaries
  list only as stems;
* the breakfast test: words a crossword editor keeps out of a grid (``data/unpleasant.txt``,
  violence and disease), ranked below everything else but not removed;
* obscurity: the obscure tokens of rule 11 frequent enough to be kept (``ssu``, ``gau``);
* long adverbs in ``-ly`` (``intracellularly``, ``conscientiously``): rote derivations that
  make dull long entries.

A word without any of these keeps ``round(10 * zipf)``. Acrostic answers are judged by how
familiar they are to a solver, not as fill: ``familiarity_score`` (a second cached variant
of the same words, ``lexicon.familiar.builtin_familiar``) keeps only the breakfast test.
"""

from __future__ import annotations

import math
import os
import re
import sys
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from puzzlewright.lexicon.alphabet import Alphabet
from puzzlewright.lexicon.cache import SUFFIX, VERSION, cache_dir, cached_list
from puzzlewright.lexicon.datafiles import data_text as _data_text
from puzzlewright.lexicon.wordlist import WordList

MIN_ZIPF = 1.5
FORMAT = 15  # bump when the filter changes (the cache format has its own version)
FAMILIAR_VERSION = 2  # bump when familiarity_score changes (the acrostic's cached variant)
VOWELS = set("aeiouy")
TWO_LETTER_WORDS = frozenset(
    "ad ah am an as at aw ax ay be by do eh ex go ha he hi hm ho id if in is it la lo ma me "
    "mi mu my no of oh ok on or ow ox oy pa pi re so ta ti to uh um up us we ye yo".split()
)
ROMAN_NUMERAL = re.compile(r"^(c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
ELONGATION = re.compile(r"(.)\1\1")
OTHER_LANGUAGES = ("de", "fr", "es", "it", "nl", "pt", "pl", "sv")
INTERNATIONAL_GAP = 0.4
"""An acronym candidate is dropped when its median zipf in OTHER_LANGUAGES is within this of
its English zipf (a name or acronym travels; an English word is rarer abroad)."""
COMMON = 3.5
FADE = 1.0
"""Words of zipf COMMON or more are everyday English whatever their form: the suffix
penalties apply in full at COMMON - FADE and below, and shrink linearly to nothing between
(the breakfast test applies at every frequency)."""
DERIVED_PENALTY = {"ly": 1.5, "ing": 1.0, "er": 0.7, "est": 0.7}
"""Zipf taken from a form the dictionaries do not list, by the suffix that made it."""
UNPLEASANT_PENALTY = 3.0
"""Zipf taken from a word that fails the breakfast test (``data/unpleasant.txt``)."""
OBSCURE_PENALTY = 2.5
"""Zipf taken from an obscure token (see ``Evidence.obscure``), fading out like the suffix
penalties: it ranks below the plain words of its frequency."""
OBSCURE_ZIPF = 2.0
"""Obscure tokens rarer than this are left out (rule 11): most of them are foreign words,
names and dialect, and a filler given them at any score uses them as glue."""
LONG_ADVERB = 8
LONG_ADVERB_PENALTY = 1.0
LONG_ADVERB_COMMON = 4.0
"""Zipf taken from an ``-ly`` word of LONG_ADVERB letters or more, in full at
LONG_ADVERB_COMMON - FADE and below (long adverbs are rarer than short words; the fade sits
higher: ``INTERNATIONALLY``, zipf 3.95, loses 0.05 and ``CONSCIENTIOUSLY``, 2.4, all of it)."""
CROSS_CHECK_ZIPF = 3.0
CROSS_CHECK_LENGTH = 5
"""Rule 13: tokens of at most CROSS_CHECK_LENGTH letters rarer than CROSS_CHECK_ZIPF are
checked against the built-in crossword list (the Collaborative Word List, which lists names,
crosswordese and abbreviations from 25 up and leaves out what its editors blocked)."""
NAME_ZIPF = 3.0
"""Rule 14 (b) and (c): tokens rarer than this that the crossword list scores under
``CLEAN_FILL`` (or lacks) are checked for names and foreign words."""
CLEAN_FILL = 50
"""The crossword list's clean-fill score (its ``DEFAULT_MIN_SCORE``)."""
SPURIOUS_ZIPF = 3.0
SPURIOUS_GAP = 3.0
"""Rule 12: a derived token rarer than SPURIOUS_ZIPF whose stems are all at least
SPURIOUS_GAP more frequent is not an inflection of them (``houses`` is 0.9 below
``house``; ``arounds``, 3.5 below ``around``, is not English)."""
CONTRACTION_LOOKALIKES = frozenset(
    "its ill id cant wont lets were well hell shed wed shell".split()
)


def version(name: str) -> str:
    """The installed version of the distribution ``name``, from its ``.dist-info`` folder on
    ``sys.path`` (the first one, as importlib.metadata finds it); importlib.metadata itself
    when there is none. Its imports cost more than a small fill takes, once per process."""
    found = _dist_info_versions().get(name.replace("-", "_").lower())
    if found is not None:
        return found
    from importlib.metadata import version as metadata_version

    return metadata_version(name)


@lru_cache(maxsize=1)
def _dist_info_versions() -> dict[str, str]:
    """Normalized distribution name -> version, from the ``NAME-VERSION.dist-info`` folders
    on ``sys.path`` (earlier entries win)."""
    versions: dict[str, str] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for item in names:
            stem, dot, suffix = item.rpartition(".")
            name, dash, number = stem.partition("-")
            if dot and suffix == "dist-info" and dash and number:
                versions.setdefault(name.lower(), number)
    return versions


def cache_path(phrases: bool = False) -> Path:
    """The cache file for the current filter and dependency versions (with ``phrases``:
    of the list with multi-word phrases, ``builtin+phrases``; see ``lexicon.phrases``)."""
    data = (_excluded_text() + _blocked_text() + _unpleasant_text()).encode()
    exclusions = f"{zlib.crc32(data):08x}"  # zlib: imported already, hashlib is not
    from puzzlewright.lexicon.crossword import data_bytes

    exclusions += f"-cw{zlib.crc32(data_bytes()):08x}"  # rule 13 reads the crossword list
    if phrases:
        from puzzlewright.lexicon.phrases import SCORING

        exclusions += f"-p{SCORING}-{zlib.crc32(_data_text('phrases.txt').encode()):08x}"
    key = (
        f"english-f{FORMAT}-c{VERSION}-x{exclusions}-wordfreq{version('wordfreq')}"
        f"-ew{version('english-words')}"
    )
    return cache_dir() / f"{key}{SUFFIX}"


def stems(word: str) -> Iterator[str]:
    """Candidate stems of an inflected English word (over-generating is fine: they are
    only looked up in the dictionary)."""
    return (stem for _, stem in suffix_stems(word))


def suffix_stems(word: str) -> Iterator[tuple[str, str]]:
    """(suffix, candidate stem) pairs of an inflected English word: ``cities`` gives
    ``("ies", "city")``, ``stopped`` gives ``("ed", "stopp")`` and ``("ed", "stop")``."""
    for suffix, replacements in (
        ("ies", ("y",)),
        ("ied", ("y",)),
        ("ier", ("y",)),
        ("iest", ("y",)),
        ("ily", ("y",)),
        ("es", ("", "e")),
        ("s", ("",)),
        ("ed", ("", "e")),
        ("ing", ("", "e")),
        ("er", ("", "e")),
        ("est", ("", "e")),
        ("ly", ("", "le")),
    ):
        if word.endswith(suffix) and len(word) > len(suffix) + 1:
            base = word[: -len(suffix)]
            if suffix in ("s", "es") and len(base) < 3 and base not in TWO_LETTER_WORDS:
                continue  # yrs is not the plural of a word (rule 9)
            for tail in replacements:
                yield suffix, base + tail
            if len(base) > 2 and base[-1] == base[-2] and base[-1] not in VOWELS:
                yield suffix, base[:-1]  # stopped -> stop, bigger -> big


def dictionary_forms() -> tuple[set[str], set[str]]:
    """(lower-case entries, lower-cased capitalized entries) of Webster's 2nd and GCIDE."""
    forms = dictionary_entries()
    return forms.lower, forms.capital - forms.lower


@dataclass(frozen=True)
class DictionaryEntries:
    """What the dictionaries list, lower-cased: in lower case, capitalized, in capitals."""

    lower: set[str]
    capital: set[str]
    acronyms: set[str]  # listed in capitals (ASCII) and not in lower case by GCIDE
    gcide: frozenset[str] = frozenset()  # every GCIDE headword, lower-cased (any case)


def dictionary_entries() -> DictionaryEntries:
    """The entries of Webster's 2nd and GCIDE by the case they are written in."""
    from english_words import get_english_words_set

    lower: set[str] = set()
    capital: set[str] = set()
    capitals: set[str] = set()
    gcide_lower: set[str] = set()
    gcide: set[str] = set()
    for source in ("web2", "gcide"):
        for word in get_english_words_set([source], lower=False, alpha=False):
            if source == "gcide":  # GCIDE capitalizes most headwords (Abandon)
                gcide.add(word.lower())
            if not (word.isascii() and word.isalpha()):
                continue  # alpha=True would squash "don't" into the word "dont"
            if word.islower():
                lower.add(word)
                if source == "gcide":
                    gcide_lower.add(word)
            else:
                capital.add(word.lower())
                if word.isupper() and len(word) > 1:
                    capitals.add(word.lower())
    return DictionaryEntries(lower, capital, capitals - gcide_lower, frozenset(gcide))


def is_international(token: str, zipf: float) -> bool:
    """True when ``token`` is about as frequent in other languages as in English (rule 10)."""
    from wordfreq import zipf_frequency

    abroad = sorted(zipf_frequency(token, lang, "large") for lang in OTHER_LANGUAGES)
    return abroad[len(abroad) // 2] >= zipf - INTERNATIONAL_GAP


def is_number_or_elongation(token: str) -> bool:
    """Rules 7 and 8: ``yesss``, ``reallly``; ``xiii``, ``xviii``."""
    if ELONGATION.search(token):
        return True
    return len(token) >= 3 and ROMAN_NUMERAL.match(token) is not None


def is_dictionary_word(word: str, lower: set[str], capital: set[str]) -> bool:
    """The filter's rule for one lower-case token (see the module docstring)."""
    if word in lower:
        return True
    if word in capital:
        return False
    return any(stem in lower for stem in stems(word))


@lru_cache(maxsize=1)
def _excluded_text() -> str:
    return _data_text("excluded.txt")


@lru_cache(maxsize=1)
def _blocked_text() -> str:
    return _data_text("blocked.txt")


@lru_cache(maxsize=1)
def _unpleasant_text() -> str:
    return _data_text("unpleasant.txt")


def _word_set(text: str) -> frozenset[str]:
    lines = (line for line in text.splitlines() if not line.startswith("#"))
    return frozenset(" ".join(lines).split())


def excluded_words() -> frozenset[str]:
    """The hand-reviewed exclusions of rule 6 (lower case), the blocked words included."""
    return _word_set(_excluded_text()) | blocked_words()


def blocked_words() -> frozenset[str]:
    """Obscenities and slurs (``data/blocked.txt``, lower case): out of both built-in lists,
    with their inflected forms."""
    return _word_set(_blocked_text())


def unpleasant_words() -> frozenset[str]:
    """The words that fail the breakfast test (lower case; inflected forms follow them,
    except for those written ``=word``, kept so: they count for that token alone)."""
    return _word_set(_unpleasant_text())


def is_wanted(
    token: str,
    lower: set[str],
    capital: set[str],
    contractions: set[str],
    excluded: frozenset[str] = frozenset(),
) -> bool:
    """Rules 1-9 of the module docstring for one wordfreq token (10 needs frequencies)."""
    if len(token) < 2 or not (token.isascii() and token.isalpha()):
        return False
    if is_number_or_elongation(token):
        return False
    if token in excluded or any(stem in excluded for stem in stems(token)):
        return False
    if len(token) == 2:
        return token in TWO_LETTER_WORDS
    if token in contractions and token not in CONTRACTION_LOOKALIKES:
        return False
    if not VOWELS.intersection(token):
        return False
    return is_dictionary_word(token, lower, capital)


SUFFIX_KINDS = {"ily": "ly", "ier": "er", "iest": "est", "ies": "s", "es": "s", "ied": "ed"}


def derived_suffix(token: str, lower: set[str]) -> str | None:
    """The suffix by which rule 3. admitted ``token`` (``gladly`` -> ``ly``, ``cities`` ->
    ``s``), None for a dictionary headword; ``ily``, ``ier`` and ``iest`` count as ``ly``,
    ``er`` and ``est``, ``ies`` and ``es`` as ``s``, ``ied`` as ``ed``."""
    if token in lower:
        return None
    for suffix, stem in suffix_stems(token):
        if stem in lower:
            return SUFFIX_KINDS.get(suffix, suffix)
    return None


@dataclass(frozen=True)
class Evidence:
    """What the filter knows about a kept token, for its score (see ``grid_score``)."""

    zipf: float
    suffix: str | None = None  # what derived_suffix returns: None for a headword
    unpleasant: bool = False  # fails the breakfast test (data/unpleasant.txt)
    obscure: bool = False  # GCIDE lists neither the token nor a stem of it (rule 11)
    long_adverb: bool = False  # an -ly word of LONG_ADVERB letters or more


def fade(zipf: float, common: float = COMMON) -> float:
    """How much of a penalty applies at ``zipf``: all of it at ``common - FADE`` and below,
    none at ``common`` and above, linear between (no jumps in the ranking)."""
    return min(1.0, max(0.0, (common - zipf) / FADE))


def grid_score(evidence: Evidence) -> int:
    """The list score of a kept token (see the module docstring). At least 1."""
    zipf = evidence.zipf
    penalty = DERIVED_PENALTY.get(evidence.suffix or "", 0.0)
    if evidence.obscure:
        penalty += OBSCURE_PENALTY
    value = zipf - penalty * fade(zipf)
    if evidence.long_adverb:
        value -= LONG_ADVERB_PENALTY * fade(zipf, LONG_ADVERB_COMMON)
    if evidence.unpleasant:
        value -= UNPLEASANT_PENALTY
    return max(1, round(10 * value))


def familiarity_score(evidence: Evidence) -> int:
    """How familiar a kept token is to a solver (the acrostic's answer score): ``round(10 *
    zipf)`` less the breakfast test only. Acrostic answers are ranked by how often people
    meet the word: the grid-only penalties (derived -ly/-ing/-er/-est forms, long adverbs:
    ``WOEFULLY`` is weak fill but a fine answer) do not apply, nor does obscurity (GCIDE is
    Webster's of 1913 and lacks ``ISOTOPES`` and ``CAMPFIRE``; rare names already rank low
    by their zipf)."""
    return grid_score(replace(evidence, suffix=None, long_adverb=False, obscure=False))


def is_unpleasant(token: str, unpleasant: frozenset[str], forms: set[str] | None = None) -> bool:
    """The breakfast test (``unpleasant``: ``unpleasant_words()``): ``token`` is listed as
    ``=token`` (that word alone), or it or a stem of it (``forms``) is listed."""
    forms = {token, *stems(token)} if forms is None else forms
    return f"={token}" in unpleasant or not forms.isdisjoint(unpleasant)


def evidence_of(
    token: str,
    zipf: float,
    lower: set[str],
    unpleasant: frozenset[str],
    gcide: frozenset[str] = frozenset(),
) -> Evidence:
    """The Evidence for one kept token. Obscure: GCIDE (``gcide``, its headwords
    lower-cased) lists neither the token nor a stem of it; with ``gcide`` empty, nothing
    is obscure."""
    forms = {token, *stems(token)}
    return Evidence(
        zipf,
        derived_suffix(token, lower),
        unpleasant=is_unpleasant(token, unpleasant, forms),
        obscure=bool(gcide) and forms.isdisjoint(gcide),
        long_adverb=len(token) >= LONG_ADVERB and token.endswith("ly"),
    )


def crossword_scores() -> dict[str, int]:
    """Lower-case word -> score of the built-in crossword list's entries (rules 13, 14)."""
    from puzzlewright.lexicon.crossword import data_bytes, decode_entries

    return {word.lower(): score for word, score in decode_entries(data_bytes())}


def is_name_or_junk(
    token: str,
    zipf: float,
    evidence: Evidence,
    forms: DictionaryEntries,
    crossword: dict[str, int],
    common_sense: Callable[[str], bool],
) -> bool:
    """Rule 14 (module docstring): a name or foreign word that a dictionary vouches for.
    ``common_sense``: WordNet knows the token or its base form in a lower-case sense."""
    capital = token in forms.capital
    if capital and evidence.obscure and not common_sense(token):
        return True  # (a) travis, kelly
    score = crossword.get(token)
    if zipf >= NAME_ZIPF or (score is not None and score >= CLEAN_FILL):
        return False
    if capital and len(token) <= CROSS_CHECK_LENGTH and not common_sense(token):
        return True  # (b) soe, bahar, irian
    return evidence.suffix is not None and is_international(token, zipf)  # (c) duras


def fails_cross_check(token: str, zipf: float, obscure: bool, crossword: dict[str, int]) -> bool:
    """Rule 13: a short rare token that the crossword list lacks altogether (it lists names
    and crosswordese from score 25: what it lacks is junk or what its editors blocked:
    ``geet``, ``nuer``, ``thier``, ``gud``), or an obscure one (rule 11's kept band) that it
    scores below clean fill, or at most 50 for four letters and fewer (``sisi``, ``amas``,
    ``phu``)."""
    if len(token) > CROSS_CHECK_LENGTH or zipf >= CROSS_CHECK_ZIPF:
        return False
    score = crossword.get(token)
    if score is None:
        return True
    return obscure and score < (55 if len(token) <= 4 else 50)


def is_spurious(token: str, zipf: float, lower: set[str], zipfs: dict[str, float]) -> bool:
    """Rule 12: ``token`` (rarer than ``SPURIOUS_ZIPF``) is admitted only by a suffix rule
    and every dictionary stem of it is ``SPURIOUS_GAP`` more frequent (``zipfs``: the
    tokens seen so far, most frequent first, so every such stem is in it)."""
    if zipf >= SPURIOUS_ZIPF or token in lower:
        return False
    found = [zipfs.get(stem, 0.0) for _, stem in suffix_stems(token) if stem in lower]
    return bool(found) and min(found) - zipf >= SPURIOUS_GAP


PLAIN_TOKEN = re.compile(r"[a-z]+")


def english_zipfs() -> Iterator[tuple[str, float]]:
    """(token, zipf) of wordfreq's large English list, most frequent first.

    ``wordfreq.zipf_frequency`` tokenizes the word it is given, which is half the cost of a
    build; a plain lower-case token of the list is its own only token, so its zipf comes
    straight from the frequency table, rounded as wordfreq rounds. Other tokens still go
    through ``zipf_frequency``; a test checks that both give the same value.
    """
    from wordfreq import get_frequency_dict, iter_wordlist, zipf_frequency

    freqs = get_frequency_dict("en", "large")
    zipf_of_freq: dict[float, float] = {}
    for token in iter_wordlist("en", "large"):
        if not PLAIN_TOKEN.fullmatch(token):
            yield token, zipf_frequency(token, "en", "large")
            continue
        freq = freqs[token]
        zipf = zipf_of_freq.get(freq)
        if zipf is None:
            zipf = zipf_of_freq[freq] = _rounded_zipf(freq)
        yield token, zipf


def _rounded_zipf(freq: float) -> float:
    """wordfreq's zipf of one token of frequency ``freq``: the frequency as it combines
    tokens (1 / (1 / f)), at least 1e-9, rounded to 3 significant digits, then to 2
    decimals on the zipf scale."""
    combined = max(1.0 / (1.0 / freq), 1e-9)
    digits = math.floor(-math.log(combined, 10)) + 3
    return round(math.log(round(combined, digits), 10) + 9, 2)


def build_english(
    min_zipf: float = MIN_ZIPF, score: Callable[[Evidence], int] = grid_score
) -> WordList:
    """Build the list from wordfreq and the dictionaries (a few seconds), scored by
    ``score`` (``familiarity_score``: the acrostic's variant)."""
    forms = dictionary_entries()
    lower, capital = forms.lower, forms.capital - forms.lower
    excluded = excluded_words()
    unpleasant = unpleasant_words()
    entries: dict[str, int] = {}
    contractions: set[str] = set()  # "dont" from "don't" (seen first: more frequent)
    zipfs: dict[str, float] = {}  # every token seen so far (stems for rule 12)
    crossword = crossword_scores()
    from puzzlewright.lexicon.definitions import definitions

    common_sense = definitions().has_common_sense
    for token, zipf in english_zipfs():  # most frequent first
        if zipf < min_zipf:
            break
        zipfs[token] = zipf
        if "'" in token:
            contractions.add(token.replace("'", ""))
            continue
        if not is_wanted(token, lower, capital, contractions, excluded):
            continue
        if token in forms.acronyms and is_international(token, zipf):
            continue
        if is_spurious(token, zipf, lower, zipfs):
            continue  # rule 12
        evidence = evidence_of(token, zipf, lower, unpleasant, forms.gcide)
        if evidence.obscure and zipf < OBSCURE_ZIPF:
            continue  # rule 11
        if fails_cross_check(token, zipf, evidence.obscure, crossword):
            continue  # rule 13
        if is_name_or_junk(token, zipf, evidence, forms, crossword, common_sense):
            continue  # rule 14
        entries[token.upper()] = score(evidence)
    return WordList(entries.items(), Alphabet.latin(), "english")


def builtin_english(phrases: bool = False) -> WordList:
    """The built-in English list, loaded from the disk cache or built and cached; with
    ``phrases``, the same words and multi-word phrases (``builtin+phrases``)."""
    return _builtin(bool(phrases))  # one cache entry per list, however it is called


@lru_cache(maxsize=2)
def _builtin(phrases: bool) -> WordList:
    """The list of :func:`builtin_english`, once per process."""
    return cached_list(cache_path(phrases), _build_with_phrases if phrases else build_english)


def _build_with_phrases() -> WordList:
    from puzzlewright.lexicon.phrases import with_phrases

    breakfast = unpleasant_words()
    return with_phrases(builtin_english(), lambda token: is_unpleasant(token, breakfast))
