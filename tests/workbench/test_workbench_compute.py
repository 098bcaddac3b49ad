"""The bounded executor of quick CPU work (workbench/compute.py): a few requests compute,
a few wait, the next is told the server is busy (the event loop's latency under load is a
figure of benchmarks/studios.py, not asserted here)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from puzzlewright.workbench.compute import Compute
from puzzlewright.workbench.http import ApiError


def test_admits_threads_plus_waiting_then_refuses_with_429_and_frees_places() -> None:
    release = threading.Event()

    async def scenario() -> None:
        compute = Compute(threads=1, waiting=2)
        admitted = [asyncio.create_task(compute.run(release.wait)) for _ in range(3)]
        await asyncio.sleep(0.05)
        assert compute.taken == 3
        with pytest.raises(ApiError) as refused:
            await compute.run(lambda: 1)
        assert refused.value.status == 429 and "busy" in refused.value.message
        release.set()
        assert await asyncio.gather(*admitted) == [True, True, True]
        assert compute.taken == 0
        assert await compute.run(lambda: 42) == 42  # places free again
        compute.shutdown()

    asyncio.run(scenario())


def test_a_request_that_goes_away_keeps_its_place_until_its_work_ends() -> None:
    release = threading.Event()

    async def scenario() -> None:
        compute = Compute(threads=1, waiting=0)
        task = asyncio.create_task(compute.run(release.wait))
        await asyncio.sleep(0.05)
        task.cancel()
        await asyncio.sleep(0.05)
        assert compute.taken == 1  # the thread still computes: no second request may start
        with pytest.raises(ApiError):
            await compute.run(lambda: 1)
        release.set()
        for _ in range(3000):  # up to 30 s: a loaded machine schedules the thread late
            if compute.taken == 0:
                break
            await asyncio.sleep(0.01)
        assert compute.taken == 0
        compute.shutdown()

    asyncio.run(scenario())


def test_errors_of_the_work_reach_the_request() -> None:
    async def scenario() -> None:
        compute = Compute()
        with pytest.raises(ZeroDivisionError):
            await compute.run(lambda: 1 // 0)
        assert compute.taken == 0
        compute.shutdown()

    asyncio.run(scenario())
