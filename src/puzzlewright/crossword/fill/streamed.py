"""Several fills as a constructor waits for them: one fill at once, then the ranked set.

A request for ``count`` > 1 fills searches in quality mode (score tiers) until it has them
all, which on a themeless 15x15 with the built-in crossword list takes 5-20 times as long
as the single fill ``crossword fill`` makes (fast mode for that list, then polished). A
person pressing Autofill wants something to look at first: :func:`fill_first` finds that
single fill, hands it over, and only then searches for the ranked ``count``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from puzzlewright.crossword.fill.quality import rank_key
from puzzlewright.crossword.fill.request import FillRequest
from puzzlewright.crossword.fill.result import FillProgress, FillResult
from puzzlewright.crossword.fill.run import fill
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import StopSignal


def fill_first(
    request: FillRequest,
    words: WordList,
    *,
    on_first: Callable[[FillResult], None],
    stop: StopSignal | None = None,
    on_progress: Callable[[FillProgress], None] | None = None,
) -> FillResult:
    """:func:`~puzzlewright.crossword.fill.run.fill` of ``request``, with the first fill
    passed to ``on_first`` as soon as it exists.

    With ``count`` > 1, first one fill as ``count=1`` makes it (the list's own mode,
    polished); when there is none (a proof, or ``stop`` fired) that is the answer. Then the
    ranked ``count`` fills, the first one ranked with them (:func:`merged`): a ranked
    search that ``stop`` cuts short still returns the fill the person has seen, and
    that fill stays unless ``count`` better ones were found. With ``count`` 1, the one
    search, its fill passed on too."""
    stop = stop or StopSignal()
    first = fill(replace(request, count=1), words, stop=stop, on_progress=on_progress)
    if first.status == "filled":
        on_first(first)
    if request.count == 1 or first.status != "filled" or stop.should_stop():
        return first
    ranked = fill(request, words, stop=stop, on_progress=on_progress)
    return merged(ranked, first, request.count)


def merged(ranked: FillResult, first: FillResult, count: int) -> FillResult:
    """``ranked``'s fills with ``first``'s fill among them (when it is not already), best
    first, at most ``count``; the best one described at the top, the work of both counted."""
    seen = {tuple(fill.grid.rows_text()) for fill in ranked.ranked}
    fills = list(ranked.ranked)
    fills += [fill for fill in first.ranked if tuple(fill.grid.rows_text()) not in seen]
    fills = sorted(fills, key=lambda fill: rank_key(fill.entries))[:count]
    best = fills[0]
    return replace(
        ranked,
        status="filled" if ranked.status == "unfillable" else ranked.status,
        grid=best.grid,
        entries=best.entries,
        average_score=best.average_score,
        weakest=best.weakest,
        seconds=round(first.seconds + ranked.seconds, 3),
        fills=[fill.grid for fill in fills],
        ranked=fills,
        failed_slots=[],
        nodes=first.nodes + ranked.nodes,
        backtracks=first.backtracks + ranked.backtracks,
        restarts=first.restarts + ranked.restarts,
    )
