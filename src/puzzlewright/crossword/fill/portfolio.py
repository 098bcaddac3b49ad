"""Portfolio fill: differently seeded and tuned searches race on N processes or a Dask cluster.

This module is the entry point, cheap to import: one search (``jobs=1``, no scheduler) is
:func:`~puzzlewright.crossword.fill.run.fill` itself, and only a race loads its machinery
(processes, Dask, members: :mod:`puzzlewright.crossword.fill.race`, whose docstring tells how
the winner is chosen so that the answer is the same for the same seed on any machine).
Global constraints wrap the fill in their outer loop (:mod:`.constrained`), each fill a race.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from puzzlewright.crossword.fill import run as fill_run
from puzzlewright.crossword.fill.request import FillRequest
from puzzlewright.crossword.fill.result import FillProgress, FillResult
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import NEVER, StopSignal
from puzzlewright.workers import check_jobs, check_scheduler


# -- the entry point -------------------------------------------------------------------------
def fill_portfolio(
    request: FillRequest,
    words: WordList,
    *,
    jobs: int = 2,
    scheduler: str | None = None,
    client: Any = None,
    stop: StopSignal = NEVER,
    on_progress: Callable[[FillProgress], None] | None = None,
) -> FillResult:
    """Fill ``request`` with a portfolio of ``jobs`` searches (how they race: :mod:`.race`).

    Runs on local processes, or on the Dask scheduler at ``scheduler`` (tcp://HOST:PORT)
    or an open ``distributed.Client``. ``jobs=1`` without a scheduler is :func:`fill`
    (the only case that reports ``on_progress``).
    """
    if request.constraints is not None and request.constraints.active:
        return _constrained(request, words, jobs, scheduler, client, stop, on_progress)
    check_jobs(jobs)
    request.check()
    check_scheduler(scheduler)
    if jobs == 1 and scheduler is None and client is None:
        return fill_run.fill(request, words, stop=stop, on_progress=on_progress)
    from puzzlewright.crossword.fill.race import race_portfolio  # only a race loads it

    return race_portfolio(request, words, jobs, scheduler, client, stop)


def _constrained(
    request: FillRequest,
    words: WordList,
    jobs: int,
    scheduler: str | None,
    client: Any,
    stop: StopSignal,
    on_progress: Callable[[FillProgress], None] | None,
) -> FillResult:
    """A request with global constraints: their outer loop, each fill a portfolio race."""
    # imported here: a plain fill (the usual case) does not load the constraint modules
    from puzzlewright.crossword.fill.constrained import fill_constrained

    def race(plain: FillRequest, listing: WordList, signal: StopSignal) -> FillResult:
        return fill_portfolio(
            plain,
            listing,
            jobs=jobs,
            scheduler=scheduler,
            client=client,
            stop=signal,
            on_progress=on_progress,
        )

    return fill_constrained(request, words, stop=stop, filler=race)
