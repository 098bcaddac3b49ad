"""Lexicon benchmark: built-in list build and cached load, STWL load + index, pattern queries.

Prints medians (the machine is small and noisy) and, for pattern queries, the ratio against a
regex scan over the same words measured in the same run. Not a test: nothing is asserted.

    python benchmarks/lexicon.py [--repeat 5] [--stwl PATH]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STWL = (
    Path(__file__).resolve().parents[2]
    / "shared/data"
    / ("spreadthewordlist_via_blacksquare_0.10.0.dict.gz")
)

LOAD_BUILTIN = (
    "import time; t = time.perf_counter(); "
    "from puzzlewright.lexicon import builtin_english; w = builtin_english().build_all(); "
    "print(time.perf_counter() - t)"
)


def in_fresh_process(cache: str) -> float:
    """Seconds a new interpreter spends importing and loading the built-in list."""
    env = {**os.environ, "PUZZLEWRIGHT_CACHE_DIR": cache}
    out = subprocess.run(
        [sys.executable, "-c", LOAD_BUILTIN], env=env, check=True, capture_output=True, text=True
    )
    return float(out.stdout)


def median_time(func, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_builtin(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as cache:
        first = in_fresh_process(cache)
        cached = statistics.median(in_fresh_process(cache) for _ in range(repeat))
    print(
        f"built-in list: first build {first:.2f} s; cached load in a fresh process "
        f"{cached * 1000:.0f} ms (median of {repeat}; target <= 300 ms)"
    )


def bench_stwl(path: Path, repeat: int) -> None:
    from puzzlewright.lexicon import load_wordlist

    def load_and_index() -> None:
        with tempfile.TemporaryDirectory() as cache:  # a fresh cache: nothing compiled yet
            os.environ["PUZZLEWRIGHT_CACHE_DIR"] = cache
            load_wordlist([path])[0].build_all()

    first = median_time(load_and_index, repeat)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["PUZZLEWRIGHT_CACHE_DIR"] = cache
        words = load_wordlist([path])[0].build_all()  # compiles and caches
        cached = median_time(lambda: load_wordlist([path])[0].build_all(), repeat)  # every length
    print(
        f"STWL: {len(words):,} entries; first load + index {first:.2f} s (target <= 1.5 s), "
        f"from the compiled cache {cached * 1000:.0f} ms (medians of {repeat})"
    )
    bench_patterns(words, repeat)


def bench_patterns(words, repeat: int) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(1)
    five = list(words.index(5).words)
    patterns = []
    for _ in range(200):
        word = rng.choice(five)
        keep = rng.sample(range(5), 2)
        patterns.append("".join(ch if i in keep else "?" for i, ch in enumerate(word)))

    index = words.index(5)

    def bitset_counts() -> None:
        for pattern in patterns:
            index.mask(pattern).bit_count()

    def bitset_queries() -> None:
        for pattern in patterns:
            words.match(pattern, limit=None)

    def regex_scan() -> None:
        for pattern in patterns[:20]:
            regex = re.compile(pattern.replace("?", "."))
            [w for w in five if regex.fullmatch(w)]

    per_count = median_time(bitset_counts, repeat) / len(patterns)
    per_bitset = median_time(bitset_queries, repeat) / len(patterns)
    per_regex = median_time(regex_scan, repeat) / 20
    print(
        f"pattern queries over {len(five):,} five-letter words, 2 fixed letters "
        f"(median of {repeat}):"
    )
    print(f"  regex scan, all matches        {per_regex * 1e6:9.0f} us   1x")
    print(
        f"  bitset mask + count (filler)   {per_count * 1e6:9.1f} us   "
        f"{per_regex / per_count:.0f}x faster (target >= 100x)"
    )
    print(
        f"  bitset, all matches as entries {per_bitset * 1e6:9.0f} us   "
        f"{per_regex / per_bitset:.0f}x faster"
    )


PHRASES = ["public relations", "listen to the band", "the cat sat on a mat"]  # 15 letters each
HELPER_WORDS = ["partridge", "cartoon", "planet", "tease", "settle", "light"]


def bench_wordplay(repeat: int) -> None:
    """Multi-word anagrams (first 100, up to 3 words) and single-word helpers, built-in list.

    Baseline, measured in the same run: one plain pass over every word of the list (the
    least any scanning helper would do), and the existing single-word ``within`` filter.
    """
    from puzzlewright.lexicon import builtin_english
    from puzzlewright.lexicon import wordplay as wp
    from puzzlewright.lexicon.anagrams import anagram_index, phrase_anagrams

    words = builtin_english()
    everything = [e.word for e in words]
    start = time.perf_counter()
    anagram_index(words)
    print(
        f"wordplay (built-in list, {len(words):,} words): anagram index built once in "
        f"{time.perf_counter() - start:.2f} s"
    )
    scan = median_time(lambda: [w for w in everything if "PART" in w], repeat)
    within = median_time(lambda: words.within("publicrelations"), repeat)
    print(
        f"  baseline: one pass over all words {scan * 1000:.1f} ms; "
        f"within(15 letters) {within * 1000:.0f} ms"
    )
    for phrase in PHRASES:
        letters = len(phrase.replace(" ", ""))
        took = median_time(
            lambda p=phrase: phrase_anagrams(words, p, words_max=3, limit=100), repeat
        )
        found = phrase_anagrams(words, phrase, words_max=3, limit=100)
        print(
            f"  anagram {phrase!r} ({letters} letters, <= 3 words): first 100 in "
            f"{took * 1000:.0f} ms = {took / within:.1f}x within (target <= 1 s); "
            f"best {found[0].text}"
        )
    helpers = {
        "hidden": lambda w: wp.hidden_words(words, "clint eastwood"),
        "hider": lambda w: wp.hiders(words, w),
        "charade": lambda w: wp.charades(words, w),
        "container": lambda w: wp.containers(words, w),
        "deletion": lambda w: wp.deletions(words, w),
        "reversal": lambda w: wp.reversals(words, w),
        "letter bank": lambda w: wp.letter_bank(words, w),
        "spoonerism": lambda w: wp.spoonerisms(words, w),
    }
    for name, helper in helpers.items():
        for word in HELPER_WORDS:
            helper(word)  # build the helper's cached index first
        took = max(median_time(lambda h=helper, w=word: h(w), repeat) for word in HELPER_WORDS)
        print(
            f"  {name:<12} worst median over {len(HELPER_WORDS)} words {took * 1000:6.1f} ms"
            f" = {took / scan:.2f}x one pass (target <= 50 ms)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--stwl", type=Path, default=STWL)
    parser.add_argument("--wordplay", action="store_true", help="Only the wordplay helpers.")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
    if args.wordplay:
        bench_wordplay(args.repeat)
        return
    bench_builtin(args.repeat)
    if args.stwl.exists():
        bench_stwl(args.stwl, args.repeat)
    else:
        print(f"STWL not found at {args.stwl}: skipped")
    bench_wordplay(args.repeat)


if __name__ == "__main__":
    main()
