"""Each portfolio member alone on a frontier grid: status, CPU seconds, dead ends.

Runs the same ``fill`` call a member of ``crossword fill --jobs N`` makes (its seed
``seed + k * SEED_STEP`` and its :class:`Tuning`), one after another in this process,
each stopped after ``--cpu`` seconds of CPU (a loaded machine's wall clock says little).
It shows which member fills a grid and how far apart the members are (issue 31, tuning
the frontier)::

    python benchmarks/fill_members.py --list stwl --cpu 12 one7:0:0 one7:1:0 two7c:0:0

Each job is GRID:MEMBER:SEED (a grid of benchmarks/grids). ``--list default`` is the
built-in crossword list; ``stwl`` needs ../shared/data.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest
from puzzlewright.crossword.fill import run as fill_run
from puzzlewright.crossword.fill.portfolio import MEMBER_TUNINGS, SEED_STEP
from puzzlewright.lexicon import WordList, load_wordlist
from puzzlewright.lexicon.crossword import builtin_crossword

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from crossword import GRIDS, STWL  # noqa: E402
from repair import CpuStop  # noqa: E402


def words_of(label: str) -> WordList:
    """Spread the Wordlist (``stwl``) or the built-in crossword list (``default``)."""
    if label == "stwl":
        return load_wordlist([STWL])[0]
    return builtin_crossword()


def run_job(job: str, words: WordList, label: str, cpu: float, min_score: int) -> str:
    """One line for GRID:MEMBER:SEED."""
    name, member_text, seed_text = job.split(":")
    member, seed = int(member_text), int(seed_text)
    grid = Grid.parse((GRIDS / f"{name}.txt").read_text())
    request = FillRequest(grid=grid, min_score=min_score, seed=seed + member * SEED_STEP)
    started = time.process_time()
    tuning = MEMBER_TUNINGS[member % len(MEMBER_TUNINGS)]
    result = fill_run.fill(request, words, stop=CpuStop(cpu), tuning=tuning)
    spent = time.process_time() - started
    return (
        f"{name:<9} {label:<7} m{member} s{seed} | {result.status:<10} {spent:6.1f} CPU s"
        f" {result.nodes:>7} nodes {result.backtracks:>7} dead ends"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jobs", nargs="+", help="GRID:MEMBER:SEED")
    parser.add_argument("--list", default="stwl", choices=["stwl", "default"])
    parser.add_argument("--cpu", type=float, default=12.0, help="CPU seconds per job")
    parser.add_argument("--min-score", type=int, default=50)
    args = parser.parse_args()
    words = words_of(args.list)
    for job in args.jobs:
        print(run_job(job, words, args.list, args.cpu, args.min_score), flush=True)


if __name__ == "__main__":
    main()
