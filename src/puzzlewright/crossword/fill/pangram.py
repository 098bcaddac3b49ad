"""A pangram repair's letter rules: which missing letter to supply first, which letters a
repair must not lose, and which letters no open entry can take at all.

Repairing one missing letter at a time used to cycle: clearing the fill around a new word
often erased the only G or K elsewhere nearby, and the next round went after that letter.
So a repair (see :mod:`~puzzlewright.crossword.fill.constrained`) supplies the rarest
missing letter first (the one the fewest words of the grid's open lengths hold), and
before clearing it fixes one cell of every letter the current fill holds at most
:data:`LOCK_AT_MOST` times, the cell farthest from the change: a letter
held once stays present. A letter held twice or more can still be lost
to a full refill (it then comes back as a missing letter and costs a round); holding
more letters left the refills too little room (see :data:`LOCK_AT_MOST`).
"""

from __future__ import annotations

from puzzlewright.crossword.fill.constraints import Reason, letter_counts
from puzzlewright.crossword.grid import Grid, Position, Slot
from puzzlewright.lexicon import WordList

LOCK_AT_MOST = 1
"""A letter the fill holds this many times or fewer has one cell fixed during a repair
(more copies are seldom all cleared at once, and each fixed cell narrows the refill: at 2
the themed 15x15 pangrams took 9.6, 15.1 and 21.9 s of CPU, at 1 11.1, 5.9 and 10.1 s)."""


def holding(words: WordList, length: int, letter: str) -> int:
    """The words of ``length`` holding ``letter`` anywhere, as a bitset of the index."""
    found = 0
    for column in words.index(length).bits:
        found |= column.get(letter, 0)
    return found


def rarest_first(grid: Grid, words: WordList, letters: str) -> str:
    """``letters`` ordered by how few words of the grid's open entry lengths hold each
    (ties in the given order): the hardest letter to place is supplied first."""
    lengths = sorted({slot.length for slot in grid.slots() if "?" in grid.word(slot)})

    def supply(letter: str) -> int:
        return sum(holding(words, n, letter).bit_count() for n in lengths)

    return "".join(sorted(letters, key=lambda letter: (supply(letter), letters.index(letter))))


def unplaceable(grid: Grid, words: WordList, letters: str) -> str:
    """The letters of ``letters`` that no open entry of ``grid`` can take: no word of the
    list matches the entry's given letters and holds the letter (nor does any cell hold
    it already). A pangram with such a letter cannot be met with this list."""
    present = set(letter_counts(grid))
    blocked = []
    slots = [slot for slot in grid.slots() if "?" in grid.word(slot)]
    for letter in letters:
        if letter in present:
            continue
        if not any(
            len(grid.word(slot)) == slot.length
            and words.index(slot.length).mask(grid.word(slot)) & holding(words, slot.length, letter)
            for slot in slots
        ):
            blocked.append(letter)
    return "".join(blocked)


def pangram_refusal(grid: Grid, words: WordList, alphabet: str) -> tuple[Reason, str] | None:
    """Why no fill of ``grid`` from ``words`` can hold every letter of ``alphabet``, or
    None: too few cells for the letters, or letters no open entry can take."""
    present = set(letter_counts(grid))
    cells = sum(1 for r, c in grid.positions() if not grid.cells[r][c])
    needed = len(set(alphabet) - present)
    if cells < needed:
        return "conflict", f"a pangram needs {needed} more letters; the grid has {cells} open cells"
    blocked = unplaceable(grid, words, alphabet)
    if blocked:
        return "unfillable", f"no open entry can take a listed word with {blocked}"
    return None


def lock_rare(
    fixed: Grid, current: Grid, focus: set[Position], alphabet: str, words: WordList
) -> Grid:
    """``fixed`` plus, for each letter of ``alphabet`` that ``current`` holds at most
    :data:`LOCK_AT_MOST` times and ``fixed`` does not hold, that letter in its cell of
    ``current`` farthest from ``focus`` (ties by position) that ``fixed`` leaves open and
    where both entries through the cell still match a listed word."""
    locked = fixed.copy()
    have = letter_counts(fixed)
    counts = letter_counts(current)
    through: dict[Position, list[Slot]] = {}
    for slot in locked.slots():
        for cell in slot.cells:
            through.setdefault(cell, []).append(slot)
    for letter in alphabet:
        if have[letter] or not 0 < counts[letter] <= LOCK_AT_MOST:
            continue
        cells = [
            (r, c)
            for r, c in current.positions()
            if current.cells[r][c] == letter and not locked.cells[r][c]
        ]
        cells.sort(key=lambda cell: (-_distance(cell, focus), cell))
        for r, c in cells:
            locked.cells[r][c] = letter
            if all(_matches(locked, slot, words) for slot in through.get((r, c), ())):
                break
            locked.cells[r][c] = ""
    return locked


def _matches(grid: Grid, slot: Slot, words: WordList) -> bool:
    """True when some listed word matches the slot's letters (a rebus slot: left to the
    filler)."""
    pattern = grid.word(slot)
    return len(pattern) != slot.length or bool(words.index(slot.length).mask(pattern))


def _distance(cell: Position, focus: set[Position]) -> int:
    """The Chebyshev distance from ``cell`` to the nearest cell of ``focus``."""
    return min((max(abs(cell[0] - r), abs(cell[1] - c)) for r, c in focus), default=0)
