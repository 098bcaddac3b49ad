"""Global constraints on real grids: CPU seconds of a plain fill and of a constrained one.

    python benchmarks/fill_constraints.py [--stwl] [--grids themeless,british|standard15]
        [--timeout 60]
        [--asks pangram] [--seeds 0,1,2] [--letter-bonus 12,30] [--cpu-limit 10] [--dead-ends]

Prints, per grid, seed and constraint, the status, whether the constraint holds in the
output, the fills run and the CPU seconds, with the plain fill of the same grid and seed
(same list, same run) as the baseline, then per grid and constraint the median CPU
seconds over the seeds and how many runs finished with the constraint met (with
``--cpu-limit``: within it). ``--grids`` takes grid names and named sets (:data:`SETS`).
``--letter-bonus`` runs each ask once per value of
:data:`~puzzlewright.crossword.fill.letters.LETTER_BONUS` (a pangram's value ordering),
so a change of it is compared in one run on the same machine load. ``--cpu-limit`` stops
each fill after that many seconds of this process's CPU (``--timeout`` counts wall seconds,
which on a loaded machine are several times fewer CPU seconds; give a long ``--timeout``
with it), so "not within 10 s" is judged the same at any load. ``--seeded`` turns on a
pangram's rare-letter seeded restarts (``constrained.SEEDED_RESTARTS``, off by default).
``--dead-ends`` adds to each line how many of the search's
dead ends were the required letters' own (a letter no cell can take any more, see
:mod:`~puzzlewright.crossword.fill.letters`) out of its backtracks. Never asserts times.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, constrained, fill, letters, search
from puzzlewright.crossword.fill.constrained import fill_constrained
from puzzlewright.crossword.fill.constraints import Constraints, letter_counts
from puzzlewright.crossword.fill.result import FillResult
from puzzlewright.crossword.fill.state import Conflict, State
from puzzlewright.crossword.nina import Nina
from puzzlewright.lexicon import WordList, load_wordlist
from puzzlewright.lexicon.crossword import builtin_crossword
from puzzlewright.stopping import StopSignal

GRIDS = Path(__file__).parent / "grids"
STANDARD = Path(__file__).parent / "data" / "standard15"
SETS = {
    "standard15": [f"std{k}" for k in range(1, 11)] + ["themed1", "themed2", "themed3"],
}
"""Named sets of grids for ``--grids``: ``standard15`` is the ten standard American 15x15
patterns of benchmarks/data/standard15 (origins in its README) and the three themed ones."""
STWL = Path(__file__).resolve().parents[2] / "shared" / "data"
ASKS = {
    "pangram": Constraints(pangram=True),
    "ban QXZJ": Constraints(banned="QXZJ"),
    "quota Z:0 K:1": Constraints(quotas=(("Z", 0), ("K", 1))),
    "nina perimeter": Constraints(nina=Nina("Happy birthday", "perimeter")),
    "nina unches": Constraints(nina=Nina("Puzzle wrights", "unches")),
    "cannot: pangram less Q": Constraints(pangram=True, banned="Q"),
}


class CpuStop(StopSignal):
    """A stop signal that also fires once this process has spent ``cpu`` CPU seconds
    since it was made (a limit that means the same at any machine load)."""

    def __init__(self, timeout: float, cpu: float | None) -> None:
        super().__init__(timeout)
        self.cpu_deadline = None if cpu is None else time.process_time() + cpu

    def should_stop(self) -> bool:
        """True after the wall-clock timeout, Ctrl-C, or the CPU limit."""
        deadline = self.cpu_deadline
        if self.reason is None and deadline is not None and time.process_time() >= deadline:
            self.reason = "timeout"
        return super().should_stop()


class CountingNeed(letters.LetterNeed):
    """The required letters' rules, counting their dead ends (``--dead-ends``)."""

    dead_ends = 0  # over the whole process: read before and after a fill

    def check(self, st: State) -> tuple[Conflict | None, list[int]]:
        """:meth:`LetterNeed.check`, counting the conflicts it returns."""
        found = super().check(st)
        if found[0] is not None:
            CountingNeed.dead_ends += 1
        return found


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
    parser.add_argument("--cpu-limit", type=float, default=None)
    parser.add_argument("--dead-ends", action="store_true")
    parser.add_argument("--seeded", action="store_true")
    args = parser.parse_args()
    constrained.SEEDED_RESTARTS = args.seeded
    if args.dead_ends:
        search.LetterNeed = CountingNeed  # type: ignore[attr-defined]
    words = words_for(args.stwl)
    seeds = [int(seed) for seed in args.seeds.split(",")]
    bonuses = [float(bonus) for bonus in args.letter_bonus.split(",")]
    print(f"list: {words.name}; load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    cpus: dict[tuple[str, str], list[float]] = {}
    met: dict[tuple[str, str], int] = {}
    for name in grid_names(args.grids):
        grid = Grid.parse(grid_path(name).read_text(encoding="utf-8"))
        for seed in seeds:
            limits = (args.timeout, args.cpu_limit)
            base = run_plain(name, grid, seed, words, limits)
            cpus.setdefault((name, "plain"), []).append(base)
            for ask in args.asks.split(","):
                for bonus in bonuses:
                    letters.LETTER_BONUS = bonus
                    label = f"{ask} (bonus {bonus:g})" if len(bonuses) > 1 else ask
                    cpu, ok = run_ask(name, grid, seed, label, ASKS[ask], words, limits, base)
                    cpus.setdefault((name, label), []).append(cpu)
                    met[label] = met.get(label, 0) + ok
    print(f"medians over seeds {args.seeds} (CPU s); load {os.getloadavg()[0]:.1f}")
    for (name, label), values in cpus.items():
        print(f"{name:10} {label:32} median {statistics.median(values):6.2f}")
    for label, count in met.items():
        runs = [value for (_, kind), values in cpus.items() if kind == label for value in values]
        print(
            f"{label}: met in {count} of {len(runs)} runs; median {statistics.median(runs):.2f} "
            f"CPU s over all of them (an unmet run counts its CPU when cut)"
        )


def grid_names(spec: str) -> list[str]:
    """The grid names of ``--grids``: names, with named sets (:data:`SETS`) expanded."""
    return [name for part in spec.split(",") for name in SETS.get(part, [part])]


def grid_path(name: str) -> Path:
    """A grid's file: benchmarks/grids, else the standard 15x15 set's folder."""
    path = GRIDS / f"{name}.txt"
    return path if path.exists() else STANDARD / f"{name}.txt"


Limits = tuple[float, float | None]
"""Each fill's wall-clock timeout and CPU limit (seconds; None: no CPU limit)."""


def run_plain(name: str, grid: Grid, seed: int, words: WordList, limits: Limits) -> float:
    """The plain fill of ``grid`` (the baseline): print it, return its CPU seconds."""
    started = time.process_time()
    dead_ends = CountingNeed.dead_ends
    plain = fill(FillRequest(grid, seed=seed), words, stop=CpuStop(*limits))
    base = time.process_time() - started
    print(
        f"{name:10} seed {seed} plain {plain.status:10} cpu {base:6.2f}{counts(plain, dead_ends)}",
        flush=True,
    )
    return base


def run_ask(
    name: str,
    grid: Grid,
    seed: int,
    label: str,
    ask: Constraints,
    words: WordList,
    limits: Limits,
    base: float,
) -> tuple[float, bool]:
    """One constrained fill: print its line, return its CPU seconds and whether the
    constraints were met."""
    started = time.process_time()
    request = FillRequest(grid, seed=seed, constraints=ask)
    dead_ends = CountingNeed.dead_ends
    result = fill_constrained(request, words, stop=CpuStop(*limits))
    cpu = time.process_time() - started
    report = result.constraints
    assert report is not None
    present = len(set(letter_counts(result.grid)))
    print(
        f"{name:10} seed {seed} {label:32} {result.status:10} met {report.met!s:5} "
        f"reason {report.reason!s:10} fills {report.steps:3} letters {present:2} "
        f"cpu {cpu:6.2f} ({cpu / max(base, 1e-3):.1f}x plain){counts(result, dead_ends)}",
        flush=True,
    )
    return cpu, report.met


def counts(result: FillResult, dead_ends: int) -> str:
    """The result's backtracks and, with ``--dead-ends``, how many dead ends since the
    count read ``dead_ends`` were the required letters' own."""
    found = f"; backtracks {result.backtracks}"
    if getattr(search, "LetterNeed", None) is CountingNeed:
        found += f", letters' dead ends {CountingNeed.dead_ends - dead_ends}"
    return found


if __name__ == "__main__":
    main()
