"""The crossword room's difficulty estimate: ``POST /api/crossword/difficulty`` returns
``{"difficulty": estimate}`` for a filled grid (the engine's ``to_json()``: level, day,
per-entry familiarity and falls_at for the page's heat map, Naticks), or ``{"difficulty":
null, "reason": ...}`` while cells are empty. Crossing letters are matched against the
request's word list (``words``), by default the built-in English list the scale was
calibrated with (docs/difficulty.md). CPU work runs on the compute thread; no puzzle logic.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from puzzlewright.crossword.difficulty import estimate_difficulty
from puzzlewright.workbench.http import json_body
from puzzlewright.workbench.puzzles import grid_from_doc
from puzzlewright.workbench.state import words_of, workbench


async def difficulty(request: Request) -> JSONResponse:
    """The difficulty estimate of the grid in the body, once every cell is filled."""
    bench = workbench(request)
    doc = await json_body(request)
    grid = grid_from_doc(doc)
    if not grid.is_filled():
        empty = sum(1 for r, c in grid.positions() if not grid.cells[r][c])
        return JSONResponse({"difficulty": None, "reason": f"fill the grid first ({empty} empty)"})
    words = await words_of(bench, doc, "english")

    def work() -> dict[str, Any]:
        return {"difficulty": estimate_difficulty(grid, words).to_json()}

    return JSONResponse(await bench.compute.run(work))
