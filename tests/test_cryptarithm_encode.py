"""``cryptarithm encode``: true equations of numbers become word puzzles."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.cryptarithm import Cryptarithm
from puzzlewright.cryptarithm.encode import encode, iter_encodings, parse_equation
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Alphabet, WordList, builtin_english


@pytest.fixture(scope="module")
def english() -> WordList:
    return builtin_english()


def small_list(*words: str) -> WordList:
    return WordList(((w, 50) for w in words), Alphabet.latin(), "small")


def test_to_be_egg_is_found_on_the_builtin_list(english: WordList) -> None:
    found = iter_encodings(parse_equation("49 + 51 = 100"), english)
    assert ("TO", "BE", "EGG") in found
    assert len(found) == len(set(found))


def test_every_encoding_is_consistent(english: WordList) -> None:
    equation = parse_equation("49 + 51 = 100")
    for words in iter_encodings(equation, english):
        digits = "".join(n.digits for n in equation.numbers)
        letters = "".join(words)
        pairs = set(zip(digits, letters, strict=True))
        # same digit <-> same letter, both ways
        assert len(pairs) == len({d for d, _ in pairs}) == len({c for _, c in pairs})
        assert all(w in english for w in words)


def test_pattern_and_shape_uniqueness(english: WordList) -> None:
    result = encode("49 + 51 = 100", english, limit=5)
    assert result.pattern == "AB + CD = DEE"
    assert result.solutions == 2  # "two or more"
    assert len(result.encodings) == 5
    assert not any(e.unique for e in result.encodings)
    assert result.total >= 1000


def test_ranking_is_by_weakest_then_mean(english: WordList) -> None:
    result = encode("12 + 34 = 46", english, limit=10)
    keys = [(e.score, e.mean) for e in result.encodings]
    assert keys == sorted(keys, reverse=True)


def test_unique_forms_are_verified_by_the_solver(english: WordList) -> None:
    result = encode("9567 + 1085 = 10652", english, limit=5, unique_only=True)
    assert result.unique and result.encodings
    for item in result.encodings:
        assert item.unique
        solutions = list(Cryptarithm.parse(item.puzzle).solve())
        assert len(solutions) == 1
        assert Cryptarithm.parse(item.puzzle).substitute(solutions[0]) == "9567 + 1085 = 10652"


def test_unique_only_skips_a_shape_with_many_solutions(english: WordList) -> None:
    result = encode("49 + 51 = 100", english, unique_only=True)
    assert result.encodings == [] and not result.searched


def test_min_score_and_limit(english: WordList) -> None:
    result = encode("49 + 51 = 100", english, limit=3, min_score=60)
    assert len(result.encodings) == 3
    assert all(min(e.scores) >= 60 for e in result.encodings)


def test_distinct_digits_never_share_a_letter() -> None:
    # 12 + 12 = 24: ON + ON = NO would give digits 1 and 4 the same letter O
    words = small_list("ON", "NO", "AT")
    result = encode("12 + 12 = 24", words)
    assert result.encodings == []
    result = encode("12 + 12 = 24", small_list("ON", "NA", "OK"))
    assert [e.puzzle for e in result.encodings] == ["ON + ON = NA"]


@pytest.mark.parametrize(("text", "op"), [("12 * 34 = 408", "*"), ("100 - 51 = 49", "-")])
def test_operators_the_solver_supports(text: str, op: str, english: WordList) -> None:
    result = encode(text, english, limit=3)
    assert len(result.encodings) == 3
    for item in result.encodings:
        assert f" {op} " in item.puzzle
        puzzle = Cryptarithm.parse(item.puzzle)
        digits = {letter: int(d) for d, letter in item.letters.items()}
        assert puzzle.verify(digits)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("49 + 51 = 101", "not true"),
        ("TO + BE = EGG", "not a number"),
        ("", "no equation"),
        ("49 + = 100", "column"),
    ],
)
def test_bad_equations_are_rejected(text: str, message: str, english: WordList) -> None:
    with pytest.raises(PuzzleInputError, match=message):
        encode(text, english)


def test_cli_json() -> None:
    runner = CliRunner()
    out = runner.invoke(cli, ["cryptarithm", "encode", "49 + 51 = 100", "--json", "--limit", "3"])
    assert out.exit_code == 0, out.output
    records = json.loads(out.stdout)
    assert len(records) == 3
    first = records[0]
    assert set(first) >= {"words", "letters", "unique", "score", "puzzle"}
    assert first["unique"] is False
    assert sorted(first["letters"]) == ["0", "1", "4", "5", "9"]


def test_cli_table_and_false_equation() -> None:
    runner = CliRunner()
    out = runner.invoke(
        cli,
        ["cryptarithm", "encode", "9567", "+", "1085", "=", "10652", "--unique", "--limit", "2"],
    )
    assert out.exit_code == 0, out.output
    assert "MONEY" in out.stdout and "exactly one solution" in out.stdout
    bad = runner.invoke(cli, ["cryptarithm", "encode", "2 + 2 = 5"])
    assert bad.exit_code == 2
    assert "error:" in bad.stderr and "not true" in bad.stderr


def test_cli_unique_none_exit_1() -> None:
    out = CliRunner().invoke(cli, ["cryptarithm", "encode", "49 + 51 = 100", "--unique"])
    assert out.exit_code == 1
    assert "none is unique" in out.stderr


def test_cli_words_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "words.txt"
    path.write_text("to;50\nbe;50\negg;40\nsee;30\n", encoding="utf-8")
    out = CliRunner().invoke(
        cli, ["cryptarithm", "encode", "49 + 51 = 100", "--words", str(path), "--json"]
    )
    assert out.exit_code == 0, out.output
    assert [r["words"] for r in json.loads(out.stdout)] == [["TO", "BE", "EGG"]]


@pytest.mark.parametrize("text", ["12 + 34 = 46", "100 - 51 = 49"])
def test_bounded_heap_equals_a_full_sort(text: str, english: WordList) -> None:
    every = iter_encodings(parse_equation(text), english)

    def key(words: tuple[str, ...]) -> tuple[int, int]:
        scores = [english.score(w) or 0 for w in words]
        return (min(scores), sum(scores))

    best = sorted({key(w) for w in every}, reverse=True)
    result = encode(text, english, limit=15)
    assert result.total == len(every)
    got = [key(tuple(dict.fromkeys(e.words))) for e in result.encodings]
    expected = sorted((key(w) for w in every), reverse=True)[:15]
    assert got == expected and got[0] == best[0]
