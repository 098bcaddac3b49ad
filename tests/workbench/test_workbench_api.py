"""The workbench's JSON API through Starlette's test client."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, fill
from puzzlewright.crossword.fill.streamed import fill_first
from puzzlewright.crossword.formats import load_puzzle
from puzzlewright.workbench import Config, create_app

EMPTY3 = [["", "", ""], ["", "", ""], ["", "", ""]]


def wait_job(client: TestClient, job_id: str, limit: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        job = client.get(f"/api/jobs/{job_id}").json()
        if job["status"] != "running":
            return job
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} still running")


def test_page_and_health(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert '<script type="module" src="/static/crossword/room.js' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/crossword/main.js").status_code == 200
    assert client.get("/api/health").json()["ok"] is True


def test_analyse_reports_letters_entries_and_stats(client: TestClient) -> None:
    cells = [["B", "", ""], ["", "", ""], ["", "", ""]]
    doc = client.post("/api/crossword/analyse", json={"cells": cells}).json()
    assert doc["status"] == "open"
    assert doc["letters"][0][0] is None
    assert set(doc["letters"][0][1]) <= {"A", "O"}
    assert {e["key"] for e in doc["entries"]} == {"1A", "1D", "2D", "3D", "4A", "5A"}
    assert doc["stats"]["words"] == 6 and doc["stats"]["blocks"] == 0
    dead = client.post(
        "/api/crossword/analyse", json={"cells": [["Q", "Q", ""], ["", "", ""], ["", "", ""]]}
    ).json()
    assert dead["status"] == "dead" and "1A" in dead["dead"]


def test_candidates_filter_and_ban(client: TestClient) -> None:
    cells = [["B", "", ""], ["", "", ""], ["", "", ""]]
    doc = client.post("/api/crossword/candidates", json={"cells": cells, "entry": "1A"}).json()
    words = [w["word"] for w in doc["words"]]
    assert "BAD" in words and set(words) <= {"BAD", "BAT", "BOA"}
    doc = client.post(
        "/api/crossword/candidates",
        json={"cells": cells, "entry": "1A", "filter": "^BA", "regex": True, "banned": ["BAD"]},
    ).json()
    assert [w["word"] for w in doc["words"]] == [
        w for w in words if w.startswith("BA") and w != "BAD"
    ]
    bad = client.post(
        "/api/crossword/candidates",
        json={"cells": cells, "entry": "1A", "filter": "(", "regex": True},
    )
    assert bad.status_code == 400 and "regular expression" in bad.json()["error"]


def test_fill_job_returns_ranked_fills(client: TestClient) -> None:
    start = client.post("/api/crossword/fill", json={"cells": EMPTY3, "count": 3})
    assert start.status_code == 202
    job = wait_job(client, start.json()["id"])
    assert job["status"] == "done"
    result = next(e for e in job["events"] if e["type"] == "result")
    assert result["status"] == "filled"
    fills = {tuple(fill["grid"]) for fill in result["fills"]}
    assert fills == {("BAD", "ONE", "ATE"), ("BOA", "ANT", "DEE")}  # the square, both ways
    assert all(fill["average_score"] is not None for fill in result["fills"])
    # before them, at once, the one fill `crossword fill` makes (issue 26: the page shows it)
    first = next(e for e in job["events"] if e["type"] == "first")
    assert job["events"].index(first) < job["events"].index(result)
    words = client.app.state.workbench.lexicons.get(None)  # type: ignore[attr-defined]
    single = fill(FillRequest(Grid.parse("...\n...\n...\n")), words)
    assert {k: v for k, v in first.items() if k not in ("type", "seconds")} == (
        single.ranked[0].to_json()
    )


def test_fill_job_reports_the_engines_own_document(client: TestClient) -> None:
    """The web's result is FillResult.to_json(every_fill=True), as `crossword fill --json
    --count K` prints it, plus the web's warnings; the request is the CLI's FillRequest."""
    cells = [["", "", "", ""] for _ in range(4)]
    body = {"cells": cells, "count": 2, "seed": 3, "quality": False, "max_shared_substring": 2}
    job = wait_job(client, client.post("/api/crossword/fill", json=body).json()["id"])
    result = next(e for e in job["events"] if e["type"] == "result")
    words = client.app.state.workbench.lexicons.get(None)  # type: ignore[attr-defined]
    request = FillRequest(
        Grid.parse("....\n....\n....\n...."), seed=3, count=2, quality=False, max_shared_substring=2
    )
    expected = fill_first(request, words, on_first=lambda _: None).to_json(every_fill=True)
    assert set(result) == {"type", "warnings", *expected}
    assert not any(e["type"] == "first" for e in job["events"])  # no fill, nothing shown
    assert result["grid"] == expected["grid"] and result["fills"] == expected["fills"]
    for one in result["fills"]:  # no two entries share a run of three letters
        answers = [entry["answer"] for entry in one["entries"]]
        runs = [{a[i : i + 3] for i in range(len(a) - 2)} for a in answers]
        assert all(not (x & y) for i, x in enumerate(runs) for y in runs[i + 1 :])
    for bad in ({"quality": "yes"}, {"max_shared_substring": 0}):
        answer = client.post("/api/crossword/fill", json={"cells": cells, **bad})
        assert answer.status_code == 400, bad


def test_fill_job_names_failed_entries_of_an_unfillable_grid(client: TestClient) -> None:
    cells = [["X", "", ""], ["", "", ""], ["", "", ""]]
    job = wait_job(client, client.post("/api/crossword/fill", json={"cells": cells}).json()["id"])
    result = next(e for e in job["events"] if e["type"] == "result")
    assert result["status"] == "unfillable" and result["fills"] == []
    assert result["failed_slots"] and {"key", "pattern", "failures"} == set(
        result["failed_slots"][0]
    )


def test_region_fill_keeps_the_rest(client: TestClient) -> None:
    cells = [["B", "A", "D"], ["", "", ""], ["", "", ""]]
    start = client.post(
        "/api/crossword/fill", json={"cells": cells, "region": {"entries": ["4A"]}, "count": 1}
    )
    job = wait_job(client, start.json()["id"])
    result = next(e for e in job["events"] if e["type"] == "result")
    assert result["status"] == "filled"
    assert result["fills"][0]["grid"][1] in {"ONE", "ATE", "OAT", "TEA"}
    assert result["fills"][0]["grid"][0] == "BAD"
    assert result["fills"][0]["grid"][2] == "..."
    bad = client.post("/api/crossword/fill", json={"cells": cells, "region": {"rect": "x"}})
    assert bad.status_code == 400
    unknown = client.post(
        "/api/crossword/fill", json={"cells": cells, "region": {"entries": ["9Z"]}}
    )
    assert unknown.status_code == 400 and "9Z" in unknown.json()["error"]


def test_check_job_gives_every_verdict(client: TestClient) -> None:
    """One verdict per candidate; their order depends on which of the processes sharing
    the screen finishes first, the verdicts do not."""
    start = client.post(
        "/api/crossword/check",
        json={"cells": EMPTY3, "entry": "1A", "candidates": ["BAD", "XYZ"], "budget": 5},
    )
    job = wait_job(client, start.json()["id"])
    verdicts = [(e["word"], e["verdict"]) for e in job["events"] if e["type"] == "verdict"]
    assert sorted(verdicts) == [("BAD", "fills"), ("XYZ", "dead end")]
    wrong = client.post(
        "/api/crossword/check", json={"cells": EMPTY3, "entry": "1A", "candidates": ["LONGER"]}
    )
    assert wrong.status_code == 400


def test_a_dead_grid_is_said_once_with_the_entries_responsible(client: TestClient) -> None:
    """Without BAD the square cannot be filled, though every entry keeps words: the check
    job says so once (a ``grid`` event naming entries) and checks no candidate."""
    analysed = client.post("/api/crossword/analyse", json={"cells": EMPTY3, "banned": ["BAD"]})
    assert analysed.json()["status"] == "open"  # propagation alone does not see it
    body = {"cells": EMPTY3, "entry": "1A", "candidates": ["BAT", "OAT"], "banned": ["BAD"]}
    job = wait_job(client, client.post("/api/crossword/check", json=body).json()["id"])
    kinds = [e["type"] for e in job["events"]]
    assert kinds == ["grid", "end"]
    grid = job["events"][0]
    assert grid["verdict"] == "dead end" and grid["responsible"]
    assert set(grid["responsible"]) <= {"1A", "4A", "5A", "1D", "2D", "3D"}
    alive = {"cells": EMPTY3, "entry": "1A", "candidates": ["BAD", "XYZ"], "budget": 5}
    job = wait_job(client, client.post("/api/crossword/check", json=alive).json()["id"])
    assert job["events"][0]["type"] == "grid" and job["events"][0]["fill"]["1A"] == "BAD"


def test_cancel_stops_a_long_fill(client: TestClient) -> None:
    # an open 7x7 on the built-in list: a long search, stopped by the cancel (the result says
    # "interrupted", not its 120 s "timeout"; no bound in seconds: the machine may be loaded)
    start = client.post(
        "/api/crossword/fill",
        json={"cells": [[""] * 7 for _ in range(7)], "timeout": 120, "words": ["builtin"]},
    )
    job_id = start.json()["id"]
    time.sleep(0.5)
    assert client.get(f"/api/jobs/{job_id}").json()["status"] == "running"
    client.post(f"/api/jobs/{job_id}/cancel")
    job = wait_job(client, job_id, limit=60)  # well before its 120 s limit, however loaded
    assert job["status"] == "cancelled"
    result = next(e for e in job["events"] if e["type"] == "result")
    assert result["stop_reason"] == "interrupted" and result["status"] == "timeout"
    assert client.get("/api/jobs/nope").status_code == 404


def test_server_sent_events_stream(client: TestClient) -> None:
    job_id = client.post("/api/crossword/fill", json={"cells": EMPTY3}).json()["id"]
    with client.stream("GET", f"/api/jobs/{job_id}/events") as stream:
        body = stream.read().decode()
    assert stream.headers["content-type"].startswith("text/event-stream")
    assert '"type": "result"' in body and '"type": "end"' in body


def test_pattern(client: TestClient) -> None:
    asked = {"width": 9, "height": 7, "symmetry": "mirror-tb", "seed": 3}
    refused = client.post("/api/crossword/pattern", json=asked)  # the 10-word --words list
    assert refused.status_code == 422 and "word list fills" in refused.json()["error"]
    doc = client.post("/api/crossword/pattern", json={**asked, "words": ["crossword"]}).json()
    cells = doc["cells"]
    assert len(cells) == 7 and len(cells[0]) == 9
    for r in range(7):
        for c in range(9):
            assert (cells[r][c] is None) == (cells[6 - r][c] is None)
    # the fill its check found, for Autofill to show at once: of these cells, from the list
    known = doc["fill"]
    assert [[ch == "#" for ch in row] for row in known["grid"]] == [
        [cell is None for cell in row] for row in cells
    ]
    words = client.app.state.workbench.lexicons.get(["crossword"])  # type: ignore[attr-defined]
    assert known["entries"] and all(
        entry["score"] == words.score(entry["answer"]) is not None for entry in known["entries"]
    )
    assert client.post("/api/crossword/pattern", json={"width": 99}).status_code == 400


def test_save_open_export_roundtrip(client: TestClient, folder: Path) -> None:
    puzzle = {
        "cells": [["B", "A", "D"], ["O", "N", "E"], ["A", "T", None]],
        "title": "Square",
        "author": "Tester",
        "clues": {"1A": "Not good (3)", "1D": "Snake"},
        "circles": [[0, 0]],
    }
    saved = client.post("/api/save", json={"path": "sub.ipuz", "puzzle": puzzle})
    assert saved.status_code == 200, saved.text
    back = load_puzzle(folder / "sub.ipuz")
    assert back.title == "Square" and back.clues["1A"] == "Not good (3)"
    assert back.grid.cells[2][2] is None and (0, 0) in back.circles
    again = client.post("/api/save", json={"path": "sub.ipuz", "puzzle": puzzle})
    assert again.status_code == 409
    ok = client.post("/api/save", json={"path": "sub.ipuz", "puzzle": puzzle, "overwrite": True})
    assert ok.status_code == 200
    opened = client.post("/api/open", json={"path": "sub.ipuz"}).json()["puzzle"]
    assert opened["cells"] == puzzle["cells"] and opened["clues"]["1D"] == "Snake"
    for fmt in ("svg", "html", "pdf"):
        done = client.post(
            "/api/export", json={"path": f"sub.{fmt}", "format": fmt, "puzzle": puzzle}
        )
        assert done.status_code == 200, done.text
        assert (folder / f"sub.{fmt}").stat().st_size > 100
        assert done.json()["warnings"] == ["4 of 6 entries have no clue: 2D, 3D, 4A, 5A"]
    listed = client.get("/api/files").json()
    assert listed["files"] == ["sub.ipuz"]
    assert client.post("/api/save", json={"path": "x.doc", "puzzle": puzzle}).status_code == 400


def test_upload_and_choose_a_word_list(client: TestClient) -> None:
    data = b"CAB\nARE\nBED\nCAB\nARB\nBEE\n"
    doc = client.post("/api/wordlists/upload?name=mine.txt", content=data).json()
    source = doc["source"]
    assert any(w["source"] == source for w in doc["wordlists"])
    loaded = client.post("/api/wordlists/load", json={"words": [source]}).json()
    assert loaded["words"] == 5
    found = client.post(
        "/api/crossword/candidates", json={"cells": EMPTY3, "entry": "1A", "words": [source]}
    ).json()
    assert {w["word"] for w in found["words"]} <= {"CAB", "ARE", "BED", "ARB", "BEE"}
    unknown = client.post("/api/wordlists/load", json={"words": ["nope:1"]})
    assert unknown.status_code == 400


def test_folder_list_layered_with_an_encoding(client: TestClient, folder: Path) -> None:
    (folder / "lists").mkdir()
    (folder / "lists" / "mine.txt").write_bytes("CAFÉ;60\nBAD;0\n".encode("latin-1"))
    source = "file:lists/mine.txt"
    alone = client.post("/api/wordlists/load", json={"words": [source], "encoding": "latin-1"})
    assert alone.json()["words"] == 1  # BAD scored 0 is dropped
    layered = client.post(
        "/api/crossword/candidates",
        json={
            "cells": [["", "", "", ""]],
            "entry": "1A",
            "words": ["builtin", source],
            "encoding": "latin-1",
        },
    ).json()
    assert "CAFE" in [w["word"] for w in layered["words"]]
    assert layered["total"] > 100  # the built-in list's 4-letter words are there too
    bad = client.post("/api/wordlists/load", json={"words": [source], "encoding": "klingon"})
    assert bad.status_code == 400 and "encoding" in bad.json()["error"]


def test_a_failed_save_leaves_the_previous_file(
    client: TestClient, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = {"cells": [["B", "A", "D"], ["O", "N", "E"], ["A", "T", "E"]], "title": "First"}
    assert client.post("/api/save", json={"path": "p.ipuz", "puzzle": good}).status_code == 200
    before = (folder / "p.ipuz").read_bytes()

    def crash(src: object, dst: object) -> None:  # the disk fails at the last step
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("puzzlewright.fileio.os.replace", crash)
    again = {**good, "title": "Second"}
    response = client.post("/api/save", json={"path": "p.ipuz", "puzzle": again, "overwrite": True})
    assert response.status_code == 400 and "No space left" in response.json()["error"]
    assert (folder / "p.ipuz").read_bytes() == before
    assert [p.name for p in folder.iterdir()] == ["p.ipuz"]  # no temporary file left behind
    assert client.get("/static/crossword/main.js").headers["cache-control"] == "no-cache"


def test_barred_grid_analysis_and_roundtrip(client: TestClient, folder: Path) -> None:
    cells = [["B", "A", "D", "", ""], ["", "", "", "", ""], ["", "", "", "", ""]]
    bars = [[0, 2, 1], [1, 2, 1], [2, 2, 1]]  # a bar right of column 2 on every row
    doc = client.post("/api/crossword/analyse", json={"cells": cells, "bars": bars}).json()
    across = sorted(e["length"] for e in doc["entries"] if e["direction"] == "across")
    assert across == [2, 2, 2, 3, 3, 3]
    puzzle = {"cells": cells, "bars": bars, "title": "Barred"}
    assert client.post("/api/save", json={"path": "b.ipuz", "puzzle": puzzle}).status_code == 200
    back = load_puzzle(folder / "b.ipuz")
    assert back.grid.bars == {(0, 2): 1, (1, 2): 1, (2, 2): 1}
    opened = client.post("/api/open", json={"path": "b.ipuz"}).json()["puzzle"]
    assert opened["bars"] == bars
    edge = client.post("/api/crossword/analyse", json={"cells": cells, "bars": [[0, 4, 1]]})
    assert edge.status_code == 400


def test_banned_words_are_never_filled(client: TestClient) -> None:
    # BAD banned: the square cannot be completed any more (its only fills use BAD)
    start = client.post("/api/crossword/fill", json={"cells": EMPTY3, "banned": ["bad"]})
    job = wait_job(client, start.json()["id"])
    result = next(e for e in job["events"] if e["type"] == "result")
    assert result["status"] == "unfillable"
    checks = client.post(
        "/api/crossword/check",
        json={"cells": EMPTY3, "entry": "1A", "candidates": ["BOA"], "banned": ["BAD"]},
    )
    job = wait_job(client, checks.json()["id"])
    # the grid is dead whatever 1A holds: said once (issue 28), no candidate checked
    assert [e["type"] for e in job["events"]] == ["grid", "end"]
    assert job["events"][0]["verdict"] == "dead end"


def test_a_cyrillic_list_and_grid(client: TestClient) -> None:
    data = "КОТ;50\nОКО;40\nТОК;45\nКИТ;44\nТИК;43\n".encode()
    source = client.post("/api/wordlists/upload?name=ru.txt", content=data).json()["source"]
    cells = [["К", "", ""], ["", "", ""], ["", "", ""]]
    doc = client.post("/api/crossword/analyse", json={"cells": cells, "words": [source]}).json()
    assert doc["status"] in ("open", "dead")
    found = client.post(
        "/api/crossword/candidates", json={"cells": cells, "entry": "1A", "words": [source]}
    ).json()
    assert {w["word"] for w in found["words"]} <= {"КОТ", "КИТ"}
    latin = client.post("/api/crossword/analyse", json={"cells": [["Q", ""]], "words": [source]})
    assert latin.status_code == 400 and "alphabet" in latin.json()["error"]


def test_a_worker_that_dies_is_reported(client: TestClient) -> None:
    start = client.post(
        "/api/crossword/fill",
        json={"cells": [[""] * 7 for _ in range(7)], "timeout": 120, "words": ["builtin"]},
    )
    job_id = start.json()["id"]
    job = client.app.state.workbench.jobs.get(job_id)  # type: ignore[attr-defined]
    job.process.kill()
    job.process.join(timeout=5)
    done = wait_job(client, job_id)
    assert done["status"] == "error"
    assert done["events"][-1] == {"type": "end", "status": "error", "error": "the worker died"}
    assert client.get("/api/health").json()["ok"] is True


def test_a_diagramless_puzzle_keeps_its_kind(client: TestClient, folder: Path) -> None:
    """A locked diagramless .puz opens unlocked and diagramless; saved, it stays so."""
    source = Path(__file__).parents[1] / "data" / "corpus" / "puzpy" / "nyt_diagramless.puz"
    (folder / "dl.puz").write_bytes(source.read_bytes())
    opened = client.post("/api/open", json={"path": "dl.puz"}).json()
    assert opened["puzzle"]["kind"] == "diagramless"
    assert "unlocked with key 3285" in opened["warnings"][0]
    assert "".join(c or "#" for c in opened["puzzle"]["cells"][0]) == "######VISTA######"
    saved = client.post("/api/save", json={"path": "dl.ipuz", "puzzle": opened["puzzle"]})
    assert saved.status_code == 200, saved.text
    assert load_puzzle(folder / "dl.ipuz").kind == "diagramless"
    wrong = {**opened["puzzle"], "kind": 3}
    bad = client.post("/api/save", json={"path": "x.ipuz", "puzzle": wrong})
    assert bad.status_code == 400 and "kind" in bad.json()["error"]


def test_the_active_lists_are_described(client: TestClient) -> None:
    """The --words list (not the built-in one) with its size, histogram and minimum."""
    info = client.post("/api/wordlists/active", json={"min_score": 45}).json()
    assert info["layers"] == [{"source": "cli:0", "name": "square.txt"}] and info["default"]
    assert info["words"] == 10 and info["usable"] == 6  # BAD..DEE score 45-50
    assert info["histogram"] == [[40, 9], [50, 1]]  # scores 41-49 and 50
    assert info["min_score"] == 45
    built_in = client.post("/api/wordlists/active", json={"words": ["builtin"]}).json()
    assert built_in["layers"][0]["name"] == "built-in English" and not built_in["default"]
    assert built_in["words"] > 10_000


def test_personal_edits_change_the_list_and_survive_a_restart(
    client: TestClient, folder: Path
) -> None:
    cells = {"cells": [["", "", ""], ["", "", ""], ["", "", ""]], "entry": "1A", "limit": 50}

    def candidates() -> list[str]:
        found = client.post("/api/crossword/candidates", json=cells).json()["words"]
        return [item["word"] for item in found]

    assert "BAD" in candidates()
    for word, score in [("cab", 60), ("BAD", 0), ("BOA", 30), ("BOA", None)]:
        done = client.post("/api/wordlists/personal", json={"word": word, "score": score})
        assert done.status_code == 200, done.text
    assert done.json()["entries"] == [["BAD", 0], ["CAB", 60]]
    assert "BAD" not in candidates()  # removed for good
    info = client.post("/api/wordlists/active", json={}).json()
    assert info["personal"] == {"file": "personal.dict", "entries": 2} and info["words"] == 10
    assert "CAB;60" in (folder / "personal.dict").read_text(encoding="utf-8")
    config = Config(root=folder, port=8765, word_paths=[str(folder.parent / "square.txt")],
                    extra_hosts=("testserver",))  # fmt: skip
    base = "http://testserver:8765"  # the Host header carries the port
    with TestClient(create_app(config), base_url=base) as restarted:  # the next start reads it
        assert restarted.get("/api/wordlists/personal").json()["entries"] == [
            ["BAD", 0],
            ["CAB", 60],
        ]
    bad = client.post("/api/wordlists/personal", json={"word": "x1", "score": 5})
    assert bad.status_code == 400 and "letters" in bad.json()["error"]
    assert client.post("/api/wordlists/personal", json={"word": "ok"}).status_code == 400


def test_a_pattern_around_theme_entries_that_the_list_fills(client: TestClient) -> None:
    body = {"width": 3, "height": 3, "symmetry": "none", "keep": "1,1,A,BAD", "seed": 1}
    cells = client.post("/api/crossword/pattern", json=body).json()["cells"]
    assert cells[0] == ["B", "A", "D"] and all(cell == "" for row in cells[1:] for cell in row)
    bad = client.post("/api/crossword/pattern", json={**body, "keep": "1,1,X,BAD"})
    assert bad.status_code == 400 and "ROW,COL,A|D,ANSWER" in bad.json()["error"]
    none = client.post("/api/crossword/pattern", json={**body, "keep": "1,1,A,XYZ"})
    assert none.status_code == 422 and "word list fills" in none.json()["error"]
