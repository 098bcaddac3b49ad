"""The workbench's "Export" with the playable page format (the crossword room's API)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from studio_helpers import Server, run_server

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from run_server(tmp_path_factory.mktemp("export"))


def test_workbench_exports_a_playable_page(server: Server) -> None:
    puzzle = {
        "cells": [
            ["H", "E", "A", "T", None],
            list("ARENA"),
            list("LOVED"),
            list("OVENS"),
            [None, "S", "E", "A", "T"],
        ],
        "title": "Morning Mini",
        "clues": {"1A": "Warmth"},
    }
    with httpx.Client(base_url=server.url) as client:
        done = client.post(
            "/api/export", json={"format": "play", "path": "mini.html", "puzzle": puzzle}
        )
        assert done.status_code == 200, done.text
        page = (server.root / "mini.html").read_text(encoding="utf-8")
        assert 'id="pw-data"' in page and "<title>Morning Mini</title>" in page
        wrong = client.post(
            "/api/export", json={"format": "play", "path": "mini.play", "puzzle": puzzle}
        )
        assert wrong.status_code == 400 and ".html" in wrong.json()["error"]
        puzzle["cells"][0][0] = ""
        unsolved = client.post(
            "/api/export", json={"format": "play", "path": "blank.html", "puzzle": puzzle}
        )
        assert unsolved.status_code == 400 and "needs the solution" in unsolved.json()["error"]


STUDIO_ENDPOINTS = [
    "/api/acrostic/check",
    "/api/acrostic/complete",
    "/api/acrostic/preview",
    "/api/acrostic/save",
    "/api/cryptarithm/solve",
    "/api/cryptarithm/encode",
    "/api/cryptarithm/find",
    "/api/cryptarithm/save",
]
BAD_BODIES: list[bytes] = [
    b"",
    b"{",
    b"[1, 2]",
    b'"text"',
    b'{"quote": 5, "source": [], "puzzle": {}}',
    b'{"answers": "AMOUNT", "quote": "x", "source": "y"}',
    b'{"clues": {"A": 7}, "quote": "x", "source": "y"}',
    b'{"puzzle": "' + b"A" * 6000 + b'"}',
    b'{"path": "../../etc/passwd", "puzzles": ["SEND+MORE=MONEY"], "quote": "a", "source": "b"}',
    b'{"path": "/tmp/x.ipuz", "quote": "a", "source": "b"}',
    b'{"form": "A ? B = C", "theme": "planets"}',
    b'{"equation": "1 + 1 = 3"}',
    b'{"base": true, "puzzle": "A+B=C"}',
    b"\xff\xfe\x00garbage",
]
MALFORMED = [b"", b"{", b"[1, 2]", b'"text"', b"\xff\xfe\x00garbage"]
JOBS = {"/api/acrostic/complete", "/api/cryptarithm/find"}  # a valid body would start work


def test_studio_endpoints_survive_a_burst_of_malformed_requests(server: Server) -> None:
    with httpx.Client(base_url=server.url) as client:
        for path in STUDIO_ENDPOINTS:
            for body in MALFORMED if path in JOBS else BAD_BODIES:
                reply = client.post(
                    path, content=body, headers={"Content-Type": "application/json"}
                )
                # never a server error; malformed JSON and wrong types are refused
                assert reply.status_code < 500, (path, body[:40], reply.text)
                if body in MALFORMED:
                    assert reply.status_code == 400 and "error" in reply.json()
        foreign = client.post(
            "/api/cryptarithm/solve",
            json={"puzzle": "SEND+MORE=MONEY"},
            headers={"Origin": "http://evil.example"},
        )
        assert foreign.status_code == 403
        assert client.get("/api/health").json()["ok"] is True
    assert not any(server.root.parent.glob("*.ipuz"))  # nothing written outside the folder
