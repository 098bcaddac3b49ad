"""Barred-grid fill benchmark: puzzlewright against Qxw (batch mode) on the same grids.

Grids: Qxw's own 12x12 barred example (``/usr/share/doc/qxw/examples/bar.qxw``, read here
when Qxw is installed), Listener-style 12x12 and 13x13 barred grids and a 15x15 British
blocked grid from ``crossword pattern --barred`` / ``--style british`` (fixed seeds), and
the checked-in barred grids under ``benchmarks/grids/barred*.txt``.

Word lists: the built-in English list, and Spread the Wordlist at min score 50 (when
../shared/data has it). Each solver gets the same words: puzzlewright through
``--words``/``--min-score``, Qxw a plain dictionary file of the same words.

* puzzlewright: the real command ``puzzlewright crossword fill GRID --json`` in a fresh
  process; "whole" is the process's wall time, "fill" the fill step it reports.
* Qxw: ``qxw -b -d DICT DECK``, the deck listing each entry's cells (Qxw's batch format);
  "whole" is the process's wall time (it loads and indexes the dictionary every run).
  Qxw ignores word scores and may repeat an answer; both are shown.

Not a test: nothing is asserted.

    python benchmarks/barred.py [--timeout 120] [--quick] [--hard] [--quality]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
STWL = HERE.parents[1] / "shared" / "data" / "spreadthewordlist_via_blacksquare_0.10.0.dict.gz"
QXW = shutil.which("qxw") or "/usr/games/qxw"
QXW_EXAMPLE = Path("/usr/share/doc/qxw/examples/bar.qxw")


@dataclass
class Outcome:
    filled: bool
    whole: float
    fill: float | None
    average: float | None
    repeats: int
    note: str = ""


def read_qxw_grid(path: Path) -> str:
    """A text grid from a Qxw save file: ``SQ x y bars merge flags`` (bars: 1 right, 2 below;
    flags bit 0: block)."""
    width = height = 0
    squares: dict[tuple[int, int], tuple[int, int]] = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split()
        if parts[:1] == ["GP"]:
            width, height = int(parts[2]), int(parts[3])
        elif parts[:1] == ["SQ"]:
            x, y, bars, _, flags = map(int, parts[1:6])
            squares[(y, x)] = (bars, flags)
    rows = []
    for y in range(height):
        row = ""
        for x in range(width):
            bars, flags = squares.get((y, x), (0, 0))
            row += "#" if flags & 1 else "."
            row += "|" * (bars & 1 and x < width - 1) + "_" * (bars & 2 and y < height - 1)
        rows.append(row)
    return "\n".join(rows) + "\n"


def grids(quick: bool, hard: bool = False) -> list[tuple[str, str]]:
    from puzzlewright.crossword.barred import BarredSpec, generate_barred

    found = []
    if QXW_EXAMPLE.exists():
        found.append(("qxw-bar-12x12", read_qxw_grid(QXW_EXAMPLE)))
    for path in sorted(HERE.glob("grids/barred*.txt")):
        found.append((path.stem, path.read_text()))
    specs = [("listener-12x12", BarredSpec(12, 12, min_length=4), 1)]
    if not quick:
        specs.append(("listener-13x13", BarredSpec(13, 13, min_length=4), 2))
        specs.append(("british-15x15", BarredSpec(15, 15, style="british"), 3))
    if hard:  # fewer unches: 30 of 144 cells (the default designs have about 42)
        specs.append(("listener-12x12-21pc", BarredSpec(12, 12, min_length=4, unches=0.2), 4))
    for name, spec, seed in specs:
        run = generate_barred(spec, 1, seed=seed)
        found.append((name, run.patterns[0].to_text()))
    return found


def word_lists(quick: bool) -> list[tuple[str, list[str], dict[str, int]]]:
    """(name, puzzlewright options, word -> score of the words both solvers get)."""
    from puzzlewright.lexicon import builtin_english, load_wordlist

    builtin = builtin_english()
    lists = [("built-in", [], builtin.scores())]
    if STWL.exists() and not quick:
        stwl = load_wordlist([STWL], min_score=50)[0]
        lists.append(("STWL>=50", ["--words", str(STWL), "--min-score", "50"], stwl.scores()))
    return lists


def run_puzzlewright(grid: Path, options: list[str], timeout: float) -> Outcome:
    command = [sys.executable, "-m", "puzzlewright", "crossword", "fill", str(grid)]
    command += [*options, "--timeout", str(timeout), "--json"]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    whole = time.perf_counter() - start
    try:
        doc = json.loads(done.stdout)
    except json.JSONDecodeError:
        return Outcome(False, whole, None, None, 0, done.stderr.strip()[:60])
    answers = [entry["answer"] for entry in doc.get("entries", [])]
    return Outcome(
        doc["status"] == "filled",
        whole,
        doc.get("seconds"),
        doc.get("average_score"),
        len(answers) - len(set(answers)),
    )


def run_qxw(grid_text: str, scores: dict[str, int], folder: Path, timeout: float) -> Outcome:
    from puzzlewright.crossword.grid import Grid

    grid = Grid.parse(grid_text)
    deck = folder / "grid.qxd"
    deck.write_text(
        "\n".join(" ".join(f"{r * grid.width + c:03d}" for r, c in s.cells) for s in grid.slots())
        + "\n"
    )
    dictionary = folder / "words.txt"
    if not dictionary.exists():
        dictionary.write_text("\n".join(word.lower() for word in scores) + "\n")
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [QXW, "-b", "-d", str(dictionary), str(deck)],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Outcome(False, time.perf_counter() - start, None, None, 0, "timeout")
    whole = time.perf_counter() - start
    answers = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("W")]
    if done.returncode != 0 or len(answers) != len(grid.slots()):
        return Outcome(False, whole, None, None, 0, f"exit {done.returncode}")
    average = statistics.fmean(scores.get(a, 0) for a in answers)
    return Outcome(True, whole, None, round(average, 2), len(answers) - len(set(answers)))


def show(name: str, outcome: Outcome) -> str:
    if not outcome.filled:
        return f"{name:<13} not filled ({outcome.note}) after {outcome.whole:6.2f} s"
    fill = f", fill {outcome.fill:6.2f} s" if outcome.fill is not None else ""
    return (
        f"{name:<13} filled in {outcome.whole:6.2f} s whole{fill}; average score "
        f"{outcome.average}, {outcome.repeats} repeated answers"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--quick", action="store_true", help="One grid, built-in list only.")
    parser.add_argument(
        "--quality", action="store_true", help="Also run ours with --quality (score tiers)."
    )
    parser.add_argument(
        "--hard", action="store_true", help="Add a 12x12 with only 21%% of cells unchecked."
    )
    args = parser.parse_args()
    have_qxw = Path(QXW).exists()
    print(f"python {sys.version.split()[0]}; qxw: {QXW if have_qxw else 'not installed'}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        lists = word_lists(args.quick)
        for grid_name, text in grids(args.quick, args.hard):
            path = folder / f"{grid_name}.txt"
            path.write_text(text)
            from puzzlewright.crossword.grid import Grid

            slots = Grid.parse(text).slots()
            print(
                f"\n{grid_name}: {len(slots)} entries, lengths "
                f"{min(s.length for s in slots)}-{max(s.length for s in slots)}"
            )
            for list_name, options, scores in lists:
                ours = run_puzzlewright(path, options, args.timeout)
                print(f"  [{list_name}] " + show("puzzlewright", ours))
                if args.quality and not options:  # the mode only differs for the built-in list
                    slow = run_puzzlewright(path, ["--quality"], args.timeout)
                    print(f"  [{list_name}] " + show("  --quality", slow))
                if have_qxw:
                    sub = folder / list_name
                    sub.mkdir(exist_ok=True)
                    theirs = run_qxw(text, scores, sub, args.timeout)
                    ratio = ours.whole / theirs.whole if theirs.filled and ours.filled else None
                    print(
                        f"  [{list_name}] "
                        + show("qxw", theirs)
                        + (f"; puzzlewright/qxw time {ratio:.2f}x" if ratio else "")
                    )


if __name__ == "__main__":
    main()
