"""Job routes shared by the rooms: read a job's events (poll or server-sent events), cancel."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import BaseRoute, Route

from puzzlewright.workbench.http import ApiError
from puzzlewright.workbench.jobs import Job
from puzzlewright.workbench.state import workbench

POLL = 0.05  # seconds between looks at a running job's queue
KEEPALIVE = 15.0


def job_of(request: Request) -> Job:
    job = workbench(request).jobs.get(request.path_params["job"])
    if job is None:
        raise ApiError(404, "no such job")
    return job


def since_of(request: Request) -> int:
    raw = request.query_params.get("since", "0")
    if not raw.isdigit() or len(raw) > 9:
        raise ApiError(400, "since must be an event index")
    return int(raw)


async def poll(request: Request) -> JSONResponse:
    """The job's status and its events from index ``since``."""
    return JSONResponse(job_of(request).to_json(since_of(request)))


async def cancel(request: Request) -> JSONResponse:
    """Stop the job; it reports what it found so far."""
    job = job_of(request)
    workbench(request).jobs.cancel(job)
    return JSONResponse(job.to_json(len(job.events)))


async def events(request: Request) -> StreamingResponse:
    """The job's events as server-sent events, until it ends or the page goes away."""
    job = job_of(request)
    start = since_of(request)

    async def stream() -> AsyncIterator[str]:
        sent = start
        quiet = 0.0
        while True:
            job.drain()
            while sent < len(job.events):
                yield f"id: {sent + 1}\ndata: {json.dumps(job.events[sent])}\n\n"
                sent += 1
                quiet = 0.0
            if job.status != "running" or await request.is_disconnected():
                return
            await asyncio.sleep(POLL)
            quiet += POLL
            if quiet >= KEEPALIVE:
                quiet = 0.0
                yield ": keepalive\n\n"

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


def routes() -> list[BaseRoute]:
    return [
        Route("/api/jobs/{job}", poll),
        Route("/api/jobs/{job}/events", events),
        Route("/api/jobs/{job}/cancel", cancel, methods=["POST"]),
    ]
