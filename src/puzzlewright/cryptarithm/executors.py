"""Where the shards of a ``find`` run execute: this process, a local pool, a Dask cluster.

Each executor maps ``run_shard(spec, i)`` over shard indexes and yields the results in index
order, keeping a bounded window of shards in flight, so a run that stops at ``--limit``
wastes at most a window's work and the output never depends on which worker finished first.
The spec is shipped once per worker (pool initializer, Dask scatter), not once per shard.
The pool and the Dask client come from :mod:`puzzlewright.workers`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

from puzzlewright.cryptarithm.find import FindSpec, MapShards, ShardResult, run_shard, serial_map
from puzzlewright.stopping import NEVER, StopSignal
from puzzlewright.workers import (
    POLL,
    check_jobs,
    check_scheduler,
    ctrl_c_blocked,
    dask_client,
    end_pool,
    import_distributed,
    process_count,
    spawn_pool,
    worker_processes,
)

_WORKER_SPEC: FindSpec | None = None


def _install_spec(spec: FindSpec) -> None:
    """Pool initializer: keep the run's spec in the worker process."""
    global _WORKER_SPEC
    _WORKER_SPEC = spec


def _run_installed(shard: int) -> ShardResult:
    """Run one shard against the spec installed by :func:`_install_spec`."""
    assert _WORKER_SPEC is not None, "pool worker started without a spec"
    return run_shard(_WORKER_SPEC, shard)


def _ordered(futures: Iterator[Any], window: int, stop: StopSignal) -> Iterator[Any]:
    """Keep ``window`` futures (local or Dask: both have ``result`` and ``cancel``) in
    flight; yield their results in submission order. Ends early (without the result it
    was waiting for) once ``stop`` fires: ``find`` then reports the stop."""
    pending: deque[Any] = deque()
    try:
        for future in futures:
            pending.append(future)
            if len(pending) >= window:
                if not _wait(pending[0], stop):
                    return
                yield pending.popleft().result()
        while pending:
            if not _wait(pending[0], stop):
                return
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def _wait(future: Any, stop: StopSignal) -> bool:
    """Wait for ``future`` while looking at ``stop``: True once it is done, False when the
    stop fired first."""
    while not future.done():
        if stop.should_stop():
            return False
        try:
            future.result(timeout=POLL)
        except TimeoutError:
            continue
        except Exception:  # the caller's result() raises it again
            return True
    return True


def process_map(jobs: int, stop: StopSignal = NEVER) -> MapShards:
    """A ``map_shards`` on a pool of local processes (spawned, not forked) keeping ``2 *
    jobs`` shards in flight, at most one process per usable CPU. It stops waiting when
    ``stop`` fires, and then ends its processes after a short grace."""
    check_jobs(jobs)

    def run(spec: FindSpec, shards: Iterable[int]) -> Iterator[ShardResult]:
        pool = spawn_pool(process_count(jobs), _install_spec, (spec,))
        try:
            yield from _ordered(_submitted(pool, shards, stop), 2 * jobs, stop)
        finally:
            end_pool(pool, stopped=stop.reason is not None)

    return run


def _submitted(pool: Any, shards: Iterable[int], stop: StopSignal) -> Iterator[Any]:
    """Submit the shards one by one (the first ones start the pool's processes, with
    Ctrl-C blocked so that it reaches only this process), until ``stop`` fires."""
    for shard in shards:
        if stop.should_stop():
            return
        with ctrl_c_blocked():
            future = pool.submit(_run_installed, shard)
        yield future


def dask_map(address: str, *, client: Any = None, stop: StopSignal = NEVER) -> MapShards:
    """A ``map_shards`` on the Dask distributed scheduler at ``address`` (tcp://HOST:PORT),
    keeping two shards per worker process in flight (a worker's threads share one
    interpreter lock, so threads are not the measure).

    Needs the ``dask`` extra; ``client`` reuses an open ``distributed.Client``."""
    import_distributed()  # a missing Dask is an error before the run, not during it

    def run(spec: FindSpec, shards: Iterable[int]) -> Iterator[ShardResult]:
        with dask_client(address, client) as active:
            shared = active.scatter(spec, broadcast=True)
            submitted = (active.submit(run_shard, shared, shard, pure=False) for shard in shards)
            yield from _ordered(submitted, 2 * worker_processes(active), stop)

    return run


def make_map(jobs: int = 1, scheduler: str | None = None, stop: StopSignal = NEVER) -> MapShards:
    """The executor for ``--jobs`` / ``--scheduler``: serial, a local pool, or Dask; the
    pools stop waiting for shards when ``stop`` fires."""
    if scheduler:
        check_scheduler(scheduler)
        return dask_map(scheduler, stop=stop)
    check_jobs(jobs)
    if jobs == 1:
        return serial_map
    return process_map(jobs, stop)


__all__ = ["dask_map", "make_map", "process_map", "serial_map", "spawn_pool"]
