"""Global constraints on real grids: CPU seconds of a plain fill and of a constrained one.

    python benchmarks/fill_constraints.py [--stwl] [--grids themeless,british] [--budget 60]

Prints, per grid and constraint, the status, whether the constraint holds in the output,
the fills run and the CPU seconds, with the plain fill of the same grid (same list, same
run) as the baseline. Never asserts times.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, fill
from puzzlewright.crossword.fill.constrained import fill_constrained
from puzzlewright.crossword.fill.constraints import Constraints, letter_counts
from puzzlewright.crossword.nina import Nina
from puzzlewright.lexicon import WordList, load_wordlist
from puzzlewright.lexicon.crossword import builtin_crossword
from puzzlewright.stopping import StopSignal

GRIDS = Path(__file__).parent / "grids"
STWL = Path(__file__).resolve().parents[2] / "shared" / "data"
ASKS = {
    "pangram": Constraints(pangram=True),
    "ban QXZJ": Constraints(banned="QXZJ"),
    "quota Z:0 K:1": Constraints(quotas=(("Z", 0), ("K", 1))),
    "nina perimeter": Constraints(nina=Nina("Happy birthday", "perimeter")),
    "nina unches": Constraints(nina=Nina("Puzzle wrights", "unches")),
    "cannot: pangram less Q": Constraints(pangram=True, banned="Q"),
}


def words_for(stwl: bool) -> WordList:
    """The fill's default list (the built-in crossword list), or Spread the Wordlist at 50
    (benchmarks only, never bundled)."""
    if not stwl:
        return builtin_crossword()
    words, _ = load_wordlist(
        [STWL / "spreadthewordlist_via_blacksquare_0.10.0.dict.gz"], min_score=50
    )
    return words


def main() -> None:
    """Run every constraint on every grid and print one line each."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--stwl", action="store_true")
    parser.add_argument("--grids", default="themeless,themed1,british")
    parser.add_argument("--asks", default=",".join(ASKS))
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    words = words_for(args.stwl)
    print(f"list: {words.name}")
    for name in args.grids.split(","):
        grid = Grid.parse((GRIDS / f"{name}.txt").read_text(encoding="utf-8"))
        started = time.process_time()
        plain = fill(FillRequest(grid), words, stop=StopSignal(args.timeout))
        base = time.process_time() - started
        print(f"{name:10} plain          {plain.status:10} cpu {base:6.2f}")
        for ask in args.asks.split(","):
            started = time.process_time()
            result = fill_constrained(
                FillRequest(grid, constraints=ASKS[ask]), words, stop=StopSignal(args.timeout)
            )
            cpu = time.process_time() - started
            report = result.constraints
            assert report is not None
            present = len(set(letter_counts(result.grid)))
            print(
                f"{name:10} {ask:22} {result.status:10} met {report.met!s:5} "
                f"reason {report.reason!s:10} fills {report.steps:3} letters {present:2} "
                f"cpu {cpu:6.2f} ({cpu / max(base, 1e-3):.1f}x plain)"
            )


if __name__ == "__main__":
    main()
