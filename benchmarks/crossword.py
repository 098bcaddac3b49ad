"""Crossword fill benchmark: puzzlewright against blacksquare on our own grids, with STWL.

For every grid in ``benchmarks/grids`` and each minimum score (Spread the Wordlist, 50 and
30 by default):

* puzzlewright: the real command, ``puzzlewright crossword fill GRID --words STWL
  --min-score N --seed S --timeout T --json``, once per seed; "whole" is the wall time of
  the whole process (start-up, list loading, fill), "fill" the fill step it reports.
* blacksquare (pip ``blacksquare``, Rust core; benchmark-only): one worker process loads
  it once, then fills every grid warm with ``score_filter=N/50`` and the same time limit.
  Its fill is deterministic, so it runs once per grid.

Both are scored the same way: success within the time limit, average STWL score of the
entries, repeated entries. The table shows medians over the seeds and ratios (puzzlewright
over blacksquare). Not a test: nothing is asserted.

``python benchmarks/crossword.py [--quick] [--runs N] [--timeout S] [--min-scores 50,30]``
(``--quick``: four grids, one run, min score 50). Needs ../shared/data (STWL) and
``pip install blacksquare`` (skipped with a note when missing; ``BLACKSQUARE_PYTHON=path``
runs it with another interpreter, e.g. a separate venv).

``--frontier`` prints the frontier table instead (crossword_frontier.py: the hardest grids,
``--jobs 1,2``, blacksquare and Qxw side by side; min scores 50,40,30 by default);
``--builtin-quality`` fills grids with the built-in list and judges the entries by STWL
(a tuning half and a held-out half of grids and seeds; ``--before SRC`` runs another source
tree's list in the same rounds, ``--phrases`` this tree's with multi-word phrases
(``--words builtin+phrases``), ``--show-weak`` lists the entries under 30);
``--scaling`` measures per-worker throughput on 1 and 2 processes and the Dask overhead;
``--search-step`` times the fill step alone on easy 15x15 grids against blacksquare's
(crossword_step.py: both lists loaded first);
``--kernel`` replays the propagation calls of those fills in each candidate form: the
engine's Python ints, support counts, numpy arrays, a numba kernel (crossword_kernel.py);
``--tiny`` times whole processes on 3x3-5x5 grids against Qxw (crossword_tiny.py);
``--default-list`` fills with no ``--words`` and judges by STWL, before/after and beside
STWL in one run (crossword_default.py; ``--frontier`` with it: the frontier grids).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
GRIDS = HERE / "grids"
STWL = HERE.parents[1] / "shared" / "data" / "spreadthewordlist_via_blacksquare_0.10.0.dict.gz"
PEER_PYTHON = os.environ.get("BLACKSQUARE_PYTHON") or sys.executable
"""The interpreter that runs blacksquare: this one, or ``BLACKSQUARE_PYTHON`` (a separate
venv with ``pip install blacksquare``, so the peer's numpy/pandas stay out of ours)."""

# name, description; files are GRIDS/<name>.txt
GRID_SET = [
    ("mini5", "5x5 mini, 2 blocks"),
    ("mini7", "7x7 mini, 8 blocks"),
    ("open6", "6x6, no blocks"),
    ("themed1", "15x15 themed, 36 blocks (15/7/15)"),
    ("themed2", "15x15 themed, 36 blocks (15/15)"),
    ("themed3", "15x15 themed, 36 blocks (11/15/11)"),
    ("themeless", "15x15 themeless, 28 blocks"),
    ("seeded", "15x15 themeless, 28 blocks, seeds CROSSWORD and ACROSTICS"),
    ("seeded_unfillable", "the same plus GRIDS: no fill at min score 50"),
    ("big21", "21x21, 72 blocks"),
    ("british", "15x15 British blocked, unchecked cells"),
]
QUICK = ["mini5", "themed1", "themeless", "open6"]

BLACKSQUARE_WORKER = r"""
import json, sys, time
from blacksquare import Crossword, DEFAULT_WORDLIST
scores = dict(zip(DEFAULT_WORDLIST.words, DEFAULT_WORDLIST.scores))
for line in sys.stdin:
    job = json.loads(line)
    rows = [
        ["#" if ch == "#" else " " if ch in ".?" else ch for ch in row]
        for row in job["rows"]
    ]
    xw = Crossword(grid=rows, word_list=DEFAULT_WORDLIST, symmetry=None)
    start = time.perf_counter()
    try:
        done = xw.fill(timeout=job["timeout"], score_filter=job["min_score"] / 50,
                       show_progress=False)
        error = None
    except Exception as exc:  # noqa: BLE001 - report, never stop the run
        done, error = None, f"{type(exc).__name__}: {exc}"
    seconds = time.perf_counter() - start
    answers = []
    if done is not None:
        answers = ["".join(c.str for c in w.cells).strip().upper() for w in done.iterwords()]
    print(json.dumps({"seconds": seconds, "filled": done is not None, "answers": answers,
                      "error": error}), flush=True)
"""


@dataclass
class Run:
    """One fill attempt."""

    ok: bool
    status: str
    whole: float | None  # whole process (ours only)
    fill: float
    average: float | None
    duplicates: int


@dataclass
class Row:
    """All attempts on one grid at one minimum score."""

    grid: str
    min_score: int
    ours: list[Run] = field(default_factory=list)
    theirs: Run | None = None


def load_scores() -> dict[str, int]:
    """STWL word -> score (0..50), to score both fillers' answers alike."""
    import gzip

    table: dict[str, int] = {}
    with gzip.open(STWL, "rt", encoding="utf-8") as handle:
        for line in handle:
            word, _, score = line.strip().rpartition(";")
            if word:
                table[word.upper()] = int(score)
    return table


def figures(answers: list[str], scores: dict[str, int]) -> tuple[float | None, int]:
    """(average STWL score, number of repeated answers)."""
    known = [scores[a] for a in answers if a in scores]
    average = round(sum(known) / len(known), 2) if known else None
    return average, len(answers) - len(set(answers))


def run_ours(
    grid: Path, min_score: int, seed: int, timeout: float, jobs: int = 1, words: Path | None = STWL
) -> Run:
    """The real command in a fresh process (``words`` None: the default list, no --words)."""
    command = [
        sys.executable, "-m", "puzzlewright", "crossword", "fill", str(grid),
        *(["--words", str(words)] if words is not None else []),
        "--min-score", str(min_score), "--seed", str(seed),
        "--timeout", str(timeout), "--json", "--jobs", str(jobs),
    ]  # fmt: skip
    # as installed: bytecode compiled once (a shell with PYTHONDONTWRITEBYTECODE would
    # otherwise recompile every module in every measured process, ~0.1 s)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout + 120, env=env)
    whole = time.perf_counter() - start
    if not done.stdout.strip():
        print(f"  puzzlewright failed on {grid.name}: {done.stderr.strip()}", file=sys.stderr)
        return Run(False, "error", whole, whole, None, 0)
    document = json.loads(done.stdout)
    answers = [e["answer"] for e in document["entries"] if "?" not in e["answer"]]
    duplicates = len(answers) - len(set(answers))
    status = document["status"]
    return Run(
        status == "filled",
        status,
        whole,
        document["seconds"],
        document["average_score"] if status == "filled" else None,
        duplicates,
    )


class Blacksquare:
    """A warm blacksquare worker process."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [PEER_PYTHON, "-c", BLACKSQUARE_WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def fill(self, grid: Path, min_score: int, timeout: float, scores: dict[str, int]) -> Run:
        rows = [line.strip() for line in grid.read_text().splitlines() if line.strip()]
        job = {"rows": rows, "min_score": min_score, "timeout": timeout}
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        if reply["error"]:
            print(f"  blacksquare failed on {grid.name}: {reply['error']}", file=sys.stderr)
        average, duplicates = figures(reply["answers"], scores)
        status = "filled" if reply["filled"] else "no fill"
        return Run(reply["filled"], status, None, reply["seconds"], average, duplicates)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def blacksquare_available() -> bool:
    probe = subprocess.run([PEER_PYTHON, "-c", "import blacksquare"], capture_output=True)
    return probe.returncode == 0


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def show(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def ratio(a: float | None, b: float | None) -> str:
    if a is None or b is None or b <= 0:
        return "-"
    value = a / b
    return f"{value:.2g}x" if value < 10 else f"{value:.0f}x"


def print_table(rows: list[Row]) -> None:
    header = (
        f"{'grid':<17} {'min':>3} | {'ok':>5} {'whole s':>8} {'fill s':>8} {'avg':>6} {'dup':>3}"
        f" | {'ok':>3} {'fill s':>8} {'avg':>6} {'dup':>3} | {'whole/bs':>8} {'fill/bs':>8}"
    )
    print(header)
    print("-" * len(header))
    for row in rows:
        ok = sum(run.ok for run in row.ours)
        whole = median([r.whole for r in row.ours if r.ok and r.whole is not None])
        fill = median([r.fill for r in row.ours if r.ok])
        if not ok:  # proofs and timeouts: how long it took to say so
            fill = median([r.fill for r in row.ours])
            whole = median([r.whole for r in row.ours if r.whole is not None])
        average = median([r.average for r in row.ours if r.average is not None])
        duplicates = max((r.duplicates for r in row.ours), default=0)
        statuses = {r.status for r in row.ours}
        mark = f"{ok}/{len(row.ours)}" if ok else "/".join(sorted(statuses))[:5]
        theirs = row.theirs
        if theirs is None:
            bs = f"{'':>3} {'':>8} {'':>6} {'':>3}"
            ratios = f"{'-':>8} {'-':>8}"
        else:
            bs_fill = theirs.fill if theirs.ok else None
            bs = (
                f"{'yes' if theirs.ok else 'no':>3} {show(theirs.fill, 3):>8} "
                f"{show(theirs.average):>6} {theirs.duplicates:>3}"
            )
            ratios = f"{ratio(whole, bs_fill):>8} {ratio(fill, bs_fill):>8}"
        print(
            f"{row.grid:<17} {row.min_score:>3} | {mark:>5} {show(whole):>8} {show(fill, 3):>8}"
            f" {show(average):>6} {duplicates:>3} | {bs} | {ratios}"
        )


# The reports kept in their own scripts: flag, module, function(args, this module).
REPORTS = [
    ("tiny", "crossword_tiny", "tiny"),
    ("scaling", "crossword_frontier", "scaling"),
    ("search_step", "crossword_step", "search_step"),
    ("kernel", "crossword_kernel", "kernel"),
    ("builtin_quality", "crossword_frontier", "builtin_quality"),
    ("default_list", "crossword_default", "default_list"),
    ("frontier", "crossword_frontier", "run_frontier"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="four grids, one run, min 50")
    parser.add_argument("--runs", type=int, default=3, help="seeds per grid (ours)")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--min-scores", default=None, help="default 50,30 (frontier 50,40,30)")
    parser.add_argument("--grids", default=None, help="comma-separated subset")
    parser.add_argument("--frontier", action="store_true", help="the frontier table instead")
    parser.add_argument("--jobs", default="1,2", help="frontier: --jobs values to compare")
    parser.add_argument(
        "--lists", default="stwl", help="frontier: word lists, stwl and/or default (no --words)"
    )
    parser.add_argument(
        "--peer-timeout", type=float, default=None, help="frontier: peers' limit (--timeout)"
    )
    parser.add_argument("--scaling", action="store_true", help="1 vs 2 processes, Dask")
    parser.add_argument(
        "--search-step", action="store_true", help="the fill step alone vs blacksquare's"
    )
    parser.add_argument(
        "--kernel", action="store_true", help="propagation replayed: Python, counts, numpy, numba"
    )
    parser.add_argument(
        "--builtin-quality", action="store_true", help="judge built-in list fills by STWL"
    )
    parser.add_argument("--tiny", action="store_true", help="tiny grids vs Qxw, whole process")
    parser.add_argument(
        "--before", default=None, help="tiny, builtin-quality: also run this source tree"
    )
    parser.add_argument(
        "--show-weak", action="store_true", help="builtin-quality: list entries under 30"
    )
    parser.add_argument(
        "--phrases",
        action="store_true",
        help="builtin-quality: also this tree with --words builtin+phrases",
    )
    parser.add_argument(
        "--default-list",
        action="store_true",
        help="fills with NO --words (this tree, --before SRC's, STWL at 50) judged by STWL "
        "(crossword_default.py; with --frontier the frontier grids)",
    )
    parser.add_argument("--extra", action="append", help="default-list: LABEL=ARGS variant")
    parser.add_argument("--seeds", default=None, help="default-list: FIRST-LAST, not --runs")
    parser.add_argument("--no-stwl", action="store_true", help="default-list: no STWL runs")
    parser.add_argument(
        "--cpu-limit",
        type=float,
        default=None,
        help="default-list: stop each fill after S CPU seconds (RLIMIT_CPU; --timeout then "
        "only guards the wall clock), for a loaded machine whose wall clock says little",
    )
    args = parser.parse_args()
    if not STWL.exists():
        sys.exit(f"Spread the Wordlist not found at {STWL}")
    for flag, module, report in REPORTS:
        if getattr(args, flag):
            getattr(importlib.import_module(module), report)(args, sys.modules[__name__])
            return
    names = [name for name, _ in GRID_SET]
    min_scores = [int(x) for x in (args.min_scores or "50,30").split(",")]
    runs = args.runs
    if args.quick:
        names, min_scores, runs = QUICK, [50], 1
    if args.grids:
        names = args.grids.split(",")
    scores = load_scores()
    theirs = Blacksquare() if blacksquare_available() else None
    if theirs is None:
        print("blacksquare is not installed (pip install blacksquare): ours only\n")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"crossword fill benchmark: {len(names)} grids, min scores {min_scores}, "
        f"{runs} seed(s), time limit {args.timeout:.0f} s, {os.cpu_count()} CPUs, "
        f"load {load:.1f}\n"
    )
    # one untimed run first: builds the compiled-list cache, as any second use would find it
    run_ours(GRIDS / "mini5.txt", min_scores[0], 0, args.timeout)
    rows: list[Row] = []
    try:
        for min_score in min_scores:
            for name in names:
                grid = GRIDS / f"{name}.txt"
                row = Row(name, min_score)
                for seed in range(runs):
                    row.ours.append(run_ours(grid, min_score, seed, args.timeout))
                if theirs is not None:
                    row.theirs = theirs.fill(grid, min_score, args.timeout, scores)
                rows.append(row)
                print(f"  done {name} at {min_score}", file=sys.stderr, flush=True)
    finally:
        if theirs is not None:
            theirs.close()
    print("puzzlewright (medians over seeds)              | blacksquare (warm)     | ratios")
    print_table(rows)
    descriptions = dict(GRID_SET)
    print("\ngrids: " + "; ".join(f"{n}: {descriptions.get(n, '')}" for n in names))


if __name__ == "__main__":
    main()
