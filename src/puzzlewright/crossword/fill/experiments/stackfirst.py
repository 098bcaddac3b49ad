"""Stack-first fill: a stack's rectangles enumerated, the rest of the grid filled under each
(issue 31 item 2, round 6).

A grid with a stack of long rows (triple or quad 15s, :mod:`.stacks`) is filled the way
constructors fill it: the stack first, as one block, then the rest around it. The stack's
rows and the downs through them make a word rectangle (:mod:`.stackproof`); its rectangles
are enumerated from the candidates at the root (every word, arc consistent with the whole
grid), one from each string of the first column in turn (ordered by how many words of the
first down hold it), a batch of them at a time tried best-scored first. For each, the rows
are fixed at the root and the ordinary slot search (:class:`~.search.Search`, its restarts,
backjumping and learned weights) fills the rest within a budget counted in dead ends. A
rectangle whose rest is exhausted is *struck*: no fill holds it (the search under a fixed
root is a proof, and its reason is the rectangle itself). A rectangle whose budget runs out
stays *open*. When the enumeration is spent, the open rectangles are tried again with a
growing budget (Luby's sequence), so once every rectangle is struck the grid is proved
unfillable: any fill holds one of them.

Measured and not kept in the fill (docs/crossword-fill.md, "Round 6: stacks first"): a
stack's rectangles are rare (6-8 a CPU second on triple15) and nearly all of them leave the
rest of the grid dead once fixed (struck by one propagation). The first that does not was
filled at once on triple15 from both lists, but no sooner than the plain search, which
decides the rows one at a time under the whole grid's propagation; quad16's stack gave no
rectangle and triple15m's (held out) 1,400-2,300 rectangles a minute, every one struck. So
no portfolio member takes it: ``benchmarks/fill_stacks.py --variants first`` runs it (a
:class:`~.search.Search` passed in). Deterministic: the enumeration, the batches and the
budgets are counted, never timed.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlewright.bits import iter_bits
from puzzlewright.crossword.fill.experiments.stackproof import (
    Letters,
    Rectangles,
    Stopped,
    rectangle_of,
    rows_of,
    stack_groups,
)
from puzzlewright.crossword.fill.problem import SlotId
from puzzlewright.crossword.fill.search import Search, luby
from puzzlewright.crossword.fill.stacks import STACK_LENGTH
from puzzlewright.crossword.fill.state import Outcome, State

RECTANGLE_EFFORT = 2
"""Dead ends per open slot the rest of the grid may take under a rectangle (times Luby's
sequence when open rectangles are tried again)."""

BATCH = 16
"""Rectangles drawn at a time (one per first-column string) and tried best-scored first."""

ALLOWANCE = 50_000
"""Columns the enumeration may place under one first-column string before it moves on to
the next (paused, resumed on the next pass): a string under which rectangles are rare does
not hold the others up (triple15, built-in list: 16 rectangles in 5.3 CPU s at 50,000,
10 in 15 s at 2,000)."""


@dataclass
class Tally:
    """What the stack-first search went through (for benchmarks and the docs)."""

    tried: int = 0  # rectangles whose rest was searched (a retry counts again)
    struck: int = 0  # rectangles proved to have no fill around them
    rounds: int = 0  # passes over the open rectangles once the enumeration was spent
    enumerated: bool = False  # every rectangle came out


Rectangle = tuple[list[list[Letters]], list[set[Letters]]]


def stack_rows(search: Search, root: State) -> tuple[list[SlotId], Rectangle] | None:
    """The stack the search fixes first: of the groups of stacked rows at least
    :data:`~.stacks.STACK_LENGTH` long that make one rectangle, the one with the most rows
    (ties: the first); None when there is none (corner blocks, no stack)."""
    if search.stacks is None:
        return None
    problem = search.problem
    best: tuple[list[SlotId], Rectangle] | None = None
    for rows in stack_groups(search.stacks.mates):
        if problem.vars[rows[0]].slot.length < STACK_LENGTH:
            continue
        if best is not None and len(rows) <= len(best[0]):
            continue
        rectangle = rectangle_of(problem, rows, root.dom)
        if rectangle is not None:
            best = rows, rectangle
    return best


class StackFirst:
    """The stack-first search of one grid (see the module docstring)."""

    def __init__(
        self, search: Search, root: State, rows: list[SlotId], rectangle: Rectangle
    ) -> None:
        self.search = search
        self.root = root
        self.rows = rows
        problem = search.problem
        words, strings = rectangle
        self.index = [
            {problem.vars[v].table.letters(i): i for i in iter_bits(root.dom[v])} for v in rows
        ]
        self.scores = [problem.vars[v].table.scores for v in rows]
        self.rectangles = Rectangles(words, strings, search.stop.should_stop)
        self.order = self.first_order()
        self.open: list[list[Letters]] = []
        self.tally = Tally()
        self.slots = max(1, sum(1 for v in range(search.n) if search.required[v]))

    def first_order(self) -> list[int]:
        """The first column's strings, those held by the most words of its down first."""
        problem = self.search.problem
        downs = [next(link for link in problem.vars[v].links if link[1] == 0) for v in self.rows]
        down = downs[0][2]  # (the same down through every row: a rectangle)
        table = problem.vars[down].table
        support: dict[Letters, int] = {}
        for i in iter_bits(self.root.dom[down]):
            letters = table.letters(i)
            key = tuple(letters[link[3]] for link in downs)
            support[key] = support.get(key, 0) + 1
        firsts = self.rectangles.firsts
        return sorted(range(len(firsts)), key=lambda k: -support.get(firsts[k][0], 0))

    def run(self) -> Outcome:
        """Search until a fill, a proof that none exists, or the stop signal."""
        search = self.search
        search.solutions, search.seen = [], set()
        search.best = self.root
        try:
            status = self.enumerate()
            while status == "budget":
                status = self.retry()
        except Stopped:
            status = "timeout"
        best = search.best or self.root
        if search.solutions:
            return search.outcome("filled", best)
        return search.outcome("unfillable" if status == "exhausted" else "timeout", best)

    def enumerate(self) -> str:
        """Each rectangle once, in batches: "filled", "timeout", "budget" (some open) or
        "exhausted" (every one struck)."""
        rectangles = self.rectangles
        budget = RECTANGLE_EFFORT * self.slots
        batch: list[list[Letters]] = []
        while live := [k for k in self.order if not rectangles.spent(k)]:
            for k in live:
                columns = rectangles.next_from(k, ALLOWANCE)
                if columns is not None:
                    batch.append(rows_of(columns))
                if len(batch) == BATCH or (k == live[-1] and batch):
                    status = self.attempts(batch, budget)
                    if status in ("filled", "timeout"):
                        return status
                    batch = []
        self.tally.enumerated = True
        return "budget" if self.open else "exhausted"

    def attempts(self, batch: list[list[Letters]], budget: int) -> str:
        """Try the rectangles of ``batch``, best-scored first (a stable sort: ties keep
        the order they came in): the first "filled" or "timeout", else "tried"."""
        for rows in sorted(batch, key=self.score, reverse=True):
            status = self.attempt(rows, budget)
            if status in ("filled", "timeout"):
                return status
        return "tried"

    def retry(self) -> str:
        """One more pass over the open rectangles with a larger budget."""
        self.tally.rounds += 1
        budget = RECTANGLE_EFFORT * self.slots * luby(self.tally.rounds + 1)
        waiting, self.open = self.open, []
        for rows in waiting:
            status = self.attempt(rows, budget)
            if status in ("filled", "timeout"):
                return status
        return "budget" if self.open else "exhausted"

    def score(self, rows: list[Letters]) -> int:
        """A rectangle's rows' summed scores."""
        return sum(
            scores[index[row]]
            for scores, index, row in zip(self.scores, self.index, rows, strict=True)
        )

    def fixed(self, rows: list[Letters]) -> State | None:
        """The root with the rectangle ``rows`` fixed, arc consistent (None: a dead end at
        once, the rectangle struck: a repeated word, or the rest of the grid dead)."""
        st = self.root.copy()
        for v, index, row in zip(self.rows, self.index, rows, strict=True):
            st.dom[v] = 1 << index[row]
        return None if self.search.propagate(st, list(self.rows)) is not None else st

    def attempt(self, rows: list[Letters], budget: int) -> str:
        """Fill the rest with the rectangle ``rows`` fixed: "filled", "timeout", or its
        verdict recorded (struck, or kept open when the budget ran out)."""
        search = self.search
        self.tally.tried += 1
        if search.stop.should_stop():
            return "timeout"
        st = self.fixed(rows)
        if st is None:
            self.tally.struck += 1
            return "struck"
        if search.best is None or st.filled > search.best.filled:
            search.best = st
        status = search.run_tier(st, 1, budget)
        if status == "exhausted":
            self.tally.struck += 1
        elif status == "budget":
            self.open.append(rows)
        return status


def stack_first(search: Search, count: int = 1) -> tuple[Outcome, Tally] | None:
    """The stack-first search's outcome and tally for a single fill of a grid it fits; None
    otherwise (several fills, required letters, no stack of long rows that is one
    rectangle, or no fill at the root: search as usual)."""
    if count != 1 or search.letters is not None:
        return None
    root = search.network.root(None)
    if root is None:
        return None  # the usual search reports the empty root
    stack = stack_rows(search, root)
    if stack is None:
        return None
    first = StackFirst(search, root, *stack)
    return first.run(), first.tally
