"""The crossword room's jobs: an autofill (a :class:`FillRequest` run as it came) and the
fill checks of an entry's candidates. Each is a :class:`~puzzlewright.workbench.jobs.Task`
holding the word list it searches, banned words already removed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

from puzzlewright.crossword.fill import FillRequest
from puzzlewright.crossword.fill.streamed import fill_first
from puzzlewright.crossword.fill_checks import Checker, Turns, prepare_checks
from puzzlewright.crossword.grid import Grid
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import StopSignal
from puzzlewright.workbench.fanout import Share, cpus, run_shares
from puzzlewright.workbench.jobs import Event, context


@dataclass(frozen=True)
class FillTask:
    """An autofill: ``progress`` events, one ``first`` as soon as a fill exists (the
    fill ``crossword fill`` makes, as ``Fill.to_json()``), then one ``result``: the
    engine's own document (``FillResult.to_json(every_fill=True)``, the first fill ranked
    with the others) and its warnings
    (:func:`~puzzlewright.crossword.fill.streamed.fill_first`)."""

    request: FillRequest
    words: WordList
    timeout: float
    kind: str = "fill"

    def run(self, stop: StopSignal, post: Callable[[Event], None]) -> None:
        result = fill_first(
            self.request,
            self.words,
            stop=stop,
            on_progress=lambda progress: post({"type": "progress", **progress.to_json()}),
            on_first=lambda first: post(
                {"type": "first", **first.ranked[0].to_json(), "seconds": first.seconds}
            ),
        )
        document = result.to_json(every_fill=True)
        post({"type": "result", **document, "warnings": list(result.warnings)})


@dataclass(frozen=True)
class CheckTask:
    """Fill checks of entry ``key``'s ``candidates``, in the order given, ``budget``
    seconds each: one ``verdict`` event per candidate (``fills``, ``dead end``, ``unknown``;
    with ``seconds`` and ``method``). One forked process per CPU
    (:mod:`~puzzlewright.workbench.fanout`) takes the next candidate whenever it is free
    (:func:`check_shares`): every candidate's quick search first, then the full searches of
    those left undecided; the events come as each process finishes one, so their order
    varies, the verdicts do not.

    First one ``grid`` event: can the grid the entry lives in be filled at all (twice the
    budget; :func:`~puzzlewright.crossword.fill_checks.prepare_checks`, one network for the
    grid and the candidates)? When its search proves it cannot, that is said once, with
    the entries responsible, and no candidate is checked (each would be a dead end); when
    it finds a fill (the candidates preferred in the entry), the candidate in it is marked
    ``fills`` at once."""

    grid: Grid
    key: str
    candidates: list[str]
    words: WordList
    min_score: int | None
    budget: float
    timeout: float
    kind: str = "check"

    def run(self, stop: StopSignal, post: Callable[[Event], None]) -> None:
        started = time.monotonic()
        whole, checker = prepare_checks(
            self.grid,
            self.words,
            self.key,
            self.candidates,
            min_score=self.min_score,
            budget=self.budget,
            stop=stop,
        )
        # the screen shared by one process per CPU, forked before anything is posted
        shares = [] if checker is None else check_shares(checker, self.candidates, cpus())
        events = run_shares(shares, stop)
        seconds = round(time.monotonic() - started, 3)
        post({"type": "grid", **whole.to_json(), "seconds": seconds})
        for event in events:
            post(event)


def check_shares(checker: Checker, candidates: Sequence[str], processes: int) -> list[Share]:
    """The checks of ``candidates`` as at most ``processes`` shares (one per process of
    :func:`~puzzlewright.workbench.fanout.run_shares`) that take each next candidate from
    one :class:`~puzzlewright.crossword.fill_checks.Turns` in shared memory, so a hard
    candidate holds up one process while the others check the rest."""
    count = min(processes, len(candidates))
    if count > 1 and hasattr(os, "fork"):
        ctx = context()
        size = len(candidates)
        arrays = ctx.RawArray("b", size), ctx.RawArray("d", size), ctx.RawArray("l", size)
        turns = Turns(*arrays, ctx.Lock())
    else:
        turns = Turns.local(len(candidates))
    return [partial(_verdicts, checker, candidates, turns) for _ in range(count)]


def _verdicts(
    checker: Checker, candidates: Sequence[str], turns: Turns, stop: StopSignal
) -> Iterator[Event]:
    """``verdict`` events of the candidates this process takes its turn at."""
    return ({"type": "verdict", **check.to_json()} for check in checker(candidates, stop, turns))
