r"""Freeform (criss-cross) layout: the teacher's crossword built from a list of answers.

Each attempt places the answers one by one in some order: the first across, each next one
where it crosses the words already down and scores best (more crossings, less growth of the
bounding box, a shape close to the size asked for). A word may only touch the grid where it
crosses: its other cells have no neighbours beside them and nothing directly before or after
it, so no unintended letter pairs appear and every placed word is an entry. Words that find
no place are retried after the others. Several seeded orders are tried and the best layout
kept, by (words placed, crossings, density, smaller area).

>>> from puzzlewright.crossword.clues import parse_clues
>>> layout = lay_out(parse_clues("APPLE: a fruit\nPEAR: another\nLEMON: sour\n"), seed=0)
>>> layout.grid().rows_text()
['APPLE', '#E#E#', '#A#M#', '#R#O#', '###N#']
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from puzzlewright.crossword.clues import ClueLine, enumeration
from puzzlewright.crossword.grid import Cell, Direction, Grid, Position
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import NEVER, StopReason, StopSignal

ACROSS, DOWN = 1, 2
STEP = {ACROSS: (0, 1), DOWN: (1, 0)}
NAME: dict[int, Direction] = {ACROSS: "across", DOWN: "down"}
MAX_SIDE = 99
DEFAULT_TRIES = 100  # for up to 30 words; fewer for long lists (see default_tries)


@dataclass(frozen=True)
class Placement:
    """One answer placed at (row, col) going across or down."""

    answer: str
    clue: str
    row: int
    col: int
    direction: Direction
    line: int = 0  # line of the words file, 0 if not from a file
    written: str = ""  # the answer as the file wrote it (spaces, hyphens)

    @property
    def enumeration(self) -> str:
        """``5,6`` for a two-word answer, ``7`` for one word."""
        return enumeration(self.written or self.answer, self.answer)

    def cells(self) -> list[Position]:
        dr, dc = (0, 1) if self.direction == "across" else (1, 0)
        return [(self.row + i * dr, self.col + i * dc) for i in range(len(self.answer))]


@dataclass(frozen=True)
class Unplaced:
    """An answer left out of the layout and why."""

    answer: str
    clue: str
    reason: str
    line: int = 0

    def to_json(self) -> dict[str, object]:
        """The left-out answer as JSON, with the reason it found no place."""
        return {"answer": self.answer, "clue": self.clue, "line": self.line, "reason": self.reason}


@dataclass
class Layout:
    """A finished layout: grid size, placed words (grid coordinates) and left-out words."""

    width: int
    height: int
    placements: list[Placement]
    unplaced: list[Unplaced] = field(default_factory=list)
    attempts: int = 0
    stop_reason: StopReason | None = None  # the time limit or Ctrl-C cut the attempts short

    def letters(self) -> dict[Position, str]:
        """Every lettered cell and its letter."""
        out: dict[Position, str] = {}
        for placement in self.placements:
            for pos, letter in zip(placement.cells(), placement.answer, strict=True):
                out[pos] = letter
        return out

    @property
    def crossings(self) -> int:
        """Cells shared by an across and a down word."""
        across = {pos for p in self.placements if p.direction == "across" for pos in p.cells()}
        down = {pos for p in self.placements if p.direction == "down" for pos in p.cells()}
        return len(across & down)

    @property
    def density(self) -> float:
        """Share of the grid's cells that hold a letter."""
        return len(self.letters()) / (self.width * self.height)

    def grid(self) -> Grid:
        """The solution grid: letters, and blocks everywhere else."""
        letters = self.letters()
        cells: list[list[Cell]] = [
            [letters.get((r, c)) for c in range(self.width)] for r in range(self.height)
        ]
        return Grid(cells)

    def puzzle(self, title: str = "", author: str = "") -> Puzzle:
        """A numbered puzzle with the clues on their entries; empty cells are voids."""
        grid = self.grid()
        by_start = {(p.row, p.col, p.direction): p for p in self.placements}
        clues = {}
        for slot in grid.slots():
            placement = by_start.get((slot.row, slot.col, slot.direction))
            if placement is None or len(placement.answer) != slot.length:
                raise AssertionError(f"layout entry {slot.key} is not one of the placed words")
            several = not placement.enumeration.isdigit()  # a phrase: its words' lengths
            clues[slot.key] = placement.clue + (f" ({placement.enumeration})" if several else "")
        voids = {
            (r, c) for r, row in enumerate(grid.cells) for c, cell in enumerate(row) if cell is None
        }
        return Puzzle(grid, title=title, author=author, clues=clues, voids=voids)

    def ordered(self) -> list[tuple[str, Placement]]:
        """(entry key, placement) in clue order: across by number, then down by number."""
        grid = self.grid()
        keyed = {(s.row, s.col, s.direction): s.key for s in grid.slots()}
        rows = [(keyed[(p.row, p.col, p.direction)], p) for p in self.placements]
        return sorted(rows, key=lambda item: (item[1].direction != "across", int(item[0][:-1])))

    def to_json(self) -> dict[str, object]:
        """The layout as ``crossword layout --json`` prints it (less the command's own
        fields): size, figures, solution rows, entries in clue order, left-out words."""
        return {
            "width": self.width,
            "height": self.height,
            "placed": len(self.placements),
            "crossings": self.crossings,
            "density": round(self.density, 3),
            "attempts": self.attempts,
            "stop_reason": self.stop_reason,
            "rows": self.grid().rows_text(),
            "entries": [
                {
                    "key": key,
                    "number": int(key[:-1]),
                    "direction": p.direction,
                    "row": p.row,
                    "col": p.col,
                    "answer": p.answer,
                    "clue": p.clue,
                    "line": p.line,
                }
                for key, p in self.ordered()
            ],
            "unplaced": [u.to_json() for u in self.unplaced],
        }


class _Board:
    """A growing criss-cross on an unbounded plane, limited to a bounding box size."""

    def __init__(self, max_width: int, max_height: int) -> None:
        self.max_width = max_width
        self.max_height = max_height
        self.cells: dict[Position, str] = {}
        self.dirs: dict[Position, int] = {}
        self.by_letter: dict[str, list[Position]] = defaultdict(list)
        self.box = (0, 0, -1, -1)  # top, left, bottom, right
        self.words: list[tuple[ClueLine, int, int, int]] = []
        self.crossings = 0

    def area(self, box: tuple[int, int, int, int]) -> tuple[int, int]:
        return box[3] - box[1] + 1, box[2] - box[0] + 1

    def fit(
        self, word: str, r: int, c: int, d: int
    ) -> tuple[int, tuple[int, int, int, int]] | None:
        """(crossings, new bounding box) if ``word`` may go at (r, c) in direction d."""
        dr, dc = STEP[d]
        pr, pc = dc, dr  # the perpendicular step
        cells, dirs = self.cells, self.dirs
        n = len(word)
        if (r - dr, c - dc) in cells or (r + n * dr, c + n * dc) in cells:
            return None
        crossings = 0
        for i, letter in enumerate(word):
            pos = (r + i * dr, c + i * dc)
            found = cells.get(pos)
            if found is not None:
                if found != letter or dirs[pos] & d:
                    return None
                crossings += 1
            elif (pos[0] + pr, pos[1] + pc) in cells or (pos[0] - pr, pos[1] - pc) in cells:
                return None
        if self.words and not crossings:
            return None
        top, left, bottom, right = self.box
        if self.words:
            box = (
                min(top, r),
                min(left, c),
                max(bottom, r + (n - 1) * dr),
                max(right, c + (n - 1) * dc),
            )
        else:
            box = (r, c, r + (n - 1) * dr, c + (n - 1) * dc)
        width, height = self.area(box)
        if width > self.max_width or height > self.max_height:
            return None
        return crossings, box

    def place(self, item: ClueLine, r: int, c: int, d: int, box: tuple[int, int, int, int]) -> None:
        dr, dc = STEP[d]
        for i, letter in enumerate(item.answer):
            pos = (r + i * dr, c + i * dc)
            if pos in self.cells:
                self.crossings += 1
                self.dirs[pos] |= d
            else:
                self.cells[pos] = letter
                self.dirs[pos] = d
                self.by_letter[letter].append(pos)
        self.box = box
        self.words.append((item, r, c, d))

    def spots(self, word: str) -> Iterator[tuple[int, int, int]]:
        """Every (row, col, direction) where ``word`` would cross a letter already down."""
        seen: dict[tuple[int, int, int], None] = {}
        for k, letter in enumerate(word):
            for r, c in self.by_letter.get(letter, ()):
                taken = self.dirs[(r, c)]
                if taken == ACROSS | DOWN:
                    continue
                d = DOWN if taken == ACROSS else ACROSS
                dr, dc = STEP[d]
                spot = (r - k * dr, c - k * dc, d)
                if spot not in seen:
                    seen[spot] = None
                    yield spot


def _score(
    board: _Board, word: str, crossings: int, box: tuple[int, int, int, int], jitter: float
) -> float:
    """Placement preference: crossings first, then little growth and a balanced shape."""
    old_w, old_h = board.area(board.box)
    new_w, new_h = board.area(box)
    growth = (new_w * new_h - old_w * old_h) / len(word)
    shape = abs(new_w / board.max_width - new_h / board.max_height) * 4
    return crossings * 6 - growth - shape + jitter


def _attempt(
    words: Sequence[ClueLine], max_width: int, max_height: int, rng: random.Random
) -> _Board:
    """One greedy layout of ``words`` in this order; words left out are retried at the end."""
    board = _Board(max_width, max_height)
    pending: list[ClueLine] = []
    for item in words:
        if not board.words:
            word = item.answer
            across = len(word) <= max_width
            d = ACROSS if across else DOWN
            fitted = board.fit(word, 0, 0, d)
            if fitted is None:
                pending.append(item)
            else:
                board.place(item, 0, 0, d, fitted[1])
            continue
        if not _place_best(board, item, rng):
            pending.append(item)
    progress = True
    while pending and progress:
        progress = False
        for item in list(pending):
            if board.words and _place_best(board, item, rng):
                pending.remove(item)
                progress = True
    return board


def _place_best(board: _Board, item: ClueLine, rng: random.Random) -> bool:
    best: tuple[float, int, int, int, tuple[int, int, int, int]] | None = None
    for r, c, d in board.spots(item.answer):
        fitted = board.fit(item.answer, r, c, d)
        if fitted is None:
            continue
        score = _score(board, item.answer, fitted[0], fitted[1], rng.random() * 0.5)
        if best is None or score > best[0]:
            best = (score, r, c, d, fitted[1])
    if best is None:
        return False
    board.place(item, best[1], best[2], best[3], best[4])
    return True


def _order(words: Sequence[ClueLine], attempt: int, rng: random.Random) -> list[ClueLine]:
    """Longest first on the first attempt; then shuffled with a bias towards long words."""
    if attempt == 0:
        return sorted(words, key=lambda w: -len(w.answer))
    return sorted(words, key=lambda w: -len(w.answer) * rng.uniform(0.5, 1.5))


def _quality(board: _Board) -> tuple[int, int, float, int]:
    width, height = board.area(board.box)
    area = max(1, width * height)
    return len(board.words), board.crossings, len(board.cells) / area, -area


def default_max_size(words: Sequence[ClueLine]) -> int:
    """A roomy square side for the words: enough for a loose layout, never below the longest."""
    letters = sum(len(w.answer) for w in words)
    longest = max((len(w.answer) for w in words), default=2)
    return min(MAX_SIDE, max(longest, math.ceil(math.sqrt(3 * letters))))


def default_tries(count: int) -> int:
    """Attempts worth making for ``count`` words: 100, fewer for long lists (at least 10)."""
    return max(10, min(DEFAULT_TRIES, 3000 // max(1, count)))


def lay_out(
    words: Sequence[ClueLine],
    *,
    width: int | None = None,
    height: int | None = None,
    max_size: int | None = None,
    seed: int = 0,
    tries: int | None = None,
    stop: StopSignal = NEVER,
) -> Layout:
    """The best criss-cross layout of ``words`` found in ``tries`` seeded attempts.

    ``tries`` defaults to :func:`default_tries`; ``stop`` ends the attempts early (the best
    layout so far is kept).

    With ``width``/``height`` the grid is exactly that size (the layout centred in it);
    otherwise it is cropped to the words and at most ``max_size`` on a side.
    """
    if len(words) < 2:
        raise PuzzleInputError(f"need at least two answers to lay out, got {len(words)}")
    if tries is None:
        tries = default_tries(len(words))
    if tries < 1:
        raise PuzzleInputError(f"tries must be at least 1, not {tries}", parameters=("tries",))
    fixed = width is not None or height is not None
    if fixed:
        if width is None or height is None:
            raise PuzzleInputError("give both the width and the height of the grid")
        limit_w, limit_h = width, height
    else:
        side = max_size if max_size is not None else default_max_size(words)
        limit_w = limit_h = side
    if not (2 <= limit_w <= MAX_SIDE and 2 <= limit_h <= MAX_SIDE):
        raise PuzzleInputError(
            f"impossible grid size {limit_w}x{limit_h} (each side must be 2 to {MAX_SIDE})"
        )
    first = _first_of_each(words)
    usable = [w for w in words if len(w.answer) >= 2 and first[w.answer, w.clue] is w]
    if not _any_shared_letter(usable):
        raise PuzzleInputError("no two answers share a letter, so no word can cross another")
    rng = random.Random(seed)
    best: _Board | None = None
    attempts = 0
    for attempt in range(tries):
        if attempt and stop.should_stop():
            break
        attempts += 1
        board = _attempt(_order(usable, attempt, rng), limit_w, limit_h, rng)
        if best is None or _quality(board) > _quality(best):
            best = board
    assert best is not None
    if len(best.words) < 2:
        raise PuzzleInputError(
            f"could not cross any two answers within {limit_w}x{limit_h}; allow a larger grid"
        )
    layout = _finish(best, words, (limit_w, limit_h) if fixed else None, attempts)
    layout.stop_reason = stop.reason
    return layout


def _any_shared_letter(words: Sequence[ClueLine]) -> bool:
    seen: dict[str, int] = {}
    for k, item in enumerate(words):
        for letter in set(item.answer):
            if seen.setdefault(letter, k) != k:
                return True
    return False


def _finish(
    board: _Board, words: Sequence[ClueLine], size: tuple[int, int] | None, attempts: int
) -> Layout:
    """Shift the board to grid coordinates and explain every word left out."""
    top, left, _, _ = board.box
    width, height = board.area(board.box)
    if size is not None:
        top -= (size[1] - height) // 2
        left -= (size[0] - width) // 2
        width, height = size
    placements = [
        Placement(item.answer, item.clue, r - top, c - left, NAME[d], item.line, item.written)
        for item, r, c, d in board.words
    ]
    placed = {id(item) for item, *_ in board.words}
    first = _first_of_each(words)
    unplaced = [
        Unplaced(item.answer, item.clue, _why(item, first, board), item.line)
        for item in words
        if id(item) not in placed
    ]
    return Layout(width, height, placements, unplaced, attempts)


def _first_of_each(words: Sequence[ClueLine]) -> dict[tuple[str, str], ClueLine]:
    """The first line of each answer and clue: a later line with both the same is a repeat
    (the same answer with another clue is a second entry, see ``clues.repeated_answers``)."""
    first: dict[tuple[str, str], ClueLine] = {}
    for item in words:
        first.setdefault((item.answer, item.clue), item)
    return first


def _why(item: ClueLine, first: dict[tuple[str, str], ClueLine], board: _Board) -> str:
    """Why ``item`` found no place: a repeat, too short or long, no letter in common with
    the words placed, or no free crossing."""
    original = first[item.answer, item.clue]
    if original is not item:
        where = f"line {original.line}" if original.line else "an earlier answer"
        return f"repeats the answer of {where}"
    if len(item.answer) < 2:
        return "too short: an entry needs at least two letters"
    if len(item.answer) > max(board.max_width, board.max_height):
        return (
            f"longer than the grid allows ({len(item.answer)} letters, "
            f"grid at most {board.max_width}x{board.max_height})"
        )
    placed = {letter for w, *_ in board.words for letter in w.answer}
    if not placed & set(item.answer):
        return "shares no letter with the words placed, so it cannot cross any of them"
    common = ", ".join(sorted(placed & set(item.answer)))
    return (
        f"found no free place to cross the words already laid out (it shares {common} "
        "with them, but every such crossing is taken or would touch another word)"
    )
