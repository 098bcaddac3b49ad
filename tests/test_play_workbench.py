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
