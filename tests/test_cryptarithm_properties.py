"""Property tests: on random small puzzles the solver agrees with a brute force.

Each random puzzle is built as data (words, operators), so the reference check below computes
it with ``Fraction`` arithmetic without going through the library's parser or algebra.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.cryptarithm import Cryptarithm

Assignment = dict[str, int]


class Undefined(Exception):
    """Division by zero or a bad exponent: the assignment is no solution."""


def value(word: str, v: Assignment, base: int) -> Fraction:
    total = 0
    for ch in word:
        total = total * base + (int(ch) if ch.isdigit() else v[ch])
    return Fraction(total)


def divide(a: Fraction, b: Fraction) -> Fraction:
    if b == 0:
        raise Undefined
    return a / b


def power(a: Fraction, e: Fraction) -> Fraction:
    if e.denominator != 1 or e < 0:
        raise Undefined
    if e > 64 and abs(a) > 1:
        return Fraction(2**65)  # bigger than any number these small puzzles can write
    return a ** int(e)


@dataclass
class Puzzle:
    """A random puzzle: its text, its words and an independent check of an assignment."""

    text: str
    words: list[str]
    base: int
    check: Callable[[Assignment], bool]


LETTERS = "ABCDEF"


@st.composite
def words(draw: st.DrawFn, letters: str, base: int, count: int) -> list[str]:
    out = []
    for _ in range(count):
        length = draw(st.integers(1, 3))
        chars = draw(
            st.lists(
                st.one_of(
                    st.sampled_from(letters), st.sampled_from([str(d) for d in range(min(base, 4))])
                ),
                min_size=length,
                max_size=length,
            )
        )
        if all(c.isdigit() for c in chars):
            chars[0] = letters[0]
        out.append("".join(chars))
    return out


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    k = draw(st.integers(2, 5))
    letters = LETTERS[:k]
    base = draw(st.integers(max(k, 3), 8))
    shape = draw(st.sampled_from(["sum", "sum", "product", "quotient", "power", "system", "mixed"]))
    if shape == "sum":
        ws = draw(words(letters, base, draw(st.integers(2, 5))))
        signs = draw(st.lists(st.sampled_from("+-"), min_size=len(ws) - 2, max_size=len(ws) - 2))
        text = ws[0] + "".join(f" {s} {w}" for s, w in zip(signs, ws[1:-1], strict=True))
        text += f" = {ws[-1]}"

        def check(v: Assignment) -> bool:
            total = value(ws[0], v, base)
            for s, w in zip(signs, ws[1:-1], strict=True):
                total += value(w, v, base) if s == "+" else -value(w, v, base)
            return total == value(ws[-1], v, base)

    elif shape == "product":
        ws = draw(words(letters, base, 3))
        text = f"{ws[0]} * {ws[1]} = {ws[2]}"

        def check(v: Assignment) -> bool:
            return value(ws[0], v, base) * value(ws[1], v, base) == value(ws[2], v, base)

    elif shape == "quotient":
        ws = draw(words(letters, base, 4))
        text = f"{ws[0]} / {ws[1]} + {ws[2]} = {ws[3]}"

        def check(v: Assignment) -> bool:
            left = divide(value(ws[0], v, base), value(ws[1], v, base)) + value(ws[2], v, base)
            return left == value(ws[3], v, base)

    elif shape == "power":
        ws = draw(words(letters, base, 3))
        text = f"{ws[0]} ^ {ws[1]} = {ws[2]}"

        def check(v: Assignment) -> bool:
            return power(value(ws[0], v, base), value(ws[1], v, base)) == value(ws[2], v, base)

    elif shape == "system":
        ws = draw(words(letters, base, 4))
        text = f"{ws[0]} + {ws[1]} = {ws[2]}; {ws[2]} - {ws[3]} = {ws[1]}"

        def check(v: Assignment) -> bool:
            a, b, c, d = (value(w, v, base) for w in ws)
            return a + b == c and c - d == b

    else:
        ws = draw(words(letters, base, 4))
        text = f"({ws[0]} - {ws[1]}) * {ws[2]} = {ws[3]} ^ 2"

        def check(v: Assignment) -> bool:
            a, b, c, d = (value(w, v, base) for w in ws)
            return (a - b) * c == d**2

    return Puzzle(text, ws, base, check)


def brute_force(puzzle: Puzzle, symbols: tuple[str, ...], leading_zeros: bool) -> set[tuple]:
    leading = set()
    if not leading_zeros:
        leading = {w[0] for w in puzzle.words if len(w) > 1 and not w[0].isdigit()}
    found = set()
    for digits in itertools.permutations(range(puzzle.base), len(symbols)):
        v = dict(zip(symbols, digits, strict=True))
        if any(v[x] == 0 for x in leading):
            continue
        try:
            if puzzle.check(v):
                found.add(tuple(sorted(v.items())))
        except Undefined:
            pass
    return found


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles(), st.booleans())
def test_solutions_match_brute_force(puzzle: Puzzle, leading_zeros: bool) -> None:
    problem = Cryptarithm.parse(puzzle.text, base=puzzle.base, leading_zeros=leading_zeros)
    solutions = list(problem.solve())
    keys = [tuple(sorted(s.items())) for s in solutions]
    assert len(keys) == len(set(keys)), "a solution was reported twice"
    for s in solutions:
        assert puzzle.check(s), f"{s} does not satisfy {puzzle.text}"
        assert problem.verify(s)
    assert set(keys) == brute_force(puzzle, problem.symbols, leading_zeros)
    assert problem.count() == len(solutions)
    assert problem.is_unique() is (len(solutions) == 1)


@st.composite
def big_sums(draw: st.DrawFn) -> str:
    letters = "ABCDEFGHIJ"[: draw(st.integers(5, 10))]
    word = st.text(alphabet=letters, min_size=1, max_size=5)
    addends = draw(st.lists(word, min_size=2, max_size=6))
    size = max(map(len, addends)) + draw(st.integers(0, 1))
    return (
        " + ".join(addends) + " = " + draw(st.text(alphabet=letters, min_size=size, max_size=size))
    )


@settings(max_examples=examples(60), deadline=None)
@given(big_sums())
def test_single_and_general_engines_agree(text: str) -> None:
    """Stating an equation twice sends it through the general engine; answers must agree."""
    single = Cryptarithm.parse(text)
    left, right = text.split(" = ")
    twice = Cryptarithm.parse(f"{text}; {right} = {left}")
    first = list(single.solve())
    assert sorted(map(sorted, (s.items() for s in first))) == sorted(
        map(sorted, (s.items() for s in twice.solve()))
    )
    for s in first:
        total = sum(int("".join(str(s[c]) for c in w)) for w in left.split(" + "))
        assert total == int("".join(str(s[c]) for c in right))
