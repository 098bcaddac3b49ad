"""Quick CPU work of requests (analyse, candidates, pattern, solve, encode, wordplay, the
acrostic checks) off the event loop, under a small bound.

Starlette's ``run_in_threadpool`` lends every request one of 40 threads: 80 concurrent
solves kept 40 threads computing, and since Python runs one thread at a time, the event
loop waited its turn behind all of them (``/api/health`` took 6-9 s). Here at most
:data:`THREADS` threads compute and at most :data:`WAITING` requests wait for one; the
next request is refused at once (ApiError 429: the page says the server is busy), so the
loop gets its turn within a few switch intervals and stays responsive. Long work is a job
(:mod:`puzzlewright.workbench.jobs`), never this.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from puzzlewright.workbench.http import ApiError

T = TypeVar("T")

THREADS = 1
"""Threads computing at once. The engines are pure Python, so a second thread adds no speed
(one runs at a time) and the loop waits longer for its turn: under 80 solves /api/health
answered in a median 22 ms with one thread, 78 ms with two (benchmarks/studios.py). The
price: quick work waits behind a long request (an encode may use its 10 s budget)."""

WAITING = 12
"""Requests that may wait for the thread (a keystroke asks for two: analyse, candidates)."""


class Compute:
    """The bounded executor of a server's quick CPU work."""

    def __init__(self, threads: int = THREADS, waiting: int = WAITING) -> None:
        self.limit = threads + waiting
        self.taken = 0  # admitted and not finished; read and written on the event loop only
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="puzzlewright-compute")

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` in the executor; ApiError 429 when as much work as allowed is admitted
        already. A request that goes away keeps its place until its work ends."""
        if self.taken >= self.limit:
            raise ApiError(429, "the server is busy with other requests; try again in a moment")
        self.taken += 1
        future = asyncio.get_running_loop().run_in_executor(self._pool, work)
        future.add_done_callback(self._release)
        return await asyncio.shield(future)

    def _release(self, _: object) -> None:
        self.taken -= 1

    def shutdown(self) -> None:
        """Stop taking work (server exit); what runs finishes on its own."""
        self._pool.shutdown(wait=False, cancel_futures=True)
