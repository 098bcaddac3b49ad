"""Compiled-list cache benchmark: loads from the cache, in fresh processes, medians.

Measures (each in a fresh interpreter with its own cache folder, after one run that fills
the cache): the built-in English list (target <= 0.3 s including imports) and Spread the
Wordlist (target <= 0.1 s for the load itself). With ``--baseline-src`` it measures another
checkout's ``src`` (e.g. the pickle cache before issue 12) in the same run, interleaved, and
prints the ratio. Loads decode every length (``build_all``): a lazy load reads only the
lengths used, which ``crossword.py --tiny`` measures. Not a test: nothing is asserted.

    python benchmarks/cache.py [--repeat 7] [--baseline-src /path/to/other/src]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

STWL = (
    Path(__file__).resolve().parents[2]
    / "shared/data"
    / ("spreadthewordlist_via_blacksquare_0.10.0.dict.gz")
)
BUILTIN = (
    "import time; t = time.perf_counter(); "
    "from puzzlewright.lexicon import builtin_english; w = builtin_english().build_all(); "
    "print(time.perf_counter() - t)"
)
LIST = (
    "import sys, time; from puzzlewright.lexicon import load_wordlist; "
    "t = time.perf_counter(); w, _ = load_wordlist([sys.argv[1]]); w.build_all(); "
    "print(time.perf_counter() - t)"
)


def timed(code: str, src: str | None, cache: str, *args: str) -> float:
    """Seconds the snippet reports, run in a fresh interpreter."""
    env = {**os.environ, "PUZZLEWRIGHT_CACHE_DIR": cache}
    if src:
        env["PYTHONPATH"] = src
    out = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, check=True, capture_output=True, text=True
    )
    return float(out.stdout.split()[-1])


def measure(label: str, code: str, sources: dict[str, str | None], repeat: int, *args: str) -> None:
    caches = {name: tempfile.mkdtemp(prefix="pw-bench-") for name in sources}
    for name, src in sources.items():
        os.chmod(caches[name], 0o700)
        timed(code, src, caches[name], *args)  # fills the cache
    times: dict[str, list[float]] = {name: [] for name in sources}
    for _ in range(repeat):  # interleaved: both see the same machine load
        for name, src in sources.items():
            times[name].append(timed(code, src, caches[name], *args))
    medians = {name: statistics.median(values) for name, values in times.items()}
    shown = ", ".join(f"{name} {1000 * value:.0f} ms" for name, value in medians.items())
    ratio = ""
    if "baseline" in medians:
        ratio = f" (this/baseline {medians['this'] / medians['baseline']:.2f}x)"
    print(f"{label}: {shown}{ratio}, medians of {repeat}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--stwl", type=Path, default=STWL)
    parser.add_argument("--baseline-src", default=None, help="another checkout's src folder")
    args = parser.parse_args()
    sources: dict[str, str | None] = {"this": None}
    if args.baseline_src:
        sources["baseline"] = args.baseline_src
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
    measure(
        "built-in list, cached, fresh process (target <= 300 ms)", BUILTIN, sources, args.repeat
    )
    if args.stwl.exists():
        measure(
            "STWL from the cache, load only (target <= 100 ms)",
            LIST,
            sources,
            args.repeat,
            str(args.stwl),
        )
    else:
        print(f"STWL not found at {args.stwl}: skipped")


if __name__ == "__main__":
    main()
