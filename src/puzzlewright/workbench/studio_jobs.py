"""Worker-process jobs of the studios (acrostic completion, cryptarithm find).

A studio task is a picklable object with ``kind``, ``timeout`` and ``run(stop, post)``; it
runs in a worker process like the crossword room's jobs and is registered in the same
:class:`~puzzlewright.workbench.jobs.Jobs`, so the shared routes (``/api/jobs/{id}``,
``/events``, ``/cancel``) read and cancel it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, Protocol

from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import StopSignal
from puzzlewright.workbench.http import ApiError
from puzzlewright.workbench.jobs import CancelStop, Event, Job, Jobs, context

_ids = itertools.count(1)


class StudioTask(Protocol):
    """Work for a worker process: report through ``post``, stop when ``stop`` says so."""

    kind: str
    timeout: float

    def run(self, stop: StopSignal, post: Callable[[Event], None]) -> None: ...


def _worker(task: StudioTask, events: Any, cancel: Any) -> None:
    """The worker process's body: run the task, always end with an ``end`` event."""
    stop = CancelStop(cancel, task.timeout)
    try:
        task.run(stop, events.put)
        events.put({"type": "end", "status": "cancelled" if cancel.is_set() else "done"})
    except PuzzleInputError as exc:
        events.put({"type": "end", "status": "error", "error": str(exc)})
    except Exception as exc:  # a bug: reported as such, never silently lost
        events.put({"type": "end", "status": "error", "error": f"internal error: {exc!r}"})


def start_task(jobs: Jobs, task: StudioTask) -> Job:
    """Start ``task`` in a worker process; 429 when the server runs its maximum already."""
    jobs.tick()
    if len(jobs.running()) >= jobs.max_running:
        raise ApiError(429, f"{jobs.max_running} jobs are running already; cancel one first")
    ctx = context()
    events = ctx.Queue()
    cancel = ctx.Event()
    process = ctx.Process(
        target=_worker, args=(task, events, cancel), daemon=True, name=f"puzzlewright-{task.kind}"
    )
    process.start()
    job = Job(f"{task.kind}-{next(_ids)}", task.kind, process, events, cancel)
    jobs.jobs[job.id] = job
    return job
