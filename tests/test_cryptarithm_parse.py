"""The cryptarithm input language: what parses, what it means, and every bad-input message."""

from __future__ import annotations

import pytest

from puzzlewright.cli.common import error_text
from puzzlewright.cryptarithm import Cryptarithm, parse_assignments, parse_digit_set
from puzzlewright.cryptarithm.parse import BinOp, Negate, Numeral, Sum, parse_equations
from puzzlewright.errors import PuzzleInputError


def test_symbols_in_order_of_first_appearance() -> None:
    assert Cryptarithm.parse("SEND + MORE = MONEY").symbols == tuple("SENDMORY")


def test_sum_is_flat_and_signed() -> None:
    (equation,) = parse_equations("A + B - C = D")
    left, right = equation.sides
    assert isinstance(left, Sum)
    assert [sign for sign, _ in left.terms] == [1, 1, -1]
    assert right == Numeral(("D",), "D", 12)


def test_precedence_power_binds_tighter_than_unary_minus_and_products() -> None:
    (equation,) = parse_equations("-A ^ B * C = D")
    left = equation.sides[0]
    assert isinstance(left, BinOp) and left.op == "*"
    assert isinstance(left.left, Negate)
    power = left.left.operand
    assert isinstance(power, BinOp) and power.op == "^"


def test_power_is_right_associative() -> None:
    result = Cryptarithm.parse("2 ^ 3 ^ 2 = ABC")
    assert list(result.solve()) == [{"A": 5, "B": 1, "C": 2}]


@pytest.mark.parametrize(
    "text",
    [
        "SEND + MORE = MONEY",
        "SEND+MORE==MONEY",
        "SEND × 1 + MORE ÷ 1 = MONEY",
        "SEND · 1 + MORE : 1 = MONEY",
        "SEND + MORE − 0 = MONEY",
        "(SEND + MORE) ** 1 = MONEY",
        "  SEND\t+ MORE =  MONEY  ",
    ],
)
def test_operator_spellings(text: str) -> None:
    assert Cryptarithm.parse(text).count() == 1


def test_chained_equalities_and_separators() -> None:
    for text in ("A + B = C, C = 9", "A + B = C; C = 9", "A + B = C\nC = 9", "A + B = C = 9"):
        solutions = list(Cryptarithm.parse(text).solve())
        assert solutions, text
        assert all(s["A"] + s["B"] == s["C"] == 9 for s in solutions)
    # blank lines and a trailing separator are fine
    assert Cryptarithm.parse("\nA + B = C,\n\n C = 9;\n").count() == 8


def test_unicode_letters_are_symbols_and_input_is_nfc_normalized() -> None:
    decomposed = "E\u0301 + E\u0301 = B"  # É written as E + combining acute
    puzzle = Cryptarithm.parse(decomposed)
    assert puzzle.symbols == ("\u00c9", "B")
    assert Cryptarithm.parse("ΑΒ + ΓΔ = ΕΖΗ").symbols == tuple("ΑΒΓΔΕΖΗ")


def test_case_matters() -> None:
    assert Cryptarithm.parse("a + A = b").symbols == ("a", "A", "b")


def test_numerals_may_mix_letters_and_digits() -> None:
    # 1AB is 100 + 10A + B
    solutions = list(Cryptarithm.parse("1AB = 2 * AB").solve())
    assert solutions == []  # 100 + X = 2X needs X = 100
    # A1 + 1 = 2A: 10A + 2 = 20 + A, so A = 2
    assert list(Cryptarithm.parse("A1 + 1 = 2A").solve()) == [{"A": 2}]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty puzzle"),
        ("   \n ; ,", "empty puzzle"),
        ("SEND + MORE", "no '=' in 'SEND + MORE'"),
        ("= MONEY", "empty left side of '=' at column 1"),
        ("SEND + MORE =", "empty right side of '=' at column 13"),
        ("A = = B", "empty right side of '=' at column 3"),
        ("SEND + + MORE = MONEY", "two operators in a row ('+ +') at column 8"),
        ("SEND * - MORE = MONEY", "write a negative operand in parentheses"),
        ("SEND + MORE = MONEY$", "unexpected character '$' at column 20"),
        ("SEND + MORE = MONEY²", "unexpected character '²'"),
        ("SEND_MORE = MONEY", "unexpected character '_'"),
        ("(SEND + MORE = MONEY", "'(' at column 1 is not closed before '='"),
        ("SEND + MORE) = MONEY", "')' at column 12 has no matching '('"),
        ("(A + B", "'(' at column 1 is not closed before the end"),
        ("() = A", "empty parentheses at column 1"),
        ("SEND MORE = MONEY", "missing operator between 'SEND' and 'MORE' at column 6"),
        ("A (B) = C", "missing operator between 'A' and '('"),
        ("A + = B", "missing operand after '+' at column 3"),
        ("A ^ = B", "missing operand after '^' at column 3"),
        ("+ A = B", "expected a number, found '+' at column 1"),
        ("A = B\nC + = D", "missing operand after '+' at line 2, column 3"),
        ("ABCDEFGHIJK = A", "11 distinct symbols but base 10 has only 10 digits"),
        ("(" * 400 + "A" + ")" * 400 + " = B", "nests parentheses or powers too deeply"),
    ],
)
def test_bad_input_messages(text: str, message: str) -> None:
    with pytest.raises(PuzzleInputError) as info:
        Cryptarithm.parse(text)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"base": 1}, "base must be between 2 and 36, got 1"),
        ({"base": 37}, "base must be between 2 and 36, got 37"),
        ({"assign": {"X": 1}}, "--assign names 'X', which is not in the puzzle"),
        ({"assign": {"S": 10}}, "--assign S=10: not a digit in base 10"),
        ({"assign": {"S": 8, "M": 8}}, "--assign gives S and M the same digit 8"),
        ({"assign": {"S": 0}}, "--assign S=0 contradicts the puzzle: S starts a number"),
        ({"assign": {"S": 0}, "digits": "1-9"}, "contradicts the allowed digits"),
        ({"assign": {"S": 9}, "forbid": {"S": [9]}}, "--assign S=9 contradicts --forbid"),
        ({"forbid": {"Q": [1]}}, "--forbid names 'Q', which is not in the puzzle"),
        ({"digits": "1-7"}, "8 distinct symbols but only 7 digits are allowed"),
        ({"digits": "5-3"}, "bad digit range '5-3'"),
        ({"digits": "0-10"}, "digit 10 in '0-10' is not a digit in base 10"),
    ],
)
def test_bad_options(kwargs: dict[str, object], message: str) -> None:
    """The library names its parameters (assign); the command line shows flags (--assign)."""
    with pytest.raises(PuzzleInputError) as info:
        Cryptarithm.parse("SEND + MORE = MONEY", **kwargs)  # type: ignore[arg-type]
    assert message.replace("--", "") in str(info.value)
    assert "--" not in str(info.value)
    assert message in error_text(info.value)


def test_literal_digits_must_fit_the_base() -> None:
    with pytest.raises(PuzzleInputError, match="9 in 'A9' is not a digit in base 8"):
        Cryptarithm.parse("A9 = BC", base=8)


def test_option_spec_parsers() -> None:
    assert parse_digit_set("1-3,7") == {1, 2, 3, 7}
    assert parse_digit_set("0, 2") == {0, 2}
    assert parse_assignments(["S=9,M=1", "O=0"]) == {"S": 9, "M": 1, "O": 0}
    with pytest.raises(PuzzleInputError, match="expected LETTER=DIGIT"):
        parse_assignments(["S9"])
    with pytest.raises(PuzzleInputError, match="two values"):
        parse_assignments(["S=9", "S=8"])


def test_substitute_keeps_the_layout() -> None:
    puzzle = Cryptarithm.parse("SEND + MORE = MONEY")
    (solution,) = puzzle.solve()
    assert puzzle.substitute(solution) == "9567 + 1085 = 10652"
    hexa = Cryptarithm.parse("A + A = B", base=16, assign={"A": 7})
    (solution,) = hexa.solve()
    assert hexa.substitute(solution) == "7 + 7 = E"
