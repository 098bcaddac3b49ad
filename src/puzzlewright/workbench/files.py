"""Files in the served folder: list, open, save, export; word-list settings and uploads.

Every path comes through :func:`~puzzlewright.workbench.security.safe_path`; puzzles are
read and written by the formats layer (``save_puzzle`` writes atomically) and printed by
the render layer.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route

from puzzlewright.crossword.formats import EXTENSIONS, load_puzzle, save_puzzle
from puzzlewright.fileio import write_atomic
from puzzlewright.render import FORMATS, crossword_document, render
from puzzlewright.workbench.http import ApiError, field_str, json_body
from puzzlewright.workbench.puzzles import puzzle_from_json, puzzle_to_json
from puzzlewright.workbench.security import safe_path
from puzzlewright.workbench.state import Workbench, words_of, workbench

MAX_LISTED = 500
MAX_DEPTH = 3
MAX_OPEN = 4 * 1024 * 1024


def puzzle_files(root: Path) -> list[str]:
    """Puzzle files under ``root`` (a few levels deep, symlinks not followed), by name."""
    found: list[str] = []
    stack = [(root, 0)]
    while stack and len(found) < MAX_LISTED:
        folder, depth = stack.pop()
        try:
            children = sorted(folder.iterdir())
        except OSError:
            continue
        for child in children:
            if child.name.startswith(".") or child.is_symlink():
                continue
            if child.is_dir() and depth < MAX_DEPTH:
                stack.append((child, depth + 1))
            elif child.suffix.lower() in EXTENSIONS and child.is_file():
                found.append(child.relative_to(root).as_posix())
    return sorted(found)[:MAX_LISTED]


async def list_files(request: Request) -> JSONResponse:
    """The puzzle files in the folder, and the word lists on offer."""
    bench = workbench(request)
    names = await run_in_threadpool(puzzle_files, bench.config.root)
    return JSONResponse(
        {
            "folder": str(bench.config.root),
            "files": names,
            "wordlists": bench.lexicons.describe(),
            "default_words": bench.lexicons.default(),
            "min_score": bench.config.min_score,
        }
    )


async def open_file(request: Request) -> JSONResponse:
    """A puzzle file from the folder, as the page's JSON."""
    bench = workbench(request)
    doc = await json_body(request)
    path = safe_path(bench.config.root, doc.get("path"))
    if not path.is_file():
        raise ApiError(404, f"no file {doc.get('path')!r} in the folder")
    if path.stat().st_size > MAX_OPEN:
        raise ApiError(413, "the file is too large for a crossword")
    warnings: list[str] = []
    puzzle = await run_in_threadpool(load_puzzle, path, warnings=warnings)
    if puzzle.grid.width > 25 or puzzle.grid.height > 25:
        raise ApiError(422, "the workbench edits grids of up to 25x25")
    return JSONResponse({"puzzle": puzzle_to_json(puzzle), "warnings": warnings})


def refuse_overwrite(path: Path, doc: dict[str, Any]) -> None:
    """409 when the file at ``path`` exists and the page did not ask to ``overwrite`` it."""
    if path.exists() and not doc.get("overwrite"):
        raise ApiError(409, f"{doc.get('path')} exists; save again to replace it")


def saved(bench: Workbench, path: Path, **extra: object) -> JSONResponse:
    """The answer to a save: the file's path inside the folder (and ``extra`` fields)."""
    return JSONResponse({"saved": path.relative_to(bench.config.root).as_posix(), **extra})


async def write_file(
    bench: Workbench, path: Path, produce: Callable[[], bytes], **extra: object
) -> JSONResponse:
    """Make a file's bytes with ``produce`` off the event loop, write them atomically at
    ``path`` and answer with where they went and ``extra`` fields (the rooms' save and
    export handlers)."""
    await run_in_threadpool(lambda: write_atomic(path, produce(), force=True))
    return saved(bench, path, **extra)


async def save_file(request: Request) -> JSONResponse:
    """Save the page's puzzle as .ipuz/.puz/.xd/.txt (atomically, inside the folder)."""
    bench = workbench(request)
    doc = await json_body(request)
    path = safe_path(bench.config.root, doc.get("path"))
    puzzle = puzzle_from_json(doc.get("puzzle"))
    refuse_overwrite(path, doc)
    warnings = await run_in_threadpool(save_puzzle, puzzle, path, force=True)
    return saved(bench, path, warnings=warnings)


async def export_file(request: Request) -> JSONResponse:
    """Print the puzzle as PDF, HTML or SVG into the folder (the render layer)."""
    bench = workbench(request)
    doc = await json_body(request)
    fmt = field_str(doc, "format", "pdf", limit=8)
    if fmt not in FORMATS:
        raise ApiError(400, f"format must be one of {', '.join(FORMATS)}")
    path = safe_path(bench.config.root, doc.get("path"))
    suffix = "html" if fmt == "play" else fmt  # a playable page is an .html file
    if path.suffix.lower() != f".{suffix}":
        raise ApiError(400, f"the file name must end in .{suffix}")
    puzzle = puzzle_from_json(doc.get("puzzle"))
    key = bool(doc.get("key"))
    missing = puzzle.missing_clues_warning()
    return await write_file(
        bench,
        path,
        lambda: render(crossword_document(puzzle), fmt, key=key),
        warnings=[missing] if missing else [],
    )


async def upload_words(request: Request) -> JSONResponse:
    """A word list sent as the request body (``?name=``); returns its source name."""
    bench = workbench(request)
    name = request.query_params.get("name", "upload.txt")[:120]
    data = await request.body()
    if not data:
        raise ApiError(400, "the word list is empty")
    source = await run_in_threadpool(bench.lexicons.add_upload, name, data)
    return JSONResponse({"source": source, "wordlists": bench.lexicons.describe()})


async def check_words(request: Request) -> JSONResponse:
    """Load the word lists named by ``words`` now (so the page can report errors early)."""
    bench = workbench(request)
    doc = await json_body(request)
    words = await words_of(bench, doc)
    return JSONResponse({"words": len(words), "name": words.name})


UPLOAD_PATH = "/api/wordlists/upload"


def routes() -> list[BaseRoute]:
    """The file and word-list routes (shared by the rooms)."""
    return [
        Route("/api/files", list_files),
        Route("/api/open", open_file, methods=["POST"]),
        Route("/api/save", save_file, methods=["POST"]),
        Route("/api/export", export_file, methods=["POST"]),
        Route(UPLOAD_PATH, upload_words, methods=["POST"]),
        Route("/api/wordlists/load", check_words, methods=["POST"]),
    ]
