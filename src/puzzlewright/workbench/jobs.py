"""Long work off the event loop: autofill and fill checks in worker processes.

Each job is one process fed its inputs at start (under ``fork`` the loaded word list is
shared, not copied). It reports through a queue: ``progress``, ``verdict`` (a checked
candidate), ``result`` and finally ``end``. Cancelling sets an event the worker's stop
signal polls, so the search returns what it has; a worker that does not end soon after is
terminated. The page reads a job's events by polling or as server-sent events.
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
from typing import Any

from puzzlewright.crossword.analysis import check_candidate, without_words
from puzzlewright.crossword.fill import FillProgress, fill_grid
from puzzlewright.crossword.fill.problem import Region
from puzzlewright.crossword.grid import Grid
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import EitherStop, StopSignal

Event = dict[str, Any]
GRACE = 2.0  # seconds a cancelled worker gets to report before it is terminated
KEEP_FINISHED = 32  # finished jobs kept for late readers


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


@dataclass
class FillTask:
    """An autofill: ``count`` ranked fills of ``grid`` (of ``region`` only, when given)."""

    grid: Grid
    count: int
    region: Region
    min_score: int | None
    banned: list[str]
    seed: int
    timeout: float


@dataclass
class CheckTask:
    """Fill checks of an entry's candidates, in the order given, ``budget`` seconds each."""

    grid: Grid
    key: str
    words: list[str]
    min_score: int | None
    banned: list[str]
    budget: float
    timeout: float


Task = FillTask | CheckTask


def fill_json(fill: Any) -> dict[str, Any]:
    """One ranked fill as the page reads it."""
    return {
        "cells": [list(row) for row in fill.grid.cells],
        "average": fill.average_score,
        "weakest": [{"key": e.key, "answer": e.answer, "score": e.score} for e in fill.weakest],
        "entries": [{"key": e.key, "answer": e.answer, "score": e.score} for e in fill.entries],
    }


def run_fill(
    task: FillTask, words: WordList, stop: StopSignal, post: Callable[[Event], None]
) -> None:
    """Autofill in the worker: progress events, then the ranked fills."""

    def progress(p: FillProgress) -> None:
        post(
            {
                "type": "progress",
                "filled": p.filled,
                "total": p.total,
                "best": p.best,
                "backtracks": p.backtracks,
                "elapsed": round(p.elapsed, 2),
            }
        )

    result = fill_grid(
        task.grid,
        without_words(words, task.banned),
        min_score=task.min_score,
        seed=task.seed,
        stop=stop,
        count=task.count,
        region=task.region,
        on_progress=progress,
    )
    post(
        {
            "type": "result",
            "status": str(result.status),
            "stop_reason": result.stop_reason,
            "fills": [fill_json(fill) for fill in result.ranked],
            "failed": [
                {"key": f.key, "pattern": f.pattern, "failures": f.failures}
                for f in result.failed_slots
            ],
            "warnings": list(result.warnings),
            "seconds": result.seconds,
        }
    )


def run_checks(
    task: CheckTask, words: WordList, stop: StopSignal, post: Callable[[Event], None]
) -> None:
    """Fill checks in the worker: one ``verdict`` event per candidate, best first."""
    words = without_words(words, task.banned)
    for word in task.words:
        if stop.should_stop():
            break
        started = time.monotonic()
        verdict = check_candidate(
            task.grid,
            words,
            task.key,
            word,
            min_score=task.min_score,
            stop=EitherStop(task.budget, stop),
        )
        post(
            {
                "type": "verdict",
                "word": word,
                "verdict": verdict,
                "seconds": round(time.monotonic() - started, 3),
            }
        )


def worker(task: Task, words: WordList, events: Any, cancel: Any) -> None:
    """The worker process's body: run the task, report, always end with ``end``."""
    stop = CancelStop(cancel, task.timeout)
    post = events.put
    try:
        if isinstance(task, FillTask):
            run_fill(task, words, stop, post)
        else:
            run_checks(task, words, stop, post)
        post({"type": "end", "status": "cancelled" if cancel.is_set() else "done"})
    except PuzzleInputError as exc:
        post({"type": "end", "status": "error", "error": str(exc)})
    except Exception as exc:  # a bug: reported as such, never silently lost
        post({"type": "end", "status": "error", "error": f"internal error: {exc!r}"})


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

    def start(self, task: Task, words: WordList) -> Job:
        """Start a worker for ``task``; PuzzleInputError-free, but 429-worthy when busy."""
        self.tick()
        if len(self.running()) >= self.max_running:
            raise OverflowError(f"{self.max_running} jobs are running already; cancel one first")
        events = self._context.Queue()
        cancel = self._context.Event()
        kind = "fill" if isinstance(task, FillTask) else "check"
        process = self._context.Process(
            target=worker,
            args=(task, words, events, cancel),
            daemon=True,
            name=f"puzzlewright-{kind}",
        )
        process.start()
        job = Job(f"{kind}-{next(self._ids)}", kind, process, events, cancel)
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
