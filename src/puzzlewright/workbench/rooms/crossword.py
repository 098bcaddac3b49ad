"""The crossword room: its page and its JSON API (analyse, candidates, fill, check, pattern).

Handlers parse and check the request, call the engines (crossword.analysis, fill, pattern)
in a worker thread or, for long work, as a job (:mod:`.crossword_jobs`), and return the
engines' JSON. No puzzle logic. The file API the page also uses is the app's (files.py).
"""

from __future__ import annotations

import random
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

from puzzlewright.crossword.analysis import (
    analyse_grid,
    compile_filter,
    entry_candidates,
    grid_stats,
)
from puzzlewright.crossword.fill import FillRequest
from puzzlewright.crossword.fill.problem import Region
from puzzlewright.crossword.fill.run import describe_fill
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.pattern import (
    SYMMETRIES,
    FillCheck,
    PatternSpec,
    checked_fill,
    generate_patterns,
    symmetric_pattern,
)
from puzzlewright.crossword.statistics import fill_statistics
from puzzlewright.crossword.theme import ThemedSpec, parse_theme
from puzzlewright.workbench.http import (
    ApiError,
    field_float,
    field_int,
    field_str,
    field_strings,
    json_body,
)
from puzzlewright.workbench.puzzles import MAX_SIDE, grid_from_doc
from puzzlewright.workbench.rooms.crossword_clues import clue_ideas
from puzzlewright.workbench.rooms.crossword_difficulty import difficulty
from puzzlewright.workbench.rooms.crossword_jobs import CheckTask, FillTask
from puzzlewright.workbench.rooms.crossword_repair import start_repair
from puzzlewright.workbench.shell import Room, page
from puzzlewright.workbench.state import Workbench, words_of, workbench

ROOM = Room("crossword", "Crossword", "/", "crossword/room.js", "crossword/crossword.css")
MAX_COUNT = 20
MAX_CHECKS = 40
MAX_SHARED = 25  # a shared-substring limit longer than any entry is no limit


async def home(request: Request) -> Response:
    """The crossword constructor's page."""
    return page(ROOM, workbench(request).rooms)


def min_score_of(bench: Workbench, doc: dict[str, Any]) -> int | None:
    return field_int(doc, "min_score", bench.config.min_score, 0, 1_000_000)


async def analyse(request: Request) -> JSONResponse:
    """Viable letters per cell, entries with candidate counts, dead entries, statistics."""
    bench = workbench(request)
    doc = await json_body(request)
    grid = grid_from_doc(doc)
    words = await words_of(bench, doc, "crossword")
    min_score = min_score_of(bench, doc)
    banned = field_strings(doc, "banned")
    theme = field_strings(doc, "theme", limit=200)  # exempt from the word-list checks

    def work() -> dict[str, Any]:
        result = analyse_grid(grid, words, min_score=min_score, banned=banned).to_json()
        stats = grid_stats(grid, words, min_score=min_score, theme=theme)
        result["stats"] = stats.to_json()
        result["statistics"] = fill_statistics(grid, words).to_json()
        return result

    return JSONResponse(await bench.compute.run(work))


async def candidates(request: Request) -> JSONResponse:
    """The candidates of one entry, best first, every crossing keeping a word."""
    bench = workbench(request)
    doc = await json_body(request)
    grid = grid_from_doc(doc)
    key = field_str(doc, "entry", limit=8)
    words = await words_of(bench, doc, "crossword")
    pattern = compile_filter(field_str(doc, "filter", limit=200), bool(doc.get("regex")))
    limit = field_int(doc, "limit", 200, 1, 2000) or 200
    found = await bench.compute.run(
        lambda: entry_candidates(
            grid,
            words,
            key,
            min_score=min_score_of(bench, doc),
            banned=field_strings(doc, "banned"),
            pattern=pattern,
            limit=limit,
        )
    )
    return JSONResponse(found.to_json())


def region_of(doc: dict[str, Any], grid: Grid) -> Region:
    """``region``: null (all), ``{"rect": [[r1, c1], [r2, c2]]}`` or ``{"entries": [...]}``."""
    region = doc.get("region")
    if region is None:
        return None
    if isinstance(region, dict) and "rect" in region:
        rect = region["rect"]
        if (
            isinstance(rect, list)
            and len(rect) == 2
            and all(isinstance(p, list) and len(p) == 2 for p in rect)
            and all(isinstance(x, int) and not isinstance(x, bool) for p in rect for x in p)
            and all(0 <= p[0] < grid.height and 0 <= p[1] < grid.width for p in rect)
        ):
            return (tuple(rect[0]), tuple(rect[1]))
    if isinstance(region, dict) and "entries" in region:
        keys = [key.upper() for key in field_strings(region, "entries", limit=2 * MAX_SIDE**2)]
        known = {slot.key for slot in grid.slots()}
        unknown = [key for key in keys if key not in known]
        if unknown or not keys:
            raise ApiError(
                400, f"the grid has no entry {unknown[0] if unknown else '(none named)'}"
            )
        return keys
    raise ApiError(
        400,
        'region must be null, {"rect": [[r1, c1], [r2, c2]]} inside the grid or {"entries": [...]}',
    )


def quality_of(doc: dict[str, Any]) -> bool | None:
    """``quality``: true (score tiers), false (fast) or null/absent (chosen by grid and list)."""
    quality = doc.get("quality")
    if quality is not None and not isinstance(quality, bool):
        raise ApiError(400, "quality must be true, false or null")
    return quality


async def start_fill(request: Request) -> JSONResponse:
    """Start an autofill job: ``count`` ranked fills, of the whole grid or a region."""
    bench = workbench(request)
    doc = await json_body(request)
    grid = grid_from_doc(doc)
    fill = FillRequest(
        grid,
        min_score=min_score_of(bench, doc),
        seed=field_int(doc, "seed", 0, 0, 2**31) or 0,
        count=field_int(doc, "count", 5, 1, MAX_COUNT) or 1,
        max_shared_substring=field_int(doc, "max_shared_substring", None, 1, MAX_SHARED),
        region=region_of(doc, grid),
        quality=quality_of(doc),
    )
    words = await words_of(bench, doc, "crossword", less_banned=True)
    task = FillTask(fill, words, timeout=field_float(doc, "timeout", 60.0, 0.1, 3600.0))
    return JSONResponse(bench.jobs.start(task).to_json(), status_code=202)


async def start_checks(request: Request) -> JSONResponse:
    """Start fill checks of an entry's candidates (best first, a time budget each)."""
    bench = workbench(request)
    doc = await json_body(request)
    grid = grid_from_doc(doc)
    key = field_str(doc, "entry", limit=8).upper()
    slot = next((slot for slot in grid.slots() if slot.key == key), None)
    if slot is None:
        raise ApiError(400, f"the grid has no entry {key!r}")
    candidates = [word.upper() for word in field_strings(doc, "candidates", limit=MAX_CHECKS)]
    wrong = [word for word in candidates if len(word) != slot.length or not word.isalpha()]
    if wrong:
        raise ApiError(400, f"{wrong[0]!r} does not fit {key} ({slot.length} letters)")
    task = CheckTask(
        grid,
        key,
        candidates,
        await words_of(bench, doc, "crossword", less_banned=True),
        min_score=min_score_of(bench, doc),
        budget=field_float(doc, "budget", 2.0, 0.05, 60.0),
        timeout=field_float(doc, "timeout", 60.0, 0.1, 600.0),
    )
    return JSONResponse(bench.jobs.start(task).to_json(), status_code=202)


PATTERN_ATTEMPTS = 12
PATTERN_EFFORT = 300
"""The trial fill's effort per pattern New... offers, in polls (about 1 s on a 2020s core,
not the command line's 2,500): a page waiting on its first grid must not wait minutes, and a
pattern the list fills at all is usually filled well within it. Counted, so deterministic."""
"""Patterns built for New... before giving up (each is checked by a trial fill)."""


async def make_pattern(request: Request) -> JSONResponse:
    """A generated block pattern (the ``crossword pattern`` engine) that the room's word
    list fills within the fill check's step budget, so a first Autofill succeeds; with
    ``fill``, the fill that check found (``Fill.to_json()``), which the page shows at once
    when Autofill is pressed on the pattern unchanged (issue 26)."""
    bench = workbench(request)
    doc = await json_body(request)
    width = field_int(doc, "width", 15, 2, MAX_SIDE) or 15
    height = field_int(doc, "height", 15, 2, MAX_SIDE) or 15
    symmetry = field_str(doc, "symmetry", "rotational", limit=20)
    seed = field_int(doc, "seed", None, 0, 2**31)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    theme = field_str(doc, "keep", "", limit=2000)  # theme entries to build around
    if theme.strip():
        return await themed_pattern(request, doc, width, height, symmetry, seed, theme)
    words = await words_of(bench, doc, "crossword")
    check = FillCheck(words, min_score=min_score_of(bench, doc), seed=seed, effort=PATTERN_EFFORT)
    found = await bench.compute.run(
        lambda: symmetric_pattern(
            width,
            height,
            symmetry,
            seed=seed,
            min_length=min(3, width, height),
            accept=check,
            attempts=PATTERN_ATTEMPTS,
        )
    )
    if found is None:
        raise ApiError(
            422, f"no {width}x{height} pattern the word list fills; try another size or seed"
        )
    filled = checked_fill(check, found)  # the trial fill: Autofill shows it at once
    fill = None if filled is None else describe_fill(filled, words).to_json()
    return JSONResponse({"cells": found.cells, "seed": seed, "fill": fill})


THEME_TRIALS = 8  # patterns built around theme entries, each tried by the filler
THEME_FILL_SECONDS = 3.0


async def themed_pattern(
    request: Request,
    doc: dict[str, Any],
    width: int,
    height: int,
    symmetry: str,
    seed: int,
    theme: str,
) -> JSONResponse:
    """A symmetric pattern around the ``keep`` entries (``ROW,COL,A|D,ANSWER`` lines or a
    line of lengths) that the request's word list fills (the ``crossword pattern
    --theme --fillable`` engine); its letters are the theme answers only."""
    if symmetry not in SYMMETRIES:
        raise ApiError(400, f"theme patterns take the symmetries {', '.join(SYMMETRIES)}")
    spec = PatternSpec(width, height, symmetry=symmetry)
    themed = ThemedSpec(spec, parse_theme(theme, spec))
    themed.validate()
    words = await words_of(workbench(request), doc, "crossword", less_banned=True)
    check = FillCheck(words, min_score=min_score_of(workbench(request), doc), seed=seed,
                      timeout=THEME_FILL_SECONDS)  # fmt: skip
    run = await workbench(request).compute.run(
        lambda: generate_patterns(themed, 1, seed=seed, attempts=THEME_TRIALS, accept=check)
    )
    if not run.patterns:
        raise ApiError(
            422,
            f"no pattern around the theme entries that the word list fills "
            f"({run.attempts} built, {run.rejected} not filled); try another seed or layout",
        )
    return JSONResponse({"cells": run.patterns[0].cells, "seed": seed})


ROUTES = [
    Route(ROOM.path, home),
    Mount(
        "/api/crossword",
        routes=[
            Route("/analyse", analyse, methods=["POST"]),
            Route("/candidates", candidates, methods=["POST"]),
            Route("/fill", start_fill, methods=["POST"]),
            Route("/check", start_checks, methods=["POST"]),
            Route("/repair", start_repair, methods=["POST"]),  # crossword_repair.py
            Route("/pattern", make_pattern, methods=["POST"]),
            Route("/clue-ideas", clue_ideas, methods=["POST"]),  # crossword_clues.py
            Route("/difficulty", difficulty, methods=["POST"]),  # crossword_difficulty.py
        ],
    ),
]
"""The page and its API (the file, job and word-list routes it also uses are the app's)."""
