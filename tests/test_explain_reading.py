"""Every explanation read step by step by an independent reader (tests/explain_reader.py):
each step's facts follow from the sentences before it, shown columns put in only digits
already stated, and no digit appears from nowhere."""

from __future__ import annotations

import random

import pytest

from explain_reader import Reader, ReadingError
from puzzlewright.cryptarithm.explain import explain
from puzzlewright.cryptarithm.explain.grade import CALIBRATION
from puzzlewright.cryptarithm.explain.model import is_carry

MORE = (
    "MONEY - MORE = SEND",
    "SIX - TWO = FOUR",
    "ODD + ODD = EVEN",
    "WRONG + WRONG = RIGHT",
    "BLACK + GREEN = ORANGE",
    "TEN + TEN + FORTY = SIXTY",
    "THREE + THREE + TWO + TWO + ONE = ELEVEN",
    "SEND + MOST = MONEY",
    "USSR + USA = PEACE",
    "LETS + WAVE + LATER = ALWAYS",
    "POINT + ZERO = ENERGY",
    "NUMBER + NUMBER = PUZZLE",
    "HERE + SHE = COMES",
    "DAYS + TOO = SHORT",
    "SUN + FUN = SWIM",
    "GREAT - CAT = TIGER",
    "EARTH - MOON = MARS",
    "AB + AB = AB",
    "KEY * SIX = SHAKE",
    "SAM * OH = SKIP",
    "TWO * TWO = SQUARE",
    "AB * C = DEF",
)


def random_sums(count: int, seed: int) -> list[str]:
    """Word sums with letters drawn at random: unique, several and impossible ones."""
    rng = random.Random(seed)
    puzzles = []
    for _ in range(count):
        pool = rng.sample("ABCDEFGHIJ", 8)
        a = "".join(rng.choice(pool) for _ in range(rng.randint(3, 4)))
        b = "".join(rng.choice(pool) for _ in range(rng.randint(2, 4)))
        c = "".join(rng.choice(pool) for _ in range(rng.randint(4, 5)))
        puzzles.append(f"{a} + {b} = {c}" if rng.random() < 0.7 else f"{c} - {b} = {a}")
    return puzzles


PUZZLES = [p for p, _ in CALIBRATION] + list(MORE) + random_sums(10, 30)


def read_through(puzzle: str) -> Reader:
    """Read an explanation, checking after each step that the text states all the engine
    knows (no letter or carry narrowed in silence)."""
    result = explain(puzzle)
    reader = Reader(puzzle)
    for number, step in enumerate(result.steps, 1):
        try:
            reader.read(step.rule, step.sentence)
        except ReadingError as exc:
            raise ReadingError(f"{puzzle}, step {number}: {exc}") from None
        compared = step.rule != "rewrite" and not step.contradiction
        for var, digits in step.domains.items() if compared else ():
            if var in reader.known and not (is_carry(var) and not reader.addends):
                assert reader.known[var] == set(digits), (
                    f"{puzzle}, step {number} [{step.rule}] {step.sentence!r}: the text "
                    f"allows {var} {sorted(reader.known[var])}, the engine {list(digits)}"
                )
    if result.status == "solved":
        assert result.solution is not None
        assert {x: reader._one(x) for x in result.solution} == result.solution
    return reader


def test_the_puzzle_set_is_forty_explanations() -> None:
    assert len(set(PUZZLES)) == len(PUZZLES) >= len(CALIBRATION) + 30


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_each_step_follows_from_the_ones_before(puzzle: str) -> None:
    reader = read_through(puzzle)
    assert reader.checked == len(explain(puzzle).steps)


def test_the_reader_catches_a_value_from_nowhere() -> None:
    reader = Reader("TO + GO = OUT")
    reader.read("leading zero", "T, O and G start numbers, so none is 0.")
    with pytest.raises(ReadingError, match="should show"):
        reader.read("column sum", "Column 1: 1 + 1 = T + 10×c2, so T = 2.")
    with pytest.raises(ReadingError, match="can still be"):
        reader.read("column bounds", "Column 2: T + G + c2 = U + 10×c3; the rest means that U = 0.")


def test_the_reader_catches_the_old_wordings() -> None:
    reader = Reader("TO + GO = OUT")
    with pytest.raises(ReadingError, match="leading zero says otherwise"):
        reader.read("leading zero", "T starts a number, so it is 0.")
    reader = Reader("AB + AC = DEF")
    reader.known.update(A={1, 2}, B={1})
    with pytest.raises(ReadingError, match="unsaid"):
        reader.read("taken digit", "B = 1, so no other letter is 1 (not A).")
    with pytest.raises(ReadingError, match="without its contradiction"):
        reader.read("case split", "Suppose A = 1: then no solution is left; impossible. So A = 2.")
