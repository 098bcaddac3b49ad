"""The fill portfolio: racing searches on processes and on a Dask LocalCluster.

The portfolio's answer is defined without timing (the finished member with the least work,
ties to the lower index), so every test compares it with that definition computed serially.
"""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, FillResult
from puzzlewright.crossword.fill.portfolio import fill_portfolio
from puzzlewright.crossword.fill.race import (
    NO_BOUND,
    MemberResult,
    Race,
    RaceStop,
    members,
    run_member,
    winner,
)
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList, builtin_english
from puzzlewright.stopping import StopSignal
from test_fill import GRIDS, grid_file, tiny_list


@pytest.fixture(scope="module")
def english() -> WordList:
    return builtin_english()


def serial_answer(grid: Grid, words: WordList, seed: int, jobs: int, **options: int) -> FillResult:
    """The portfolio's answer by its definition: every member run alone to the end."""
    request = FillRequest(grid, min_score=options.get("min_score"))
    race = Race(timeout=None, race=False)
    team = members(seed, jobs)
    results = [run_member(request, race, m, words, lambda: NO_BOUND, 0.0) for m in team]
    return winner(results).result


def assert_filled(result: FillResult, words: WordList) -> None:
    assert result.status == "filled"
    assert result.grid.is_filled()
    answers = [entry.answer for entry in result.entries]
    assert all(answer in words for answer in answers)
    assert len(answers) == len(set(answers))


def test_members_differ_and_member_zero_is_the_plain_search() -> None:
    team = members(7, 4)
    assert [m.index for m in team] == [0, 1, 2, 3]
    assert team[0].seed == 7 and len({m.seed for m in team}) == 4
    assert len({m.tuning for m in team}) == 4
    assert [m.count for m in members(0, 2, count=5)] == [3, 3]


def test_race_stop_stops_past_the_bound_and_on_abort() -> None:
    bound = [NO_BOUND]
    stop = RaceStop(None, lambda: bound[0])
    assert not stop.should_stop() and not stop.should_stop()
    bound[0] = 3  # a finished member needed 3 polls: a member may still tie at 3...
    assert not stop.should_stop()
    assert stop.should_stop() and stop.outrun  # ...but not use a 4th
    aborted = RaceStop(None, lambda: -1)
    assert aborted.should_stop() and aborted.reason == "interrupted" and not aborted.outrun


def test_two_processes_give_the_serially_defined_answer(english: WordList) -> None:
    grid = grid_file("british15.txt")
    expected = serial_answer(grid, english, 3, 2, min_score=30)
    result = fill_portfolio(FillRequest(grid, seed=3, min_score=30), english, jobs=2)
    assert_filled(result, english)
    assert result.grid.rows_text() == expected.grid.rows_text()
    again = fill_portfolio(FillRequest(grid, seed=3, min_score=30), english, jobs=2)
    assert again.grid.rows_text() == result.grid.rows_text()


def test_dask_local_cluster_gives_the_same_answer(english: WordList) -> None:
    distributed = pytest.importorskip("distributed")
    grid = grid_file("mini7.txt")
    on_processes = fill_portfolio(FillRequest(grid, seed=1, min_score=30), english, jobs=2)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        on_dask = fill_portfolio(
            FillRequest(grid, seed=1, min_score=30),
            english,
            jobs=2,
            scheduler=cluster.scheduler_address,
        )
    assert_filled(on_dask, english)
    assert on_dask.grid.rows_text() == on_processes.grid.rows_text()


def test_a_proof_on_two_processes() -> None:
    words = tiny_list(["CAT", "DOG", "EMU", "COD", "ATE", "TOG", "APE", "OAT"])
    result = fill_portfolio(FillRequest(Grid.parse("...\n...\n...")), words, jobs=2)
    assert result.status == "unfillable" and result.fills == []
    assert result.failed_slots


def test_count_is_spread_over_the_members(english: WordList) -> None:
    result = fill_portfolio(
        FillRequest(grid_file("mini5.txt"), count=3, min_score=30), english, jobs=2
    )
    assert result.status == "filled" and len(result.fills) == 3
    assert len({tuple(grid.rows_text()) for grid in result.fills}) == 3
    ranked = [fill.average_score or 0.0 for fill in result.ranked]
    assert ranked == sorted(ranked, reverse=True)
    assert result.grid is result.fills[0]


def test_interrupt_returns_a_partial_result(english: WordList) -> None:
    stop = StopSignal()
    stop.interrupted = True
    result = fill_portfolio(FillRequest(grid_file("british15.txt")), english, jobs=2, stop=stop)
    assert result.status == "timeout" and result.stop_reason == "interrupted"


def test_winner_prefers_least_work_then_lower_index(english: WordList) -> None:
    filled = fill_portfolio(FillRequest(grid_file("mini5.txt")), english, jobs=1)
    stopped = StopSignal()
    stopped.interrupted = True
    partial = fill_portfolio(FillRequest(grid_file("mini5.txt")), english, jobs=1, stop=stopped)
    assert partial.status == "timeout"
    results = [MemberResult(0, 9, filled), MemberResult(1, 5, filled), MemberResult(2, 5, filled)]
    assert winner(results).index == 1
    assert winner([MemberResult(0, 1, partial), MemberResult(1, 50, filled)]).index == 1


def test_bad_input_fails_before_any_worker_starts(english: WordList) -> None:
    with pytest.raises(PuzzleInputError, match="letter"):
        fill_portfolio(FillRequest(Grid.parse("1..\n...\n...")), english, jobs=2)
    with pytest.raises(PuzzleInputError, match="tcp://"):
        fill_portfolio(FillRequest(grid_file("mini5.txt")), english, scheduler="localhost:8786")


def test_missing_dask_is_a_clear_error(english: WordList, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(PuzzleInputError, match="dask"):
        fill_portfolio(FillRequest(grid_file("mini5.txt")), english, scheduler="tcp://127.0.0.1:1")


def test_cli_jobs_prints_the_portfolio_answer(english: WordList) -> None:
    mini7 = str(GRIDS / "mini7.txt")
    args = ["crossword", "fill", mini7, "--min-score", "30", "--seed", "2", "--json"]
    args += ["--words", "english"]  # the list of the serial answer below
    done = CliRunner().invoke(cli, [*args, "--jobs", "2"])
    assert done.exit_code == 0, done.stderr
    document = json.loads(done.stdout)
    expected = serial_answer(grid_file("mini7.txt"), english, 2, 2, min_score=30)
    assert document["grid"] == expected.grid.rows_text()
    bad = CliRunner().invoke(cli, [*args, "--scheduler", "localhost"])
    assert bad.exit_code == 2 and bad.stderr.startswith("error: bad scheduler address")
