"""One job's independent pieces of work spread over the machine's CPUs, results streamed.

A job's worker process (:mod:`puzzlewright.workbench.jobs`) that holds several independent
pieces of work (an entry's candidates to check) forks one child per share, at most as many
as the CPUs it may run on, each inheriting what the worker built (the word list, the
search network) copy-on-write. Each child reports its events as JSON lines through a pipe;
the worker relays them, as they arrive, through its own ``post``. The children poll the
job's own stop signal (cancel and timeout are shared across the fork), so cancelling the
job stops them all.

The fork happens before the worker has posted anything: the job's event queue starts a
feeder thread on its first ``put``, and forking a process with threads could deadlock the
child. Where ``os.fork`` is missing, or one CPU is all there is, the shares run one after
the other in the worker itself.
"""

from __future__ import annotations

import json
import os
import select
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from puzzlewright.stopping import StopSignal

Event = dict[str, Any]
Share = Callable[[StopSignal], Iterator[Event]]
LINE_LIMIT = 1 << 20  # bytes of one child's event line at most (a verdict is ~100)


def cpus() -> int:
    """The CPUs this process may run on."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


def split(items: Sequence[str], parts: int) -> list[list[str]]:
    """``items`` dealt round-robin into at most ``parts`` non-empty shares, so each share
    starts with one of the first items (the first screen's best go first everywhere)."""
    parts = max(1, min(parts, len(items)))
    return [list(items[k::parts]) for k in range(parts)]


def run_shares(shares: Sequence[Share], stop: StopSignal) -> Iterator[Event]:
    """Every share's events: from children forked at once (here, before the caller posts
    anything) when there is more than one share and ``os.fork`` exists, else from each
    share in turn in this process as the caller reads them."""
    if len(shares) <= 1 or not hasattr(os, "fork"):
        return (event for share in shares for event in share(stop))
    return _stream([_fork(share, stop) for share in shares])


def _stream(children: list[tuple[int, int]]) -> Iterator[Event]:
    """The children's events as they arrive; an error when one of them failed."""
    done = False
    try:
        yield from _relay([read for _, read in children])
        done = True
    finally:
        failed = _reap(children, kill=not done)
    if failed:
        raise RuntimeError(f"{failed} of {len(children)} check processes failed")


def _fork(share: Share, stop: StopSignal) -> tuple[int, int]:
    """A child running ``share``; its pid and the read end of its pipe."""
    read, write = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write)
        return pid, read
    os.close(read)  # the child: never returns, never runs the parent's exit handlers
    status = 0
    try:
        with os.fdopen(write, "w", encoding="utf-8") as out:
            for event in share(stop):
                out.write(json.dumps(event) + "\n")
                out.flush()
    except BaseException:  # a broken pipe (the worker gone) or a bug: the worker says so
        status = 1
    os._exit(status)


def _relay(pipes: list[int]) -> Iterator[Event]:
    """Events from the children's pipes as they arrive, until every pipe is closed."""
    pending = {read: b"" for read in pipes}
    while pending:
        ready, _, _ = select.select(list(pending), [], [])
        for read in ready:
            chunk = os.read(read, 65536)
            if not chunk:
                del pending[read]
                continue
            lines = (pending[read] + chunk).split(b"\n")
            pending[read] = lines.pop()
            if len(pending[read]) > LINE_LIMIT:
                raise RuntimeError("a check process wrote an oversized event")
            for line in lines:
                yield json.loads(line)


def _reap(children: list[tuple[int, int]], kill: bool) -> int:
    """Close the pipes and wait for the children (terminated first when ``kill``: the
    worker stopped relaying early); how many exited with an error."""
    failed = 0
    for pid, read in children:
        os.close(read)
        if kill:
            os.kill(pid, signal.SIGTERM)
        _, status = os.waitpid(pid, 0)
        failed += not kill and status != 0
    return failed
