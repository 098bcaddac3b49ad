"""The fast solution counter of ``find`` against brute force and the general solver."""

from __future__ import annotations

import random
from itertools import permutations
from math import factorial
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.cryptarithm import Cryptarithm, find_product
from puzzlewright.cryptarithm.find_checker import WordEquation, count_solutions, is_unique
from puzzlewright.cryptarithm.find_product import count_product
from puzzlewright.lexicon import builtin_english


def brute_force(eq: WordEquation, base: int = 10, leading_zeros: bool = False) -> int:
    """Count solutions by trying every injective assignment (small equations only)."""
    letters = eq.letters()
    if len(letters) > base:
        return 0
    leading = set() if leading_zeros else eq.leading()

    def value(word: str, m: dict[str, int]) -> int:
        total = 0
        for ch in word:
            total = total * base + m[ch]
        return total

    count = 0
    for digits in permutations(range(base), len(letters)):
        m = dict(zip(letters, digits, strict=True))
        if any(m[x] == 0 for x in leading):
            continue
        terms = [value(t, m) for t in eq.terms]
        if eq.op == "+":
            left = sum(terms)
        elif eq.op == "-":
            left = terms[0] - sum(terms[1:])
        else:
            left = terms[0] * terms[1]
        count += left == value(eq.result, m)
    return count


def test_send_more_money() -> None:
    counted = count_solutions(WordEquation(("SEND", "MORE"), "MONEY"))
    assert counted.count == 1
    assert counted.solution == {
        "S": 9,
        "E": 5,
        "N": 6,
        "D": 7,
        "M": 1,
        "O": 0,
        "R": 8,
        "Y": 2,
    }


def test_stops_at_the_limit() -> None:
    assert count_solutions(WordEquation(("TO", "BE"), "EGG"), limit=2).count == 2
    assert count_solutions(WordEquation(("TO", "BE"), "EGG"), limit=1000).count == 24


SMALL = ["AB", "BC", "ABC", "CAB", "BAD", "DAB", "ACE", "EA", "DE", "A", "B", "ICE", "AI"]
RESULTS = [*SMALL, "AAB", "ABCD", "BAAC", "DEAD", "E"]


@pytest.mark.parametrize("op", ["+", "-", "*"])
def test_matches_brute_force_on_small_equations(op: str) -> None:
    rng = random.Random(op)
    for _ in range(12):
        k = 2 if op == "*" else rng.choice([2, 3])
        eq = WordEquation(tuple(rng.sample(SMALL, k)), rng.choice(RESULTS), op)
        for base, leading_zeros in ((10, False), (7, True)):
            expected = brute_force(eq, base, leading_zeros)
            got = count_solutions(eq, base=base, leading_zeros=leading_zeros, limit=10**6)
            assert got.count == expected, (eq.text(), base, leading_zeros)


def _word_candidates(op: str, n: int, seed: int) -> list[WordEquation]:
    words = builtin_english()
    pool = [e.word for e in words if e.score >= 45 and 2 <= len(e.word) <= 7]
    by_length: dict[int, list[str]] = {}
    for w in pool:
        by_length.setdefault(len(w), []).append(w)
    rng = random.Random(seed)
    found: list[WordEquation] = []
    while len(found) < n:
        terms: tuple[str, ...] = (rng.choice(pool), rng.choice(pool))
        if op == "++":
            terms = (*terms, rng.choice(pool))
        if op == "*":
            length = len(terms[0]) + len(terms[1]) - rng.choice([0, 1])
        elif op == "-":
            length = len(terms[0]) - rng.choice([0, 1])
        else:
            length = max(map(len, terms)) + rng.choice([0, 1])
        if length not in by_length:
            continue
        eq = WordEquation(terms, rng.choice(by_length[length]), op[0])
        if len(eq.letters()) <= 10:
            found.append(eq)
    return found


@pytest.mark.parametrize("op", ["+", "++", "-", "*"])
def test_agrees_with_the_general_solver(op: str) -> None:
    for eq in _word_candidates(op, 60, seed=len(op) + ord(op[0])):
        fast = count_solutions(eq)
        general = list(Cryptarithm.parse(eq.text()).solve(limit=2))
        assert fast.count == len(general), eq.text()
        if fast.count == 1:
            assert fast.solution == general[0]
            assert is_unique(eq)


def test_too_many_letters_is_no_solution() -> None:
    assert count_solutions(WordEquation(("ABCDEF", "GHIJK"), "LMNOPQ")).count == 0


def _word(draw: st.DrawFn, letters: str, low: int, high: int) -> str:
    return draw(st.text(alphabet=letters, min_size=low, max_size=high))


@st.composite
def products(draw: st.DrawFn, letters: str = "ABCDEFGHIJ") -> WordEquation:
    """A random ``A * B = C`` shape: words over a few letters (so they repeat, as in real
    words), the result usually of the length the factors' product has, sometimes not."""
    pool = letters[: draw(st.integers(3, len(letters)))]
    a = _word(draw, pool, 1, 6)
    b = _word(draw, pool, 1, 4)
    fitting = len(a) + len(b) - draw(st.integers(0, 1))
    length = draw(st.one_of(st.just(fitting), st.integers(1, 9)))
    return WordEquation((a, b), _word(draw, pool, max(1, length), max(1, length)), "*")


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(products())
def test_product_verdict_matches_the_solver(eq: WordEquation) -> None:
    """None, one or many: the product counter and the general solver agree on every shape,
    and on a unique one they give the same solution."""
    fast = count_solutions(eq, limit=2)
    general = list(Cryptarithm.parse(eq.text()).solve(limit=2))
    assert fast.count == len(general), eq.text()
    if fast.count == 1:
        assert fast.solution == general[0]


@settings(max_examples=examples(150), deadline=None)
@given(products("ABCDEF"), st.sampled_from([(6, True), (7, False), (10, True)]))
def test_product_count_matches_brute_force(eq: WordEquation, base_zeros: tuple[int, bool]) -> None:
    """Exact counts in other bases and with leading zeros allowed (a one-letter or zero
    factor makes short results possible: ``AB * C = C`` has ``C = 0``)."""
    base, leading_zeros = base_zeros
    a, b = eq.terms
    expected = brute_force(eq, base, leading_zeros)
    got, _ = count_product(a, b, eq.result, base=base, leading_zeros=leading_zeros, limit=10**6)
    assert got == expected, (eq.text(), base, leading_zeros)


def test_products_too_wide_for_int64_fall_back_to_python_ints() -> None:
    """Long factors and a base above 62 overflow 64-bit values; the counter switches to
    Python ints and stays exact."""
    eq = WordEquation(("ABCDEFGHIJABCDEFGHIJ", "JIHGFEDCBA"), "ABCDEFGHIJABCDEFGHIJABCDEFGHI", "*")
    assert count_solutions(eq).count == len(list(Cryptarithm.parse(eq.text()).solve(limit=2)))
    wide = WordEquation(("AB", "A"), "CAB", "*")
    expected = brute_force(wide, 64, leading_zeros=True)
    assert expected > 0
    got = count_product("AB", "A", "CAB", base=64, leading_zeros=True, limit=10**6)
    assert got[0] == expected


@settings(max_examples=examples(150), deadline=None)
@given(products())
def test_product_chunks_count_the_same(eq: WordEquation) -> None:
    """Rows searched a few at a time (chunks of 3 instead of thousands) find the same
    solutions, the first one included."""
    a, b = eq.terms
    whole = count_product(a, b, eq.result, limit=10**6)
    with mock.patch.object(find_product, "CHUNK_ROWS", 3):
        assert count_product(a, b, eq.result, limit=10**6) == whole
        if whole[0] > 2:
            assert count_product(a, b, eq.result, limit=2) == (2, whole[1])


def test_many_solutions_stop_early_and_count_exactly() -> None:
    """``ABCDEFGHIJ * J = ABCDEFGHIJ`` forces J = 1 and leaves the other nine letters any
    order of the nine other digits with A not 0: 9! - 8! solutions, far more rows than one
    chunk; asked for two, the search stops at two."""
    assert count_product("ABCDEFGHIJ", "J", "ABCDEFGHIJ", limit=10**6)[0] == (
        factorial(9) - factorial(8)
    )
    assert count_product("ABCDEFGHIJ", "J", "ABCDEFGHIJ", limit=2)[0] == 2
