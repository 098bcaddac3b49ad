"""Stacked 15s with and without the stack look-ahead: CPU seconds, nodes, fills (issue 26).

Each fill runs in this process (the list loaded once), the variants interleaved per grid
and seed so the machine's load falls on both alike; each fill stops after ``--cpu`` CPU
seconds. ``off`` is the search without :mod:`puzzlewright.crossword.fill.stacks` (no
mates found: the search of main before it), ``on`` the search as it is::

    python benchmarks/fill_stacks.py --list default --seeds 0-2 --cpu 120 triple15 quad16

Grids are names of benchmarks/grids; ``--list default`` is the built-in crossword list (at
its default floor), ``stwl`` Spread the Wordlist at ``--min-score`` (default 50).
``--whole`` times whole ``crossword fill`` processes instead (``--jobs``, the time limit
``--cpu`` seconds of wall time; CPU of the process and its workers), the look-ahead on.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, stacks
from puzzlewright.crossword.fill import run as fill_run

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from crossword import GRIDS, STWL  # noqa: E402
from fill_members import words_of  # noqa: E402
from fill_restarts import seeds_of  # noqa: E402
from repair import CpuStop  # noqa: E402

FIND_MATES = stacks.find_mates


def one(grid_name: str, words: object, variant: str, seed: int, args: argparse.Namespace) -> str:
    """One in-process fill: its line (status, CPU s, nodes, average, the rows of 15)."""
    stacks.find_mates = FIND_MATES if variant == "on" else (lambda problem: {})
    grid = Grid.parse((GRIDS / f"{grid_name}.txt").read_text())
    floor = None if args.list == "default" else args.min_score
    request = FillRequest(grid=grid, min_score=floor, seed=seed)
    started = time.process_time()
    result = fill_run.fill(request, words, stop=CpuStop(args.cpu))  # type: ignore[arg-type]
    spent = time.process_time() - started
    longest = [e.answer for e in result.entries if len(e.answer) == grid.width][:4]
    complete = sum("?" not in e.answer for e in result.entries)  # in the best (partial) fill
    return (
        f"{grid_name:<10} s{seed} {variant:<3} | {result.status:<10} {spent:6.1f} CPU s"
        f" {result.nodes:>7} nodes {complete}/{len(result.entries)} entries"
        f" avg {result.average_score} {' '.join(longest)}"
        f" (load {os.getloadavg()[0]:.1f})"
    )


def whole(grid_name: str, seed: int, args: argparse.Namespace) -> str:
    """One whole ``crossword fill`` process with ``--jobs``: its line."""
    words = (
        ["--words", str(STWL), "--min-score", str(args.min_score)] if args.list == "stwl" else []
    )
    command = [sys.executable, "-m", "puzzlewright", "crossword", "fill",
               str(GRIDS / f"{grid_name}.txt"), "--seed", str(seed), "--jobs", str(args.jobs),
               "--timeout", str(args.cpu), "--json", *words]  # fmt: skip
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    status = json.loads(done.stdout)["status"] if done.stdout else f"exit {done.returncode}"
    return (
        f"{grid_name:<10} s{seed} jobs {args.jobs} | {status:<10} {cpu:6.1f} CPU s {wall:6.1f} s"
        f" wall (load {os.getloadavg()[0]:.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("grids", nargs="+")
    parser.add_argument("--list", default="default", choices=["stwl", "default"])
    parser.add_argument("--min-score", type=int, default=50, help="with --list stwl")
    parser.add_argument("--seeds", default="0")
    parser.add_argument("--variants", default="off,on")
    parser.add_argument("--cpu", type=float, default=120.0, help="CPU seconds per fill")
    parser.add_argument("--whole", action="store_true", help="whole processes, --jobs")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seeds = seeds_of(args.seeds)
    if args.whole:
        for name in args.grids:
            for seed in seeds:
                print(whole(name, seed, args), flush=True)
        return
    words = words_of(args.list)
    spent: dict[str, list[float]] = {}
    for name in args.grids:
        for seed in seeds:
            for variant in args.variants.split(","):
                line = one(name, words, variant, seed, args)
                print(line, flush=True)
                cpu = float(line.split("|")[1].split()[1])
                spent.setdefault(f"{name} {variant}", []).append(cpu)
    for key, values in spent.items():
        print(f"{key:<14} median {statistics.median(values):6.1f} CPU s over {len(values)} seeds")


if __name__ == "__main__":
    main()
