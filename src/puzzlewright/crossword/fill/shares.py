"""A double word square's exhaustive search as many independent shares (a cluster proof).

The square search (fill/squares.py) deals the nodes after its first
:data:`~puzzlewright.crossword.fill.squares.SPLIT_DEPTH` moves to ``parts`` shares by a
hash of their words, so share ``k`` of ``n`` is a search of its own: it needs nothing from
the others, and the grid has no fill exactly when every share ends without one. A proof
that takes days of one core (the open 7x7 at Spread the Wordlist's 50: about 3.6e10 nodes,
Knuth's estimate) becomes ``n`` tasks of a Dask cluster, run in any order, in batches, or
again after a worker dies. Each share re-walks the moves above the split to find its own
nodes; that overhead is measured (benchmarks/squares_shares.py) and documented in
docs/crossword-fill.md, with what a proof costs on a cluster of a given size.

The same goes for a small dense grid (fill/dense.py: the square search over lines that
blocks at their ends shorten, such as a 7x7 with two corner blocks).

A share searches in one run (no restarts: restarts help find a fill sooner, but a share of
a proof has to be searched to its end anyway, and each restart walks again what the last
one walked). ``max_nodes`` bounds a share (the benchmark's throughput probe); a share cut
by it, by the time limit or by Ctrl-C is ``timeout`` and proves nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from time import process_time
from typing import Any, Literal

from puzzlewright.crossword.fill import dense
from puzzlewright.crossword.fill.problem import build_problem, place_solution
from puzzlewright.crossword.fill.quality import value_weights
from puzzlewright.crossword.fill.request import FillRequest
from puzzlewright.crossword.fill.run import candidate_scores
from puzzlewright.crossword.fill.squares import SquareSearch, applies
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import StopReason, StopSignal, clock, fields_json
from puzzlewright.workers import POLL, check_scheduler, dask_client, import_distributed

MAX_PARTS = 10_000_000
"""Most shares a proof may be split into (a share re-walks the moves above the split, so
far more shares than nodes below it would be all overhead)."""

SHARE_SPLIT_DEPTH = 1
"""Moves after which a proof's space is dealt to its shares: after the first, every share
walks only the first moves above its part (19,665 nodes, 0.2 CPU s on the open 7x7 at
STWL 50); after two (the portfolio's split) it walks every pair of first moves, which on
the open 7x7 had not ended after 60 CPU s."""

ShareStatus = Literal["filled", "exhausted", "timeout"]
ProofStatus = Literal["filled", "unfillable", "partial"]


@dataclass(frozen=True)
class ShareResult:
    """One share's search: a fill (its rows), exhausted (no fill in this share) or cut."""

    share: int
    parts: int
    status: ShareStatus
    nodes: int
    seconds: float
    cpu_seconds: float
    fill: list[str] | None = None
    stop_reason: StopReason | None = None

    def to_json(self) -> dict[str, object]:
        found = fields_json(self, "share parts status nodes fill stop_reason")
        return {
            **found,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
        }


@dataclass
class SquareProof:
    """The shares searched so far and what they prove: ``filled`` (a share found a fill),
    ``unfillable`` (every share of ``parts`` exhausted) or ``partial`` (some not yet).
    ``stop_reason``: why the proof ended before its shares did (the time limit or Ctrl-C, or
    ``limit`` when the node bound cut a share); None when nothing cut it."""

    parts: int
    shares: list[ShareResult] = field(default_factory=list)
    stop_reason: StopReason | None = None

    @property
    def status(self) -> ProofStatus:
        if any(s.status == "filled" for s in self.shares):
            return "filled"
        exhausted = {s.share for s in self.shares if s.status == "exhausted"}
        return "unfillable" if len(exhausted) == self.parts else "partial"

    @property
    def nodes(self) -> int:
        return sum(s.nodes for s in self.shares)

    def to_json(self) -> dict[str, object]:
        done = sum(s.status != "timeout" for s in self.shares)
        fill = next((s.fill for s in self.shares if s.fill is not None), None)
        return {
            "status": self.status,
            "parts": self.parts,
            "shares_searched": done,
            "nodes": self.nodes,
            "cpu_seconds": round(sum(s.cpu_seconds for s in self.shares), 3),
            "fill": fill,
            "stop_reason": self.stop_reason,
            "shares": [s.to_json() for s in self.shares],
        }


def check_share(request: FillRequest, share: int, parts: int) -> None:
    """Refuse a share outside ``0..parts-1`` or a split finer than :data:`MAX_PARTS`."""
    if not 1 <= parts <= MAX_PARTS:
        raise PuzzleInputError(f"parts must be 1 to {MAX_PARTS}", parameters=("parts",))
    if not 0 <= share < parts:
        raise PuzzleInputError(f"share must be 0 to {parts - 1}", parameters=("share",))
    request.check()


def search_share(
    request: FillRequest,
    words: WordList,
    share: int,
    parts: int,
    *,
    stop: StopSignal | None = None,
    max_nodes: int | None = None,
    split_depth: int = SHARE_SPLIT_DEPTH,
) -> ShareResult:
    """Search share ``share`` of ``parts`` of the request's double word square (or small
    dense grid, fill/dense.py) to its end (or to the first fill). Raises PuzzleInputError
    when neither search takes the grid (other blocks, bars, a region, a shared-substring
    limit)."""
    check_share(request, share, parts)
    started, cpu = clock(), process_time()
    problem = build_problem(request.grid, words, request.min_score, request.region)
    limits = (problem, request.region, request.max_shared_substring)
    kind: type[SquareSearch] | None = SquareSearch if applies(*limits) else None
    if kind is None and dense.applies(*limits):
        kind = dense.DenseSearch
    if kind is None:
        raise PuzzleInputError(
            "a proof in shares needs a grid without blocks or bars (a double word square) "
            "or a small dense grid (every row and column one entry of 6 letters or more), "
            "with no region or shared-substring limit"
        )
    stop = stop or StopSignal()
    search = kind(
        problem,
        seed=request.seed,
        stop=stop,
        weights=value_weights(candidate_scores(problem), quality=True),
        part=(share, parts),
        max_nodes=max_nodes,
        restarts=False,
        split_depth=split_depth,
    )
    found = search.run(1)
    spent = (found.nodes, clock() - started, process_time() - cpu)
    if found.fills:
        solution = search.outcome(found).solutions[0]
        rows = place_solution(problem, solution).rows_text()
        return ShareResult(share, parts, "filled", *spent, fill=rows)
    if found.complete:
        return ShareResult(share, parts, "exhausted", *spent)
    reason: StopReason = stop.reason or "limit"
    return ShareResult(share, parts, "timeout", *spent, stop_reason=reason)


def prove_square(
    request: FillRequest,
    words: WordList,
    parts: int,
    *,
    shares: Iterable[int] | None = None,
    scheduler: str | None = None,
    client: Any = None,
    stop: StopSignal | None = None,
    max_nodes: int | None = None,
    on_share: Callable[[ShareResult], None] | None = None,
) -> SquareProof:
    """Search ``shares`` (default: all ``parts``) of the square, each as one Dask task on
    ``client`` or the cluster at ``scheduler``, or one after another in this process when
    neither is given. Ends once a share finds a fill, or when ``stop`` fires (the shares
    not yet back are missing from the result: ``partial``). ``max_nodes`` bounds each share
    (a share it cuts proves nothing)."""
    chosen = list(range(parts) if shares is None else shares)
    for share in chosen:
        check_share(request, share, parts)
    stop = stop or StopSignal()
    proof = SquareProof(parts)
    if scheduler is None and client is None:
        for share in chosen:
            result = search_share(request, words, share, parts, stop=stop, max_nodes=max_nodes)
            proof.shares.append(result)
            if on_share is not None:
                on_share(result)
            if result.status == "filled" or stop.should_stop():
                break
    else:
        check_scheduler(scheduler)
        with dask_client(scheduler, client) as dask:
            _run_on_dask(dask, (request, words, parts, max_nodes), chosen, stop, proof, on_share)
        proof.shares.sort(key=lambda s: s.share)
    cut = (s.stop_reason for s in proof.shares if s.stop_reason is not None)
    proof.stop_reason = stop.reason or next(cut, None)
    return proof


Job = tuple[FillRequest, WordList, int, int | None]
"""What every share task takes: the request, the words, the parts and the node bound."""


def _run_on_dask(
    dask: Any,
    job: Job,
    chosen: list[int],
    stop: StopSignal,
    proof: SquareProof,
    on_share: Callable[[ShareResult], None] | None,
) -> None:
    """Submit the shares (the word list scattered once, each share's time limit what is
    left of ``stop``'s), gather them as they end, and cancel the rest after a fill or when
    ``stop`` fires (polled every :data:`~puzzlewright.workers.POLL` seconds)."""
    distributed = import_distributed()
    request, words, parts, max_nodes = job
    remote_words = dask.scatter(words, broadcast=True)
    limit = stop.remaining()
    futures = [
        dask.submit(
            _share_task, request, remote_words, share, parts, (limit, max_nodes), pure=False
        )
        for share in chosen
    ]
    pending = distributed.as_completed(futures)
    while not pending.is_empty() and not stop.should_stop():
        if not pending.has_ready():
            time.sleep(POLL)
            continue
        for future in pending.next_batch(block=False):
            result: ShareResult = future.result()
            proof.shares.append(result)
            if on_share is not None:
                on_share(result)
            if result.status == "filled":
                dask.cancel(futures)
                return
    dask.cancel([future for future in futures if not future.done()])


def _share_task(
    request: FillRequest,
    words: WordList,
    share: int,
    parts: int,
    bounds: tuple[float | None, int | None],
) -> ShareResult:
    """One share on a worker (its time limit counted from its start there)."""
    timeout, max_nodes = bounds
    return search_share(request, words, share, parts, stop=StopSignal(timeout), max_nodes=max_nodes)
