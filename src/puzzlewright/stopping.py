"""Cooperative stopping for long searches, and the words every engine uses to say how one ended.

Engines never install signal handlers themselves; they take a :class:`StopSignal` and call
:meth:`StopSignal.should_stop` every few thousand steps, then return what they found so far.
Every result reports why a search ended early in a field named ``stop_reason`` holding a
:data:`StopReason` (``None`` when the search ran to its end), and times itself with
:func:`clock`.

>>> stop = StopSignal()
>>> stop.interrupted = True  # what the first Ctrl-C does inside interrupt_sets()
>>> stop.should_stop(), stop.reason
(True, 'interrupted')
"""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from types import FrameType
from typing import Literal, TypeAlias

StopReason: TypeAlias = Literal["limit", "candidates", "steps", "timeout", "interrupted"]
"""Why a search ended before it was complete: it reached the number of results asked for
(``limit``), used up its candidate budget (``candidates``) or its step budget (``steps``:
a default effort counted in work, the same on any machine), ran out of time (``timeout``)
or the user pressed Ctrl-C (``interrupted``). Only the last two depend on the machine."""

Interruption: TypeAlias = Literal["timeout", "interrupted"]
"""The stop reasons a :class:`StopSignal` itself gives: the time limit or Ctrl-C."""


def clock() -> float:
    """Seconds on the one clock every engine times itself with (monotonic, wall time)."""
    return time.monotonic()


def fields_json(result: object, names: str) -> dict[str, object]:
    """``{name: result.name}`` for the space-separated ``names``, in that order: the plain
    fields of a result's ``to_json()`` (each adds its own rounded, nested or derived ones)."""
    return {name: getattr(result, name) for name in names.split()}


@dataclass
class Counters:
    """Base of the figures a search counts (steps, repairs, candidates, checking seconds):
    every field is a number that adds up, so the figures of shards or portfolio workers
    are summed with :meth:`add` and reported with :meth:`to_json`.

    >>> @dataclass
    ... class Tally(Counters):
    ...     steps: int = 0
    >>> total = Tally(3)
    >>> total.add(Tally(4))
    >>> total.to_json()
    {'steps': 7}
    """

    def add(self, other: Counters) -> None:
        """Add another search's figures (of the same type) to these."""
        for item in fields(self):
            setattr(self, item.name, getattr(self, item.name) + getattr(other, item.name))

    def to_json(self) -> dict[str, int | float]:
        """The figures by name, in field order."""
        return asdict(self)


def interrupted_by(reason: StopReason | None) -> bool:
    """True when the time limit or Ctrl-C ended the search (its result is partial)."""
    return reason in ("timeout", "interrupted")


class StopSignal:
    """A deadline plus an "interrupted" flag that a search polls."""

    def __init__(self, timeout: float | None = None, started: float | None = None) -> None:
        """``timeout`` seconds from ``started`` (a :func:`clock` reading; default: now), so
        a command's limit can count what it did before the search (loading, starting
        workers)."""
        self.started = clock() if started is None else started
        self.deadline = None if timeout is None else self.started + timeout
        self.interrupted = False
        self.reason: Interruption | None = None  # set once stopped

    def should_stop(self) -> bool:
        """True once the time limit has passed or the user pressed Ctrl-C."""
        if self.reason is not None:
            return True
        if self.interrupted:
            self.reason = "interrupted"
        elif self.deadline is not None and clock() >= self.deadline:
            self.reason = "timeout"
        return self.reason is not None

    def elapsed(self) -> float:
        """Seconds since the signal was created."""
        return clock() - self.started

    def remaining(self) -> float | None:
        """Seconds left before the deadline (None when there is no deadline)."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - clock())


class EitherStop(StopSignal):
    """A time limit of its own for one step of a longer job, which also fires (with the
    outer reason) when the outer signal does: e.g. one trial fill inside a pattern search.

    >>> outer = StopSignal()
    >>> inner = EitherStop(60.0, outer)
    >>> inner.should_stop()
    False
    >>> outer.interrupted = True
    >>> inner.should_stop(), inner.reason
    (True, 'interrupted')
    """

    def __init__(self, timeout: float | None, outer: StopSignal) -> None:
        super().__init__(timeout)
        self.outer = outer

    def should_stop(self) -> bool:
        """True when this step's time is up or the outer signal fired."""
        if self.outer.should_stop():
            self.reason = self.outer.reason
            return True
        return super().should_stop()


class PollBudget(StopSignal):
    """A deterministic effort: fires once it has been polled ``polls`` times (a search
    polls every so many steps: the fill every 16 nodes), or when ``outer`` fires (with the
    outer reason). ``spent`` says the budget, not the outer signal, ended the search.

    >>> budget = PollBudget(2, StopSignal())
    >>> [budget.should_stop() for _ in range(3)], budget.spent
    ([False, False, True], True)
    """

    def __init__(self, polls: int, outer: StopSignal) -> None:
        super().__init__()
        self.polls, self.outer = polls, outer
        self.used = 0
        self.spent = False

    def should_stop(self) -> bool:
        """Count the poll; True once the budget is used up or the outer signal fired."""
        if self.reason is None and self.outer.should_stop():
            self.reason = self.outer.reason
        elif self.reason is None:
            self.used += 1
            if self.used > self.polls:
                self.spent = True
                self.reason = "timeout"  # the caller knows it was the budget (``spent``)
        return self.reason is not None


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
