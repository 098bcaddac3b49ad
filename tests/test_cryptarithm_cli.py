"""``puzzlewright cryptarithm solve`` through the real CLI entry point."""

from __future__ import annotations

import json
import re
from itertools import permutations

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.cryptarithm import Cryptarithm
from puzzlewright.stopping import StopSignal


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["cryptarithm", "solve", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_send_more_money_text_output() -> None:
    code, out, err = run("SEND + MORE = MONEY")
    assert code == 0 and err == ""
    assert "9567 + 1085 = 10652" in out
    lines = out.splitlines()
    header = next(line for line in lines if line.split() == list("SENDMORY"))
    values = lines[lines.index(header) + 2]
    assert values.split() == ["9", "5", "6", "7", "1", "0", "8", "2"]
    assert "1 solution, search complete." in out


def test_unquoted_puzzle_words_are_joined() -> None:
    code, out, _ = run("SEND", "+", "MORE", "=", "MONEY")
    assert code == 0 and "9567 + 1085 = 10652" in out


def test_leading_minus_is_part_of_the_puzzle() -> None:
    code, out, _ = run("-A", "+", "BC", "=", "12", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["count"] > 0
    assert all(10 * s["B"] + s["C"] - s["A"] == 12 for s in doc["solutions"])


def test_json_document() -> None:
    code, out, err = run("SEND + MORE = MONEY", "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert 0 <= doc.pop("seconds") < 60
    assert doc == {
        "status": "solved",
        "puzzle": "SEND + MORE = MONEY",
        "count": 1,
        "complete": True,
        "solutions": [{"S": 9, "E": 5, "N": 6, "D": 7, "M": 1, "O": 0, "R": 8, "Y": 2}],
        "omitted": 0,
        "stop_reason": None,
    }


def test_json_no_solution_exits_1() -> None:
    code, out, _ = run("FORTY + TEN + SIX = SIXTY", "--json")
    assert code == 1
    doc = json.loads(out)
    assert isinstance(doc.pop("seconds"), float)
    assert doc == {
        "status": "none",
        "puzzle": "FORTY + TEN + SIX = SIXTY",
        "count": 0,
        "complete": True,
        "solutions": [],
        "omitted": 0,
        "stop_reason": None,
    }
    code, out, _ = run("FORTY + TEN + SIX = SIXTY")
    assert code == 1 and "No solution." in out


@pytest.mark.parametrize(
    ("option", "count", "complete"),
    [
        ([], 96, True),
        (["--first"], 1, False),
        (["--limit", "5"], 5, False),
        (["--limit", "500"], 96, True),
        (["--unique"], 2, False),
    ],
)
def test_limits_and_complete_flag(option: list[str], count: int, complete: bool) -> None:
    code, out, _ = run("NUM + BER = PLAY", "--json", *option)
    doc = json.loads(out)
    assert code == 0
    assert doc["count"] == count == len(doc["solutions"])
    assert doc["complete"] is complete
    assert doc["status"] == "solved"  # a limit reached is what was asked for


def test_unique_says_whether_the_puzzle_is_unique() -> None:
    code, out, _ = run("NUM + BER = PLAY", "--unique")
    assert code == 0 and "Not unique: at least 2 solutions." in out
    code, out, _ = run("SEND + MORE = MONEY", "--unique")
    assert code == 0 and "The solution is unique." in out
    code, out, _ = run("SEND + MORE = MONEY", "--unique", "--json")
    doc = json.loads(out)
    assert doc["count"] == 1 and doc["complete"] is True
    code, out, _ = run("A = B", "--unique")
    assert code == 1 and "No solution." in out


def test_count() -> None:
    code, out, _ = run("I + LOVE + YOU = DORA", "--count")
    assert code == 0 and out.strip() == "312 solutions."
    code, out, _ = run("I + LOVE + YOU = DORA", "--count", "--json")
    doc = json.loads(out)
    assert doc["count"] == 312 and doc["complete"] is True and doc["solutions"] == []


def test_timeout_marks_the_result_incomplete() -> None:
    code, out, err = run("ABCDEFGHIJ = ABCDEFGHIJ", "--count", "--json", "--timeout", "0.05")
    doc = json.loads(out)
    assert code == 1 and doc["complete"] is False and 0 < doc["count"] < 3_265_920
    assert doc["stop_reason"] == "timeout" and doc["status"] == "timeout"
    assert err.startswith("warning: search stopped by the time limit")


def test_status_names_how_the_solve_ended() -> None:
    # solve --json had no status (fill, pattern, repair, acrostic and find's engines say one)
    stop = StopSignal()
    stop.interrupted = True
    stopped = Cryptarithm.parse("ABCDEFGHIJ = ABCDEFGHIJ").search(stop=stop)
    assert (stopped.status, stopped.stop_reason) == ("timeout", "interrupted")
    assert stopped.to_json()["status"] == "timeout"
    assert Cryptarithm.parse("A + A = B").search(limit=1).status == "solved"
    assert Cryptarithm.parse("A = B").search().status == "none"


def test_options_base_assign_forbid_digits_leading_zeros() -> None:
    code, out, _ = run("SEND + MORE = MONEY", "--assign", "S=9,M=1", "--json")
    assert code == 0 and json.loads(out)["count"] == 1
    code, out, _ = run("SEND + MORE = MONEY", "--forbid", "D=6-7", "--json")
    assert code == 1 and json.loads(out)["count"] == 0
    code, out, _ = run("SEND + MORE = MONEY", "--leading-zeros", "--count")
    assert code == 0 and out.strip() == "25 solutions."
    code, out, _ = run("A + B = C", "--digits", "1-5", "--count")
    assert out.strip() == "8 solutions."
    code, out, _ = run("A + B = CD", "--base", "16", "--assign", "A=15", "--assign", "B=14")
    assert code == 0 and "(base 16)" in out and "15 + 14 = 1D" not in out
    assert "F + E = 1D" in out  # digits above 9 are written 0-9A-Z


def test_several_equations_and_stdin() -> None:
    code, out, _ = run("-", stdin="SEND + MORE = MONEY\nS = 9\n")
    assert code == 0
    assert "9567 + 1085 = 10652" in out and "9 = 9" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ABCDEFGHIJK = A"], "11 distinct symbols but base 10 has only 10 digits"),
        (["= MONEY"], "empty left side of '='"),
        (["SEND + MORE ="], "empty right side of '='"),
        (["SEND + MORE"], "no '=' in 'SEND + MORE'"),
        (["SEND + MORE = MONEY!"], "unexpected character '!' at column 20"),
        (["SEND + + MORE = MONEY"], "two operators in a row ('+ +') at column 8"),
        (["(SEND + MORE = MONEY"], "unbalanced parentheses: '(' at column 1"),
        (["SEND + MORE) = MONEY"], "unbalanced parentheses: ')' at column 12"),
        ([""], "empty puzzle"),
        (["A = B", "--base", "37"], "base must be between 2 and 36, got 37"),
        (["A = B", "--base", "1"], "base must be between 2 and 36, got 1"),
        (["SEND + MORE = MONEY", "--assign", "S=0"], "--assign S=0 contradicts the puzzle"),
        (["SEND + MORE = MONEY", "--assign", "Q=1"], "'Q', which is not in the puzzle"),
        (["SEND + MORE = MONEY", "--assign", "S=1,M=1"], "S and M the same digit 1"),
        (["SEND + MORE = MONEY", "--assign", "S"], "bad --assign 'S'"),
        (["SEND + MORE = MONEY", "--forbid", "S=z"], "bad digit list 'z'"),
        (["SEND + MORE = MONEY", "--digits", "3-9"], "only 7 digits are allowed"),
        (["A = B", "--first", "--unique"], "at most one of --first, --limit and --unique"),
        (["A = B", "--limt", "3"], "no such option: --limt"),
        (["A9 = B", "--base", "8"], "9 in 'A9' is not a digit in base 8"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert err.startswith("error: ") and message in err
    assert err.count("\n") == 1


def test_help_lists_solve() -> None:
    result = CliRunner().invoke(cli, ["cryptarithm", "--help"])
    assert result.exit_code == 0 and "solve" in result.stdout


def test_towers_of_powers_answer_cleanly() -> None:
    """Issue 12: towers of powers gave TooBig and int-to-string tracebacks."""
    code, out, err = run("A^B^C^D=EF", "--count")
    brute = 0  # A^(B^(C^D)) = EF over distinct digits; huge powers can never be two digits
    for a, b, c, d, e, f in permutations(range(10), 6):
        inner = c**d
        if e == 0 or (b > 1 and inner > 64):
            continue
        exponent = b**inner
        if (a <= 1 or exponent <= 64) and a**exponent == 10 * e + f:
            brute += 1
    assert code == 0 and err == "" and out.strip() == f"{brute} solutions." and brute == 38
    code, out, err = run("2^2^2^2^2^2=A")
    assert code == 2 and out == ""
    assert err == "error: a power in this puzzle is too large to compute (^a 19729-digit number)\n"
    code, _, err = run("A^B^C^D=E")
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1


def test_show_bounds_the_listing_and_counts_the_rest() -> None:
    """Issue 25: 21,312 solutions printed for minutes after the time limit. Text lists the
    first 20 by default (tables), more as plain lines; JSON holds the first N and says how
    many it left out; the count is always the whole."""
    code, out, _ = run("NUM + BER = PLAY")
    assert code == 0 and out.count("Solution ") == 20
    assert "96 solutions, search complete." in out and "76 more are not" in out
    code, out, _ = run("NUM + BER = PLAY", "--show", "0")
    lines = [line for line in out.splitlines() if re.match(r"\d+: ", line)]
    assert code == 0 and len(lines) == 96 and "more are not" not in out
    assert lines[0].startswith("1: ") and " N=" in lines[0] and lines[-1].startswith("96: ")
    code, out, _ = run("NUM + BER = PLAY", "--show", "5", "--json")
    doc = json.loads(out)
    assert (doc["count"], len(doc["solutions"]), doc["omitted"]) == (96, 5, 91)
    assert doc["complete"] is True
