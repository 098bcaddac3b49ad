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
the worker processes add. Under load those wall-time ratios mostly measure the waits for a
core at each wake-up of a request's path (client, server loop, compute thread, loop,
client), so the analyse call's CPU is also counted: the server process's per call against
the same work's in this process (``analyse CPU per call``). Figures, not a test: nothing
is asserted.

``python benchmarks/workbench.py [--runs N]``. Needs ../shared/data (STWL); skipped with a
note when it is missing.

``--before CHECKOUT`` measures CHECKOUT's code (PYTHONPATH=CHECKOUT/src, e.g. a copy of
main before a change) and this checkout's, list by list, in the same run.

``--profile-checks SHIFT`` (issue 31): no HTTP; per candidate of the fill checks' first
screen, its verdict, how it was reached and its CPU, in this process, uncut, for the 8
entries SHIFT places further along than the fill-check figures', with each entry's
critical path over two processes taking turns (where the checks' time goes).

``--starting-grid`` (issue 26) serves with NO ``--words`` (the built-in crossword list, as a
new user starts) and, beside it in the same run, with STWL at 50: for seeds 0..N-1 it asks
New... for a 15x15 pattern (the server checks that its list fills it), autofills it until
the first fill is shown (the job's ``first`` event) and until the ranked five arrive (the
only fill event before issue 26's fix), and times the first candidate of an entry marked ``fills``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
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


FRESH = True
"""Measure one fresh search per candidate too (``--no-fresh``: not, to save time)."""
FIRST_SCREEN = 16  # candidates the page checks: the list's first screen (assist.js CHECKS)
LISTS = {"stwl": ("--words", str(STWL)), "default": ()}
"""The lists compared: Spread the Wordlist and the built-in crossword list (no --words)."""


@contextmanager
def server(folder: Path, words: str = "stwl") -> Iterator[str]:
    with serving(folder, *LISTS[words], "--min-score", str(MIN_SCORE)) as url:
        yield url


def engine_words(label: str) -> Any:
    from puzzlewright.lexicon import load_wordlist

    words, _ = load_wordlist([STWL] if label == "stwl" else ["crossword"])
    return words


CONNECTIONS: dict[str, http.client.HTTPConnection] = {}
"""One kept-alive connection per server, as the page's browser keeps one: a new TCP
connection per call (urllib) measured the client's connect, not the server."""


def call(method: str, url: str, body: dict[str, Any] | None = None) -> Any:
    parts = urllib.parse.urlsplit(url)
    for attempt in (1, 2):
        connection = CONNECTIONS.get(parts.netloc)
        if connection is None:
            connection = CONNECTIONS[parts.netloc] = http.client.HTTPConnection(
                parts.netloc, timeout=120
            )
        data = None if body is None else json.dumps(body).encode()
        try:
            connection.request(method, f"{parts.path}?{parts.query}" if parts.query else parts.path,
                               data, {"Content-Type": "application/json"})  # fmt: skip
            response = connection.getresponse()
            return json.loads(response.read())
        except (http.client.HTTPException, OSError):
            connection.close()  # the server closed an idle connection: one new one
            del CONNECTIONS[parts.netloc]
            if attempt == 2:
                raise
    return None


def post(url: str, body: dict[str, Any]) -> Any:
    return call("POST", url, body)


def get(url: str) -> Any:
    return call("GET", url)


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
    full = [[None if ch == "#" else ch for ch in row] for row in result["grid"]]
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


def endpoint_work(cells: list[list[str | None]], words: Any) -> bytes:
    """What POST /api/crossword/analyse computes, in this process: the analysis, the grid's
    checks and statistics, the JSON (the endpoint's own work, without HTTP)."""
    from puzzlewright.crossword.analysis import analyse_grid, grid_stats
    from puzzlewright.crossword.grid import Grid
    from puzzlewright.crossword.statistics import fill_statistics

    grid = Grid(cells)
    result = analyse_grid(grid, words, min_score=MIN_SCORE).to_json()
    result["stats"] = grid_stats(grid, words, min_score=MIN_SCORE).to_json()
    result["statistics"] = fill_statistics(grid, words).to_json()
    return json.dumps(result).encode()


def engine_baselines(
    grids: list[list[list[str | None]]],
    others: list[list[list[str | None]]],
    key: str,
    words: Any,
) -> dict[str, list[float]]:
    """The engine calls alone, in this process, on the same grids as the HTTP calls."""
    from puzzlewright.crossword.analysis import analyse_grid, entry_candidates
    from puzzlewright.crossword.fill import fill_grid
    from puzzlewright.crossword.grid import Grid
    from puzzlewright.stopping import StopSignal

    empty = Grid(cells_of(GRID.read_text()))
    analyse_grid(Grid(grids[0]), words, min_score=MIN_SCORE)  # warm, as the server is
    analyse_grid(Grid(others[-1]), words, min_score=MIN_SCORE)
    return {
        "analyse": [
            timed(lambda g=g: analyse_grid(Grid(g), words, min_score=MIN_SCORE)) for g in grids
        ],
        "endpoint": [timed(lambda g=g: endpoint_work(g, words)) for g in grids],
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
            made, shown, filled, firsts, failed, known = [], [], [], [], 0, 0
            for seed in range(seeds):
                started = time.perf_counter()
                body = {"width": 15, "height": 15, "symmetry": "rotational", "seed": seed}
                pattern = post(f"{url}/api/crossword/pattern", body)
                cells, known = pattern["cells"], known + (pattern.get("fill") is not None)
                made.append(time.perf_counter() - started)
                started = time.perf_counter()
                fill = {"cells": cells, "seed": 0, "count": 5, "timeout": 60}  # as the page asks
                job = post(f"{url}/api/crossword/fill", fill)
                wait_for(url, job["id"], lambda e: e["type"] in ("first", "result"))
                shown.append(time.perf_counter() - started)
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
            print(f"{label}: {seeds} starting 15x15 grids, {failed} without a fill; {known} came "
                  "with New...'s fill (the page shows it at once on Autofill)")  # fmt: skip
            report(f"  {label}: New... 15x15 (with its fill check)", made, 5.0, None)
            report(f"  {label}: Autofill of it, first fill shown", shown, 2.0, None)
            report(f"  {label}: Autofill of it, the ranked 5", filled, 60.0, None)
            report(f"  {label}: first candidate marked 'fills'", firsts, 1.0, None)


def fill_checks(url: str, half: list[list[str | None]], keys: list[str], words: Any) -> None:
    """Per candidate of the first screen, the time from asking until its verdict, through
    HTTP (a check job: a worker process) and in this process (the same engine calls)."""
    from puzzlewright.crossword.analysis import check_candidate, check_entry_grid
    from puzzlewright.crossword.grid import Grid
    from puzzlewright.stopping import StopSignal

    def checks(grid: Grid, entry: str, todo: list[str]) -> Iterator[object]:
        """What the check job runs: the grid's check, then the candidates'."""
        try:
            from puzzlewright.crossword.fill_checks import entry_checks
        except ImportError:  # a checkout before it (PYTHONPATH=old/src)
            from puzzlewright.crossword.fill_checks import check_candidates

            whole = check_entry_grid(grid, words, entry, min_score=MIN_SCORE, stop=StopSignal(3))
            yield whole
            if whole.verdict != "dead end":
                yield from check_candidates(grid, words, entry, todo, min_score=MIN_SCORE,
                                            budget=1.5, fill=whole.fill)  # fmt: skip
            return
        yield from entry_checks(grid, words, entry, todo, min_score=MIN_SCORE, budget=1.5)

    split_wall: list[float] = []  # per entry: the check job's split in this process
    split_cpu: list[float] = []  # its critical path's CPU seconds (an idle machine's wall)
    split_each: list[float] = []  # per candidate: its own CPU in the split job
    split_verdicts: dict[str, int] = {}
    serial_last: list[float] = []  # per entry: CPU to the last verdict in one process
    web: list[float] = []
    alone: list[float] = []
    alone_cpu: list[float] = []  # CPU seconds in this process until each verdict
    each_cpu: list[float] = []  # the same with one search per candidate (analysis.check_candidate)
    firsts: list[float] = []  # per entry: the first candidate marked ``fills`` (HTTP)
    verdicts: dict[str, int] = {}
    entries = keys[:: max(1, len(keys) // 8)][:8]
    for entry in entries:
        words_of_entry = post(
            f"{url}/api/crossword/candidates",
            {"cells": half, "entry": entry, "limit": FIRST_SCREEN},
        )["words"]
        todo = [w["word"] for w in words_of_entry]
        started = time.perf_counter()
        body = {"cells": half, "entry": entry, "candidates": todo, "budget": 1.5}
        job = post(f"{url}/api/crossword/check", body)
        since, left, first = 0, set(todo), float("inf")
        while left:
            state = get(f"{url}/api/jobs/{job['id']}?since={since}")
            since = state["next"]
            for event in state["events"]:
                if event.get("type") == "verdict" and event["word"] in left:
                    left.discard(event["word"])
                    web.append(time.perf_counter() - started)
                    verdicts[event["verdict"]] = verdicts.get(event["verdict"], 0) + 1
                    if event["verdict"] == "fills":
                        first = min(first, web[-1])
            if state["status"] != "running":
                web += [float("inf")] * len(left)
                break
            time.sleep(0.005)
        firsts.append(first)
        grid = Grid(half)
        started, cpu = time.perf_counter(), time.process_time()
        for check in checks(grid, entry, todo):
            if hasattr(check, "word"):  # a candidate's verdict (the grid's has none)
                alone.append(time.perf_counter() - started)
                alone_cpu.append(time.process_time() - cpu)
        serial_last.append(alone_cpu[-1])  # the serial job's CPU to its last verdict
        split = split_job(grid, entry, todo, words, split_each, split_verdicts)
        if split is not None:
            split_wall.append(split[0])
            split_cpu.append(split[1])
        cpu = time.process_time()  # the same, one fresh search per candidate
        for word in todo if FRESH else ():
            check_candidate(grid, words, entry, word, min_score=MIN_SCORE, stop=StopSignal(1.5))
            each_cpu.append(time.process_time() - cpu)
    within = sum(t <= 1.0 for t in web)
    print(
        f"fill checks, first screen ({FIRST_SCREEN}) of {len(entries)} entries: {len(web)} "
        f"verdicts {verdicts}; {within} of {len(web)} within 1 s",
        flush=True,
    )
    report("  time to a candidate's verdict (HTTP)", web, 1.0, alone)
    report("  first candidate marked 'fills' (HTTP)", firsts, 1.0, None)
    report("  time to the screen's last verdict (HTTP)", [max(web)], 1.0, [max(alone)])
    report("  engine CPU to a verdict (this process)", alone_cpu, 1.0, each_cpu or None)
    print(f"  (ratio against one fresh search per candidate, same entries; load {load()})")
    if split_wall:
        report("  split job: the screen's last verdict (this process)", split_wall, 1.0,
               [max(alone)])  # fmt: skip
        report("  split job: critical-path CPU to the last verdict", split_cpu, 1.0, serial_last)
        each = sorted(split_each)
        print(f"  split job: {sum(t <= 1.0 for t in split_cpu)} of {len(split_cpu)} entries' "
              f"screens within 1 s of critical-path CPU; verdicts {split_verdicts}; a "
              f"candidate's own CPU: median {ms(statistics.median(each)).strip()}, 90th "
              f"percentile {ms(each[int(0.9 * (len(each) - 1))]).strip()}, max "
              f"{ms(each[-1]).strip()} (load {load()})", flush=True)  # fmt: skip
    cpus = sorted(alone_cpu)
    tail = ms(cpus[int(0.9 * (len(cpus) - 1))]).strip()
    print(f"  engine CPU: {sum(t <= 1.0 for t in cpus)} of {len(cpus)} verdicts within 1 s, "
          f"90th percentile {tail}", flush=True)  # fmt: skip


SPLIT_BUDGET = 30.0
"""Seconds per candidate in the split job measured in-process: the job's budget (1.5 s) is
wall time, which on a loaded machine buys a fraction of that in CPU and would cut the
very searches whose CPU is measured; here none is cut, so ``unknown`` should not occur."""


def split_job(
    grid: Any, entry: str, todo: list[str], words: Any, each: list[float], verdicts: dict[str, int]
) -> tuple[float, float] | None:
    """The check job's work as the server runs it, split over the CPUs (the engine's
    ``prepare_checks``, then ``workbench.fanout``), here: wall seconds to the last verdict
    and the CPU seconds of its critical path (the preparation's, then the busiest share's:
    the wall time on idle cores); each verdict's own CPU (in its process, since the one
    before) goes to ``each``, the verdicts are counted in ``verdicts``. None before the
    split existed."""
    try:
        from puzzlewright.crossword.fill_checks import prepare_checks
        from puzzlewright.workbench.fanout import cpus, run_shares, split
    except ImportError:
        return None
    from puzzlewright.stopping import StopSignal

    def timed(inner: Callable[[StopSignal], Iterator[dict[str, Any]]]) -> Any:
        def share(until: StopSignal) -> Iterator[dict[str, Any]]:
            mark = time.process_time()  # a forked child's CPU counts from its fork
            for event in inner(until):
                now = time.process_time()
                yield {"verdict": event["verdict"], "each": now - mark}
                mark = now
            yield {"cpu": time.process_time()}

        return share

    started, cpu = time.perf_counter(), time.process_time()
    stop = StopSignal(60)
    _, checker = prepare_checks(grid, words, entry, todo, min_score=MIN_SCORE,
                                budget=SPLIT_BUDGET, stop=stop)  # fmt: skip
    prepared = time.process_time() - cpu
    if checker is None:
        return None

    try:  # the job's own shares: one process per CPU, each taking the next candidate
        from puzzlewright.workbench.rooms.crossword_jobs import check_shares

        shares = [timed(share) for share in check_shares(checker, todo, cpus())]
    except ImportError:  # before: the screen dealt round-robin, a fixed share per process
        shares = [
            timed(lambda until, part=part: ({"verdict": c.verdict} for c in checker(part, until)))
            for part in split(todo, cpus())
        ]
    last, busiest = 0.0, 0.0
    for event in run_shares(shares, stop):
        if "verdict" in event:
            last = time.perf_counter() - started
            each.append(event["each"])
            verdicts[event["verdict"]] = verdicts.get(event["verdict"], 0) + 1
        else:
            busiest = max(busiest, event["cpu"])
    path = prepared + busiest
    print(f"    {entry}: {len(shares)} shares, last verdict {ms(last)} (load {load()}), "
          f"critical-path CPU {ms(path)}", flush=True)  # fmt: skip
    return last, path


CPU_SAMPLES = 20
"""Analyse calls whose CPU is counted (at least; the kernel counts CPU in 10 ms ticks)."""


def server_cpu() -> float | None:
    """CPU seconds (user + system) of this process's ``puzzlewright serve`` child so far,
    from /proc (None where there is none): its own work, not its job processes'."""
    tick = os.sysconf("SC_CLK_TCK")
    for children in Path(f"/proc/{os.getpid()}/task").glob("*/children"):
        for pid in children.read_text().split():
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if b"serve" in command:
                return (int(fields[11]) + int(fields[12])) / tick
    return None


def analyse_cpu(url: str, grids: list[list[list[str | None]]], words: Any) -> None:
    """The analyse call's CPU over HTTP (the server process's, per call) against the same
    endpoint work's CPU in this process: what HTTP, JSON and the thread hand-off cost in
    work, apart from the waits for a core that a loaded machine adds to every wake-up."""
    engine = time.process_time()
    for grid in grids:
        endpoint_work(grid, words)
    engine = (time.process_time() - engine) / len(grids)
    before, client = server_cpu(), time.process_time()
    for grid in grids:
        post(f"{url}/api/crossword/analyse", {"cells": grid})
    after, client = server_cpu(), (time.process_time() - client) / len(grids)
    if before is None or after is None:
        return
    server = (after - before) / len(grids)
    print(f"analyse CPU per call: server {ms(server).strip()}, its engine work in-process "
          f"{ms(engine).strip()}, ratio {server / engine:5.2f}; the client's "
          f"{ms(client).strip()} ({len(grids)} keystrokes, load {load()})", flush=True)  # fmt: skip


def profile_checks(label: str, shift: int) -> None:
    """Per candidate of the first screen, in this process and one after the other: its
    verdict, how it was reached and its CPU, for the benchmark's 8 entries (``shift``: the
    entries that many places further along), uncut; then each entry's CPU (the grid's
    search, then the candidates') and its critical path over two processes taking turns."""
    from puzzlewright.crossword.analysis import analyse_grid, entry_candidates
    from puzzlewright.crossword.fill_checks import prepare_checks
    from puzzlewright.crossword.grid import Grid
    from puzzlewright.stopping import StopSignal

    words = engine_words(label)
    with tempfile.TemporaryDirectory() as folder, server(Path(folder), label) as url:
        _, half = half_filled(url)
    grid = Grid(half)
    analysis = analyse_grid(grid, words, min_score=MIN_SCORE)
    keys = [e.key for e in analysis.entries if "?" in e.pattern]
    keys = keys[len(keys) // 2 :]
    for entry in keys[shift :: max(1, len(keys) // 8)][:8]:
        found = entry_candidates(grid, words, entry, min_score=MIN_SCORE, limit=FIRST_SCREEN)
        todo = [candidate.word for candidate in found.words]
        started = time.process_time()
        whole, checker = prepare_checks(grid, words, entry, todo, min_score=MIN_SCORE,
                                        budget=SPLIT_BUDGET, stop=StopSignal(120))  # fmt: skip
        mark = time.process_time()
        prepared, each, lines = mark - started, [], []
        for check in checker(todo, StopSignal(120)) if checker else ():
            each.append(time.process_time() - mark)
            mark = time.process_time()
            lines.append(f"{check.word} {check.verdict} ({check.method}) {ms(each[-1]).strip()}")
        shares = [0.0, 0.0]
        for seconds in each:  # two processes, each taking the next candidate when free
            shares[shares.index(min(shares))] += seconds
        print(f"{label} {entry}: grid {whole.verdict} {ms(prepared).strip()}, candidates "
              f"{ms(sum(each)).strip()}, critical path {ms(prepared + max(shares)).strip()} "
              f"(load {load()})\n    " + "; ".join(lines), flush=True)  # fmt: skip


def load() -> str:
    """The load average now (the machine is shared: every figure is read beside it)."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def list_section(label: str, runs: int, browser: bool, checks_only: bool = False) -> None:
    """Every figure for one list: analyse, candidates, fill checks, autofill, page load."""
    words = engine_words(label)
    with tempfile.TemporaryDirectory() as folder, server(Path(folder), label) as url:
        full, half = half_filled(url)
        analysis = post(f"{url}/api/crossword/analyse", {"cells": half})
        keys = [e["key"] for e in analysis["entries"] if "?" in e["pattern"]]
        key = keys[len(keys) // 2]
        grids = keystrokes(full, half, runs)
        others = keystrokes(full, half, runs, skip=runs)
        print(
            f"[{label}] themed 15x15 ({GRID.name}) half filled: {len(keys)} open entries; "
            f"min score {MIN_SCORE}; {len(grids)} keystrokes (one new letter each)"
        )
        base = engine_baselines(grids, others, key, words)
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
        report("analyse after a keystroke (HTTP) / analyse_grid", analyse, 0.100, base["analyse"])
        report("analyse after a keystroke (HTTP) / its engine work", analyse, 0.100,
               base["endpoint"])  # fmt: skip
        analyse_cpu(url, keystrokes(full, half, max(runs, CPU_SAMPLES), skip=2 * runs), words)
        report("candidates, after that analyse (HTTP)", after, 0.050, None)
        report("candidates of a new grid (HTTP)", alone, 0.050, base["candidates"])
        fill_checks(url, half, keys[len(keys) // 2 :], words)
        if checks_only:
            return
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
        loads = page_load(url, 5) if browser else []
        if loads:
            report("page load to interactive (Chromium)", loads, 1.0, None)
        elif browser:
            print("page load: skipped (needs Playwright and /usr/bin/chromium)")


def before_after(before: Path, lists: list[str], args: argparse.Namespace) -> int:
    """Each list measured with ``before``'s code, then with this checkout's, one after the
    other (a process each, the server's too: it inherits PYTHONPATH)."""
    options = ["--runs", str(args.runs), "--no-browser"]
    options += ["--checks-only"] if args.checks_only else []
    options += ["--no-fresh"] if args.no_fresh else []
    if args.starting_grid:  # New... and Autofill (both lists in each process)
        options, lists = ["--starting-grid", str(args.starting_grid)], ["stwl"]
    for label in lists:
        for name, source in (("before", before / "src"), ("after", HERE.parent / "src")):
            print(f"== {name} ({source})", flush=True)
            environment = {**os.environ, "PYTHONPATH": str(source.resolve())}
            command = [sys.executable, __file__, "--words", label, *options]
            subprocess.run(command, env=environment, check=False)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="keystrokes timed per figure")
    parser.add_argument(
        "--starting-grid", type=int, default=0, metavar="N", help="issue 26: N seeds"
    )
    parser.add_argument(
        "--words", choices=sorted(LISTS), action="append",
        help="the list(s) to measure with (default: both, STWL first)",
    )  # fmt: skip
    parser.add_argument("--no-browser", action="store_true", help="skip the page-load figure")
    parser.add_argument(
        "--checks-only", action="store_true", help="stop after the fill checks' figures"
    )
    parser.add_argument(
        "--no-fresh", action="store_true",
        help="skip the fill checks' baseline of one fresh search per candidate",
    )  # fmt: skip
    parser.add_argument(
        "--before", type=Path, metavar="CHECKOUT",
        help="in the same run, list by list, first the code of CHECKOUT/src (e.g. a copy of "
        "main before a change), then this checkout's",
    )  # fmt: skip
    parser.add_argument(
        "--profile-checks", type=int, metavar="SHIFT",
        help="per candidate: verdict, method and CPU in-process (entries SHIFT places on)",
    )  # fmt: skip
    args = parser.parse_args()
    global FRESH
    FRESH = not args.no_fresh
    if not STWL.exists():
        print(f"skipped: Spread the Wordlist not found at {STWL}")
        return 0
    if args.before:
        return before_after(args.before, args.words or ["stwl", "default"], args)
    if args.starting_grid:
        starting_grid(args.starting_grid)
        return 0
    if args.profile_checks is not None:
        for label in args.words or ["stwl", "default"]:
            profile_checks(label, args.profile_checks)
        return 0
    for label in args.words or ["stwl", "default"]:
        print(f"load average {load()}", flush=True)
        list_section(label, args.runs, not args.no_browser, args.checks_only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
