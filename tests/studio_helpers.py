"""A real workbench server (uvicorn on 127.0.0.1, a free port) for the studio tests."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Server:
    url: str
    root: Path


def run_server(root: Path, *, head_timeout: float | None = None, **limits: Any) -> Iterator[Server]:
    """Serve ``root`` with the built-in word list until the generator is closed (bound and
    configured as ``puzzlewright serve`` does: workbench/serving.py); ``limits`` are more
    Config fields, ``head_timeout`` the deadline for a request's head."""
    from puzzlewright.workbench import Config, create_app
    from puzzlewright.workbench.serving import HEAD_TIMEOUT, bind, make_server

    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    config = Config(root=root, port=port, **limits)
    server = make_server(create_app(config), sock, head_timeout=head_timeout or HEAD_TIMEOUT)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60  # a loaded machine starts it slowly; a hang still fails
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the workbench server did not start")
        time.sleep(0.05)
    try:
        yield Server(f"http://127.0.0.1:{port}", config.root)
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def new_page(browser: Any, width: int = 1280) -> Any:
    """A fresh context (empty storage) and page; page errors fail the test at close."""
    context = browser.new_context(viewport={"width": width, "height": 1000})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return page


def checked_page(browser: Any) -> Iterator[Any]:
    """A fixture body: a fresh page, closed after the test, which fails on any page error."""
    tab = new_page(browser)
    yield tab
    tab.context.close()
    assert not tab.errors, tab.errors
