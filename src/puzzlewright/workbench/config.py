"""The workbench's settings: where it serves, which folder it may touch, its limits."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]", "::1")

MAX_BODY = 2 * 1024 * 1024
"""Largest JSON request body (a 25x25 puzzle with clues is a few tens of kB)."""

MAX_UPLOAD = 32 * 1024 * 1024
"""Largest word-list upload (Spread the Wordlist is about 4 MB gzipped)."""

BODY_TIMEOUT = 30.0
"""Seconds a request body may take to arrive whole (32 MB over loopback takes well under
one): a client trickling a body cannot hold a connection and a request slot for ever."""

MAX_UPLOADS = 8
"""Uploaded word lists kept at once; the oldest is removed to make room for a new one."""

MAX_UPLOAD_TOTAL = 128 * 1024 * 1024
"""Bytes of uploaded word lists kept at once (the oldest go first)."""


@dataclass
class Config:
    """How one workbench server runs."""

    root: Path  # the folder files are read from and written to, and nothing outside it
    host: str = "127.0.0.1"
    port: int = 8765
    word_paths: list[str] = field(default_factory=list)  # --words lists (default: built-in)
    min_score: int | None = None
    max_body: int = MAX_BODY
    max_upload: int = MAX_UPLOAD
    max_upload_count: int = MAX_UPLOADS
    max_upload_total: int = MAX_UPLOAD_TOTAL
    max_jobs: int = 4  # worker processes running at once
    body_timeout: float = BODY_TIMEOUT
    extra_hosts: tuple[str, ...] = ()  # more Host names to accept (tests: "testserver")

    def __post_init__(self) -> None:
        self.root = Path(self.root).resolve()

    def host_names(self) -> set[str]:
        """Host header names accepted (without port): the bound address and the loopback
        names that lead to it (``localhost``; ``[::1]`` only when bound to IPv6 loopback,
        ``127.0.0.1`` only when bound to IPv4), so a page served by another program on the
        same port of the other loopback address is not this server."""
        host = self.host.lower()
        names = {f"[{host}]" if ":" in host else host, *self.extra_hosts}
        if host in LOCAL_NAMES:
            names.add("localhost")
            if host == "localhost":
                names.update(("127.0.0.1", "[::1]"))
        else:  # a wildcard or outward address (warned about): the loopback names reach it
            names.update(name for name in LOCAL_NAMES if name != "::1")
        return names
