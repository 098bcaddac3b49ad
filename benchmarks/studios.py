"""Studio benchmark: live cryptarithm solving per keystroke, acrostic completion around locks.

Run: .venv/bin/python benchmarks/studios.py [--quote twain-huck] [--locks 5] [--improve 2]
     [--solves 80] [--only keystrokes|completion|load]

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
3. The server under load (``--solves 80``): that many solves at once (each a 2 s budget of
   pure-Python search, ``ABCDEF + GHIJ = KLMNOP`` in base 16), while ``/api/health`` is
   asked every 50 ms. Before/after in one run, each on a fresh server process: "before"
   gives the quick CPU work 40 threads and no queue limit (as Starlette's
   ``run_in_threadpool`` did), "after" the server's bound (workbench/compute.py's THREADS
   and WAITING, 429 beyond). Figures: /api/health latency (median, max) during the burst,
   the solves answered and refused, the burst's wall time and the server's CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from cryptarithm import PUZZLES  # noqa: E402  (the cryptarithm benchmark's puzzle list)
from puzzlewright.acrostic import build_acrostic  # noqa: E402
from puzzlewright.acrostic.live import complete_rows  # noqa: E402
from puzzlewright.cryptarithm.live_solve import live_solve  # noqa: E402
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
    batch = build_acrostic(case["quote"], case["source"], words, improve=improve, tries=1)
    batch_cpu = time.process_time() - started
    if batch.status != "built":
        print(f"acrostic: the batch builder did not build {name} ({batch.reason})")
        return
    answers = [a.word for a in batch.puzzles[0].answers]
    locked = dict(list(enumerate(answers))[:locks])
    started = time.process_time()
    done = complete_rows(
        case["quote"], case["source"], locked, words, improve=improve, seed=1, tries=1
    )
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


HEAVY_SOLVE = {"puzzle": "ABCDEF + GHIJ = KLMNOP", "base": 16, "count_limit": 100_000}
"""A solve that searches until its 2 s budget ends (8,000+ solutions in base 16)."""


def serve_process(threads: int, waiting: int, folder: str) -> tuple[str, subprocess.Popen[bytes]]:
    """A workbench in its own process (so the benchmark's threads take none of its turns)
    whose quick CPU work has ``threads`` threads and ``waiting`` places."""
    from puzzlewright.workbench.launch import free_port

    port = free_port()
    command = [sys.executable, __file__, "--serve", f"{threads}:{waiting}:{port}:{folder}"]
    process = subprocess.Popen(command)
    url = f"http://127.0.0.1:{port}"
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/health", timeout=1).close()
            return url, process
        except OSError:
            time.sleep(0.05)


def serve_forever(spec: str) -> None:
    """The ``--serve THREADS:WAITING:PORT:FOLDER`` process body: bound and configured as
    ``puzzlewright serve`` does (workbench/serving.py), with its own compute bound."""
    from puzzlewright.workbench import Config, create_app
    from puzzlewright.workbench.compute import Compute
    from puzzlewright.workbench.serving import bind, make_server

    threads, waiting, port, folder = spec.split(":", 3)
    sock = bind("127.0.0.1", int(port))
    app = create_app(Config(root=Path(folder), port=int(port)))
    app.state.workbench.compute = Compute(int(threads), int(waiting))
    make_server(app, sock).run(sockets=[sock])


def burst(url: str, solves: int) -> dict[str, float]:
    """``solves`` solves at once, /api/health every 50 ms meanwhile: the figures."""
    import httpx

    statuses: list[int] = []
    health: list[float] = []
    done = threading.Event()

    def solve() -> None:
        with httpx.Client(base_url=url, timeout=120) as client:
            statuses.append(client.post("/api/cryptarithm/solve", json=HEAVY_SOLVE).status_code)

    def probe() -> None:
        with httpx.Client(base_url=url, timeout=120) as client:
            while not done.is_set():
                started = time.perf_counter()
                client.get("/api/health")
                health.append(time.perf_counter() - started)
                time.sleep(0.05)

    workers = [threading.Thread(target=solve) for _ in range(solves)]
    prober = threading.Thread(target=probe)
    started = time.perf_counter()
    prober.start()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    wall = time.perf_counter() - started
    done.set()
    prober.join()
    return {
        "median": statistics.median(health),
        "max": max(health),
        "probes": len(health),
        "answered": statuses.count(200),
        "busy": statuses.count(429),
        "wall": wall,
    }


def server_cpu(process: subprocess.Popen[bytes]) -> float:
    """User + system CPU seconds of a server process so far (Linux /proc)."""
    fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def health_under_load(solves: int) -> None:
    print(f"/api/health while {solves} solves run at once (each up to its 2 s budget):")
    print(
        f"  {'server':<40} {'median':>8} {'max':>8} {'probes':>6} {'solved':>6} {'busy':>5} "
        f"{'wall':>6} {'cpu':>6}"
    )
    from puzzlewright.workbench.compute import THREADS, WAITING

    medians = []
    for name, threads, waiting in (
        ("before: 40 threads, no queue limit", 40, 1_000_000),
        (f"after: {THREADS} thread(s), {WAITING} waiting", THREADS, WAITING),
        ("(for comparison: 2 threads, 8 waiting)", 2, 8),
    ):
        folder = tempfile.TemporaryDirectory()
        url, process = serve_process(threads, waiting, folder.name)
        try:
            before = server_cpu(process)
            figures = burst(url, solves)
            cpu = server_cpu(process) - before
        finally:
            process.terminate()
            process.wait(timeout=10)
            folder.cleanup()
        medians.append(figures["median"])
        print(
            f"  {name:<40} {figures['median'] * 1000:>6.0f}ms {figures['max'] * 1000:>6.0f}ms "
            f"{figures['probes']:>6.0f} {figures['answered']:>6.0f} {figures['busy']:>5.0f} "
            f"{figures['wall']:>5.1f}s {cpu:>5.1f}s"
        )
    ratios = ", ".join(f"{median / medians[0]:.3f}" for median in medians[1:])
    print(f"  median /api/health latency against before: {ratios}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quote", default="twain-huck")
    parser.add_argument("--locks", type=int, default=5)
    parser.add_argument("--improve", type=float, default=2.0)
    parser.add_argument("--solves", type=int, default=80, help="concurrent solves of part 3")
    parser.add_argument("--only", choices=["keystrokes", "completion", "load"], default=None)
    parser.add_argument("--serve", help=argparse.SUPPRESS)  # the server process of part 3
    args = parser.parse_args()
    if args.serve:
        serve_forever(args.serve)
        return
    if args.only in (None, "keystrokes"):
        keystrokes()
    if args.only in (None, "completion"):
        completion(args.quote, args.locks, args.improve)
    if args.only in (None, "load"):
        health_under_load(args.solves)


if __name__ == "__main__":
    main()
