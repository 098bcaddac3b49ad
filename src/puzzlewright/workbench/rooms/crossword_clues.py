"""The crossword room's clue ideas: ``POST /api/crossword/clue-ideas`` offers, for the
entry being clued, your earlier clues (from the puzzles in the workbench's folder), WordNet
drafts, and the recent earlier use the clue being typed repeats.

The body names ``answer`` (the entry's letters), optionally ``clue`` (the clue as typed),
``puzzle`` (the open file, relative to the folder: its own clues are not "earlier"),
``recent_days`` (default 365) and ``refresh`` (true: read the folder again now). The index
of the folder's clues (:mod:`puzzlewright.crossword.clue_history`) is built off the event
loop, at most ``INDEX_SECONDS`` of work, and kept for ``INDEX_TTL`` seconds; paths in the
answer are relative to the folder. The handler holds no puzzle logic.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from puzzlewright.crossword.clue_history import ClueIndex, build_index, suggest
from puzzlewright.stopping import StopSignal, clock
from puzzlewright.workbench.http import ApiError, field_float, field_str, json_body

INDEX_TTL = 30.0
INDEX_SECONDS = 10.0
MAX_ANSWER = 40


class ClueHistory:
    """The folder's clue index, rebuilt when older than ``INDEX_TTL`` or when asked."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.index: ClueIndex | None = None
        self.built = 0.0
        self.lock = threading.Lock()

    def get(self, refresh: bool = False) -> ClueIndex:
        """The index (built in the calling thread when missing, stale or ``refresh``)."""
        with self.lock:
            if refresh or self.index is None or clock() - self.built > INDEX_TTL:
                self.index = build_index(self.root, stop=StopSignal(INDEX_SECONDS))
                self.built = clock()
            return self.index


def history_of(request: Request) -> ClueHistory:
    """The app's ClueHistory, made on first use for the workbench's folder."""
    state = request.app.state
    found: ClueHistory | None = getattr(state, "clue_history", None)
    if found is None:
        found = ClueHistory(Path(state.workbench.config.root))
        state.clue_history = found
    return found


def _relative(document: dict[str, Any], root: Path) -> dict[str, Any]:
    """A ClueUse's JSON with its path relative to ``root``."""
    path = Path(str(document["path"]))
    return {
        **document,
        "path": str(path.relative_to(root)) if path.is_relative_to(root) else path.name,
    }


async def clue_ideas(request: Request) -> JSONResponse:
    """Earlier clues, drafts and the repeat warning for one entry."""
    doc = await json_body(request)
    answer = field_str(doc, "answer", limit=MAX_ANSWER)
    if not any(ch.isalpha() for ch in answer):
        raise ApiError(400, "answer must hold letters")
    clue = field_str(doc, "clue", limit=1000)
    recent_days = field_float(doc, "recent_days", 365.0, 0.0, 36_500.0)
    history = history_of(request)
    root = history.root
    puzzle = field_str(doc, "puzzle", limit=1000)
    exclude = str((root / puzzle).resolve()) if puzzle else ""
    if exclude and not Path(exclude).is_relative_to(root):
        raise ApiError(400, "puzzle must be a file inside the workbench's folder")
    index = await run_in_threadpool(history.get, doc.get("refresh") is True)
    found = await run_in_threadpool(
        lambda: suggest(
            answer, index, clue=clue, now=time.time(), recent_days=recent_days, exclude=exclude
        )
    )
    result = found.to_json()
    result["history"] = [_relative(use, root) for use in result["history"]]  # type: ignore[attr-defined]
    if result["repeat"] is not None:
        result["repeat"] = _relative(result["repeat"], root)  # type: ignore[arg-type]
    result["index"] = index.to_json() | {"folder": ".", "skipped": len(index.skipped)}
    return JSONResponse(result)
