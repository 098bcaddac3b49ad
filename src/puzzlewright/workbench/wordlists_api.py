"""The word lists a page works with: what is active (names, size, score histogram, the
minimum score) and the folder's personal list (``personal.dict``), read and edited.

``POST /api/wordlists/active`` answers for the ``words``/``min_score`` of a request exactly
as every other call would load them, so the Words tab shows the truth (a server started with
``--words`` shows that list, not the built-in one). ``GET /api/wordlists/personal`` lists
the personal edits; ``POST`` sets one (``word``, ``score``: 0 removes the word from every
list) or forgets it (``score: null``); later calls use the edited list.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route

from puzzlewright.lexicon import WordList
from puzzlewright.lexicon.personal import MAX_SCORE
from puzzlewright.lexicon.stats import score_histogram
from puzzlewright.workbench.http import ApiError, field_int, field_str, field_strings, json_body
from puzzlewright.workbench.state import words_of, workbench


def _summary(words: WordList, min_score: int | None) -> tuple[dict[int, int], int]:
    """The list's score histogram and how many of its words reach ``min_score``."""
    scores = words.scores().values()
    usable = len(words) if min_score is None else sum(1 for s in scores if s >= min_score)
    return score_histogram(words), usable


async def active_lists(request: Request) -> JSONResponse:
    """The lists a request with these ``words`` and ``min_score`` uses, described."""
    bench = workbench(request)
    doc = await json_body(request)
    sources = field_strings(doc, "words", limit=8) or bench.lexicons.default("crossword")
    min_score = field_int(doc, "min_score", bench.config.min_score, 0, 1_000_000)
    words = await words_of(bench, doc, "crossword")
    histogram, usable = await bench.compute.run(lambda: _summary(words, min_score))
    personal = bench.lexicons.personal
    return JSONResponse(
        {
            "layers": [
                {"source": source, "name": bench.lexicons.name_of(source)} for source in sources
            ],
            "default": sources == bench.lexicons.default("crossword"),
            "words": len(words),
            "usable": usable,
            "min_score": min_score,
            "histogram": [[bucket, count] for bucket, count in histogram.items()],
            "personal": {"file": personal.path.name, "entries": len(personal.entries)},
        }
    )


async def personal_list(request: Request) -> JSONResponse:
    """The personal list's edits, or one edit made (``word``, ``score`` or null)."""
    bench = workbench(request)
    if request.method == "POST":
        doc = await json_body(request)
        word = field_str(doc, "word", limit=60)
        if "score" not in doc:
            raise ApiError(400, "give score (0 removes the word; null forgets the edit)")
        score = field_int(doc, "score", None, 0, MAX_SCORE)
        await run_in_threadpool(bench.lexicons.edit_personal, word, score)
    return JSONResponse(bench.lexicons.personal.to_json())


def routes() -> list[BaseRoute]:
    """The active-list and personal-list routes (shared by the rooms)."""
    return [
        Route("/api/wordlists/active", active_lists, methods=["POST"]),
        Route("/api/wordlists/personal", personal_list, methods=["GET", "POST"]),
    ]
