"""A difficulty estimate of a filled crossword, before anyone has solved it.

The model (issue 32): a solver knows every entry whose familiarity is at or above a
threshold and gets the others only from their crossings. An unknown entry falls when the
letters of its solved crossings leave one word of the list that fits (and that word is the
answer), or when every one of its cells is crossed by a solved entry; solving goes on to a
fixpoint. Lowering the threshold only adds knowledge, so each entry has a highest threshold
at which it falls (``falls_at``) and the grid one at which every entry falls (``needed``:
how far down the familiarity scale a solver's vocabulary must reach). ``needed`` maps onto
a Monday-to-Saturday scale calibrated on published puzzles (docs/difficulty.md).

A *Natick* is a crossing of two entries that a reference solver does not know, where each
entry's other letters still allow several letters at the crossing and more than one letter
fits both: the solver can only guess.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Literal

from puzzlewright.crossword.familiarity import entry_familiarity, plausible
from puzzlewright.crossword.grid import Grid, Position
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import clock, fields_json

DifficultyStatus = Literal["solves", "unsolved"]
"""``solves``: some threshold lets the simulated solver finish the grid; ``unsolved``:
even a solver who knows every entry of familiarity 1 or more cannot get some entry (one
wordfreq never met, familiarity 0, is never known: it must come from its crossings)."""

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")

LEVEL_MODEL = (0.0, -0.047, 3.231, -12.072)
"""The day scale: ``level = a * typical + b * needed + c * average_length + d``, least
squares on 180 New York Times puzzles, 30 of each day Monday to Saturday, of 1994-2005
(checked on 180 others of 2006-2017; docs/difficulty.md "The day scale"), clamped to
1.0-6.0."""

CALIBRATED_SIDES = (13, 17)
"""Grid sides the day scale is taken to fit (the calibration sample is 15x15)."""

NATICK_FAMILIARITY = 20
"""The reference solver of the Natick check knows entries of this familiarity (zipf 2.0)
and above: on the calibration sample of 2006-2017, 11 of the 90 Monday to Wednesday
puzzles (which an editor keeps Naticks out of) have a Natick at 20, and 25 of the 60
Friday and Saturday ones; at 25, 23 of the 30 Mondays had one, and at 15 almost no
puzzle of any day."""


@dataclass(frozen=True)
class EntryDifficulty:
    """One entry: how familiar it is and the highest threshold at which the solver gets it."""

    key: str
    answer: str
    familiarity: int  # round(10 * zipf): crossword.familiarity.entry_familiarity
    falls_at: int | None  # None: never falls, even when every listed entry is known
    by_crossings: bool  # at the grid's needed threshold it comes from crossings alone

    def to_json(self) -> dict[str, object]:
        """The entry as JSON: every field, in order."""
        return asdict(self)


@dataclass(frozen=True)
class Natick:
    """Two unknown entries crossing at a letter neither entry's other letters force."""

    row: int  # 1-based
    col: int  # 1-based
    across: str
    down: str
    answers: tuple[str, str]
    letters: str  # the letters that fit both entries there (the answer's among them)

    def to_json(self) -> dict[str, object]:
        """The crossing as JSON: every field, in order."""
        return {**asdict(self), "answers": list(self.answers)}


_PLAIN = "status needed typical average_length level day natick_familiarity"


@dataclass(frozen=True)
class DifficultyEstimate:
    """The estimate of one grid: the threshold it needs, its day, per entry, its Naticks."""

    status: DifficultyStatus
    needed: int | None  # the highest familiarity threshold at which the grid solves
    typical: float  # the entries' mean falls_at (0 for an entry that never falls)
    average_length: float
    level: float  # 1.0 (Monday) .. 6.0 (Saturday), from LEVEL_MODEL
    day: str
    entries: list[EntryDifficulty]
    naticks: list[Natick]
    natick_familiarity: int
    seconds: float
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """The estimate as JSON, entries and Naticks each as their own ``to_json()``."""
        return {
            **fields_json(
                self, "status needed typical average_length level day natick_familiarity"
            ),
            "entries": [entry.to_json() for entry in self.entries],
            "naticks": [natick.to_json() for natick in self.naticks],
            "seconds": round(self.seconds, 3),
            "warnings": self.warnings,
        }


@dataclass(frozen=True)
class _Entry:
    key: str
    cells: tuple[Position, ...]
    letters: tuple[str, ...]  # normalized, one string per cell (several letters: a rebus)
    answer: str
    familiarity: int
    listed: bool  # the answer is a word of the matching list (never a rebus entry)


def estimate_difficulty(
    grid: Grid, words: WordList, *, natick_familiarity: int = NATICK_FAMILIARITY
) -> DifficultyEstimate:
    """The difficulty estimate of the filled ``grid``: crossing letters are matched against
    ``words`` (the words a solver could think of); familiarity is ``entry_familiarity``,
    the same whatever the list, so the day scale keeps its calibration."""
    started = clock()
    if not grid.is_filled():
        raise PuzzleInputError("the grid must be filled to estimate its difficulty")
    entries = _entries(grid, words)
    if not entries:
        raise PuzzleInputError("the grid has no entries to estimate")
    falls, needed = _sweep(entries, words)
    typical = round(sum(fall or 0 for fall in falls) / len(entries), 1)
    length = round(sum(len(e.cells) for e in entries) / len(entries), 2)
    level = difficulty_level(typical, needed, length)
    rows = [
        EntryDifficulty(
            e.key,
            e.answer,
            e.familiarity,
            fall,
            needed is not None and e.familiarity < needed,
        )
        for e, fall in zip(entries, falls, strict=True)
    ]
    return DifficultyEstimate(
        "unsolved" if needed is None else "solves",
        needed,
        typical,
        length,
        level,
        DAYS[int(level + 0.5) - 1],
        rows,
        naticks(entries, words, natick_familiarity),
        natick_familiarity,
        clock() - started,
        scale_warnings(grid),
    )


def scale_warnings(grid: Grid) -> list[str]:
    """Why the day scale may not fit ``grid``: it was calibrated on 15x15 American dailies
    (every cell checked), and its length term reads other grids' entries as those."""
    unchecked = len(grid.unchecked())
    if (
        CALIBRATED_SIDES[0] <= min(grid.width, grid.height)
        and max(grid.width, grid.height) <= CALIBRATED_SIDES[1]
        and not unchecked
    ):
        return []
    shape = f"{grid.width}x{grid.height}" + (
        f" with {unchecked} unchecked cells" if unchecked else ""
    )
    return [
        f"the day scale is calibrated on 15x15 American dailies; this grid ({shape}) is "
        "outside it: compare its level only with similar grids"
    ]


def solved_at(grid: Grid, words: WordList, threshold: int) -> set[str]:
    """The keys of the entries the simulated solver gets when it knows every entry of
    familiarity ``threshold`` and above, never one of familiarity 0 (one threshold alone:
    what the sweep of ``estimate_difficulty`` reads off for all of them at once)."""
    if not grid.is_filled():
        raise PuzzleInputError("the grid must be filled to estimate its difficulty")
    entries = _entries(grid, words)
    solver = _Solver(entries, words)
    solver.learn([i for i, e in enumerate(entries) if e.familiarity >= max(threshold, 1)])
    return {entries[i].key for i in solver.solved}


def _entries(grid: Grid, words: WordList) -> list[_Entry]:
    """Each slot's letters, answer, familiarity and whether ``words`` has it (a rebus
    entry is scored on all its letters but matched only when fully crossed)."""
    found = []
    normalize = words.alphabet.normalize
    for slot in grid.slots():
        letters = tuple(normalize(grid.cells[r][c] or "") for r, c in slot.cells)
        answer = "".join(letters)
        single = all(len(letter) == 1 for letter in letters)
        listed = single and words.score(answer) is not None
        found.append(
            _Entry(slot.key, slot.cells, letters, answer, entry_familiarity(answer), listed)
        )
    return found


def difficulty_level(typical: float, needed: int | None, average_length: float) -> float:
    """The 1.0 (Monday) to 6.0 (Saturday) level of ``LEVEL_MODEL`` (an unsolved grid counts
    as needing threshold 0: everything known)."""
    a, b, c, d = LEVEL_MODEL
    level = a * typical + b * (needed or 0) + c * average_length + d
    return round(min(6.0, max(1.0, level)), 2)


class _Solver:
    """The simulated solver: which entries it has and which cells it has written."""

    def __init__(self, entries: list[_Entry], words: WordList) -> None:
        self.entries = entries
        self.words = words
        self.solved: set[int] = set()
        self.revealed: set[Position] = set()
        self.crossing: dict[Position, list[int]] = {}
        for i, entry in enumerate(entries):
            for pos in entry.cells:
                self.crossing.setdefault(pos, []).append(i)

    def learn(self, known: list[int]) -> None:
        """The solver now knows ``known``: write them in and solve on to a fixpoint."""
        queue = [i for i in known if i not in self.solved]
        while queue:
            i = queue.pop()
            if i in self.solved:
                continue
            self.solved.add(i)
            for pos in self.entries[i].cells:
                if pos not in self.revealed:
                    self.revealed.add(pos)
                    queue.extend(j for j in self.crossing[pos] if self._falls(j))

    def _falls(self, i: int) -> bool:
        """An unsolved entry is fully crossed, or its written letters fit only its answer."""
        if i in self.solved:
            return False
        entry = self.entries[i]
        shown = [pos in self.revealed for pos in entry.cells]
        if all(shown):
            return True
        if not entry.listed or not any(shown):
            return False
        pattern = "".join(ch if on else "?" for ch, on in zip(entry.letters, shown, strict=True))
        return self.words.index(len(pattern)).mask(pattern).bit_count() == 1


def _sweep(entries: list[_Entry], words: WordList) -> tuple[list[int | None], int | None]:
    """Each entry's highest falling threshold and the grid's, lowering the threshold
    through the entries' familiarities (knowledge only grows, so the solver carries on)."""
    levels = sorted({e.familiarity for e in entries if e.familiarity > 0}, reverse=True)
    falls: list[int | None] = [None] * len(entries)
    solver = _Solver(entries, words)
    for level in levels:
        solver.learn([i for i, e in enumerate(entries) if e.familiarity == level])
        for i in solver.solved:
            if falls[i] is None:
                falls[i] = level
        if len(solver.solved) == len(entries):
            return falls, level
    return falls, None


def naticks(entries: list[_Entry], words: WordList, below: int) -> list[Natick]:
    """Crossings of two entries below familiarity ``below`` where more than one letter
    fits both entries' other letters."""
    cells: dict[Position, dict[str, tuple[_Entry, int]]] = {}
    for entry in entries:
        direction = entry.key[-1]
        for offset, pos in enumerate(entry.cells):
            cells.setdefault(pos, {})[direction] = (entry, offset)
    found = []
    for (r, c), pair in sorted(cells.items()):
        if len(pair) != 2:
            continue
        (across, a_at), (down, d_at) = pair["A"], pair["D"]
        if across.familiarity >= below or down.familiarity >= below:
            continue
        both = _open_letters(across, a_at, words) & _open_letters(down, d_at, words)
        if len(both) > 1:
            found.append(
                Natick(
                    r + 1,
                    c + 1,
                    across.key,
                    down.key,
                    (across.answer, down.answer),
                    "".join(sorted(both)),
                )
            )
    return found


def _open_letters(entry: _Entry, at: int, words: WordList) -> set[str]:
    """The letters that could stand at offset ``at`` of ``entry`` given its other letters:
    the list's words that fit, or for an entry outside the list the letters that make a
    word or phrase wordfreq knows (familiarity ``PLAUSIBLE`` or more)."""
    if len(entry.letters[at]) != 1:
        return set()
    if not entry.listed:
        before, after = "".join(entry.letters[:at]), "".join(entry.letters[at + 1 :])
        return {entry.letters[at]} | {
            letter for letter in words.alphabet.letters if plausible(before + letter + after)
        }
    pattern = "".join("?" if i == at else ch for i, ch in enumerate(entry.letters))
    index = words.index(len(pattern))
    mask = index.mask(pattern)
    return {letter for letter, bits in index.bits[at].items() if mask & bits}
