"""Global constraints on real grids: CPU seconds of a plain fill and of a constrained one.

    python benchmarks/fill_constraints.py [--stwl] [--grids themeless,british] [--timeout 60]
        [--asks pangram] [--seeds 0,1,2] [--letter-bonus 12,30]

Prints, per grid, seed and constraint, the status, whether the constraint holds in the
output, the fills run and the CPU seconds, with the plain fill of the same grid and seed
(same list, same run) as the baseline, then per grid and constraint the median CPU
seconds over the seeds. ``--letter-bonus`` runs each ask once per value of
:data:`~puzzlewright.crossword.fill.letters.LETTER_BONUS` (a pangram's value ordering),
so a change of it is compared in one run on the same machine load. Never asserts times.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, fill, letters
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
    """Run every constraint on every grid and seed, print one line each and the medians."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--stwl", action="store_true")
    parser.add_argument("--grids", default="themeless,themed1,british")
    parser.add_argument("--asks", default=",".join(ASKS))
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--seeds", default="0")
    parser.add_argument("--letter-bonus", default=str(letters.LETTER_BONUS))
    args = parser.parse_args()
    words = words_for(args.stwl)
    seeds = [int(seed) for seed in args.seeds.split(",")]
    bonuses = [float(bonus) for bonus in args.letter_bonus.split(",")]
    print(f"list: {words.name}; load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    cpus: dict[tuple[str, str], list[float]] = {}
    for name in args.grids.split(","):
        grid = Grid.parse((GRIDS / f"{name}.txt").read_text(encoding="utf-8"))
        for seed in seeds:
            base = run_plain(name, grid, seed, words, args.timeout)
            cpus.setdefault((name, "plain"), []).append(base)
            for ask in args.asks.split(","):
                for bonus in bonuses:
                    letters.LETTER_BONUS = bonus
                    label = f"{ask} (bonus {bonus:g})" if len(bonuses) > 1 else ask
                    cpu = run_ask(name, grid, seed, label, ASKS[ask], words, args.timeout, base)
                    cpus.setdefault((name, label), []).append(cpu)
    print(f"medians over seeds {args.seeds} (CPU s); load {os.getloadavg()[0]:.1f}")
    for (name, label), values in cpus.items():
        print(f"{name:10} {label:32} median {statistics.median(values):6.2f}")


def run_plain(name: str, grid: Grid, seed: int, words: WordList, timeout: float) -> float:
    """The plain fill of ``grid`` (the baseline): print it, return its CPU seconds."""
    started = time.process_time()
    plain = fill(FillRequest(grid, seed=seed), words, stop=StopSignal(timeout))
    base = time.process_time() - started
    print(f"{name:10} seed {seed} plain {plain.status:10} cpu {base:6.2f}", flush=True)
    return base


def run_ask(
    name: str,
    grid: Grid,
    seed: int,
    label: str,
    ask: Constraints,
    words: WordList,
    timeout: float,
    base: float,
) -> float:
    """One constrained fill: print its line, return its CPU seconds."""
    started = time.process_time()
    request = FillRequest(grid, seed=seed, constraints=ask)
    result = fill_constrained(request, words, stop=StopSignal(timeout))
    cpu = time.process_time() - started
    report = result.constraints
    assert report is not None
    present = len(set(letter_counts(result.grid)))
    print(
        f"{name:10} seed {seed} {label:32} {result.status:10} met {report.met!s:5} "
        f"reason {report.reason!s:10} fills {report.steps:3} letters {present:2} "
        f"cpu {cpu:6.2f} ({cpu / max(base, 1e-3):.1f}x plain)",
        flush=True,
    )
    return cpu


if __name__ == "__main__":
    main()
