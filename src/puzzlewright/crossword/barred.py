"""Barred and British blocked grid patterns, designed by a seeded local search.

Barred grids (Azed, the Listener): no blocks; symmetric bars end the entries. British
blocked grids (the Times, the Guardian): a lattice of blocks at every other cell of every
other row, so the edge entries have alternate unches, plus symmetric blocks that break the
long lights into answers (the layout of Qxw's British templates).

Both are found the same way: a simulated-annealing walk over symmetric groups of bars (or
blocks) whose cost counts the broken conventions of :mod:`puzzlewright.crossword.checking`
(entry lengths, cells in no entry, more than half an entry unchecked, double unches) plus
the distance from the unch or word count asked for. A walk that ends without broken
conventions, and whose entries connect, is a pattern. The same seed gives the same patterns.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import Literal

from puzzlewright.crossword.checking import checking
from puzzlewright.crossword.grid import BAR_BELOW, BAR_RIGHT, BarSides, Grid
from puzzlewright.crossword.pattern import generate_patterns
from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import NEVER, StopSignal

Style = Literal["barred", "british"]
HARD = 10.0  # cost of one broken convention; the targets cost 1 per cell or word off
STEPS = 6000  # annealing steps per attempt
HOT, COLD = 3.0, 0.05
MAX_SIDE = 25

Toggle = tuple[int, ...]  # flat indexes of the bars (or blocks) switched together


@dataclass(frozen=True)
class BarredSpec:
    """What to make: size, style, entry lengths and the unch fraction (or word count)."""

    width: int
    height: int
    style: Style = "barred"
    min_length: int = 3
    max_length: int | None = None
    unches: float = 0.3  # barred: the fraction of cells left unchecked
    words: int | None = None  # about this many entries (default: by size and style)

    @property
    def size(self) -> str:
        return f"{self.width}x{self.height}"

    @property
    def longest(self) -> int:
        return self.max_length or max(self.width, self.height)

    def validate(self) -> None:
        """Raise PuzzleInputError when the request cannot be met on its face."""
        w, h = self.width, self.height
        if not (3 <= w <= MAX_SIDE and 3 <= h <= MAX_SIDE):
            raise PuzzleInputError(f"impossible grid size {self.size} (each side 3 to {MAX_SIDE})")
        if self.style == "british" and (w % 2 == 0 or h % 2 == 0):
            raise PuzzleInputError(
                f"a British blocked grid needs odd sides (the lattice of blocks), not {self.size}"
            )
        if not 2 <= self.min_length <= self.longest:
            raise PuzzleInputError(
                f"impossible entry lengths {self.min_length} to {self.longest} for {self.size}"
            )
        if not 0.0 <= self.unches <= 0.5:
            raise PuzzleInputError("the unch fraction must be between 0 and 0.5")

    def attempt(self, rng: random.Random, stop: StopSignal) -> Grid | None:
        """One annealing walk (:func:`design`)."""
        return design(self, rng, stop=stop)

    def budget(self, count: int) -> tuple[int, int | None]:
        """Attempts for ``count`` patterns (10 + 5 each; each is a whole annealing walk), with
        no limit on attempts in a row that give nothing new."""
        return 10 + 5 * count, None

    def target_words(self) -> int:
        """The entry count aimed at: about 38 on 12x12 barred (the Listener's usual 36-40),
        about 30 on 15x15 British blocked (the Times's 28-32)."""
        per_word = 7.5 if self.style == "british" else 3.8
        return self.words or round(self.width * self.height / per_word)


class _Layout:
    """A grid as flat lists: blocks, bars right and below, with a cost of its conventions."""

    def __init__(self, spec: BarredSpec) -> None:
        self.spec = spec
        self.w, self.h = spec.width, spec.height
        n = self.w * self.h
        self.block = [False] * n
        self.right = [False] * n
        self.below = [False] * n
        if spec.style == "british":
            for r in range(1, self.h, 2):
                for c in range(1, self.w, 2):
                    self.block[r * self.w + c] = True

    def toggles(self) -> list[tuple[str, Toggle]]:
        """The symmetric groups a move may switch: bar pairs, or block pairs off the lattice."""
        w, h = self.w, self.h
        groups: set[tuple[str, Toggle]] = set()
        for r in range(h):
            for c in range(w):
                i = r * w + c
                if self.spec.style == "british":
                    if (r + c) % 2 == 1:  # an unch of the lattice: a block here splits a light
                        groups.add(("block", tuple(sorted({i, (h - 1 - r) * w + (w - 1 - c)}))))
                    continue
                if c < w - 1:
                    groups.add(("right", tuple(sorted({i, (h - 1 - r) * w + (w - 2 - c)}))))
                if r < h - 1:
                    groups.add(("below", tuple(sorted({i, (h - 2 - r) * w + (w - 1 - c)}))))
        return sorted(groups)

    def flip(self, move: tuple[str, Toggle]) -> None:
        kind, cells = move
        layer = {"block": self.block, "right": self.right, "below": self.below}[kind]
        for i in cells:
            layer[i] = not layer[i]

    def _runs(self, across: bool) -> list[list[int]]:
        """Maximal runs of open cells between blocks, bars and edges."""
        w, h = self.w, self.h
        runs: list[list[int]] = []
        outer, inner = (h, w) if across else (w, h)
        for a in range(outer):
            run: list[int] = []
            for b in range(inner):
                i = a * w + b if across else b * w + a
                if self.block[i]:
                    runs.append(run)
                    run = []
                    continue
                run.append(i)
                if (self.right if across else self.below)[i]:
                    runs.append(run)
                    run = []
            runs.append(run)
        return [run for run in runs if len(run) >= 2]

    def cost(self) -> tuple[float, int, int]:
        """(cost, broken conventions, entries) of the current layout."""
        spec = self.spec
        entries = self._runs(True) + self._runs(False)
        count = [0] * (self.w * self.h)
        broken = 0
        for run in entries:
            if not spec.min_length <= len(run) <= spec.longest:
                broken += 1
            for i in run:
                count[i] += 1
        unches = 0
        for i, n in enumerate(count):
            if not self.block[i]:
                if n == 0:
                    broken += 1
                elif n == 1:
                    unches += 1
        for run in entries:
            flags = [count[i] == 1 for i in run]
            if 2 * sum(flags) > len(run):
                broken += 1
            broken += sum(1 for a, b in itertools.pairwise(flags) if a and b)
        off = abs(len(entries) - spec.target_words())
        if spec.style == "barred":
            off += abs(unches - round(spec.unches * self.w * self.h))
        return HARD * broken + off, broken, len(entries)

    def grid(self) -> Grid:
        bars: dict[tuple[int, int], BarSides] = {}
        for i in range(self.w * self.h):
            sides = (BAR_RIGHT if self.right[i] else 0) | (BAR_BELOW if self.below[i] else 0)
            if sides and not self.block[i]:
                bars[divmod(i, self.w)] = sides
        cells = [
            [None if self.block[r * self.w + c] else "" for c in range(self.w)]
            for r in range(self.h)
        ]
        grid = Grid(cells, bars)
        return grid


def design(spec: BarredSpec, rng: random.Random, *, stop: StopSignal = NEVER) -> Grid | None:
    """One annealing walk; the grid when it ends obeying every convention, else None."""
    layout = _Layout(spec)
    moves = layout.toggles()
    cost, broken, _ = layout.cost()
    best: tuple[float, Grid] | None = None
    for step in range(STEPS):
        if step % 500 == 0 and stop.should_stop():
            break
        temperature = HOT * (COLD / HOT) ** (step / STEPS)
        move = rng.choice(moves)
        layout.flip(move)
        new_cost, new_broken, _ = layout.cost()
        if new_cost <= cost or rng.random() < math.exp((cost - new_cost) / temperature):
            cost, broken = new_cost, new_broken
            if broken == 0 and (best is None or cost < best[0]):
                best = (cost, layout.grid())
        else:
            layout.flip(move)
    if best is None:
        return None
    grid = best[1]
    report = checking(grid, min_length=spec.min_length, max_length=spec.longest, symmetric=True)
    return grid if report.ok else None


generate_barred = generate_patterns
"""Barred and British blocked patterns come from the one entry point,
:func:`~puzzlewright.crossword.pattern.generate_patterns`; this name stays for callers."""
