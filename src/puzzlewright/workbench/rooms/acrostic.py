"""The acrostic studio: live checks, completion of open rows (a job), preview, save/export.

Handlers check the request and call the engine (acrostic.live) and the render layer; the
page is static/acrostic/. No puzzle logic here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

from puzzlewright.acrostic.live import complete_rows, finished_ipuz, studio_state
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon.function_words import FUNCTION_WORDS
from puzzlewright.render import acrostic_document, render
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
from puzzlewright.workbench.state import words_of, workbench

ROOM = Room("acrostic", "Acrostic", "/acrostic", "acrostic/room.js", "acrostic/acrostic.css")
MAX_ROWS = 60
EXPORTS = {".ipuz": "ipuz", ".pdf": "pdf", ".html": "html"}


@dataclass
class Draft:
    """The studio's puzzle as the page sends it."""

    quote: str
    source: str
    answers: list[str]
    clues: dict[str, str] = field(default_factory=dict)
    min_length: int = 4


def draft_of(doc: dict[str, Any]) -> Draft:
    clues = doc.get("clues") or {}
    if not isinstance(clues, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and len(v) <= 500 for k, v in clues.items()
    ):
        raise ApiError(400, "clues must map labels to texts of at most 500 characters")
    return Draft(
        quote=field_str(doc, "quote", limit=2000),
        source=field_str(doc, "source", limit=200),
        answers=field_strings(doc, "answers", limit=MAX_ROWS),
        clues=clues,
        min_length=field_int(doc, "min_length", 4, 1, 20) or 4,
    )


async def home(request: Request) -> Response:
    """The acrostic studio's page."""
    return page(ROOM, workbench(request).rooms)


async def check(request: Request) -> JSONResponse:
    """The live checks: rows, letter pool, reasons the puzzle cannot be finished."""
    bench = workbench(request)
    doc = await json_body(request)
    draft = draft_of(doc)
    words = await words_of(bench, doc)
    state = await bench.compute.run(
        lambda: studio_state(
            draft.quote, draft.source, draft.answers, words, min_length=draft.min_length
        )
    )
    return JSONResponse(state.to_json())


@dataclass
class CompleteTask:
    """Completion of the open rows in a worker: a ``best`` event with the first exact set as
    soon as it is found and with each better one (words in row order, mean, bound), then
    one ``result`` event."""

    draft: Draft
    words: WordList
    banned: list[str]
    avoid: list[str]
    seed: int
    improve: float
    timeout: float
    kind: str = "acrostic"

    def run(self, stop: StopSignal, post: Callable[[Event], None]) -> None:
        locked = {i: word for i, word in enumerate(self.draft.answers) if word.strip()}
        post({"type": "progress", "locked": len(locked)})
        done = complete_rows(
            self.draft.quote,
            self.draft.source,
            locked,
            self.words,
            banned=self.banned,
            avoid=self.avoid,
            seed=self.seed,
            improve=self.improve,
            tries=COMPLETE_TRIES,
            min_length=self.draft.min_length,
            stop=stop,
            progress=lambda best: post({"type": "best", **best.to_json()}),
        )
        post({"type": "result", **done.to_json()})


COMPLETE_TRIES = 1
"""One start per completion: the studio answers in seconds, and a constructor asks again
(with another seed) rather than waits for a second basin."""

COMPLETE_EFFORT = 2.0
"""Seconds' worth of improvement steps per answer set when a request names no ``improve``
(the steps are counted, so the same seed gives the same set on any machine)."""


async def complete(request: Request) -> JSONResponse:
    """Start completing the open rows (filled rows are kept); returns the job id."""
    bench = workbench(request)
    doc = await json_body(request)
    draft = draft_of(doc)
    if not draft.quote.strip() or not draft.source.strip():
        raise ApiError(400, "type the quotation and the source first")
    banned = field_strings(doc, "banned", limit=500)
    if doc.get("avoid_function_words"):  # THAT, NEXT, NOPE ... make poor clues
        banned = [*banned, *sorted(FUNCTION_WORDS)]
    task = CompleteTask(
        draft,
        await words_of(bench, doc),
        banned=banned,
        avoid=field_strings(doc, "avoid", limit=MAX_ROWS),
        seed=field_int(doc, "seed", 0, 0, 2**31) or 0,
        improve=field_float(doc, "improve", COMPLETE_EFFORT, 0.0, 120.0),
        timeout=field_float(doc, "timeout", 60.0, 0.5, 600.0),
    )
    return JSONResponse({"job": bench.jobs.start(task).id})


def _ipuz(draft: Draft, words: WordList, doc: dict[str, Any]) -> dict[str, Any]:
    return finished_ipuz(
        draft.quote,
        draft.source,
        draft.answers,
        words,
        clues=draft.clues,
        title=field_str(doc, "title", limit=200),
        author=field_str(doc, "author", limit=200),
        width=field_int(doc, "width", 15, 5, 40) or 15,
    )


async def preview(request: Request) -> JSONResponse:
    """The numbered grid as it will print (SVG), with each clue's quotation numbers."""
    bench = workbench(request)
    doc = await json_body(request)
    draft = draft_of(doc)
    words = await words_of(bench, doc)

    def work() -> dict[str, Any]:
        document = acrostic_document(_ipuz(draft, words, doc))
        svg = render(document, "svg").decode("utf-8")
        clues = [
            {"label": e.label, "clue": e.text, "numbers": [b.number for b in e.blanks]}
            for section in document.sections
            for e in section.entries
        ]
        return {"svg": svg, "clues": clues}

    return JSONResponse(await bench.compute.run(work))


async def save(request: Request) -> JSONResponse:
    """Save the finished puzzle as .ipuz, or print it as .pdf / .html (with ``key``), or
    as a playable page (``format: "play"``, an .html file, as the crossword room exports)."""
    bench = workbench(request)
    doc = await json_body(request)
    draft = draft_of(doc)
    refusal = "the file name must end in .ipuz, .pdf or .html"
    path, kind = save_target(bench.config.root, doc, EXPORTS, refusal)
    if kind == "html" and doc.get("format") == "play":
        kind = "play"
    words = await words_of(bench, doc)

    def produce() -> bytes:
        data = _ipuz(draft, words, doc)
        if kind == "ipuz":
            return json_bytes(data)
        return render(acrostic_document(data), kind, key=bool(doc.get("key")))  # type: ignore[arg-type]

    return await write_file(bench, path, produce, overwrite=bool(doc.get("overwrite")))


ROUTES = [
    Route(ROOM.path, home),
    Mount(
        "/api/acrostic",
        routes=[
            Route("/check", check, methods=["POST"]),
            Route("/complete", complete, methods=["POST"]),
            Route("/preview", preview, methods=["POST"]),
            Route("/save", save, methods=["POST"]),
        ],
    ),
]
"""The acrostic studio's page and API."""
