"""build_acrostic(): quotation + source -> checked, solved, numbered acrostic puzzles."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypedDict

import numpy as np

from puzzlewright.acrostic import checks
from puzzlewright.acrostic.bounds import kept_letter_bound
from puzzlewright.acrostic.candidates import (
    Rules,
    candidates,
    make_tables,
    score_goal,
    score_spread,
)
from puzzlewright.acrostic.grid import check_width, layout, quote_cells, word_index
from puzzlewright.acrostic.letters import (
    QuoteChar,
    foreign_letters,
    letters_of,
    split_text,
    words_of,
)
from puzzlewright.acrostic.model import Acrostic, Answer, BuildResult, Progress
from puzzlewright.acrostic.numbering import number_cells
from puzzlewright.acrostic.portfolio import SearchSetup, merge_results, run_portfolio
from puzzlewright.acrostic.prices import Prices
from puzzlewright.acrostic.quality import QuoteFilter, first_clash, stem
from puzzlewright.acrostic.solver import Search, SearchResult, SearchStats, Tuning
from puzzlewright.acrostic.tables import counts_of
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon.familiar import familiar_scores
from puzzlewright.messages import counted
from puzzlewright.stopping import NEVER, StopSignal, clock
from puzzlewright.workers import check_jobs

MAX_STEPS = 4_000_000
"""The default effort of one search (a try, or a portfolio worker's round), in steps: about
100 s of CPU on a 2020s core. A search that has not found its sets by then stops with
``stop_reason`` ``steps``. Counted, not timed, so the same seed gives the same answers on any
machine however loaded; a time limit (``stop``) is only a safety net and says when it cut."""
DEFAULT_TRIES = 2  # independent starts improved, the best kept (the CLI's default too)
MAX_CANDIDATES = 6000  # per initial, best first: rarer words only slow the moves down
DEFAULT_WIDTH = 15


def labels(n: int) -> list[str]:
    """Clue labels A..Z, then AA, BB, ... as printed acrostics do."""
    return [chr(ord("A") + i % 26) * (i // 26 + 1) for i in range(n)]


class SearchOptions(TypedDict, total=False):
    """The keyword options of :func:`build_acrostic` that other entry points pass on as they
    are (the studio's :func:`~puzzlewright.acrostic.live.complete_rows`)."""

    min_length: int
    max_length: int | None
    seed: int
    improve: float | None
    stop: StopSignal
    tries: int
    max_steps: int | None
    progress: Callable[[Progress], None] | None


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
    improve: float | None = None,
    width: int = DEFAULT_WIDTH,
    stop: StopSignal = NEVER,
    tuning: Tuning | None = None,
    jobs: int = 1,
    tries: int = DEFAULT_TRIES,
    max_steps: int | None = MAX_STEPS,
    progress: Callable[[Progress], None] | None = None,
) -> BuildResult:
    """Find ``count`` answer sets for ``quote`` whose initials spell ``source``.

    Returns status ``built`` (puzzles, best first), ``impossible`` (with the reason, found
    without searching) or ``timeout`` (the closest partial set). Raises PuzzleInputError for
    an empty quotation or a source without letters. The steps: validate the options, check
    what makes the request impossible at once (:func:`plan_answers`), prepare the candidate
    tables and search, assemble the puzzles.
    ``jobs`` > 1 runs the search as a portfolio on that many processes
    (:mod:`puzzlewright.acrostic.portfolio`; same seed and jobs, same answers); with one
    job, ``tries`` > 1 improves sets from that many independent starts and keeps the best
    (when ``improve`` is not 0).

    The effort is counted in steps, never seconds: ``improve`` (None: an effort per
    quotation letter), ``tries`` and ``max_steps`` (each search's cap, None: no cap), so the
    same arguments and seed give the same answers on any machine; the command line has the
    same defaults. ``stop`` (a time limit, Ctrl-C) can cut the search short, and then
    ``stop_reason`` says so. ``progress`` (with one job) is called with the first exact set
    as soon as it is found and then with each better one (:class:`Progress`, with the
    bound), so a face can show the best so far while the search improves it; it does not
    change the answers.
    Answers are scored by ``words``' scores, except that the built-in list scores them by
    familiarity (:func:`~puzzlewright.lexicon.familiar.familiar_scores`).
    """
    started = clock()
    _validate(quote, min_length, max_length, count)
    _check_sizes(width, improve)  # before the search, not after it
    _check_runs(jobs, tries, max_steps)
    result = BuildResult("impossible", quote, source)
    plan = plan_answers(quote, source, words, include, min_length, max_length)
    if isinstance(plan, str):
        return _impossible(result, plan, started)
    words = familiar_scores(words)  # after the instant checks: the same words and alphabet
    setup = _prepare_search(plan, quote, words, exclude, tuning)
    if isinstance(setup, str):
        return _impossible(result, setup, started)
    reporter = Reporter(progress, plan, words, started)
    search, outcome = _run(setup, seed, count, improve, stop, max_steps, jobs, tries, reporter)
    result.seconds = clock() - started
    _assemble(result, plan, search, outcome, words, seed, width, reporter.bound)
    return result


def mean_bound(plan: AnswerPlan, search: Search, words: WordList) -> float:
    """The kept-letter bound on the mean score / 10 of any exact set (included answers
    counted), rounded to 2 decimals."""
    fixed_total = sum(words.score(word) or 0 for word in plan.fixed.values())
    prices = search.prices
    free_bound = kept_letter_bound(search.tables, prices.prices, search.target, prices.bound)
    return round((free_bound + fixed_total) / len(plan.initials) / 10, 2)


class Reporter:
    """Turns the searches' best sets into :class:`Progress` reports for ``progress``: the
    best set of all tries so far, with the bound (computed once, just after the first set
    is reported without it, and reused for the result)."""

    def __init__(
        self,
        progress: Callable[[Progress], None] | None,
        plan: AnswerPlan,
        words: WordList,
        started: float,
    ) -> None:
        self.progress, self.plan, self.words, self.started = progress, plan, words, started
        self.best = -math.inf
        self.bound: float | None = None
        self.last: Progress | None = None

    def watch(self, search: Search) -> None:
        """Report ``search``'s best sets (when there is a ``progress`` to report to)."""
        if self.progress is not None:
            search.on_best = lambda found, value: self.tell(search, found, value)

    def tell(self, search: Search, found: list[str], value: float, rough: bool = False) -> None:
        """Report ``found`` (the free clues' words) if it beats every set reported; after the
        first set of a search with letter prices (not ``rough``), report the best set again
        with the bound, once."""
        if self.progress is None:
            return
        if value > self.best + 1e-6:
            self.best = value
            self.last = self._report(search, found)
            self.progress(self.last)  # the first set at once; its bound takes up to seconds more
        elif self.bound is not None or rough:
            return
        if self.bound is None and not rough and self.last is not None:
            self.bound = mean_bound(self.plan, search, self.words)
            self.last = replace(
                self.last, mean_zipf_bound=self.bound, seconds=clock() - self.started
            )
            self.progress(self.last)

    def _report(self, search: Search, found: list[str]) -> Progress:
        answer_words = self.plan.full(found)
        scores = [self.words.score(word) for word in answer_words]
        known = [score for score in scores if score is not None]
        return Progress(
            answer_words,
            scores,
            round(sum(known) / len(known) / 10, 2) if known else None,
            min(known) / 10 if known else None,
            self.bound,
            search.stats.steps,
            clock() - self.started,
        )


def _impossible(result: BuildResult, reason: str, started: float) -> BuildResult:
    """``result`` (status ``impossible``) with the ``reason`` found before any search."""
    result.reason = reason
    result.seconds = clock() - started
    return result


def _run(
    setup: SearchSetup,
    seed: int,
    count: int,
    improve: float | None,
    stop: StopSignal,
    max_steps: int | None,
    jobs: int,
    tries: int,
    reporter: Reporter,
) -> tuple[Search, SearchResult]:
    """The search (its tables, for assembling the puzzles) and what it found: the best of
    ``tries`` in this process (reported as they improve), or a portfolio of ``jobs``
    processes."""
    sketch = None
    if jobs == 1 and reporter.progress is not None:
        sketch = _sketch(setup, seed, stop, reporter)
    capped = StepCap(stop, max_steps)
    search = capped.search = setup.make(seed, capped)
    if jobs == 1:
        tries = tries if improve is None or improve > 0 else 1
        reporter.watch(search)
        outcome = _best_of_tries(setup, search, seed, count, improve, capped, tries, reporter)
        if capped.spent and stop.reason is None:
            outcome.stop_reason = "steps"
    else:
        setup = replace(setup, prices=search.prices)  # computed once, shipped to the workers
        outcome = run_portfolio(setup, jobs, seed, count, improve, stop, max_steps)
    if sketch is not None and not outcome.solutions and stop.reason is not None:
        # the time limit or Ctrl-C cut the quality search before its first set: the set
        # shown is the answer (a face that showed it must not then report "no set")
        outcome = replace(outcome, solutions=[sketch[0]], values=[sketch[1]])
    return search, outcome


SKETCH_STEPS = 100_000
"""The most steps of the sketch (:func:`_sketch`): a second or two of CPU."""
SKETCH_PAIRS = 4
"""The sketch tries two-answer repairs when at most this many letters are off (the quality
search: ``Tuning.pairs_within``, 2). A quotation with letters ordinary words rarely hold
(the Tale of Two Cities' 13 W and 12 F) comes within 3-4 letters of an exact set in about
10,000 steps and then wanders there: the wider repairs close it about twice as soon."""


def _sketch(
    setup: SearchSetup, seed: int, stop: StopSignal, reporter: Reporter
) -> tuple[list[str], float] | None:
    """Report a first exact set at once, before the letter prices (seconds of numpy on a
    long quotation) and the quality search: a search for exact letter use alone (no quality
    energy, so no prices needed; the seed ``"{seed}/sketch"``, at most :data:`SKETCH_STEPS`).
    Only a face that shows progress gets it; the quality search then starts afresh, so the
    answers do not depend on it, and its first better set replaces it (unless the time
    limit or Ctrl-C stops that search before its first set: then the sketch is the
    answer). Returns the sketch's free words and value, or None when it found no set."""
    tuning = setup.tuning or Tuning()
    rough_tuning = replace(tuning, quality=0.0, quality_low=0.0, pairs_within=SKETCH_PAIRS)
    blank = Prices(np.zeros(setup.target.shape[0]), 0.0)
    rough = replace(setup, tuning=rough_tuning, prices=blank)
    capped = StepCap(stop, SKETCH_STEPS)
    search = capped.search = rough.make(f"{seed}/sketch", capped)
    search._random_start()
    if not search._find(None):
        return None
    found = (search.words(), search.value(search.choice))
    reporter.tell(search, *found, rough=True)
    return found


def _check_runs(jobs: int, tries: int, max_steps: int | None) -> None:
    """Raise PuzzleInputError unless there is at least one process, one try and one step."""
    check_jobs(jobs)
    if tries < 1:
        raise PuzzleInputError("tries must be at least 1", parameters=("tries",))
    if max_steps is not None and max_steps < 1:
        raise PuzzleInputError("max_steps must be at least 1", parameters=("max_steps",))


def _best_of_tries(
    setup: SearchSetup,
    search: Search,
    seed: int,
    count: int,
    improve: float | None,
    stop: StopSignal,
    tries: int,
    reporter: Reporter,
) -> SearchResult:
    """``tries`` whole searches, the first with ``seed`` and the others with the
    sub-seeds ``"{seed}/try{i}"``, and the ``count`` best sets of all (ties: the earlier
    try). A search settles into one basin however long it improves; independent starts
    reach others. All tries together stop at ``Tuning.tries_steps``, and a further try
    starts only while half a set's improvement budget is left: a shorter one would end
    with a first set, never better than the tries before. Deterministic per seed; the
    time limit or Ctrl-C ends the tries early. With the default effort (``improve`` None)
    the first try fits the cap as well, ``count`` times over (``Tuning.fit_first``): its
    improvement shrinks when its first set came late."""
    tuning = search.tuning
    within = tuning.tries_steps * count if improve is None and tuning.fit_first else None
    outcome = search.run(count=count, improve=improve, within=within)
    if tries <= 1 or not outcome.solutions:
        return outcome
    setup = replace(setup, prices=search.prices)  # computed once for every try
    results = [outcome]
    left = tuning.tries_steps - outcome.stats.steps
    for i in range(1, tries):
        if stop.should_stop() or left < search.budget // 2:
            break
        capped = StepCap(stop, left)
        capped.search = setup.make(f"{seed}/try{i}", capped)
        reporter.watch(capped.search)
        found = capped.search.run(count=count, improve=improve)
        left -= found.stats.steps
        if found.solutions:
            results.append(found)
    return merge_results(results, count, stop, SearchStats())


class StepCap(StopSignal):
    """Stops ``search`` once its steps pass ``steps`` (None: never; then ``spent`` is
    True), or when ``outer`` fires (with the outer reason). Caps a search's effort
    (``MAX_STEPS``), and a further try's: the tries' steps reach ``Tuning.tries_steps``, so
    a long quotation whose first exact sets are slow to come gets a shorter second try."""

    def __init__(self, outer: StopSignal, steps: int | None) -> None:
        super().__init__()
        self.outer, self.steps = outer, steps
        self.search: Search | None = None
        self.spent = False

    def should_stop(self) -> bool:
        """True once the outer signal fired or the search has spent its steps."""
        if self.reason is None and self.outer.should_stop():
            self.reason = self.outer.reason
        elif self.reason is None and self._over():
            self.spent = True
            self.reason = "timeout"  # for the search; the build reports "steps"
        return self.reason is not None

    def _over(self) -> bool:
        return (
            self.steps is not None
            and self.search is not None
            and (self.search.stats.steps > self.steps)
        )


STOPPED_BY = {
    "interrupted": "interrupted",
    "timeout": "time limit reached",
    "steps": "no exact set within the step budget (max_steps)",
}
"""How a build without a set says why it ended."""


def _validate(quote: str, min_length: int, max_length: int | None, count: int) -> None:
    """Refuse options no search could honour (PuzzleInputError naming the parameter)."""
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


MAX_IMPROVE = 3600.0
"""The most ``improve`` seconds (of a typical machine's steps) one answer set may get."""


def _check_sizes(width: int, improve: float | None) -> None:
    """Refuse a grid width or an effort no run could use (a NaN or infinite ``improve``
    would fail as a step count)."""
    check_width(width)
    if improve is not None and not 0 <= improve <= MAX_IMPROVE:
        raise PuzzleInputError(
            f"improve must be 0 to {MAX_IMPROVE:g} seconds, not {improve}",
            parameters=("improve",),
        )


@dataclass
class AnswerPlan:
    """What the search must find: the quotation's letters, the initials to spell, the
    answers fixed by ``include`` (clue index -> word) and the clues left free."""

    letters: str
    initials: str
    names: list[str]
    fixed: dict[int, str]
    free: list[int]
    free_letters: int
    lengths: tuple[int, int]  # shortest and longest answer allowed

    def full(self, free_words: Sequence[str]) -> list[str]:
        """Every clue's answer: the fixed ones, and ``free_words`` on the free clues."""
        answers = dict(self.fixed)
        answers.update(zip(self.free, free_words, strict=True))
        return [answers[i] for i in range(len(self.initials))]


def plan_answers(
    quote: str,
    source: str,
    words: WordList,
    include: Sequence[str],
    min_length: int,
    max_length: int | None,
) -> AnswerPlan | str:
    """The plan of the answers, or the reason (a sentence) the request is impossible, found
    without searching: letters outside the alphabet, source letters the quotation lacks,
    lengths that cannot add up, included answers that do not fit."""
    alphabet = words.alphabet
    letters = letters_of(quote, alphabet)
    initials = letters_of(source, alphabet)
    foreign_quote = foreign_letters(quote, alphabet)
    foreign_source = foreign_letters(source, alphabet)
    if not initials and not foreign_source:
        raise PuzzleInputError("the source has no letters")
    if not letters and not foreign_quote:
        raise PuzzleInputError("the quotation has no letters")
    for where, strange in (("quotation", foreign_quote), ("source", foreign_source)):
        problem = checks.foreign_problem(where, strange, alphabet.letters)
        if problem:
            return problem
    longest = max(words.lengths, default=min_length)
    top = longest if max_length is None else max_length
    problem = checks.missing_source_letters(letters, initials) or checks.length_problem(
        len(letters), len(initials), min_length, top
    )
    if problem:
        return problem
    forced = [_normalize_word(word, words) for word in include]
    problem = checks.include_problem(letters, forced)
    if problem:
        return problem
    fixed = _place_included(forced, initials)
    if isinstance(fixed, str):
        return fixed
    free = [i for i in range(len(initials)) if i not in fixed]
    free_letters = len(letters) - sum(len(word) for word in fixed.values())
    if free:
        problem = checks.length_problem(free_letters, len(free), min_length, top)
        if problem:
            return problem
    elif free_letters:
        return "the included answers do not use every letter of the quotation"
    names = labels(len(initials))
    return AnswerPlan(letters, initials, names, fixed, free, free_letters, (min_length, top))


def _place_included(forced: list[str], initials: str) -> dict[int, str] | str:
    """Each included answer on the first free clue with its initial, or why it cannot be."""
    fixed: dict[int, str] = {}
    for word in forced:
        clue = next((i for i, ch in enumerate(initials) if ch == word[0] and i not in fixed), None)
        if clue is None:
            return f"included answer {word} needs a source letter {word[0]} that is not free"
        fixed[clue] = word
    clash = first_clash(list(fixed.values()))
    if clash:
        return f"included answers {clash[0]} and {clash[1]} share a stem"
    return fixed


def _prepare_search(
    plan: AnswerPlan,
    quote: str,
    words: WordList,
    exclude: Sequence[str],
    tuning: Tuning | None,
) -> SearchSetup | str:
    """The candidate words per free clue and the search over them, or why no word fits."""
    alphabet = words.alphabet
    index = {ch: i for i, ch in enumerate(alphabet.letters)}
    size = len(alphabet.letters)
    target = counts_of(plan.letters, index, size) - sum(
        (counts_of(word, index, size) for word in plan.fixed.values()), np.zeros(size, np.int32)
    )
    shortest, top = plan.lengths
    avg = plan.free_letters / max(1, len(plan.free))
    window = (max(shortest, math.floor(avg) - 4), min(top, math.ceil(avg) + 5))
    rules = Rules(
        lengths=(shortest, top),
        window=window,
        reject={_normalize_word(word, words) for word in exclude},
        quote_filter=QuoteFilter(words_of(quote, alphabet)),
        taken={stem(word) for word in plan.fixed.values()},
        limit=MAX_CANDIDATES,
    )
    initials = plan.initials
    lists = candidates(words, sorted({initials[i] for i in plan.free}), target, rules)
    if isinstance(lists, str):
        return lists
    tables, hashes = make_tables(lists, alphabet.letters)
    return SearchSetup(
        [tables[initials[i]] for i in plan.free],
        target,
        hashes,
        score_spread(lists),
        score_goal(lists),
        tuning,
        list(plan.fixed.values()),
    )


def _assemble(
    result: BuildResult,
    plan: AnswerPlan,
    search: Search,
    outcome: SearchResult,
    words: WordList,
    seed: int,
    width: int,
    bound: float | None = None,
) -> None:
    """Fill ``result`` from the search: numbered puzzles, or the closest partial set
    (``bound``: the mean bound when the progress reports computed it already)."""
    alphabet = words.alphabet
    result.stop_reason = outcome.stop_reason
    result.mean_zipf_bound = mean_bound(plan, search, words) if bound is None else bound
    result.stats = outcome.stats.to_json()
    if outcome.solutions:
        result.status = "built"
        chars = split_text(result.quote, alphabet)
        for free_words in outcome.solutions:
            answer_words = plan.full(free_words)
            result.puzzles.append(
                assemble(
                    result.quote,
                    result.source,
                    chars,
                    plan.letters,
                    plan.names,
                    answer_words,
                    words,
                    seed,
                    width,
                )
            )
        return
    result.status = "timeout"
    result.reason = STOPPED_BY.get(outcome.stop_reason or "timeout", "stopped") + (
        f"; the closest set is {counted(sum(abs(x) for x in outcome.off), 'letter')} off"
    )
    result.partial = [
        Answer(label, word, words.score(word))
        for label, word in zip(plan.names, plan.full(outcome.partial), strict=True)
    ]
    result.leftover = "".join(alphabet.letters[i] * x for i, x in enumerate(outcome.off) if x > 0)
    result.overused = "".join(alphabet.letters[i] * -x for i, x in enumerate(outcome.off) if x < 0)


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
