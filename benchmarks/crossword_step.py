"""The search step alone (run through ``benchmarks/crossword.py --search-step``): issue 18 §4.

Both word lists are loaded before the clock starts; what is timed is one fill call on a
15x15 grid, as CPU time of the process (``time.process_time``, so the load of a shared
machine inflates it less than wall time) and wall time:

* puzzlewright: ``fill_grid(grid, stwl, min_score=N, seed=S)`` in this process, one call
  per seed (problem set-up, search, polish and the result's figures all count). Untimed
  before the first call, as blacksquare's list is built before its clock: the list's
  per-length indexes and letter layouts for the grid's lengths (``build_problem`` once).
  Later calls also find the word letters earlier fills read (kept with the list): the
  "first" column is the first seed's call alone.
* blacksquare 0.10 (pip, Rust core) in a worker process: ``Crossword(...).fill()`` on the
  list already filtered to score >= N (``word_list.score_filter``, untimed: "list loaded"),
  and, as a second figure, ``fill(score_filter=N/50)`` on the whole list, which filters it
  inside the call. Its fill is deterministic; the median of three calls is shown.

Same grid, same list (blacksquare's default list is this STWL file), same minimum score;
the jobs differ in one respect, shown in the "avg" columns (STWL score of the entries):
puzzlewright's default (quality) mode looks for a fill from the best score tier first (all
50s) and only then admits lower words, blacksquare takes any word >= N, best-scored first.
Our fast mode (``fill_grid(..., quality=False)``, ``--fast``) does blacksquare's job: one
tier of every word >= N, best-scored first by value ordering (then the fill is polished
toward the 50s). At min score 50 the three jobs are the same. Medians over the runs; the
ratios are ours (quality, fast) over blacksquare's pre-filtered step, CPU. "prop" is the
share of our CPU spent inside ``Propagator.propagate`` (clocked per call in the same
runs), and the "floor" ratios take it away: what even an infinitely fast propagation
kernel (issue 31's compiled core) would leave of our step against blacksquare's.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

EASY = ["themed1", "themed2", "themed3", "themeless"]
STEP_LIMIT = 10.0
"""Seconds blacksquare gets per call here (it finds no fill of themed3 or themeless at 50)."""

WORKER = r"""
import json, sys, time
from blacksquare import Crossword, DEFAULT_WORDLIST
lists = {}
for line in sys.stdin:
    job = json.loads(line)
    rows = [["#" if ch == "#" else " " if ch in ".?" else ch for ch in row] for row in job["rows"]]
    threshold = job["min_score"] / 50
    if threshold not in lists:
        lists[threshold] = DEFAULT_WORDLIST.score_filter(threshold)
    out = {}
    calls = (("pre", lists[threshold], None), ("full", DEFAULT_WORDLIST, threshold))
    for name, words, inside in calls:
        cpu, wall, ok = [], [], False
        for _ in range(job["runs"]):
            xw = Crossword(grid=rows, word_list=words, symmetry=None)
            c, w = time.process_time(), time.perf_counter()
            done = xw.fill(timeout=job["timeout"], score_filter=inside, show_progress=False)
            cpu.append(time.process_time() - c)
            wall.append(time.perf_counter() - w)
            ok = done is not None
            if not ok:
                break  # no fill within the limit: once is enough
        answers = []
        if ok:
            answers = ["".join(c.str for c in w.cells).strip().upper() for w in done.iterwords()]
        out[name] = {"cpu": cpu, "wall": wall, "ok": ok, "answers": answers}
    print(json.dumps(out), flush=True)
"""


@dataclass
class Ours:
    """Our figures per seed: CPU and wall seconds, CPU seconds inside propagation."""

    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    propagation: list[float] = field(default_factory=list)
    status: str = ""
    averages: list[float] = field(default_factory=list)

    def rest(self) -> list[float]:
        """CPU seconds outside propagation per seed: what no faster kernel can remove."""
        return [c - p for c, p in zip(self.cpu, self.propagation, strict=True)]


@contextmanager
def propagation_clock(spent: list[float]) -> Iterator[None]:
    """Add the CPU seconds of every ``Propagator.propagate`` call to ``spent[0]``."""
    from puzzlewright.crossword.fill import propagate as module

    original = module.Propagator.propagate

    def timed(self: Any, st: Any, queue: list[int], big: int = module.BIG) -> Any:
        c = time.process_time()
        try:
            return original(self, st, queue, big)
        finally:
            spent[0] += time.process_time() - c

    module.Propagator.propagate = timed  # type: ignore[method-assign]
    try:
        yield
    finally:
        module.Propagator.propagate = original  # type: ignore[method-assign]


def ours(
    grid_text: str, words: Any, min_score: int, runs: int, quality: bool | None = None
) -> Ours:
    """Figures of ``fill_grid`` per seed (``quality``: None for the default mode, False
    for the fast mode)."""
    from puzzlewright.crossword.fill import fill_grid
    from puzzlewright.crossword.fill.problem import build_problem
    from puzzlewright.crossword.grid import Grid
    from puzzlewright.stopping import StopSignal

    grid = Grid.parse(grid_text)
    build_problem(grid, words, min_score)  # the list's indexes for these lengths: untimed
    out = Ours()
    for seed in range(runs):
        spent = [0.0]
        c, w = time.process_time(), time.perf_counter()
        with propagation_clock(spent):
            result = fill_grid(
                grid, words, min_score=min_score, seed=seed, stop=StopSignal(60), quality=quality
            )
        out.cpu.append(time.process_time() - c)
        out.wall.append(time.perf_counter() - w)
        out.propagation.append(spent[0])
        out.status = result.status
        if result.average_score is not None and result.status == "filled":
            out.averages.append(result.average_score)
    return out


def search_step(args: Any, tools: Any) -> None:
    """Print the search-step table (ours and blacksquare's, same run)."""
    from puzzlewright.lexicon import load_wordlist

    words = load_wordlist([tools.STWL])[0]
    names = args.grids.split(",") if args.grids else EASY
    min_scores = [int(x) for x in (args.min_scores or "50,30").split(",")]
    runs = max(3, args.runs)
    worker = None
    if tools.blacksquare_available():
        worker = subprocess.Popen(
            [tools.PEER_PYTHON, "-c", WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
    scores = tools.load_scores()
    load = os.getloadavg()[0]
    print(f"search step alone, lists loaded; {runs} runs; load {load:.1f}; CPU s (wall s)\n")
    header = (
        f"{'grid':<10} {'min':>3} | {'quality':>8} {'(wall)':>8} {'first':>7} {'avg':>5} "
        f"{'prop':>4} | {'fast':>7} {'(wall)':>8} {'avg':>5} {'prop':>4} | "
        f"{'bs pre':>8} {'(wall)':>9} {'avg':>5} {'bs full':>8} | {'q/bs':>6} {'fast/bs':>7}"
        f" | {'floor q':>7} {'floor f':>7}"
    )
    print(header)
    print("-" * len(header))
    for min_score in min_scores:
        for name in names:
            text = (tools.GRIDS / f"{name}.txt").read_text()
            q = ours(text, words, min_score, runs)
            f = ours(text, words, min_score, runs, quality=False)
            theirs: dict[str, Any] = {}
            if worker is not None and worker.stdin is not None and worker.stdout is not None:
                rows = [line.strip() for line in text.splitlines() if line.strip()]
                limit = min(args.timeout, STEP_LIMIT)
                job = {"rows": rows, "min_score": min_score, "runs": 3, "timeout": limit}
                worker.stdin.write(json.dumps(job) + "\n")
                worker.stdin.flush()
                theirs = json.loads(worker.stdout.readline())
            pre, full = theirs.get("pre"), theirs.get("full")

            bs_average = tools.figures(pre["answers"], scores)[0] if pre and pre["ok"] else None
            print(
                f"{name:<10} {min_score:>3} | {mode_cells(q, tools, first=True)} | "
                f"{mode_cells(f, tools)} | "
                f"{cell(pre, 'cpu'):>8} ({cell(pre, 'wall'):>7}) {tools.show(bs_average, 1):>5} "
                f"{cell(full, 'cpu'):>8} | {ratio(q.cpu, q.status, pre):>6} "
                f"{ratio(f.cpu, f.status, pre):>7} | {ratio(q.rest(), q.status, pre):>7} "
                f"{ratio(f.rest(), f.status, pre):>7}   {q.status}/{f.status}"
            )
    if worker is not None and worker.stdin is not None:
        worker.stdin.close()
        worker.wait(timeout=60)
    print("\n! = blacksquare found no fill within the time limit; prop = share of our CPU in")
    print("propagation; floor = our CPU outside propagation over blacksquare's: the ratio")
    print("an infinitely fast propagation kernel would leave")


def mode_cells(mine: Ours, tools: Any, first: bool = False) -> str:
    """One mode's columns: median CPU (wall), first seed's CPU, average score, share."""
    cpu = statistics.median(mine.cpu)
    share = statistics.median(mine.propagation) / max(cpu, 1e-9)
    text = f"{cpu:>8.4f} ({statistics.median(mine.wall):.4f})"
    if first:
        text += f" {mine.cpu[0]:>7.4f}"
    return f"{text} {tools.show(median_or_none(mine.averages), 1):>5} {share:>4.0%}"


def cell(part: dict[str, Any] | None, key: str) -> str:
    """blacksquare's median figure (``!``: no fill within the limit)."""
    if part is None:
        return "-"
    mark = "" if part["ok"] else "!"
    return f"{statistics.median(part[key]):.4f}{mark}"


def ratio(cpu: list[float], status: str, pre: dict[str, Any] | None) -> str:
    """Our median CPU over blacksquare's pre-filtered one (both must have filled)."""
    if pre is None or not pre["ok"] or status != "filled":
        return "-"
    return f"{statistics.median(cpu) / max(statistics.median(pre['cpu']), 1e-6):.2f}x"


def median_or_none(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


if __name__ == "__main__":
    sys.exit("run through benchmarks/crossword.py --search-step")
