"""The cryptarithm studio: live solve, encode, find (a streamed job), save, print sheet.

Handlers check the request and call the engines (cryptarithm.live_solve, encode, find) in a
worker thread or a worker process; the page is static/cryptarithm/. No puzzle logic here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

from puzzlewright.cryptarithm.encode import encode as encode_equation
from puzzlewright.cryptarithm.find import FindSpec, build_spec, parse_form, shard_count
from puzzlewright.cryptarithm.find import find as run_find
from puzzlewright.cryptarithm.find_themes import find_pool
from puzzlewright.cryptarithm.live_solve import live_solve
from puzzlewright.cryptarithm.solver import Cryptarithm
from puzzlewright.render.cryptarithm_sheet import SheetPuzzle, render_sheet
from puzzlewright.stopping import StopSignal
from puzzlewright.workbench.files import write_file
from puzzlewright.workbench.http import (
    ApiError,
    field_float,
    field_int,
    field_str,
    field_strings,
    json_body,
    json_bytes,
    save_target,
)
from puzzlewright.workbench.jobs import Event
from puzzlewright.workbench.shell import Room, page
from puzzlewright.workbench.state import on_builtin_list, words_of, workbench

ROOM = Room(
    "cryptarithm",
    "Cryptarithm",
    "/cryptarithm",
    "cryptarithm/room.js",
    "cryptarithm/cryptarithm.css",
)
SOLVE_SECONDS = 2.0  # a live solve answers within this, with what it found
ENCODE_SECONDS = 10.0
MAX_SHEET = 40
SAVES = {".json": "json", ".html": "html"}  # puzzles with solutions; a print sheet


async def home(request: Request) -> Response:
    """The cryptarithm studio's page."""
    return page(ROOM, workbench(request).rooms)


async def solve(request: Request) -> JSONResponse:
    """Solutions (the first ten), the count and the verdict of the typed puzzle."""
    bench = workbench(request)
    doc = await json_body(request)
    base = field_int(doc, "base", 10, 2, 36) or 10
    found = await bench.compute.run(
        lambda: live_solve(
            field_str(doc, "puzzle", limit=5000),
            base=base,
            leading_zeros=bool(doc.get("leading_zeros")),
            assign=field_str(doc, "assign", limit=200),
            forbid=field_strings(doc, "forbid", limit=40),
            digits=field_str(doc, "digits", limit=100) or None,
            count_limit=field_int(doc, "count_limit", 1000, 1, 100_000) or 1000,
            stop=StopSignal(SOLVE_SECONDS),
            explain_steps=bool(doc.get("explain")),
        )
    )
    return JSONResponse(found.to_json())


async def encode(request: Request) -> JSONResponse:
    """Word encodings of a true equation, unique shapes first."""
    bench = workbench(request)
    doc = await json_body(request)
    text = field_str(doc, "equation", limit=200)
    words = await words_of(bench, doc)
    result = await bench.compute.run(
        lambda: encode_equation(
            text,
            words,
            limit=field_int(doc, "limit", 20, 1, 200) or 20,
            min_score=field_int(doc, "min_score", None, 0, 1_000_000),
            stop=StopSignal(ENCODE_SECONDS),
        )
    )
    return JSONResponse(result.to_json())


@dataclass
class FindTask:
    """A find run in a worker: ``puzzle`` events as found, ``progress`` per shard."""

    spec: FindSpec
    limit: int
    max_candidates: int
    timeout: float
    kind: str = "find"

    def run(self, stop: StopSignal, post: Callable[[Event], None]) -> None:
        total = shard_count(self.spec)
        finished = run_find(
            self.spec,
            limit=self.limit,
            max_candidates=None if total is not None else self.max_candidates,
            stop=stop,
            on_puzzle=lambda p: post({"type": "puzzle", **p.to_json()}),
            on_shard=lambda done, all_, run: post(
                {"type": "progress", "shards": done, "total": all_, "found": len(run.puzzles)}
            ),
        )
        post(
            {
                "type": "result",
                "found": len(finished.puzzles),
                "stop_reason": finished.stop_reason,
                "candidates": finished.stats.candidates,
                "seconds": round(finished.seconds, 2),
            }
        )


async def find(request: Request) -> JSONResponse:
    """Start a find job over a theme, typed words or the word list; returns the job id."""
    bench = workbench(request)
    doc = await json_body(request)
    words = await words_of(bench, doc)
    form = parse_form(field_str(doc, "form", "A + B = C", limit=40))
    theme = field_str(doc, "theme", limit=20_000)
    min_score = field_int(doc, "min_score", None, 0, 1_000_000)
    builtin = on_builtin_list(bench, doc)
    result = field_str(doc, "result", limit=40).strip()

    def make_spec() -> FindSpec:
        scores = words.scores()
        themes = [theme] if theme.strip() else []
        pool = find_pool(words, themes, min_score=min_score, builtin=builtin)
        target = words.alphabet.normalize(result) if result else None
        return build_spec(
            form,
            pool=pool,
            scores=scores,
            result=target,
            seed=field_int(doc, "seed", 0, 0, 2**31) or 0,
        )

    spec = await bench.compute.run(make_spec)
    task = FindTask(
        spec,
        limit=field_int(doc, "limit", 20, 1, 500) or 20,
        max_candidates=field_int(doc, "candidates", 400_000, 1, 10_000_000) or 400_000,
        timeout=field_float(doc, "timeout", 120.0, 0.1, 3600.0),
    )
    job = bench.jobs.start(task)
    return JSONResponse({"job": job.id, "words": len(spec.pool), "form": form.text()})


def _sheet_puzzles(doc: dict[str, Any]) -> list[SheetPuzzle]:
    """The puzzles of a save or print request, each solved again (nothing trusted)."""
    texts = field_strings(doc, "puzzles", limit=MAX_SHEET)
    if not texts:
        raise ApiError(400, "puzzles must list at least one puzzle")
    out = []
    for text in texts:
        puzzle = Cryptarithm.parse(text)
        found = puzzle.search(limit=2, stop=StopSignal(SOLVE_SECONDS))
        if found.count != 1 or not found.complete:
            raise ApiError(422, f"{text} does not have exactly one solution")
        out.append(SheetPuzzle(puzzle.text, found.solutions[0]))
    return out


async def save(request: Request) -> JSONResponse:
    """Save puzzles with their solutions as JSON, or print them as an HTML sheet + key."""
    bench = workbench(request)
    doc = await json_body(request)
    refusal = "the file name must end in .json (puzzles) or .html (print sheet)"
    path, kind = save_target(bench.config.root, doc, SAVES, refusal)
    title = field_str(doc, "title", "Cryptarithms", limit=200) or "Cryptarithms"
    key = doc.get("key", True) is not False

    def produce() -> bytes:
        puzzles = _sheet_puzzles(doc)
        if kind == "html":
            return render_sheet(puzzles, title=title, key=key).encode("utf-8")
        records = [{"puzzle": p.puzzle, "solution": p.solution} for p in puzzles]
        return json_bytes({"title": title, "puzzles": records})

    return await write_file(bench, path, produce, overwrite=bool(doc.get("overwrite")))


ROUTES = [
    Route(ROOM.path, home),
    Mount(
        "/api/cryptarithm",
        routes=[
            Route("/solve", solve, methods=["POST"]),
            Route("/encode", encode, methods=["POST"]),
            Route("/find", find, methods=["POST"]),
            Route("/save", save, methods=["POST"]),
        ],
    ),
]
"""The cryptarithm studio's page and API."""
