"""Running the workbench under uvicorn: its own listening socket, bounded connections and
logs that say a repeated failure once.

* The socket is bound before uvicorn starts, so a busy port is one clear error (the CLI's
  ``error:`` line and exit status 2), not uvicorn's message and exit status 3.
* Connections are bounded by what the open-file limit leaves (:func:`connection_limit`):
  beyond it, a new connection closes the oldest one that is not in the middle of a
  request, or is itself closed when every one is busy. A connection must send a request's
  head within :data:`HEAD_TIMEOUT` seconds of opening or of its last answer. So 1,500
  half-sent requests cannot exhaust the process's descriptors and lock the page out.
* :class:`RepeatFilter` lets the first of a kind of log message through whole and then one
  line a minute saying how many more there were: a failure that repeats thousands of times
  a second (``accept`` out of descriptors) no longer writes megabytes of tracebacks.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from typing import TYPE_CHECKING, Any

from puzzlewright.errors import PuzzleInputError

if TYPE_CHECKING:
    import asyncio

    import uvicorn

BACKLOG = 64
"""Pending connections the kernel queues (uvicorn's default is 2,048; asyncio also accepts
up to this many in one go, and logged each failed accept)."""
HEAD_TIMEOUT = 10.0
"""Seconds a connection may take to send a request's head (line and headers)."""
KEEP_ALIVE = 5
"""Seconds an idle keep-alive connection stays open after an answer."""
MAX_HEAD = 64 * 1024
"""Largest request head (line and headers) in bytes; beyond it, 400."""
GRACE = 5
"""Seconds Ctrl-C waits for open requests (a page's event streams) before the server's own
shutdown (which removes the uploaded lists) runs anyway."""
RESERVED_FILES = 64
"""Descriptors kept for the server's own files: word lists, worker pipes, the log."""
CONNECTIONS = (16, 256)
"""Fewest and most connections served at once (a page uses a handful)."""
WANTED_FILES = 4096
"""The soft open-file limit is raised toward this (within the hard limit) at start."""

log = logging.getLogger("puzzlewright.workbench")


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: a free port); a one-line
    PuzzleInputError when the address cannot be had (in use, not this machine's)."""
    shown = f"{'[' + host + ']' if ':' in host else host}:{port}"
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (OSError, UnicodeError) as exc:
        raise PuzzleInputError(f"cannot serve on {shown}: {reason(exc)}") from None
    sock = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":  # restart at once after a stop; never shares a live listener
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError as exc:
        sock.close()
        hint = " (is a workbench already running? --port 0 takes any free port)"
        busy = getattr(exc, "errno", None) in (98, 48, 10048)  # EADDRINUSE: Linux, BSD, Windows
        message = f"cannot serve on {shown}: {reason(exc)}{hint if busy else ''}"
        raise PuzzleInputError(message) from None
    return sock


def reason(exc: BaseException) -> str:
    """An OSError's own words (``Address already in use``), else its text."""
    return str(getattr(exc, "strerror", None) or exc)


def connection_limit() -> int:
    """How many connections to serve at once: the open-file limit (raised toward
    :data:`WANTED_FILES` if the hard limit allows) less the files open now, the files the
    server keeps for itself and a backlog's worth of accepts in flight, within
    :data:`CONNECTIONS`."""
    low, high = CONNECTIONS
    try:
        import resource
    except ImportError:  # Windows: no descriptor limit of this kind
        return high
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = WANTED_FILES if hard == resource.RLIM_INFINITY else min(WANTED_FILES, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (OSError, ValueError):
            pass
    if soft == resource.RLIM_INFINITY:
        return high
    try:
        open_now = len(os.listdir("/proc/self/fd"))
    except OSError:
        open_now = 32
    return max(low, min(high, soft - open_now - RESERVED_FILES - BACKLOG))


def protocol_class(max_connections: int, head_timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with the connection bound and the request-head deadline."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class BoundedH11Protocol(H11Protocol):
        """One connection: closed when it idles past the head deadline, or when a newer
        connection needs its place and it is the oldest idle one."""

        opened = 0.0
        evicted = False
        head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.opened = self.loop.time()
            self.arm_head_timer()
            live = [c for c in self.connections if not getattr(c, "evicted", False)]
            if len(live) > max_connections:
                self.make_room(live)

        def make_room(self, live: list[Any]) -> None:
            """Close the oldest idle connection, or this one when all others are busy."""
            idle = [c for c in live if c is not self and c.waiting()]
            victim = min(idle, key=lambda c: c.opened) if idle else self
            victim.evicted = True
            victim.transport.close()
            closed = "the oldest idle one" if idle else "the new one (all are busy)"
            log.warning("more than %d connections at once: closing %s", max_connections, closed)

        def waiting(self) -> bool:
            """Is this connection between requests (none being answered)?"""
            return self.cycle is None or self.cycle.response_complete

        def arm_head_timer(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
            self.head_timer = self.loop.call_later(head_timeout, self.head_deadline)

        def head_deadline(self) -> None:
            """No request head in time: close, unless a request is being answered."""
            self.head_timer = None
            if self.waiting() and not self.transport.is_closing():
                self.transport.close()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self.arm_head_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None
            super().connection_lost(exc)

    return BoundedH11Protocol


class RepeatFilter(logging.Filter):
    """Lets a kind of message (logger, level, first line, exception type) through once,
    then at most once per ``window`` seconds, as one line saying how many were held back."""

    def __init__(self, window: float = 60.0, kinds: int = 256) -> None:
        super().__init__()
        self.window = window
        self.kinds = kinds
        self.seen: dict[tuple[str, int, str, str], list[float]] = {}  # -> [last, held back]

    def filter(self, record: logging.LogRecord) -> bool:
        first = record.getMessage().partition("\n")[0]
        error = record.exc_info[1] if record.exc_info else None
        key = (record.name, record.levelno, first, repr(error) if error else "")
        now = time.monotonic()
        entry = self.seen.get(key)
        if entry is None:
            if len(self.seen) >= self.kinds:
                self.seen.clear()
            self.seen[key] = [now, 0]
            return True
        if now - entry[0] < self.window:
            entry[1] += 1
            return False
        held = int(entry[1])
        entry[:] = [now, 0]
        record.msg = f"{first} (again; {held} more like it in the last {self.window:.0f} s)"
        record.args = ()
        record.exc_info = record.exc_text = None
        return True


LOGGERS = ("asyncio", "uvicorn", "uvicorn.error", "puzzlewright.workbench")


def quiet_repeats(window: float = 60.0) -> RepeatFilter:
    """Install one :class:`RepeatFilter` on the loggers a server writes to."""
    repeat = RepeatFilter(window)
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for old in [f for f in logger.filters if isinstance(f, RepeatFilter)]:
            logger.removeFilter(old)
        logger.addFilter(repeat)
    return repeat


def make_server(
    app: Any, sock: socket.socket, *, log_level: str = "warning", head_timeout: float = HEAD_TIMEOUT
) -> uvicorn.Server:
    """A uvicorn server for ``app`` on the bound ``sock`` (run it with
    ``server.run(sockets=[sock])``), its connections bounded as this module says."""
    import uvicorn

    limit = connection_limit()
    host, port = sock.getsockname()[:2]
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=protocol_class(limit, head_timeout),
        limit_concurrency=limit + BACKLOG,  # requests at once (503 beyond), a belt: the
        # connections are capped above, and each runs one request at a time
        backlog=BACKLOG,
        timeout_keep_alive=KEEP_ALIVE,
        h11_max_incomplete_event_size=MAX_HEAD,
        timeout_graceful_shutdown=GRACE,
        log_level=log_level,
        lifespan="on",
    )
    quiet_repeats()  # after uvicorn.Config, which configures its loggers
    return uvicorn.Server(config)
