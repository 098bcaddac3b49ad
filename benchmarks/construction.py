"""Crossword construction benchmark: block patterns, freeform layouts, printing, conversion.

These engines have no outside baseline to race, so the script prints medians (the machine is
small and noisy) and rates, plus the share of patterns that pass every constructor rule as
checked by an independent checker in this script. Nothing is asserted.

    python benchmarks/construction.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from puzzlewright.crossword import Grid, Puzzle
from puzzlewright.crossword.clues import parse_clues
from puzzlewright.crossword.formats import load_puzzle, save_puzzle
from puzzlewright.crossword.freeform import lay_out
from puzzlewright.crossword.pattern import PatternSpec, generate_patterns

TEACHER_WORDS = """\
MERCURY: Closest planet to the sun
VENUS: Second planet, named for a goddess
EARTH: Our home planet
MARS: The red planet
JUPITER: Largest planet
SATURN: Planet with famous rings
URANUS: Planet tipped on its side
NEPTUNE: Windy blue planet
PLUTO: Dwarf planet since 2006
COMET: Icy body with a tail
ASTEROID: Rocky body of the belt
ORBIT: Path around a star
GALAXY: The Milky Way is one
NEBULA: Cloud where stars are born
ECLIPSE: When the moon hides the sun
TELESCOPE: Instrument for stargazing
GRAVITY: What keeps us on the ground
METEOR: Shooting star
SOLAR: Of the sun
LUNAR: Of the moon
"""


def median_seconds(func: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def follows_rules(grid: Grid, min_length: int) -> bool:
    """Independent check: entries long enough, every open cell checked, all connected."""
    slots = grid.slots()
    if any(slot.length < min_length for slot in slots):
        return False
    if grid.unchecked():
        return False
    cells = set(grid.positions())
    if not cells:
        return False
    seen, todo = set(), [next(iter(cells))]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen or (r, c) not in cells:
            continue
        seen.add((r, c))
        todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
    return seen == cells


def bench_patterns(repeat: int) -> None:
    print("block patterns (rotational symmetry, min length 3), 20 per run:")
    for width, height in ((15, 15), (21, 21)):
        spec = PatternSpec(width, height)
        runs: list[list[Grid]] = []

        def make(spec: PatternSpec = spec, runs: list[list[Grid]] = runs) -> None:
            runs.append(generate_patterns(spec, 20, seed=len(runs)).patterns)

        seconds = median_seconds(make, repeat)
        grids = [grid for run in runs for grid in run]
        legal = sum(follows_rules(grid, 3) for grid in grids)
        words = statistics.mean(len(grid.slots()) for grid in grids)
        print(
            f"  {width}x{height}: {20 / seconds:6.1f} patterns/s, {legal}/{len(grids)} pass "
            f"the independent rule check, {words:.1f} entries on average"
        )


def bench_layout(repeat: int) -> None:
    words = parse_clues(TEACHER_WORDS)
    results = []

    def make() -> None:
        results.append(lay_out(words, seed=len(results)))

    seconds = median_seconds(make, repeat)
    best = results[-1]
    print(
        f"teacher layout of {len(words)} words: {seconds * 1000:.0f} ms median; placed "
        f"{len(best.placements)}, {best.crossings} crossings, {best.width}x{best.height}, "
        f"density {best.density:.0%}"
    )


def bench_render_and_convert(repeat: int) -> None:
    from puzzlewright.render import crossword_document, render

    sample = Path(__file__).resolve().parents[1] / "tests/data/formats/sampler.ipuz"
    puzzle: Puzzle = load_puzzle(sample)
    grid = generate_patterns(PatternSpec(15, 15), 1, seed=1).patterns[0]
    page = Puzzle(grid, title="Benchmark", author="puzzlewright")
    page.clues = {slot.key: f"A clue of ordinary length for {slot.key}" for slot in grid.slots()}
    for name, document in (
        (f"{puzzle.grid.width}x{puzzle.grid.height} sampler", crossword_document(puzzle)),
        (f"15x15 pattern with {len(page.clues)} clues", crossword_document(page)),
    ):
        print(f"printing the {name}:")
        for fmt in ("html", "svg", "pdf"):
            try:
                seconds = median_seconds(lambda fmt=fmt, d=document: render(d, fmt), repeat)
            except Exception as exc:  # reportlab missing, for example
                print(f"  {fmt}: skipped ({exc})")
                continue
            print(f"  {fmt}: {seconds * 1000:.1f} ms median")
    with tempfile.TemporaryDirectory() as tmp:
        print("conversion (write + read back):")
        for ext in (".ipuz", ".puz", ".xd", ".txt"):
            target = Path(tmp) / f"out{ext}"

            def round_trip(target: Path = target) -> None:
                save_puzzle(puzzle, target, force=True)
                load_puzzle(target)

            print(f"  {ext}: {median_seconds(round_trip, repeat) * 1000:.1f} ms median")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    random.seed(0)
    bench_patterns(args.repeat)
    bench_layout(args.repeat)
    bench_render_and_convert(args.repeat)


if __name__ == "__main__":
    main()
