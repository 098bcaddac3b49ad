"""The acrostic portfolio (``--jobs N``): differently seeded searches on N processes, the
first set in the fewest steps wins, every worker improves it, the best set is kept; same seed
and N, same answers; the time limit and Ctrl-C still return what was found, with exit 1.

Each test starts a pool of two spawned processes (about a second), so there are few."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from puzzlewright.acrostic import build_acrostic
from puzzlewright.acrostic.candidates import make_tables, score_goal, score_spread
from puzzlewright.acrostic.letters import letters_of
from puzzlewright.acrostic.portfolio import SearchSetup, run_portfolio, worker_seed
from puzzlewright.acrostic.tables import counts_of
from puzzlewright.cli import cli, common
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import builtin_english
from puzzlewright.stopping import StopSignal

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# CAT DOG and COG DAT both use exactly the letters CATDOG; the first is the common one
TWO = {"C": [("CAT", 50), ("COG", 40)], "D": [("DOG", 50), ("DAT", 10)]}
TWAIN = "The report of my death was an exaggeration."  # 35 letters, 5 clues


def setup_for(letters: str, lists: dict[str, list[tuple[str, int]]]) -> SearchSetup:
    tables, hashes = make_tables(lists, LETTERS)
    index = {ch: i for i, ch in enumerate(LETTERS)}
    return SearchSetup(
        [tables[initial] for initial in lists],
        counts_of(letters, index, len(LETTERS)),
        hashes,
        score_spread(lists),
        score_goal(lists),
        None,
        [],
    )


def test_worker_seeds_differ_and_worker_zero_keeps_the_seed() -> None:
    seeds = {worker_seed(7, w, r) for w in range(4) for r in ("", "/improve")}
    assert len(seeds) == 8 and worker_seed(7, 0) == 7


def test_portfolio_collects_the_sets_of_all_workers_best_first() -> None:
    result = run_portfolio(setup_for("CATDOG", TWO), 2, 0, count=2, improve=0)
    assert result.solutions == [["CAT", "DOG"], ["COG", "DAT"]]
    assert result.values[0] > result.values[1] and result.stop_reason is None


def test_jobs_two_builds_the_same_exact_puzzle_twice() -> None:
    words = builtin_english()
    runs = [build_acrostic(TWAIN, "Twain", words, seed=3, improve=0.5, jobs=2) for _ in range(2)]
    first, second = ([a.word for a in r.puzzles[0].answers] for r in runs)
    assert runs[0].status == "built" and first == second
    assert Counter("".join(first)) == Counter(letters_of(TWAIN, words.alphabet))
    assert "".join(w[0] for w in first) == "TWAIN"
    assert runs[0].mean_zipf_bound == runs[1].mean_zipf_bound


def test_jobs_must_be_positive() -> None:
    with pytest.raises(PuzzleInputError, match="jobs"):
        build_acrostic(TWAIN, "Twain", builtin_english(), jobs=0)


class CtrlCAtOnce(StopSignal):
    """The user presses Ctrl-C before the parent's first poll of the workers."""

    def should_stop(self) -> bool:
        self.interrupted = True
        return super().should_stop()


def test_ctrl_c_on_a_portfolio_reports_what_was_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "StopSignal", CtrlCAtOnce)
    pride = (
        "It is a truth universally acknowledged, that a single man in possession of a good "
        "fortune, must be in want of a wife."
    )
    args = ["acrostic", "build", pride, "Austen Pride", "--jobs", "2", "--json"]
    result = CliRunner().invoke(cli, args)
    doc = json.loads(result.stdout)
    assert result.exit_code == 1 and doc["stop_reason"] == "interrupted"
    assert doc["status"] in ("timeout", "built") and len(doc["answers"]) == 11
