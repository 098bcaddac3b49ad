"""Starting a workbench server from Python: a free port, and ``puzzlewright serve`` in a
subprocess that is ready when the context is entered (used by tests, benchmarks, scripts)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

START_LIMIT = 30.0  # seconds a server may take to answer its health check


def free_port(host: str = "127.0.0.1") -> int:
    """A port the OS says is free on ``host`` now."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serving(folder: Path, *options: str) -> Iterator[str]:
    """``puzzlewright serve FOLDER`` on a free port of 127.0.0.1 (more ``options`` passed
    through); yields its URL once it answers, stops it on exit. RuntimeError with the
    server's output when it fails to start."""
    port = free_port()
    command = [sys.executable, "-m", "puzzlewright", "serve", str(folder)]
    command += ["--port", str(port), "--no-browser", *options]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_LIMIT
    try:
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/health", timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    output = process.stdout.read().decode() if process.stdout else ""
                    raise RuntimeError(f"the workbench did not start: {output}") from None
                time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
