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
from puzzlewright.errors import PuzzleInputError
from puzzlewright.workers import check_scheduler, dask_client, import_distributed, spawn_pool

_WORKER_SPEC: FindSpec | None = None


def _install_spec(spec: FindSpec) -> None:
    """Pool initializer: keep the run's spec in the worker process."""
    global _WORKER_SPEC
    _WORKER_SPEC = spec


def _run_installed(shard: int) -> ShardResult:
    """Run one shard against the spec installed by :func:`_install_spec`."""
    assert _WORKER_SPEC is not None, "pool worker started without a spec"
    return run_shard(_WORKER_SPEC, shard)


def _ordered(futures: Iterator[Any], window: int) -> Iterator[Any]:
    """Keep ``window`` futures (local or Dask: both have ``result`` and ``cancel``) in
    flight; yield their results in submission order."""
    pending: deque[Any] = deque()
    try:
        for future in futures:
            pending.append(future)
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def process_map(jobs: int) -> MapShards:
    """A ``map_shards`` on a pool of ``jobs`` local processes (spawned, not forked)."""

    def run(spec: FindSpec, shards: Iterable[int]) -> Iterator[ShardResult]:
        pool = spawn_pool(jobs, _install_spec, (spec,))
        try:
            submitted = (pool.submit(_run_installed, shard) for shard in shards)
            yield from _ordered(submitted, 2 * jobs)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    return run


def dask_map(address: str, *, client: Any = None) -> MapShards:
    """A ``map_shards`` on the Dask distributed scheduler at ``address`` (tcp://HOST:PORT).

    Needs the ``dask`` extra; ``client`` reuses an open ``distributed.Client``."""
    import_distributed()  # a missing Dask is an error before the run, not during it

    def run(spec: FindSpec, shards: Iterable[int]) -> Iterator[ShardResult]:
        with dask_client(address, client) as active:
            threads = sum(active.nthreads().values()) or 1
            shared = active.scatter(spec, broadcast=True)
            submitted = (active.submit(run_shard, shared, shard, pure=False) for shard in shards)
            yield from _ordered(submitted, 2 * threads)

    return run


def make_map(jobs: int = 1, scheduler: str | None = None) -> MapShards:
    """The executor for ``--jobs`` / ``--scheduler``: serial, a local pool, or Dask."""
    if scheduler:
        check_scheduler(scheduler)
        return dask_map(scheduler)
    if jobs < 1:
        raise PuzzleInputError("jobs must be at least 1", parameters=("jobs",))
    if jobs == 1:
        return serial_map
    return process_map(jobs)


__all__ = ["dask_map", "make_map", "process_map", "serial_map", "spawn_pool"]
