"""Where parallel work runs: local processes spawned for it, or a Dask cluster.

Shared by the crossword fill portfolio, ``cryptarithm find`` and the acrostic portfolio, so
the three check a scheduler address, report a missing Dask, reach a cluster and start a
pool of processes in one way.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from puzzlewright.errors import PuzzleInputError

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
        yield own
    finally:
        own.close()


def _start_worker(initializer: Callable[..., None], initargs: tuple[Any, ...]) -> None:
    """Leave Ctrl-C to the parent (which stops after the work in hand instead of killing it
    mid-way), then run the pool's own initializer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    initializer(*initargs)


def spawn_pool(
    jobs: int, initializer: Callable[..., None], initargs: tuple[Any, ...]
) -> ProcessPoolExecutor:
    """A pool of ``jobs`` spawned (not forked) processes that ignore Ctrl-C, each set up by
    ``initializer(*initargs)`` once."""
    return ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
        initargs=(initializer, initargs),
    )
