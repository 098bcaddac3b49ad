"""Cell numbering: which quotation position each answer letter is written into.

For every letter the answer slots holding it and the quotation positions holding it are
equally many (the answers are an exact partition), so numbering is a perfect matching per
letter. A random matching (reproducible by seed) is then repaired by swaps so that two
consecutive letters of an answer never land in the same quotation word, which would hand
the solver a free pair.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence

from puzzlewright.errors import PuzzleInputError


def number_cells(
    letters: str, word_of: Sequence[int], answers: Sequence[str], rng: random.Random
) -> list[list[int]]:
    """Quotation positions (0-based) for each letter of each answer.

    ``letters`` is the quotation's letter string, ``word_of[i]`` the index of the quotation
    word holding letter ``i``.
    """
    positions: dict[str, list[int]] = defaultdict(list)
    for i, letter in enumerate(letters):
        positions[letter].append(i)
    slots: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for a, word in enumerate(answers):
        for k, letter in enumerate(word):
            slots[letter].append((a, k))
    cells = [[-1] * len(word) for word in answers]
    for letter, where in slots.items():
        spots = list(positions.get(letter, ()))
        if len(spots) != len(where):
            raise PuzzleInputError(
                f"answers use {len(where)} {letter}'s but the quotation has {len(spots)}"
            )
        rng.shuffle(spots)
        for (a, k), spot in zip(where, spots, strict=True):
            cells[a][k] = spot
    _spread(cells, word_of, slots, rng)
    return cells


def conflicts(cells: list[list[int]], word_of: Sequence[int], a: int, k: int) -> int:
    """How many neighbours of letter ``k`` of answer ``a`` share its quotation word."""
    row = cells[a]
    here = word_of[row[k]]
    count = 0
    if k > 0 and word_of[row[k - 1]] == here:
        count += 1
    if k + 1 < len(row) and word_of[row[k + 1]] == here:
        count += 1
    return count


def _spread(
    cells: list[list[int]],
    word_of: Sequence[int],
    slots: dict[str, list[tuple[int, int]]],
    rng: random.Random,
    rounds: int = 20,
) -> None:
    """Swap same-letter positions between slots until no neighbours share a quotation word."""
    for _ in range(rounds):
        changed = False
        for where in slots.values():
            for a, k in where:
                if not conflicts(cells, word_of, a, k):
                    continue
                partners = list(where)
                rng.shuffle(partners)
                before_self = conflicts(cells, word_of, a, k)
                for b, j in partners:
                    if (b, j) == (a, k):
                        continue
                    before = before_self + conflicts(cells, word_of, b, j)
                    cells[a][k], cells[b][j] = cells[b][j], cells[a][k]
                    after = conflicts(cells, word_of, a, k) + conflicts(cells, word_of, b, j)
                    if after < before:
                        changed = True
                        break
                    cells[a][k], cells[b][j] = cells[b][j], cells[a][k]
        if not changed:
            return


def count_conflicts(cells: list[list[int]], word_of: Sequence[int]) -> int:
    """Pairs of consecutive answer letters sitting in one quotation word."""
    return sum(
        1 for row in cells for k in range(len(row) - 1) if word_of[row[k]] == word_of[row[k + 1]]
    )
