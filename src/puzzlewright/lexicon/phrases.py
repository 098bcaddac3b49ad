"""Multi-word phrases for crossword fill (``ICECREAM``, ``ATONCE``, ``NONSEQUITUR``).

The built-in list's single words come from wordfreq; its phrases come from WordNet 3.0's
multi-word lemmas, as ``tools/make_phrases.py`` extracted them into ``data/phrases.txt``
(one phrase a line with its evidence letters), and GCIDE's multi-word headwords, read from
the installed ``english-words`` package as evidence. They are added only to the list named
``builtin+phrases`` (``builtin_english(phrases=True)``), which no command uses unless asked
(``--words builtin+phrases``): as the default of crossword fills they made tight grids
several times slower for no steady gain by the judge (docs/lexicon.md, "Phrases").

A phrase's score, on the zipf scale of the single words (see docs/lexicon.md "Phrases"):
``PHRASE_BASE`` plus ``RAREST_WEIGHT`` times its rarest word's score, capped at
``RAREST_CAP`` (wordfreq counts words, not phrases; a phrase is at most as common as its
rarest word, and the glue words ``of``, ``at``, ``in`` say nothing; but a rare word is no
sign of a rare phrase: ``nitty gritty``, ``forty winks``, so it counts half), plus a bonus
per piece of evidence that the phrase is a unit of the language rather than two words side
by side:

* ``g`` GCIDE lists it too (two dictionaries made it a headword);
* ``t`` WordNet's sense-tagged corpus (SemCor) met it in running text;
* ``s`` it has several senses (``round robin``: a letter, a tournament);
* ``v`` it is a verb or an adverb (``use up``, ``at once``, ``in vain``);

and less ``SPECIES_PENALTY`` for a species name (``water vole``).

Left out: phrases with no evidence at all (noun and adjective compounds that WordNet lists
and editors seldom take: ``energy state``, ``throat infection``, ``ear shaped``; a filler
given them at any score uses them as glue in long slots), and phrases with a word that fails
the breakfast test (``data/unpleasant.txt``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping

from puzzlewright.lexicon.datafiles import data_text
from puzzlewright.lexicon.wordlist import WordList

SCORING = 5  # bump when the scoring or the filter below changes (it keys the cached list)
RAREST_CAP = 5.0
RAREST_WEIGHT = 0.5
PHRASE_BASE = 0.4
BONUS = {"g": 0.5, "t": 0.5, "s": 0.3, "v": 0.3}
SPECIES_PENALTY = 0.5
MIN_LETTERS = 3
"""Shorter phrases are left out (the file holds 3-15 letters)."""
SEPARATORS = re.compile(r"[ -]+")


def phrase_lines(text: str) -> Iterator[tuple[list[str], str]]:
    """(words, evidence letters) of each line of a phrase file (``#`` lines skipped)."""
    for line in text.splitlines():
        if line and not line.startswith("#"):
            phrase, _, letters = line.partition("\t")
            yield phrase.split(), letters


def gcide_phrases() -> frozenset[str]:
    """GCIDE's multi-word headwords, lower case, words joined by single spaces."""
    from english_words import get_english_words_set

    found = get_english_words_set(["gcide"], lower=False, alpha=False)
    return frozenset(" ".join(SEPARATORS.split(word.lower())) for word in found if " " in word)


def phrase_score(rarest: int, letters: str) -> int:
    """The list score of a phrase whose rarest word scores ``rarest`` (at least 1)."""
    value = PHRASE_BASE + RAREST_WEIGHT * min(rarest / 10, RAREST_CAP)
    value += sum(BONUS.get(letter, 0.0) for letter in set(letters))
    if "k" in letters:
        value -= SPECIES_PENALTY
    return max(1, round(10 * value))


def phrase_scores(
    text: str,
    words: Mapping[str, int],
    gcide: frozenset[str] = frozenset(),
    unpleasant: Callable[[str], bool] = lambda token: False,
) -> dict[str, int]:
    """Squashed upper-case phrase -> score, for the phrases of ``text`` (a phrase file)
    whose words of two or more letters are all in ``words`` (upper case -> score) and
    none ``unpleasant`` (lower case), with some evidence (a letter of ``BONUS``, GCIDE's
    ``gcide`` counting as ``g``); a phrase that squashes to a word of ``words`` is left to
    that word."""
    scores: dict[str, int] = {}
    for tokens, letters in phrase_lines(text):
        upper = [token.upper() for token in tokens]
        known = [words.get(token) for token in upper if len(token) > 1]
        squashed = "".join(upper)
        if len(squashed) < MIN_LETTERS or squashed in words or any(map(unpleasant, tokens)):
            continue
        if not known or None in known:
            continue
        if " ".join(tokens) in gcide:
            letters += "g"
        if not set(letters) & set(BONUS):
            continue
        score = phrase_score(min(score for score in known if score is not None), letters)
        scores[squashed] = max(score, scores.get(squashed, 0))
    return scores


def phrases_text() -> str:
    """The shipped phrase file, ``data/phrases.txt``."""
    return data_text("phrases.txt")


def with_phrases(words: WordList, unpleasant: Callable[[str], bool]) -> WordList:
    """``words`` (the built-in single words) and the shipped phrases, scored from them;
    a phrase with a word that ``unpleasant`` flags (the built-in list's breakfast test,
    lower case) is left out."""
    scores = words.scores()
    added = phrase_scores(phrases_text(), scores, gcide_phrases(), unpleasant)
    return WordList([*scores.items(), *added.items()], words.alphabet, words.name)
