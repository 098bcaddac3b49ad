"""Cryptarithms (alphametics): parse, solve, count, test uniqueness.

>>> from puzzlewright.cryptarithm import solve
>>> solve("SEND + MORE = MONEY").solutions
[{'S': 9, 'E': 5, 'N': 6, 'D': 7, 'M': 1, 'O': 0, 'R': 8, 'Y': 2}]
"""

from puzzlewright.cryptarithm.solver import (
    Cryptarithm,
    Solution,
    SolveResult,
    SolveStatus,
    parse_assignments,
    parse_digit_set,
    parse_forbidden,
    solve,
)

__all__ = [
    "Cryptarithm",
    "Solution",
    "SolveResult",
    "SolveStatus",
    "parse_assignments",
    "parse_digit_set",
    "parse_forbidden",
    "solve",
]
