"""Known answers: classic sums, the Exercism alphametics cases, every operator, options.

Solution counts of the larger puzzles were confirmed once by a plain permutation brute force
(too slow to repeat here); small puzzles are compared with a brute force in the test itself.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

import pytest

from puzzlewright.cryptarithm import Cryptarithm, solve
from puzzlewright.stopping import StopSignal

EXERCISM_199 = (
    "THIS + A + FIRE + THEREFORE + FOR + ALL + HISTORIES + I + TELL + A + TALE + THAT + "
    "FALSIFIES + ITS + TITLE + TIS + A + LIE + THE + TALE + OF + THE + LAST + FIRE + HORSES + "
    "LATE + AFTER + THE + FIRST + FATHERS + FORESEE + THE + HORRORS + THE + LAST + FREE + "
    "TROLL + TERRIFIES + THE + HORSES + OF + FIRE + THE + TROLL + RESTS + AT + THE + HOLE + "
    "OF + LOSSES + IT + IS + THERE + THAT + SHE + STORES + ROLES + OF + LEATHERS + AFTER + "
    "SHE + SATISFIES + HER + HATE + OFF + THOSE + FEARS + A + TASTE + RISES + AS + SHE + "
    "HEARS + THE + LEAST + FAR + HORSE + THOSE + FAST + HORSES + THAT + FIRST + HEAR + THE + "
    "TROLL + FLEE + OFF + TO + THE + FOREST + THE + HORSES + THAT + ALERTS + RAISE + THE + "
    "STARES + OF + THE + OTHERS + AS + THE + TROLL + ASSAILS + AT + THE + TOTAL + SHIFT + "
    "HER + TEETH + TEAR + HOOF + OFF + TORSO + AS + THE + LAST + HORSE + FORFEITS + ITS + "
    "LIFE + THE + FIRST + FATHERS + HEAR + OF + THE + HORRORS + THEIR + FEARS + THAT + THE + "
    "FIRES + FOR + THEIR + FEASTS + ARREST + AS + THE + FIRST + FATHERS + RESETTLE + THE + "
    "LAST + OF + THE + FIRE + HORSES + THE + LAST + TROLL + HARASSES + THE + FOREST + "
    "HEART + FREE + AT + LAST + OF + THE + LAST + TROLL + ALL + OFFER + THEIR + FIRE + "
    "HEAT + TO + THE + ASSISTERS + FAR + OFF + THE + TROLL + FASTS + ITS + LIFE + SHORTER + "
    "AS + STARS + RISE + THE + HORSES + REST + SAFE + AFTER + ALL + SHARE + HOT + FISH + AS + "
    "THEIR + AFFILIATES + TAILOR + A + ROOFS + FOR + THEIR + SAFE == FORTRESSES"
)

# Exercism "alphametics" canonical cases (problem-specifications): puzzle -> unique answer
EXERCISM = [
    ("I + BB == ILL", {"I": 1, "B": 9, "L": 0}),
    ("A == B", None),
    ("ACA + DD == BD", None),
    ("A + A + A + A + A + A + A + A + A + A + A + B == BCC", {"A": 9, "B": 1, "C": 0}),
    ("AS + A == MOM", {"A": 9, "S": 2, "M": 1, "O": 0}),
    ("NO + NO + TOO == LATE", {"N": 7, "O": 4, "T": 9, "L": 1, "A": 0, "E": 2}),
    ("HE + SEES + THE == LIGHT", {"E": 4, "G": 2, "H": 5, "I": 0, "L": 1, "S": 9, "T": 7}),
    (
        "SEND + MORE == MONEY",
        {"S": 9, "E": 5, "N": 6, "D": 7, "M": 1, "O": 0, "R": 8, "Y": 2},
    ),
    (
        "AND + A + STRONG + OFFENSE + AS + A + GOOD == DEFENSE",
        {"A": 5, "D": 3, "E": 4, "F": 7, "G": 8, "N": 0, "O": 2, "R": 1, "S": 6, "T": 9},
    ),
    (
        EXERCISM_199,
        {"A": 1, "E": 0, "F": 5, "H": 8, "I": 7, "L": 2, "O": 6, "R": 3, "S": 4, "T": 9},
    ),
]


@pytest.mark.parametrize(("puzzle", "answer"), EXERCISM, ids=lambda x: str(x)[:30])
def test_exercism_cases(puzzle: str, answer: dict[str, int] | None) -> None:
    result = solve(puzzle)
    assert result.complete
    assert result.solutions == ([] if answer is None else [answer])


CLASSICS = [
    ("TO + GO = OUT", "21 + 81 = 102"),
    ("CROSS + ROADS = DANGER", "96233 + 62513 = 158746"),
    ("DONALD + GERALD = ROBERT", "526485 + 197485 = 723970"),
    ("BASE + BALL = GAMES", "7483 + 7455 = 14938"),
    ("COCA + COLA = OASIS", "8186 + 8106 = 16292"),
    ("TEN + TEN + FORTY = SIXTY", "850 + 850 + 29786 = 31486"),
    ("MONEY - MORE = SEND", "10652 - 1085 = 9567"),
    ("TOM * 13 = DALEY", "796 * 13 = 10348"),
    ("2 ^ 3 ^ 2 = ABC", "2 ^ 3 ^ 2 = 512"),
    ("ABC / 3 = BC + A", "297 / 3 = 97 + 2"),
]


@pytest.mark.parametrize(("puzzle", "written"), CLASSICS)
def test_classic_unique_answers(puzzle: str, written: str) -> None:
    problem = Cryptarithm.parse(puzzle)
    solutions = list(problem.solve())
    assert [problem.substitute(s) for s in solutions] == [written]
    assert problem.is_unique()


@pytest.mark.parametrize(
    ("puzzle", "count"),
    [
        ("I + LOVE + YOU = DORA", 312),
        ("A + LOVE + YOU = DORA", 104),
        ("NUM + BER = PLAY", 96),
        ("CAT + DOG = PETS", 168),
        ("ABC + DEF = GHIJ", 96),
        ("ABC * DE = FGHIJ", 9),
        ("AB * CD = EFGH", 52),
        ("ABC * DE = FGHI + J", 36),
        ("FORTY + TEN + SIX = SIXTY", 0),
    ],
)
def test_solution_counts(puzzle: str, count: int) -> None:
    problem = Cryptarithm.parse(puzzle)
    solutions = list(problem.solve())
    assert len(solutions) == count
    assert len({tuple(s.items()) for s in solutions}) == count
    assert all(problem.verify(s) for s in solutions)
    assert problem.is_unique() is (count == 1)
    assert problem.count(limit=5) == min(count, 5)


def test_abc_times_de_solutions_multiply_out() -> None:
    for s in Cryptarithm.parse("ABC * DE = FGHIJ").solve():
        abc = 100 * s["A"] + 10 * s["B"] + s["C"]
        de = 10 * s["D"] + s["E"]
        fghij = int("".join(str(s[x]) for x in "FGHIJ"))
        assert abc * de == fghij
        assert sorted(s.values()) == list(range(10))


def brute(
    letters: str,
    check: Callable[[dict[str, int]], bool],
    *,
    base: int = 10,
    leading: str = "",
) -> list[dict[str, int]]:
    """Every assignment of distinct digits passing ``check`` (invalid arithmetic fails it)."""
    found = []
    for digits in itertools.permutations(range(base), len(letters)):
        v = dict(zip(letters, digits, strict=True))
        if any(v[x] == 0 for x in leading):
            continue
        try:
            ok = check(v)
        except (ZeroDivisionError, ValueError):
            ok = False
        if ok:
            found.append(v)
    return found


def num(v: dict[str, int], word: str, base: int = 10) -> int:
    total = 0
    for ch in word:
        total = total * base + (int(ch) if ch.isdigit() else v[ch])
    return total


def power(a: Fraction | int, e: Fraction | int) -> Fraction:
    e = Fraction(e)
    if e.denominator != 1 or e < 0:
        raise ValueError
    return Fraction(a) ** int(e)


def same(found: list[dict[str, int]], expected: list[dict[str, int]]) -> bool:
    key = lambda d: tuple(sorted(d.items()))  # noqa: E731
    return sorted(map(key, found)) == sorted(map(key, expected))


@pytest.mark.parametrize(
    ("puzzle", "letters", "leading", "check"),
    [
        ("AB - CD = EF", "ABCDEF", "ACE", lambda v: num(v, "AB") - num(v, "CD") == num(v, "EF")),
        ("AB - CD = -E", "ABCDE", "AC", lambda v: num(v, "AB") - num(v, "CD") == -v["E"]),
        ("-A + B = C", "ABC", "", lambda v: -v["A"] + v["B"] == v["C"]),
        ("AB * C = DE", "ABCDE", "AD", lambda v: num(v, "AB") * v["C"] == num(v, "DE")),
        (
            "AB / C = D",
            "ABCD",
            "A",
            lambda v: Fraction(num(v, "AB"), v["C"]) == v["D"],
        ),
        (
            "A / B + C / D = 1",
            "ABCD",
            "",
            lambda v: Fraction(v["A"], v["B"]) + Fraction(v["C"], v["D"]) == 1,
        ),
        (
            "A / B * C = D",
            "ABCD",
            "",
            lambda v: Fraction(v["A"], v["B"]) * v["C"] == v["D"],
        ),
        ("A ^ B = CD", "ABCD", "C", lambda v: power(v["A"], v["B"]) == num(v, "CD")),
        (
            "A ^ (B - C) = D",
            "ABCD",
            "",
            lambda v: power(v["A"], v["B"] - v["C"]) == v["D"],
        ),
        ("AB ^ 2 = CDE", "ABCDE", "AC", lambda v: num(v, "AB") ** 2 == num(v, "CDE")),
        (
            "(A + B) * (C - D) = E",
            "ABCDE",
            "",
            lambda v: (v["A"] + v["B"]) * (v["C"] - v["D"]) == v["E"],
        ),
        ("A1 + B = 2C", "ABC", "A", lambda v: num(v, "A1") + v["B"] == num(v, "2C")),
        ("A + 5 = B", "AB", "", lambda v: v["A"] + 5 == v["B"]),
        ("A * B = 6", "AB", "", lambda v: v["A"] * v["B"] == 6),
        (
            "AB + CD = EF, A + C = E",
            "ABCDEF",
            "ACE",
            lambda v: num(v, "AB") + num(v, "CD") == num(v, "EF") and v["A"] + v["C"] == v["E"],
        ),
        (
            "A + B = C = D - E",
            "ABCDE",
            "",
            lambda v: v["A"] + v["B"] == v["C"] == v["D"] - v["E"],
        ),
        ("A / (B - B) = C", "ABC", "", lambda v: False),
        ("A ^ (0 - 1) = B", "AB", "", lambda v: False),
    ],
)
def test_operators_against_brute_force(
    puzzle: str, letters: str, leading: str, check: Callable[[dict[str, int]], bool]
) -> None:
    problem = Cryptarithm.parse(puzzle)
    assert set(problem.symbols) == set(letters)
    found = list(problem.solve())
    assert same(found, brute(letters, check, leading=leading))


def test_power_towers_in_a_small_base() -> None:
    def check(v: dict[str, int]) -> bool:
        return power(v["A"], power(v["B"], v["C"])) == num(v, "DE", 5)

    found = list(Cryptarithm.parse("A ** B ** C = DE", base=5).solve())
    assert same(found, brute("ABCDE", check, base=5, leading="D"))


def test_huge_powers_are_compared_without_computing_them() -> None:
    # 9 ** 8 ** 7 has about 6e6 decimal digits: never computed, yet proved different from DE
    def check(v: dict[str, int]) -> bool:
        e = v["B"] ** v["C"]
        if v["A"] > 1 and e > 7:  # at least 2 ** 8 = 256 > 99
            return False
        return power(v["A"], e) == num(v, "DE")

    found = list(Cryptarithm.parse("A ** B ** C = DE").solve())
    assert same(found, brute("ABCDE", check, leading="D"))
    assert found  # e.g. 2 ** 6 ** 1 = 64


def test_leading_zeros_on_and_off() -> None:
    def check(v: dict[str, int]) -> bool:
        return num(v, "AB") + num(v, "CD") == num(v, "EF")

    off = list(Cryptarithm.parse("AB + CD = EF").solve())
    on = list(Cryptarithm.parse("AB + CD = EF", leading_zeros=True).solve())
    assert same(off, brute("ABCDEF", check, leading="ACE"))
    assert same(on, brute("ABCDEF", check))
    assert len(on) > len(off) > 0
    # a one-letter word may be 0 even without the option
    assert {"A": 0, "B": 1, "C": 1} not in off
    assert any(s["I"] == 0 for s in Cryptarithm.parse("I + LOVE + YOU = DORA").solve())
    assert Cryptarithm.parse("SEND + MORE = MONEY", leading_zeros=True).count() == 25


def test_base_2() -> None:
    assert solve("A + A = AB", base=2).solutions == [{"A": 1, "B": 0}]  # 1 + 1 = 10


@pytest.mark.parametrize("base", [3, 4, 5, 8, 12, 16])
def test_other_bases(base: int) -> None:
    def check(v: dict[str, int]) -> bool:
        return num(v, "AB", base) + num(v, "BA", base) == num(v, "CAC", base)

    letters = "ABC"
    found = list(Cryptarithm.parse("AB + BA = CAC", base=base).solve())
    assert same(found, brute(letters, check, base=base, leading="ABC"))


def test_base_16_and_36_symbols() -> None:
    # 28 solutions in base 16 (confirmed once by a brute force over M = 1 and 15P6 digits)
    puzzle = Cryptarithm.parse("SEND + MORE = MONEY", base=16)
    solutions = list(puzzle.solve())
    assert len(solutions) == 28
    for s in solutions:
        assert num(s, "SEND", 16) + num(s, "MORE", 16) == num(s, "MONEY", 16)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZαβγδεζηθικ"
    assert len(Cryptarithm.parse(letters + " = " + letters[::-1], base=36).symbols) == 36


def test_literal_digits_may_equal_letters() -> None:
    solutions = list(Cryptarithm.parse("A + 1 = B").solve())
    assert {"A": 1, "B": 2} in solutions  # A equals the literal 1


def test_options_assign_forbid_digits() -> None:
    text = "SEND + MORE = MONEY"
    assert Cryptarithm.parse(text, assign={"M": 1}).count() == 1
    assert Cryptarithm.parse(text, assign={"S": 8}).count() == 0
    assert Cryptarithm.parse(text, forbid={"D": [7]}).count() == 0
    assert Cryptarithm.parse(text, leading_zeros=True, forbid={"S": [0, 9]}).count() > 0
    # A + B = C over the digits 1..5: (1,2,3) (1,3,4) (1,4,5) (2,3,5) and swaps
    assert Cryptarithm.parse("A + B = C", digits="1-5").count() == 8
    assert Cryptarithm.parse("A + B = C", digits=[1, 2, 3, 4, 5]).count() == 8
    fixed = list(Cryptarithm.parse("A + B = C", assign={"C": 9}, digits="1-9").solve())
    assert len(fixed) == 8 and all(s["A"] + s["B"] == s["C"] == 9 for s in fixed)


def test_every_solution_is_verified_and_unique() -> None:
    problem = Cryptarithm.parse("I + LOVE + YOU = DORA")
    solutions = list(problem.solve())
    for s in solutions:
        assert s["I"] + num(s, "LOVE") + num(s, "YOU") == num(s, "DORA")
    assert problem.verify({**solutions[0], "I": solutions[0]["L"]}) is False


def test_limit_first_and_stop_reasons() -> None:
    problem = Cryptarithm.parse("I + LOVE + YOU = DORA")
    limited = problem.search(limit=3)
    assert limited.count == 3 and not limited.complete and limited.stop_reason == "limit"
    full = problem.search()
    assert full.count == 312 and full.complete and full.stop_reason is None
    counted = problem.search(keep=False)
    assert counted.count == 312 and counted.solutions == []


def test_timeout_stops_a_long_search() -> None:
    # every assignment of ten distinct digits solves this: 3 265 920 solutions
    problem = Cryptarithm.parse("ABCDEFGHIJ = ABCDEFGHIJ")
    stop = StopSignal(0.05)
    result = problem.search(stop=stop, keep=False)
    assert not result.complete and result.stop_reason == "timeout"
    assert 0 < result.count < 3_265_920
    result = solve("ABCDEFGHIJ = ABCDEFGHIJ", timeout=0.05, limit=None)
    assert result.stop_reason == "timeout"


def test_constant_equations() -> None:
    assert solve("1 + 1 = 2").solutions == [{}]
    assert solve("1 + 1 = 3").solutions == []
    assert solve("A + 0 = A").count == 10
    assert solve("A = A, 2 = 3").count == 0


def test_symbols_that_cancel_still_take_distinct_digits() -> None:
    # B cancels: any B distinct from A and C
    found = list(Cryptarithm.parse("A + B - B = C - 1").solve())
    expected = brute("ABC", lambda v: v["A"] == v["C"] - 1)
    assert same(found, expected)


def test_forbid_leaving_fewer_digits_than_letters() -> None:
    # B and D may only be 0: no assignment of distinct digits exists
    only_zero = {"B": range(1, 10), "D": range(1, 10)}
    assert Cryptarithm.parse("AB + CD = EF", forbid=only_zero).count() == 0
    found = list(Cryptarithm.parse("A + B = C", forbid={"A": range(2, 10)}).solve())
    assert found and all(s["A"] in (0, 1) and s["A"] + s["B"] == s["C"] for s in found)
