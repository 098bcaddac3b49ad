"""Learning across restarts: the refutations of an abandoned branch, kept as nogoods.

When the search restarts, each refutation "v != word" on the current branch still holds
whenever the decisions taken before it hold again (reduced nld-nogoods, Lecoutre et al.).
Those with no decision before them apply at the root; the others fire once all their
decisions are committed. Restarts therefore lose no work, and the run that exhausts its
tree is a proof.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeAlias

from puzzlewright.bits import WordSet
from puzzlewright.crossword.fill.problem import SlotId
from puzzlewright.crossword.fill.state import Path, State

Literal: TypeAlias = tuple[SlotId, WordSet]
"""(variable, one-word candidate set): "the variable holds this word"."""

Nogood: TypeAlias = tuple[tuple[Literal, ...], SlotId, WordSet]
"""(literals, variable, word bit): when all the literals hold, the variable is not that word."""


class Nogoods:
    """The nogoods learned in one tier of the search."""

    def __init__(self) -> None:
        self.nogoods: list[Nogood] = []
        self.known: set[Nogood] = set()
        self.watch: dict[Literal, list[int]] = {}
        self.unary: list[Literal] = []  # "v != bit" at the root

    def forget(self) -> None:
        """Drop everything (nogoods only hold for the tier that learned them)."""
        self.nogoods, self.known, self.watch, self.unary = [], set(), {}, []

    def learn(self, path: Path | None) -> None:
        """Keep each refutation on ``path`` with the decisions taken before it."""
        steps = []
        while path is not None:
            steps.append(path[:3])
            path = path[3]
        positives: list[Literal] = []
        for taken, v, bit in reversed(steps):
            if taken:
                positives.append((v, bit))
                continue
            nogood = (tuple(positives), v, bit)
            if nogood in self.known:
                continue
            self.known.add(nogood)
            if not positives:
                self.unary.append((v, bit))
                continue
            self.nogoods.append(nogood)
            for literal in positives:
                self.watch.setdefault(literal, []).append(len(self.nogoods) - 1)

    def implied(self, st: State, v: int, bit: int) -> Iterator[tuple[int, int, int]]:
        """(variable, word bit, reason levels) ruled out now that ``v`` holds ``bit``."""
        dom = st.dom
        done = st.done
        why = st.why
        for k in self.watch.get((v, bit), ()):
            positives, y, b = self.nogoods[k]
            if dom[y] & b and all(done[x] and dom[x] == a for x, a in positives):
                reason = 0
                for x, _ in positives:
                    reason |= why[x]
                yield y, b, reason
