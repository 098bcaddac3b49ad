"""build_acrostic(): quotation + source -> checked, solved, numbered acrostic puzzles."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from puzzlewright.acrostic import checks
from puzzlewright.acrostic.grid import layout, quote_cells, word_index
from puzzlewright.acrostic.letters import (
    Codec,
    QuoteChar,
    foreign_letters,
    letters_of,
    split_text,
    words_of,
)
from puzzlewright.acrostic.model import Acrostic, Answer, BuildResult
from puzzlewright.acrostic.numbering import number_cells
from puzzlewright.acrostic.quality import QuoteFilter, first_clash, stem
from puzzlewright.acrostic.solver import Candidate, Search, Tuning
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import NEVER, StopSignal

BUILTIN_FLOOR = 30  # zipf 3.0: the first tier of the built-in list
FIRST_TIER_SECONDS = 5.0  # time on common words only before the floor is lowered
QUALITY_WEIGHT = 0.3  # per zipf point, against one weighted letter out of place
DEFAULT_WIDTH = 15


def labels(n: int) -> list[str]:
    """Clue labels A..Z, then AA, BB, ... as printed acrostics do."""
    return [chr(ord("A") + i % 26) * (i // 26 + 1) for i in range(n)]


def primary_floor(words: WordList, min_length: int) -> int:
    """The score of the first tier: zipf 3.0 for the built-in list, else the top third."""
    if words.name == "english":
        return BUILTIN_FLOOR
    scores = sorted((e.score for e in words if len(e.word) >= min_length), reverse=True)
    if not scores:
        return 0
    return scores[len(scores) // 3]


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
    improve: float = 0.0,
    width: int = DEFAULT_WIDTH,
    stop: StopSignal = NEVER,
    tuning: Tuning | None = None,
) -> BuildResult:
    """Find ``count`` answer sets for ``quote`` whose initials spell ``source``.

    Returns status ``built`` (puzzles, best first), ``impossible`` (with the reason, found
    without searching) or ``timeout`` (the closest partial set). Raises PuzzleInputError for
    an empty quotation or a source without letters.
    """
    started = time.process_time()
    alphabet = words.alphabet
    if not quote.strip():
        raise PuzzleInputError("the quotation is empty")
    if min_length < 1:
        raise PuzzleInputError("--min-length must be at least 1")
    if max_length is not None and max_length < min_length:
        raise PuzzleInputError("--max-length must not be below --min-length")
    if count < 1:
        raise PuzzleInputError("--count must be at least 1")
    letters = letters_of(quote, alphabet)
    initials = letters_of(source, alphabet)
    result = BuildResult("impossible", quote, source)

    def impossible(reason: str) -> BuildResult:
        result.reason = reason
        result.seconds = time.process_time() - started
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
    codec = Codec.for_text(alphabet.letters, letters)
    fixed: dict[int, Candidate] = {}
    for word in forced:
        clue = next((i for i, ch in enumerate(initials) if ch == word[0] and i not in fixed), None)
        if clue is None:
            return impossible(
                f"included answer {word} needs a source letter {word[0]} that is not free"
            )
        fixed[clue] = Candidate(word, words.score(word) or 0, codec, stem(word), 0.0)
    clash = first_clash([c.word for c in fixed.values()])
    if clash:
        return impossible(f"included answers {clash[0]} and {clash[1]} share a stem")

    banned = {_normalize_word(word, words) for word in exclude}
    quote_filter = QuoteFilter(words_of(quote, alphabet))
    pool = codec.pack(letters) - sum(c.packed for c in fixed.values())
    free = [i for i in range(len(initials)) if i not in fixed]
    floor = primary_floor(words, min_length)
    widest: dict[str, list[Candidate]] = {}
    fixed_stems = {c.stem for c in fixed.values()}
    low = min((e.score for e in words), default=0)
    present = set(letters)
    for initial in sorted({initials[i] for i in free}):
        found = []
        for word in words.starting_with(initial):
            if not min_length <= len(word) <= top or word in banned:
                continue
            score = words.score(word) or 0
            cand_packed = codec.pack(word) if present.issuperset(word) else None
            if cand_packed is None or not codec.fits(pool, cand_packed):
                continue
            if quote_filter.clashes(word):
                continue
            cand = Candidate(word, score, codec, stem(word), QUALITY_WEIGHT * (score - low) / 10)
            if cand.stem in fixed_stems:
                continue
            found.append(cand)
        if not found:
            return impossible(
                f"no word in the list starts with {initial} and fits the quotation's letters "
                f"with lengths {min_length}-{top}"
            )
        widest[initial] = found
    free_letters = len(letters) - sum(len(c.word) for c in fixed.values())
    if free:
        problem = checks.length_problem(free_letters, len(free), min_length, top)
        if problem:
            return impossible(problem)
    elif free_letters:
        return impossible("the included answers do not use every letter of the quotation")

    tiers: list[tuple[dict[str, list[Candidate]], float | None]] = []
    strict = {k: [c for c in v if c.score >= floor] for k, v in widest.items()}
    if all(strict.values()) and any(len(strict[k]) < len(widest[k]) for k in widest):
        tiers.append((strict, FIRST_TIER_SECONDS))
    tiers.append((widest, None))
    avg = free_letters / max(1, len(free))
    window = (max(min_length, math.floor(avg) - 4), min(top, math.ceil(avg) + 5))
    rng = random.Random(seed)
    search = Search(
        codec,
        codec.counts(codec.pack(letters)),
        initials,
        fixed,
        tiers[0][0],
        window,
        rng,
        stop,
        tuning,
    )
    outcome = search.run(tiers, count=count, improve=improve)
    result.seconds = time.process_time() - started
    result.stats = {
        "moves": outcome.stats.moves,
        "repairs": outcome.stats.repairs,
        "restarts": outcome.stats.restarts,
    }
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
        "interrupted" if outcome.stopped == "interrupted" else "time limit reached"
    ) + f"; the closest set is {sum(abs(x) for x in outcome.off)} letters off"
    result.partial = [
        Answer(label, word, words.score(word))
        for label, word in zip(names, outcome.partial, strict=True)
    ]
    result.leftover = "".join(codec.letters[i] * x for i, x in enumerate(outcome.off) if x > 0)
    result.overused = "".join(codec.letters[i] * -x for i, x in enumerate(outcome.off) if x < 0)
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
