"""Where parallel work runs: local processes spawned for it, or a Dask cluster.

Shared by the crossword fill portfolio, ``cryptarithm find`` and the acrostic portfolio, so
the three check a scheduler address and a number of jobs, report a missing Dask, reach a
cluster and start, stop and wait for a pool of processes in one way.

``jobs`` is how many searches (portfolio members, shards in flight) a run has; it decides
the answer, so it never depends on the machine. The processes that run them are capped at
the usable CPUs (:func:`process_count`): pure-Python searches gain nothing from more, and
every extra process costs start-up time and memory. Starting a process counts against the
time limit: the parent looks at its :class:`~puzzlewright.stopping.StopSignal` before each
start, and when the signal fires the workers get :data:`STOP_GRACE` seconds to report
before the ones still starting or searching are ended (:func:`end_pool`). Workers are
started with Ctrl-C blocked (:func:`ctrl_c_blocked`), so a Ctrl-C during their start-up
reaches only the parent, which stops the run, instead of killing them mid-import.
"""

from __future__ import annotations

import os
import signal
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from puzzlewright.errors import PuzzleInputError, PuzzlewrightWarning
from puzzlewright.stopping import StopSignal, clock

if TYPE_CHECKING:  # multiprocessing and concurrent.futures are imported by the pool's
    # functions: they cost a tiny fill (which starts no process) a fifth of its CPU
    from concurrent.futures import Future, ProcessPoolExecutor

MAX_JOBS = 256
"""The most searches one run takes (``jobs``): more is a mistake, not a plan."""

STOP_GRACE = 0.5
"""Seconds a stopped run waits for its workers' partial results before ending them."""

POLL = 0.05
"""Seconds between a waiting parent's looks at its stop signal."""


class WorkersWarning(PuzzlewrightWarning):
    """The run goes on, but not as asked: fewer processes than jobs, a Dask worker with
    several threads."""


def check_jobs(jobs: int) -> None:
    """Refuse a number of jobs outside 1..MAX_JOBS (PuzzleInputError naming ``jobs``)."""
    if not 1 <= jobs <= MAX_JOBS:
        raise PuzzleInputError(
            f"jobs must be between 1 and {MAX_JOBS}, not {jobs}", parameters=("jobs",)
        )


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def process_count(jobs: int) -> int:
    """How many local processes run ``jobs`` searches: ``jobs``, capped at the usable CPUs
    (with a :class:`WorkersWarning` saying so). The searches, and so the answer, stay
    ``jobs``; only how many run at once changes."""
    check_jobs(jobs)
    cpus = usable_cpus()
    if jobs <= cpus:
        return jobs
    warnings.warn(
        f"running the {jobs} jobs on {cpus} processes, one per usable CPU "
        "(the same answer as on more processes, found later)",
        WorkersWarning,
        stacklevel=2,
    )
    return cpus


@contextmanager
def ctrl_c_blocked() -> Iterator[None]:
    """Within the block, SIGINT is held back from this thread and from the processes it
    starts (they inherit the mask across fork and exec, as multiprocessing's resource
    tracker does): a Ctrl-C while a worker imports would otherwise kill it with a
    traceback. A Ctrl-C that arrives meanwhile reaches this process when the block ends."""
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except (AttributeError, ValueError, OSError):  # no sigmask on this system
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


SCHEDULER_SCHEMES = ("tcp://", "tls://", "inproc://", "ws://", "wss://")
"""How a Dask scheduler's address starts."""


def check_scheduler(address: str | None) -> None:
    """Refuse a scheduler address that is not a Dask URL, before anything starts."""
    if address is not None and not address.startswith(SCHEDULER_SCHEMES):
        raise PuzzleInputError(
            f"bad scheduler address {address!r}: give the scheduler's address, tcp://HOST:PORT"
        )


def import_distributed() -> Any:
    """The ``distributed`` module, or a clear error naming the extra to install."""
    try:
        import distributed
    except ImportError:
        raise PuzzleInputError(
            "scheduler needs Dask: pip install 'puzzlewright[dask]' "
            "(or pip install 'dask[distributed]')",
            parameters=("scheduler",),
        ) from None
    return distributed


@contextmanager
def dask_client(address: str | None, client: Any = None) -> Iterator[Any]:
    """``client``, or a client connected to the scheduler at ``address`` and closed on exit."""
    if client is not None:
        yield client
        return
    distributed = import_distributed()
    try:
        own = distributed.Client(address, timeout=10)
    except (OSError, TimeoutError) as exc:
        raise PuzzleInputError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        warn_threaded_workers(own.nthreads())
        yield own
    finally:
        own.close()


_WARNED_WORKERS: set[str] = set()


def warn_threaded_workers(threads: dict[str, int]) -> None:
    """Warn (once per worker and process) about Dask workers running several threads:
    puzzlewright's searches are pure Python, so a worker's threads share one interpreter
    lock and run one at a time. ``threads`` maps worker addresses to their threads."""
    crowded = sorted(a for a, n in threads.items() if n > 1 and a not in _WARNED_WORKERS)
    if not crowded:
        return
    _WARNED_WORKERS.update(crowded)
    most = max(threads[a] for a in crowded)
    warnings.warn(
        f"{len(crowded)} Dask worker(s) run up to {most} threads in one process, which "
        "share one interpreter lock; start them as 'dask worker ADDRESS --nworkers N "
        "--nthreads 1' (one process per core)",
        WorkersWarning,
        stacklevel=3,
    )


def worker_processes(client: Any) -> int:
    """How many worker processes the Dask cluster of ``client`` has (at least 1): what
    sizes the work in flight, since a worker's threads share one interpreter lock."""
    return max(1, len(client.nthreads()))


def _start_worker(
    initializer: Callable[..., None], initargs: tuple[Any, ...], parcel: Any = None
) -> None:
    """Leave Ctrl-C to the parent (which stops after the work in hand instead of killing it
    mid-way), take this worker's copy of the shipped arguments from ``parcel`` (when there
    is one), then run the pool's own initializer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    shipped = parcel.get() if parcel is not None else ()
    initializer(*initargs, *shipped)


def ship(context: Any, payload: tuple[Any, ...], copies: int) -> Any:
    """A queue of ``context`` holding ``copies`` of ``payload``, pickled and written by the
    queue's own thread. Arguments given to a spawned process are written down a pipe by
    ``start()`` itself, which waits (Ctrl-C held back) until the child has started Python
    and imported puzzlewright to read them past the pipe's 64 KiB: megabytes of tables
    kept a Ctrl-C waiting 2-3 s on a loaded machine. A worker takes its copy once it is
    up; the queue's thread is not waited for at exit (a worker ended while starting
    leaves its copy unread)."""
    parcel = context.Queue()
    parcel.cancel_join_thread()
    for _ in range(copies):
        parcel.put(payload)
    return parcel


def spawn_pool(
    processes: int,
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
    shipped: tuple[Any, ...] = (),
) -> ProcessPoolExecutor:
    """A pool of ``processes`` spawned (not forked) processes that ignore Ctrl-C, each set up
    by ``initializer(*initargs, *shipped)`` once: ``initargs`` go with the process (small
    values, and shared ones such as events), ``shipped`` after it is up (bulky ones, see
    :func:`ship`). Submit through :func:`submit_all` (which starts them with Ctrl-C
    blocked) and end with :func:`end_pool`."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("spawn")
    parcel = ship(context, shipped, processes) if shipped else None
    return ProcessPoolExecutor(
        max_workers=processes,
        mp_context=context,
        initializer=_start_worker,
        initargs=(initializer, initargs, parcel),
    )


def submit_all(
    pool: ProcessPoolExecutor,
    task: Callable[..., Any],
    calls: Sequence[tuple[Any, ...]],
    stop: StopSignal,
) -> list[Future[Any]]:
    """``task(*args)`` for each of ``calls`` on ``pool``, unless ``stop`` fires first: the
    pool starts a process with (some of) the first submissions, which takes a while, so
    the signal is read before each (the calls not submitted are left out)."""
    futures: list[Future[Any]] = []
    for args in calls:
        if stop.should_stop():
            break
        with ctrl_c_blocked():
            futures.append(pool.submit(task, *args))
    return futures


def gather(
    futures: Sequence[Future[Any]],
    stop: StopSignal,
    on_stop: Callable[[], None],
    grace: float = STOP_GRACE,
) -> list[Any]:
    """The futures' results in order. When ``stop`` fires, ``on_stop()`` tells the workers
    to wrap up and they get ``grace`` seconds more; a future not done by then (its worker
    still starting, say) gives None."""
    from concurrent.futures import wait

    pending = set(futures)
    cutoff: float | None = None
    while pending and (cutoff is None or clock() < cutoff):
        _, pending = wait(pending, timeout=POLL)
        if cutoff is None and stop.should_stop():
            on_stop()
            cutoff = clock() + grace
    return [None if future in pending else future.result() for future in futures]


def end_pool(pool: ProcessPoolExecutor, stopped: bool, grace: float = STOP_GRACE) -> None:
    """Shut ``pool`` down: after a run to its end, wait for its processes; after a stopped
    run, cancel what has not started and end the processes still busy (or still starting)
    ``grace`` seconds later, so a stopped command exits at once."""
    if not stopped:
        pool.shutdown(wait=True, cancel_futures=True)
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    end_processes(processes, grace)  # after gather's grace: what is left is still starting


def end_processes(processes: Sequence[Any], grace: float) -> None:
    """Let ``processes`` (told to stop) exit; end the ones still running ``grace`` seconds
    later (a worker still importing, or one that ignores the request)."""
    cutoff = clock() + grace
    for process in processes:
        process.join(max(0.0, cutoff - clock()))
    for process in processes:
        if process.is_alive():
            process.terminate()
            process.join(1.0)
