"""What keeps a local server local: Host and Origin checks, body limits, safe paths.

* DNS rebinding: a page on a foreign site resolving its name to 127.0.0.1 sends its own
  Host header; only the names this server answers to, with its port, are accepted.
* Cross-site requests: a state-changing request (anything but GET/HEAD/OPTIONS) with an
  Origin header must come from this server's own origin, compared exactly: scheme, name
  and port (a page on another local server, ``http://127.0.0.1`` on port 80, is foreign).
* Request bodies are read whole up to a limit before the app sees them (413 beyond it),
  within a time limit (408 beyond it).
* Paths from requests are resolved inside the served folder; ``..``, absolute paths and
  symlinks that lead out are refused.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from puzzlewright.errors import PuzzleInputError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_PATH = 400


def split_host(value: str) -> tuple[str, int | None]:
    """``name:port`` (or ``[v6]:port``) as a lower-case name and a port (None if absent)."""
    value = value.strip().lower()
    if value.startswith("["):
        name, _, rest = value.partition("]")
        port = rest[1:] if rest.startswith(":") else ""
        name += "]"
    else:
        name, _, port = value.partition(":")
    if port and not port.isdigit():
        return name, -1
    return name, int(port) if port else None


class Guard:
    """ASGI middleware applying the Host, Origin and body-size rules to every request."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        hosts: set[str],
        port: int,
        max_body: int,
        large_paths: dict[str, int],
        body_timeout: float,
    ) -> None:
        self.app = app
        self.hosts = hosts
        self.port = port
        self.max_body = max_body
        self.large_paths = large_paths  # path -> its own body limit (uploads)
        self.origins = own_origins(hosts, port)
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        problem = self.refusal(scope, headers)
        if problem is not None:
            await reply(send, problem[0], problem[1])
            return
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        limit = self.large_paths.get(scope["path"], self.max_body)
        declared = headers.get("content-length", "")
        if declared and (not declared.isdigit() or int(declared) > limit):
            await reply(send, 413, f"request body over the limit of {limit} bytes")
            return
        try:
            body = await asyncio.wait_for(read_body(receive, limit), self.body_timeout)
        except TimeoutError:
            await reply(send, 408, f"the request body did not arrive in {self.body_timeout:g} s")
            return
        if body is None:
            await reply(send, 413, f"request body over the limit of {limit} bytes")
            return
        await self.app(scope, replay(body), send)

    def refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        """(status, reason) when the request must be refused, else None."""
        name, port = split_host(headers.get("host", ""))
        if name not in self.hosts or effective_port(port) != self.port:
            return 421 if name else 400, "unknown Host header: this server answers only locally"
        if scope["type"] == "http" and scope["method"] in SAFE_METHODS:
            return None
        origin = headers.get("origin")
        if origin is not None and origin not in self.origins:
            return 403, "cross-origin request refused"
        return None


def effective_port(port: int | None) -> int | None:
    """The port a Host header names: absent means http's default, 80."""
    return 80 if port is None else port


def own_origins(hosts: set[str], port: int) -> frozenset[str]:
    """The exact Origin values of pages this server served: ``http://NAME:PORT`` for each
    name it answers to (the port left out only when it is 80, as browsers write it). A page
    on another local server (``http://127.0.0.1``, port 80, or another port) is foreign."""
    suffix = "" if port == 80 else f":{port}"
    return frozenset(f"http://{name}{suffix}" for name in hosts)


async def read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole request body, or None once it passes ``limit`` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def replay(body: bytes) -> Receive:
    """A receive callable that hands the app ``body`` once, then waits for disconnect."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


async def reply(send: Send, status: int, message: str) -> None:
    """A JSON error response sent straight from the middleware."""
    payload = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})


def safe_path(root: Path, name: object) -> Path:
    """``name`` (relative to ``root``) resolved, if it stays inside ``root``.

    Refuses non-strings, empty or over-long names, NUL bytes, absolute paths, ``..`` and
    symlinks leading out of the folder, with a one-line PuzzleInputError.
    """
    if not isinstance(name, str) or not name.strip():
        raise PuzzleInputError("a file name is required")
    if len(name) > MAX_PATH or "\x00" in name:
        raise PuzzleInputError("bad file name")
    relative = Path(name)
    if relative.is_absolute() or name.startswith(("/", "\\")) or ".." in relative.parts:
        raise PuzzleInputError(f"{name!r} is outside the workbench folder")
    base = root.resolve()
    target = (base / relative).resolve()
    if not target.is_relative_to(base) or target == base:
        raise PuzzleInputError(f"{name!r} is outside the workbench folder")
    return target
