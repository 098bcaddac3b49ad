"""Where the shards of a ``find`` run execute: this process, a local pool, a Dask cluster.

Each executor maps ``run_shard(spec, i)`` over shard indexes and yields the results in index
order, keeping a bounded window of shards in flight, so a run that stops at ``--limit``
wastes at most a window's work and the output never depends on which worker finished first.
The spec is shipped once per worker (pool initializer, Dask scatter), not once per shard.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from puzzlewright.cryptarithm.find import FindSpec, MapShards, ShardResult, run_shard, serial_map
from puzzlewright.errors import PuzzleInputError

_WORKER_SPEC: FindSpec | None = None


def _install_spec(spec: FindSpec) -> None:
    """Pool initializer: keep the run's spec in the worker process, and leave Ctrl-C to the
    parent (which stops after the shards in hand instead of killing them mid-way)."""
    global _WORKER_SPEC
    _WORKER_SPEC = spec
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_installed(shard: int) -> ShardResult:
    """Run one shard against the spec installed by :func:`_install_spec`."""
    assert _WORKER_SPEC is not None, "pool worker started without a spec"
    return run_shard(_WORKER_SPEC, shard)


def _ordered(futures: Iterator[Any], window: int, result: Any, cancel: Any) -> Iterator[Any]:
    """Keep ``window`` futures in flight; yield their results in submission order."""
    pending: deque[Any] = deque()
    try:
        for future in futures:
            pending.append(future)
            if len(pending) >= window:
                yield result(pending.popleft())
        while pending:
            yield result(pending.popleft())
    finally:
        for future in pending:
            cancel(future)


def process_map(jobs: int) -> MapShards:
    """A ``map_shards`` on a pool of ``jobs`` local processes (spawned, not forked)."""

    def run(spec: FindSpec, shards: Iterable[int]) -> Iterator[ShardResult]:
        pool = ProcessPoolExecutor(
            max_workers=jobs,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_install_spec,
            initargs=(spec,),
        )
        try:
            submitted = (pool.submit(_run_installed, shard) for shard in shards)
            yield from _ordered(
                submitted,
                2 * jobs,
                lambda f: f.result(),
                lambda f: f.cancel(),
            )
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    return run


def dask_map(address: str, *, client: Any = None) -> MapShards:
    """A ``map_shards`` on the Dask distributed scheduler at ``address`` (tcp://HOST:PORT).

    Needs the ``dask`` extra; ``client`` reuses an open ``distributed.Client``."""
    try:
        import distributed
    except ImportError:
        raise PuzzleInputError(
            "scheduler needs Dask: pip install 'puzzlewright[dask]' "
            "(or pip install 'dask[distributed]')",
            parameters=("scheduler",),
        ) from None

    connect: Any = distributed.Client

    def run(spec: FindSpec, shards: Iterable[int]) -> Iterator[ShardResult]:
        own = client is None
        try:
            active = client if client is not None else connect(address, timeout=10)
        except (OSError, TimeoutError) as exc:
            raise PuzzleInputError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        try:
            threads = sum(active.nthreads().values()) or 1
            shared = active.scatter(spec, broadcast=True)
            submitted = (active.submit(run_shard, shared, shard, pure=False) for shard in shards)
            yield from _ordered(
                submitted,
                2 * threads,
                lambda f: f.result(),
                lambda f: f.cancel(),
            )
        finally:
            if own:
                active.close()

    return run


def make_map(jobs: int = 1, scheduler: str | None = None) -> MapShards:
    """The executor for ``--jobs`` / ``--scheduler``: serial, a local pool, or Dask."""
    if scheduler:
        if not scheduler.startswith(("tcp://", "tls://", "inproc://", "ws://", "wss://")):
            raise PuzzleInputError(
                f"bad scheduler {scheduler!r}: give the scheduler's address, tcp://HOST:PORT",
                parameters=("scheduler",),
            )
        return dask_map(scheduler)
    if jobs < 1:
        raise PuzzleInputError("jobs must be at least 1", parameters=("jobs",))
    if jobs == 1:
        return serial_map
    return process_map(jobs)


__all__ = ["dask_map", "make_map", "process_map", "serial_map"]
