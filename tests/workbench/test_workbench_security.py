"""The workbench as a server: Host and Origin checks, paths, limits, malformed requests."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from puzzlewright.errors import PuzzleInputError
from puzzlewright.workbench.security import safe_path, split_host

PUZZLE = {"cells": [["A", "B"], ["C", "D"]]}


@pytest.mark.parametrize(
    "host",
    ["evil.example", "127.0.0.1.evil.example", "localhost:9999", "", "LOCALHOST", "[::1]:8765"],
)
def test_foreign_host_is_refused(client: TestClient, host: str) -> None:
    response = client.get("/api/health", headers={"host": host})
    assert response.status_code in (400, 421)
    assert "error" in response.json()


@pytest.mark.parametrize("host", ["localhost:8765", "127.0.0.1:8765", "LOCALHOST:8765"])
def test_local_hosts_are_served(client: TestClient, host: str) -> None:
    assert client.get("/api/health", headers={"host": host}).status_code == 200


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "null", "http://localhost:1", "https://localhost:8765", "::"]
)
def test_foreign_origin_cannot_change_state(client: TestClient, folder: Path, origin: str) -> None:
    response = client.post(
        "/api/save", json={"path": "x.ipuz", "puzzle": PUZZLE}, headers={"origin": origin}
    )
    assert response.status_code == 403
    assert not (folder / "x.ipuz").exists()


def test_own_origin_may_change_state(client: TestClient, folder: Path) -> None:
    response = client.post(
        "/api/save",
        json={"path": "x.ipuz", "puzzle": PUZZLE},
        headers={"origin": "http://localhost:8765"},
    )
    assert response.status_code == 200
    assert (folder / "x.ipuz").exists()


@pytest.mark.parametrize(
    "name", ["../out.ipuz", "/tmp/out.ipuz", "a/../../out.ipuz", "", "a\x00.ipuz", "..", "x" * 500]
)
def test_no_path_leaves_the_folder(client: TestClient, folder: Path, name: str) -> None:
    for route, body in (
        ("/api/save", {"path": name, "puzzle": PUZZLE}),
        ("/api/open", {"path": name}),
        ("/api/export", {"path": name, "format": "svg", "puzzle": PUZZLE}),
    ):
        response = client.post(route, json=body)
        assert response.status_code == 400, (route, name)
    assert not (folder.parent / "out.ipuz").exists()


def test_symlink_out_of_the_folder_is_refused(client: TestClient, folder: Path) -> None:
    outside = folder.parent / "outside"
    outside.mkdir()
    (outside / "secret.ipuz").write_text("{}")
    os.symlink(outside, folder / "link")
    for route, body in (
        ("/api/open", {"path": "link/secret.ipuz"}),
        ("/api/save", {"path": "link/new.ipuz", "puzzle": PUZZLE}),
    ):
        assert client.post(route, json=body).status_code == 400
    assert not (outside / "new.ipuz").exists()
    assert "link/secret.ipuz" not in client.get("/api/files").json()["files"]


def test_safe_path_unit(tmp_path: Path) -> None:
    assert safe_path(tmp_path, "a/b.ipuz") == tmp_path.resolve() / "a" / "b.ipuz"
    for bad in ("../x", "/etc/passwd", 5, None, "a/../../x"):
        with pytest.raises(PuzzleInputError):
            safe_path(tmp_path, bad)
    assert split_host("[::1]:80") == ("[::1]", 80)
    assert split_host("LocalHost") == ("localhost", None)
    assert split_host("a:b") == ("a", -1)


def test_oversized_bodies_are_refused(client: TestClient) -> None:
    big = b'{"cells": "' + b"x" * (80 * 1024) + b'"}'
    response = client.post(
        "/api/crossword/analyse", content=big, headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    upload = client.post("/api/wordlists/upload?name=big.txt", content=b"WORD\n" * 60_000)
    assert upload.status_code == 413
    lying = client.post("/api/crossword/analyse", content=b"{}", headers={"content-length": "abc"})
    assert lying.status_code in (400, 413)


MALFORMED: list[tuple[str, bytes]] = [
    ("/api/crossword/analyse", b""),
    ("/api/crossword/analyse", b"[1, 2]"),
    ("/api/crossword/analyse", b'{"cells": 5}'),
    ("/api/crossword/analyse", b'{"cells": [[1, 2], [3]]}'),
    ("/api/crossword/analyse", b'{"cells": [["A", "B"], ["C"]]}'),
    ("/api/crossword/analyse", b'{"cells": [["%", ""]]}'),
    ("/api/crossword/analyse", b'{"cells": [["", ""], ["", ""]], "min_score": "high"}'),
    ("/api/crossword/analyse", b'{"cells": [["", ""], ["", ""]], "words": ["file:../../x"]}'),
    ("/api/crossword/analyse", b'{"cells": [["#", "#"]]}'),
    ("/api/crossword/analyse", b"\xff\xfe\x00garbage"),
    ("/api/crossword/analyse", b"[" * 100_00 + b"]" * 100_00),
    ("/api/crossword/candidates", b'{"cells": [["", ""], ["", ""]], "entry": 7}'),
    ("/api/crossword/candidates", b'{"cells": [["", ""], ["", ""]], "entry": "99A"}'),
    ("/api/crossword/candidates", b'{"cells": [["", ""], ["", ""]], "entry": "1A", "limit": -1}'),
    ("/api/crossword/fill", b'{"cells": [["", ""], ["", ""]], "count": 10000}'),
    ("/api/crossword/fill", b'{"cells": [["", ""], ["", ""]], "timeout": "soon"}'),
    (
        "/api/crossword/fill",
        b'{"cells": [["", ""], ["", ""]], "region": {"rect": [[0, 0], [9, 9]]}}',
    ),
    ("/api/crossword/check", b'{"cells": [["", ""], ["", ""]], "entry": "1A", "candidates": "AB"}'),
    ("/api/crossword/pattern", b'{"width": true}'),
    ("/api/save", b'{"path": "a.ipuz", "puzzle": {"cells": [["A"]], "clues": []}}'),
    ("/api/save", b'{"path": "a.ipuz", "puzzle": {"cells": [["A"]], "circles": [[5, 5]]}}'),
    ("/api/save", b'{"path": ["a"], "puzzle": {}}'),
    ("/api/open", b'{"path": "missing.ipuz"}'),
    ("/api/export", b'{"path": "a.pdf", "format": "docx", "puzzle": {"cells": [["A"]]}}'),
    ("/api/wordlists/load", b'{"words": "builtin"}'),
    ("/api/wordlists/upload", b""),
    ("/api/jobs/nope/cancel", b"{}"),
]


def test_burst_of_malformed_requests_gets_json_errors(client: TestClient, folder: Path) -> None:
    (folder / "broken.ipuz").write_text("{not json")
    requests = [*MALFORMED, ("/api/open", b'{"path": "broken.ipuz"}')]
    rng = random.Random(7)
    for _ in range(60):  # and random bytes at every POST route
        route = rng.choice([route for route, _ in MALFORMED])
        requests.append((route, bytes(rng.randrange(256) for _ in range(rng.randrange(200)))))
    for route, body in requests:
        response = client.post(route, content=body, headers={"content-type": "application/json"})
        assert 400 <= response.status_code < 500, (route, body[:60], response.status_code)
        assert isinstance(response.json()["error"], str)
    for path in ("/nope", "/api/jobs/x?since=abc", "/static/../app.py", "/api/save"):
        response = client.get(path)
        assert 400 <= response.status_code < 500, path
    assert client.get("/api/health").json()["ok"] is True
    doc = client.post("/api/crossword/analyse", json={"cells": [["", ""], ["", ""]]})
    assert doc.status_code == 200
    assert json.loads(doc.text)["status"] in ("open", "dead")
