"""The workbench server's hard cases of issue 25 (items 5, 7-11), each failing before its fix.

The Host/Origin rules, hostile JSON bodies and uploads run against the app in this process
(Starlette's test client); the races run against a real uvicorn server on a free port in a
thread (tests/studio_helpers.py); the file-descriptor flood runs ``puzzlewright serve`` in a
child process with a low RLIMIT_NOFILE, so only the child can run out.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from adversarial.clirun import Run

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
with warnings.catch_warnings():  # newer Starlette prefers httpx2; httpx works the same here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from puzzlewright.workbench import Config, create_app
from studio_helpers import Server, run_server

CliRun = Callable[..., Run]
PORT = 8765
PUZZLE = {"cells": [["A", "B"], ["C", "D"]]}
WORDS = "BAD;50\nONE;49\nATE;48\nBOA;47\nANT;46\nDEE;45\nBAT;44\nOAT;43\nTEA;41\n"


def make_client(folder: Path, **limits: Any) -> TestClient:
    """The app on ``folder`` as served on 127.0.0.1:PORT (the client sends that Host)."""
    (folder.parent / "square.txt").write_text(WORDS)
    config = Config(
        root=folder, port=PORT, word_paths=[str(folder.parent / "square.txt")], **limits
    )
    return TestClient(
        create_app(config), base_url=f"http://127.0.0.1:{PORT}", raise_server_exceptions=False
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "work"
    root.mkdir()
    return root


@pytest.fixture
def client(folder: Path) -> Iterator[TestClient]:
    with make_client(folder) as test_client:
        yield test_client


# -- 5. only the server's own origin ------------------------------------------------------------
@pytest.mark.parametrize(
    "origin",
    [
        "http://127.0.0.1",  # another local server on port 80
        "http://localhost",
        "http://127.0.0.1:80",
        f"http://[::1]:{PORT}",  # not where this server listens (127.0.0.1)
        f"http://127.0.0.1:{PORT}/",
        f"http://user@127.0.0.1:{PORT}",
        f"HTTP://127.0.0.1:{PORT}.",
    ],
)
def test_s05_an_origin_without_the_servers_port_cannot_save(
    client: TestClient, folder: Path, origin: str
) -> None:
    """Before: ``Origin: http://127.0.0.1`` (no port) was taken for the server's own, so a page
    on another local web server (port 80) saved a file through Chromium."""
    response = client.post(
        "/api/save", json={"path": "x.ipuz", "puzzle": PUZZLE}, headers={"origin": origin}
    )
    assert response.status_code == 403, origin
    assert not (folder / "x.ipuz").exists()


@pytest.mark.parametrize("origin", [f"http://127.0.0.1:{PORT}", f"http://localhost:{PORT}"])
def test_s05_the_servers_own_origin_still_saves(
    client: TestClient, folder: Path, origin: str
) -> None:
    response = client.post(
        "/api/save", json={"path": "x.ipuz", "puzzle": PUZZLE}, headers={"origin": origin}
    )
    assert response.status_code == 200, response.text
    assert (folder / "x.ipuz").is_file()


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "127.0.0.1:80", f"[::1]:{PORT}"])
def test_s05b_a_host_header_without_the_servers_port_is_refused(
    client: TestClient, host: str
) -> None:
    """Before: a Host header with no port passed (the port was only checked when present)."""
    response = client.get("/api/health", headers={"host": host})
    assert response.status_code == 421, host
    assert "error" in response.json()


def test_s05c_a_server_on_ipv6_loopback_is_not_the_ipv4_one(folder: Path) -> None:
    """Bound to ``::1``, the server answers to ``[::1]:PORT`` and ``localhost:PORT`` only:
    ``127.0.0.1:PORT`` is another socket, which another program may hold. Before: every
    loopback name was accepted whatever the bound address."""
    app = create_app(Config(root=folder, host="::1", port=PORT))
    with TestClient(app, base_url=f"http://[::1]:{PORT}") as client:
        for host, status in ((f"[::1]:{PORT}", 200), (f"localhost:{PORT}", 200),
                             (f"127.0.0.1:{PORT}", 421)):  # fmt: skip
            assert client.get("/api/health", headers={"host": host}).status_code == status
        body = {"path": "x.ipuz", "puzzle": PUZZLE}
        foreign = client.post(
            "/api/save", json=body, headers={"origin": f"http://127.0.0.1:{PORT}"}
        )
        assert foreign.status_code == 403
        own = client.post("/api/save", json=body, headers={"origin": f"http://[::1]:{PORT}"})
        assert own.status_code == 200, own.text


# -- 7. hostile JSON bodies -------------------------------------------------------------------
POST_ROUTES = [
    "/api/crossword/analyse",
    "/api/crossword/candidates",
    "/api/crossword/fill",
    "/api/crossword/pattern",
    "/api/save",
    "/api/open",
    "/api/export",
    "/api/wordlists/load",
    "/api/cryptarithm/solve",
    "/api/cryptarithm/save",
    "/api/acrostic/check",
    "/api/acrostic/save",
]
HUGE = "9" * 5000


@pytest.mark.parametrize("route", POST_ROUTES)
def test_s07_a_huge_integer_in_a_body_is_a_4xx(client: TestClient, route: str) -> None:
    """Before: a 5,000-digit integer anywhere in a JSON body hit Python's int-string limit
    while parsing: HTTP 500 and a traceback in the server's log."""
    for body in (
        f'{{"width": {HUGE}}}',
        f'{{"cells": [["", ""], ["", ""]], "limit": -{HUGE}}}',
        f'{{"path": "a.ipuz", "puzzle": {{"cells": [[{HUGE}]]}}}}',
    ):
        response = client.post(route, content=body, headers={"content-type": "application/json"})
        assert 400 <= response.status_code < 500, (route, response.status_code)
        assert "digits" in response.json()["error"]


SURROGATE_BODIES = [
    {"path": "\udc00.ipuz", "puzzle": PUZZLE},
    {"path": "a.ipuz", "puzzle": {**PUZZLE, "title": "\udc00"}},
    {"path": "a.json", "puzzles": ["SEND+MORE=MONEY"], "title": "x\udc00"},
    {"cells": [["\udc00", ""], ["", ""]], "entry": "1A"},
    {"cells": [["", ""], ["", ""]], "entry": "1A", "filter": "\ud800"},
    {"cells": [["", ""], ["", ""]], "words": ["\udc00"]},
    {"puzzle": "SEND+MORE=MONE\udc00", "quotation": "\udfff", "source": "x"},
    {"\udc00": 1},
]


@pytest.mark.parametrize("route", POST_ROUTES)
def test_s07b_a_lone_surrogate_in_any_string_is_a_4xx(
    client: TestClient, folder: Path, route: str
) -> None:
    """Before: ``"\\udc00"`` is valid JSON but not encodable text; echoed in an answer or
    written to a file it raised UnicodeEncodeError: HTTP 500 and a traceback."""
    for doc in SURROGATE_BODIES:
        body = json.dumps(doc)  # ensure_ascii: the surrogate travels as the escape \udc00
        response = client.post(route, content=body, headers={"content-type": "application/json"})
        assert 400 <= response.status_code < 500, (route, doc, response.status_code)
        assert "surrogate" in response.json()["error"]
    assert not [p for p in folder.iterdir()]


def test_s07c_what_the_server_echoes_from_disk_is_never_a_500(
    client: TestClient, folder: Path
) -> None:
    """Before: a file name that is not UTF-8 (``\\xff.ipuz``) made the file list a 500, and
    an .ipuz holding ``\\udc00`` opened as a 500; now the list skips the name and the open is
    a 4xx (the readers' own fix refuses such files as corrupt)."""
    os.close(os.open(os.fsencode(folder) + b"/\xff.ipuz", os.O_CREAT | os.O_WRONLY, 0o644))
    ipuz = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 2, "height": 1},
        "puzzle": [[0, 0]],
        "solution": [["A", "B"]],
        "title": "\udc00",
    }
    (folder / "ok.ipuz").write_text(json.dumps(ipuz))
    listed = client.get("/api/files")
    assert listed.status_code == 200
    assert listed.json()["files"] == ["ok.ipuz"]
    opened = client.post("/api/open", json={"path": "ok.ipuz"})
    assert 400 <= opened.status_code < 500, opened.text
    assert "error" in opened.json()


# -- 8. saving a new name is exclusive ----------------------------------------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from run_server(tmp_path_factory.mktemp("races"))


def post(url: str, body: dict[str, Any], timeout: float = 60) -> tuple[int, dict[str, Any]]:
    """POST ``body`` as JSON; (status, decoded answer) also for 4xx answers."""
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def race(url: str, bodies: list[dict[str, Any]]) -> list[int]:
    """Send ``bodies`` at once (a barrier releases the threads together); their statuses."""
    gate = threading.Barrier(len(bodies))
    statuses: list[int] = [0] * len(bodies)

    def one(i: int) -> None:
        gate.wait()
        statuses[i] = post(url, bodies[i])[0]

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses


@pytest.mark.slow
@pytest.mark.parametrize(
    ("route", "name", "body"),
    [
        ("/api/save", "race{}.ipuz", lambda i: {"puzzle": {**PUZZLE, "title": f"T{i}"}}),
        (
            "/api/cryptarithm/save",
            "race{}.json",
            lambda i: {"puzzles": ["SEND+MORE=MONEY"], "title": f"T{i}"},
        ),
    ],
)
def test_s08_concurrent_saves_of_one_new_name_one_wins(
    server: Server, route: str, name: str, body: Callable[[int], dict[str, Any]]
) -> None:
    """Before: the "file exists" check ran before the write, so 8 concurrent saves of one
    new name all answered 200 and 7 were silently overwritten. Now the file is created
    exclusively (a hard link of the finished temporary file): one 200, seven 409."""
    for trial in range(3):
        path = name.format(trial)
        statuses = race(server.url + route, [{"path": path, **body(i)} for i in range(8)])
        assert sorted(statuses) == [200] + [409] * 7, (trial, statuses)
        text = (server.root / path).read_text(encoding="utf-8")
        assert sum(f'"T{i}"' in text for i in range(8)) == 1
    assert not list(server.root.glob(".*pwtmp"))  # no temporary file left behind


def test_s08b_overwrite_still_replaces_and_a_refused_save_leaves_the_file(
    client: TestClient, folder: Path
) -> None:
    first = client.post("/api/save", json={"path": "a.ipuz", "puzzle": {**PUZZLE, "title": "1"}})
    assert first.status_code == 200
    again = client.post("/api/save", json={"path": "a.ipuz", "puzzle": {**PUZZLE, "title": "2"}})
    assert again.status_code == 409
    assert '"1"' in (folder / "a.ipuz").read_text()
    replace = {"path": "a.ipuz", "puzzle": {**PUZZLE, "title": "3"}, "overwrite": True}
    assert client.post("/api/save", json=replace).status_code == 200
    assert '"3"' in (folder / "a.ipuz").read_text()
    assert sorted(p.name for p in folder.iterdir()) == ["a.ipuz"]


def test_s08c_export_replaces_a_file_only_when_asked(client: TestClient, folder: Path) -> None:
    """Before: Export wrote over any file of the name it was given; now it answers 409 unless
    the page asks to ``overwrite`` (the page asks after a second Export), like Save."""
    (folder / "notes.html").write_text("my own notes\n")
    body = {"path": "notes.html", "format": "html", "puzzle": PUZZLE}
    refused = client.post("/api/export", json=body)
    assert refused.status_code == 409 and "exists" in refused.json()["error"]
    assert (folder / "notes.html").read_text() == "my own notes\n"
    assert client.post("/api/export", json={**body, "overwrite": True}).status_code == 200
    assert "<html" in (folder / "notes.html").read_text().lower()


# -- 9. uploaded word lists are bounded and removed -----------------------------------------------
def upload_folders() -> set[Path]:
    import tempfile

    return set(Path(tempfile.gettempdir()).glob(f"puzzlewright-lists-{os.getpid()}-*"))


def test_s09_uploaded_lists_are_removed_at_shutdown(folder: Path) -> None:
    """Before: every upload stayed in a temporary folder after the server stopped (17
    folders, one of 321 MB, after a day)."""
    before = upload_folders()
    with make_client(folder) as client:
        answer = client.post("/api/wordlists/upload?name=mine.txt", content=WORDS.encode())
        assert answer.status_code == 200, answer.text
        made = upload_folders() - before
        assert len(made) == 1 and any(next(iter(made)).iterdir())
    assert not (upload_folders() - before)


def test_s09b_uploads_are_bounded_in_count_and_bytes_oldest_first(folder: Path) -> None:
    """Before: up to 16 uploads of 32 MB each stayed on disk while the server ran, and the
    17th was refused for the rest of the session. Now the oldest are removed to keep at most
    ``max_upload_count`` lists and ``max_upload_total`` bytes; using a removed one is a clear
    4xx; a list larger than the total is refused."""
    lists = [(WORDS + f"EXTRA{chr(65 + i)};40\n").encode() for i in range(12)]
    limits = {"max_upload_count": 4, "max_upload_total": 3 * len(lists[0]) + 10}
    with make_client(folder, **limits) as client:
        sources = []
        for i, data in enumerate(lists):
            answer = client.post(f"/api/wordlists/upload?name=l{i}.txt", content=data)
            assert answer.status_code == 200, answer.text
            sources.append(answer.json()["source"])
        kept = [w["source"] for w in answer.json()["wordlists"] if w["source"].startswith("up")]
        assert kept == sources[-3:]  # the byte budget binds before the count
        (made,) = upload_folders() - set()  # this process's only upload folder
        on_disk = list(made.iterdir())
        assert len(on_disk) == 3 and sum(p.stat().st_size for p in on_disk) <= 3 * len(lists[0])
        gone = client.post("/api/wordlists/load", json={"words": [sources[0]]})
        assert gone.status_code == 400 and "removed" in gone.json()["error"]
        fine = client.post("/api/wordlists/load", json={"words": [sources[-1]]})
        assert fine.status_code == 200
        big = client.post("/api/wordlists/upload?name=big.txt", content=WORDS.encode() * 40)
        assert big.status_code == 413 and "limit" in big.json()["error"]
        bad = client.post("/api/wordlists/upload?name=bad.txt", content=b"\x00\x01\x02")
        assert bad.status_code == 400
        assert len(list(made.iterdir())) == 3  # a list that does not load is not kept


# -- 10. a flood of half-sent requests ----------------------------------------------------------
def health(url: str, timeout: float) -> float | None:
    """Seconds /api/health took to answer, None when it did not within ``timeout`` (a
    lock-out never answers: the tests give a loaded machine a minute, not a bound on speed)."""
    start = time.monotonic()
    try:
        urllib.request.urlopen(f"{url}/api/health", timeout=timeout).close()
    except OSError:
        return None
    return time.monotonic() - start


def start_limited_server(
    folder: Path, limit: int, log: Path
) -> tuple[subprocess.Popen[bytes], str]:
    """``puzzlewright serve`` in a child whose RLIMIT_NOFILE is ``limit`` (soft and hard)."""
    from puzzlewright.workbench.launch import free_port

    port = free_port()

    def lower() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    command = [sys.executable, "-m", "puzzlewright", "serve", str(folder), "--no-browser"]
    with log.open("wb") as out:
        child = subprocess.Popen(
            [*command, "--port", str(port)],
            stdout=out,
            stderr=out,
            preexec_fn=lower,
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while health(url, 1) is None:
        assert child.poll() is None and time.monotonic() < deadline, log.read_text()
        time.sleep(0.05)
    return child, url


@pytest.mark.slow
def test_s10_a_flood_of_half_sent_requests_neither_locks_out_nor_floods_the_log(
    folder: Path, tmp_path: Path
) -> None:
    """Before: 1,500 half-sent requests at a limit of 1,024 descriptors locked the server out
    (health timed out) and asyncio logged a traceback for every failed accept: 18.8 MB in
    5 s. Here 400 at a limit of 256: health still answers, and the log holds a few
    lines. Loopback only, a bounded number of sockets, the child stopped at the end."""
    log = tmp_path / "server.log"
    child, url = start_limited_server(folder, 256, log)
    port = int(url.rsplit(":", 1)[1])
    flood: list[socket.socket] = []
    try:
        head = f"POST /api/save HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Len".encode()
        for _ in range(400):
            try:
                flood.append(socket.create_connection(("127.0.0.1", port), timeout=5))
                flood[-1].sendall(head)
            except OSError:  # closed at once: the server made room for the next one
                continue
        took = health(url, 60)
        assert took is not None, "the server no longer answers"
        assert child.poll() is None
    finally:
        for sock in flood:
            sock.close()
        child.terminate()
        child.wait(timeout=20)
    text = log.read_text()
    assert len(text) < 20_000, text[:3000]
    assert "connections at once: closing the oldest idle one" in text  # the bound was hit


def test_s10b_a_request_head_or_body_that_never_ends_is_cut_off(tmp_path: Path) -> None:
    """Before: a connection that sent half a request head, or a head and part of its body,
    held its descriptor (and a request slot) for ever. Now the head has a deadline (here
    0.5 s: the connection is closed) and so has the body (408)."""
    served = run_server(tmp_path, head_timeout=0.5, body_timeout=0.5)
    server = next(served)
    port = int(server.url.rsplit(":", 1)[1])
    host = f"Host: 127.0.0.1:{port}\r\n"
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=20) as half_head:
            half_head.sendall(f"GET /api/health HTTP/1.1\r\n{host}".encode())
            assert half_head.recv(1024) == b""  # closed, nothing answered
        with socket.create_connection(("127.0.0.1", port), timeout=20) as half_body:
            head = f"POST /api/save HTTP/1.1\r\n{host}Content-Length: 100\r\n\r\n"
            half_body.sendall(head.encode() + b'{"path": ')
            assert half_body.recv(1024).startswith(b"HTTP/1.1 408")
        assert health(server.url, 60) is not None
    finally:
        served.close()


def test_s10c_a_repeated_log_message_is_written_once_a_minute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before: every failed ``accept`` logged its traceback (18.8 MB in 5 s). The filter lets
    the first through whole, holds back the rest, and after a minute writes one line saying
    how many there were."""
    import logging

    from puzzlewright.workbench import serving

    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("asyncio")
    logger.addHandler(handler)
    repeat = serving.quiet_repeats()
    now = [1000.0]
    monkeypatch.setattr(serving.time, "monotonic", lambda: now[0])
    try:
        for fd in range(1001):
            if fd == 1000:
                now[0] += 61
            try:
                raise OSError(24, "Too many open files")
            except OSError:
                logger.exception("socket.accept() out of system resource\nsocket: fd=%d", fd)
            if fd == 0:
                logger.error("another message")
        assert len(records) == 3 and records[0].exc_info is not None
        assert records[2].exc_info is None
        assert "999 more like it" in records[2].getMessage()
    finally:
        logger.removeHandler(handler)
        logger.removeFilter(repeat)


# -- 11. a busy port ----------------------------------------------------------------------------
def test_s11_serve_on_a_busy_port_is_one_error_line(
    cli_here: CliRun, cache_dir: Path, tmp_path: Path
) -> None:
    """Before: uvicorn printed its own message and the command exited with status 3."""
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        run = cli_here("serve", str(tmp_path), "--port", str(port), "--no-browser", cache=cache_dir)
    assert run.code == 2, (run.code, run.stdout, run.stderr)
    errors = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(errors) == 1 and errors[0].startswith("error:"), run.stderr
    assert str(port) in errors[0]


def test_s09c_folders_of_killed_servers_are_removed_at_the_next_upload(folder: Path) -> None:
    """A server killed outright never reaches its shutdown; the next server's first upload
    removes the upload folders of our servers that no longer run (and no other folder)."""
    import tempfile

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, check=True)  # fmt: skip
    dead = Path(tempfile.gettempdir()) / f"puzzlewright-lists-{int(gone.stdout)}-test"
    alive = Path(tempfile.mkdtemp(prefix=f"puzzlewright-lists-{os.getppid()}-"))
    dead.mkdir()
    (dead / "0-big.txt").write_text(WORDS)
    try:
        with make_client(folder) as client:
            answer = client.post("/api/wordlists/upload?name=mine.txt", content=WORDS.encode())
            assert answer.status_code == 200, answer.text
        assert not dead.exists()
        assert alive.is_dir()  # its process (this test's parent) still runs
    finally:
        shutil.rmtree(dead, ignore_errors=True)
        shutil.rmtree(alive, ignore_errors=True)
