"""Studio benchmark: live cryptarithm solving per keystroke, acrostic completion around locks.

Run: .venv/bin/python benchmarks/studios.py [--quote twain-huck] [--locks 5] [--improve 2]

1. Live solve. A workbench server on 127.0.0.1 (uvicorn, a free port); each benchmark
   puzzle (benchmarks/cryptarithm.py's list, up to 10 letters) is "typed" one character at a
   time and every prefix is POSTed to /api/cryptarithm/solve, as the studio page does.
   Figures: median and 95th percentile latency per keystroke (target <= 50 ms). Baseline in
   the same run: the engine's own time for the full puzzle (``live_solve`` in process), so
   the ratio is the cost of HTTP, JSON and the thread pool.
2. Acrostic completion. A quotation of ~200 letters (benchmarks/quotes/quotes.json); the
   batch builder (``build_acrostic``, the CLI's engine) makes a set; its first ``--locks``
   answers are locked at their rows and the studio's ``complete_rows`` fills the rest.
   Figures: CPU seconds and mean zipf of each, and the bound. Printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from cryptarithm import PUZZLES  # noqa: E402  (the cryptarithm benchmark's puzzle list)
from puzzlewright.acrostic import build_acrostic  # noqa: E402
from puzzlewright.acrostic.studio import complete_rows  # noqa: E402
from puzzlewright.cryptarithm.studio import live_solve  # noqa: E402
from puzzlewright.lexicon import builtin_english  # noqa: E402


def serve(root: Path) -> tuple[str, object]:
    """A workbench server in a thread, bound and configured as ``puzzlewright serve`` does
    (workbench/serving.py); returns its URL and the uvicorn server."""
    from puzzlewright.workbench import Config, create_app
    from puzzlewright.workbench.serving import bind, make_server

    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = make_server(create_app(Config(root=root, port=port)), sock)
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def keystrokes() -> None:
    import httpx

    small = [(name, text) for name, text in PUZZLES if len({c for c in text if c.isalpha()}) <= 10]
    with tempfile.TemporaryDirectory() as folder:
        url, server = serve(Path(folder))
        print("live solve, one request per keystroke (ms; 'solved' = prefixes that parse):")
        print(
            f"  {'puzzle':<24} {'keys':>4} {'all':>6} {'solved':>6} {'median':>7} {'p95':>7} "
            f"{'max':>7} {'engine':>7}"
        )
        with httpx.Client(base_url=url) as client:
            client.post("/api/cryptarithm/solve", json={"puzzle": "A + B = C"})  # warm up
            for name, text in small:
                every, solved = [], []
                for end in range(1, len(text) + 1):
                    started = time.perf_counter()
                    reply = client.post("/api/cryptarithm/solve", json={"puzzle": text[:end]})
                    took = (time.perf_counter() - started) * 1000
                    every.append(took)
                    if reply.status_code == 200:
                        solved.append(took)
                engine = min(_engine_ms(text) for _ in range(5))
                solved.sort()
                p95 = solved[min(len(solved) - 1, int(0.95 * len(solved)))]
                print(
                    f"  {name[:24]:<24} {len(every):>4} {statistics.median(every):>6.1f} "
                    f"{len(solved):>6} {statistics.median(solved):>7.1f} {p95:>7.1f} "
                    f"{solved[-1]:>7.1f} {engine:>7.2f}"
                )
        server.should_exit = True  # type: ignore[attr-defined]


def _engine_ms(text: str) -> float:
    started = time.perf_counter()
    live_solve(text)
    return (time.perf_counter() - started) * 1000


def completion(name: str, locks: int, improve: float) -> None:
    quotes = json.loads((HERE / "quotes" / "quotes.json").read_text(encoding="utf-8"))
    case = next(q for q in quotes if q["name"] == name)
    words = builtin_english()
    started = time.process_time()
    batch = build_acrostic(case["quote"], case["source"], words, improve=improve)
    batch_cpu = time.process_time() - started
    if batch.status != "built":
        print(f"acrostic: the batch builder did not build {name} ({batch.reason})")
        return
    answers = [a.word for a in batch.puzzles[0].answers]
    locked = dict(list(enumerate(answers))[:locks])
    started = time.process_time()
    done = complete_rows(case["quote"], case["source"], locked, words, improve=improve, seed=1)
    studio_cpu = time.process_time() - started
    letters = sum(ch.isalpha() for ch in case["quote"])
    print(f"acrostic completion: {name}, {letters} letters, {len(answers)} answers")
    print(
        f"  batch builder:            {batch_cpu:6.1f} s CPU, mean zipf "
        f"{batch.puzzles[0].mean_zipf()}, bound {batch.mean_zipf_bound}"
    )
    print(
        f"  studio, {locks} rows locked:    {studio_cpu:6.1f} s CPU, mean zipf "
        f"{done.mean_zipf}, bound {done.mean_zipf_bound} ({done.status}); "
        f"time ratio {studio_cpu / batch_cpu:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quote", default="twain-huck")
    parser.add_argument("--locks", type=int, default=5)
    parser.add_argument("--improve", type=float, default=2.0)
    args = parser.parse_args()
    keystrokes()
    completion(args.quote, args.locks, args.improve)


if __name__ == "__main__":
    main()
