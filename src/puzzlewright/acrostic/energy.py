"""The Gibbs draw of one clue, kept between the clue's moves and brought up to date.

A move scores every candidate of a clue (:meth:`WordTable.distances`: a matrix-vector
product over all of them) and draws from ``exp(-energy / temperature)``. Between two moves
of the same clue the other clues' moves usually leave what the scores depend on as it was:
the scores depend on the target (the quotation's letters less the other answers') only
through each letter's count clipped to 0 .. the most copies any candidate has, and on the
letter weights (adapted every ``adapt_every`` steps). On the benchmark quotations about
four moves in five find all of these unchanged, and most of the rest differ in one to
five clipped letters.

So :class:`Draws` keeps per clue the last distances, the clipped target and weights they
were made for, and the draw (the near candidates and their cumulative odds): an unchanged
clue draws from the kept odds, a few changed letters update the distances by one column per
letter, new weights recompute them. Every distance is an exact sum on the weight grid
(:mod:`puzzlewright.acrostic.tables`), so the updated distances equal the recomputed ones
bit for bit and the search draws exactly the same words as it would with no memory.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from puzzlewright.acrostic.tables import FloatArray, IntArray, WordTable

IndexArray = npt.NDArray[np.intp]


@dataclass
class Draw:
    """A clue's Gibbs distribution: the lowest energy, the candidates within reach of it
    and their cumulative odds (``None`` in :class:`Draws`: every candidate barred)."""

    low: float
    near: IndexArray
    odds: FloatArray
    total: np.float32  # odds[-1]


@dataclass
class _Kept:
    """What one clue's last draw was made from."""

    table: WordTable
    weights: bytes
    target: bytes
    clipped: IntArray
    distances: FloatArray
    bias: FloatArray  # the very array (the search replaces it when the bias changes)
    draw: Draw | None


class Draws:
    """Per clue, the Gibbs draw of its last move, reused or updated for the next one."""

    def __init__(self, clues: int, temperature: float, barred: float) -> None:
        self.temperature = temperature
        self.barred = barred
        self.kept: list[_Kept | None] = [None] * clues
        self.columns: dict[
            int, tuple[list[list[FloatArray]], IntArray]
        ] = {}  # per table: see _columns

    def draw(
        self, clue: int, table: WordTable, target: IntArray, weights: FloatArray, bias: FloatArray
    ) -> Draw | None:
        """The distribution of ``clue``'s next word (None: every candidate barred), for the
        letters ``target`` its answer should hold, letter ``weights`` and quality ``bias``."""
        key, goal = weights.tobytes(), target.tobytes()
        kept = self.kept[clue]
        fresh = kept is None or kept.table is not table or kept.weights != key
        if not fresh and kept is not None and kept.target == goal and kept.bias is bias:
            return kept.draw  # the common case: nothing changed
        counts, most = self._columns(table)
        clipped = np.minimum(np.maximum(target, 0), most)
        if fresh or kept is None:
            distances = table.distances(target, weights)
        else:
            changed = np.flatnonzero(kept.clipped != clipped)
            if not changed.size and kept.bias is bias:
                kept.target = goal
                return kept.draw
            distances = kept.distances
            before, after = kept.clipped.tolist(), clipped.tolist()
            for letter in changed.tolist():
                _shift(distances, counts[letter], weights[letter], before[letter], after[letter])
        self.kept[clue] = kept = _Kept(table, key, goal, clipped, distances, bias, None)
        kept.draw = self._draw(distances + bias)
        return kept.draw

    def _draw(self, energy: FloatArray) -> Draw | None:
        """The Gibbs distribution of these energies, as :meth:`ExactSearch._step` draws."""
        low = float(energy.min())
        if low >= self.barred / 2:
            return None
        temperature = self.temperature
        near = np.flatnonzero(energy <= low + 9.0 * temperature)
        odds = np.cumsum(np.exp((low - energy[near]) / temperature))
        return Draw(low, near, odds, odds[-1])

    def _columns(self, table: WordTable) -> tuple[list[list[FloatArray]], IntArray]:
        """Per letter of the table, its words holding more than ``k`` copies of it as a
        float32 0/1 row for ``k`` = 0 .. the most copies any word has - 1 (the rows an
        update adds), and those most copies per letter."""
        found = self.columns.get(id(table))
        if found is None:
            counts = table.counts
            most = counts.max(axis=0) if len(table) else np.zeros(table.size, np.int32)
            rows = [
                [np.ascontiguousarray(counts[:, letter] > k, np.float32) for k in range(top)]
                for letter, top in enumerate(most.tolist())
            ]
            found = (rows, most.astype(np.int32))
            self.columns[id(table)] = found  # the search holds its tables: ids stay unique
        return found


def _shift(
    distances: FloatArray, more: list[FloatArray], weight: np.float32, old: int, new: int
) -> None:
    """Update ``distances`` in place for a letter's clipped target moving from ``old`` to
    ``new`` (``more[k]``: the words with more than ``k`` copies of the letter).

    A word with ``c`` copies of the letter scores ``w * (c - 2 * min(c, t))`` for it (each
    copy within the target counts -w, each beyond it +w), so the move adds
    ``-2w * (min(c, new) - min(c, old))``, which is ``-2w`` (``+2w`` when the target falls)
    for each ``k`` between them below ``c``: whole multiples of the weight, exact on its
    grid, so adding them one ``k`` at a time gives the same distances to the bit.
    """
    step = np.float32(-2.0 if new > old else 2.0) * weight
    for k in range(min(old, new), max(old, new)):
        distances += step * more[k]
