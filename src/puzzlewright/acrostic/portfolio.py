"""The acrostic search on several processes: a portfolio of differently seeded searches.

Two rounds of ``jobs`` searches on a pool of spawned processes, at most one per usable CPU
(:func:`puzzlewright.workers.spawn_pool`, the same pool ``cryptarithm find --jobs`` uses):

1. **First set.** Worker ``w`` searches for an exact set from its own random start (seed
   ``"{seed}/{w}"``; worker 0 uses ``seed`` itself). The winner is the set found in the fewest
   steps (ties: the lower worker); a worker stops as soon as its step count passes a found
   set's, since it can no longer win. Steps, not seconds, decide, so the winner does not
   depend on which process the machine happened to run faster.
2. **Improvement.** Every worker improves the winner's set with its own seed and the full
   ``--improve`` effort (and finds further sets for ``--count``); the distinct sets of all
   workers are ranked by value, ties in worker order.

So the same seed and the same ``jobs`` give the same answers on any machine and however
many processes run the searches, unless the time limit or Ctrl-C cut a round short; then
the best set found so far is returned. Starting the processes counts against the time
limit, and a stopped round waits at most :data:`puzzlewright.workers.STOP_GRACE` seconds
for its workers.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from puzzlewright.acrostic.prices import Prices
from puzzlewright.acrostic.solver import Search, SearchResult, SearchStats, Tuning
from puzzlewright.acrostic.tables import HashArray, IntArray, WordTable
from puzzlewright.stopping import NEVER, StopSignal

NOT_FOUND = 2**62  # the shared "fewest steps to a first set" before any worker found one


@dataclass(frozen=True)
class SearchSetup:
    """Everything a :class:`Search` is built from (picklable: shipped once to each worker)."""

    tables: list[WordTable]
    target: IntArray
    hashes: HashArray
    spread: float
    goal: float
    tuning: Tuning | None
    fixed_words: list[str]
    prices: Prices | None = None

    def make(self, seed: int | str, stop: StopSignal = NEVER) -> Search:
        """A fresh search over these tables with its own random stream."""
        return Search(
            self.tables,
            self.target,
            self.hashes,
            self.spread,
            self.goal,
            random.Random(seed),
            stop,
            self.tuning,
            fixed_words=self.fixed_words,
            prices=self.prices,
        )


def worker_seed(seed: int, worker: int, round_name: str = "") -> int | str:
    """The seed of one worker in one round (worker 0 of the first round: ``seed`` itself)."""
    return seed if worker == 0 and not round_name else f"{seed}/{worker}{round_name}"


@dataclass
class FirstSet:
    """What round 1 of one worker found: an exact set and its step count, or its closest set."""

    worker: int
    steps: int
    state: list[int] | None
    closest: list[str]
    off: list[int]
    stats: SearchStats = field(default_factory=SearchStats)
    learned: tuple[list[float], float] = ([], 0.0)  # letter weights and quality weight


@dataclass
class _Cap:
    """A fixed step cap, read as ``.value`` like the shared fewest steps of round 1."""

    value: int


class _WorkerStop(StopSignal):
    """Stops a worker when the parent sets ``event`` (time limit or Ctrl-C) or when its
    steps pass ``best``: in round 1 the fewest steps another worker needed for a first set
    (at first the step budget, ``max_steps``), in round 2 the step budget."""

    def __init__(self, event: Any, best: Any = None, search: Search | None = None) -> None:
        super().__init__()
        self.event = event
        self.best = best
        self.search = search

    def should_stop(self) -> bool:
        if self.reason is None and (
            self.event.is_set()
            or (self.search is not None and self.search.stats.steps > self.best.value)
        ):
            self.reason = "timeout"  # the parent reports the true reason
        return self.reason is not None


_SETUP: SearchSetup | None = None
_SEED = 0
_EVENT: Any = None
_BEST: Any = None
_CAP = _Cap(NOT_FOUND)


def _install(seed: int, event: Any, best: Any, cap: int, setup: SearchSetup) -> None:
    """Pool initializer: the search's tables, the seed, the shared stop flags, the cap."""
    global _SETUP, _SEED, _EVENT, _BEST, _CAP
    _SETUP, _SEED, _EVENT, _BEST, _CAP = setup, seed, event, best, _Cap(cap)


def first_set(worker: int) -> FirstSet:
    """Round 1 in a worker: search for an exact set until it is found or cannot win."""
    assert _SETUP is not None, "pool worker started without a setup"
    stop = _WorkerStop(_EVENT, _BEST)
    search = _SETUP.make(worker_seed(_SEED, worker), stop)
    stop.search = search
    search._random_start()
    search.best_off = search.off_count()
    search.best_state = list(search.choice)
    if search._find(None):
        steps = search.stats.steps
        with _BEST.get_lock():
            _BEST.value = min(_BEST.value, steps)
        learned = (search.weights.tolist(), search.quality_weight)
        return FirstSet(worker, steps, list(search.choice), [], [], search.stats, learned)
    search._set_all(search.best_state)
    off = [int(x) for x in search.off]
    return FirstSet(worker, search.stats.steps, None, search.words(), off, search.stats)


def improve_set(winner: FirstSet, worker: int, count: int, improve: float | None) -> SearchResult:
    """Round 2 in a worker: improve the winner's set (and find more sets for ``count``),
    starting from the letter weights and quality weight its search had learned."""
    assert _SETUP is not None and winner.state is not None, "no setup or no set to improve"
    stop = _WorkerStop(_EVENT, _CAP)
    search = stop.search = _SETUP.make(worker_seed(_SEED, worker, "/improve"), stop)
    weights, quality_weight = winner.learned
    search.weights[:] = weights
    search.quality_weight = quality_weight
    search._set_floor(None)
    return search.run(count=count, improve=improve, start=winner.state)


def run_portfolio(
    setup: SearchSetup,
    jobs: int,
    seed: int,
    count: int,
    improve: float | None,
    stop: StopSignal = NEVER,
    max_steps: int | None = None,
) -> SearchResult:
    """The search of :meth:`Search.run` as a portfolio of ``jobs`` searches (see above) on
    at most one process per usable CPU (:func:`puzzlewright.workers.process_count`); each
    worker's round ends after ``max_steps`` steps (None: no cap; ``stop_reason`` ``steps``
    when the cap ended the search)."""
    from puzzlewright.workers import end_pool, process_count, spawn_pool

    cap = NOT_FOUND if max_steps is None else max_steps
    context = multiprocessing.get_context("spawn")
    event = context.Event()
    best = context.Value("q", cap)
    pool = spawn_pool(process_count(jobs), _install, (seed, event, best, cap), (setup,))
    try:
        return _rounds(pool, setup, jobs, seed, count, improve, stop, event)
    finally:
        event.set()
        end_pool(pool, stopped=stop.reason is not None)


def _rounds(
    pool: Any,
    setup: SearchSetup,
    jobs: int,
    seed: int,
    count: int,
    improve: float | None,
    stop: StopSignal,
    event: Any,
) -> SearchResult:
    """Round 1 (the first set with the fewest steps), then round 2 (every worker improves
    it); a round the time limit or Ctrl-C cut short keeps what its workers reported."""
    from puzzlewright.workers import gather, submit_all

    stats = SearchStats()
    calls = [(w,) for w in range(jobs)]
    firsts: list[FirstSet] = [
        first
        for first in gather(submit_all(pool, first_set, calls, stop), stop, event.set)
        if first is not None
    ]
    for first in firsts:
        stats.add(first.stats)
    found = [first for first in firsts if first.state is not None]
    if not found:
        return _closest(setup, seed, firsts, stop, stats)
    winner = min(found, key=lambda f: (f.steps, f.worker))
    assert winner.state is not None
    if stop.should_stop():
        words = setup.make(seed).words(winner.state)
        return SearchResult([words], words, [0] * len(setup.target), stop.reason, stats)
    again = [(winner, w, count, improve) for w in range(jobs)]
    improved = gather(submit_all(pool, improve_set, again, stop), stop, event.set)
    results: list[SearchResult] = [result for result in improved if result is not None]
    if not results:  # stopped before any worker reported: the winner's set as it was
        words = setup.make(seed).words(winner.state)
        return SearchResult([words], words, [0] * len(setup.target), stop.reason, stats)
    merged = merge_results(results, count, stop, stats)
    if stop.reason is None and any(result.stop_reason for result in results):
        merged.stop_reason = "steps"  # a worker spent its step budget
    return merged


def _closest(
    setup: SearchSetup, seed: int, firsts: list[FirstSet], stop: StopSignal, stats: SearchStats
) -> SearchResult:
    """No exact set: the closest one a worker reported, or (when the run stopped before
    any did) the random start of ``seed`` as the partial set."""
    if not firsts:
        start = setup.make(seed, stop).run()  # stop has fired: the start, at once
        return replace(start, stats=stats)
    closest = min(firsts, key=lambda f: (int(np.abs(f.off).sum()), f.worker))
    reason = stop.reason or "steps"  # not stopped: every worker spent its step budget
    return SearchResult([], closest.closest, closest.off, reason, stats)


def merge_results(
    results: Sequence[SearchResult], count: int, stop: StopSignal, stats: SearchStats
) -> SearchResult:
    """The ``count`` best distinct sets of all workers or tries (ties: the lower first)."""
    ranked: dict[frozenset[str], tuple[float, list[str]]] = {}
    for result in results:
        stats.add(result.stats)
        for value, words in zip(result.values, result.solutions, strict=True):
            ranked.setdefault(frozenset(words), (value, words))
    order = sorted(ranked.values(), key=lambda item: item[0], reverse=True)[:count]
    best = order[0][1]
    return SearchResult(
        [words for _, words in order],
        best,
        [0] * len(results[0].off),
        stop.reason,  # set only when the time limit or Ctrl-C cut a round short
        stats,
        [value for value, _ in order],
    )
