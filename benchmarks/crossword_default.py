"""The default list's fills, judged by Spread the Wordlist (``crossword.py --default-list``).

Each grid and seed is filled by a whole ``puzzlewright crossword fill`` process with NO
``--words``, as a new user runs it: this tree ("after"), another source tree's
(``--before SRC``: its own default list, its own cache folder) and, as the reference in the
same rounds, this tree with ``--words STWL --min-score 50``. Reported per variant: grids
filled, CPU seconds of the whole process (user + sys of the child, median and worst), and
the entries judged by Spread the Wordlist (benchmark use only): the mean STWL score of the
entries it knows, the share of those under 30, the share of entries it does not know at all,
and the entries failing the breakfast test (``builtin.is_unpleasant`` on the word and on
each English word of a squashed phrase). ``--extra VARIANT=ARGS`` adds variants (e.g.
``floor40=--min-score 40``). ``--cpu-limit S`` stops each fill after S CPU seconds
(RLIMIT_CPU), so that a loaded machine's wall clock (``--timeout``) does not decide.

The standard set (ten American grids, 5x5 to 15x15, themed and themeless, with origins in
``grids/README.md``: two minis, an open 6x6, a one-block 7x7, an 11x11 and a 13x13
themed, three 15x15 themed and a 15x15 themeless) is ``STANDARD``; ``--grids`` and
``--runs`` (seeds 0 to runs - 1) or ``--seeds FIRST-LAST`` change it. Each fill's line on
stderr names every entry STWL does not know.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

STANDARD = [
    "mini5", "mini7", "open6", "one7", "midi11", "themed13", "themed1", "themed2", "themed3",
    "themeless",
]  # fmt: skip
"""Ten American grids, 5x5 to 15x15 (grids/README.md). Not here: ``open7`` (a 7x7 double
word square no list fills in seconds, STWL included: a frontier grid) and ``british`` (a
cryptic grid with unchecked cells, not an American one)."""
FRONTIER = ["triple15", "sunday21", "open15"]


def cpu_of_child(
    command: list[str], env: dict[str, str] | None, cpu_limit: float | None = None
) -> tuple[Any, float]:
    """(parsed JSON stdout, CPU seconds user + sys) of one whole process; with
    ``cpu_limit`` the process is stopped after that many CPU seconds (status "cpu-limit")."""

    def limit() -> None:
        if cpu_limit is not None:
            seconds = max(1, round(cpu_limit))
            resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        command, capture_output=True, text=True, check=False, env=env, preexec_fn=limit
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    try:
        return json.loads(done.stdout), cpu
    except json.JSONDecodeError:
        status = "cpu-limit" if done.returncode < 0 else "error"
        return {"status": status, "entries": [], "stderr": done.stderr[-300:]}, cpu


def breakfast_test() -> Callable[[str], bool]:
    """True for an answer that fails the breakfast test (the word, or a word of a phrase)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    from make_crossword_list import split_phrase

    from puzzlewright.lexicon.builtin import (
        blocked_words,
        builtin_english,
        is_unpleasant,
        unpleasant_words,
    )

    words = unpleasant_words() | blocked_words()
    known = {word.lower(): score for word, score in builtin_english().scores().items()}

    def fails(answer: str) -> bool:
        lower = answer.lower()
        pieces = [lower] if lower in known else split_phrase(lower, known) or [lower]
        return any(is_unpleasant(piece, words) for piece in pieces)

    return fails


def variants(args: Any, stwl: Path) -> dict[str, tuple[dict[str, str] | None, list[str]]]:
    """label -> (environment, extra arguments) of each list run in the same rounds."""
    found: dict[str, tuple[dict[str, str] | None, list[str]]] = {}
    if args.before:
        source = Path(args.before).resolve() / "src"
        cache = tempfile.mkdtemp(prefix="pw-default-before-cache-")
        found["before"] = (
            {**os.environ, "PYTHONPATH": str(source), "PUZZLEWRIGHT_CACHE_DIR": cache},
            [],
        )
    found["after"] = (None, [])
    for item in args.extra or []:
        label, _, rest = item.partition("=")
        found[label] = (None, rest.split())
    if not args.no_stwl:
        found["stwl50"] = (None, ["--words", str(stwl), "--min-score", "50"])
    return found


def default_list(args: Any, tools: Any) -> None:
    """Fill the grids with each variant, interleaved, and print the table."""
    scores = tools.load_scores()
    fails = breakfast_test()
    names = args.grids.split(",") if args.grids else (FRONTIER if args.frontier else STANDARD)
    seeds = seed_range(args.seeds, args.runs)
    chosen = variants(args, tools.STWL)
    load = os.getloadavg()[0]
    print(
        f"default-list fills judged by STWL: {len(names)} grids x seeds {seeds[0]}-{seeds[-1]}, "
        f"time limit {args.timeout:.0f} s, {os.cpu_count()} CPUs, load {load:.1f}"
    )
    rows: dict[str, list[dict[str, Any]]] = {label: [] for label in chosen}
    for env, extra in chosen.values():  # warm each list's compiled cache
        cpu_of_child(fill_command(tools, "mini5", 0, args.timeout, extra), env)
    for name in names:
        for seed in seeds:
            for label, (env, extra) in chosen.items():
                document, cpu = cpu_of_child(
                    fill_command(tools, name, seed, args.timeout, extra), env, args.cpu_limit
                )
                answers = [e["answer"] for e in document["entries"] if "?" not in e["answer"]]
                row = {"grid": name, "seed": seed, "status": document["status"], "cpu": cpu,
                       "answers": answers}  # fmt: skip
                rows[label].append(row)
                known = [scores[a] for a in answers if a in scores]
                print(f"  {name:<10} {seed} {label:>8} {row['status']:>10} {cpu:6.2f} s CPU"
                      f"  known {statistics.mean(known) if known else 0:5.2f}"
                      f"  unknown {len(answers) - len(known):>2}/{len(answers)}"
                      f"  {' '.join(a for a in answers if a not in scores)}",
                      file=sys.stderr, flush=True)  # fmt: skip
    print_summary(rows, scores, fails)


def seed_range(text: str | None, runs: int) -> list[int]:
    """The seeds of ``--seeds FIRST-LAST`` (or one seed), else 0 to ``runs`` - 1."""
    if not text:
        return list(range(runs))
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def fill_command(tools: Any, name: str, seed: int, timeout: float, extra: list[str]) -> list[str]:
    return [
        sys.executable, "-m", "puzzlewright", "crossword", "fill",
        str(tools.GRIDS / f"{name}.txt"), "--seed", str(seed), "--timeout", str(timeout),
        "--json", *extra,
    ]  # fmt: skip


def print_summary(
    rows: dict[str, list[dict[str, Any]]], scores: dict[str, int], fails: Callable[[str], bool]
) -> None:
    """One line per variant: filled, CPU median / worst, STWL figures, breakfast failures."""
    print(
        f"\n{'list':>8} {'filled':>7} {'CPU med':>8} {'CPU max':>8} {'entries':>8}"
        f" {'known avg':>9} {'<30':>6} {'unknown':>8} {'breakfast':>9}"
    )
    for label, runs in rows.items():
        answers = [a for row in runs for a in row["answers"]]
        known = [scores[a] for a in answers if a in scores]
        cpus = [row["cpu"] for row in runs]
        filled = sum(row["status"] == "filled" for row in runs)
        bad = sorted({a for a in answers if fails(a)})
        under = sum(mark < 30 for mark in known) / max(1, len(known))
        unknown = (len(answers) - len(known)) / max(1, len(answers))
        print(
            f"{label:>8} {filled:>3}/{len(runs):<3} {statistics.median(cpus):>8.2f}"
            f" {max(cpus):>8.2f} {len(answers):>8} {statistics.mean(known or [0]):>9.2f}"
            f" {100 * under:>5.1f}% {100 * unknown:>7.1f}% {len(bad):>9} {' '.join(bad)}"
        )
    print("(targets: every grid filled, CPU median < 1 s and max < 10 s, known avg >= 49.5,"
          " <= 0.5% under 30, <= 5% unknown, no breakfast failures)")  # fmt: skip
