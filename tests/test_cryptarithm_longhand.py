"""Long division and multiplication layouts: published puzzles, brute force, making."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.cryptarithm.longhand import (
    DivisionLayout,
    hide_digits,
    layout_text,
    paper_text,
    parse_layout,
    random_layout,
    read_layout_file,
    solve_layout,
    true_division,
    true_multiplication,
)
from puzzlewright.errors import PuzzleInputError
from puzzlewright.render.longhand_html import layout_html

# Published long divisions (New Scientist Enigma puzzles, as listed with their answers in
# the examples of Jim Randell's enigma.py SubstitutedDivision): facts, not copied text.
PUBLISHED = [
    # Enigma 206: some letters for digits, some digits missing
    ("pkmkh / ?? = ???", ["pmd xp", "?? kh", "mbg k"], (47670, 77, 619, 7)),
    # Enigma 250: a couple of sevens
    ("7????? / ?? = ?????", ["?? ??", "?? ?", "-", "?? ??", "??7 ."], (760287, 33, 23039, 0)),
    # Enigma 309: missing letters
    ("h???g? / ?? = m?gh", ["g?? ??", "ky? ?", "m? x", "?? ."], (202616, 43, 4712, 0)),
    # Enigma 440
    ("????? / ?x = ??x", ["?? ?", "-", "??x ."], (10176, 96, 106, 0)),
]


@pytest.mark.parametrize(("header", "lines", "answer"), PUBLISHED)
def test_published_divisions_have_their_published_answer(
    header: str, lines: list[str], answer: tuple[int, int, int, int]
) -> None:
    result = solve_layout(parse_layout("division", header, lines))
    assert result.complete
    assert [s.numbers for s in result.solutions] == [answer]


def test_enigma_206_letters() -> None:
    layout = parse_layout("division", *PUBLISHED[0][:1], PUBLISHED[0][1])
    (solution,) = solve_layout(layout).solutions
    assert solution.letters == {"b": 9, "d": 2, "g": 3, "h": 0, "k": 7, "m": 6, "p": 4, "x": 1}


def test_enigma_style_subtraction_lines_are_read() -> None:
    layout = parse_layout(
        "division", "h???g? / ?? = m?gh", ["h?? - g?? = ??", "ky? ?", "?g - m? = x", "?? ."]
    )
    assert [s.numbers for s in solve_layout(layout).solutions] == [(202616, 43, 4712, 0)]


def _fits(pattern: str, value: int, mapping: dict[str, int]) -> bool:
    text = "" if pattern == "" and value == 0 else str(value)
    if len(text) != len(pattern):
        return False
    for symbol, ch in zip(pattern, text, strict=True):
        if symbol in "?*":
            continue
        if symbol.isdigit():
            if symbol != ch:
                return False
            continue
        if mapping.setdefault(symbol, int(ch)) != int(ch):
            return False
    return len(set(mapping.values())) == len(mapping)


def _brute_division(header: str, lines: list[str]) -> list[tuple[int, int, int, int]]:
    layout = parse_layout("division", header, lines)
    assert isinstance(layout, DivisionLayout)
    found = []
    for divisor in range(1, 10 ** len(layout.divisor)):
        for dividend in range(10 ** (len(layout.dividend) - 1), 10 ** len(layout.dividend)):
            q, r = divmod(dividend, divisor)
            if len(str(q)) != len(layout.quotient):
                continue
            mapping: dict[str, int] = {}
            ok = all(
                _fits(p, v, mapping)
                for p, v in (
                    (layout.dividend, dividend),
                    (layout.divisor, divisor),
                    (layout.quotient, q),
                )
            )
            text, first = str(dividend), len(str(dividend)) - len(str(q)) + 1
            partial = int(text[:first])
            for k, step in enumerate(layout.steps):
                if not ok:
                    break
                digit = partial // divisor
                if (step is None) != (digit == 0):
                    ok = False
                    break
                difference = partial - digit * divisor
                if step is not None:
                    ok = _fits(step[0], digit * divisor, mapping) and _fits(
                        step[1], difference, mapping
                    )
                if first + k < len(text):
                    partial = difference * 10 + int(text[first + k])
            if ok:
                found.append((dividend, divisor, q, r))
    return found


@pytest.mark.parametrize(
    ("header", "lines"),
    [
        ("??? / ? = ??", ["? ?", "? ?"]),
        ("a?b / ? = ?a", ["? .", "?b ."]),
        ("???? / ?? = ??", ["?? ?", "?? ?"]),
        ("??? / ? = ??", ["-", "?? ?"]),
        ("ab? / c = ?a", ["?? ?", "? ."]),
    ],
)
def test_divisions_agree_with_brute_force(header: str, lines: list[str]) -> None:
    expected = sorted(_brute_division(header, lines))
    got = sorted(s.numbers for s in solve_layout(parse_layout("division", header, lines)).solutions)
    assert got == expected


@pytest.mark.parametrize(
    ("header", "lines"),
    [("?? * ?? = ???", ["??", "??"]), ("a? * b = ?a?", []), ("?? * ?? = ???", ["-", "?a"])],
)
def test_multiplications_agree_with_brute_force(header: str, lines: list[str]) -> None:
    layout = parse_layout("multiplication", header, lines)
    a_p, b_p, c_p = header.replace("*", "=").replace(" ", "").split("=")
    expected = []
    for a in range(10 ** (len(a_p) - 1), 10 ** len(a_p)):
        for b in range(10 ** (len(b_p) - 1), 10 ** len(b_p)):
            mapping: dict[str, int] = {}
            if not all(_fits(p, v, mapping) for p, v in ((a_p, a), (b_p, b), (c_p, a * b))):
                continue
            digits = [int(d) for d in reversed(str(b))]
            if lines and not all(
                (line == "-") == (d == 0) and (line == "-" or _fits(line, a * d, mapping))
                for line, d in zip(lines, digits, strict=True)
            ):
                continue
            expected.append((a, b, a * b, 0))
    got = sorted(s.numbers for s in solve_layout(layout).solutions)
    assert got == sorted(expected)


def test_paper_text_is_aligned_as_on_paper() -> None:
    layout = parse_layout("division", "pkmkh / ?? = ???", ["pmd xp", "?? kh", "mbg k"])
    text = paper_text(layout, solve_layout(layout).solutions[0])
    assert text.splitlines() == [
        "       619",
        "    ------",
        "77 ) 47670",
        "     462",
        "     ---",
        "      147",
        "       77",
        "       --",
        "       700",
        "       693",
        "       ---",
        "         7",
    ]
    mult = true_multiplication(476, 77)
    assert paper_text(mult, solve_layout(mult).solutions[0]).splitlines()[3:5] == [
        "   3332",
        "  3332",
    ]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("kind", ["division", "multiplication"])
@pytest.mark.parametrize("style", ["stars", "letters"])
def test_hidden_layouts_are_unique_with_the_true_answer(kind: str, seed: int, style: str) -> None:
    true = random_layout(kind, random.Random(seed))
    puzzle = hide_digits(true, seed=seed, style=style)
    result = solve_layout(puzzle)
    assert result.count == 1
    assert result.solutions[0].numbers == solve_layout(true).solutions[0].numbers
    assert "?" in layout_text(puzzle)
    assert read_layout_file(layout_text(puzzle)) == puzzle


def test_trailing_zero_quotient_keeps_the_remainder() -> None:
    true = true_division(16406, 40)
    assert true.remainder == "6"
    assert [s.numbers for s in solve_layout(true).solutions] == [(16406, 40, 410, 6)]


def test_bad_layouts_are_clear_errors() -> None:
    with pytest.raises(PuzzleInputError, match="ABCDE / FG"):
        parse_layout("division", "ab / c", [])
    with pytest.raises(PuzzleInputError, match="one per quotient digit"):
        parse_layout("division", "??? / ? = ??", ["? ?"])
    with pytest.raises(PuzzleInputError, match="leading 0"):
        parse_layout("multiplication", "0? * ? = ??", [])


def test_html_has_the_cells() -> None:
    layout = parse_layout("division", "????? / ?x = ??x", ["?? ?", "-", "??x ."])
    page = layout_html(layout, solve_layout(layout).solutions[0])
    assert page.count('<table class="layout">') == 2
    assert (
        '<td class="prefix">96</td><td class="bracket">1</td><td class="">0</td>'
        '<td class="">1</td><td class="">7</td><td class="">6</td>'
    ) in page


def test_cli_solve_layout_and_make_layout(tmp_path: object) -> None:
    runner = CliRunner()
    out = runner.invoke(
        cli,
        [
            "cryptarithm",
            "solve",
            "--layout",
            "division",
            "--json",
            "pkmkh / ?? = ???",
            "pmd xp",
            "?? kh",
            "mbg k",
        ],
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["count"] == 1
    assert data["solutions"][0]["numbers"] == {
        "dividend": 47670,
        "divisor": 77,
        "quotient": 619,
        "remainder": 7,
    }
    out = runner.invoke(cli, ["cryptarithm", "make-layout", "division", "--seed", "2", "--json"])
    assert out.exit_code == 0
    made = json.loads(out.output)
    again = runner.invoke(cli, ["cryptarithm", "make-layout", "division", "--seed", "2", "--json"])
    assert json.loads(again.output) == made
    assert solve_layout(read_layout_file(made["puzzle"])).count == 1
    out = runner.invoke(cli, ["cryptarithm", "solve", "--layout", "division", "12 / 3"])
    assert out.exit_code == 2 and "error:" in out.output


@pytest.mark.parametrize("kind", ["division", "multiplication"])
def test_make_layout_output_feeds_solve_layout_file(kind: str, tmp_path: Path) -> None:
    """``make-layout KIND > puzzle.txt`` then ``solve --layout-file puzzle.txt``: stdout is
    the layout file, the drawing goes to stderr."""
    from click.testing import CliRunner

    from puzzlewright.cli import cli

    made = CliRunner().invoke(cli, ["cryptarithm", "make-layout", kind, "--seed", "4"])
    assert made.exit_code == 0, made.stderr
    assert made.stdout.startswith(kind + "\n") and "-----\n" in made.stderr
    path = tmp_path / "puzzle.txt"
    path.write_text(made.stdout, encoding="utf-8")
    solved = CliRunner().invoke(cli, ["cryptarithm", "solve", "--layout-file", str(path)])
    assert solved.exit_code == 0, solved.stderr
    assert "1 solution, search complete." in solved.stdout
