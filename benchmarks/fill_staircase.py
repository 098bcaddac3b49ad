"""Staged search on the open staircases (issue 31 item 2, round 5): measured, not kept.

A staircase grid (stair15a/b) has its blocks in steps along one diagonal: two runs of
three or more diagonally adjacent blocks on the same line, within two columns of the
grid's own diagonal. The line splits the grid into two halves joined by the *seam*: the
entries with at least two cells on each side (stair15a: the three 15-letter downs, the
middle row's 7 and the two 9s that continue the line into the corners). Each half fills
alone in seconds; the plain search fails where they join (round 4's profile).

This script runs one portfolio member's ``fill`` (as benchmarks/fill_members.py does),
stopped on CPU time, with the search wrapped for the length of one job, so each variant
can be compared with the plain search in the same process and the same run::

    python benchmarks/fill_staircase.py --cpu 30 --variants plain,seam,probe,seam+probe \\
        stair15a:0:0 stair15a:1:0

Variants (joined with ``+``): ``plain`` (the search as it is), ``cut`` (round 6: the
corners' cut of fill/corners.py after arc consistency, each corner checked when one of
its long entries is decided or refuted; its checks, capped ones and dead ends are
printed), ``cutnode`` (the same, checked after every propagation that leaves a long
entry of the corner decided), ``seam`` (the seam's
entries chosen first, by the search's own dom/wdeg among them), ``last`` (every other
entry first, the seam's last: the halves and corners decide the seam), ``rows8`` (the
stack look-ahead of fill/stacks.py on rows of 8 letters or more, not 12), ``probe``
(each of a seam entry's ``--probes`` best-scored candidates put in a copy of the node
and propagated over the whole grid: those ending in a conflict are struck from the node
for that conflict's decisions, the others ranked by the sum over open entries of the log
of their candidates; remembered per node). ``--shapes`` prints which benchmark grids the
shape test finds. Each line gives the status, CPU seconds, nodes, dead ends, the most
entries filled at once (the best partial fill), and the probes made and candidates they
struck.
"""

from __future__ import annotations

import argparse
import sys
import time
from math import log
from pathlib import Path
from typing import Any

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, stacks
from puzzlewright.crossword.fill import run as fill_run
from puzzlewright.crossword.fill.experiments import corners
from puzzlewright.crossword.fill.experiments.corners import CornerFilter
from puzzlewright.crossword.fill.problem import Problem
from puzzlewright.crossword.fill.race import MEMBER_TUNINGS, SEED_STEP
from puzzlewright.crossword.fill.search import Search
from puzzlewright.crossword.fill.stacks import Stacks
from puzzlewright.crossword.fill.state import State
from puzzlewright.lexicon import WordList

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from crossword import GRIDS  # noqa: E402
from fill_members import words_of  # noqa: E402
from repair import CpuStop  # noqa: E402

STEP_RUN = 3  # diagonally adjacent blocks that make one step
LINE_SLACK = 2  # the steps' lines may lie this far apart and from the grid's diagonal
SEAM_SIDE = 2  # a seam entry has this many cells on each side of the line or more
MEMO_LIMIT = 1 << 12  # probed nodes remembered before the memo starts again


def staircase_line(grid: Grid) -> tuple[int, int] | None:
    """(direction 1 or -1, offset from the grid's diagonal) of a staircase's line: two
    runs of :data:`STEP_RUN` diagonal blocks in the same direction on lines within
    :data:`LINE_SLACK` of each other and of the diagonal (None: no staircase)."""
    if grid.is_barred or grid.height != grid.width or grid.width < 11:
        return None
    w = grid.width
    blocks = {(r, c) for r in range(w) for c in range(w) if grid.is_block(r, c)}
    steps: list[tuple[int, int]] = []
    for dc in (1, -1):
        for r, c in sorted(blocks):
            n = 0
            while (r + n, c + n * dc) in blocks:
                n += 1
            if n >= STEP_RUN and (r - 1, c - dc) not in blocks:
                steps.append((dc, c - r if dc == 1 else r + c - (w - 1)))
    for k, (dc, offset) in enumerate(steps):
        for other_dc, other in steps[k + 1 :]:
            near = abs(offset - other) <= LINE_SLACK and max(abs(offset), abs(other)) <= LINE_SLACK
            if other_dc == dc and near:
                return dc, round((offset + other) / 2)
    return None


def seam_of(problem: Problem) -> list[int]:
    """The required entries with :data:`SEAM_SIDE` cells or more on each side of the line."""
    grid = problem.grid
    line = staircase_line(grid)
    if line is None:
        return []
    dc, offset = line
    seam = []
    for v, var in enumerate(problem.vars):
        sides = [
            (c - r if dc == 1 else r + c - (grid.width - 1)) - offset for r, c in var.slot.cells
        ]
        below, above = sum(s < 0 for s in sides), sum(s > 0 for s in sides)
        if var.required and min(below, above) >= SEAM_SIDE:
            seam.append(v)
    return seam


class Staged:
    """The variants, installed by wrapping :class:`Search` for the length of one job."""

    def __init__(self, variant: str, probes: int) -> None:
        self.parts = set(variant.split("+"))
        self.probes = probes
        self.best = self.probed = self.struck = 0
        self.memo: dict[tuple[int, tuple[int, ...]], tuple[int, list[int], int]] = {}
        self.corners: CornerFilter | None = None

    def __enter__(self) -> Staged:
        self.saved = (Search.__init__, Search.choose, Search.value, Search.run)
        self.stack_length = stacks.STACK_LENGTH
        if "rows8" in self.parts:  # the stack look-ahead on 8-letter rows and longer
            stacks.STACK_LENGTH = 8
        init, choose, value, run = self.saved
        staged = self

        def init_spy(search: Search, problem: Problem, **options: Any) -> None:
            init(search, problem, **options)
            if staged.parts & {"cut", "cutnode"}:  # the corners' cut after arc consistency
                cut = CornerFilter.of(problem, every_node="cutnode" in staged.parts)
                if cut is not None:
                    search.propagate = cut.wrap(search.propagate, search.fail)
                    staged.corners = cut
            search.seam = seam = seam_of(problem)  # type: ignore[attr-defined]
            search.rest = [v for v in search.order if v not in seam]  # type: ignore[attr-defined]

        def choose_spy(search: Search, st: State) -> int:
            if "seam" in staged.parts:
                v = st.fewest_per_weight(search.seam, search.failure_weights)  # type: ignore[attr-defined]
                if v >= 0:
                    return v
            if "last" in staged.parts:
                v = st.fewest_per_weight(search.rest, search.failure_weights)  # type: ignore[attr-defined]
                if v >= 0:
                    return v
            return choose(search, st)

        def value_spy(search: Search, st: State, v: int) -> int:
            d = st.dom[v]
            if "probe" in staged.parts and d & (d - 1) and v in search.seam:  # type: ignore[attr-defined]
                best = staged.value(search, st, v)
                if best >= 0:
                    return best
            return value(search, st, v)

        def run_spy(search: Search, *args: Any, **options: Any) -> Any:
            outcome = run(search, *args, **options)
            staged.best = max(staged.best, outcome.best.filled)
            return outcome

        Search.__init__ = init_spy  # type: ignore[method-assign]
        Search.choose, Search.value, Search.run = choose_spy, value_spy, run_spy  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        stacks.STACK_LENGTH = self.stack_length
        Search.__init__, Search.choose, Search.value, Search.run = self.saved  # type: ignore[method-assign]

    def value(self, search: Search, st: State, v: int) -> int:
        """The probed candidate leaving the most options (-1: none held), after striking
        the probed candidates whose propagation failed, for their conflicts' decisions."""
        key = (v, (*st.dom, *st.why))
        found = self.memo.get(key)
        if found is None:
            candidates = search.candidates_of(v, st.dom[v])[0][: self.probes]
            found = self.probe(search, st, v, candidates)
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = found
        best, dead, reason = found
        self.struck += len(dead)
        kept = Stacks.prune(st, v, dead, reason)
        return kept if kept >= 0 else best

    def probe(
        self, search: Search, st: State, v: int, candidates: list[int]
    ) -> tuple[int, list[int], int]:
        """Each candidate propagated in a copy of ``st``: (the best by options left, the
        failed ones, the decisions their conflicts blame, less the probe's own)."""
        level = 1 << st.level
        best, best_score, reason = -1, 0.0, 0
        dead: list[int] = []
        for i in candidates:
            child = st.copy()
            child.dom[v] = 1 << i
            child.why[v] |= level
            child.level += 1
            self.probed += 1
            conflict = search.propagate(child, [v])
            if conflict is not None:
                dead.append(i)
                reason |= conflict & ~level
                continue
            score = sum(log(n) for n, done in zip(child.size, child.done, strict=True) if not done)
            if best < 0 or score > best_score:
                best, best_score = i, score
        return best, dead, reason


def run_job(job: str, variant: str, words: WordList, label: str, args: argparse.Namespace) -> str:
    """One line for GRID:MEMBER:SEED under ``variant``."""
    name, member_text, seed_text = job.split(":")
    member, seed = int(member_text), int(seed_text)
    grid = Grid.parse((GRIDS / f"{name}.txt").read_text())
    request = FillRequest(grid=grid, min_score=args.min_score, seed=seed + member * SEED_STEP)
    tuning = MEMBER_TUNINGS[member % len(MEMBER_TUNINGS)]
    started = time.process_time()
    with Staged(variant, args.probes) as staged:
        result = fill_run.fill(request, words, stop=CpuStop(args.cpu), tuning=tuning)
    spent = time.process_time() - started
    return (
        f"{name:<9} {label:<7} m{member} s{seed} {variant:<11} | {result.status:<10}"
        f" {spent:6.1f} CPU s {result.nodes:>7} nodes {result.backtracks:>7} dead ends"
        f"  best {staged.best:>3}  probes {staged.probed:>6} struck {staged.struck:>6}"
        f"{corner_line(staged.corners, variant)}"
    )


def corner_line(corners: CornerFilter | None, variant: str) -> str:
    """The corners' cut: enumerations run, capped, and dead ends found (round 6)."""
    if corners is None:
        return ""
    return f"  corners {corners.calls} checks {corners.capped} capped {corners.dead} dead"


def shapes() -> None:
    """The benchmark grids the shape test finds, with their seams."""
    words = words_of("default")
    from puzzlewright.crossword.fill.problem import build_problem

    for path in sorted(GRIDS.glob("*.txt")):
        grid = Grid.parse(path.read_text())
        if staircase_line(grid) is None:
            continue
        problem = build_problem(grid, words, None, None)
        seam = [problem.vars[v].slot.key for v in seam_of(problem)]
        print(f"{path.stem:<10} line {staircase_line(grid)}  seam {' '.join(seam)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jobs", nargs="*", help="GRID:MEMBER:SEED")
    parser.add_argument("--list", default="stwl", choices=["stwl", "default"])
    parser.add_argument("--cpu", type=float, default=30.0, help="CPU seconds per job")
    parser.add_argument("--min-score", type=int, default=50)
    parser.add_argument("--variants", default="plain,seam,probe,seam+probe")
    parser.add_argument("--probes", type=int, default=16, help="candidates probed per node")
    parser.add_argument(
        "--corner-steps", type=int, default=corners.STEP_LIMIT, help="the cut's cap per check"
    )
    parser.add_argument("--shapes", action="store_true", help="the grids found, and seams")
    args = parser.parse_args()
    corners.STEP_LIMIT = args.corner_steps
    if args.shapes:
        shapes()
    words = words_of(args.list) if args.jobs else None
    for job in args.jobs:
        for variant in args.variants.split(","):
            assert words is not None
            print(run_job(job, variant, words, args.list, args), flush=True)


if __name__ == "__main__":
    main()
