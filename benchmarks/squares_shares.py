"""The open 7x7 double word square's proof in shares on Dask (issue 31 item 3).

``python benchmarks/squares_shares.py [--grid open7] [--min-score 50] [--parts 4096]
[--workers 1,2] [--per-worker 2] [--nodes 200000] [--tree 3.6e10] [--cluster 64,256,1024]``

1. The overhead of a share: every share walks the moves above the split again before it
   reaches its own nodes. A share of ``--max-parts`` (so fine that its own part is nearly
   empty) is searched to its end in this process, once per split depth (1 and 2 moves):
   its nodes and CPU seconds are what any share pays on top of its own part.
2. Throughput per worker process: a ``distributed.LocalCluster`` of W worker processes
   with one thread each (``--workers``) runs W x ``--per-worker`` shares, each cut after
   ``--nodes`` nodes; per share the nodes per CPU second (inside the worker) and per wall
   second, beside the same share in this process (the baseline of the same run).
3. What a whole proof takes: Knuth's estimate of the tree (``--tree``, nodes; it is the
   probes' figure, without the transposition cut, so an upper bound) divided by the
   measured rate, plus ``--parts`` x the overhead, over clusters of ``--cluster`` worker
   processes (one core each).

The machine is shared: every figure is printed with the load average; CPU seconds are the
measure, wall seconds only show the load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
STWL = HERE.parents[1] / "shared" / "data" / "spreadthewordlist_via_blacksquare_0.10.0.dict.gz"


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def overhead(request: Any, words: Any, max_parts: int, depth: int) -> tuple[int, float]:
    """(nodes, CPU seconds) of share 0 of ``max_parts`` searched to its end at ``depth``."""
    from puzzlewright.crossword.fill.shares import search_share

    found = search_share(request, words, 0, max_parts, split_depth=depth)
    print(
        f"  split after {depth} move(s): a share of {max_parts:,} walks {found.nodes:,} nodes "
        f"({found.status}) in {found.cpu_seconds:.2f} CPU s ({load()})",
        flush=True,
    )
    return found.nodes, found.cpu_seconds


def throughput(request: Any, words: Any, args: argparse.Namespace, workers: int) -> float:
    """Median nodes per CPU second of the shares on a LocalCluster of ``workers``."""
    import distributed

    from puzzlewright.crossword.fill.shares import prove_square, search_share

    shares = list(range(workers * args.per_worker))
    baseline = search_share(request, words, shares[0], args.parts, max_nodes=args.nodes)
    base_rate = baseline.nodes / baseline.cpu_seconds
    with distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        start = time.perf_counter()
        proof = prove_square(
            request,
            words,
            args.parts,
            shares=shares,
            scheduler=cluster.scheduler_address,
            max_nodes=args.nodes,
        )
        wall = time.perf_counter() - start
    rates = [s.nodes / s.cpu_seconds for s in proof.shares]
    walls = [s.nodes / s.seconds for s in proof.shares]
    rate = statistics.median(rates)
    print(
        f"  {workers} worker process(es), {len(shares)} shares of {args.nodes:,} nodes: "
        f"{rate:,.0f} nodes per CPU second per share (median; "
        f"{min(rates):,.0f}-{max(rates):,.0f}), {statistics.median(walls):,.0f} per wall "
        f"second; all shares {wall:.1f} s wall; in this process {base_rate:,.0f} per CPU "
        f"second (ratio {rate / base_rate:.2f}) ({load()})",
        flush=True,
    )
    return rate


def estimate(args: argparse.Namespace, rate: float, cost: tuple[int, float]) -> None:
    """A whole proof's CPU time and its wall time on clusters of the given sizes."""
    nodes, seconds = cost
    search = args.tree / rate
    walk = args.parts * seconds
    total = search + walk
    print(
        f"\nwhole proof: {args.tree:.2g} nodes / {rate:,.0f} per CPU second = "
        f"{search / 86400:.1f} CPU days, plus {args.parts:,} shares x {seconds:.2f} s "
        f"({nodes:,} nodes above the split) = {walk / 3600:.1f} CPU hours"
    )
    for size in [int(x) for x in args.cluster.split(",")]:
        hours = total / size / 3600
        print(f"  {size:>5} worker processes (one core each): {hours:,.1f} hours")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--grid", default="open7")
    parser.add_argument("--min-score", type=int, default=50)
    parser.add_argument("--parts", type=int, default=4096, help="shares of the proof")
    parser.add_argument("--max-parts", type=int, default=10_000_000, help="overhead probe")
    parser.add_argument("--depths", default="1", help="split depths to probe (2: minutes)")
    parser.add_argument("--workers", default="1,2", help="LocalCluster sizes")
    parser.add_argument("--per-worker", type=int, default=2, help="shares per worker")
    parser.add_argument("--nodes", type=int, default=200_000, help="nodes per share")
    parser.add_argument("--tree", type=float, default=3.6e10, help="Knuth's estimate")
    parser.add_argument("--cluster", default="16,64,256,1024", help="cluster sizes")
    args = parser.parse_args()
    if not STWL.exists():
        sys.exit(f"Spread the Wordlist not found at {STWL}")
    from puzzlewright.crossword import Grid
    from puzzlewright.crossword.fill import FillRequest
    from puzzlewright.lexicon import load_wordlist

    words, _ = load_wordlist([STWL])
    grid = Grid.parse((HERE / "grids" / f"{args.grid}.txt").read_text())
    request = FillRequest(grid, min_score=args.min_score)
    print(f"{args.grid} at {args.min_score}, STWL, {os.cpu_count()} CPUs, {load()}")
    print("overhead of a share (the moves above the split, walked by every share):")
    costs = {d: overhead(request, words, args.max_parts, int(d)) for d in args.depths.split(",")}
    print("throughput per worker process (LocalCluster, one thread per worker):")
    rates = [throughput(request, words, args, int(w)) for w in args.workers.split(",")]
    estimate(args, statistics.median(rates), costs[min(costs)])


if __name__ == "__main__":
    main()
