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

``--relaxed`` searches the stack alone, as a relaxation of the grid: its rows only, each
down through it kept to its candidates at the root (arc consistent with the whole grid),
every open row forward-checked through the downs after each word, the row with the fewest
words next. It counts the stacks found (none: no fill exists once it exhausts) and how many
words of the first row it went through in ``--cpu`` CPU seconds (round 5, issue 31).

``--variants first`` is the stack-first search (:mod:`~puzzlewright.crossword.fill.stackfirst`:
the stack's rectangles enumerated, the rest filled under each within a dead-end budget; no
polish), ``--rectangles`` how fast its rectangles come out and how many leave the rest of
the grid alive once fixed (round 6, issue 31).

``--columns`` searches each stack alone column by column
(:mod:`puzzlewright.crossword.fill.stackproof`: rows as minimal automata, each column one
of the strings its down's root candidates allow, dead states memoised), left to right and
right to left, or ``checked`` (arc consistency between rows and columns, the line with
the fewest words next) (``--directions``): time to the first rectangle, or to exhausting them all
(a proof that the grid has no fill).
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

from puzzlewright.bits import WordSet
from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, stacks
from puzzlewright.crossword.fill import run as fill_run
from puzzlewright.crossword.fill.experiments import stackfirst, stackproof
from puzzlewright.crossword.fill.problem import build_problem
from puzzlewright.crossword.fill.quality import default_quality, value_weights
from puzzlewright.crossword.fill.search import Search
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon.crossword import is_crossword_list
from puzzlewright.stopping import StopSignal

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from crossword import GRIDS, STWL  # noqa: E402
from fill_members import words_of  # noqa: E402
from fill_restarts import seeds_of  # noqa: E402
from repair import CpuStop  # noqa: E402

FIND_MATES = stacks.find_mates


def one(grid_name: str, words: object, variant: str, seed: int, args: argparse.Namespace) -> str:
    """One in-process fill: its line (status, CPU s, nodes, average, the rows of 15)."""
    if variant == "first":
        return first(grid_name, words, seed, args)  # type: ignore[arg-type]
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


def search_for(grid_name: str, words: WordList, seed: int, args: argparse.Namespace) -> Search:
    """The slot search :func:`fill_run.fill` would build for the grid (its value weights),
    stopped after ``--cpu`` CPU seconds."""
    grid = Grid.parse((GRIDS / f"{grid_name}.txt").read_text())
    floor = None if args.list == "default" else args.min_score
    problem = build_problem(grid, words, floor, None)
    scores = fill_run.candidate_scores(problem)
    banded = is_crossword_list(words)
    weights = value_weights(scores, default_quality(scores, False, banded))
    weights = fill_run.list_weights(weights, banded)
    return Search(problem, seed=seed, stop=CpuStop(args.cpu), value_weights=weights)


def first(grid_name: str, words: WordList, seed: int, args: argparse.Namespace) -> str:
    """The stack-first search (:mod:`stackfirst`, no polish): its line."""
    started = time.process_time()
    search = search_for(grid_name, words, seed, args)
    found = stackfirst.stack_first(search)
    spent = time.process_time() - started
    if found is None:
        return (
            f"{grid_name:<10} s{seed} first | no-stack   {spent:6.1f} CPU s"
            " (no stack of long rows that is one rectangle: nothing searched)"
        )
    outcome, tally = found
    entries = sum(search.required)
    return (
        f"{grid_name:<10} s{seed} first | {outcome.status:<10} {spent:6.1f} CPU s"
        f" {outcome.nodes:>7} nodes {outcome.best.filled}/{entries} entries best;"
        f" rectangles tried {tally.tried}, struck {tally.struck},"
        f" all out {tally.enumerated} (load {os.getloadavg()[0]:.1f})"
    )


def rectangles(grid_name: str, words: WordList, args: argparse.Namespace) -> str:
    """How fast the stack's rectangles come out, and how many of them leave the rest of the
    grid alive under arc consistency once fixed (depth first, ``--cpu`` CPU seconds)."""
    search = search_for(grid_name, words, 0, args)
    root = search.network.root(None)
    stack = None if root is None else stackfirst.stack_rows(search, root)
    if root is None or stack is None:
        return f"{grid_name:<10} rectangles | no stack of long rows that is one rectangle"
    started = time.process_time()
    run = stackfirst.StackFirst(search, root, *stack)
    found = alive = 0
    firsts: set[int] = set()
    try:
        for k in range(len(run.rectangles.firsts)):
            while (columns := run.rectangles.next_from(k, 1 << 60)) is not None:
                found += 1
                firsts.add(k)
                alive += run.fixed(stackproof.rows_of(columns)) is not None
    except stackproof.Stopped:
        pass
    spent = time.process_time() - started
    return (
        f"{grid_name:<10} rectangles | {found} in {spent:.1f} CPU s ({run.rectangles.nodes}"
        f" columns placed), under {len(firsts)} of {len(run.rectangles.firsts)} first-column"
        f" strings; alive once fixed: {alive} (load {os.getloadavg()[0]:.1f})"
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


class Relaxed:
    """The stack's rows alone, searched with forward checking through their downs."""

    def __init__(self, grid: Grid, words: WordList, floor: int | None, cpu: float) -> None:
        self.search = Search(build_problem(grid, words, floor, None), stop=StopSignal())
        self.rows = sorted(self.search.stacks.mates) if self.search.stacks else []
        links = self.search.problem.vars
        self.links = {v: [(p, d, at) for _, p, d, at in links[v].links] for v in self.rows}
        self.letters = len(self.search.problem.words.alphabet)
        self.stacks = self.nodes = self.first = self.first_words = 0
        self.allowed: dict[tuple[int, int, int], WordSet] = {}  # a row's words per letter set
        self.deadline = time.process_time() + cpu

    def words_left(self, row: int, dom: list[WordSet]) -> WordSet:
        """``row``'s words with, in every column, a letter some candidate of the down has."""
        cols = self.search.cols
        words = dom[row]
        for position, down, at in self.links[row]:
            letters = 0
            for letter, down_words in enumerate(cols[down][at]):
                if dom[down] & down_words:
                    letters |= 1 << letter
            key = (row, position, letters)
            allowed = self.allowed.get(key)
            if allowed is None:
                if len(self.allowed) >= stacks.WORDS_LIMIT:
                    self.allowed.clear()
                allowed = 0
                for letter, row_words in enumerate(cols[row][position]):
                    if letters >> letter & 1:
                        allowed |= row_words
                self.allowed[key] = allowed
            words &= allowed
            if not words:
                break
        return words

    def visit(self, open_rows: list[int], dom: list[WordSet], depth: int) -> None:
        """Every stack under ``dom`` (TimeoutError past the CPU cap)."""
        if time.process_time() > self.deadline:
            raise TimeoutError
        if not open_rows:
            self.stacks += 1
            return
        for row in open_rows:
            dom[row] = self.words_left(row, dom)
            if not dom[row]:
                return
        row = min(open_rows, key=lambda r: dom[r].bit_count())
        rest = [r for r in open_rows if r != row]
        if depth == 0:
            self.first_words = dom[row].bit_count()
        words, cols, table = dom[row], self.search.cols, self.search.tables[row]
        while words:
            bit = words & -words
            words ^= bit
            self.nodes += 1
            self.first += depth == 0
            letters = table.letters(bit.bit_length() - 1)
            child = dom[:]
            child[row] = bit
            for position, down, at in self.links[row]:
                child[down] &= cols[down][at][letters[position]]
                if not child[down]:
                    break
            else:
                self.visit(rest, child, depth + 1)


def relaxed(grid_name: str, words: WordList, args: argparse.Namespace) -> str:
    """The stack alone (:class:`Relaxed`): its line."""
    floor = None if args.list == "default" else args.min_score
    started = time.process_time()
    grid = Grid.parse((GRIDS / f"{grid_name}.txt").read_text())
    relaxation = Relaxed(grid, words, floor, args.cpu)
    root = relaxation.search.network.root()
    if root is None or not relaxation.rows:
        return f"{grid_name:<10} {'no fill at the root' if root is None else 'no stack'}"
    status = "exhausted"
    try:
        relaxation.visit(list(relaxation.rows), root.dom[:], 0)
    except TimeoutError:
        status = "timeout"
    spent = time.process_time() - started
    return (
        f"{grid_name:<10} relaxed | {status:<9} {spent:6.1f} CPU s {relaxation.stacks} stacks"
        f" {relaxation.nodes} row words, first row {relaxation.first} of"
        f" {relaxation.first_words} (load {os.getloadavg()[0]:.1f})"
    )


def columns(grid_name: str, words: WordList, args: argparse.Namespace) -> list[str]:
    """Each stack of the grid searched column by column (:mod:`stackproof`): its lines."""
    floor = None if args.list == "default" else args.min_score
    started = time.process_time()
    grid = Grid.parse((GRIDS / f"{grid_name}.txt").read_text())
    search = Search(build_problem(grid, words, floor, None), stop=StopSignal())
    root = search.network.root()
    setup = time.process_time() - started
    if root is None or search.stacks is None:
        return [f"{grid_name:<10} {'no fill at the root' if root is None else 'no stack'}"]
    lines = []
    for rows in stackproof.stack_groups(search.stacks.mates):
        made = time.process_time()
        rectangle = stackproof.rectangle_of(search.problem, rows, root.dom)
        if rectangle is None:
            lines.append(f"{grid_name:<10} rows {rows}: not a rectangle")
            continue
        row_words, strings = rectangle
        built = time.process_time() - made
        for direction in args.directions.split(","):
            outcome = stackproof.search_rectangle(
                row_words,
                strings,
                args.cpu,
                reverse=direction == "right",
                checked=direction == "checked",
                part=args.part,
                pruned=args.pruned,
            )
            alphabet = search.problem.words.alphabet
            found = ["".join(alphabet.letters[c] for c in row) for row in outcome.rows or []]
            lines.append(
                f"{grid_name:<10} {len(rows)} rows from the {direction:<5} | {outcome.status:<9}"
                f" {outcome.seconds:7.1f} CPU s {outcome.nodes:>9} columns {outcome.dead:>9} dead,"
                f" first column {outcome.first[0]} of {outcome.first[1]}"
                f" (set-up {setup:.1f} + {built:.1f} s; rows {min(map(len, row_words))}-"
                f"{max(map(len, row_words))} words, columns {min(map(len, strings))}-"
                f"{max(map(len, strings))} strings) {' '.join(found)}"
                f" (load {os.getloadavg()[0]:.1f})"
            )
    return lines


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
    parser.add_argument("--relaxed", action="store_true", help="the stack's rows alone")
    parser.add_argument("--columns", action="store_true", help="each stack column by column")
    parser.add_argument("--directions", default="left,right", help="with --columns")
    parser.add_argument("--rectangles", action="store_true", help="rectangles a CPU s, alive")
    parser.add_argument("--pruned", action="store_true", help="with --columns: rows but one first")
    parser.add_argument(
        "--share", default="0/1", help="with --columns: K/N, the first column's strings K, K+N, ..."
    )
    args = parser.parse_args()
    k, _, n = args.share.partition("/")
    args.part = (int(k), int(n or 1))
    if not 0 <= args.part[0] < args.part[1]:
        parser.error("--share K/N needs 0 <= K < N")
    seeds = seeds_of(args.seeds)
    if args.whole:
        for name in args.grids:
            for seed in seeds:
                print(whole(name, seed, args), flush=True)
        return
    words = words_of(args.list)
    if args.relaxed:
        for name in args.grids:
            print(relaxed(name, words, args), flush=True)
        return
    if args.rectangles:
        for name in args.grids:
            print(rectangles(name, words, args), flush=True)
        return
    if args.columns:
        for name in args.grids:
            print("\n".join(columns(name, words, args)), flush=True)
        return
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
