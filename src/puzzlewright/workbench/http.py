"""Request and response helpers: JSON bodies read defensively, the file a save request
names, JSON file contents, errors as JSON."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from puzzlewright.crossword.formats.limits import load_json
from puzzlewright.errors import PuzzleInputError
from puzzlewright.workbench.security import safe_path

log = logging.getLogger("puzzlewright.workbench")


class ApiError(Exception):
    """A request the API refuses: an HTTP status and a one-line reason."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object; 400 for anything else (bad JSON, not an object, integers
    of more than 15 digits, NaN, a lone surrogate in a string: ``load_json`` refuses
    those)."""
    raw = await request.body()
    try:
        text = raw.decode("utf-8") or "null"
    except UnicodeDecodeError as exc:
        raise ApiError(400, f"the body is not valid JSON: {exc}") from None
    try:
        doc = load_json(text, "the request body")
    except PuzzleInputError as exc:
        raise ApiError(400, str(exc)) from None
    if not isinstance(doc, dict):
        raise ApiError(400, "the body must be a JSON object")
    return doc


def field_int(doc: dict[str, Any], name: str, default: int | None, lo: int, hi: int) -> int | None:
    """An optional integer field within [lo, hi]."""
    value = doc.get(name, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ApiError(400, f"{name} must be an integer from {lo} to {hi}")
    return value


def field_float(doc: dict[str, Any], name: str, default: float, lo: float, hi: float) -> float:
    """An optional number field within [lo, hi]."""
    value = doc.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
        raise ApiError(400, f"{name} must be a number from {lo} to {hi}")
    return float(value)


def field_str(doc: dict[str, Any], name: str, default: str = "", limit: int = 10_000) -> str:
    """An optional string field of at most ``limit`` characters."""
    value = doc.get(name, default)
    if value is None:
        return default
    if not isinstance(value, str) or len(value) > limit:
        raise ApiError(400, f"{name} must be a string of at most {limit} characters")
    return value


def field_strings(doc: dict[str, Any], name: str, limit: int = 5000) -> list[str]:
    """An optional list of short strings."""
    value = doc.get(name) or []
    if (
        not isinstance(value, list)
        or len(value) > limit
        or not all(isinstance(item, str) and len(item) <= 200 for item in value)
    ):
        raise ApiError(400, f"{name} must be a list of at most {limit} short strings")
    return value


def save_target(
    root: Path, doc: dict[str, Any], kinds: Mapping[str, str], refusal: str
) -> tuple[Path, str]:
    """The file a save or export request names (``path``, inside the folder ``root``) and
    its kind by suffix (``kinds`` maps ``".pdf"`` to ``"pdf"``...); 400 with ``refusal``
    for any other suffix. Whether it may be replaced is
    :func:`~puzzlewright.workbench.files.write_file`'s question."""
    path = safe_path(root, doc.get("path"))
    kind = kinds.get(path.suffix.lower())
    if kind is None:
        raise ApiError(400, refusal)
    return path, kind


def json_bytes(data: object) -> bytes:
    """A JSON document as the rooms save it: UTF-8, indented by one, a final newline."""
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def error_response(status: int, message: str) -> JSONResponse:
    """The JSON body of every error: ``{"error": "..."}``."""
    return JSONResponse({"error": message}, status_code=status)


async def on_api_error(request: Request, exc: Exception) -> JSONResponse:
    """ApiError -> its status; PuzzleInputError -> 400; text that cannot be encoded (a lone
    surrogate read from a file in the folder) -> 422; anything else -> 500, logged."""
    if isinstance(exc, ApiError):
        return error_response(exc.status, exc.message)
    if isinstance(exc, PuzzleInputError):
        return error_response(400, str(exc))
    if isinstance(exc, UnicodeEncodeError):
        return error_response(422, f"the document holds text that is not Unicode: {exc.reason}")
    log.exception("internal error on %s %s", request.method, request.url.path)
    return error_response(500, "internal error (see the server's log)")


async def on_http_error(request: Request, exc: Exception) -> JSONResponse:
    """Starlette's own HTTP errors (404, 405) as JSON."""
    status = getattr(exc, "status_code", 500)
    detail = getattr(exc, "detail", "error")
    return error_response(int(status), str(detail))
