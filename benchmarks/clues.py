"""Clue-history benchmark: the index of a folder of 100 puzzles, built and queried.

The folder is made from the test corpus (``tests/data/corpus``: .ipuz, .puz, .jpz and .xd
puzzles that read), copied round-robin until it holds ``--puzzles`` files (default 100),
so every format is timed. Figures, medians of ``--runs`` runs in this process:

* build: ``build_index(folder)`` (CPU and wall time), against a baseline measured in the
  same run: only loading each puzzle with ``load_puzzle`` (the floor an index cannot beat);
* query: ``index.lookup(answer)`` for every answer of the index, and ``index.search``
  for a two-word phrase (a scan of every clue), and ``suggest`` (history and drafts,
  what the workbench's clue box asks for; the drafts' data is loaded before timing);
* draft: the first ``draft_clues`` call of the process (loads WordNet's data), apart.

Not a test: nothing is asserted. Targets from issue 29: build < 2 s, query < 20 ms.

    python benchmarks/clues.py [--puzzles 100] [--runs 5] [--min-clues 70]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "tests" / "data" / "corpus"


def make_folder(target: Path, count: int, min_clues: int = 1) -> int:
    """Copy readable corpus puzzles (with ``min_clues`` clues or more) round-robin into
    ``target``; how many are distinct."""
    from puzzlewright.crossword.clue_history import puzzle_files
    from puzzlewright.crossword.formats import load_puzzle
    from puzzlewright.errors import PuzzleInputError

    sources = []
    for path in puzzle_files(CORPUS):
        try:
            if len(load_puzzle(path, warnings=[]).clues) >= min_clues:
                sources.append(path)
        except PuzzleInputError:
            continue
    for i in range(count):
        source = sources[i % len(sources)]
        shutil.copy(source, target / f"{i:03d}-{source.name}")
    return len(sources)


def timed(function: object, runs: int) -> tuple[float, float]:
    """Median CPU and wall seconds of ``function()`` over ``runs`` runs."""
    cpu, wall = [], []
    for _ in range(runs):
        c, w = time.process_time(), time.perf_counter()
        function()  # type: ignore[operator]
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(cpu), statistics.median(wall)


def main() -> None:
    """Build the folder, time the index and the queries, print figures and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--puzzles", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--min-clues",
        type=int,
        default=1,
        help="Copy only puzzles with this many clues (70: the 15x15 and larger ones)",
    )
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent / "src"))
    from puzzlewright.crossword.clue_history import build_index, puzzle_files, suggest
    from puzzlewright.crossword.drafts import draft_clues
    from puzzlewright.crossword.formats import load_puzzle

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        distinct = make_folder(folder, args.puzzles, args.min_clues)
        files = list(puzzle_files(folder))
        load_cpu, load_wall = timed(lambda: [load_puzzle(p, warnings=[]) for p in files], args.runs)
        build_cpu, build_wall = timed(lambda: build_index(folder), args.runs)
        index = build_index(folder)
        answers = sorted(index.by_answer)
        c = time.process_time()
        draft_clues("house")
        first_draft = time.process_time() - c
        lookup = min(timed(lambda: [index.lookup(a) for a in answers], 3)) / len(answers)
        search_cpu, _ = timed(lambda: index.search("greek letter"), args.runs)
        now = time.time()
        sample = answers[:: max(1, len(answers) // 200)]
        suggest_cpu, _ = timed(lambda: [suggest(a, index, now=now) for a in sample], 3)
    print(f"folder: {len(files)} puzzles ({distinct} distinct files of the test corpus)")
    print(f"index: {index.clues} clues for {len(answers)} answers")
    print(f"baseline load_puzzle of every file: {load_cpu:.3f} s CPU ({load_wall:.3f} s wall)")
    print(
        f"build_index: {build_cpu:.3f} s CPU ({build_wall:.3f} s wall), "
        f"{build_cpu / load_cpu:.2f}x the baseline (target < 2 s)"
    )
    print(f"lookup: {lookup * 1e6:.1f} us per answer (target < 20 ms)")
    print(f"search 'greek letter' over every clue: {search_cpu * 1e3:.2f} ms")
    print(f"suggest (history + drafts): {suggest_cpu / len(sample) * 1e3:.2f} ms per answer")
    print(f"first draft_clues of a process (loads WordNet's data): {first_draft:.3f} s CPU")


if __name__ == "__main__":
    main()
