"""Search nodes and what a search run returns."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeAlias

from puzzlewright.bits import Bitset, LetterSet, WordSet

Solution: TypeAlias = tuple[int, ...]
"""The word index per variable (-1 for slots that only have to stay fillable)."""

Conflict: TypeAlias = Bitset
"""Decision levels to blame for a dead end: bit ``k`` is the ``k``-th decision."""

Decision: TypeAlias = tuple["State", int, WordSet]
"""(the node before the decision, the variable, its one-word candidate set)."""

Path: TypeAlias = tuple[bool, int, WordSet, "Path | None"]
"""(a decision "v = word" or a refutation "v != word"?, variable, word bit, earlier path)."""


class State:
    """One search node: candidates, cell letters, commitments and their reasons."""

    __slots__ = ("cells", "dom", "done", "filled", "grams", "level", "path", "size", "why")

    def __init__(
        self,
        dom: list[WordSet],
        cells: list[LetterSet],
        done: list[bool],
        why: list[Conflict],
        filled: int = 0,
        level: int = 0,
        grams: frozenset[str] | None = None,
        path: Path | None = None,
        size: list[int] | None = None,
    ) -> None:
        self.dom = dom  # per variable: candidate bitset
        self.cells = cells  # per empty cell: letter-set mask
        self.done = done  # per variable: committed to its single candidate
        self.why = why  # per variable: bitmask of the decision levels that narrowed it
        self.filled = filled  # committed variables
        self.level = level  # decisions taken to reach this node
        self.grams = grams  # substrings used by committed entries (max_shared_substring)
        self.path = path  # the decisions (v = word) and refutations (v != word) that led here
        # per variable: how many candidates (kept by propagation, which counts them anyway:
        # a popcount of a long int costs as much as several ANDs)
        self.size = size if size is not None else [d.bit_count() for d in dom]

    def copy(self) -> State:
        """An independent copy (ints are immutable, so copying the lists is enough)."""
        return State(
            self.dom[:],
            self.cells[:],
            self.done[:],
            self.why[:],
            self.filled,
            self.level,
            self.grams,
            self.path,
            self.size[:],
        )

    def fewest_per_weight(self, slots: Iterable[int], weights: list[float]) -> int:
        """The open slot of ``slots`` with the fewest candidates per failure weight
        (dom/wdeg: small domains and slots that failed often first); -1 when every one is
        committed. Ties keep the earliest in ``slots``, so the order passed in decides them."""
        best = -1
        best_key = 0.0
        done = self.done
        size = self.size
        for v in slots:
            if done[v]:
                continue
            key = size[v] / weights[v]
            if best < 0 or key < best_key:
                best, best_key = v, key
        return best


@dataclass
class Outcome:
    """What a search ended with."""

    status: str  # "filled", "unfillable" or "timeout"
    solutions: list[Solution]
    best: State  # the node with the most slots committed (for partial fills)
    nodes: int
    backtracks: int
    restarts: int
    failures: list[int]  # per variable: how often it ran out of candidates
