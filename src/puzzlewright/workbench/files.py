"""Files in the served folder: list, open, save, export; word-list settings and uploads.

Every path comes through :func:`~puzzlewright.workbench.security.safe_path`; puzzles are
read and written by the formats layer (``save_puzzle`` writes atomically) and printed by
the render layer.
"""

from __future__ import annotations

import errno
import os
import secrets
from collections.abc import Callable
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route

from puzzlewright.crossword.formats import EXTENSIONS, format_for, load_puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import TEMP_SUFFIX, remove_stale_temps, write_atomic
from puzzlewright.render import FORMATS, crossword_document, render
from puzzlewright.workbench.http import ApiError, field_str, json_body, save_target
from puzzlewright.workbench.puzzles import puzzle_from_json, puzzle_to_json
from puzzlewright.workbench.security import safe_path
from puzzlewright.workbench.state import Workbench, words_of, workbench

MAX_LISTED = 500
MAX_DEPTH = 3
MAX_OPEN = 4 * 1024 * 1024


def puzzle_files(root: Path) -> list[str]:
    """Puzzle files under ``root`` (a few levels deep, symlinks not followed), by name;
    names that are not text (bytes that are not UTF-8) are left out: no request could
    name them and no answer could carry them."""
    found: list[str] = []
    stack = [(root, 0)]
    while stack and len(found) < MAX_LISTED:
        folder, depth = stack.pop()
        try:
            children = sorted(folder.iterdir())
        except OSError:
            continue
        for child in children:
            if child.name.startswith(".") or child.is_symlink() or not is_text(child.name):
                continue
            if child.is_dir() and depth < MAX_DEPTH:
                stack.append((child, depth + 1))
            elif child.suffix.lower() in EXTENSIONS and child.is_file():
                found.append(child.relative_to(root).as_posix())
    return sorted(found)[:MAX_LISTED]


def is_text(name: str) -> bool:
    """Is ``name`` encodable text (a file name of non-UTF-8 bytes holds lone surrogates)?"""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


async def list_files(request: Request) -> JSONResponse:
    """The puzzle files in the folder, and the word lists on offer."""
    bench = workbench(request)
    names = await run_in_threadpool(puzzle_files, bench.config.root)
    return JSONResponse(
        {
            "folder": str(bench.config.root).encode("utf-8", "replace").decode("utf-8"),
            "files": names,
            "wordlists": bench.lexicons.describe(),
            "default_words": bench.lexicons.default(),  # the studios' (English unless --words)
            "default_crossword_words": bench.lexicons.default("crossword"),
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


def saved(bench: Workbench, path: Path, **extra: object) -> JSONResponse:
    """The answer to a save: the file's path inside the folder (and ``extra`` fields)."""
    return JSONResponse({"saved": path.relative_to(bench.config.root).as_posix(), **extra})


NO_HARD_LINKS = frozenset({errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK})


def create_new(path: Path, data: bytes) -> None:
    """Write ``data`` as a new file at ``path``; FileExistsError when a file (or link) is
    already there, decided atomically, so of concurrent saves of one new name exactly one
    wins. The bytes go to a temporary file created exclusively beside ``path`` (named as
    :func:`~puzzlewright.fileio.write_atomic` names them, so a crash's leftover is cleaned
    up), which is then hard-linked to ``path``: ``link`` never replaces an existing name.
    Where the folder has no hard links the final name is created with ``O_EXCL`` instead."""
    remove_stale_temps(path)
    temp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}{TEMP_SUFFIX}")
    try:
        write_exclusive(temp, data)
        try:
            os.link(temp, path, follow_symlinks=False)
        except OSError as exc:
            if exc.errno not in NO_HARD_LINKS:
                raise
            write_exclusive(path, data)
    except FileExistsError:
        raise
    except OSError as exc:
        raise PuzzleInputError(f"cannot write {path.name}: {exc.strerror or exc}") from None
    finally:
        temp.unlink(missing_ok=True)


def write_exclusive(path: Path, data: bytes) -> None:
    """Create ``path`` (never through a link, never over a file) holding ``data``; a
    failed write removes what it made. Permissions are 0666 less the umask."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
    except BaseException:
        path.unlink(missing_ok=True)
        raise


async def write_file(
    bench: Workbench,
    path: Path,
    produce: Callable[[], bytes | str],
    *,
    overwrite: bool,
    **extra: object,
) -> JSONResponse:
    """Make a file's bytes with ``produce`` off the event loop and store them at ``path``:
    replacing the file atomically when the request asked to ``overwrite`` it, else as a new
    file (409 when one is there, however close two saves come); answer with where it went
    and ``extra`` fields (the rooms' save and export handlers). An existing file the request
    did not ask to replace is refused at once, before the work (:func:`create_new` decides
    for real)."""
    if not overwrite and path.exists():
        raise ApiError(409, _exists(bench, path))

    def store() -> None:
        data = produce()
        payload = data.encode("utf-8") if isinstance(data, str) else data
        if overwrite:
            write_atomic(path, payload, force=True)
        else:
            create_new(path, payload)

    try:
        await run_in_threadpool(store)
    except FileExistsError:
        raise ApiError(409, _exists(bench, path)) from None
    return saved(bench, path, **extra)


def _exists(bench: Workbench, path: Path) -> str:
    return f"{path.relative_to(bench.config.root).as_posix()} exists; save again to replace it"


async def save_file(request: Request) -> JSONResponse:
    """Save the page's puzzle as .ipuz/.puz/.xd/.txt (inside the folder): a new file unless
    the page asked to ``overwrite``."""
    bench = workbench(request)
    doc = await json_body(request)
    path = safe_path(bench.config.root, doc.get("path"))
    puzzle = puzzle_from_json(doc.get("puzzle"))
    fmt = format_for(path)
    warnings: list[str] = []
    overwrite = bool(doc.get("overwrite"))
    produce = lambda: fmt.writer(puzzle, warnings)  # noqa: E731 (fills ``warnings``)
    return await write_file(bench, path, produce, overwrite=overwrite, warnings=warnings)


async def export_file(request: Request) -> JSONResponse:
    """Print the puzzle as PDF, HTML or SVG into the folder (the render layer): a new file
    unless the page asked to ``overwrite``."""
    bench = workbench(request)
    doc = await json_body(request)
    fmt = field_str(doc, "format", "pdf", limit=8)
    if fmt not in FORMATS:
        raise ApiError(400, f"format must be one of {', '.join(FORMATS)}")
    suffix = "html" if fmt == "play" else fmt  # a playable page is an .html file
    refusal = f"the file name must end in .{suffix}"
    path, _ = save_target(bench.config.root, doc, {f".{suffix}": fmt}, refusal)
    puzzle = puzzle_from_json(doc.get("puzzle"))
    key = bool(doc.get("key"))
    missing = puzzle.missing_clues_warning()
    produce = lambda: render(crossword_document(puzzle), fmt, key=key)  # noqa: E731
    return await write_file(
        bench,
        path,
        produce,
        overwrite=bool(doc.get("overwrite")),
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
