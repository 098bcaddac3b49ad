"""Word searches: the words of a list hidden in a square of letters, with the key.

The sheet teachers print beside a vocabulary crossword, from the same word list
(:mod:`puzzlewright.crossword.classroom`). Words go in longest first, each at a random
place and direction among those that fit (sharing letters with words already placed is
preferred, as in printed word searches), and the square grows by one when a word finds no
place. The empty squares get random letters from the words' own letters, so the filler
does not give the words away by their letters; a filler that spells a listed word a second
time is redrawn. Same seed, same sheet. Work is counted in placement attempts.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from puzzlewright.crossword.clues import ClueLine
from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import NEVER, StopReason, StopSignal

Level = Literal["easy", "medium", "hard"]
DIRECTIONS: dict[Level, tuple[tuple[int, int], ...]] = {
    "easy": ((0, 1), (1, 0)),  # across, down
    "medium": ((0, 1), (1, 0), (1, 1), (-1, 1)),  # and the diagonals reading left to right
    "hard": ((0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)),
}
NAMES = {
    (0, 1): "across",
    (1, 0): "down",
    (1, 1): "down-right",
    (-1, 1): "up-right",
    (0, -1): "backwards",
    (-1, 0): "up",
    (-1, -1): "up-left",
    (1, -1): "down-left",
}
MAX_SIDE = 30
TRIES_PER_WORD = 400
FILLER_TRIES = 20


@dataclass(frozen=True)
class Hidden:
    """One placed word: as written, its letters, first cell and direction."""

    written: str
    answer: str
    row: int
    col: int
    direction: str

    def cells(self) -> list[tuple[int, int]]:
        """The cells the word covers, in reading order."""
        dr, dc = next(step for step, name in NAMES.items() if name == self.direction)
        return [(self.row + dr * i, self.col + dc * i) for i in range(len(self.answer))]


@dataclass
class WordSearch:
    """A filled square, where each word is, and the words that found no place."""

    rows: list[str]
    hidden: list[Hidden]
    left_out: list[str] = field(default_factory=list)
    level: Level = "medium"
    seed: int = 0
    stop_reason: StopReason | None = None

    @property
    def size(self) -> int:
        return len(self.rows)

    def to_json(self) -> dict[str, object]:
        """Rows, the words with their places, and what was left out."""
        return {
            "size": self.size,
            "level": self.level,
            "seed": self.seed,
            "rows": self.rows,
            "words": [
                {
                    "word": h.written,
                    "answer": h.answer,
                    "row": h.row + 1,
                    "col": h.col + 1,
                    "direction": h.direction,
                }
                for h in self.hidden
            ],
            "left_out": self.left_out,
            "stop_reason": self.stop_reason,
        }


class _Board:
    """The square being built: letters by cell, None where empty."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.cells: list[list[str | None]] = [[None] * size for _ in range(size)]

    def fits(self, word: str, r: int, c: int, dr: int, dc: int) -> int | None:
        """How many letters ``word`` shares with the board there (None: does not fit)."""
        end_r, end_c = r + dr * (len(word) - 1), c + dc * (len(word) - 1)
        if not (0 <= end_r < self.size and 0 <= end_c < self.size):
            return None
        shared = 0
        for i, letter in enumerate(word):
            here = self.cells[r + dr * i][c + dc * i]
            if here is not None and here != letter:
                return None
            shared += here is not None
        return None if shared == len(word) else shared

    def put(self, word: str, r: int, c: int, dr: int, dc: int) -> None:
        for i, letter in enumerate(word):
            self.cells[r + dr * i][c + dc * i] = letter


def _place(
    board: _Board, word: str, steps: tuple[tuple[int, int], ...], rng: random.Random
) -> tuple[int, int, int, int] | None:
    """A place for ``word`` (row, col, dr, dc): the best of a few random ones that fit."""
    best: tuple[int, tuple[int, int, int, int]] | None = None
    for _ in range(TRIES_PER_WORD):
        dr, dc = rng.choice(steps)
        r, c = rng.randrange(board.size), rng.randrange(board.size)
        shared = board.fits(word, r, c, dr, dc)
        if shared is not None and (best is None or shared > best[0]):
            best = (shared, (r, c, dr, dc))
            if shared >= 2:
                break
    return None if best is None else best[1]


def _fill(board: _Board, letters: str, rng: random.Random) -> list[str]:
    """The rows with every empty cell given a random letter from ``letters``."""
    return [
        "".join(cell if cell is not None else rng.choice(letters) for cell in row)
        for row in board.cells
    ]


def _count(rows: list[str], word: str) -> int:
    """How many times ``word`` reads in ``rows`` in any of the eight directions."""
    size, found = len(rows), 0
    for r in range(size):
        for c in range(size):
            for dr, dc in NAMES:
                end_r, end_c = r + dr * (len(word) - 1), c + dc * (len(word) - 1)
                if (
                    0 <= end_r < size
                    and 0 <= end_c < size
                    and all(rows[r + dr * i][c + dc * i] == ch for i, ch in enumerate(word))
                ):
                    found += 1
    return found // 2 if word == word[::-1] else found


def _attempt(
    words: list[ClueLine], size: int, level: Level, rng: random.Random, stop: StopSignal
) -> tuple[_Board, list[Hidden], list[str]]:
    """Place every word on a square of ``size``; the board, placements and left-outs."""
    board = _Board(size)
    hidden: list[Hidden] = []
    left: list[str] = []
    for line in sorted(words, key=lambda w: (-len(w.answer), w.answer)):
        if stop.should_stop():
            left.append(line.written or line.answer)
            continue
        spot = _place(board, line.answer, DIRECTIONS[level], rng)
        if spot is None:
            left.append(line.written or line.answer)
            continue
        r, c, dr, dc = spot
        board.put(line.answer, r, c, dr, dc)
        hidden.append(Hidden(line.written or line.answer, line.answer, r, c, NAMES[(dr, dc)]))
    return board, hidden, left


def make_wordsearch(
    words: list[ClueLine],
    *,
    size: int | None = None,
    level: Level = "medium",
    seed: int = 0,
    stop: StopSignal = NEVER,
) -> WordSearch:
    """A word search of ``words`` (see the module docstring). ``size`` fixes the square;
    by default it starts at the longest word (or the room the letters need) and grows."""
    if level not in DIRECTIONS:
        raise PuzzleInputError(
            f"unknown level {level!r}: easy, medium or hard", parameters=("level",)
        )
    unique = list({line.answer: line for line in words if len(line.answer) >= 2}.values())
    if not unique:
        raise PuzzleInputError("no word of two letters or more to hide")
    longest = max(len(line.answer) for line in unique)
    if size is not None and not longest <= size <= MAX_SIDE:
        raise PuzzleInputError(
            f"size must be {longest} to {MAX_SIDE} (the longest word has {longest} letters)",
            parameters=("size",),
        )
    if longest > MAX_SIDE:
        raise PuzzleInputError(f"a word longer than {MAX_SIDE} letters cannot be hidden")
    letters = sum(len(line.answer) for line in unique)
    side = size or min(MAX_SIDE, max(longest, int((letters * 1.9) ** 0.5) + 1))
    rng = random.Random(seed)
    while True:
        board, hidden, left = _attempt(unique, side, level, rng, stop)
        if not left or size is not None or side >= MAX_SIDE or stop.should_stop():
            break
        side += 1
    pool = "".join(sorted(Counter("".join(line.answer for line in unique)).elements()))
    rows = _fill(board, pool, rng)
    for _ in range(FILLER_TRIES):  # no listed word may read twice
        if all(_count(rows, h.answer) == 1 for h in hidden):
            break
        rows = _fill(board, pool, rng)
    return WordSearch(rows, hidden, left, level, seed, stop.reason)


__all__ = ["DIRECTIONS", "Hidden", "Level", "WordSearch", "make_wordsearch"]
