"""Cryptarithm generator benchmark: encode timings and counts, uniqueness checks per second.

* encode: 2-, 3- and 4-digit sums over the whole built-in list (all encodings enumerated,
  the best 20 kept), and the same sums against a naive word-by-word join (every word of the
  right length tried against the letters bound so far, no index) on the top 7,000 words,
  capped by a time limit per sum.
* find: uniqueness checks per second of the fast counter on the candidates a sampled
  run of each form actually checks (after the cheap filters), CPU time of this thread,
  first with a cold code cache and then warm; the general solver (``Cryptarithm.parse(...)
  .count(2)``) on the same candidates for comparison (warm and solver: best of three
  alternating runs). Products also with the baseline counter (``--baseline``, a git
  revision: its ``find_checker.py``, which generated code per product shape, loaded from
  git), cold and warm, in the same run.
* products in real ``find`` runs: ``find`` to 20 puzzles on seeds 0-4, once with the
  current counter and once with the baseline's (its code cache emptied first, as in a
  fresh process), alternating; the run's own checks/s (``FindRun.stats``, thread CPU time
  around each check, as ``cryptarithm find`` measures), medians and the ratio, and whether
  both printed the same puzzles. Sums once for reference.
* end-to-end time to 20 puzzles.

Not a test: nothing is asserted.
``python benchmarks/cryptarithm_encode_find.py [--naive-limit 60] [--baseline REV] [--only checks]``
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from unittest import mock

from puzzlewright.cryptarithm import Cryptarithm
from puzzlewright.cryptarithm import find as find_module
from puzzlewright.cryptarithm.encode import encode, parse_equation
from puzzlewright.cryptarithm.find import (
    build_spec,
    candidates_of_shard,
    cheap_filter,
    find,
    parse_form,
)
from puzzlewright.cryptarithm.find_checker import Count, WordEquation, count_solutions
from puzzlewright.lexicon import WordList, builtin_english

BASELINE = "04e2ffdadfc4b6339daf30f4b136e15cf7360a87"
"""The last revision whose product checks generated code per shape (before find_product)."""
ROOT = Path(__file__).resolve().parent.parent
Counter = Callable[..., Count]

SUMS = [
    "12 + 34 = 46",
    "49 + 51 = 100",
    "123 + 456 = 579",
    "1234 + 5678 = 6912",
    "9567 + 1085 = 10652",
]


class OutOfTime(Exception):
    """The naive join hit its time limit."""


def naive_join(text: str, words: WordList, deadline: float) -> Iterator[tuple[str, ...]]:
    """The baseline: numbers in reading order, every word of the right length tried
    against the digit -> letter map so far (the approach of the Raku original)."""
    equation = parse_equation(text)
    numbers = [n.digits for n in equation.numbers]
    by_length = {len(n): words.words_of_length(len(n)) for n in numbers}
    bound: dict[str, str] = {}
    used: dict[str, str] = {}
    chosen: list[str] = []
    steps = 0

    def search(i: int) -> Iterator[tuple[str, ...]]:
        nonlocal steps
        if i == len(numbers):
            yield tuple(chosen)
            return
        digits = numbers[i]
        for word in by_length[len(digits)]:
            steps += 1
            if steps % 50_000 == 0 and time.perf_counter() > deadline:
                raise OutOfTime
            added = []
            ok = True
            for d, letter in zip(digits, word, strict=True):
                have = bound.get(d)
                if have is None:
                    if letter in used:
                        ok = False
                        break
                    bound[d] = letter
                    used[letter] = d
                    added.append(d)
                elif have != letter:
                    ok = False
                    break
            if ok:
                chosen.append(word)
                yield from search(i + 1)
                chosen.pop()
            for d in added:
                del used[bound.pop(d)]

    yield from search(0)


def bench_encode(words: WordList, small: WordList, naive_limit: float) -> None:
    print(f"encode over the built-in list ({len(words)} words), best 20 kept")
    print(f"{'equation':<22}{'encodings':>12}{'seconds':>9}")
    for text in SUMS:
        started = time.perf_counter()
        result = encode(text, words, limit=20)
        seconds = time.perf_counter() - started
        print(f"{text:<22}{result.total:>12,}{seconds:>9.2f}")
    print()
    print(
        f"naive word-by-word join vs indexed search, top {len(small)} words "
        f"(naive capped at {naive_limit:.0f} s per sum)"
    )
    print(f"{'equation':<22}{'naive':>22}{'indexed':>22}{'speed-up':>10}")
    for text in SUMS:
        started = time.perf_counter()
        count, finished = 0, True
        try:
            for _ in naive_join(text, small, started + naive_limit):
                count += 1
        except OutOfTime:
            finished = False
        naive = time.perf_counter() - started
        started = time.perf_counter()
        result = encode(text, small, limit=20)
        fast = time.perf_counter() - started
        naive_text = f"{count:,} in {naive:.2f} s" + ("" if finished else "+ (cut)")
        ratio = f"{naive / fast:,.0f}x" + ("" if finished else "+")
        print(f"{text:<22}{naive_text:>22}{f'{result.total:,} in {fast:.2f} s':>22}{ratio:>10}")
    print()


def load_baseline(revision: str) -> types.ModuleType:
    """The baseline's ``find_checker`` module, read from git (it imports only the stdlib)."""
    path = "src/puzzlewright/cryptarithm/find_checker.py"
    source = subprocess.run(
        ["git", "show", f"{revision}:{path}"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    module = types.ModuleType("baseline_find_checker")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, f"{revision}:{path}", "exec"), module.__dict__)
    return module


def checks(candidates: list[WordEquation], counter: Counter = count_solutions) -> tuple[float, int]:
    """Checks per second (thread CPU time) of a counter, and the unique ones."""
    started = time.thread_time()
    unique = sum(counter(eq).count == 1 for eq in candidates)
    return len(candidates) / (time.thread_time() - started), unique


def sampled_candidates(form_text: str, shards: int, pool: list[str]) -> list[WordEquation]:
    """The candidates a sampled run (seed 11, shards 100+) passes to the counter."""
    spec = build_spec(parse_form(form_text), pool=pool, scores={}, seed=11)
    return [
        eq
        for shard in range(100, 100 + shards)
        for eq in candidates_of_shard(spec, shard)
        if cheap_filter(eq) is None
    ]


def bench_checks(words: WordList, baseline: types.ModuleType) -> None:
    pool = [e.word for e in words if e.score >= 40]
    print("uniqueness checks per second (one core, CPU time) on find's filtered candidates")
    print(f"{'form':<16}{'checked':>9}{'unique':>8}{'cold/s':>9}{'warm/s':>9}{'solver/s':>10}")
    for form_text, shards in (
        ("A + B = C", 4),
        ("A - B = C", 4),
        ("A + B + C = D", 12),
        ("A * B = C", 4),
    ):
        candidates = sampled_candidates(form_text, shards, pool)
        cold, unique = checks(candidates)
        texts = [eq.text() for eq in candidates]
        warm = general = 0.0
        for _ in range(3):  # alternate and keep the best of each: the machine is shared
            warm = max(warm, checks(candidates)[0])
            started = time.thread_time()
            for text in texts:
                Cryptarithm.parse(text).count(2)
            general = max(general, len(candidates) / (time.thread_time() - started))
        print(
            f"{form_text:<16}{len(candidates):>9}{unique:>8}{cold:>9,.0f}{warm:>9,.0f}"
            f"{general:>10,.0f}"
        )
        if form_text == "A * B = C":
            bench_product_checks(candidates, baseline, cold, warm, unique)
    print()


def bench_product_checks(
    candidates: list[WordEquation],
    baseline: types.ModuleType,
    cold: float,
    warm: float,
    unique: int,
) -> None:
    """The baseline's product checks on the same candidates: cold (empty code cache), then
    warm (best of three alternating with the current counter); same verdicts?"""
    baseline._CODE_CACHE.clear()
    old_cold, old_unique = checks(candidates, baseline.count_solutions)
    old_warm = 0.0
    for _ in range(3):
        old_warm = max(old_warm, checks(candidates, baseline.count_solutions)[0])
        warm = max(warm, checks(candidates)[0])
    same = all(
        (a.count, a.solution if a.count == 1 else None)
        == (b.count, b.solution if b.count == 1 else None)
        for a, b in ((count_solutions(eq), baseline.count_solutions(eq)) for eq in candidates)
    )
    print(
        f"{'  baseline':<16}{len(candidates):>9}{old_unique:>8}{old_cold:>9,.0f}"
        f"{old_warm:>9,.0f}   (same verdicts: {'yes' if same and unique == old_unique else 'NO'})"
    )
    print(f"{'  ratio':<33}{cold / old_cold:>8.2f}x{warm / old_warm:>8.2f}x")


def find_rate(
    spec_form: str, pool: list[str], seed: int, counter: Counter
) -> tuple[float, list[str]]:
    """A ``find`` run to 20 puzzles with ``counter`` as its checker: the run's checks/s
    and the puzzles it printed."""
    spec = build_spec(parse_form(spec_form), pool=pool, scores={}, seed=seed)
    with mock.patch.object(find_module, "count_solutions", counter):  # run_shard's checker
        run = find(spec, limit=20)
    return run.stats.checks_per_second, [p.puzzle for p in run.puzzles]


def bench_find_runs(words: WordList, baseline: types.ModuleType, seeds: int) -> None:
    """Products in real ``find`` runs, current vs baseline counter, alternating."""
    pool = [e.word for e in words if e.score >= 40]
    print("checks per second inside real find runs (to 20 puzzles; the run's own figure)")
    print(f"{'form':<12}{'seed':>5}{'current/s':>11}{'baseline/s':>12}{'ratio':>8}  same puzzles")
    new_rates, old_rates, ratios = [], [], []
    for seed in range(seeds):
        baseline._CODE_CACHE.clear()  # as in a fresh process
        old, old_puzzles = find_rate("A * B = C", pool, seed, baseline.count_solutions)
        new, new_puzzles = find_rate("A * B = C", pool, seed, count_solutions)
        new_rates.append(new)
        old_rates.append(old)
        ratios.append(new / old)
        same = "yes" if new_puzzles == old_puzzles else "NO"
        print(f"{'A * B = C':<12}{seed:>5}{new:>11,.0f}{old:>12,.0f}{new / old:>7.2f}x  {same}")
    print(
        f"{'median':<17}{statistics.median(new_rates):>11,.0f}"
        f"{statistics.median(old_rates):>12,.0f}{statistics.median(ratios):>7.2f}x"
    )
    for form_text in ("A + B = C", "A + B + C = D"):
        rates = [find_rate(form_text, pool, seed, count_solutions)[0] for seed in range(seeds)]
        print(f"{form_text:<17}{statistics.median(rates):>11,.0f}   (sums, for reference: median)")
    print()


def bench_find(words: WordList) -> None:
    pool = [e.word for e in words if e.score >= 40]
    print("find end to end (one process): time to 20 unique puzzles")
    for form_text in ("A + B = C", "A + B + C = D", "A * B = C"):
        spec = build_spec(parse_form(form_text), pool=pool, scores={}, seed=0)
        started = time.perf_counter()
        run = find(spec, limit=20)
        seconds = time.perf_counter() - started
        s = run.stats
        print(
            f"  {form_text:<14} {len(run.puzzles)} puzzles in {seconds:5.1f} s: "
            f"{s.candidates:,} candidates, {s.filtered:,} filtered, {s.checked:,} checked "
            f"({s.checks_per_second:,.0f}/s), {s.unique} unique"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--naive-limit", type=float, default=60.0, help="seconds allowed to the naive join per sum"
    )
    parser.add_argument("--small", type=int, default=7000, help="words in the naive run")
    parser.add_argument(
        "--baseline", default=BASELINE, help="git revision of the product counter to compare"
    )
    parser.add_argument("--seeds", type=int, default=5, help="find runs per counter (seeds 0..)")
    parser.add_argument(
        "--only", choices=["checks"], help="only the checks and the find runs (no encode)"
    )
    args = parser.parse_args()
    words = builtin_english()
    baseline = load_baseline(args.baseline)
    if args.only is None:
        small = WordList(
            ((e.word, e.score) for e in list(words)[: args.small]), words.alphabet, "top"
        )
        bench_encode(words, small, args.naive_limit)
    bench_checks(words, baseline)
    bench_find_runs(words, baseline, args.seeds)
    if args.only is None:
        bench_find(words)


if __name__ == "__main__":
    main()
