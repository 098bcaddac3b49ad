"""``fill``: fill a crossword grid (a :class:`FillRequest`) from a scored word list."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import replace
from typing import TYPE_CHECKING

from puzzlewright.crossword.fill import dense
from puzzlewright.crossword.fill.problem import Problem, Region, build_problem, place_solution
from puzzlewright.crossword.fill.quality import (
    FAST_CANDIDATES,
    FAST_EFFORT,
    FAST_JITTER,
    FAST_RESTART,
    TIER_EFFORT,
    TIER_LEVELS,
    Scores,
    ValueWeights,
    average_score,
    default_quality,
    grid_entries,
    polish_floor,
    rank_key,
    score_counts,
    score_tiers,
    value_weights,
    weakest,
)
from puzzlewright.crossword.fill.request import FillRequest
from puzzlewright.crossword.fill.result import Fill, FillProgress, FillResult, SlotFailure, Status
from puzzlewright.crossword.fill.squares import Found, Part, SquareSearch, applies
from puzzlewright.crossword.fill.state import Outcome, Solution, State
from puzzlewright.crossword.fill.ties import crossing_options
from puzzlewright.crossword.grid import Grid
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon.crossword import SEARCH_SCORE_WEIGHT, is_crossword_list
from puzzlewright.stopping import StopSignal

if TYPE_CHECKING:  # the slot search (and its polish) is imported where a grid needs it: a
    # block-free grid goes to the square search, and a tiny fill's start-up is mostly imports
    from puzzlewright.crossword.fill.search import Search, Tuning

FAILED_SLOTS = 5
"""How many of the slots that failed most an unfillable or timed-out result names."""


def fill_grid(
    grid: Grid,
    words: WordList,
    *,
    min_score: int | None = None,
    seed: int = 0,
    stop: StopSignal | None = None,
    count: int = 1,
    max_shared_substring: int | None = None,
    region: Region = None,
    on_progress: Callable[[FillProgress], None] | None = None,
    tuning: Tuning | None = None,
    quality: bool | None = None,
    part: Part = (0, 1),
) -> FillResult:
    """Fill every empty cell of ``grid`` (or of ``region``) with words from ``words``: the
    keyword form of :func:`fill` for library callers (the options are
    :class:`~puzzlewright.crossword.fill.request.FillRequest`'s)."""
    request = FillRequest(
        grid,
        min_score=min_score,
        seed=seed,
        count=count,
        max_shared_substring=max_shared_substring,
        region=region,
        quality=quality,
    )
    return fill(request, words, stop=stop, on_progress=on_progress, tuning=tuning, part=part)


def fill(
    request: FillRequest,
    words: WordList,
    *,
    stop: StopSignal | None = None,
    on_progress: Callable[[FillProgress], None] | None = None,
    tuning: Tuning | None = None,
    part: Part = (0, 1),
) -> FillResult:
    """Fill every empty cell of the request's grid (or of its region) from ``words``.

    Letters and complete entries already in the grid are kept, even when the list lacks
    them (with a warning). No answer is used twice. ``count`` > 1 asks for that many
    different fills, best first. ``stop`` ends the search early with the best partial fill.
    ``tuning`` changes restarts and value ordering (portfolio members use it).
    ``quality`` tries score tiers first (better averages, several times slower on tight
    grids with frequency lists; see :func:`~puzzlewright.crossword.fill.quality.score_tiers`);
    ``False`` is the fast mode, one tier of every allowed word, and ``None`` chooses by
    grid and list (:func:`~puzzlewright.crossword.fill.quality.default_quality`): fast for
    barred grids with a frequency list, quality otherwise.
    A grid without blocks or bars goes to the double-word-square search (fill/squares.py),
    whose ``part`` is the share of the space to search (portfolio members split a proof);
    a small dense grid (every row and column one entry of 6 letters or more) to its
    extension to blocks at the ends of lines (fill/dense.py).
    Raises PuzzleInputError for a grid without entries or letters outside the alphabet.
    """
    started = time.monotonic()
    _check_plain(request)
    grid, region, count, seed = request.grid, request.region, request.count, request.seed
    max_shared_substring = request.max_shared_substring
    problem = build_problem(grid, words, request.min_score, region)
    report = _reporter(problem, on_progress, started)
    scores = candidate_scores(problem)
    quality = request.quality
    banded = is_crossword_list(words)
    if quality is None:
        quality = default_quality(scores, bool(grid.bars), banded)
    stop = stop or StopSignal()
    if applies(problem, region, max_shared_substring):
        outcome, grids = _fill_square(
            problem, scores, seed, stop, part, count, quality, report, banded
        )
    elif dense.applies(problem, region, max_shared_substring):  # a small dense grid
        outcome, grids = _fill_square(
            problem, scores, seed, stop, part, count, quality, report, banded, dense.DenseSearch
        )
    else:
        from puzzlewright.crossword.fill.letters import letters_mask
        from puzzlewright.crossword.fill.search import Search

        weights = list_weights(value_weights(scores, quality or count > 1), banded)
        search = Search(
            problem,
            value_weights=tuned(weights, tuning),
            seed=seed,
            max_shared_substring=max_shared_substring,
            stop=stop,
            progress=report,
            tuning=tuning,
            letters=letters_mask(problem, request.letters),
        )
        outcome, grids = _search_and_polish(
            search, scores, quality, count, seed, max_shared_substring
        )
    return make_result(problem, outcome, grids, stop, time.monotonic() - started)


def _check_plain(request: FillRequest) -> None:
    """Check ``request`` and refuse global constraints, which another driver fills."""
    request.check()
    if request.constraints is not None and request.constraints.active:
        raise PuzzleInputError(
            "a request with global constraints is filled by fill_constrained or fill_portfolio",
            parameters=("constraints",),
        )


def list_weights(weights: ValueWeights, banded: bool) -> ValueWeights:
    """``weights`` for the list in use: with the built-in crossword list (``banded``), its
    scores weigh :data:`~puzzlewright.lexicon.crossword.SEARCH_SCORE_WEIGHT` as much (all
    its scores from 50 up are clean fill; crossing options decide among them)."""
    if not banded:
        return weights
    return replace(
        weights,
        score=weights.score * SEARCH_SCORE_WEIGHT,
        score_jitter=weights.score_jitter * SEARCH_SCORE_WEIGHT,
    )


Reporter = Callable[[int, int, int, int], None]
"""Progress of a search: slots filled now, most filled so far, backtracks, restarts."""


def _reporter(
    problem: Problem, on_progress: Callable[[FillProgress], None] | None, started: float
) -> Reporter | None:
    """The search's progress calls turned into :class:`FillProgress` for ``on_progress``
    (cells counted with the givens), or None when nobody listens."""
    if on_progress is None:
        return None
    givens = len(problem.givens)
    total = givens + sum(var.required for var in problem.vars)

    def report(filled: int, best: int, backtracks: int, restarts: int) -> None:
        seconds = time.monotonic() - started
        on_progress(
            FillProgress(givens + filled, total, givens + best, backtracks, restarts, seconds)
        )

    return report


SQUARE_TIER_NODES = 50_000
"""Search nodes a double word square's score tier (all but the last) may take before the
next tier is tried (open 6x6 squares of Spread the Wordlist's 50s take 5,000-40,000)."""


def _fill_square(
    problem: Problem,
    scores: Scores,
    seed: int,
    stop: StopSignal,
    part: Part,
    count: int,
    quality: bool,
    report: Reporter | None,
    banded: bool = False,
    kind: type[SquareSearch] = SquareSearch,
) -> tuple[Outcome, list[Grid]]:
    """The double-word-square search's outcome and fills (a grid without blocks or bars;
    ``kind`` :class:`~puzzlewright.crossword.fill.dense.DenseSearch` for a small dense grid).

    A single fill in quality mode first searches the best score tiers alone, each for at
    most :data:`SQUARE_TIER_NODES` nodes (the exhaustive search keeps the first fill it
    meets, so without tiers a 3x3 could take THE/WIR/OSE); the last search, over every
    word, is the one whose "none" is a proof."""
    tiers = score_tiers(scores, quality=True) if quality and count == 1 else [None]
    weights = list_weights(value_weights(scores, quality=True), banded)  # as tuned
    progress = (lambda filled, best, back: report(filled, best, back, 0)) if report else None
    spent = Found([], [], [], -1)
    for floor in tiers:
        square = kind(
            problem,
            seed=seed,
            stop=stop,
            weights=weights,
            part=part,
            progress=progress,
            floor=floor,
            max_nodes=None if floor is None else SQUARE_TIER_NODES,
        )
        found = square.run(count)
        found.nodes += spent.nodes
        found.backtracks += spent.backtracks
        found.restarts += spent.restarts
        if found.fills or floor is None or stop.should_stop():
            break
        spent = found
    outcome = square.outcome(found)
    return outcome, [place_solution(problem, solution) for solution in outcome.solutions]


def _search_and_polish(
    search: Search,
    scores: Scores,
    quality: bool,
    count: int,
    seed: int,
    max_shared_substring: int | None,
) -> tuple[Outcome, list[Grid]]:
    """The slot search's outcome and fills; a single fill is then polished (its weakest
    entries replaced where the crossings allow, see :mod:`~puzzlewright.crossword.fill.polish`)."""
    from puzzlewright.crossword.fill.polish import (
        POLISH_EFFORT,
        POLISH_FAST_EFFORT,
        POLISH_FAST_RESTART,
        polish,
    )

    problem = search.problem
    slots = sum(var.required for var in problem.vars)
    outcome = run_modes(search, scores, quality, count, max(1, slots))
    grids = [place_solution(problem, solution) for solution in outcome.solutions]
    floor = polish_floor(scores)
    if count == 1 and grids and floor is not None:
        polished = polish(
            problem,
            grids[0],
            floor=floor,
            seed=seed,
            stop=search.stop,
            max_shared_substring=max_shared_substring,
            value_weights=search.value_weights,
            effort=POLISH_EFFORT if quality else POLISH_FAST_EFFORT,
            restart=0 if quality else POLISH_FAST_RESTART,
        )
        if search.letters is None or _holds(polished, search.letters.need, problem):
            grids[0] = polished  # (a polish that drops a required letter is not kept)
    return outcome, grids


def _holds(grid: Grid, need: int, problem: Problem) -> bool:
    """True when ``grid`` holds every letter of the letter-set mask ``need``."""
    letters = problem.words.alphabet.letters
    present = {cell for row in grid.cells for cell in row if cell}
    return all(letters[i] in present for i in range(len(letters)) if need >> i & 1)


def run_modes(search: Search, scores: Scores, quality: bool, count: int, slots: int) -> Outcome:
    """Run the search in fast mode, then (when that mode differs and its budget ran out)
    in quality mode, on the same network: its learned failure weights carry over.

    Fast mode (one tier, crossing options weighed more: see
    :func:`~puzzlewright.crossword.fill.quality.score_tiers`) gets :data:`FAST_EFFORT`
    dead ends per slot, restarting after Luby's sequence times :data:`FAST_RESTART` dead
    ends per slot (short runs, the learned failure weights kept: a seed whose first
    choices lead into a hard corner gets out of it soon). Grids it cannot fill at once
    (open 15x15 themelesses with a frequency list) go on as before, by score tiers.
    With a frequency list on a grid of fewer than ``CANDIDATE_SLOTS`` slots the fast mode's
    random tie-breaks weigh :data:`FAST_JITTER` times more (its short runs need to differ
    to get out of a corner; on 15x15s it was mixed, so they keep the plain ones).
    Single fills only: several fills are searched in quality mode.
    """
    from puzzlewright.crossword.fill.search import CANDIDATE_SLOTS, CANDIDATES

    effort = TIER_EFFORT * slots
    thorough = score_tiers(scores, quality=True)
    tiers = score_tiers(scores, quality=quality or count > 1)
    final_luby = search.tuning.final_luby * slots
    if tiers == thorough:
        return search.run(count, tiers, effort, final_luby=final_luby)
    weights, candidates = search.value_weights, search.candidates
    if len(score_counts(scores)) > TIER_LEVELS and slots < CANDIDATE_SLOTS:
        # a frequency list on a small grid: livelier tie-breaks (see FAST_JITTER), fewer
        # candidates weighed (FAST_CANDIDATES)
        search.value_weights = replace(
            weights,
            jitter=weights.jitter * FAST_JITTER,
            score_jitter=weights.score_jitter * FAST_JITTER,
        )
        search.candidates = min(
            candidates, FAST_CANDIDATES * search.tuning.candidates // CANDIDATES
        )
    outcome = search.run(
        count, tiers, final_effort=FAST_EFFORT * slots, luby_unit=FAST_RESTART * slots
    )
    search.candidates = candidates
    if outcome.status != "timeout" or search.stop.should_stop():
        return outcome
    # back to quality mode's weight on crossing options (frequency lists: 1/2 of fast's)
    # and to the plain tie-breaks
    factor = value_weights(scores, quality=True).options / value_weights(scores).options
    search.value_weights = replace(weights, options=weights.options * factor)
    return search.run(count, thorough, effort, final_luby=final_luby)


def tuned(weights: ValueWeights, tuning: Tuning | None) -> ValueWeights:
    """The value weights with a tuning's factors applied."""
    if tuning is None:
        return weights
    return replace(
        weights,
        options=weights.options * tuning.options,
        jitter=weights.jitter * tuning.jitter,
        score_jitter=weights.score_jitter * tuning.jitter,
    )


def candidate_scores(problem: Problem) -> dict[int, int]:
    """How many of the words the slots to fill could take score each value (a word of a
    length counts once however many slots have that length)."""
    counts: dict[int, int] = {}
    for table in {id(var.table): var.table for var in problem.vars if var.required}.values():
        for score, many in table.score_runs():
            counts[score] = counts.get(score, 0) + many
    return counts


def partial_solution(problem: Problem, state: State) -> Solution:
    """The words of the variables committed in ``state`` (-1 for the others)."""
    return tuple(
        state.dom[v].bit_length() - 1 if state.done[v] else -1 for v in range(len(problem.vars))
    )


def make_fill(problem: Problem, grid: Grid) -> Fill:
    """A fill with its entries and quality figures."""
    return describe_fill(grid, problem.words, {entry.slot.key for entry in problem.givens})


def describe_fill(grid: Grid, words: WordList, given: Collection[str] = ()) -> Fill:
    """A complete ``grid`` as a fill of ``words``: its entries and quality figures (the
    entries in ``given`` were there before, not chosen), as :func:`fill` reports one."""
    entries = grid_entries(grid, words, given)
    options = crossing_options(grid, words)
    return Fill(grid, entries, average_score(entries), weakest(entries, options=options))


def make_result(
    problem: Problem,
    outcome: Outcome,
    grids: list[Grid],
    stop: StopSignal | None,
    seconds: float,
) -> FillResult:
    """Turn the search outcome and its fills into a FillResult, fills ranked best first."""
    fills = [make_fill(problem, grid) for grid in grids]
    fills.sort(key=lambda fill: rank_key(fill.entries))
    status: Status = "filled" if fills else "unfillable"
    if outcome.status == "timeout":
        status = "timeout"
    if fills:
        best = fills[0]
    else:
        best = make_fill(problem, place_solution(problem, partial_solution(problem, outcome.best)))
    failed = sorted(
        (
            SlotFailure(var.slot.key, var.pattern, count)
            for var, count in zip(problem.vars, outcome.failures, strict=True)
            if count
        ),
        key=lambda failure: -failure.failures,
    )[:FAILED_SLOTS]
    return FillResult(
        status=status,
        grid=best.grid,
        entries=best.entries,
        average_score=best.average_score,
        weakest=best.weakest,
        seconds=round(seconds, 3),
        fills=[fill.grid for fill in fills],
        ranked=fills,
        failed_slots=[] if status == "filled" else failed,
        warnings=list(problem.warnings),
        stop_reason=(stop.reason if stop is not None else None) if status == "timeout" else None,
        nodes=outcome.nodes,
        backtracks=outcome.backtracks,
        restarts=outcome.restarts,
    )
