"""How big is the search for an open square? Two estimates for docs/crossword-fill.md.

``python benchmarks/squares_estimate.py [--grids open6,open7] [--min-score 50] [--probes 300]``

* Knuth's estimator of the tree that ``crossword/fill/squares.py`` searches: random probes
  from the empty rectangle down, each taking a random surviving candidate of the line with
  fewer candidates (the search's own rule and its letter-mask check); the product of the
  numbers of survivors along a probe is an unbiased estimate of the nodes at each depth.
  Repeats are allowed and the transposition cut is not applied (so halve the figure).
* The expected number of double word squares if each cell's row letter and column letter
  were independent draws from the positional letter frequencies of the list's words.

Needs ../shared/data (STWL). Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter
from pathlib import Path

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill.problem import build_problem
from puzzlewright.crossword.fill.squares import SquareSearch
from puzzlewright.lexicon import WordList, load_wordlist
from puzzlewright.stopping import StopSignal

HERE = Path(__file__).resolve().parent
STWL = HERE.parents[1] / "shared" / "data" / "spreadthewordlist_via_blacksquare_0.10.0.dict.gz"


def survives(
    search: SquareSearch, rnode: list[int], cnode: list[int], r: int, c: int, w: int, by_row: bool
) -> bool:
    """The search's letter-mask check after placing word ``w`` as row ``r`` (or column ``c``)."""
    rows, cols = search.rows, search.cols
    word = search.row_table.letters(w)
    height, width = len(rnode), len(cnode)
    rn, cn = rnode[:], cnode[:]
    if by_row:
        for j in range(c, width):
            cn[j] = cols.children(cn[j])[word[j]]
        top, left = r + 1, c
    else:
        for k in range(r, height):
            rn[k] = rows.children(rn[k])[word[k]]
        top, left = r, c + 1
    return all(
        rows.at[rn[k]][j] & cols.at[cn[j]][k]
        for k in range(top, height)
        for j in range(left, width)
    )


def knuth(grid: Grid, words: WordList, min_score: int, probes: int) -> list[float]:
    """Estimated nodes per depth (rows + columns placed) of the square search's tree."""
    search = SquareSearch(build_problem(grid, words, min_score), stop=StopSignal())
    rows, cols = search.rows, search.cols
    letters = search.row_table.letters
    height, width = grid.height, grid.width
    rng = random.Random(1)
    totals = [0.0] * (height + width + 1)
    root: list[int] = []
    for _ in range(probes):
        rnode, cnode = [0] * height, [0] * width
        r = c = 0
        weight = 1.0
        while r < height and c < width:
            totals[r + c] += weight

            across = [cols.mask[cnode[j]] for j in range(c, width)]
            down = [rows.mask[rnode[k]] for k in range(r, height)]
            by_row = search.candidates(rows, rnode[r], across, set()) or []
            by_col = search.candidates(cols, cnode[c], down, set()) or []
            use_row = len(by_row) <= len(by_col)
            if r == c == 0 and not root:
                root = [w for w in by_row if survives(search, rnode, cnode, r, c, w, True)]
            choices = root if r == c == 0 else by_row if use_row else by_col
            alive = (
                choices
                if r == c == 0
                else [w for w in choices if survives(search, rnode, cnode, r, c, w, use_row)]
            )
            if not alive:
                weight = 0.0
                break
            weight *= len(alive)
            word = letters(rng.choice(alive))
            if use_row or r == c == 0:
                for j in range(c, width):
                    cnode[j] = cols.children(cnode[j])[word[j]]
                r += 1
            else:
                for k in range(r, height):
                    rnode[k] = rows.children(rnode[k])[word[k]]
                c += 1
        totals[r + c] += weight
    return [total / probes for total in totals]


def independent_squares(words: WordList, size: int, min_score: int) -> float:
    """log10 of the expected number of size x size double word squares (independent cells)."""
    index = words.index(size)
    chosen = [w for w, s in zip(index.words, index.scores, strict=True) if s >= min_score]
    counts = [Counter(w[i] for w in chosen) for i in range(size)]
    n = len(chosen)
    log10 = 2 * size * math.log10(n)
    for i in range(size):
        for j in range(size):
            log10 += math.log10(sum(counts[i][ch] * counts[j][ch] for ch in counts[i]) / n**2)
    return log10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grids", default="open6,open7")
    parser.add_argument("--min-score", type=int, default=50)
    parser.add_argument("--probes", type=int, default=300)
    args = parser.parse_args()
    words, _ = load_wordlist([STWL])
    for name in args.grids.split(","):
        grid = Grid.parse((HERE / "grids" / f"{name}.txt").read_text())
        per_depth = knuth(grid, words, args.min_score, args.probes)
        expected = independent_squares(words, grid.width, args.min_score)
        print(
            f"{name} at {args.min_score}: tree about {sum(per_depth):.2e} nodes "
            f"({args.probes} probes); by depth "
            + " ".join(f"{d}:{x:.1e}" for d, x in enumerate(per_depth) if x)
            + f"; expected squares (independent cells) 10^{expected:.1f}"
        )


if __name__ == "__main__":
    main()
