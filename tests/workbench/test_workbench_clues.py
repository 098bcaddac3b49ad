"""The clue box's API: earlier clues from the workbench's folder, drafts, repeat warnings."""

from __future__ import annotations

import os
import time
from pathlib import Path

from starlette.testclient import TestClient

from puzzlewright.crossword.formats import save_puzzle
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.puzzle import Puzzle

GRID = Grid.parse("CAT\nORE\nTEA\n")  # 1A CAT 4A ORE 5A TEA / 1D COT 2D ARE 3D TEA


def put(folder: Path, name: str, clues: dict[str, str], age_days: float) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    save_puzzle(Puzzle(GRID, clues=clues), path)
    when = time.time() - age_days * 86_400
    os.utime(path, (when, when))
    return path


def test_suggest_history_drafts_and_repeat(client: TestClient, folder: Path) -> None:
    put(folder, "old/one.ipuz", {"1A": "Mouser"}, 500)
    put(folder, "two.xd", {"1A": "Pet that purrs"}, 3)
    put(folder, "open.ipuz", {"1A": "Pet that purrs"}, 0)
    answer = client.post(
        "/api/crossword/clue-ideas",
        json={"answer": "cat", "clue": "pet that purrs!", "puzzle": "open.ipuz"},
    ).json()
    assert [(u["clue"], u["path"]) for u in answer["history"]] == [
        ("Pet that purrs", "two.xd"),
        ("Mouser", "old/one.ipuz"),
    ]
    assert answer["repeat"]["path"] == "two.xd"
    assert answer["drafts"] and all(
        "cat" not in d["clue"].lower().split() for d in answer["drafts"]
    )
    assert answer["index"]["puzzles"] == 3
    old = client.post("/api/crossword/clue-ideas", json={"answer": "CAT", "clue": "Mouser"}).json()
    assert old["repeat"] is None  # 500 days ago: not recent
    wide = client.post(
        "/api/crossword/clue-ideas", json={"answer": "CAT", "clue": "Mouser", "recent_days": 1000}
    ).json()
    assert wide["repeat"]["path"] == "old/one.ipuz"


def test_refresh_sees_new_files(client: TestClient, folder: Path) -> None:
    first = client.post("/api/crossword/clue-ideas", json={"answer": "ORE"}).json()
    assert first["history"] == []
    put(folder, "new.ipuz", {"4A": "Mined rock"}, 0)
    again = client.post("/api/crossword/clue-ideas", json={"answer": "ORE", "refresh": True}).json()
    assert [u["clue"] for u in again["history"]] == ["Mined rock"]


def test_bad_requests(client: TestClient) -> None:
    for body in (
        {},
        {"answer": "123"},
        {"answer": "x" * 100},
        {"answer": "CAT", "puzzle": "../x.ipuz"},
    ):
        response = client.post("/api/crossword/clue-ideas", json=body)
        assert response.status_code == 400, body
        assert "error" in response.json()
    assert client.post("/api/crossword/clue-ideas", content=b"not json").status_code == 400
