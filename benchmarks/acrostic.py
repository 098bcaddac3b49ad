"""Acrostic benchmark: puzzlewright's builder against a plain depth-first baseline.

Run: PUZZLEWRIGHT_CACHE_DIR=/tmp/pwcache .venv/bin/python benchmarks/acrostic.py
     [--limit 60] [--baseline-limit 15] [--only NAME,...] [--seeds 0-4] [--jobs 1,2]

With --effort before,after it prints the effort table instead: per case and seed the CPU
seconds, steps, mean/min zipf and bound of the default effort ("after"), of the default with
another step cap for all tries (a number, e.g. 300000) and of the previous defaults
("before": the first try not fitted to the 640,000-step cap; "session8": 2,000 improvement
steps per letter, all tries capped at 1.6 million steps; see docs/acrostic.md),
then the medians, CPU ratios and the mean of the means, and the steps per CPU second.

With --tree PATH (and --effort) each case and seed first runs the default effort of another
checkout of the project (this script on its src, in a child process, this interpreter),
named "tree": before/after of a code change in one run, e.g. --tree /work/wt/base --effort
after. The column "set" is a digest of the best set's answers, and the summary counts the
rows whose set is the tree's (a change meant to keep every step the same must keep them all).

With --first-set it prints, per case and seed (--seeds), the CPU seconds from the call to
the first complete set a face is shown (``progress``: the sketch, or the quality search's
first set when the sketch found none within its steps), and the sketch's steps.

With --seeds or --jobs it prints the seed table instead: wall and CPU seconds (of this
process: with --jobs 1 the whole search), mean/min zipf and the bound per case, seed and
--jobs (the portfolio), with medians and wall-time ratios.

Per case (benchmarks/quotes/quotes.json, public-domain quotations): letters, clues, solved
or not within the limit, CPU seconds, mean and minimum zipf of the answers (the built-in
list's familiarity scores / 10, as the builder ranks them: zipf less the breakfast-test and
obscurity penalties). The baseline is the original program's method: one dictionary per
initial, answers of 5+ letters, lengths tried closest to the average first, the last answer
an anagram lookup; no word preference.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from puzzlewright.cli import pin_blas_threads

pin_blas_threads()  # one BLAS thread, as the command line (whose default effort this times)
import numpy as np  # noqa: E402  (after the thread setting)

from puzzlewright.acrostic import build as acrostic_build  # noqa: E402
from puzzlewright.acrostic import build_acrostic  # noqa: E402
from puzzlewright.acrostic.candidates import make_tables  # noqa: E402
from puzzlewright.acrostic.letters import letters_of  # noqa: E402
from puzzlewright.acrostic.model import Progress  # noqa: E402
from puzzlewright.acrostic.solver import Tuning  # noqa: E402
from puzzlewright.lexicon import WordList  # noqa: E402
from puzzlewright.lexicon.familiar import builtin_familiar  # noqa: E402
from puzzlewright.stopping import StopSignal  # noqa: E402

HERE = Path(__file__).parent


def baseline(quote: str, source: str, words: WordList, limit: float) -> list[str] | None:
    """Depth-first search as the original program did it (None when out of time)."""
    letters = Counter(letters_of(quote, words.alphabet))
    initials = letters_of(source, words.alphabet)
    by_initial: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    anagrams: dict[tuple[str, str], list[str]] = defaultdict(list)
    for entry in words:
        w = entry.word
        if len(w) >= 5:
            by_initial[w[0]][len(w)].append(w)
            anagrams[(w[0], "".join(sorted(w)))].append(w)
    deadline = time.process_time() + limit
    nodes = 0

    def solve(i: int, pool: Counter[str], left: int) -> list[str] | None:
        nonlocal nodes
        nodes += 1
        if nodes % 2000 == 0 and time.process_time() > deadline:
            raise TimeoutError
        initial = initials[i]
        if i == len(initials) - 1:
            key = "".join(sorted(pool.elements()))
            found = anagrams.get((initial, key))
            return [found[0]] if found else None
        remaining = len(initials) - i
        avg = left / remaining
        for length in sorted(by_initial[initial], key=lambda n: abs(n - avg)):
            if left - length < 5 * (remaining - 1):
                continue
            for w in by_initial[initial][length]:
                need = Counter(w)
                if any(pool[ch] < n for ch, n in need.items()):
                    continue
                rest = solve(i + 1, pool - need, left - length)
                if rest is not None:
                    return [w, *rest]
        return None

    try:
        return solve(0, letters, sum(letters.values()))
    except TimeoutError:
        return None


def move_scoring(words: WordList, quote: str, repeat: int = 15) -> None:
    """Why numpy: one move scores every candidate of a clue; numpy against a Python loop."""
    letters = words.alphabet.letters
    lists = {"T": [(w, words.score(w) or 0) for w in words.starting_with("T")[:6000]]}
    table = make_tables(lists, letters)[0]["T"]
    found = letters_of(quote, words.alphabet)
    target = np.array([found.count(ch) for ch in letters], np.int32)
    weights = np.ones(26, np.float32)
    rows = table.counts.tolist()
    goal, weight = target.tolist(), weights.tolist()

    def python_loop() -> list[float]:
        return [
            sum(w * abs(t - c) for w, t, c in zip(weight, goal, row, strict=True)) for row in rows
        ]

    timings = {}
    for name, run in (("numpy", lambda: table.distances(target, weights)), ("python", python_loop)):
        spent = []
        for _ in range(repeat):
            started = time.process_time()
            run()
            spent.append(time.process_time() - started)
        timings[name] = statistics.median(spent)
    ratio = timings["python"] / timings["numpy"]
    print(
        f"move scoring, {len(table)} candidates: numpy {timings['numpy'] * 1e6:.0f} us, "
        f"Python loop {timings['python'] * 1e3:.1f} ms (median of {repeat}): {ratio:.0f}x"
    )


def zipf(words: WordList, answers: list[str]) -> tuple[float, float]:
    scores = [(words.score(a) or 0) / 10 for a in answers]
    return sum(scores) / len(scores), min(scores)


def seed_table(
    words: WordList,
    cases: list[dict[str, str]],
    seeds: range,
    jobs: list[int],
    improve: float | None,
    limit: float,
    tries: int,
) -> None:
    """Per case, seed and --jobs: wall seconds, mean/min zipf and the bound; then per --jobs
    the median wall time and mean zipf, and the wall-time ratio against the first --jobs."""
    print(
        f"{'case':20} {'seed':>4} {'jobs':>4} | {'wall':>6} {'cpu':>6} {'mean':>5} {'min':>4} "
        f"{'bound':>5}"
    )
    for case in cases:
        walls: dict[int, list[float]] = defaultdict(list)
        means: dict[int, list[float]] = defaultdict(list)
        for seed in seeds:
            for n in jobs:  # interleaved, so the machine's load hits every --jobs alike
                started, cpu = time.monotonic(), time.process_time()
                result = build_acrostic(
                    case["quote"],
                    case["source"],
                    words,
                    seed=seed,
                    improve=improve,
                    stop=StopSignal(limit),
                    jobs=n,
                    tries=tries,
                )
                wall, cpu = time.monotonic() - started, time.process_time() - cpu
                mean, low = (0.0, 0.0)
                if result.status == "built":
                    mean, low = zipf(words, [a.word for a in result.puzzles[0].answers])
                walls[n].append(wall)
                means[n].append(mean)
                bound = result.mean_zipf_bound or 0.0
                print(
                    f"{case['name']:20} {seed:4} {n:4} | {wall:6.1f} {cpu:6.1f} {mean:5.3f} "
                    f"{low:4.1f} {bound:5.2f} {result.status}",
                    flush=True,
                )
        base = statistics.median(walls[jobs[0]])
        for n in jobs:
            wall = statistics.median(walls[n])
            print(
                f"  {case['name']} --jobs {n}: median wall {wall:.1f}s ({wall / base:.2f}x of "
                f"--jobs {jobs[0]}), mean zipf median {statistics.median(means[n]):.2f} "
                f"min {min(means[n]):.2f}",
                flush=True,
            )


EFFORTS = {
    "session8": Tuning(improve_per_letter=2_000, tries_steps=1_600_000, fit_first=False),
    "before": Tuning(fit_first=False),  # session 9's first cap: the further tries only
    "after": Tuning(),
}


def _effort(name: str) -> Tuning:
    """A named effort, or a number: the default effort with that step cap for all tries
    (``Tuning.tries_steps``), e.g. ``--effort after,300000``."""
    return Tuning(tries_steps=int(name)) if name.isdigit() else EFFORTS[name]


def _tree_row(tree: Path, case: str, seed: int) -> tuple[float, int, float, str, str]:
    """The default effort of another checkout of the project (``--tree``: its code, run by
    this script and interpreter in a child process): CPU seconds, steps, mean zipf, the
    rest of its row (min, bound) and its set's digest, read from the child's effort table."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    command = [sys.executable, str(Path(__file__).resolve()), "--effort", "after"]
    command += ["--only", case, "--seeds", str(seed)]
    out = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=True)
    fields = out.stdout.splitlines()[1].split("|")[1].split()
    return (
        float(fields[0]),
        int(fields[1].replace(",", "")),
        float(fields[2]),
        " ".join(fields[3:5]),
        fields[6],
    )


def _digest(answers: list[str]) -> str:
    """A short digest of an answer set (the effort table's "set" column)."""
    return hashlib.sha1(" ".join(answers).encode()).hexdigest()[:8]


def effort_table(
    words: WordList,
    cases: list[dict[str, str]],
    seeds: range,
    names: list[str],
    tree: Path | None = None,
) -> None:
    """Per case and seed, each effort in ``names`` (interleaved, so the load hits them
    alike; ``tree``: first the default effort of another checkout, named "tree"): CPU
    seconds, steps, mean/min zipf, bound; then medians and ratios per effort."""
    print(
        f"{'case':20} {'seed':>4} {'effort':>6} | {'cpu':>6} {'steps':>9} {'mean':>5} "
        f"{'min':>4} {'bound':>5} {'steps/s':>7} {'set':>8}"
    )
    same: dict[str, int] = defaultdict(int)  # rows whose set is the tree's
    cpus: dict[str, list[float]] = defaultdict(list)
    all_steps: dict[str, list[int]] = defaultdict(list)
    means: dict[str, list[float]] = defaultdict(list)
    for case in cases:
        for seed in seeds:
            tree_set = None
            if tree is not None:
                cpu, steps, mean, rest, tree_set = _tree_row(tree, case["name"], seed)
                cpus["tree"].append(cpu)
                means["tree"].append(mean)
                all_steps["tree"].append(steps)
                print(
                    f"{case['name']:20} {seed:4} {'tree':>6} | {cpu:6.1f} {steps:9,} {mean:5.3f} "
                    f"{rest} {steps / cpu:7,.0f} {tree_set:>8}",
                    flush=True,
                )
            for name in names:
                started = time.process_time()
                result = build_acrostic(
                    case["quote"], case["source"], words, seed=seed, tuning=_effort(name)
                )
                cpu = time.process_time() - started
                answers = [a.word for a in result.puzzles[0].answers]
                mean, low = zipf(words, answers)
                same[name] += _digest(answers) == tree_set
                cpus[name].append(cpu)
                means[name].append(mean)
                steps = int(result.stats.get("steps", 0)) if result.stats else 0
                all_steps[name].append(steps)
                print(
                    f"{case['name']:20} {seed:4} {name:>6} | {cpu:6.1f} {steps:9,} {mean:5.3f} "
                    f"{low:4.1f} {result.mean_zipf_bound or 0:5.2f} {steps / cpu:7,.0f} "
                    f"{_digest(answers):>8}",
                    flush=True,
                )
    names = ["tree", *names] if tree is not None else names
    base = names[0]
    for name in names:
        ratio = statistics.median(cpus[name]) / statistics.median(cpus[base])
        print(
            f"{name}: median CPU {statistics.median(cpus[name]):.1f} s ({ratio:.2f}x of {base}), "
            f"max {max(cpus[name]):.1f} s, mean of the means {statistics.fmean(means[name]):.3f}, "
            f"{sum(all_steps[name]) / sum(cpus[name]):,.0f} steps per CPU second (setup included)"
            + (f", the tree's set {same[name]}/{len(cpus[name])}" if tree and name != base else ""),
            flush=True,
        )


class _AfterFirstSet(StopSignal):
    """Stops the build once ``seen`` holds a report (the first set is what is timed)."""

    def __init__(self, seen: list[tuple[float, int]]) -> None:
        super().__init__()
        self.seen = seen

    def should_stop(self) -> bool:
        return bool(self.seen) or super().should_stop()


def _first_set(words: WordList, case: dict[str, str], seed: int) -> tuple[float, int]:
    """CPU seconds from the call to the first set shown, and its steps (nan, 0: none)."""
    seen: list[tuple[float, int]] = []
    started = time.process_time()

    def watch(report: Progress) -> None:
        if not seen:
            seen.append((time.process_time() - started, report.steps))

    build_acrostic(
        case["quote"], case["source"], words, seed=seed, tries=1,
        stop=_AfterFirstSet(seen), progress=watch,
    )  # fmt: skip
    return seen[0] if seen else (float("nan"), 0)


def first_set_table(words: WordList, cases: list[dict[str, str]], seeds: range) -> None:
    """Per case and seed: CPU seconds to the first set shown, and that set's steps."""
    print(f"{'case':20} {'let':>4} {'seed':>4} | {'first set cpu':>13} {'steps':>8}")
    spent: list[float] = []
    for case in cases:
        letters = len(letters_of(case["quote"], words.alphabet))
        for seed in seeds:
            cpu, steps = _first_set(words, case, seed)
            spent.append(cpu)
            print(f"{case['name']:20} {letters:4} {seed:4} | {cpu:13.2f} {steps:8,}", flush=True)
    print(f"median {statistics.median(spent):.2f} s, max {max(spent):.2f} s CPU", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=float, default=60.0)
    parser.add_argument("--baseline-limit", type=float, default=15.0)
    parser.add_argument("--improve", type=float, default=None, help="default: as the CLI")
    parser.add_argument("--only", default="")
    parser.add_argument("--seeds", default="", help="e.g. 0-4: the seed table instead")
    parser.add_argument("--jobs", default="1", help="e.g. 1,2: wall seconds per --jobs")
    parser.add_argument("--tries", type=int, default=2, help="as the CLI's --tries")
    parser.add_argument("--effort", default="", help="e.g. before,after: the effort table")
    parser.add_argument(
        "--tree", type=Path, default=None, help="--effort: also another checkout's default"
    )
    parser.add_argument("--first-set", action="store_true", help="time the first set shown")
    parser.add_argument("--sketch-pairs", type=int, default=None, help="baseline: e.g. 2")
    args = parser.parse_args()
    words = builtin_familiar()  # the built-in list as acrostics score it (familiarity)
    cases = json.loads((HERE / "quotes" / "quotes.json").read_text())
    if args.only:
        cases = [c for c in cases if c["name"] in args.only.split(",")]
    if args.sketch_pairs is not None:  # the sketch's pair repairs before issue 31: 2
        acrostic_build.SKETCH_PAIRS = args.sketch_pairs
    if args.first_set:
        first, _, last = (args.seeds or "0").partition("-")
        first_set_table(words, cases, range(int(first), int(last or first) + 1))
        return
    if args.effort:
        first, _, last = (args.seeds or "0").partition("-")
        seeds = range(int(first), int(last or first) + 1)
        effort_table(words, cases, seeds, args.effort.split(","), args.tree)
        return
    if args.seeds or args.jobs != "1":
        first, _, last = (args.seeds or "0").partition("-")
        seeds = range(int(first), int(last or first) + 1)
        jobs = [int(j) for j in args.jobs.split(",")]
        seed_table(words, cases, seeds, jobs, args.improve, args.limit, args.tries)
        return
    move_scoring(words, max((c["quote"] for c in cases), key=len))
    title = "puzzlewright (mean/min <= bound)"
    header = f"{'case':20} {'size':10} {'let':>4} {'clu':>4} | {title:35} | {'baseline':22}"
    print(header)
    print("-" * len(header))
    for case in cases:
        n_letters = len(letters_of(case["quote"], words.alphabet))
        n_clues = len(letters_of(case["source"], words.alphabet))
        started = time.process_time()
        result = build_acrostic(
            case["quote"],
            case["source"],
            words,
            improve=args.improve,
            stop=StopSignal(args.limit),
            tries=args.tries,
        )
        ours = time.process_time() - started
        if result.status == "built":
            mean, low = zipf(words, [a.word for a in result.puzzles[0].answers])
            mine = f"built {ours:5.1f}s z {mean:.2f}/{low:.1f} <={result.mean_zipf_bound:.2f}"
        elif result.status == "impossible":
            mine = f"impossible {ours:5.2f}s"
        else:
            mine = f"unsolved {ours:5.1f}s"
        theirs = "-"
        if result.status != "impossible":
            started = time.process_time()
            found = baseline(case["quote"], case["source"], words, args.baseline_limit)
            spent = time.process_time() - started
            if found:
                mean, low = zipf(words, found)
                theirs = f"built {spent:5.1f}s z {mean:.2f}/{low:.1f}"
            else:
                theirs = f"unsolved {spent:5.1f}s"
        name = f"{case['name']:20} {case['size']:10} {n_letters:4} {n_clues:4}"
        print(f"{name} | {mine:35} | {theirs:22}", flush=True)
        if result.status == "built":
            print("    " + " ".join(a.word for a in result.puzzles[0].answers), flush=True)
        elif result.status == "impossible":
            print(f"    {result.reason}", flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
