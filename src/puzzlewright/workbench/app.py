"""The ASGI app: its route table (rooms, the shared file, job and word APIs, static files),
JSON errors, the local-only guard."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from puzzlewright import __version__
from puzzlewright.errors import PuzzleInputError
from puzzlewright.workbench import files, job_routes, wordlists_api, wordplay_api
from puzzlewright.workbench.config import Config
from puzzlewright.workbench.http import ApiError, on_api_error, on_http_error
from puzzlewright.workbench.rooms import acrostic, crossword, cryptarithm
from puzzlewright.workbench.security import Guard
from puzzlewright.workbench.state import Workbench

STATIC = Path(__file__).parent / "static"
TICK = 0.5  # seconds between sweeps of finished jobs

ROOMS = (crossword, acrostic, cryptarithm)
"""The rooms, in the order the header lists them: each module's ``ROOM`` (the page) and
``ROUTES`` (the page and its ``/api/<room>`` mount). A new room adds its module here."""


class Static(StaticFiles):
    """The page's modules and styles, revalidated on every load (cheap on localhost), so an
    upgraded package never runs with stale modules."""

    def file_response(
        self, full_path: Any, stat_result: os.stat_result, scope: Any, status_code: int = 200
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = "no-cache"
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response


async def health(request: Request) -> JSONResponse:
    return JSONResponse({"ok": True, "version": __version__})


def create_app(config: Config) -> Starlette:
    """The workbench app for ``config`` (wrapped in the Host/Origin/size guard)."""
    bench = Workbench.of(config, tuple(room.ROOM for room in ROOMS))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def sweep() -> None:
            while True:
                await asyncio.sleep(TICK)
                bench.jobs.tick()

        task = asyncio.create_task(sweep())
        try:
            yield
        finally:
            task.cancel()
            bench.jobs.shutdown()
            bench.compute.shutdown()
            bench.lexicons.close()

    routes: list[BaseRoute] = [
        Route("/api/health", health),
        *(route for room in ROOMS for route in room.ROUTES),
        *files.routes(),  # open, save, export, word lists: shared by every room
        *job_routes.routes(),
        *wordplay_api.routes(),
        *wordlists_api.routes(),  # the active lists and the personal list
        Mount("/static", Static(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            ApiError: on_api_error,
            PuzzleInputError: on_api_error,
            HTTPException: on_http_error,
            Exception: on_api_error,
        },
        lifespan=lifespan,
    )
    app.state.workbench = bench
    app.add_middleware(
        Guard,
        hosts=config.host_names(),
        port=config.port,
        max_body=config.max_body,
        large_paths={files.UPLOAD_PATH: config.max_upload},
        body_timeout=config.body_timeout,
    )
    return app
