"""The frontier table of issue 18 (run through ``benchmarks/crossword.py --frontier``).

For each frontier grid (``benchmarks/grids``, origins in ``benchmarks/grids/README.md``) and
each minimum score (Spread the Wordlist; 50, 40 and 30 by default), in one run:

* puzzlewright, the real command in a fresh process, ``--jobs 1`` and ``--jobs 2``
  (one run per seed; the table shows medians and how many seeds filled or proved);
* blacksquare 0.10 (pip, Rust core) warm in one worker process, ``score_filter=N/50``;
* Qxw (Debian ``qxw``, its batch mode ``qxw -b -d DICT PROBLEM.qxd``, whole process
  including its dictionary load), on a dictionary of the STWL words scoring N or more.
  Qxw's batch filler does not forbid repeated answers; the ``dup`` figure shows them.

Every answer set is scored with STWL. ingrid_core is not installable here (no wheel on the
package index); docs/crossword-fill.md quotes its documented figures instead.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FRONTIER = [
    ("triple15", "15x15 themeless, triple-stacked 15s top and bottom, 28 blocks"),
    ("triple15b", "15x15, triple-stacked 15s top and bottom, another block layout, 30 blocks"),
    ("triple15m", "15x15, a triple stack of 15s in the middle rows, 34 blocks"),
    ("quad16", "15 wide x 16 tall, a quad stack of 15s in the middle rows, 34 blocks"),
    ("sunday21", "21x21 Sunday size, 79 blocks (random block search)"),
    ("sunday21b", "21x21 Sunday size, 78 blocks (random block search)"),
    ("sunday21c", "21x21 Sunday size, 78 blocks (crossword pattern, seed 7)"),
    ("sunday21d", "21x21 Sunday size, 72 blocks, 15s (crossword pattern, seed 11)"),
    ("open15", "15x15 open themeless, 36 blocks, 7-9 letter corner stacks"),
    ("stair15a", "15x15 open staircase, 28 blocks, three 15-letter downs"),
    ("stair15b", "15x15 open staircase, 32 blocks, three 15-letter downs"),
    ("one7", "7x7 with one block"),
    ("two7c", "7x7 with two corner blocks"),
    ("two7e", "7x7 with two blocks mid-edge"),
    ("open6", "open 6x6 double word square"),
    ("open7", "open 7x7 double word square"),
]
HALVES = {
    "tuning": ["triple15", "quad16", "sunday21", "sunday21c", "stair15a", "one7", "two7c", "open6"],
    "held-out": [
        "triple15b", "triple15m", "sunday21b", "sunday21d", "open15", "stair15b", "two7e", "open7",
    ],
}  # fmt: skip
"""Fixed split (issue 31): search heuristics are tuned on the first half only; the second,
one grid of each kind and generator, checks that the tuning is not fitted to the first."""
QXW = Path("/usr/games/qxw")


@dataclass
class Attempt:
    """One fill attempt by one tool."""

    status: str  # filled, unfillable, timeout, error
    seconds: float
    average: float | None = None
    duplicates: int = 0
    cpu: float | None = None  # user + system seconds of the process (and its workers)

    @property
    def done(self) -> bool:
        return self.status in ("filled", "unfillable")


@dataclass
class FrontierRow:
    grid: str
    min_score: int
    words: str = "stwl"  # stwl, or default (no --words: the built-in crossword list)
    ours: dict[int, list[Attempt]] = field(default_factory=dict)  # by --jobs
    peers: dict[str, Attempt] = field(default_factory=dict)


def grid_rows(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]


def slots_of(rows: list[str]) -> list[list[tuple[int, int]]]:
    """The entries of an empty text grid: runs of 2+ open cells, across then down."""
    found = []
    height, width = len(rows), len(rows[0])
    lines = [[(r, c) for c in range(width)] for r in range(height)]
    lines += [[(r, c) for r in range(height)] for c in range(width)]
    for line in lines:
        run: list[tuple[int, int]] = []
        for r, c in [*line, (-1, -1)]:
            if r >= 0 and rows[r][c] != "#":
                run.append((r, c))
                continue
            if len(run) >= 2:
                found.append(run)
            run = []
    return found


def qxd_problem(rows: list[str]) -> str:
    """Qxw's batch problem format: one line per entry, listing its cells by id."""
    width = len(rows[0])
    return "".join(" ".join(str(r * width + c) for r, c in slot) + "\n" for slot in slots_of(rows))


class Qxw:
    """Qxw's batch filler, one process per fill; dictionaries written once per score."""

    def __init__(self, scores: dict[str, int]) -> None:
        self.scores = scores
        self.folder = Path(tempfile.mkdtemp(prefix="pw-qxw-"))
        self.dicts: dict[int, Path] = {}

    def dictionary(self, min_score: int) -> Path:
        path = self.dicts.get(min_score)
        if path is None:
            words = sorted(w.lower() for w, s in self.scores.items() if s >= min_score)
            path = self.folder / f"stwl{min_score}.txt"
            path.write_text("".join(w + "\n" for w in words if w.isalpha()))
            self.dicts[min_score] = path
        return path

    def fill(self, grid: Path, min_score: int, timeout: float) -> Attempt:
        rows = grid_rows(grid)
        problem = self.folder / f"{grid.stem}.qxd"
        problem.write_text(qxd_problem(rows))
        command = [str(QXW), "-b", "-d", str(self.dictionary(min_score)), str(problem)]
        start = time.perf_counter()
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return Attempt("timeout", time.perf_counter() - start)
        seconds = time.perf_counter() - start
        if done.returncode == 4:
            return Attempt("unfillable", seconds)
        answers = [
            line.split()[1].upper() for line in done.stdout.splitlines() if line.startswith("W")
        ]
        if done.returncode != 0 or not answers:
            return Attempt("error", seconds)
        known = [self.scores[a] for a in answers if a in self.scores]
        average = round(sum(known) / len(known), 2) if known else None
        return Attempt("filled", seconds, average, len(answers) - len(set(answers)))

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def cell(attempts: list[Attempt]) -> str:
    """'done/runs median-seconds average' for a tool's attempts."""
    if not attempts:
        return f"{'-':>22}"
    done = [a for a in attempts if a.done]
    status = done[0].status[:5] if done else attempts[0].status[:5]
    seconds = statistics.median([a.seconds for a in (done or attempts)])
    averages = [a.average for a in done if a.average is not None]
    average = f"{statistics.median(averages):.1f}" if averages else "-"
    dup = max((a.duplicates for a in attempts), default=0)
    mark = f"{len(done)}/{len(attempts)}"
    extra = f" d{dup}" if dup else ""
    if len(attempts) > 1:  # the tail: the slowest seed
        extra += f" max {max(a.seconds for a in attempts):.1f}"
    return f"{status:>5} {mark:>4} {seconds:>6.1f} {average:>4}{extra}"


def print_frontier(rows: list[FrontierRow], peers: list[str]) -> None:
    head = f"{'grid':<9} {'min':>3} | {'pw --jobs 1':>22} | {'pw --jobs 2':>22}"
    for peer in peers:
        head += f" | {peer:>22}"
    print(head)
    print(f"{'':<13} | {'status ok/n s avg':>22} |" + f" {'':>22} |" * (len(peers) + 1))
    print("-" * len(head))
    for row in rows:
        line = f"{row.grid:<9} {row.min_score:>3} | {cell(row.ours.get(1, []))}"
        line += f" | {cell(row.ours.get(2, []))}"
        for peer in peers:
            found = row.peers.get(peer)
            line += f" | {cell([found] if found else [])}"
        print(line)


def run_frontier(args: Any, tools: Any) -> None:
    """Fill every frontier grid at every minimum score with every tool and list; print the
    tables, one per list and half (tuning, held-out)."""
    names = args.grids.split(",") if args.grids else [name for name, _ in FRONTIER]
    min_scores = [int(x) for x in (args.min_scores or "50,40,30").split(",")]
    jobs_list = [int(x) for x in args.jobs.split(",")]
    lists = args.lists.split(",")
    scores = tools.load_scores()
    blacksquare = tools.Blacksquare() if tools.blacksquare_available() else None
    qxw = Qxw(scores) if QXW.exists() else None
    peers = (["blacksquare"] if blacksquare else []) + (["qxw"] if qxw else [])
    peer_timeout = args.peer_timeout or args.timeout
    load = os.getloadavg()[0]
    print(
        f"frontier: {len(names)} grids, min scores {min_scores}, lists {lists}, {args.runs} "
        f"seed(s), time limit {args.timeout:.0f} s (peers {peer_timeout:.0f} s, STWL), "
        f"peers {peers or 'none'}, load {load:.1f}\n"
    )
    for words in lists:  # warm each list's compiled cache
        mini = tools.GRIDS / "mini5.txt"
        tools.run_ours(mini, min_scores[0], 0, args.timeout, 1, list_path(words, tools))
    rows: list[FrontierRow] = []
    try:
        for min_score in min_scores:
            for name in names:
                for words in lists:
                    row = FrontierRow(name, min_score, words)
                    for jobs in jobs_list:
                        row.ours[jobs] = [
                            timed_cpu(
                                ours, tools, tools.GRIDS / f"{name}.txt", min_score, seed,
                                args.timeout, jobs, list_path(words, tools),
                            )
                            for seed in range(args.runs)
                        ]  # fmt: skip
                    if words == "stwl":
                        run_peers(row, blacksquare, qxw, tools, peer_timeout, scores)
                    rows.append(row)
                    print(
                        f"  done {name} at {min_score} ({words}, load {os.getloadavg()[0]:.1f})",
                        file=sys.stderr,
                        flush=True,
                    )
    finally:
        if blacksquare is not None:
            blacksquare.close()
        if qxw is not None:
            qxw.close()
    print_halves(rows, peers, lists, "qxw" if qxw is not None else None)
    descriptions = dict(FRONTIER)
    print("\ngrids: " + "; ".join(f"{n}: {descriptions.get(n, '')}" for n in names))
    print(
        "cells: status, seeds done (filled or proved)/runs, median seconds, median average"
        " (max: the slowest seed); peers run on STWL only"
    )


def list_path(words: str, tools: Any) -> Path | None:
    """The ``--words`` of a ``--lists`` label: STWL, or None for the default list."""
    if words not in ("stwl", "default"):
        sys.exit(f"unknown list {words!r}: stwl or default")
    return tools.STWL if words == "stwl" else None


def run_peers(
    row: FrontierRow, blacksquare: Any, qxw: Qxw | None, tools: Any, timeout: float, scores: Any
) -> None:
    """blacksquare (warm) and Qxw (whole process) on the row's grid, STWL at its score."""
    grid = tools.GRIDS / f"{row.grid}.txt"
    if blacksquare is not None:
        found = timed_cpu_of_worker(blacksquare.fill, grid, row.min_score, timeout, scores)
        row.peers["blacksquare"] = found
    if qxw is not None:
        row.peers["qxw"] = timed_cpu(qxw.fill, grid, row.min_score, timeout)


def timed_cpu_of_worker(fill: Callable[..., Any], *args: Any) -> Attempt:
    """A warm blacksquare fill as an Attempt (its seconds are the fill's own, in-process)."""
    found = fill(*args)
    status = "filled" if found.ok else "timeout"
    return Attempt(status, found.fill, found.average, found.duplicates)


def half_of(name: str) -> str:
    return next((half for half, names in HALVES.items() if name in names), "other")


def print_halves(
    rows: list[FrontierRow], peers: list[str], lists: list[str], peer: str | None
) -> None:
    """One table (and its CPU seconds) per word list and half."""
    for words in lists:
        for half in [*HALVES, "other"]:
            chosen = [r for r in rows if r.words == words and half_of(r.grid) == half]
            if not chosen:
                continue
            done = sum(any(a.done for a in r.ours.get(max(r.ours), [])) for r in chosen)
            print(f"\n== {words} list, {half} half: {done}/{len(chosen)} done with the most jobs")
            print_frontier(chosen, peers if words == "stwl" else [])
            print_cpu(chosen, peer if words == "stwl" else None)


def ours(
    tools: Any,
    grid: Path,
    min_score: int,
    seed: int,
    timeout: float,
    jobs: int,
    words: Path | None,
) -> Attempt:
    """One puzzlewright process (benchmarks/crossword.py's run_ours) as an Attempt."""
    return as_attempt(tools.run_ours(grid, min_score, seed, timeout, jobs, words))


def timed_cpu(attempt: Callable[..., Attempt], *args: Any) -> Attempt:
    """``attempt(*args)`` with the CPU seconds its child processes used (a loaded machine
    stretches wall times several-fold, CPU seconds much less)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    found = attempt(*args)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    found.cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return found


def print_cpu(rows: list[FrontierRow], peer: str | None) -> None:
    """CPU seconds per process: puzzlewright's median and slowest seed, and a peer's."""
    print("\nCPU seconds (user + system) per process: median / slowest seed")
    print(f"{'grid':<9} {'min':>3} | {'pw --jobs 1':>13} | {'pw --jobs 2':>13} | {peer or '':>8}")
    for row in rows:
        line = f"{row.grid:<9} {row.min_score:>3}"
        for jobs in (1, 2):
            cpus = [a.cpu for a in row.ours.get(jobs, []) if a.cpu is not None]
            text = f"{statistics.median(cpus):.2f} / {max(cpus):.2f}" if cpus else "-"
            line += f" | {text:>13}"
        other = row.peers.get(peer) if peer else None
        line += f" | {other.cpu:>8.2f}" if other and other.cpu is not None else " | -"
        print(line)


def as_attempt(run: Any) -> Attempt:
    """A benchmark Run of ours as an Attempt (whole-process seconds)."""
    seconds = run.whole if run.whole is not None else run.fill
    return Attempt(run.status, seconds, run.average, run.duplicates)


QUALITY_GRIDS = ["mini5", "mini7", "open6", "themed1", "themed2", "themed3", "themeless", "big21"]
QUALITY_HALVES = {
    "tuning": (["mini5", "open6", "themed1", "themeless"], [0, 1]),
    "held-out": (["mini7", "themed2", "themed3", "big21"], [2, 3]),
}
"""The built-in list's scoring rules were tuned on the first half only (issue 18); the
second half, other grids and other seeds, checks that they are not fitted to the judge."""


def builtin_quality(args: Any, tools: Any) -> None:
    """Fill with the built-in list (no --words, as a user would) and judge every entry by
    Spread the Wordlist: average STWL score, share under 30 (missing from STWL counts as
    under 30, scored 0), per half (tuning, held-out) or over ``--grids`` x ``--runs`` seeds.
    ``--before SRC`` runs another source tree's list too, interleaved (same load);
    ``--show-weak`` lists the entries under 30 with their STWL score, built-in score and
    wordfreq zipf."""
    scores = tools.load_scores()
    if args.grids:
        halves = {"grids": (args.grids.split(","), list(range(args.runs)))}
    else:
        halves = QUALITY_HALVES
    variants = quality_variants(args.before, args.phrases)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"built-in list fills judged by STWL, time limit {args.timeout:.0f} s, load {load:.1f}")
    print(
        f"{'grid':<10} {'seed':>4} {'list':>6} {'status':>8} {'sec':>6} {'entries':>7}"
        f" {'avg':>6} {'<30':>6}"
    )
    summaries = []
    weak: dict[str, dict[str, tuple[int, int]]] = {label: {} for label in variants}
    for half, (names, seeds) in halves.items():
        judged: dict[str, list[int]] = {label: [] for label in variants}
        runs: dict[str, list[tuple[str, float]]] = {label: [] for label in variants}
        for name in names:
            for seed in seeds:
                for label, (env, extra) in variants.items():
                    status, seconds, answers = judge_fill(
                        tools, name, seed, args.timeout, env, extra
                    )
                    marks = [scores.get(answer, 0) for answer, _ in answers]
                    judged[label].extend(marks)
                    runs[label].append((status, seconds))
                    for answer, own in answers:
                        if scores.get(answer, 0) < 30:
                            count = weak[label].get(answer, (0, own))[0]
                            weak[label][answer] = (count + 1, own)
                    print(
                        f"{name:<10} {seed:>4} {label:>6} {status:>8} {seconds:>6.2f}"
                        f" {len(marks):>7} {mean(marks):>6.2f} {100 * under_30(marks):>5.1f}%",
                        flush=True,
                    )
        for label in variants:
            done = runs[label]
            filled = sum(status == "filled" for status, _ in done)
            median = statistics.median(seconds for _, seconds in done)
            summaries.append(
                f"{half} {label}: {len(judged[label])} entries, STWL average "
                f"{mean(judged[label]):.2f}, {100 * under_30(judged[label]):.1f}% under 30; "
                f"filled {filled}/{len(done)}, median {median:.2f} s"
            )
    print("\n" + "\n".join(summaries) + "\n(targets: average >= 45, < 2% under 30)")
    if args.show_weak:
        for label, table in weak.items():
            print_weak(label, table, scores)


Variant = tuple[dict[str, str] | None, list[str]]


def quality_variants(before: str | None, phrases: bool = False) -> dict[str, Variant]:
    """The lists to judge, as (environment, extra arguments): this tree's ("after"),
    ``before``'s with its own cache, and with ``phrases`` this tree's ``builtin+phrases``."""
    variants: dict[str, Variant] = {"after": (None, [])}
    if before:
        source = Path(before).resolve() / "src"
        cache = Path(tempfile.mkdtemp(prefix="pw-quality-before-cache-"))
        env = {**os.environ, "PYTHONPATH": str(source), "PUZZLEWRIGHT_CACHE_DIR": str(cache)}
        variants = {"before": (env, []), "after": (None, [])}
    if phrases:
        variants["phrases"] = (None, ["--words", "builtin+phrases"])
    return variants


def print_weak(label: str, table: dict[str, tuple[int, int]], scores: dict[str, int]) -> None:
    """The entries under 30: times used, STWL score (- when absent), built-in score, zipf,
    and whether GCIDE lists the word (``word``), only a stem of it (``stem``) or neither."""
    from wordfreq import zipf_frequency

    from puzzlewright.lexicon.builtin import dictionary_entries, stems

    gcide = dictionary_entries().gcide
    print(f"\nentries under 30 ({label}): word uses stwl builtin zipf gcide")
    for word, (count, own) in sorted(table.items(), key=lambda item: (-item[1][0], item[0])):
        stwl = scores.get(word)
        lower = word.lower()
        zipf = zipf_frequency(lower, "en", "large")
        shown = "-" if stwl is None else str(stwl)
        listed = "word" if lower in gcide else "stem" if set(stems(lower)) & gcide else "no"
        print(f"  {word:<16} {count:>3} {shown:>4} {own:>4} {zipf:>5.2f} {listed:>5}")


def judge_fill(
    tools: Any,
    name: str,
    seed: int,
    timeout: float,
    env: dict[str, str] | None = None,
    extra: list[str] | None = None,
) -> tuple[str, float, list[tuple[str, int]]]:
    """(status, whole-process seconds, (answer, list score) of the complete entries) of one
    fill, in the environment ``env`` (None: this process's), with ``extra`` arguments."""
    command = [
        sys.executable, "-m", "puzzlewright", "crossword", "fill",
        str(tools.GRIDS / f"{name}.txt"), "--seed", str(seed),
        "--timeout", str(timeout), "--json", *(extra or []),
    ]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    seconds = time.perf_counter() - start
    document = json.loads(done.stdout)
    complete = [e for e in document["entries"] if "?" not in e["answer"]]
    return document["status"], seconds, [(e["answer"], e["score"] or 0) for e in complete]


def mean(marks: list[int]) -> float:
    return sum(marks) / max(1, len(marks))


def under_30(marks: list[int]) -> float:
    return sum(mark < 30 for mark in marks) / max(1, len(marks))


def scaling(args: Any, tools: Any) -> None:
    """Per-worker throughput on 1 and 2 processes, and the Dask LocalCluster overhead.

    Throughput: the portfolio runs without racing on ``open7`` (STWL 50: no member finishes)
    for a fixed time; each member reports its search nodes. Overhead: a ``mini7`` fill on
    2 local processes against the same portfolio on a running 2-worker LocalCluster.
    """
    from puzzlewright.crossword.fill import FillRequest
    from puzzlewright.crossword.fill.portfolio import fill_portfolio
    from puzzlewright.crossword.fill.race import Race, members, race_processes
    from puzzlewright.crossword.grid import Grid
    from puzzlewright.lexicon import load_wordlist
    from puzzlewright.stopping import NEVER

    words, _ = load_wordlist([tools.STWL])
    seconds = min(args.timeout, 20.0)
    grid = Grid.parse((tools.GRIDS / "open7.txt").read_text())
    print(f"throughput: open7 at min score 50, {seconds:.0f} s per run, nodes per second")
    for jobs in (1, 2):
        request = FillRequest(grid, min_score=50)
        race = Race(seconds, race=False)
        results = race_processes(request, race, members(0, jobs), words, NEVER, jobs)
        rates = [r.result.nodes / max(r.result.seconds, 1e-9) for r in results]
        per = ", ".join(f"{rate:.0f}" for rate in rates)
        print(f"  {jobs} process(es): per worker {per}; total {sum(rates):.0f}")
    mini = Grid.parse((tools.GRIDS / "mini7.txt").read_text())
    local = []
    for _ in range(args.runs):
        start = time.perf_counter()
        fill_portfolio(FillRequest(mini, min_score=50), words, jobs=2)
        local.append(time.perf_counter() - start)
    try:
        import distributed
    except ImportError:
        print("distributed is not installed: no LocalCluster figures")
        return
    start = time.perf_counter()
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        started = time.perf_counter() - start
        on_dask = []
        for _ in range(args.runs):
            start = time.perf_counter()
            fill_portfolio(FillRequest(mini, min_score=50), words, jobs=2, client=client)
            on_dask.append(time.perf_counter() - start)
    print(
        f"mini7 at 50, 2 members: local processes {statistics.median(local):.2f} s, "
        f"LocalCluster (2 worker processes, running) {statistics.median(on_dask):.2f} s "
        f"(cluster start {started:.1f} s), medians of {args.runs}"
    )
