"""build_acrostic(): quotation + source -> checked, solved, numbered acrostic puzzles."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np

from puzzlewright.acrostic import checks
from puzzlewright.acrostic.candidates import (
    Rules,
    candidates,
    make_tables,
    score_goal,
    score_spread,
)
from puzzlewright.acrostic.grid import layout, quote_cells, word_index
from puzzlewright.acrostic.letters import (
    QuoteChar,
    foreign_letters,
    letters_of,
    split_text,
    words_of,
)
from puzzlewright.acrostic.model import Acrostic, Answer, BuildResult
from puzzlewright.acrostic.numbering import number_cells
from puzzlewright.acrostic.quality import QuoteFilter, first_clash, stem
from puzzlewright.acrostic.solver import Search, Tuning
from puzzlewright.acrostic.tables import counts_of
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import NEVER, StopSignal, clock

MAX_CANDIDATES = 6000  # per initial, best first: rarer words only slow the moves down
DEFAULT_WIDTH = 15


def labels(n: int) -> list[str]:
    """Clue labels A..Z, then AA, BB, ... as printed acrostics do."""
    return [chr(ord("A") + i % 26) * (i // 26 + 1) for i in range(n)]


def build_acrostic(
    quote: str,
    source: str,
    words: WordList,
    *,
    include: Sequence[str] = (),
    exclude: Sequence[str] = (),
    min_length: int = 4,
    max_length: int | None = None,
    seed: int = 0,
    count: int = 1,
    improve: float | None = 0.0,
    width: int = DEFAULT_WIDTH,
    stop: StopSignal = NEVER,
    tuning: Tuning | None = None,
) -> BuildResult:
    """Find ``count`` answer sets for ``quote`` whose initials spell ``source``.

    Returns status ``built`` (puzzles, best first), ``impossible`` (with the reason, found
    without searching) or ``timeout`` (the closest partial set). Raises PuzzleInputError for
    an empty quotation or a source without letters.
    """
    started = clock()
    alphabet = words.alphabet
    if not quote.strip():
        raise PuzzleInputError("the quotation is empty")
    if min_length < 1:
        raise PuzzleInputError("min_length must be at least 1", parameters=("min_length",))
    if max_length is not None and max_length < min_length:
        raise PuzzleInputError(
            "max_length must not be below min_length", parameters=("max_length", "min_length")
        )
    if count < 1:
        raise PuzzleInputError("count must be at least 1", parameters=("count",))
    letters = letters_of(quote, alphabet)
    initials = letters_of(source, alphabet)
    result = BuildResult("impossible", quote, source)

    def impossible(reason: str) -> BuildResult:
        result.reason = reason
        result.seconds = clock() - started
        return result

    foreign_quote = foreign_letters(quote, alphabet)
    foreign_source = foreign_letters(source, alphabet)
    if not initials and not foreign_source:
        raise PuzzleInputError("the source has no letters")
    if not letters and not foreign_quote:
        raise PuzzleInputError("the quotation has no letters")
    for where, strange in (("quotation", foreign_quote), ("source", foreign_source)):
        problem = checks.foreign_problem(where, strange, alphabet.letters)
        if problem:
            return impossible(problem)
    problem = checks.missing_source_letters(letters, initials)
    if problem:
        return impossible(problem)
    longest = max(words.lengths, default=min_length)
    top = longest if max_length is None else max_length
    problem = checks.length_problem(len(letters), len(initials), min_length, top)
    if problem:
        return impossible(problem)

    names = labels(len(initials))
    forced = [_normalize_word(word, words) for word in include]
    problem = checks.include_problem(letters, forced)
    if problem:
        return impossible(problem)
    fixed: dict[int, str] = {}
    for word in forced:
        clue = next((i for i, ch in enumerate(initials) if ch == word[0] and i not in fixed), None)
        if clue is None:
            return impossible(
                f"included answer {word} needs a source letter {word[0]} that is not free"
            )
        fixed[clue] = word
    clash = first_clash(list(fixed.values()))
    if clash:
        return impossible(f"included answers {clash[0]} and {clash[1]} share a stem")

    free = [i for i in range(len(initials)) if i not in fixed]
    free_letters = len(letters) - sum(len(word) for word in fixed.values())
    if free:
        problem = checks.length_problem(free_letters, len(free), min_length, top)
        if problem:
            return impossible(problem)
    elif free_letters:
        return impossible("the included answers do not use every letter of the quotation")
    index = {ch: i for i, ch in enumerate(alphabet.letters)}
    size = len(alphabet.letters)
    target = counts_of(letters, index, size) - sum(
        (counts_of(word, index, size) for word in fixed.values()), np.zeros(size, np.int32)
    )
    avg = free_letters / max(1, len(free))
    window = (max(min_length, math.floor(avg) - 4), min(top, math.ceil(avg) + 5))
    rules = Rules(
        lengths=(min_length, top),
        window=window,
        reject={_normalize_word(word, words) for word in exclude},
        quote_filter=QuoteFilter(words_of(quote, alphabet)),
        taken={stem(word) for word in fixed.values()},
        limit=MAX_CANDIDATES,
    )
    lists = candidates(words, sorted({initials[i] for i in free}), target, rules)
    if isinstance(lists, str):
        return impossible(lists)
    tables, hashes = make_tables(lists, alphabet.letters)
    search = Search(
        [tables[initials[i]] for i in free],
        target,
        hashes,
        score_spread(lists),
        score_goal(lists),
        random.Random(seed),
        stop,
        tuning,
        fixed_words=list(fixed.values()),
    )
    outcome = search.run(count=count, improve=improve)
    result.stop_reason = outcome.stop_reason
    result.seconds = clock() - started
    fixed_total = sum(words.score(word) or 0 for word in fixed.values())
    result.mean_zipf_bound = round((search.prices.bound + fixed_total) / len(initials) / 10, 2)
    result.stats = {
        "steps": outcome.stats.steps,
        "repairs": outcome.stats.repairs,
        "restarts": outcome.stats.restarts,
        "raises": outcome.stats.raises,
    }

    def full(free_words: list[str]) -> list[str]:
        answers = dict(fixed)
        answers.update(zip(free, free_words, strict=True))
        return [answers[i] for i in range(len(initials))]

    outcome.solutions = [full(sol) for sol in outcome.solutions]
    outcome.partial = full(outcome.partial)
    chars = split_text(quote, alphabet)
    if outcome.solutions:
        result.status = "built"
        for answer_words in outcome.solutions:
            result.puzzles.append(
                assemble(quote, source, chars, letters, names, answer_words, words, seed, width)
            )
        return result
    result.status = "timeout"
    result.reason = (
        "interrupted" if outcome.stop_reason == "interrupted" else "time limit reached"
    ) + f"; the closest set is {sum(abs(x) for x in outcome.off)} letters off"
    result.partial = [
        Answer(label, word, words.score(word))
        for label, word in zip(names, outcome.partial, strict=True)
    ]
    result.leftover = "".join(alphabet.letters[i] * x for i, x in enumerate(outcome.off) if x > 0)
    result.overused = "".join(alphabet.letters[i] * -x for i, x in enumerate(outcome.off) if x < 0)
    return result


def assemble(
    quote: str,
    source: str,
    chars: Sequence[QuoteChar],
    letters: str,
    names: list[str],
    answer_words: list[str],
    words: WordList,
    seed: int,
    width: int,
) -> Acrostic:
    """Number an exact answer set into the quotation and lay out the grid."""
    run = quote_cells(chars)
    cells = number_cells(letters, word_index(run), answer_words, random.Random(seed))
    flat = [cell for cell in run if cell is not None]
    answers = []
    for label, word, spots in zip(names, answer_words, cells, strict=True):
        for spot in spots:
            flat[spot].clue = label
        answers.append(Answer(label, word, words.score(word), [spot + 1 for spot in spots]))
    return Acrostic(quote, source, letters, answers, layout(run, width))


def _normalize_word(word: str, words: WordList) -> str:
    normalized = words.alphabet.normalize(word.strip())
    if not normalized or words.alphabet.foreign(normalized):
        raise PuzzleInputError(f"{word!r} is not a word over the alphabet {words.alphabet.letters}")
    return normalized
