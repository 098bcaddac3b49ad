"""Long work off the event loop: every room's jobs run in worker processes, through one runner.

A job is a :class:`Task` (a picklable object holding everything it needs, its word list
included, banned words already removed by the room) started with :meth:`Jobs.start`: one
process per job (under ``fork`` the loaded word list is shared, not copied), one id counter,
one limit (429 beyond it). A job may split its own work over one forked child per CPU
(:mod:`puzzlewright.workbench.fanout`); its children stop with it. The task reports through
``post``: ``progress``, the room's own events (``result``, ``verdict``, ``puzzle``) and
finally ``end``, which the runner adds. Cancelling sets an event the task's stop signal
polls, so the search returns what it has; a worker that does not end soon after is
terminated. The page reads a job's events by polling or as server-sent events
(:mod:`puzzlewright.workbench.job_routes`).
"""

from __future__ import annotations

import itertools
import multiprocessing
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from typing import Any, Protocol

from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import StopSignal
from puzzlewright.workbench.http import ApiError

Event = dict[str, Any]
GRACE = 2.0  # seconds a cancelled worker gets to report before it is terminated
KEEP_FINISHED = 32  # finished jobs kept for late readers


class Task(Protocol):
    """Work for a worker process: report through ``post``, stop when ``stop`` says so.

    ``kind`` names the job (its id is ``kind-N``); ``timeout`` bounds it in seconds."""

    @property
    def kind(self) -> str: ...

    @property
    def timeout(self) -> float: ...

    def run(self, stop: StopSignal, post: Callable[[Event], None]) -> None: ...


def context() -> Any:
    """``fork`` where the platform has it (the word list is shared), else ``spawn``."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


class CancelStop(StopSignal):
    """A StopSignal that a cancel event (set by the server) also fires."""

    def __init__(self, cancel: Any, timeout: float | None) -> None:
        super().__init__(timeout)
        self.cancel = cancel

    def should_stop(self) -> bool:
        if self.reason is None and self.cancel.is_set():
            self.interrupted = True
        return super().should_stop()


def worker(task: Task, events: Any, cancel: Any) -> None:
    """The worker process's body: run the task, report, always end with ``end``."""
    stop = CancelStop(cancel, task.timeout)
    try:
        task.run(stop, events.put)
        events.put({"type": "end", "status": "cancelled" if cancel.is_set() else "done"})
    except PuzzleInputError as exc:
        events.put({"type": "end", "status": "error", "error": str(exc)})
    except Exception as exc:  # a bug: reported as such, never silently lost
        events.put({"type": "end", "status": "error", "error": f"internal error: {exc!r}"})


@dataclass
class Job:
    """A running or finished job as the server tracks it."""

    id: str
    kind: str
    process: BaseProcess
    events_queue: Any
    cancel: Any
    started: float = field(default_factory=time.monotonic)
    events: list[Event] = field(default_factory=list)
    status: str = "running"  # running, done, cancelled, error
    cancelled_at: float | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def drain(self) -> None:
        """Move reported events into ``events``; notice the end and reap the process.

        Requests drain from the server's thread pool; one at a time per job, since a
        ``get_nowait`` that meets another thread's read lock says "empty", and a worker
        that has just exited would then be taken for one that died without a result."""
        with self.lock:
            self._drain()

    def _drain(self) -> None:
        self._read()
        if self.status != "running":
            self.process.join(timeout=0.5)
            return
        if not self.process.is_alive():
            self._read()  # what it wrote just before it exited
            if self.status == "running":
                self.status = "error"
                self.events.append({"type": "end", "status": "error", "error": "the worker died"})
        elif self.cancelled_at is not None and time.monotonic() - self.cancelled_at > GRACE:
            self.process.terminate()
            self.process.join(timeout=1)
            self.status = "cancelled"
            self.events.append({"type": "end", "status": "cancelled"})

    def _read(self) -> None:
        while True:
            try:
                event = self.events_queue.get_nowait()
            except (queue.Empty, OSError, EOFError, ValueError):
                return
            self.events.append(event)
            if event.get("type") == "end":
                self.status = str(event.get("status", "done"))

    def to_json(self, since: int = 0) -> dict[str, Any]:
        """The job as the API reports it: status and the events from index ``since``."""
        return {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "elapsed": round(time.monotonic() - self.started, 2),
            "events": self.events[since:],
            "next": len(self.events),
        }


class Jobs:
    """The server's jobs: start, cancel, read; a limit on how many run at once."""

    def __init__(self, max_running: int) -> None:
        self.max_running = max_running
        self.jobs: dict[str, Job] = {}
        self._ids = itertools.count(1)
        self._context = context()

    def running(self) -> list[Job]:
        return [job for job in self.jobs.values() if job.status == "running"]

    def start(self, task: Task) -> Job:
        """Start a worker process for ``task``; ApiError 429 when as many run already as
        the server allows."""
        self.tick()
        if len(self.running()) >= self.max_running:
            raise ApiError(429, f"{self.max_running} jobs are running already; cancel one first")
        events = self._context.Queue()
        cancel = self._context.Event()
        process = self._context.Process(
            target=worker,
            args=(task, events, cancel),
            daemon=True,
            name=f"puzzlewright-{task.kind}",
        )
        process.start()
        job = Job(f"{task.kind}-{next(self._ids)}", task.kind, process, events, cancel)
        self.jobs[job.id] = job
        return job

    def get(self, job_id: str) -> Job | None:
        job = self.jobs.get(job_id)
        if job is not None:
            job.drain()
        return job

    def cancel(self, job: Job) -> None:
        """Ask the worker to stop (it reports what it has); terminated after a grace time."""
        if job.status == "running" and job.cancelled_at is None:
            job.cancel.set()
            job.cancelled_at = time.monotonic()
        job.drain()

    def tick(self) -> None:
        """Drain every running job and forget the oldest finished ones."""
        for job in list(self.jobs.values()):
            if job.status == "running":
                job.drain()
        finished = [job for job in self.jobs.values() if job.status != "running"]
        for job in finished[: max(0, len(finished) - KEEP_FINISHED)]:
            del self.jobs[job.id]

    def shutdown(self) -> None:
        """Stop every worker (server exit)."""
        for job in self.running():
            job.cancel.set()
            job.process.terminate()
            job.process.join(timeout=1)
