"""Restart schedules of the fill search side by side: CPU seconds per grid, seed and variant.

Each variant is a :class:`Tuning` (``geo``: the geometric cutoffs of the last tier, the
search before issue 31's restarts; ``lubyN``: the last tier on Luby's sequence times N dead
ends per slot; ``mK``: portfolio member K's tuning). Every fill runs in this process, the
list loaded once, the variants interleaved per grid and seed so that the machine's load
falls on all of them alike; each fill stops after ``--cpu`` CPU seconds (counted at the cap
in the medians, and shown as a count of fills that did not end)::

    python benchmarks/fill_restarts.py --list stwl --min-score 50 --seeds 0-4 \\
        --variants geo,luby1 themed1 themeless big21

Grids are names of benchmarks/grids; ``--list default`` is the built-in crossword list.
``--whole SRC`` compares whole ``crossword fill`` processes instead (start-up, list loading
and the fill, each with its default tuning): another source tree's (``SRC/src``, e.g. main
before a change) against this one's, interleaved, CPU seconds user + system of the child.
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
from dataclasses import dataclass, field, replace
from pathlib import Path

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest
from puzzlewright.crossword.fill import run as fill_run
from puzzlewright.crossword.fill.race import MEMBER_TUNINGS, SEED_STEP
from puzzlewright.crossword.fill.search import Tuning

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from crossword import GRIDS, STWL  # noqa: E402
from fill_members import words_of  # noqa: E402
from repair import CpuStop  # noqa: E402


def variant(name: str) -> tuple[Tuning, int]:
    """The tuning and seed offset of a variant: ``geo``, ``lubyN``, ``mK`` (member K's tuning
    and seed), or ``+``-joined parts of these and ``FIELD=VALUE`` (a :class:`Tuning` field;
    ``fastjitter=X`` sets ``run.FAST_JITTER`` for this fill instead, default 1: none;
    ``fastcandidates=N`` sets ``run.FAST_CANDIDATES``, default no cap)."""
    tuning, offset = Tuning(final_luby=0), 0
    fill_run.FAST_JITTER = 1.0
    fill_run.FAST_CANDIDATES = 1 << 30
    for part in name.split("+"):
        if part.startswith("fastjitter="):
            fill_run.FAST_JITTER = float(part.split("=")[1])
        elif part.startswith("fastcandidates="):
            fill_run.FAST_CANDIDATES = int(part.split("=")[1])
        elif part == "geo":
            tuning = replace(tuning, final_luby=0)
        elif part.startswith("luby"):
            tuning = replace(tuning, final_luby=int(part[4:]))
        elif part.startswith("m") and part[1:].isdigit():
            k = int(part[1:])
            tuning, offset = MEMBER_TUNINGS[k % len(MEMBER_TUNINGS)], k * SEED_STEP
        elif "=" in part:
            key, value = part.split("=")
            kind = type(getattr(tuning, key))
            tuning = replace(tuning, **{key: kind(value)})
        else:
            raise SystemExit(f"unknown variant {name!r}")
    return tuning, offset


@dataclass
class Cell:
    """One grid and variant over the seeds."""

    cpu: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)  # search nodes: the same under any load
    open: int = 0  # fills stopped at the CPU cap

    def text(self) -> str:
        nodes = statistics.median(self.nodes)
        return (
            f"{statistics.median(self.cpu):6.2f} {sum(self.cpu):7.1f} {nodes:>7.0f} {self.open:>2}"
        )


def one(
    grid: Grid, words: object, name: str, seed: int, cpu: float, min_score: int | None
) -> tuple[float, int]:
    """CPU seconds of one fill (``cpu`` when it was stopped), its search nodes, and its
    line on stderr."""
    tuning, offset = variant(name)
    request = FillRequest(grid=grid, min_score=min_score, seed=seed + offset)
    started = time.process_time()
    result = fill_run.fill(request, words, stop=CpuStop(cpu), tuning=tuning)  # type: ignore[arg-type]
    spent = time.process_time() - started
    print(
        f"    {name:<10} s{seed} {result.status:<10} {spent:6.2f} CPU s {result.nodes:>7} nodes"
        f" {result.restarts:>4} restarts avg {result.average_score}",
        file=sys.stderr,
        flush=True,
    )
    return (cpu if result.status == "timeout" else spent), result.nodes


def whole(grid: str, args: argparse.Namespace, seed: int, source: str | None) -> float:
    """CPU seconds of one whole ``crossword fill`` process (``source``: another tree's)."""
    words = ["--words", str(STWL)] if args.list == "stwl" else []
    floor = [] if args.min_score is None else ["--min-score", str(args.min_score)]
    command = [sys.executable, "-m", "puzzlewright", "crossword", "fill",
               str(GRIDS / f"{grid}.txt"), "--seed", str(seed), "--timeout", str(args.cpu),
               "--json", *words, *floor]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(Path(source).resolve() / "src")} if source else None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    status = json.loads(done.stdout)["status"] if done.stdout else f"exit {done.returncode}"
    label = "before" if source else "after"
    print(f"    {grid:<18} s{seed} {label:<6} {status:<10} {cpu:6.2f} CPU s", file=sys.stderr)
    return cpu


def compare_whole(args: argparse.Namespace, seeds: list[int]) -> None:
    """Before (``--whole SRC``) and after, whole processes, interleaved per grid and seed."""
    print(f"{'grid':<18} | before CPU med    max | after CPU med    max | after/before")
    for grid in args.grids:
        whole(grid, args, seeds[0], None)  # warm-up: the compiled-list caches
        pairs = [(whole(grid, args, seed, args.whole), whole(grid, args, seed, None))
                 for seed in seeds]  # fmt: skip
        old, new = [b for b, _ in pairs], [a for _, a in pairs]
        print(f"{grid:<18} | {statistics.median(old):14.2f} {max(old):6.2f} |"
              f" {statistics.median(new):13.2f} {max(new):6.2f} |"
              f" {statistics.median(new) / statistics.median(old):.2f}x"
              f"  (load {os.getloadavg()[0]:.1f})", flush=True)  # fmt: skip


def seeds_of(text: str) -> list[int]:
    """``0-4`` or ``0,3,7``."""
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(x) for x in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("grids", nargs="+")
    parser.add_argument("--list", default="stwl", choices=["stwl", "default"])
    parser.add_argument(
        "--min-score",
        type=lambda t: None if t == "none" else int(t),
        default=50,
        help="an integer, or none: the list's own default (as the CLI without --min-score)",
    )
    parser.add_argument("--seeds", default="0-4")
    parser.add_argument("--variants", default="geo,luby1")
    parser.add_argument("--cpu", type=float, default=30.0, help="CPU seconds per fill")
    parser.add_argument("--whole", metavar="SRC", help="whole processes: SRC's tree vs this")
    args = parser.parse_args()
    names = args.variants.split(",")
    seeds = seeds_of(args.seeds)
    print(
        f"fill restarts: list {args.list}, min {args.min_score}, seeds {args.seeds}, "
        f"cap {args.cpu:.0f} {'s (wall)' if args.whole else 'CPU s'}, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    if args.whole:
        compare_whole(args, seeds)
        return
    words = words_of(args.list)
    print(
        f"{'grid':<18}" + "".join(f" | {n:<10} med  sum   nodes open" for n in names) + " | ratio"
    )
    for grid_name in args.grids:
        grid = Grid.parse((GRIDS / f"{grid_name}.txt").read_text())
        cells = {name: Cell() for name in names}
        one(grid, words, names[0], seeds[0], args.cpu, args.min_score)  # warm-up, not counted
        for seed in seeds:
            for name in names:
                spent, nodes = one(grid, words, name, seed, args.cpu, args.min_score)
                cells[name].cpu.append(spent)
                cells[name].nodes.append(nodes)
                cells[name].open += spent >= args.cpu
        base = statistics.median(cells[names[0]].cpu)
        ratios = " ".join(
            f"{statistics.median(cells[n].cpu) / base:.2f}x" for n in names[1:] if base
        )
        row = "".join(f" | {' ' * 10} {cells[n].text()}" for n in names)
        print(f"{grid_name:<18}{row} | {ratios}  (load {os.getloadavg()[0]:.1f})", flush=True)


if __name__ == "__main__":
    main()
