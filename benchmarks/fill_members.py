"""Each portfolio member alone on a frontier grid: status, CPU seconds, dead ends.

Runs the same ``fill`` call a member of ``crossword fill --jobs N`` makes (its seed
``seed + k * SEED_STEP`` and its :class:`Tuning`), one after another in this process,
each stopped after ``--cpu`` seconds of CPU (a loaded machine's wall clock says little).
It shows which member fills a grid and how far apart the members are (issue 31, tuning
the frontier)::

    python benchmarks/fill_members.py --list stwl --cpu 12 one7:0:0 one7:1:0 two7c:0:0

Each job is GRID:MEMBER:SEED (a grid of benchmarks/grids). ``--list default`` is the
built-in crossword list; ``stwl`` needs ../shared/data. ``--profile`` shows where a job
thrashes: its dead ends by search depth (decisions on the stack), how far each backjump
went, and which slot lengths the search chose at each depth (issue 31: a grid that never
fills is profiled before a heuristic is chosen for it).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest
from puzzlewright.crossword.fill import run as fill_run
from puzzlewright.crossword.fill.race import MEMBER_TUNINGS, SEED_STEP
from puzzlewright.crossword.fill.search import Search
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


class Profile:
    """Counts from one search, gathered by wrapping :class:`Search`'s ``choose`` and
    ``backjump`` for the length of one job (the tree is the same as without them)."""

    def __init__(self) -> None:
        self.dead_ends: Counter[int] = Counter()  # by decisions on the stack, in fours
        self.jumps: Counter[int] = Counter()  # levels undone by a backjump
        self.chosen: dict[int, Counter[int]] = {}  # depth -> slot length -> choices

    def __enter__(self) -> Profile:
        choose, backjump = Search.choose, Search.backjump
        profile = self

        def choose_spy(search: Search, st: object) -> int:
            v = choose(search, st)  # type: ignore[arg-type]
            if v >= 0:
                depth = min(st.level, 12)  # type: ignore[attr-defined]
                length = len(search.problem.vars[v].cells)
                profile.chosen.setdefault(depth, Counter())[length] += 1
            return v

        def backjump_spy(search: Search, stack: list, conflict: int) -> object:  # type: ignore[type-arg]
            depth = len(stack)
            found = backjump(search, stack, conflict)
            profile.dead_ends[depth // 4 * 4] += 1
            profile.jumps[depth - len(stack)] += 1
            return found

        self.saved = (choose, backjump)
        Search.choose, Search.backjump = choose_spy, backjump_spy  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        Search.choose, Search.backjump = self.saved  # type: ignore[method-assign]

    def report(self) -> str:
        lines = [
            "  dead ends by decisions on the stack: "
            + ", ".join(f"{d}-{d + 3}: {n}" for d, n in sorted(self.dead_ends.items())),
            "  levels undone per backjump: "
            + ", ".join(f"{d}: {n}" for d, n in sorted(self.jumps.items())),
            "  slot lengths chosen (length x times) by depth:",
        ]
        for depth, lengths in sorted(self.chosen.items()):
            shown = " ".join(f"{k}x{n}" for k, n in sorted(lengths.items()))
            lines.append(f"    {depth:>2}{'+' if depth == 12 else ' '} {shown}")
        return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jobs", nargs="+", help="GRID:MEMBER:SEED")
    parser.add_argument("--list", default="stwl", choices=["stwl", "default"])
    parser.add_argument("--cpu", type=float, default=12.0, help="CPU seconds per job")
    parser.add_argument("--min-score", type=int, default=50)
    parser.add_argument("--profile", action="store_true", help="where each job thrashes")
    args = parser.parse_args()
    words = words_of(args.list)
    for job in args.jobs:
        if not args.profile:
            print(run_job(job, words, args.list, args.cpu, args.min_score), flush=True)
            continue
        with Profile() as profile:
            line = run_job(job, words, args.list, args.cpu, args.min_score)
        print(line + "\n" + profile.report(), flush=True)


if __name__ == "__main__":
    main()
