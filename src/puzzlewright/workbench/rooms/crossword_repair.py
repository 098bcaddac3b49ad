"""The crossword room's grid repair: ``POST /api/crossword/repair`` starts a job that
proposes the fewest symmetric block changes making the grid fill (the
:func:`~puzzlewright.crossword.repair.repair` engine, its request built here and passed on
as it came). The page offers it on the "cannot be filled" banner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import JSONResponse

from puzzlewright.crossword.repair import RepairRequest, repair
from puzzlewright.crossword.repair_moves import REPAIR_SYMMETRIES, resolve_symmetry
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import StopSignal
from puzzlewright.workbench.http import (
    ApiError,
    field_float,
    field_int,
    field_str,
    field_strings,
    json_body,
)
from puzzlewright.workbench.jobs import Event
from puzzlewright.workbench.puzzles import grid_from_doc
from puzzlewright.workbench.state import words_of, workbench

MAX_CHANGES = 4
MAX_PROPOSALS = 8


@dataclass(frozen=True)
class RepairTask:
    """A repair: ``progress`` events (level, trial fills, proposals), then one ``result``:
    the engine's own document (``RepairResult.to_json()``)."""

    request: RepairRequest
    words: WordList
    timeout: float
    kind: str = "repair"

    def run(self, stop: StopSignal, post: Callable[[Event], None]) -> None:
        def progress(level: int, trials: int, found: int) -> None:
            post({"type": "progress", "changes": level, "trials": trials, "proposals": found})

        result = repair(self.request, self.words, stop=stop, on_progress=progress)
        post({"type": "result", **result.to_json()})


async def start_repair(request: Request) -> JSONResponse:
    """Start a repair job of the grid sent (``locked``: entry keys kept as they are)."""
    bench = workbench(request)
    doc = await json_body(request)
    grid = grid_from_doc(doc)
    if grid.is_barred:
        raise ApiError(400, "repair moves blocks: a barred grid has none to move")
    keys = {slot.key for slot in grid.slots()}
    locked = tuple(key.upper() for key in field_strings(doc, "locked", limit=2000))
    unknown = [key for key in locked if key not in keys]
    if unknown:
        raise ApiError(400, f"the grid has no entry {unknown[0]}")
    symmetry = field_str(doc, "symmetry", "auto", limit=12) or "auto"
    if symmetry not in REPAIR_SYMMETRIES:
        raise ApiError(400, f"symmetry must be one of {', '.join(REPAIR_SYMMETRIES)}")
    repair_request = RepairRequest(
        grid,
        min_score=field_int(doc, "min_score", bench.config.min_score, 0, 1_000_000),
        max_changes=field_int(doc, "max_changes", 2, 1, MAX_CHANGES) or 2,
        symmetry=symmetry,  # checked above
        min_length=field_int(doc, "min_length", 3, 2, 99) or 3,
        max_words=field_int(doc, "max_words", None, 1, 10_000),
        locked=locked,
        seed=field_int(doc, "seed", 0, 0, 2**31) or 0,
        count=field_int(doc, "count", 3, 1, MAX_PROPOSALS) or 3,
    )
    repair_request.check()
    resolve_symmetry(grid, repair_request.symmetry)  # a grid without it: 400 now, not later
    words = await words_of(bench, doc, "crossword", less_banned=True)
    task = RepairTask(repair_request, words, field_float(doc, "timeout", 120.0, 0.1, 3600.0))
    return JSONResponse(bench.jobs.start(task).to_json(), status_code=202)
