"""Cooperative stopping for long searches: a time limit and Ctrl-C, polled by the engines.

Engines never install signal handlers themselves; they take a :class:`StopSignal` and call
:meth:`StopSignal.should_stop` every few thousand steps, then return what they found so far.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class StopSignal:
    """A deadline plus an "interrupted" flag that a search polls."""

    def __init__(self, timeout: float | None = None) -> None:
        self.started = time.monotonic()
        self.deadline = None if timeout is None else self.started + timeout
        self.interrupted = False
        self.reason: str | None = None  # "timeout" or "interrupted" once stopped

    def should_stop(self) -> bool:
        """True once the time limit has passed or the user pressed Ctrl-C."""
        if self.reason is not None:
            return True
        if self.interrupted:
            self.reason = "interrupted"
        elif self.deadline is not None and time.monotonic() >= self.deadline:
            self.reason = "timeout"
        return self.reason is not None

    def elapsed(self) -> float:
        """Seconds since the signal was created."""
        return time.monotonic() - self.started

    def remaining(self) -> float | None:
        """Seconds left before the deadline (None when there is no deadline)."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - time.monotonic())


NEVER = StopSignal()
"""A signal that never fires; the default for library calls without a limit."""


@contextmanager
def interrupt_sets(stop: StopSignal) -> Iterator[StopSignal]:
    """Within the block, the first Ctrl-C sets ``stop.interrupted``; a second one aborts."""

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.interrupted:
            raise KeyboardInterrupt
        stop.interrupted = True

    try:
        previous = signal.signal(signal.SIGINT, handler)
    except ValueError:  # not in the main thread: leave Ctrl-C alone
        yield stop
        return
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)
