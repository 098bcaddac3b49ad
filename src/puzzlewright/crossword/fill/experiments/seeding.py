"""Rare-letter seeding for a pangram: short restarts, each around a fixed word holding a
rare letter.

A pangram search (every letter required inside the search, see
:mod:`~puzzlewright.crossword.fill.letters`) that thrashes does so because the words
supplying J, Q, X or Z land where the rest of the grid cannot be filled around them, and
its own restarts keep choosing the same ones (the letters' value bonus outweighs the
tie-breaks). So :func:`seeded_grids` offers grids with such words fixed where they hurt
least: for the rarest letters the grid does not hold yet, an open entry of
:data:`SHORTEST`-:data:`LONGEST` letters in the grid's middle (away from the corners,
whose long stacks are the hard part of an open grid) and the word with the letter that
leaves its crossings the most words. The constrained fill (see
:mod:`~puzzlewright.crossword.fill.constrained`) runs the plain pangram search first, then
each seeded grid, each within a small counted budget of work, then the plain search
without that budget (its exhausted search is still the proof that no pangram exists).
Every choice is ordered by counts and the request's seed, so the same seed gives the same
fill.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from math import log
from random import Random

from puzzlewright.crossword.fill.constraints import letter_counts
from puzzlewright.crossword.fill.pangram import holding
from puzzlewright.crossword.grid import Grid, Slot
from puzzlewright.lexicon import WordList

SHORTEST, LONGEST = 3, 6
"""The entry lengths a seed word may take: short entries cross few others."""

RARE_SHARE = 0.1
"""A letter held by fewer than this share of the words of the grid's open entry lengths is
rare (J, Q, X, Z with the built-in list): only rare letters are seeded."""

TRIALS = 60
"""Words with the letter weighed per entry, best-scored first (the list's order)."""

ATTEMPTS = 8
"""Seeded grids offered per fill: one per entry of the rarest letter's best choices."""

SEED_LETTERS = 2
"""How many of the rarest missing letters each seeded grid supplies (each in its own
middle entry, neither crossing nor touching another seed); the search supplies the rest.
Over themed1's seeds 0-2 one letter took 2.15 s of CPU (median), two 1.68 s; four made
themed1 slower (6.66 s on seed 0) for one themeless pangram of five."""

SEED_STEP = 7_919
"""The search around seeded grid ``k`` (from 1) runs with seed ``seed + k * SEED_STEP``:
each restart's tie-breaks differ too."""


@dataclass(frozen=True)
class Choice:
    """A word holding ``letter`` for ``slot`` and the room it leaves its crossings (the
    sum of the logs of their counts of matching words)."""

    room: float
    slot: Slot
    word: str
    letter: str


def rare_missing(grid: Grid, words: WordList, alphabet: str) -> str:
    """The letters of ``alphabet`` that ``grid`` does not hold and fewer than
    :data:`RARE_SHARE` of the words of its open entry lengths hold, rarest first."""
    lengths = sorted({slot.length for slot in grid.slots() if "?" in grid.word(slot)})
    total = sum(len(words.index(n).words) for n in lengths)
    present = set(letter_counts(grid))
    supply = {
        letter: sum(holding(words, n, letter).bit_count() for n in lengths)
        for letter in alphabet
        if letter not in present
    }
    rare = [letter for letter, count in supply.items() if count < RARE_SHARE * total]
    return "".join(sorted(rare, key=lambda letter: (supply[letter], letter)))


def middle_slots(grid: Grid) -> list[Slot]:
    """The open entries of :data:`SHORTEST`-:data:`LONGEST` letters whose cells all lie
    at least a fifth of the grid's size from every edge."""
    margin_r, margin_c = grid.height // 5, grid.width // 5
    return [
        slot
        for slot in grid.slots()
        if SHORTEST <= slot.length <= LONGEST
        and "?" in grid.word(slot)
        and all(
            margin_r <= r < grid.height - margin_r and margin_c <= c < grid.width - margin_c
            for r, c in slot.cells
        )
    ]


def choices(grid: Grid, words: WordList, letter: str, quotas: dict[str, int]) -> list[Choice]:
    """Per middle entry, its word holding ``letter`` that leaves the crossings the most
    room (none where some crossing is left no word); best room first. ``quotas`` caps
    letters the seeded grid may hold."""
    crossing: dict[Slot, list[Slot]] = {}
    slots = list(grid.slots())
    counts = letter_counts(grid)
    found = []
    for slot in middle_slots(grid):
        cells = set(slot.cells)
        crossing[slot] = [other for other in slots if other != slot and cells & set(other.cells)]
        index = words.index(slot.length)
        mask = index.mask(grid.word(slot)) & holding(words, slot.length, letter)
        best: Choice | None = None
        for _ in range(TRIALS):
            if not mask:
                break
            low = mask & -mask
            mask ^= low
            word = index.words[low.bit_length() - 1]
            if any(counts[x] + word.count(x) > most for x, most in quotas.items()):
                continue
            room = _room(grid, words, slot, word, crossing[slot])
            if room is not None and (best is None or room > best.room):
                best = Choice(room, slot, word, letter)
        if best is not None:
            found.append(best)
    found.sort(key=lambda choice: (-choice.room, choice.slot.key))
    return found


def _room(grid: Grid, words: WordList, slot: Slot, word: str, crossing: list[Slot]) -> float | None:
    """The sum over ``crossing`` of the log of the share of its matching words that
    ``word`` in ``slot`` keeps (0: all; None: some crossing is left none)."""
    trial = grid.copy()
    trial.place(slot, word)
    room = 0.0
    for other in crossing:
        pattern = trial.word(other)
        if len(pattern) != other.length or "?" not in pattern:
            continue
        index = words.index(other.length)
        count = index.mask(pattern).bit_count()
        if not count:
            return None
        room += log(count / max(1, index.mask(grid.word(other)).bit_count()))
    return room


def seeded_grids(
    grid: Grid, words: WordList, alphabet: str, seed: int, quotas: dict[str, int]
) -> Iterator[Grid]:
    """Up to :data:`ATTEMPTS` grids, each ``grid`` with a word holding the rarest missing
    letter fixed in a middle entry (the best choices first, the order among near-equal
    ones drawn from ``seed``)."""
    rare = rare_missing(grid, words, alphabet)
    if not rare:
        return
    rng = Random(seed)
    ranked = _jittered(choices(grid, words, rare[0], quotas), rng)
    for first in ranked[:ATTEMPTS]:
        seeded = grid.copy()
        seeded.place(first.slot, first.word)
        used = set(first.slot.cells)
        for letter in rare[1:SEED_LETTERS]:
            if letter in first.word or letter in letter_counts(seeded):
                continue
            free = [
                choice
                for choice in _jittered(choices(seeded, words, letter, quotas), rng)
                if not used & _near(choice.slot)
            ]
            if free:
                seeded.place(free[0].slot, free[0].word)
                used |= set(free[0].slot.cells)
        yield seeded


def _jittered(ranked: list[Choice], rng: Random) -> list[Choice]:
    """``ranked`` ordered by room plus a draw of ``rng`` in [0, 1) (near-equal choices
    in an order the seed decides)."""
    keyed = [(choice.room + rng.random(), choice) for choice in ranked]
    keyed.sort(key=lambda pair: (-pair[0], pair[1].slot.key))
    return [choice for _, choice in keyed]


def _near(slot: Slot) -> set[tuple[int, int]]:
    """The slot's cells and their neighbours (a later seed neither crosses nor touches it)."""
    return {(r + dr, c + dc) for r, c in slot.cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
