"""``cryptarithm find``: unique word equations, sharded, identical on every executor."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.cryptarithm import Cryptarithm
from puzzlewright.cryptarithm.executors import dask_map, make_map
from puzzlewright.cryptarithm.find import (
    FindRun,
    FindSpec,
    FoundPuzzle,
    build_spec,
    cheap_filter,
    find,
    parse_form,
)
from puzzlewright.cryptarithm.find_checker import WordEquation
from puzzlewright.cryptarithm.find_themes import DEFAULT_MIN_SCORE, find_pool, theme_words
from puzzlewright.cryptarithm.numbers import english, english_name, load_number_names
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList, builtin_english


@pytest.fixture(scope="module")
def words() -> WordList:
    return builtin_english()


@pytest.fixture(scope="module")
def sampled(words: WordList) -> FindSpec:
    pool = [e.word for e in words if e.score >= 45]
    return build_spec(parse_form("A + B = C"), pool=pool, scores=words.scores(), seed=7)


def assert_unique(puzzles: list[FoundPuzzle]) -> None:
    """Every emitted puzzle has exactly one solution, the one printed."""
    for p in puzzles:
        solutions = list(Cryptarithm.parse(p.puzzle).solve())
        assert solutions == [p.solution], p.puzzle
        assert Cryptarithm.parse(p.puzzle).substitute(p.solution) == p.digits


def texts(puzzles: list[FoundPuzzle]) -> list[str]:
    return [p.puzzle for p in puzzles]


# -- forms and filters ---------------------------------------------------------------------


def test_find_pool_chooses_theme_or_list_and_honours_min_score_zero(words: WordList) -> None:
    """One function chooses find's words for the CLI and the workbench."""
    every = [entry.word for entry in words]
    assert find_pool(words, min_score=0, builtin=True) == every  # 0 means 0, not the default
    everyday = find_pool(words, builtin=True)
    assert everyday == [e.word for e in words if e.score >= DEFAULT_MIN_SCORE] != every
    assert find_pool(words) == every  # another list: no default floor
    assert find_pool(words, ["planets"], min_score=0, builtin=True)[:2] == ["MERCURY", "VENUS"]
    scores = words.scores()
    strict = find_pool(words, ["planets moon"], min_score=50)
    assert strict and all((scores.get(w) or 0) >= 50 for w in strict)


@pytest.mark.parametrize(
    ("text", "op", "terms"),
    [("A + B = C", "+", 2), ("A+B+C=D", "+", 3), ("A - B = C", "-", 2), ("A * B = C", "*", 2)],
)
def test_forms(text: str, op: str, terms: int) -> None:
    form = parse_form(text)
    assert (form.op, form.terms) == (op, terms)


@pytest.mark.parametrize("text", ["A + B", "A * B * C = D", "A + B - C = D", "1 + 2 = 3"])
def test_bad_forms(text: str) -> None:
    with pytest.raises(PuzzleInputError):
        parse_form(text)


def test_cheap_filters() -> None:
    assert cheap_filter(WordEquation(("ABCDEF", "GHIJK"), "LMNOPQ")) == "letters"
    # units column: B + A = A forces B = 0, but B starts BA
    assert cheap_filter(WordEquation(("AB", "BA"), "CA")) == "units"
    # A + A = A forces A = 0, but A starts AZA
    assert cheap_filter(WordEquation(("XA", "YA"), "AZA")) == "units"
    # B + B = B forces B = 0, which B may be
    assert cheap_filter(WordEquation(("AB", "CB"), "DB")) is None
    assert cheap_filter(WordEquation(("SEND", "MORE"), "MONEY")) is None
    # XA + YA = ZBZ: Z = 1 by the carry, but A + A = Z is even
    assert cheap_filter(WordEquation(("XA", "YA"), "ZBZ")) == "parity"
    # the same rules through a difference: ZBZ - YA = XA
    assert cheap_filter(WordEquation(("ZBZ", "YA"), "XA", "-")) == "parity"


# -- the engine ----------------------------------------------------------------------------


def test_sampled_run_is_unique_and_deterministic(sampled: FindSpec) -> None:
    first = find(sampled, limit=8)
    assert len(first.puzzles) == 8 and first.stop_reason == "limit"
    assert_unique(first.puzzles)
    again = find(sampled, limit=8)
    assert texts(again.puzzles) == texts(first.puzzles)
    other = find(
        build_spec(sampled.form, pool=sampled.pool, scores=sampled.scores, seed=8), limit=8
    )
    assert texts(other.puzzles) != texts(first.puzzles)
    assert first.stats.checked > 0 and first.stats.rejected_by_solver == 0


def test_theme_with_result(words: WordList) -> None:
    planets = theme_words("planets")
    assert planets is not None
    spec = build_spec(
        parse_form("A + B = C"), pool=planets, scores=words.scores(), result="PLANETS"
    )
    run = find(spec, limit=None)
    assert run.stop_reason is None and run.complete and run.puzzles
    for p in run.puzzles:
        assert p.words[-1] == "PLANETS"
        assert set(p.words[:-1]) <= set(planets)
    assert_unique(run.puzzles)


def test_result_over_the_word_list(words: WordList) -> None:
    pool = [e.word for e in words if e.score >= 45]
    spec = build_spec(
        parse_form("A + B = C"), pool=pool, scores=words.scores(), result="MONEY", seed=1
    )
    run = find(spec, limit=3)
    assert len(run.puzzles) == 3
    assert all(p.puzzle.endswith("= MONEY") for p in run.puzzles)
    assert_unique(run.puzzles)


@pytest.mark.parametrize("form", ["A - B = C", "A * B = C", "A + B + C = D"])
def test_other_forms(form: str, words: WordList) -> None:
    pool = [e.word for e in words if e.score >= 45]
    spec = build_spec(parse_form(form), pool=pool, scores=words.scores(), seed=3)
    run = find(spec, limit=2)
    assert len(run.puzzles) == 2
    assert_unique(run.puzzles)


def test_doubly_true_english() -> None:
    spec = build_spec(parse_form("A + B + C = D"), pool=(), scores={}, numbers=english())
    run = find(spec, limit=None)
    assert "FORTY + TEN + TEN = SIXTY" in texts(run.puzzles)
    value = {english_name(v): v for v in range(1, 101)}
    for p in run.puzzles:
        *terms, total = p.words
        assert sum(value[t] for t in terms) == value[total]
    assert_unique(run.puzzles)


def test_number_table_file(tmp_path: Path) -> None:
    table = tmp_path / "numbers.txt"
    table.write_text(
        "# some English numbers\n10 ten\n40\tforty\n60 = sixty\n7 seven\n", encoding="utf-8"
    )
    names = load_number_names(table)
    assert names.names == ((7, "SEVEN"), (10, "TEN"), (40, "FORTY"), (60, "SIXTY"))
    spec = build_spec(parse_form("A + B + C = D"), pool=(), scores={}, numbers=names)
    assert texts(find(spec, limit=None).puzzles) == ["FORTY + TEN + TEN = SIXTY"]
    bad = tmp_path / "bad.txt"
    bad.write_text("ten 10\n", encoding="utf-8")
    with pytest.raises(PuzzleInputError, match="line 1"):
        load_number_names(bad)


# -- executors -----------------------------------------------------------------------------


@pytest.mark.slow
def test_dask_local_cluster_equals_serial(sampled: FindSpec) -> None:
    distributed = pytest.importorskip("distributed")
    serial = find(sampled, limit=12)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        on_dask = find(sampled, limit=12, map_shards=dask_map(cluster.scheduler_address))
    assert texts(on_dask.puzzles) == texts(serial.puzzles)


def test_missing_dask_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(PuzzleInputError, match="dask"):
        make_map(scheduler="tcp://127.0.0.1:8786")


def test_bad_scheduler_address() -> None:
    with pytest.raises(PuzzleInputError, match="tcp://"):
        make_map(scheduler="localhost")


# -- the command ---------------------------------------------------------------------------


def run_cli(*args: str) -> tuple[int, str, str]:
    out = CliRunner().invoke(cli, ["cryptarithm", "find", *args])
    return out.exit_code, out.stdout, out.stderr


def test_cli_json_lines_and_jobs() -> None:
    code, one, _ = run_cli("--json", "--limit", "5", "--seed", "4")
    assert code == 0
    *records, summary = [json.loads(line) for line in one.splitlines()]
    assert len(records) == 5
    assert summary["summary"] and summary["found"] == 5 and summary["stop_reason"] == "limit"
    assert summary["status"] == "found"  # the limit asked for is reached: found, not cut
    for record in records:
        assert set(record) >= {"puzzle", "words", "solution", "digits", "score"}
        assert Cryptarithm.parse(record["puzzle"]).count(2) == 1
    code, two, _ = run_cli("--json", "--limit", "5", "--seed", "4", "--jobs", "2")
    assert code == 0 and two.splitlines()[:-1] == one.splitlines()[:-1]  # same puzzles


def test_cli_theme_words_and_file(tmp_path: Path) -> None:
    code, out, _ = run_cli("--theme", "planets", "--result", "planets", "--json")
    assert code == 0
    *records, summary = [json.loads(line) for line in out.splitlines()]
    assert all(record["words"][-1] == "PLANETS" for record in records)
    assert summary["found"] == len(records) and "stop_reason" in summary
    listing = tmp_path / "colours.txt"
    listing.write_text(
        "red\nblue\ngreen\nyellow\norange\npurple\n# comment\nbrown\n", encoding="utf-8"
    )
    code, out, _ = run_cli("--from", str(listing), "--json")
    assert code in (0, 1)
    for line in out.splitlines()[:-1]:
        assert set(json.loads(line)["words"]) <= {
            "RED",
            "BLUE",
            "GREEN",
            "YELLOW",
            "ORANGE",
            "PURPLE",
            "BROWN",
        }
    code, out, _ = run_cli("--theme", "ONE, TWO", "--theme", "SIX", "--json")
    assert code == 1 and json.loads(out) == {**json.loads(out), "summary": True, "found": 0}
    assert json.loads(out)["status"] == "none"


def test_find_status_says_a_cut_run() -> None:
    # the summary line had stop_reason but no status (solve, fill, pattern, acrostic have one)
    run = FindRun(stop_reason="interrupted")
    assert run.status == "timeout" and run.to_json()["status"] == "timeout"
    assert FindRun(stop_reason="candidates").status == "none"


def test_cli_doubly_true_table() -> None:
    code, out, _ = run_cli("--doubly-true", "--form", "A + B + C = D")
    assert code == 0
    assert "FORTY + TEN + TEN = SIXTY" in out and "29786 + 850 + 850 = 31486" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--form", "A ^ B = C"], "bad --form"),
        (["--doubly-true", "--theme", "planets"], "--doubly-true"),
        (["--scheduler", "nowhere"], "tcp://"),
        (["--result", "ABCDEFGHIJK"], "distinct letters"),
    ],
)
def test_cli_bad_input(args: list[str], message: str) -> None:
    code, _, err = run_cli(*args)
    assert code == 2
    assert err.startswith("error:") and message in err
