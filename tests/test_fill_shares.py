"""A double word square's search in independent shares (crossword/fill/shares.py): the
shares agree with brute force, a proof needs every share, and a share runs end to end on a
Dask LocalCluster (worker processes, one thread each) with the same result as here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.cli import cli
from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest
from puzzlewright.crossword.fill.shares import prove_square, search_share
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Alphabet, WordList, builtin_english
from puzzlewright.stopping import StopSignal
from test_fill_squares import brute_force


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.text("ABE", min_size=3, max_size=3), min_size=1, max_size=20, unique=True),
    st.integers(1, 9),
    st.integers(0, 3),
)
def test_the_shares_prove_what_brute_force_finds(chosen: list[str], parts: int, seed: int) -> None:
    words = WordList(((w, 50) for w in chosen), Alphabet.latin(), "random")
    grid = Grid.parse("...\n...\n...")
    proof = prove_square(FillRequest(grid, seed=seed), words, parts)
    expected = brute_force(["..."] * 3, dict.fromkeys(chosen, 50))
    if expected:
        assert proof.status == "filled"
        assert tuple(proof.shares[-1].fill or ()) in expected
    else:
        assert proof.status == "unfillable"
        assert sorted(s.share for s in proof.shares) == list(range(parts))
        assert all(s.status == "exhausted" for s in proof.shares)


def test_every_share_is_needed_and_the_shares_split_the_work() -> None:
    words = builtin_english()
    grid = Grid.parse("....\n....\n....\n....")
    request = FillRequest(grid, min_score=48)  # no 4x4 square: 1,274 nodes
    whole = search_share(request, words, 0, 1)
    assert whole.status == "exhausted"
    shares = [search_share(request, words, k, 5) for k in range(5)]
    assert all(s.status == "exhausted" for s in shares)
    partial = prove_square(request, words, 5, shares=[0, 2, 3])
    assert partial.status == "partial" and partial.to_json()["shares_searched"] == 3
    # every share walks the moves above the split again, then only its own nodes
    assert whole.nodes <= sum(s.nodes for s in shares) < 5 * whole.nodes
    assert max(s.nodes for s in shares) < whole.nodes


def test_a_cut_share_proves_nothing() -> None:
    request = FillRequest(Grid.parse("....\n....\n....\n...."), min_score=48)
    cut = search_share(request, builtin_english(), 0, 2, max_nodes=50)
    assert cut.status == "timeout" and cut.stop_reason == "limit" and cut.nodes <= 51
    proof = prove_square(request, builtin_english(), 1, stop=StopSignal(0.0))
    assert proof.status == "partial" and proof.shares[0].stop_reason == "timeout"
    # the proof says why at the top of its JSON too, as every engine's result does
    assert proof.stop_reason == "timeout" and proof.to_json()["stop_reason"] == "timeout"
    bounded = prove_square(request, builtin_english(), 2, shares=[0], max_nodes=50)
    assert bounded.status == "partial" and bounded.to_json()["stop_reason"] == "limit"


@pytest.mark.parametrize(
    ("grid", "share", "parts", "message"),
    [
        ("...\n.#.\n...", 0, 1, "without blocks"),
        ("...\n...\n...", 3, 3, "share must be 0 to 2"),
        ("...\n...\n...", 0, 0, "parts must be"),
    ],
)
def test_bad_shares_are_refused(grid: str, share: int, parts: int, message: str) -> None:
    with pytest.raises(PuzzleInputError, match=message):
        search_share(FillRequest(Grid.parse(grid)), builtin_english(), share, parts)


def test_a_share_runs_end_to_end_on_a_local_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    words = builtin_english()
    request = FillRequest(Grid.parse("\n".join(["....."] * 5)), min_score=46, seed=2)
    here = [search_share(request, words, k, 3) for k in (0, 1)]
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        proof = prove_square(request, words, 3, shares=[0, 1], scheduler=cluster.scheduler_address)
    assert [s.share for s in proof.shares] == [0, 1]
    assert [(s.status, s.nodes) for s in proof.shares] == [(s.status, s.nodes) for s in here]
    assert proof.status == "partial" and proof.nodes == sum(s.nodes for s in here)


def write_grid(tmp_path: Path, text: str) -> str:
    path = tmp_path / "grid.txt"
    path.write_text(text)
    return str(path)


def test_the_command_proves_and_fills(tmp_path: Path) -> None:
    runner = CliRunner()
    square = write_grid(tmp_path, "....\n....\n....\n....\n")
    args = ["crossword", "prove-square", square, "--words", "english", "--min-score", "48"]
    proved = runner.invoke(cli, [*args, "--parts", "3", "--json"])
    assert proved.exit_code == 1, proved.output
    document = json.loads(proved.stdout)
    assert document["status"] == "unfillable" and document["shares_searched"] == 3
    assert document["stop_reason"] is None  # every share ran to its end
    some = runner.invoke(cli, [*args, "--parts", "3", "--shares", "0,2"])
    assert some.exit_code == 1 and "not a proof until every share is" in some.stdout
    filled = runner.invoke(cli, ["crossword", "prove-square", write_grid(tmp_path, "...\n" * 3)])
    assert filled.exit_code == 0 and filled.stdout.startswith("filled")
    rows = filled.stdout.splitlines()[-3:]
    words = builtin_english()
    assert all(row in words for row in rows)
    assert all("".join(row[k] for row in rows) in words for k in range(3))


@pytest.mark.parametrize(
    ("grid", "extra", "message"),
    [
        ("...\n...\n...\n", ["--parts", "3", "--shares", "3"], "shares run from 0 to 2"),
        ("...\n...\n...\n", ["--shares", "x"], "bad --shares"),
        ("...\n.#.\n...\n", [], "without blocks or bars"),
        ("...\n...\n...\n", ["--scheduler", "http://x"], "bad scheduler address"),
    ],
)
def test_the_command_refuses_bad_input(
    tmp_path: Path, grid: str, extra: list[str], message: str
) -> None:
    done = CliRunner().invoke(
        cli, ["crossword", "prove-square", write_grid(tmp_path, grid), *extra]
    )
    assert done.exit_code == 2 and message in done.output
    assert "Traceback" not in done.output
