"""Difficulty estimate against published difficulty: rank correlation with the day of week.

Reads real puzzles whose day is known from a folder given on the command line (nothing
copyrighted is checked in; docs/difficulty.md says where the files come from):

JSON files in the layout of github.com/doshea/nyt_crosswords (``YYYY/MM/DD.json`` with
``grid``, ``size`` and ``dow``): New York Times puzzles, (c) The New York Times, published
there without a licence, so read from the user's own copy and never redistributed.

Monday to Saturday 15x15 puzzles only (Sunday is a larger, Wednesday-level puzzle), up to
``--per-day`` of each day drawn with ``--seed``. For each it runs
``estimate_difficulty(grid, builtin English)`` and prints the per-day medians of ``needed``
(the calibration anchors ``DAY_MEDIANS``), Spearman's rank correlation of the estimated
level with the day (1-6), and the estimate's CPU time against ``checking()`` of the same
grids (the baseline, measured in the same run). ``--fit`` also prints the least-squares
``LEVEL_MODEL`` of this sample (calibration: fit on 1994-2005, check on 2006-2017).
``--figures FILE`` writes the derived per-puzzle figures (source id, day, needed, typical,
average length, level, Naticks) as CSV: the only thing that may be committed
(benchmarks/data/difficulty_nyt.csv).

Not a test: nothing is asserted.

    python benchmarks/difficulty.py FOLDER [--per-day 10] [--seed 1] [--years 1994-2017]
        [--fit] [--figures benchmarks/data/difficulty_nyt.csv]
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from puzzlewright.crossword.checking import checking
from puzzlewright.crossword.difficulty import DAYS, estimate_difficulty
from puzzlewright.crossword.grid import Grid
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon.builtin import builtin_english

MAX_BYTES = 1 << 20


@dataclass(frozen=True)
class Sample:
    source: str
    day: int  # 1 Monday .. 6 Saturday
    grid: Grid


def nyt_json(path: Path, root: Path) -> Sample | None:
    """A doshea/nyt_crosswords JSON file as a sample (None: not a 15x15 Monday-Saturday)."""
    data = json.loads(path.read_bytes()[:MAX_BYTES])
    size, day = data.get("size") or {}, data.get("dow")
    if day not in DAYS or size.get("rows") != 15 or size.get("cols") != 15:
        return None
    cells = data.get("grid") or []
    if len(cells) != 225:
        return None
    rows = ["".join(_cell(ch) for ch in cells[r * 15 : r * 15 + 15]) for r in range(15)]
    source = "nyt-" + "-".join(path.relative_to(root).with_suffix("").parts[-3:])
    try:
        grid = Grid.parse("\n".join(rows))
    except PuzzleInputError:  # a damaged file (blank cells): skipped
        return None
    return Sample(source, DAYS.index(day) + 1, grid)


def _cell(value: str) -> str:
    if value == ".":
        return "#"
    return value if len(value) == 1 and value.isalpha() else f"[{value}]"


def samples(root: Path, years: tuple[int, int], per_day: int, seed: int) -> list[Sample]:
    """Up to ``per_day`` samples of each day, drawn with ``seed`` from the files in range."""
    paths = sorted(p for p in _files(root) if years[0] <= _year(p) <= years[1])
    random.Random(seed).shuffle(paths)
    chosen: dict[int, list[Sample]] = {day: [] for day in range(1, 7)}
    for path in paths:
        if all(len(found) >= per_day for found in chosen.values()):
            break
        sample = nyt_json(path, root)
        if sample is not None and len(chosen[sample.day]) < per_day and sample.grid.is_filled():
            chosen[sample.day].append(sample)
    return sorted((s for found in chosen.values() for s in found), key=lambda s: s.source)


def _files(root: Path) -> Iterator[Path]:
    yield from root.rglob("*.json")


def _year(path: Path) -> int:
    digits = [part for part in path.parts if part.isdigit() and len(part) == 4]
    if digits:
        return int(digits[-1])
    stem = "".join(ch for ch in path.stem if ch.isdigit())
    return int(stem[:4]) if len(stem) >= 4 else 0


def ranks(values: list[float]) -> list[float]:
    """Average ranks (ties share the mean of their positions), 1-based."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation: Pearson's on the average ranks."""
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return cov / var if var else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--per-day", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--years", default="1994-2017", help="first-last year (inclusive)")
    parser.add_argument("--figures", type=Path, help="write derived per-puzzle figures (CSV)")
    parser.add_argument("--fit", action="store_true", help="print this sample's LEVEL_MODEL")
    parser.add_argument("--label", default="", help="a first CSV column naming this sample")
    args = parser.parse_args()
    first, _, last = args.years.partition("-")
    found = samples(args.folder, (int(first), int(last or first)), args.per_day, args.seed)
    if not found:
        print(f"no Monday-Saturday 15x15 puzzles under {args.folder}", file=sys.stderr)
        return 2
    words = builtin_english()
    estimate_difficulty(found[0].grid, words)  # load the familiarity list before timing
    rows, cpu, base = [], [], []
    for sample in found:
        started = time.process_time()
        checking(sample.grid)
        base.append(time.process_time() - started)
        started = time.process_time()
        result = estimate_difficulty(sample.grid, words)
        cpu.append(time.process_time() - started)
        rows.append((sample, result))
    report(rows, cpu, base)
    if args.fit:
        fit(rows)
    if args.figures:
        write_figures(args.figures, rows, args.label)
    return 0


def report(rows: list, cpu: list[float], base: list[float]) -> None:  # type: ignore[type-arg]
    """Per-day medians, the rank correlation and the timings."""
    print(f"{len(rows)} puzzles")
    for day in range(1, 7):
        needed = [r.needed for s, r in rows if s.day == day and r.needed is not None]
        unsolved = sum(1 for s, r in rows if s.day == day and r.needed is None)
        naticks = [len(r.naticks) for s, r in rows if s.day == day]
        if needed or unsolved:
            median = statistics.median(needed) if needed else None
            print(
                f"  {DAYS[day - 1]:<9} n={len(needed) + unsolved:<3} needed median {median} "
                f"(range {min(needed, default=None)}-{max(needed, default=None)}), "
                f"unsolved {unsolved}, Naticks median {statistics.median(naticks)}, "
                f"puzzles with any {sum(1 for n in naticks if n)}/{len(naticks)}"
            )
    pairs = [(s.day, r.level if r.level is not None else 7.0) for s, r in rows]
    rho = spearman([float(d) for d, _ in pairs], [lv for _, lv in pairs])
    needed_rho = spearman(
        [float(s.day) for s, _ in rows],
        [-(r.needed if r.needed is not None else -1) for _, r in rows],
    )
    print(f"Spearman rho(day, level) = {rho:.3f}; rho(day, -needed) = {needed_rho:.3f}")
    days = [float(s.day) for s, _ in rows]
    typical = spearman(days, [-r.typical for _, r in rows])
    length = spearman(days, [r.average_length for _, r in rows])
    print(f"  components: rho(day, -typical) = {typical:.3f}, rho(day, length) = {length:.3f}")
    exact = sum(1 for s, r in rows if r.day == DAYS[s.day - 1])
    within = sum(1 for s, r in rows if r.level is not None and abs(round(r.level) - s.day) <= 1)
    print(f"day exact {exact}/{len(rows)}, within one day {within}/{len(rows)}")
    est, chk = statistics.median(cpu), statistics.median(base)
    print(
        f"CPU per grid: estimate median {est * 1000:.1f} ms (max {max(cpu) * 1000:.1f}), "
        f"checking() median {chk * 1000:.2f} ms, ratio {est / chk if chk else float('inf'):.0f}x"
    )


def fit(rows: list) -> None:  # type: ignore[type-arg]
    """Least squares of the day on (typical, needed, average length): LEVEL_MODEL's form."""
    import numpy as np

    features = np.array(
        [[r.typical, r.needed or 0, r.average_length, 1.0] for _, r in rows], dtype=float
    )
    days = np.array([s.day for s, _ in rows], dtype=float)
    coef, *_ = np.linalg.lstsq(features, days, rcond=None)
    fitted = features @ coef
    rho = spearman([float(d) for d in days], [float(f) for f in fitted])
    print(f"fit: LEVEL_MODEL = {tuple(round(float(c), 3) for c in coef)} (in-sample rho {rho:.3f})")


def write_figures(path: Path, rows: list, label: str) -> None:  # type: ignore[type-arg]
    """The derived figures only (appended, a header when the file is new): sample label,
    source id, day, needed familiarity, typical, average length, level, Naticks."""
    new = not path.exists()
    with path.open("a", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        if new:
            head = "sample source day needed typical average_length level naticks"
            out.writerow(head.split())
        for sample, result in rows:
            out.writerow(
                [
                    label,
                    sample.source,
                    DAYS[sample.day - 1],
                    result.needed,
                    result.typical,
                    result.average_length,
                    result.level,
                    len(result.naticks),
                ]
            )


if __name__ == "__main__":
    raise SystemExit(main())
