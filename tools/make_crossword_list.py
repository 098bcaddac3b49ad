"""Generate ``src/puzzlewright/lexicon/data/crossword.dict.gz``: the built-in crossword list.

Run when the sources, the blocklists or the rules below change (not at install time)::

    .venv/bin/python tools/make_crossword_list.py [--cwl ../shared/data/cwl] [--check]

``--check`` rebuilds the file in memory and exits 1 when it differs from the shipped one
(byte for byte: the text is front-coded and gzip'd with a fixed header). The result depends
on the CWL files, the built-in English list (its words, scores and phrases: wordfreq and
english-words versions) and the project's blocklists, all read here.

Source: the Collaborative Word List (Crossword Nexus, MIT; ``../shared/data/README.md``):
every entry of ``cwl25_2to15.dict.gz`` (scores 25-100, 2-15 letters) and the entries of
16-21 letters of ``cwl50.dict.gz`` (scores 50 and up). Its notice is copied beside the data
as ``CWL-LICENSE``. Spread the Wordlist is never read here: it only judges fills.

What this does to the community scores (docs/lexicon.md, "The built-in crossword list"):

1. Obscenities and slurs (``data/blocked.txt``, a word or a stem of it) are left out, and so
   are letter runs (a letter four times in a row: ``DDDDDDDD``, ``KKKKNIGHT``, rebus and
   gimmick entries of one puzzle, not fill).
2. The breakfast test (``builtin.is_unpleasant``, ``data/unpleasant.txt``) on the word, or
   on any word of it when it is a phrase: such an entry scores ``BREAKFAST_SCORE``, below
   every other entry and the default floor (CWL scores ``BLUDGEON`` and ``CYANIDE`` 90).
3. Ties inside a score band are broken by evidence, a value on wordfreq's zipf scale:
   the general English list's score of the word (its frequency less its penalties); for a
   WordNet phrase its phrase score; for another entry that splits into English words
   (fewest words, then the best rarest word) its rarest word's score less ``DOUBT``; for
   anything else (names, brands, strings) wordfreq's zipf of the token less ``DOUBT``.
   The evidence adds 0-4 points (one per ``STEP`` of zipf above ``BASE``), never past the
   next multiple of 5: a ``--min-score`` that is a multiple of 5 keeps exactly the CWL
   entries it kept before, and 50 still means clean fill.
4. Rule 2 again for squashed entries the English words do not split because a piece is
   a blocked or unpleasant word or an inflection of one (``THEFUCK`` 100, ``CATPISS`` 94,
   ``FOODPORN`` 80): the entry is split again with those pieces allowed, and one of them
   makes it a breakfast failure, unless wordfreq knows the whole token at zipf
   ``FAMILIAR`` or more (``DICKINSON``, ``CHAPPAQUIDDICK``).
5. Partials: an entry of ``PARTIAL_LENGTH`` letters or more that CWL rates under
   ``PARTIAL_BELOW`` (its clean band, not its lively ones), that is neither an English word,
   a phrase of the English list nor a WordNet entry, and that splits into English words
   (``a`` and ``i`` allowed) ending in a word that leaves it dangling (``DANGLING``:
   ``ASSERTTO``, ``SUITEDTO``, ``DREAMEDOF``) scores ``PARTIAL_SCORE``, under the default
   floor: a fragment that needs a blank to be clued, which editors ration.
"""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "puzzlewright" / "lexicon" / "data"
BREAKFAST_SCORE = 10
BASE = 2.0
STEP = 0.6
DOUBT = 1.0
BAND = 5
FAMILIAR = 2.0
INFLECTIONS = ("s", "es", "ed", "d", "ing", "er", "ers")
TOP = 100  # the scale's top: CWL's 100s stay 100
LETTER_RUN = re.compile(r"(.)\1\1\1")
PARTIAL_SCORE = 45
PARTIAL_LENGTH = 7
PARTIAL_BELOW = 60
DANGLING = frozenset({"to", "of", "for", "with", "from", "than", "if", "nor", "the"})
"""Words a partial ends in. Not ``a``/``an`` and ``as``/``and``/``or``: a name or plural
ending in those letters splits that way (``CAMPINAS``, ``RAYMILLAND``), and not the
particles of phrasal verbs (``in``, ``on``, ``up``, ``out``, ``off``)."""


def read_cwl(folder: Path) -> dict[str, int]:
    """Lower-case word -> CWL score (the highest when an entry repeats): every entry of the
    25+ file, and the longer ones of the 50+ file."""
    scores: dict[str, int] = {}
    for name, shortest, longest in (("cwl25_2to15.dict.gz", 2, 15), ("cwl50.dict.gz", 16, 21)):
        text = gzip.decompress((folder / name).read_bytes()).decode("utf-8")
        for line in text.splitlines():
            word, _, value = line.rpartition(";")
            word = word.lower()
            if not (word.isascii() and word.isalpha() and value.isdigit()):
                continue
            if shortest <= len(word) <= longest:
                scores[word] = max(int(value), scores.get(word, 0))
    return scores


def split_phrase(token: str, known: Mapping[str, int]) -> list[str] | None:
    """``token`` as English words of ``known`` (lower case -> score): fewest words, then
    the best rarest word; words of one letter only ``a`` and ``i``; None when it does not
    split into two or more."""
    n = len(token)
    best: list[tuple[int, int, list[str]] | None] = [None] * (n + 1)
    best[0] = (0, 10**6, [])
    for end in range(1, n + 1):
        for start in range(max(0, end - 20), end):
            head, piece = best[start], token[start:end]
            score = known.get(piece) if len(piece) > 1 or piece in "ai" else None
            if head is None or score is None:
                continue
            found = (head[0] + 1, min(head[1], score), [*head[2], piece])
            current = best[end]
            if current is None or (found[0], -found[1]) < (current[0], -current[1]):
                best[end] = found
    result = best[n]
    return result[2] if result is not None and result[0] > 1 else None


def evidence(
    token: str,
    english: Mapping[str, int],
    phrases: Mapping[str, int],
    zipfs: Mapping[str, float],
) -> tuple[float, list[str]]:
    """(evidence on the zipf scale, the words it was read from) for one CWL entry."""
    if token in english:
        return english[token] / 10, [token]
    if token in phrases:
        return phrases[token] / 10, split_phrase(token, english) or [token]
    pieces = split_phrase(token, english)
    if pieces is not None:
        return min(english[piece] for piece in pieces) / 10 - DOUBT, pieces
    return zipfs.get(token, 0.0) - DOUBT, [token]


def offensive_forms(
    words: frozenset[str], english: Mapping[str, int], zipfs: Mapping[str, float]
) -> dict[str, int]:
    """The English words with the listed words (not those written ``=word``, which count
    alone) and those of their inflections that are not words in their own right (the
    English list lacks them, wordfreq rates them under ``FAMILIAR``: ``spiced`` is no
    form of ``spic``), these at score 0."""
    forms: dict[str, int] = dict(english)
    for word in words:
        if word.startswith("="):
            continue
        forms[word] = 0
        stem = word[:-1] if word.endswith("e") else word
        for form in (*(word + end for end in INFLECTIONS), stem + "ing"):
            if form not in english and zipfs.get(form, 0.0) < FAMILIAR:
                forms[form] = 0
    return forms


def fails_split(
    token: str,
    english: Mapping[str, int],
    offensive: Mapping[str, int],
    zipfs: Mapping[str, float],
    bases: frozenset[str],
) -> bool:
    """Rule 4: ``token`` (not an English word) splits into English words and at least
    one offensive form (``offensive``: both, merged; ``bases``: the listed words, to
    pass over quickly the tokens holding none), and is not familiar on its own."""
    if token in english or zipfs.get(token, 0.0) >= FAMILIAR:
        return False
    if not any(word in token for word in bases):
        return False
    pieces = split_phrase(token, offensive)
    return pieces is not None and any(offensive[piece] == 0 for piece in pieces)


def is_partial(
    token: str, score: int, words: Mapping[str, int], known: Callable[[str], bool]
) -> bool:
    """Rule 5: ``token`` (CWL score ``score``) is a partial. ``words``: the English words
    with ``a`` and ``i``; ``known``: whether the English list, its phrases or WordNet has
    the token (checked last: the other tests are cheaper)."""
    if len(token) < PARTIAL_LENGTH or score >= PARTIAL_BELOW:
        return False
    pieces = split_phrase(token, words)
    return pieces is not None and pieces[-1] in DANGLING and not known(token)


def ranked(score: int, value: float) -> int:
    """``score`` moved up within its band of ``BAND`` by the evidence ``value``."""
    bonus = min(BAND - 1, max(0, int((value - BASE) / STEP)))
    return min(TOP, score + min(bonus, BAND - 1 - score % BAND))


def build(cwl: Mapping[str, int]) -> dict[str, int]:
    """The shipped scores of the CWL entries (see the module docstring)."""
    from puzzlewright.lexicon.builtin import (
        blocked_words,
        builtin_english,
        english_zipfs,
        is_unpleasant,
        unpleasant_words,
    )
    from puzzlewright.lexicon.definitions import definitions
    from puzzlewright.lexicon.phrases import gcide_phrases, phrase_scores, phrases_text

    english_upper = builtin_english().scores()
    english = {word.lower(): score for word, score in english_upper.items()}
    breakfast = unpleasant_words()
    phrases = phrase_scores(
        phrases_text(), english_upper, gcide_phrases(), lambda t: is_unpleasant(t, breakfast)
    )
    phrases = {word.lower(): score for word, score in phrases.items()}
    zipfs = dict(english_zipfs())
    blocked = blocked_words()
    offensive = offensive_forms(breakfast | blocked, english, zipfs)
    bases = frozenset(word for word in breakfast | blocked if not word.startswith("="))
    with_ai = {**english, "a": english.get("a", 70), "i": english.get("i", 70)}
    wordnet = definitions()

    def known(token: str) -> bool:
        return token in english or token in phrases or token in wordnet

    result: dict[str, int] = {}
    for token, score in cwl.items():
        if is_unpleasant(token, blocked) or LETTER_RUN.search(token):
            continue  # rule 1
        value, words = evidence(token, english, phrases, zipfs)
        if any(is_unpleasant(word, breakfast | blocked) for word in words):
            result[token] = BREAKFAST_SCORE  # rule 2
        elif fails_split(token, english, offensive, zipfs, bases):
            result[token] = BREAKFAST_SCORE  # rule 4
        elif is_partial(token, score, with_ai, known):
            result[token] = min(PARTIAL_SCORE, ranked(score, value))  # rule 5
        else:
            result[token] = ranked(score, value)  # rule 3
    return result


def comments(cwl: Mapping[str, int], scores: Mapping[str, int]) -> list[str]:
    """The provenance lines written at the top of the data file."""
    return [
        "From the Collaborative Word List (Crossword Nexus, MIT; notice in CWL-LICENSE),",
        "rebuilt by tools/make_crossword_list.py; format in puzzlewright/lexicon/crossword.py.",
        f"{len(cwl)} CWL entries, {len(scores)} kept; 50 = clean fill.",
    ]


def main(argv: list[str] | None = None) -> int:
    """Write (or ``--check``) the data file."""
    sys.path.insert(0, str(ROOT / "src"))
    from puzzlewright.lexicon.crossword import DATA_NAME, encode_entries

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cwl", type=Path, default=ROOT.parent / "shared" / "data" / "cwl")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    cwl = read_cwl(args.cwl)
    scores = build(cwl)
    data = encode_entries(scores.items(), comments(cwl, scores))
    target = DATA / DATA_NAME
    if args.check:
        same = target.is_file() and target.read_bytes() == data
        print(f"{target}: {'identical' if same else 'DIFFERS'} ({len(data):,} bytes)")
        return 0 if same else 1
    target.write_bytes(data)
    shutil.copyfile(args.cwl / "LICENSE", DATA / "CWL-LICENSE")
    print(f"wrote {target}: {len(scores):,} entries, {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
