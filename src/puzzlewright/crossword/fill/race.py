"""The portfolio's race: members, their stop signal, the executors, and the answer chosen.

Portfolio fill: differently seeded and tuned searches race on N processes or a Dask cluster.

Member 0 is exactly the single-process search for the seed; member ``k`` > 0 has its own
seed and :class:`Tuning` (restart cutoffs, value ordering). Each member counts its *work*:
how often it polled its stop signal, once per 16 search nodes and a few times per tier and
polish step, a deterministic function of its seed and tuning. The member that finishes
(a fill, or a proof that none exists) with the least work wins, ties to the lower index.
When one finishes, the others learn its work as a bound and stop once they pass it: a
member that could still win with less work is never stopped. So the answer is the same
for the same seed and ``jobs`` whatever the machine, the load or the executor (processes
or Dask), unless the time limit or Ctrl-C ends the race first (then the deepest partial
fill is returned). Wall time is that of the winner plus start-up, about 0.3 s per process.
The members run on at most one local process per usable CPU (``workers.process_count``):
process ``p`` runs members ``p``, ``p + P``, ... in turn, which changes when a member runs,
never which one wins. The processes start inside the time limit, and a stopped race ends
them after ``workers.STOP_GRACE`` seconds; on Dask, as many members are in flight as the
cluster has worker processes.

A grid without blocks or bars (a double word square) is not raced but split: its search
(fill/squares.py) is exhaustive, so member ``k`` searches share ``k`` of the space and a
proof that no fill exists needs every share. A member's fill still wins by least work.

With ``count`` > 1 the fills are spread: each member looks for ``ceil(count / jobs)``
fills, all members run to the end, and the distinct fills are ranked together.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from math import ceil
from typing import Any

from puzzlewright.crossword.fill import run as fill_run
from puzzlewright.crossword.fill.problem import build_problem
from puzzlewright.crossword.fill.quality import rank_key
from puzzlewright.crossword.fill.request import FillRequest
from puzzlewright.crossword.fill.result import FillResult
from puzzlewright.crossword.fill.search import Tuning
from puzzlewright.crossword.fill.squares import applies
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import StopSignal, clock
from puzzlewright.workers import (
    POLL,
    STOP_GRACE,
    ctrl_c_blocked,
    dask_client,
    end_processes,
    import_distributed,
    process_count,
    ship,
    worker_processes,
)

MEMBER_TUNINGS = (
    Tuning(),
    Tuning(first_cutoff=100, jitter=4.0, final_luby=0),
    Tuning(first_cutoff=400, options=1.5),
    Tuning(first_cutoff=60, cutoff_growth=1.3, jitter=2.0, options=0.7),
)
"""Member ``k`` uses tuning ``k % 4``: the default, then more diverse restart schedules and
value orderings (a portfolio pays off when its members fail on different grids). Member 1
keeps the geometric cutoffs in the last tier where the others restart on Luby's sequence,
so ``--jobs 2`` races both schedules."""

SEED_STEP = 1_000_003
"""Member ``k`` searches with seed ``seed + k * SEED_STEP``."""

NO_BOUND = 1 << 62
"""The work bound before any member has finished."""

ABORT = -1
"""The bound that stops every member at once (time limit or Ctrl-C in the coordinator)."""

DASK_POLL = 0.2
"""Seconds between reads of the shared bound on a Dask worker (a network round trip)."""


@dataclass(frozen=True)
class Member:
    """One search of the portfolio."""

    index: int
    seed: int
    tuning: Tuning
    count: int


@dataclass(frozen=True)
class Race:
    """How the members of one portfolio run (the request itself travels beside it)."""

    timeout: float | None
    race: bool  # stop members that can no longer win (single fills only)
    parts: int = 0  # > 0: the members split one exhaustive search into this many shares


@dataclass(frozen=True)
class MemberResult:
    """What a member sends back: its work, and its result."""

    index: int
    work: int
    result: FillResult
    parted: bool = False  # searched a share of the space (its "unfillable" proves no more)

    @property
    def finished(self) -> bool:
        """A fill or a proof (not stopped by time, Ctrl-C or the race)."""
        if self.parted:
            return self.result.status == "filled"
        return self.result.status != "timeout"


def members(seed: int, jobs: int, count: int = 1) -> list[Member]:
    """The portfolio for ``seed`` on ``jobs`` workers."""
    per = ceil(count / jobs)
    return [
        Member(k, seed + k * SEED_STEP, MEMBER_TUNINGS[k % len(MEMBER_TUNINGS)], per)
        for k in range(jobs)
    ]


class RaceStop(StopSignal):
    """A member's stop signal: its time limit, plus the race's shared work bound.

    ``read_bound`` returns the least work of a finished member (or :data:`ABORT`); it is
    read at most every ``poll`` seconds, and a stale (higher) bound only lets the member
    run a little longer, so the winner never depends on timing.
    """

    def __init__(
        self, timeout: float | None, read_bound: Callable[[], int], poll: float = 0.0
    ) -> None:
        super().__init__(timeout)
        self.work = 0
        self.read_bound = read_bound
        self.poll = poll
        self.bound = NO_BOUND
        self.next_read = 0.0
        self.outrun = False

    def should_stop(self) -> bool:
        """Count the call; stop on time, on abort, or once past the bound."""
        self.work += 1
        if super().should_stop():
            return True
        if self.poll <= 0.0 or time.monotonic() >= self.next_read:
            self.bound = self.read_bound()
            self.next_read = time.monotonic() + self.poll
        if self.bound == ABORT:
            self.interrupted = True
            return super().should_stop()
        if self.work > self.bound:
            self.outrun = True  # another member finished with less work: this one lost
            self.reason = "interrupted"
            return True
        return False


def run_member(
    request: FillRequest,
    race: Race,
    member: Member,
    words: WordList,
    read_bound: Callable[[], int],
    poll: float,
) -> MemberResult:
    """Run one member's fill of ``request`` (with the member's seed and count) under a
    :class:`RaceStop`."""
    stop = RaceStop(race.timeout, read_bound if race.race else lambda: NO_BOUND, poll)
    result = fill_run.fill(
        replace(request, seed=member.seed, count=member.count),
        words,
        stop=stop,
        tuning=member.tuning,
        part=(member.index, race.parts) if race.parts else (0, 1),
    )
    return MemberResult(member.index, stop.work, result, race.parts > 0)


# -- choosing the answer ---------------------------------------------------------------------
def winner(results: list[MemberResult]) -> MemberResult:
    """The finished member with the least work (ties: lower index); when none finished,
    the deepest partial fill."""
    finished = [r for r in results if r.finished]
    if finished:
        return min(finished, key=lambda r: (r.work, r.index))
    if all(r.parted and r.result.status == "unfillable" for r in results):
        return joint_proof(results)
    stopped = [r for r in results if r.result.status == "timeout"] or results
    return max(stopped, key=lambda r: (filled_entries(r.result), -r.index))


def joint_proof(results: list[MemberResult]) -> MemberResult:
    """Every share of a split search is exhausted: the grid is unfillable."""
    first = min(results, key=lambda r: r.index)
    result = replace(
        first.result,
        nodes=sum(r.result.nodes for r in results),
        backtracks=sum(r.result.backtracks for r in results),
    )
    return MemberResult(first.index, sum(r.work for r in results), result, True)


def filled_entries(result: FillResult) -> int:
    """How many entries of a (partial) fill are complete."""
    return sum("?" not in entry.answer for entry in result.entries)


def merged(results: list[MemberResult], count: int) -> FillResult:
    """The distinct fills of every member, ranked together, at most ``count``."""
    best = winner(results)
    seen: set[tuple[str, ...]] = set()
    ranked = []
    for member in sorted(results, key=lambda r: r.index):
        for fill in member.result.ranked:
            key = tuple(fill.grid.rows_text())
            if key not in seen:
                seen.add(key)
                ranked.append(fill)
    ranked.sort(key=lambda fill: rank_key(fill.entries))
    ranked = ranked[:count]
    if not ranked:
        return best.result
    top = ranked[0]
    return replace(
        best.result,
        status="filled",
        grid=top.grid,
        entries=top.entries,
        average_score=top.average_score,
        weakest=top.weakest,
        fills=[fill.grid for fill in ranked],
        ranked=ranked,
        failed_slots=[],
    )


# -- executors -------------------------------------------------------------------------------
Results = Iterator[MemberResult]
"""Member results in the order they finish."""


def _process_main(
    request: FillRequest, race: Race, team: list[Member], parcel: Any, bound: Any, queue: Any
) -> None:
    """A worker process: take its copy of the word list from ``parcel`` (shipped after the
    process is up, see :func:`puzzlewright.workers.ship`), run its members one after
    another (until the race is aborted), then say it is done. Ctrl-C is the coordinator's
    to handle (it aborts the race)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        (words,) = parcel.get()
        for member in team:
            if int(bound.value) == ABORT:
                break
            queue.put(run_member(request, race, member, words, lambda: int(bound.value), 0.0))
        queue.put(DONE)
    except BaseException as exc:  # reported by the coordinator
        queue.put(f"{type(exc).__name__}: {exc}")


DONE = "done"
"""What a worker process sends after its last member."""


def race_processes(
    request: FillRequest,
    race: Race,
    team: list[Member],
    words: WordList,
    stop: StopSignal,
    processes: int,
) -> list[MemberResult]:
    """Run the members on ``processes`` local processes (spawned: no state shared by
    accident); process ``p`` runs members ``p``, ``p + processes``, ... in turn, so the
    winner is the same however many processes run them (see the module docstring)."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    bound = context.RawValue("q", NO_BOUND)
    queue = context.Queue()
    parcel = ship(context, (words,), processes)  # megabytes: not written by start()
    workers = [
        context.Process(
            target=_process_main,
            args=(request, race, team[p::processes], parcel, bound, queue),
            daemon=True,
        )
        for p in range(processes)
    ]
    started: list[Any] = []
    try:
        for process in workers:
            if stop.should_stop():  # starting a process takes a while: look before each
                break
            with ctrl_c_blocked():
                process.start()
            started.append(process)
        return _collect(race, queue, bound, started, stop)
    finally:
        bound.value = ABORT
        end_processes(started, STOP_GRACE if stop.reason is None else 0.1)


def _collect(
    race: Race, queue: Any, bound: Any, started: list[Any], stop: StopSignal
) -> list[MemberResult]:
    """The members' results as the ``started`` processes send them, the race's bound kept
    up to date; once ``stop`` fires the race is aborted and the workers get
    :data:`~puzzlewright.workers.STOP_GRACE` seconds to send their partial fills."""
    from queue import Empty

    results: list[MemberResult] = []
    done = 0
    cutoff = clock() + STOP_GRACE if stop.should_stop() else None
    while done < len(started) and (cutoff is None or clock() < cutoff):
        if cutoff is None and stop.should_stop():
            bound.value = ABORT
            cutoff = clock() + STOP_GRACE
        try:
            message = queue.get(timeout=0.05)
        except Empty:
            if not any(p.is_alive() for p in started) and queue.empty():
                if cutoff is not None:
                    break
                raise RuntimeError("a fill worker process died without a result") from None
            continue
        if message == DONE:
            done += 1
        elif isinstance(message, str):
            raise RuntimeError(f"a fill worker failed: {message}")
        else:
            results.append(message)
            if message.finished and race.race and bound.value != ABORT:
                bound.value = min(int(bound.value), message.work)
    return results


def _dask_member(
    request: FillRequest, race: Race, member: Member, words: WordList, variable_name: str
) -> MemberResult:
    """A member as a Dask task: the bound lives in a ``distributed.Variable``."""
    distributed = import_distributed()
    variable = distributed.Variable(variable_name, client=distributed.get_client())

    def read_bound() -> int:
        try:
            return int(variable.get(timeout=1))
        except (TimeoutError, OSError):
            return NO_BOUND

    return run_member(request, race, member, words, read_bound, DASK_POLL)


def race_dask(
    request: FillRequest,
    race: Race,
    team: list[Member],
    words: WordList,
    stop: StopSignal,
    address: str | None = None,
    client: Any = None,
) -> list[MemberResult]:
    """Run the members as tasks on the Dask scheduler at ``address`` (or ``client``)."""
    distributed = import_distributed()
    with dask_client(address, client) as active:
        name = f"puzzlewright-fill-{id(request)}-{time.monotonic_ns()}"
        variable = distributed.Variable(name, client=active)
        variable.set(NO_BOUND)
        try:
            shared = active.scatter(words, broadcast=True)
            coordinator = _DaskRace(active, variable, request, race, [])
            return coordinator.run(team, shared, name, stop)
        finally:
            variable.set(ABORT)


@dataclass
class _DaskRace:
    """The coordinator of a race on Dask: as many members in flight as the cluster has
    worker processes (a worker's threads share one interpreter lock), the next submitted
    as one finishes; the least work of a finished member published as the bound."""

    client: Any
    variable: Any
    request: FillRequest
    race: Race
    results: list[MemberResult]
    bound: int = NO_BOUND

    def run(
        self, team: list[Member], shared: Any, name: str, stop: StopSignal
    ) -> list[MemberResult]:
        """Submit the members, collect their results; abort on ``stop`` (with a grace)."""
        distributed = import_distributed()
        width = worker_processes(self.client)
        submitted = [self._submit(m, shared, name) for m in team[:width]]
        waiting = iter(team[width:])
        pending = distributed.as_completed(submitted)
        cutoff: float | None = None
        while not pending.is_empty() and (cutoff is None or clock() < cutoff):
            if cutoff is None and stop.should_stop():
                self._publish(ABORT)
                cutoff = clock() + STOP_GRACE
            if not pending.has_ready():
                time.sleep(POLL)
                continue
            for future in pending.next_batch(block=False):
                self._record(future.result())
                member = next(waiting, None) if cutoff is None else None
                if member is not None:
                    submitted.append(self._submit(member, shared, name))
                    pending.add(submitted[-1])
        self.client.cancel([future for future in submitted if not future.done()])
        return self.results

    def _submit(self, member: Member, shared: Any, name: str) -> Any:
        return self.client.submit(
            _dask_member, self.request, self.race, member, shared, name, pure=False
        )

    def _publish(self, bound: int) -> None:
        self.bound = bound
        self.variable.set(bound)

    def _record(self, found: MemberResult) -> None:
        self.results.append(found)
        if found.finished and self.race.race and self.bound != ABORT and found.work < self.bound:
            self._publish(found.work)


# -- one race --------------------------------------------------------------------------------
def race_portfolio(
    request: FillRequest,
    words: WordList,
    jobs: int,
    scheduler: str | None,
    client: Any,
    stop: StopSignal,
) -> FillResult:
    """Race ``jobs`` members on ``request`` (checked by the caller) on local processes or
    on Dask, and choose the answer (see the module docstring)."""
    started = clock()
    problem = build_problem(request.grid, words, request.min_score, request.region)  # bad input
    split = applies(problem, request.region, request.max_shared_substring)
    race = Race(stop.remaining(), request.count == 1, jobs if split else 0)
    team = members(request.seed, jobs, request.count)
    if scheduler is not None or client is not None:
        results = race_dask(request, race, team, words, stop, scheduler, client)
    else:
        results = race_processes(request, race, team, words, stop, process_count(jobs))
    if not results:  # stopped while every worker was still starting
        answer = fill_run.fill(request, words, stop=stop)  # stop has fired: returns at once
        return replace(answer, seconds=round(clock() - started, 3))
    answer = merged(results, request.count) if request.count > 1 else winner(results).result
    if answer.status == "timeout" and stop.reason is not None:
        answer = replace(answer, stop_reason=stop.reason)  # the time limit aborted the members
    return replace(answer, seconds=round(clock() - started, 3))
