"""Freeform layouts: connected, every word readable where placed, no stray letter runs."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.crossword.clues import ClueLine, enumeration, parse_clues
from puzzlewright.crossword.freeform import Layout, lay_out
from puzzlewright.errors import PuzzleInputError

PLANETS = """\
MERCURY\tClosest planet to the Sun
VENUS\tHottest planet
EARTH\tOur home
MARS\tThe red planet
JUPITER\tLargest planet
SATURN\tPlanet with famous rings
URANUS\tPlanet tipped on its side
NEPTUNE\tWindiest planet
PLUTO: Dwarf planet since 2006
MOON: Earth's natural satellite
COMET: Icy body with a tail
ORBIT: Path around a star
"""

RUSSIAN = """\
СОЛНЦЕ\tЗвезда нашей системы
ЛУНА\tСпутник Земли
ЗЕМЛЯ\tНаша планета
МАРС\tКрасная планета
ЮПИТЕР\tСамая большая планета
КОМЕТА: Ледяное тело с хвостом
ОРБИТА: Путь вокруг звезды
ёлка: Новогоднее дерево
"""


def words(*answers: str) -> list[ClueLine]:
    return [ClueLine(k + 1, a, f"clue for {a}") for k, a in enumerate(answers)]


def runs(layout: Layout) -> dict[tuple[int, int, str], str]:
    """Every maximal run of 2+ letters in the grid, read independently of the layout code."""
    cells = layout.grid().cells
    h, w = len(cells), len(cells[0])
    found = {}
    for r in range(h):
        for c in range(w):
            if cells[r][c] is None:
                continue
            for direction, dr, dc in (("across", 0, 1), ("down", 1, 0)):
                pr, pc = r - dr, c - dc
                if 0 <= pr < h and 0 <= pc < w and cells[pr][pc] is not None:
                    continue
                letters = []
                rr, cc = r, c
                while rr < h and cc < w and cells[rr][cc] is not None:
                    letters.append(cells[rr][cc])
                    rr, cc = rr + dr, cc + dc
                if len(letters) >= 2:
                    found[(r, c, direction)] = "".join(letters)  # type: ignore[arg-type]
    return found


def check(layout: Layout, given_words: list[ClueLine]) -> None:
    """Assert every layout invariant from scratch."""
    cells = layout.grid().cells
    assert (len(cells), len(cells[0])) == (layout.height, layout.width)
    placed = {(p.row, p.col, p.direction): p.answer for p in layout.placements}
    # every placed word is readable at its place, and every run of letters is a placed word
    assert runs(layout) == placed
    # connected
    letters = [(r, c) for r, row in enumerate(cells) for c, cell in enumerate(row) if cell]
    seen = {letters[0]}
    queue = deque([letters[0]])
    while queue:
        r, c = queue.popleft()
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if (rr, cc) in set(letters) and (rr, cc) not in seen:
                seen.add((rr, cc))
                queue.append((rr, cc))
    assert len(seen) == len(letters)
    # crossings: cells in both an across and a down word
    across = {pos for p in layout.placements if p.direction == "across" for pos in p.cells()}
    down = {pos for p in layout.placements if p.direction == "down" for pos in p.cells()}
    assert layout.crossings == len(across & down)
    # every placed word crosses another
    for p in layout.placements:
        other = down if p.direction == "across" else across
        assert set(p.cells()) & other, p
    # placed + unplaced account for every word
    assert sorted([p.answer for p in layout.placements] + [u.answer for u in layout.unplaced]) == (
        sorted(w.answer for w in given_words)
    )
    # the puzzle's numbered entries carry the right clues
    puzzle = layout.puzzle()
    by_start = {(p.row, p.col, p.direction): p for p in layout.placements}
    for slot in puzzle.grid.slots():
        placed = by_start[slot.row, slot.col, slot.direction]
        assert puzzle.grid.word(slot) == placed.answer
        assert puzzle.clues[slot.key].startswith(placed.clue)
    assert len(puzzle.grid.slots()) == len(layout.placements)


def test_planets_all_placed_and_valid() -> None:
    given_words = parse_clues(PLANETS)
    layout = lay_out(given_words, seed=0)
    check(layout, given_words)
    assert layout.unplaced == []
    assert layout.crossings >= len(given_words) - 1
    assert layout.density > 0.3


def test_russian_layout() -> None:
    given_words = parse_clues(RUSSIAN)
    assert "ЁЛКА" in {w.answer for w in given_words}
    layout = lay_out(given_words, seed=3)
    check(layout, given_words)
    assert not layout.unplaced
    assert any("Ё" in p.answer for p in layout.placements)


def test_same_seed_same_layout() -> None:
    given_words = parse_clues(PLANETS)
    a = lay_out(given_words, seed=5, tries=20)
    b = lay_out(given_words, seed=5, tries=20)
    assert a.grid().to_text() == b.grid().to_text()


def test_more_tries_never_worse() -> None:
    given_words = parse_clues(PLANETS)
    one = lay_out(given_words, seed=1, tries=1)
    many = lay_out(given_words, seed=1, tries=60)
    assert (len(many.placements), many.crossings) >= (len(one.placements), one.crossings)


def test_fixed_size_is_exact_and_respected() -> None:
    given_words = parse_clues(PLANETS)
    layout = lay_out(given_words, width=13, height=11, seed=0)
    check(layout, given_words)
    assert (layout.width, layout.height) == (13, 11)


def test_max_size_bounds_both_sides() -> None:
    given_words = parse_clues(PLANETS)
    layout = lay_out(given_words, max_size=10, seed=0)
    check(layout, given_words)
    assert layout.width <= 10 and layout.height <= 10


def test_unplaceable_words_are_reported_with_reasons() -> None:
    given_words = words("CAT", "TAPE", "PEACH", "XYZZY", "ABRACADABRA")
    layout = lay_out(given_words, max_size=8, seed=0)
    check(layout, given_words)
    reasons = {u.answer: u.reason for u in layout.unplaced}
    assert "shares no letter" in reasons["XYZZY"]
    assert "longer than the grid" in reasons["ABRACADABRA"]
    assert {"CAT", "TAPE", "PEACH"} <= {p.answer for p in layout.placements}


def test_dog_among_fruit_shares_no_letter_with_the_words_placed() -> None:
    """DOG shares O with ONION, which is too long to place: DOG is told it crosses no word
    placed, not that it found no free place."""
    given_words = words("APPLE", "PEAR", "LEAP", "DOG", "ONIONSOUPMIX")
    layout = lay_out(given_words, max_size=8, seed=0)
    reasons = {u.answer: u.reason for u in layout.unplaced}
    assert reasons["DOG"].startswith("shares no letter with the words placed")


def test_repeated_lines_are_flagged_and_placed_once() -> None:
    given_words = parse_clues("CAKE: Baked treat\nTEAM: Side\nCAKE: Baked treat\nMEAT: Beef\n")
    layout = lay_out(given_words, seed=0)
    assert [p.answer for p in layout.placements].count("CAKE") == 1
    [repeat] = layout.unplaced
    assert (repeat.answer, repeat.line, repeat.reason) == (
        "CAKE",
        3,
        "repeats the answer of line 1",
    )


def test_phrases_are_enumerated_by_their_words() -> None:
    given_words = parse_clues("ICE CREAM: Frozen dessert\nMOTHER-IN-LAW: Spouse's parent\n")
    layout = lay_out(given_words, seed=0)
    by_answer = {p.answer: p.enumeration for p in layout.placements}
    assert by_answer == {"ICECREAM": "3,5", "MOTHERINLAW": "6-2-3"}
    assert enumeration("Crème brûlée", "CREMEBRULEE") == "5,6"
    assert set(layout.puzzle().clues.values()) == {
        "Frozen dessert (3,5)",
        "Spouse's parent (6-2-3)",
    }


def test_crowded_grid_reports_the_words_left_out() -> None:
    given_words = words("ABCDE", "AFGHI", "EJKLM", "IJ", "BQ", "CR", "DS", "AT")
    layout = lay_out(given_words, width=5, height=5, seed=0)
    check(layout, given_words)
    assert layout.unplaced
    assert all("no free place" in u.reason for u in layout.unplaced)


def test_duplicate_answers_with_two_clues_both_placed() -> None:
    given_words = words("BANANA", "ANAGRAM", "BANANA", "NAB")
    given_words[2] = ClueLine(3, "BANANA", "another clue for BANANA")
    layout = lay_out(given_words, seed=0)
    check(layout, given_words)
    assert [p.answer for p in layout.placements].count("BANANA") == 2


@pytest.mark.parametrize(
    ("given_words", "kwargs", "message"),
    [
        (words("CAT", "DOG"), {}, "no two answers share a letter"),
        (words("CAT"), {}, "at least two answers"),
        (words("CAT", "TAP"), {"max_size": 1}, "impossible grid size"),
        (words("CAT", "TAP"), {"width": 0, "height": 5}, "impossible grid size"),
        (words("CAT", "TAP"), {"width": 5}, "both the width and the height"),
        (words("CAT", "TAP"), {"tries": 0}, "at least 1"),
        (words("CATALOG", "GOAT"), {"max_size": 3}, "could not cross any two answers"),
    ],
)
def test_bad_requests(given_words: list[ClueLine], kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(PuzzleInputError, match=message):
        lay_out(given_words, **kwargs)  # type: ignore[arg-type]


@settings(max_examples=examples(30), deadline=None)
@given(
    answers=st.lists(
        st.text(alphabet="ABCDEHLNORST", min_size=2, max_size=9), min_size=2, max_size=14
    ),
    seed=st.integers(0, 1000),
    side=st.integers(6, 16),
)
def test_random_word_sets_keep_every_invariant(answers: list[str], seed: int, side: int) -> None:
    given_words = words(*answers)
    try:
        layout = lay_out(given_words, max_size=side, seed=seed, tries=5)
    except PuzzleInputError:
        return  # no shared letter or nothing crosses within the size: refused, not wrong
    check(layout, given_words)
    assert layout.width <= side and layout.height <= side
