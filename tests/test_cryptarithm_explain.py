"""The explanation engine: real puzzles, each explanation checked step by step."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.cryptarithm import Cryptarithm
from puzzlewright.cryptarithm.explain import GRADES, RULES, explain
from puzzlewright.cryptarithm.explain.grade import CALIBRATION
from puzzlewright.errors import PuzzleInputError

RULE_NAMES = {r.name for r in RULES} | {"leading zero", "case split", "branch point"}


def _check_monotone(steps: list, start: dict[str, tuple[int, ...]] | None = None) -> None:
    """Domains only ever shrink from step to step, and every rule is in the catalogue."""
    before = start
    for step in steps:
        assert step.rule in RULE_NAMES
        assert step.sentence.endswith(".")
        if before is not None and step.domains:
            for var, digits in step.domains.items():
                assert set(digits) <= set(before.get(var, digits)), (step.rule, var)
        if step.domains:
            before = step.domains


@pytest.mark.parametrize(("puzzle", "expected"), CALIBRATION)
def test_calibration_puzzles_are_solved_verified_and_graded(puzzle: str, expected: str) -> None:
    result = explain(puzzle)
    assert result.status == "solved"
    assert result.verified
    solution = list(Cryptarithm.parse(puzzle).solve())
    assert result.solution == solution[0]
    assert result.grade.label == expected
    _check_monotone(list(result.steps))


def test_send_more_money_starts_like_the_hand_method() -> None:
    steps = explain("SEND + MORE = MONEY").steps
    assert steps[0].rule == "leading zero"
    assert steps[1].rule == "leading digit"
    assert steps[1].changed["M"] == (1,)
    assert "M = 1" in steps[1].sentence
    # S is narrowed to 8 or 9 before it is fixed
    assert any(s.changed.get("S") == (8, 9) for s in steps)


def test_easy_puzzle_needs_no_case_split() -> None:
    result = explain("TO + GO = OUT")
    assert result.grade.splits == 0
    assert result.grade.label == "easy"
    assert result.solution == {"T": 2, "O": 1, "G": 8, "U": 0}


def test_several_solutions_stop_at_the_branching_point_with_counts() -> None:
    result = explain("ODD + ODD = EVEN")
    assert result.status == "several"
    assert result.solutions == 2
    assert result.verified
    last = result.steps[-1]
    assert last.rule == "branch point"
    assert sum(b.solutions or 0 for b in last.branches) == 2


@pytest.mark.parametrize("puzzle", ["SIX - TWO = FOUR", "AB + AB = AB", "AB + CD = EFGH"])
def test_no_solution_is_explained_and_confirmed(puzzle: str) -> None:
    result = explain(puzzle)
    assert result.status == "impossible"
    assert result.verified
    assert result.steps[-1].contradiction or result.steps[-1].rule == "case split"


def test_difference_is_read_as_a_sum() -> None:
    result = explain("MONEY - MORE = SEND")
    assert result.status == "solved"
    assert result.solution == {"M": 1, "O": 0, "N": 6, "E": 5, "Y": 2, "R": 8, "S": 9, "D": 7}


def test_quotients_are_refused_clearly() -> None:
    with pytest.raises(PuzzleInputError, match="quotient"):
        explain("AB / C = DE")


@pytest.mark.parametrize(
    "puzzle", ["KEY * SIX = SHAKE", "SAM * OH = SKIP", "ARCH * HACK = COLLECT"]
)
def test_unique_products_are_solved_by_product_rules_and_splits(puzzle: str) -> None:
    result = explain(puzzle)
    assert result.status == "solved" and result.verified
    assert result.solution == next(iter(Cryptarithm.parse(puzzle).solve()))
    rules = {s.rule for s in result.steps}
    assert "units digit" in rules
    _check_monotone(list(result.steps))


def test_product_with_several_solutions_counts_them() -> None:
    result = explain("TWO * TWO = SQUARE")
    assert result.status == "several" and result.verified
    assert result.solutions == Cryptarithm.parse("TWO * TWO = SQUARE").count(100) == 3
    assert any(s.rule == "magnitude" for s in result.steps)


def test_casting_out_nines_narrows_the_last_letters() -> None:
    result = explain("AB * C = DEF", leading_zeros=False)
    assert result.verified
    assert all(s.rule != "casting out nines" or s.changed for s in result.steps)


def test_random_small_sums_agree_with_the_solver() -> None:
    rng = random.Random(16)
    letters = "ABCDEFGHIJ"
    for _ in range(40):
        pool = rng.sample(letters, 7)
        a = "".join(rng.choice(pool) for _ in range(rng.randint(2, 3)))
        b = "".join(rng.choice(pool) for _ in range(rng.randint(1, 3)))
        c = "".join(rng.choice(pool) for _ in range(rng.randint(3, 4)))
        puzzle = f"{a} + {b} = {c}"
        result = explain(puzzle)
        assert result.verified, puzzle
        count = Cryptarithm.parse(puzzle).count(1000)
        if result.status == "solved":
            assert count == 1
        elif result.status == "impossible":
            assert count == 0
        else:
            assert result.status == "several" and result.solutions == count


def test_json_steps_and_grade_from_the_cli() -> None:
    runner = CliRunner()
    out = runner.invoke(cli, ["cryptarithm", "solve", "--json", "--explain", "TO + GO = OUT"])
    assert out.exit_code == 0
    data = json.loads(out.output)
    assert data["grade"]["label"] in GRADES
    step = data["steps"][1]
    assert step["rule"] == "leading digit"
    assert step["letters"] == ["O"]
    assert step["domains"]["O"] == [1]
    assert data["solutions"] == [{"T": 2, "O": 1, "G": 8, "U": 0}]


def test_text_explanation_is_numbered_with_rule_names() -> None:
    runner = CliRunner()
    out = runner.invoke(cli, ["cryptarithm", "solve", "--explain", "--grade", "TO + GO = OUT"])
    assert out.exit_code == 0
    assert "1. [leading zero] T, O and G start numbers, so none is 0." in out.output
    assert "[leading digit]" in out.output
    assert "Grade: easy" in out.output


def test_explain_of_a_power_is_a_clean_error() -> None:
    out = CliRunner().invoke(cli, ["cryptarithm", "solve", "--explain", "AB ^ C = DEF"])
    assert out.exit_code == 2
    assert "error:" in out.output
    assert "Traceback" not in out.output


def everyday_short_words() -> list[tuple[str, int]]:
    """The built-in list's everyday words of at most five letters, best first (2,213 words).

    Among the first 40 unique short-word subtractions of seed 0 (built-in list of cache
    format 12) 1 is easy, 8 medium, 22 hard and 9 fiendish: a filter for "medium" still
    rejects four in five of what it grades, and finds three in about a second (three easy
    ones took 5-22 s over seeds 0-3)."""
    from puzzlewright.lexicon import builtin_english

    return [(e.word, e.score) for e in builtin_english() if e.score >= 40 and len(e.word) <= 5]


@pytest.mark.slow
def test_find_filters_by_difficulty_and_reports_the_grade() -> None:
    from puzzlewright.cryptarithm.explain import grade_of
    from puzzlewright.cryptarithm.find import build_spec, find, parse_form

    pool = [word for word, _ in everyday_short_words()]
    spec = build_spec(parse_form("A - B = C"), pool=pool, scores={}, seed=0)
    run = find(spec, limit=3, difficulty="medium")
    assert len(run.puzzles) == 3
    for puzzle in run.puzzles:
        assert puzzle.grade == "medium" == grade_of(puzzle.puzzle)
        assert puzzle.to_json()["grade"] == "medium"
    assert run.stats.unique > 3  # the filter turned unique puzzles of other grades away
    assert grade_of("AB / C = DE") is None


def test_cli_find_difficulty_and_encode_grade(tmp_path: Path) -> None:
    words = tmp_path / "short.txt"
    words.write_text("".join(f"{word};{score}\n" for word, score in everyday_short_words()))
    runner = CliRunner()
    out = runner.invoke(
        cli,
        [
            *["cryptarithm", "find", "--words", str(words), "--form", "A - B = C"],
            *["--difficulty", "medium", "--limit", "2", "--seed", "0", "--json"],
        ],
    )
    assert out.exit_code == 0
    records = [json.loads(line) for line in out.output.splitlines() if line.startswith("{")][:-1]
    assert len(records) == 2 and all(r["grade"] == "medium" for r in records)
    out = runner.invoke(cli, ["cryptarithm", "solve", "--explain", "AB / C = DE"])
    assert out.exit_code == 2 and "error:" in out.output
    out = runner.invoke(cli, ["cryptarithm", "encode", "--grade", "--json", "49 + 51 = 100"])
    assert out.exit_code == 0
    assert {r["grade"] for r in json.loads(out.output)} == {"medium"}
