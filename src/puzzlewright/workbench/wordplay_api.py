"""The wordplay JSON API: ``POST /api/words/wordplay`` runs one wordplay helper (the
``words`` command's anagram server, hidden words, charades ...) on the request's word list.

The body names ``mode`` (one of :data:`puzzlewright.lexicon.wordplay.MODES`), ``query`` and,
for phrase anagrams, ``words_max``, ``require`` and ``result``; ``limit`` (at most 500) and
``timeout`` (at most 10 s) bound the work. The answer is the ``words --json`` document. The
search runs in the server's compute thread (workbench/compute.py); the handler holds no
puzzle logic.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route

from puzzlewright.lexicon.wordplay import MODES, Finding, find_wordplay, findings_json
from puzzlewright.stopping import StopSignal
from puzzlewright.workbench.http import ApiError, field_float, field_int, field_str, json_body
from puzzlewright.workbench.state import words_of, workbench

MAX_LIMIT = 500
MAX_SECONDS = 10.0


async def wordplay(request: Request) -> JSONResponse:
    """Findings for one wordplay mode and query, best first."""
    doc = await json_body(request)
    mode = field_str(doc, "mode", limit=20).replace("-", "_")
    if mode not in MODES:
        raise ApiError(400, f"mode must be one of {', '.join(MODES)}")
    query = field_str(doc, "query", limit=200)
    if not query.strip():
        raise ApiError(400, "query must not be empty")
    limit = field_int(doc, "limit", 50, 1, MAX_LIMIT)
    seconds = field_float(doc, "timeout", 5.0, 0.1, MAX_SECONDS)
    bench = workbench(request)
    words = await words_of(bench, doc, "english")
    words_max = field_int(doc, "words_max", 3, 1, 6) or 3
    require = field_str(doc, "require", limit=60) or None
    pattern = field_str(doc, "result", limit=200) or None
    stop = StopSignal()  # replaced when the search starts: loading the list is not its time

    def search() -> list[Finding]:
        nonlocal stop
        stop = StopSignal(seconds)
        return find_wordplay(
            words,
            mode,
            query,
            words_max=words_max,
            require=require,
            pattern=pattern,
            limit=limit,
            stop=stop,
        )

    found = await bench.compute.run(search)
    return JSONResponse(findings_json(mode, query, found, stop.reason))


def routes() -> list[BaseRoute]:
    """The wordplay API's route."""
    return [Route("/api/words/wordplay", wordplay, methods=["POST"])]
