"""The propagation kernel alone, replayed in four forms (issue 31 item 1: "a compiled core,
if it pays"); run through ``benchmarks/crossword.py --kernel``.

Real fills of the easy 15x15 grids (Spread the Wordlist, min scores 50 and 30, fast and
quality mode, seed 0) are run once with every ``Propagator.propagate`` call recorded: the
node it got (a copy), the queue and the letter-pruning threshold, and, for nodes made by
copying another, the parent's candidates. Each call is then replayed on a fresh copy of
its node by:

* ``python``: the engine's own ``Propagator.propagate`` (Python-int bitsets, AC-3 with
  residues): the reference;
* ``counts``: incremental support counts per slot, position and letter (AC-4, as
  ingrid_core does) in pure Python: every word a slot loses decrements the counts of its
  letters; a count reaching 0 removes the letter from the cell. The counts of the parent
  node are built untimed (a real engine keeps them along the search) and their undoing on
  backjumps is not charged: a lower bound of its cost. Its fixpoint is full arc
  consistency (no skipping of large slots), so it may remove more than the reference;
* ``numpy``: candidate sets as uint64 arrays per slot, letter bitsets as (positions,
  letters, words) arrays; each cell's letter support in one vectorised AND over every
  letter, each crossing's cut in one OR-reduce and one AND. Conversion untimed;
* ``numba`` (when importable: the ``bench`` extra; benchmark only, never the engine's):
  the same arrays, the whole fixpoint loop compiled with ``numba.njit`` (AC-3 with
  residues, same queue order and threshold as the reference). Its import and compile time
  per process is shown on its own: numba's on-disk cache loads pickled data, which the
  house rules forbid, so every process compiles it again.

The same fixpoint (candidates and cell letters) is checked against the reference for
every call of ``numpy`` and ``numba`` (``counts``: a subset of the reference's
candidates). Commitments re-implement only the no-duplicate rule: learned nogoods (after
restarts) are left out, so the calls where the reference fires one may differ, and the
"same" column counts them (the fills use no ``max_shared_substring``). Printed: CPU
seconds summed over the calls (median of ``--runs`` replays), ratio to the reference in
the same run.

The step table (``--search-step``) says what a faster kernel can buy at most: the
non-propagation part of our step alone, against blacksquare's whole step.
"""

from __future__ import annotations

import os
import statistics
import time
from dataclasses import dataclass
from typing import Any

EASY = ["themed1", "themed2", "themed3", "themeless"]
THEMELESS_CALLS = 600
"""Recorded calls kept per themeless fill (its fills make thousands; the first ones
include the root's and the deepest nodes alike)."""


@dataclass
class Call:
    """One recorded propagation: the network, its node (a copy), queue and threshold."""

    network: Any
    state: Any
    queue: list[int]
    big: int
    parent_dom: list[int] | None  # the candidates before the change (None: the root)
    out: Any = None  # the reference's result: (conflict?, dom, cells)


def record(words: Any, grid_text: str, min_score: int, quality: bool | None) -> list[Call]:
    """Fill once with every ``propagate`` call recorded."""
    from puzzlewright.crossword.fill import fill_grid
    from puzzlewright.crossword.fill import propagate as module
    from puzzlewright.crossword.fill.state import State
    from puzzlewright.crossword.grid import Grid
    from puzzlewright.stopping import StopSignal

    calls: list[Call] = []
    parents: dict[int, tuple[Any, list[int]]] = {}  # (the copy: its id stays its own)
    original = module.Propagator.propagate
    original_copy = State.copy

    def copy(self: Any) -> Any:
        new = original_copy(self)
        parents[id(new)] = (new, self.dom[:])
        return new

    def propagate(self: Any, st: Any, queue: list[int], big: int = module.BIG) -> Any:
        known = parents.get(id(st))
        parent = known[1] if known is not None and known[0] is st else None
        calls.append(Call(self, original_copy(st), list(queue), big, parent))
        return original(self, st, queue, big)

    module.Propagator.propagate = propagate  # type: ignore[method-assign]
    State.copy = copy  # type: ignore[method-assign]
    try:
        fill_grid(
            Grid.parse(grid_text),
            words,
            min_score=min_score,
            quality=quality,
            seed=0,
            stop=StopSignal(60),
        )
    finally:
        module.Propagator.propagate = original  # type: ignore[method-assign]
        State.copy = original_copy  # type: ignore[method-assign]
    return calls


# -- the reference --------------------------------------------------------------------------
def replay_python(calls: list[Call]) -> float:
    """CPU seconds of the engine's own propagate over the calls (results kept in ``out``)."""
    total = 0.0
    for call in calls:
        st = call.state.copy()
        c = time.process_time()
        conflict = call.network.propagate(st, list(call.queue), call.big)
        total += time.process_time() - c
        call.out = (conflict is not None, st.dom, st.cells)
    return total


# -- support counts (AC-4) ------------------------------------------------------------------
def counts_of(net: Any, dom: list[int]) -> list[list[list[int]]]:
    """Per slot, position and letter: how many candidates have that letter there."""
    size = len(net.problem.words.alphabet)
    return [
        [[(d & col[letter]).bit_count() for letter in range(size)] for col in cols]
        for d, cols in zip(dom, net.cols, strict=True)
    ]


def replay_counts(calls: list[Call]) -> tuple[float, int, int]:
    """(CPU seconds, calls whose fixpoint is a subset of the reference's, calls checked)."""
    total = 0.0
    ok = 0
    for call in calls:
        net = call.network
        st = call.state.copy()
        where = crossings(net)
        if call.parent_dom is None:  # the root: building the counts is part of the work
            c = time.process_time()
            counts = counts_of(net, st.dom)
            failed = counts_fixpoint(net, st, counts, {}, list(range(net.n)), where)
        else:
            # The parent's counts, kept along the search by a real engine: untimed. The
            # reference skips letter pruning in slots over BIG words, so the parent node
            # may hold letters without support: they go first (untimed), as they would
            # have gone earlier in an engine that keeps counts.
            child = st.dom[:]
            st.dom[:] = call.parent_dom
            counts = counts_of(net, st.dom)
            counts_fixpoint(net, st, counts, {}, list(range(net.n)), where)
            c = time.process_time()
            removed = {v: st.dom[v] & ~child[v] for v in call.queue}
            failed = counts_fixpoint(net, st, counts, removed, [], where)
        total += time.process_time() - c
        ref_failed, dom, _ = call.out
        if failed or ref_failed:
            ok += failed == ref_failed or failed  # more pruning may find a dead end sooner
        else:
            ok += all(mine & ~ref == 0 for mine, ref in zip(st.dom, dom, strict=True))
    return total, ok, len(calls)


CROSSINGS: dict[int, list[dict[int, tuple[int, int, int]]]] = {}


def crossings(net: Any) -> list[dict[int, tuple[int, int, int]]]:
    """Per slot and position: (cell, crossing slot, its position)."""
    found = CROSSINGS.get(id(net))
    if found is None:
        found = CROSSINGS[id(net)] = [
            {p: (c, t, q) for c, p, t, q in net.links[v]} for v in range(net.n)
        ]
    return found


def counts_fixpoint(
    net: Any,
    st: Any,
    counts: Any,
    removed: dict[int, int],
    changed: list[int],
    where: list[dict[int, tuple[int, int, int]]],
) -> bool:
    """Arc consistency from removed words by decrementing support counts; True: dead end."""
    from puzzlewright.bits import iter_bits

    dom, cells, cols, tables = st.dom, st.cells, net.cols, net.tables
    work = dict(removed)
    for v in changed:  # the root: letters without support leave their cells
        for p, (c, t, q) in where[v].items():
            cells[c] &= sum(1 << k for k, n in enumerate(counts[v][p]) if n)
            keep = 0
            for letter in range(len(counts[v][p])):
                if cells[c] >> letter & 1:
                    keep |= cols[t][q][letter]
            cut = dom[t] & ~keep
            if cut:
                work[t] = work.get(t, 0) | cut
    while work:
        v, gone = work.popitem()
        gone &= dom[v]
        if not gone:
            continue
        left = dom[v] = dom[v] & ~gone
        if not left:
            return True
        if not left & (left - 1) and net.required[v] and not st.done[v]:
            st.done[v] = True  # committed: its word leaves the slots of its length
            for u in net.same[v]:
                if dom[u] & left:
                    if st.done[u]:
                        return True
                    work[u] = work.get(u, 0) | left
        letters = tables[v].letters
        count = counts[v]
        at = where[v]
        for i in iter_bits(gone):
            for p, letter in enumerate(letters(i)):
                row = count[p]
                row[letter] -= 1
                if row[letter] or p not in at:
                    continue
                c, t, q = at[p]
                if cells[c] >> letter & 1:
                    cells[c] &= ~(1 << letter)
                    cut = dom[t] & cols[t][q][letter]
                    if cut:
                        work[t] = work.get(t, 0) | cut
    return False


# -- array layout (numpy and numba) ---------------------------------------------------------
class Arrays:
    """One network's tables as flat arrays: candidates per slot in ``W[v]`` uint64 words."""

    def __init__(self, net: Any) -> None:
        import numpy as np

        self.np = np
        n = net.n
        self.size_a = len(net.problem.words.alphabet)
        a = self.size_a
        tables = net.tables
        self.w = np.array([(t.count + 63) // 64 or 1 for t in tables], dtype=np.int64)
        self.length = np.array([len(t.cols) for t in tables], dtype=np.int64)
        self.doff = np.zeros(n + 1, dtype=np.int64)
        self.doff[1:] = np.cumsum(self.w)
        by_table: dict[int, int] = {}
        blocks, letter_blocks = [], []
        self.coff = np.zeros(n, dtype=np.int64)
        self.loff = np.zeros(n, dtype=np.int64)
        offset = letter_offset = 0
        self.cols3: list[Any] = []
        for v, table in enumerate(tables):
            key = id(table)
            if key not in by_table:
                by_table[key] = v
                w = int(self.w[v])
                block = np.array(
                    [[to_words(col[k], w) for k in range(a)] for col in table.cols],
                    dtype=np.uint64,
                )
                blocks.append(block.ravel())
                rows = table.letters_of(list(range(table.count)))
                letters = np.array(rows, dtype=np.int64).reshape(-1) if rows else np.zeros(1)
                letter_blocks.append(letters.astype(np.int64))
                self.coff[v], self.loff[v] = offset, letter_offset
                offset += block.size
                letter_offset += letters.size
                self.cols3.append(block)
            else:
                first = by_table[key]
                self.coff[v], self.loff[v] = self.coff[first], self.loff[first]
                self.cols3.append(self.cols3[first])
        self.cols = np.concatenate(blocks)
        self.letters = np.concatenate(letter_blocks)
        flat = [(c, p, t, q) for v in range(n) for c, p, t, q in net.links[v]]
        self.lstart = np.zeros(n + 1, dtype=np.int64)
        self.lstart[1:] = np.cumsum([len(net.links[v]) for v in range(n)])
        self.links = np.array(flat, dtype=np.int64).reshape(-1, 4)
        same = [u for v in range(n) for u in net.same[v]]
        self.sstart = np.zeros(n + 1, dtype=np.int64)
        self.sstart[1:] = np.cumsum([len(net.same[v]) for v in range(n)])
        self.same = np.array(same or [0], dtype=np.int64)
        self.required = np.array(net.required, dtype=np.bool_)
        self.res = np.zeros(int(sum(self.length)) * a + 1, dtype=np.int64)
        self.roff = np.zeros(n, dtype=np.int64)
        self.roff[1:] = np.cumsum(self.length[:-1] * a)

    def dom(self, dom: list[int]) -> Any:
        """Candidate ints as one flat uint64 array."""
        np = self.np
        return np.concatenate(
            [
                np.array(to_words(d, int(w)), dtype=np.uint64)
                for d, w in zip(dom, self.w, strict=True)
            ]
        )

    def ints(self, flat: Any) -> list[int]:
        """The flat array back as candidate ints."""
        out = []
        for v in range(len(self.w)):
            part = flat[self.doff[v] : self.doff[v + 1]]
            out.append(int.from_bytes(part.astype("<u8").tobytes(), "little"))
        return out


def to_words(x: int, w: int) -> list[int]:
    """An int as ``w`` little-endian 64-bit words."""
    mask = (1 << 64) - 1
    return [(x >> (64 * k)) & mask for k in range(w)]


def arrays_of(net: Any, cache: dict[int, Arrays]) -> Arrays:
    found = cache.get(id(net))
    if found is None:
        found = cache[id(net)] = Arrays(net)
    return found


def replay_numpy(calls: list[Call]) -> tuple[float, int, int]:
    """(CPU seconds, calls equal to the reference, calls) of the vectorised numpy form."""
    import numpy as np

    cache: dict[int, Arrays] = {}
    total, ok = 0.0, 0
    for call in calls:
        net = call.network
        ar = arrays_of(net, cache)
        st = call.state
        doms = [
            np.array(to_words(d, int(w)), dtype=np.uint64)
            for d, w in zip(st.dom, ar.w, strict=True)
        ]
        cells, done, sizes = list(st.cells), list(st.done), list(st.size)
        c = time.process_time()
        failed = numpy_fixpoint(net, ar, doms, cells, done, sizes, call.queue, call.big)
        total += time.process_time() - c
        ok += _same(call, failed, [_int(d) for d in doms], cells)
    return total, ok, len(calls)


def _int(words: Any) -> int:
    return int.from_bytes(words.astype("<u8").tobytes(), "little")


def _same(call: Call, failed: bool, dom: list[int], cells: list[int]) -> bool:
    ref_failed, ref_dom, ref_cells = call.out
    if failed or ref_failed:
        return bool(failed == ref_failed)
    return bool(dom == ref_dom and cells == ref_cells)


def numpy_fixpoint(
    net: Any,
    ar: Arrays,
    doms: list[Any],
    cells: list[int],
    done: list[bool],
    sizes: list[int],
    queue: list[int],
    big: int,
) -> bool:
    """The reference's loop (same order) with numpy arrays; True: dead end."""
    import numpy as np

    from puzzlewright.crossword.fill.propagate import letters_in

    pow2 = np.array([1 << k for k in range(ar.size_a)], dtype=np.uint64)
    pending = [-1] * net.n
    required = net.required

    def push(t: int) -> None:
        size = sizes[t] = int(np.bitwise_count(doms[t]).sum())
        if pending[t] != size:
            pending[t] = size
            heappush(heap, (size, t))

    from heapq import heappop, heappush

    heap: list[tuple[int, int]] = []
    for v in queue:
        push(v)
    while heap:
        size, v = heappop(heap)
        if pending[v] != size:
            continue
        pending[v] = -1
        d = doms[v]
        word = None
        if size == 1:
            i = int(np.flatnonzero(d)[0]) * 64 + int(d[np.flatnonzero(d)[0]]).bit_length() - 1
            if required[v] and not done[v]:
                done[v] = True
                for u in net.same[v]:
                    if doms[u][i // 64] >> np.uint64(i % 64) & np.uint64(1):
                        if done[u]:
                            return True
                        doms[u][i // 64] &= ~np.uint64(1 << (i % 64))
                        push(u)
                        if not sizes[u]:
                            return True
            word = net.tables[v].letters(i)
        elif size > big:
            continue
        block = ar.cols3[v]
        for c, p, t, q in net.links[v]:
            cur = cells[c]
            if word is not None:
                new = 1 << word[p]
                if new == cur:
                    continue
            else:
                if not cur & (cur - 1):
                    continue
                support = (block[p] & d).any(axis=1)
                new = int(pow2[support].sum()) & cur
                if new == cur:
                    continue
            cells[c] = new
            letters = [k for _, k in letters_in(new)]
            keep = np.bitwise_or.reduce(ar.cols3[t][q][letters], axis=0)
            nt = doms[t] & keep
            count = int(np.bitwise_count(nt).sum())
            if count != sizes[t]:
                doms[t] = nt
                if not count:
                    return True
                push(t)
    return False


# -- numba -----------------------------------------------------------------------------------
KERNEL: Any = None


def numba_kernel() -> tuple[Any, float]:
    """The compiled fixpoint loop and the CPU seconds its import and compile took."""
    global KERNEL
    c = time.process_time()
    import numba
    import numpy as np

    @numba.njit(cache=False, nogil=True)
    def popcount(x):  # type: ignore[no-untyped-def]
        x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
        x = (x & np.uint64(0x3333333333333333)) + (
            (x >> np.uint64(2)) & np.uint64(0x3333333333333333)
        )
        x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
        return (x * np.uint64(0x0101010101010101)) >> np.uint64(56)

    @numba.njit(cache=False, nogil=True)
    def kernel(
        dom,
        cells,
        done,
        sizes,
        queue,
        big,
        w,
        doff,
        cols,
        coff,
        letters,
        loff,  # type: ignore[no-untyped-def]
        length,
        links,
        lstart,
        same,
        sstart,
        required,
        res,
        roff,
        a,
    ):
        n = w.shape[0]
        pending = np.full(n, -1, dtype=np.int64)
        picked = np.empty(64, dtype=np.int64)
        for v in queue:
            s = 0
            for k in range(w[v]):
                s += np.int64(popcount(dom[doff[v] + k]))
            sizes[v] = s
            pending[v] = s
        while True:
            v = -1
            best = 0
            for u in range(n):  # the smallest pending (size, slot): the reference's heap order
                if pending[u] >= 0 and (v < 0 or pending[u] < best):
                    v, best = u, pending[u]
            if v < 0:
                return False
            size = pending[v]
            pending[v] = -1
            wv = w[v]
            d0 = doff[v]
            single = -1
            if size == 1:
                for k in range(wv):
                    x = dom[d0 + k]
                    if x:
                        b = 0
                        while not (x >> np.uint64(b)) & np.uint64(1):
                            b += 1
                        single = k * 64 + b
                        break
                if required[v] and not done[v]:
                    done[v] = True
                    k, b = single // 64, np.uint64(single % 64)
                    for s in range(sstart[v], sstart[v + 1]):
                        u = same[s]
                        if (dom[doff[u] + k] >> b) & np.uint64(1):
                            if done[u]:
                                return True
                            dom[doff[u] + k] &= ~(np.uint64(1) << b)
                            sizes[u] -= 1
                            if sizes[u] == 0:
                                return True
                            pending[u] = sizes[u]
            elif size > big:
                continue
            for j in range(lstart[v], lstart[v + 1]):
                c, p, t, q = links[j, 0], links[j, 1], links[j, 2], links[j, 3]
                cur = cells[c]
                if single >= 0:
                    new = 1 << letters[loff[v] + single * length[v] + p]
                    if new == cur:
                        continue
                else:
                    if not cur & (cur - 1):
                        continue
                    new = 0
                    base = coff[v] + p * a * wv
                    rbase = roff[v] + p * a
                    for letter in range(a):
                        if not (cur >> letter) & 1:
                            continue
                        col = base + letter * wv
                        r = res[rbase + letter]
                        if dom[d0 + r] & cols[col + r]:
                            new |= 1 << letter
                            continue
                        for k in range(wv):
                            if dom[d0 + k] & cols[col + k]:
                                res[rbase + letter] = k
                                new |= 1 << letter
                                break
                    if new == cur:
                        continue
                cells[c] = new
                wt = w[t]
                t0 = doff[t]
                tbase = coff[t] + q * a * wt
                # the crossing keeps its words with a letter left in the cell: an OR over
                # the fewer of the kept or the removed letters, skipping empty words
                removed = cur ^ new
                keep = popcount(np.uint64(new)) <= popcount(np.uint64(removed))
                chosen = new if keep else removed
                chosen_n = 0
                for letter in range(a):
                    if (chosen >> letter) & 1:
                        picked[chosen_n] = letter
                        chosen_n += 1
                count = 0
                for k in range(wt):
                    x = dom[t0 + k]
                    if not x:
                        continue
                    m = np.uint64(0)
                    for j in range(chosen_n):
                        m |= cols[tbase + picked[j] * wt + k]
                    x = x & m if keep else x & ~m
                    dom[t0 + k] = x
                    count += np.int64(popcount(x))
                if count != sizes[t]:
                    sizes[t] = count
                    if count == 0:
                        return True
                    pending[t] = count

    KERNEL = kernel
    return kernel, time.process_time() - c


def replay_numba(calls: list[Call]) -> tuple[float, int, int, float]:
    """(CPU seconds, calls equal to the reference, calls, compile CPU seconds)."""
    import numpy as np

    kernel, imported = KERNEL, 0.0
    cache: dict[int, Arrays] = {}
    compiled = 0.0
    if kernel is None:
        kernel, imported = numba_kernel()
    total, ok = 0.0, 0
    for n, call in enumerate(calls):
        ar = arrays_of(call.network, cache)
        st = call.state
        dom = ar.dom(st.dom)
        cells = np.array(st.cells, dtype=np.int64)
        done = np.array(st.done, dtype=np.bool_)
        sizes = np.array(st.size, dtype=np.int64)
        queue = np.array(call.queue, dtype=np.int64)
        c = time.process_time()
        failed = kernel(
            dom,
            cells,
            done,
            sizes,
            queue,
            min(call.big, 1 << 62),
            ar.w,
            ar.doff,
            ar.cols,
            ar.coff,
            ar.letters,
            ar.loff,
            ar.length,
            ar.links,
            ar.lstart,
            ar.same,
            ar.sstart,
            ar.required,
            ar.res,
            ar.roff,
            ar.size_a,
        )
        spent = time.process_time() - c
        if n == 0 and imported:
            compiled = spent  # the first call compiles
        else:
            total += spent
        ok += _same(call, bool(failed), ar.ints(dom), [int(x) for x in cells])
    return total, ok, len(calls), imported + compiled


def kernel(args: Any, tools: Any) -> None:
    """Print the kernel table: each form's CPU over the same recorded calls."""
    from puzzlewright.lexicon import load_wordlist

    words = load_wordlist([tools.STWL])[0]
    names = args.grids.split(",") if args.grids else EASY
    min_scores = [int(x) for x in (args.min_scores or "50,30").split(",")]
    try:
        import numba  # noqa: F401

        forms = ["counts", "numpy", "numba"]
    except ImportError:
        forms = ["counts", "numpy"]
    print(
        f"propagation kernel replayed; load {os.getloadavg()[0]:.1f}; CPU s summed over the "
        f"calls, median of {args.runs}\n"
    )
    header = f"{'grid':<10} {'min':>3} {'mode':<7} {'calls':>5} | {'python':>7} | " + " | ".join(
        f"{f:>7} {'ratio':>6} {'same':>9}" for f in forms
    )
    print(header)
    print("-" * len(header))
    compile_note = ""
    for min_score in min_scores:
        for name in names:
            text = (tools.GRIDS / f"{name}.txt").read_text()
            for quality in (None, False):
                calls = record(words, text, min_score, quality)
                if name == "themeless":
                    calls = calls[:THEMELESS_CALLS]
                base = statistics.median(replay_python(calls) for _ in range(args.runs))
                cells = []
                for form in forms:
                    spent, same_n = [], ""
                    for _ in range(args.runs if form != "counts" else 1):
                        got = globals()[f"replay_{form}"](calls)
                        spent.append(got[0])
                        same_n = f"{got[1]}/{got[2]}"
                        if form == "numba" and got[3]:
                            compile_note = f"numba import + compile: {got[3]:.2f} s CPU"
                    median = statistics.median(spent)
                    cells.append(f"{median:>7.4f} {median / max(base, 1e-9):>5.2f}x {same_n:>9}")
                mode = "quality" if quality is None else "fast"
                print(
                    f"{name:<10} {min_score:>3} {mode:<7} {len(calls):>5} | {base:>7.4f} | "
                    + " | ".join(cells),
                    flush=True,
                )
    print(f"\n{compile_note} (once per process: no on-disk cache)")


if __name__ == "__main__":
    import sys

    sys.exit("run through benchmarks/crossword.py --kernel")
