"""Grid repair on 20 unfillable grids: how many get a repair within the limit, with how many
block changes, and the fill's average score after; every proposed grid is filled again from
scratch to verify it.

The grids: ``seeded_unfillable`` (benchmarks/grids), ``themeless`` with rare-letter seeds in
its long rows, and benchmark grids filled from the crossword list with its long entries
blocked (every word longer than N letters removed: the grid's longer entries have no word,
so the repair must split them). The baseline, measured in the same run, is the plain fill
of each original grid (its proof of unfillability).

The limit is counted in CPU seconds of this process (``--limit``, default 60), not wall
time: on a shared machine the wall clock says more about the neighbours than about the
repair. Run: ``nice -n 10 .venv/bin/python benchmarks/repair.py [--only NAME] [--limit S]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, fill
from puzzlewright.crossword.repair import RepairRequest, repair
from puzzlewright.lexicon import WordList, load_wordlist
from puzzlewright.stopping import PollBudget, StopSignal

GRIDS = Path(__file__).parent / "grids"
MIN_SCORE = 50
SEEDS = {  # grid: words written into its longest across entries, longest first
    "themeless-taxistand": ("themeless", ("TAXISTAND",)),
    "themeless-jadestone": ("themeless", ("JADESTONE", "JUMPINGON")),
}
SHORT = [  # grid, longest word kept in the list
    ("themed1", 14),
    ("themed2", 14),
    ("themed3", 14),
    ("triple15", 14),
    ("themeless", 8),
    ("open15", 8),
    ("sunday21", 12),
    ("big21", 12),
    ("one7", 6),
    ("mini7", 6),
    ("themed1", 10),
    ("themed2", 10),
    ("themed3", 9),
    ("open15", 7),
    ("triple15", 12),
    ("sunday21", 11),
    ("mini7", 5),
]


class CpuStop(StopSignal):
    """A stop signal whose limit is this process's CPU time."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.cpu_deadline = time.process_time() + seconds

    def should_stop(self) -> bool:
        if self.reason is None and time.process_time() >= self.cpu_deadline:
            self.reason = "timeout"
        return self.reason is not None


def seeded(name: str, words: tuple[str, ...]) -> Grid:
    """The grid with ``words`` in its longest across entries."""
    grid = Grid.parse((GRIDS / f"{name}.txt").read_text())
    slots = [s for s in grid.slots() if s.direction == "across"]
    slots.sort(key=lambda s: (-s.length, s.number))
    for slot, word in zip(slots, words, strict=False):
        grid.place(slot, word)
    return grid


def cases(full: WordList) -> list[tuple[str, Grid, WordList]]:
    """The 20 (name, grid, word list) cases."""
    out = [("seeded_unfillable", Grid.parse((GRIDS / "seeded_unfillable.txt").read_text()), full)]
    for label, (name, words) in SEEDS.items():
        out.append((label, seeded(name, words), full))
    lists: dict[int, WordList] = {}
    for name, most in SHORT:
        if most not in lists:
            kept = ((w, s) for w, s in full.scores().items() if len(w) <= most)
            lists[most] = WordList(kept, full.alphabet, f"crossword<={most}")
        out.append(
            (f"{name}/list<={most}", Grid.parse((GRIDS / f"{name}.txt").read_text()), lists[most])
        )
    return out


def run_case(name: str, grid: Grid, words: WordList, limit: float) -> dict[str, object]:
    """Baseline proof, repair within ``limit`` CPU seconds, fresh fill of each proposal."""
    started = time.process_time()
    base = fill(FillRequest(grid, min_score=MIN_SCORE), words, stop=PollBudget(2_000, StopSignal()))
    proof = time.process_time() - started
    started = time.process_time()
    result = repair(
        RepairRequest(grid, min_score=MIN_SCORE, max_changes=4, count=1), words, stop=CpuStop(limit)
    )
    cpu = time.process_time() - started
    verified = all(
        fill(
            FillRequest(p.grid, min_score=MIN_SCORE), words, stop=PollBudget(4_000, StopSignal())
        ).status
        == "filled"
        for p in result.proposals
    )
    best = result.proposals[0] if result.proposals else None
    return {
        "name": name,
        "original": base.status,
        "proof_cpu": proof,
        "status": result.status,
        "changes": len(best.changes) if best else None,
        "cells": len(best.added) + len(best.removed) if best else None,
        "average": best.fill.average_score if best else None,
        "verified": verified if best else None,
        "cpu": cpu,
        "trials": result.counters.trials,
        "reason": result.reason,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=60.0, help="CPU seconds per repair")
    parser.add_argument("--only", default=None, help="run the cases whose name holds this")
    parser.add_argument("--first", type=int, default=1, help="start at case N (from 1)")
    parser.add_argument("--last", type=int, default=20, help="end at case N")
    args = parser.parse_args()
    full, _ = load_wordlist(["crossword"], min_score=None)
    rows = []
    print(
        f"{'grid':<28} {'original':<10} {'proof s':>7} {'status':<9} {'chg':>3} {'cells':>5} "
        f"{'avg':>5} {'ok':>3} {'cpu s':>6} {'trials':>6}"
    )
    for number, (name, grid, words) in enumerate(cases(full), 1):
        if not args.first <= number <= args.last or (args.only and args.only not in name):
            continue
        row = run_case(name, grid, words, args.limit)
        rows.append(row)
        avg = "-" if row["average"] is None else f"{row['average']:.1f}"
        print(
            f"{name:<28} {row['original']!s:<10} {row['proof_cpu']:>7.1f} {row['status']!s:<9} "
            f"{row['changes'] or '-'!s:>3} {row['cells'] or '-'!s:>5} {avg:>5} "
            f"{'yes' if row['verified'] else '-':>3} {row['cpu']:>6.1f} {row['trials']:>6}",
            flush=True,
        )
        if row["reason"]:
            print(f"    {row['reason']}", flush=True)
    repaired = [r for r in rows if r["status"] == "repaired"]
    print(
        f"\nrepaired {len(repaired)} of {len(rows)} within {args.limit:g} CPU s; every proposal "
        f"re-filled: {all(r['verified'] for r in repaired)}"
    )
    if repaired:
        cpu = statistics.median(float(r["cpu"]) for r in repaired)  # type: ignore[arg-type]
        proof = statistics.median(float(r["proof_cpu"]) for r in repaired)  # type: ignore[arg-type]
        changes = statistics.median(int(r["changes"]) for r in repaired)  # type: ignore[arg-type]
        print(
            f"median CPU {cpu:.1f} s (baseline plain fill/proof {proof:.2f} s, ratio "
            f"{cpu / max(proof, 0.01):.0f}x); median changes {changes}"
        )


if __name__ == "__main__":
    main()
