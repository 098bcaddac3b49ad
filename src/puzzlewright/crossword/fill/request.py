"""``FillRequest``: what to fill and how, built once by a face and passed down unchanged.

The command line (``crossword fill``) and the workbench (``POST /api/crossword/fill``) both
build one :class:`FillRequest`; :func:`~puzzlewright.crossword.fill.run.fill`,
:func:`~puzzlewright.crossword.fill.portfolio.fill_portfolio` and each portfolio member take
it as it is (as python-chess passes one ``Limit`` through every call). What is not part of
the request stays beside it: the word list (shipped once to workers), the stop signal and
the progress callback (they belong to the run, not to the puzzle).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlewright.crossword.fill.problem import Region
from puzzlewright.crossword.grid import Grid
from puzzlewright.errors import PuzzleInputError

if TYPE_CHECKING:  # whoever asks for constraints imports them: a plain fill need not
    from puzzlewright.crossword.fill.constraints import Constraints


@dataclass(frozen=True)
class FillRequest:
    """One fill: the grid (letters already there are kept) and the filler's options.

    ``min_score`` keeps only the words scoring that high; ``seed`` makes the search
    repeatable; ``count`` asks for that many different fills, best first;
    ``max_shared_substring`` forbids two entries sharing a longer run of letters;
    ``region`` fills only a rectangle or some entries (see
    :data:`~puzzlewright.crossword.fill.problem.Region`);
    ``quality`` chooses the tiered (True) or fast (False) mode, None by grid and list;
    ``constraints`` asks for a pangram, letter bans and quotas or a nina (see
    :mod:`~puzzlewright.crossword.fill.constraints`; filled by
    :func:`~puzzlewright.crossword.fill.constrained.fill_constrained`);
    ``letters``: letters every fill must hold somewhere, a constraint inside the search
    (see :mod:`~puzzlewright.crossword.fill.letters`; a pangram's missing letters).
    """

    grid: Grid
    min_score: int | None = None
    seed: int = 0
    count: int = 1
    max_shared_substring: int | None = None
    region: Region = None
    quality: bool | None = None
    constraints: Constraints | None = None
    letters: str = ""

    def __post_init__(self) -> None:
        """A region's entry keys as a tuple (the request is frozen all the way down)."""
        region = self.region
        if isinstance(region, Sequence) and region and isinstance(region[0], str):
            object.__setattr__(self, "region", tuple(str(key) for key in region))
        object.__setattr__(self, "letters", "".join(sorted(set(self.letters.upper()))))

    def check(self) -> None:
        """Refuse option values no search can honour (PuzzleInputError)."""
        if self.count < 1:
            raise PuzzleInputError(f"the number of fills must be at least 1, not {self.count}")
        if self.max_shared_substring is not None and self.max_shared_substring < 1:
            raise PuzzleInputError("the maximum shared substring must be at least 1 letter")
        if self.constraints is not None:
            self.constraints.check()
