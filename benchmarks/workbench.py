"""Workbench benchmark: the latencies a constructor feels, through the HTTP API on 127.0.0.1.

Starts ``puzzlewright serve`` (Spread the Wordlist, min score 50) on a free port and, on the
15x15 themed grid ``benchmarks/grids/themed1.txt`` half filled (the top rows of a fill the
server made), measures

* analyse (viable letters, candidate counts, stats): median latency; target <= 100 ms
* candidates of an entry: median latency over the empty entries; target <= 50 ms
* time until the first candidate of an entry is marked ``fills`` by the background checks:
  median over entries; target <= 2 s
* autofill of the empty themed 15x15 until the first fill arrives: median; target <= 1 s
* page load to interactive in Chromium (``/usr/bin/chromium``, when Playwright is installed):
  median; target <= 1 s

Baselines measured in the same run: the engine calls alone, in this process
(``analyse_grid``, ``entry_candidates``, ``fill_grid``), so the ratios show what HTTP, JSON and
the worker processes add. Figures, not a test: nothing is asserted.

``python benchmarks/workbench.py [--runs N]``. Needs ../shared/data (STWL); skipped with a
note when it is missing.

``--starting-grid`` (issue 26) serves with NO ``--words`` (the built-in crossword list, as a
new user starts) and, beside it in the same run, with STWL at 50: for seeds 0..N-1 it asks
New... for a 15x15 pattern (the server checks that its list fills it), autofills it until
the first fill arrives, and times the first candidate of an entry marked ``fills``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from puzzlewright.workbench.launch import serving

HERE = Path(__file__).resolve().parent
GRID = HERE / "grids" / "themed1.txt"
STWL = HERE.parents[1] / "shared" / "data" / "spreadthewordlist_via_blacksquare_0.10.0.dict.gz"
CHROMIUM = Path("/usr/bin/chromium")
MIN_SCORE = 50


@contextmanager
def server(folder: Path) -> Iterator[str]:
    with serving(folder, "--words", str(STWL), "--min-score", str(MIN_SCORE)) as url:
        yield url


def post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=120) as response:
        return json.loads(response.read())


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def wait_for(url: str, job_id: str, wanted: Callable[[dict[str, Any]], bool]) -> float:
    """Seconds from now until an event of the job satisfies ``wanted`` (inf if never)."""
    started = time.perf_counter()
    since = 0
    while True:
        job = get(f"{url}/api/jobs/{job_id}?since={since}")
        since = job["next"]
        if any(wanted(event) for event in job["events"]):
            return time.perf_counter() - started
        if job["status"] != "running":
            return float("inf")
        time.sleep(0.005)


def cells_of(text: str) -> list[list[str | None]]:
    return [[None if ch == "#" else "" for ch in line] for line in text.split()]


def half_filled(url: str) -> tuple[list[list[str | None]], list[list[str | None]]]:
    """A fill of the themed grid made by the server, and its top half (the rest emptied)."""
    empty = cells_of(GRID.read_text())
    job = post(f"{url}/api/crossword/fill", {"cells": empty, "count": 1, "timeout": 60})
    wait_for(url, job["id"], lambda e: e["type"] == "end")
    result = next(e for e in get(f"{url}/api/jobs/{job['id']}")["events"] if e["type"] == "result")
    full = result["fills"][0]["cells"]
    half = [
        row if r < len(full) // 2 else [None if c is None else "" for c in row]
        for r, row in enumerate(full)
    ]
    return full, half


def keystrokes(
    full: list[list[str | None]], half: list[list[str | None]], count: int, skip: int = 0
) -> list[list[list[str | None]]]:
    """``count`` different grids: the half grid plus one letter of the fill each, as after
    a keystroke (so no propagation can be reused from an earlier grid)."""
    empty = [(r, c) for r, row in enumerate(half) for c, cell in enumerate(row) if cell == ""]
    grids = []
    for r, c in empty[skip : skip + count]:
        grid = [list(row) for row in half]
        grid[r][c] = full[r][c]
        grids.append(grid)
    return grids


def ms(seconds: float) -> str:
    return f"{1000 * seconds:8.1f} ms"


def report(name: str, figures: list[float], target: float, baseline: list[float] | None) -> None:
    median = statistics.median(figures)
    line = f"{name:<44} median {ms(median)}  (target <= {ms(target).strip()})"
    if baseline:
        base = statistics.median(baseline)
        line += f"  engine alone {ms(base).strip()}, ratio {median / base:5.2f}"
    print(line, flush=True)


def page_load(url: str, runs: int) -> list[float]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return []
    if not CHROMIUM.exists():
        return []
    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            started = time.perf_counter()
            page.goto(url)
            page.wait_for_selector("body[data-ready=true]", timeout=30_000)
            times.append(time.perf_counter() - started)
            context.close()
        browser.close()
    return times


def engine_baselines(
    grids: list[list[list[str | None]]], others: list[list[list[str | None]]], key: str
) -> dict[str, list[float]]:
    """The engine calls alone, in this process, on the same grids as the HTTP calls."""
    from puzzlewright.crossword.analysis import analyse_grid, entry_candidates
    from puzzlewright.crossword.fill import fill_grid
    from puzzlewright.crossword.grid import Grid
    from puzzlewright.lexicon import load_wordlist
    from puzzlewright.stopping import StopSignal

    words, _ = load_wordlist([STWL])
    empty = Grid(cells_of(GRID.read_text()))
    analyse_grid(Grid(grids[0]), words, min_score=MIN_SCORE)  # warm, as the server is
    analyse_grid(Grid(others[-1]), words, min_score=MIN_SCORE)
    return {
        "analyse": [
            timed(lambda g=g: analyse_grid(Grid(g), words, min_score=MIN_SCORE)) for g in grids
        ],
        "candidates": [
            timed(lambda g=g: entry_candidates(Grid(g), words, key, min_score=MIN_SCORE))
            for g in others
        ],
        "fill": [
            timed(
                lambda s=s: fill_grid(
                    empty, words, min_score=MIN_SCORE, seed=s, stop=StopSignal(60)
                )
            )
            for s in range(3)
        ],
    }


def starting_grid(seeds: int) -> None:
    """New... then Autofill, as a new user does, with the default list and with STWL."""
    lists = {"default": (), "stwl50": ("--words", str(STWL), "--min-score", str(MIN_SCORE))}
    for label, args in lists.items():
        with tempfile.TemporaryDirectory() as folder, serving(Path(folder), *args) as url:
            made, filled, firsts, failed = [], [], [], 0
            for seed in range(seeds):
                started = time.perf_counter()
                body = {"width": 15, "height": 15, "symmetry": "rotational", "seed": seed}
                cells = post(f"{url}/api/crossword/pattern", body)["cells"]
                made.append(time.perf_counter() - started)
                started = time.perf_counter()
                job = post(f"{url}/api/crossword/fill", {"cells": cells, "seed": 0, "timeout": 60})
                took = wait_for(url, job["id"], lambda e: e["type"] == "result")
                failed += took == float("inf")
                filled.append(time.perf_counter() - started)
                analysis = post(f"{url}/api/crossword/analyse", {"cells": cells})
                entry = analysis["entries"][len(analysis["entries"]) // 2]["key"]
                words = post(
                    f"{url}/api/crossword/candidates", {"cells": cells, "entry": entry, "limit": 12}
                )["words"]
                started = time.perf_counter()
                check = {"cells": cells, "entry": entry, "budget": 1.5}
                check["candidates"] = [w["word"] for w in words]
                job = post(f"{url}/api/crossword/check", check)
                wait_for(url, job["id"], lambda e: e.get("verdict") == "fills")
                firsts.append(time.perf_counter() - started)
                post(f"{url}/api/jobs/{job['id']}/cancel", {})
            print(f"{label}: {seeds} starting 15x15 grids, {failed} without a fill")
            report(f"  {label}: New... 15x15 (with its fill check)", made, 5.0, None)
            report(f"  {label}: Autofill of it, first fill", filled, 2.0, None)
            report(f"  {label}: first candidate marked 'fills'", firsts, 1.0, None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="keystrokes timed per figure")
    parser.add_argument(
        "--starting-grid", type=int, default=0, metavar="N", help="issue 26: N seeds"
    )
    args = parser.parse_args()
    if not STWL.exists():
        print(f"skipped: Spread the Wordlist not found at {STWL}")
        return 0
    if args.starting_grid:
        starting_grid(args.starting_grid)
        return 0
    with tempfile.TemporaryDirectory() as folder, server(Path(folder)) as url:
        full, half = half_filled(url)
        analysis = post(f"{url}/api/crossword/analyse", {"cells": half})
        keys = [e["key"] for e in analysis["entries"] if "?" in e["pattern"]]
        key = keys[len(keys) // 2]
        grids = keystrokes(full, half, args.runs)
        others = keystrokes(full, half, args.runs, skip=args.runs)
        print(
            f"themed 15x15 ({GRID.name}) half filled: {len(keys)} open entries; "
            f"STWL min score {MIN_SCORE}; {len(grids)} keystrokes (one new letter each)"
        )
        base = engine_baselines(grids, others, key)
        analyse = []
        after = []
        for grid in grids:  # what the page does after a keystroke: analyse, then candidates
            analyse.append(timed(lambda g=grid: post(f"{url}/api/crossword/analyse", {"cells": g})))
            after.append(
                timed(
                    lambda g=grid: post(
                        f"{url}/api/crossword/candidates", {"cells": g, "entry": key, "limit": 150}
                    )
                )
            )
        alone = [
            timed(
                lambda g=grid: post(
                    f"{url}/api/crossword/candidates", {"cells": g, "entry": key, "limit": 150}
                )
            )
            for grid in others
        ]
        report("analyse after a keystroke (HTTP)", analyse, 0.100, base["analyse"])
        report("candidates, after that analyse (HTTP)", after, 0.050, None)
        report("candidates of a new grid (HTTP)", alone, 0.050, base["candidates"])
        firsts = []
        for entry in keys[:8]:
            words = post(
                f"{url}/api/crossword/candidates", {"cells": half, "entry": entry, "limit": 12}
            )["words"]
            started = time.perf_counter()
            job = post(
                f"{url}/api/crossword/check",
                {
                    "cells": half,
                    "entry": entry,
                    "candidates": [w["word"] for w in words],
                    "budget": 1.5,
                },
            )
            wait_for(url, job["id"], lambda e: e.get("verdict") == "fills")
            firsts.append(time.perf_counter() - started)
            post(f"{url}/api/jobs/{job['id']}/cancel", {})
        report("first candidate marked 'fills' (8 entries)", firsts, 2.0, None)
        fills = []
        empty = cells_of(GRID.read_text())
        for seed in range(3):
            started = time.perf_counter()
            job = post(
                f"{url}/api/crossword/fill",
                {"cells": empty, "count": 1, "seed": seed, "timeout": 60},
            )
            wait_for(url, job["id"], lambda e: e["type"] == "result")
            fills.append(time.perf_counter() - started)
        report("autofill empty themed 15x15, first fill", fills, 1.0, base["fill"])
        loads = page_load(url, 5)
        if loads:
            report("page load to interactive (Chromium)", loads, 1.0, None)
        else:
            print("page load: skipped (needs Playwright and /usr/bin/chromium)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
