"""The stop contract of every long command: Ctrl-C or --timeout gives the partial result, a
note on stderr saying why it stopped, and exit status 1; ``-o`` is checked before any work.

Ctrl-C is simulated deterministically: the commands' StopSignal is replaced by one whose
``interrupted`` flag (what the first Ctrl-C sets, see ``interrupt_sets``) turns on at its
``after``-th poll, so each search is interrupted mid-way at the same point on every machine.
``test_core`` checks that a real SIGINT sets that flag.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli, common
from puzzlewright.stopping import StopSignal

GRIDS = Path(__file__).parent / "data" / "grids"
PRIDE = (
    "It is a truth universally acknowledged, that a single man in possession of a good "
    "fortune, must be in want of a wife."
)


class InterruptedAt(StopSignal):
    """A StopSignal whose user presses Ctrl-C just before its ``after``-th poll."""

    after = 1

    def __init__(self, timeout: float | None = None, started: float | None = None) -> None:
        super().__init__(timeout, started)
        self.polls = 0

    def should_stop(self) -> bool:
        self.polls += 1
        if self.polls >= self.after:
            self.interrupted = True
        return super().should_stop()


@pytest.fixture
def ctrl_c(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[InterruptedAt]]:
    """Every command's stop signal is interrupted at its first poll (set ``after`` to wait)."""

    class Signal(InterruptedAt):
        pass

    monkeypatch.setattr(common, "StopSignal", Signal)
    yield Signal


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cryptarithm_solve_interrupted_shows_what_it_found(ctrl_c: type[InterruptedAt]) -> None:
    ctrl_c.after = 3
    code, out, err = run("cryptarithm", "solve", "ABCDEFGHIJ = ABCDEFGHIJ", "--count", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["stop_reason"] == "interrupted" and not doc["complete"]
    assert 0 < doc["count"] < 3_265_920
    assert "stopped by the interrupt" in err


def test_cryptarithm_solve_interrupted_text(ctrl_c: type[InterruptedAt]) -> None:
    ctrl_c.after = 3
    code, out, err = run("cryptarithm", "solve", "ABCDEFGHIJ = ABCDEFGHIJ", "--count")
    assert code == 1 and "found before the search was stopped" in out
    assert err.startswith("warning: search stopped by the interrupt")


def test_cryptarithm_encode_interrupted(ctrl_c: type[InterruptedAt]) -> None:
    code, out, err = run("cryptarithm", "encode", "1234 + 5678 = 6912", "--json")
    assert code == 1 and json.loads(out)[0]["puzzle"]
    assert "stopped by the interrupt" in err


def test_cryptarithm_find_interrupted(ctrl_c: type[InterruptedAt]) -> None:
    code, out, err = run("cryptarithm", "find", "--limit", "500", "--json")
    assert code == 1
    *records, summary = [json.loads(line) for line in out.splitlines()]
    assert all(record["puzzle"] for record in records)
    assert summary["stop_reason"] == "interrupted" and summary["found"] == len(records)
    assert "stopped by the interrupt" in err


def test_fill_json_says_interrupted_not_timeout(ctrl_c: type[InterruptedAt]) -> None:
    code, out, _ = run("crossword", "fill", str(GRIDS / "themed15.txt"), "--json")
    doc = json.loads(out)
    assert code == 1
    assert doc["status"] == "timeout" and doc["stop_reason"] == "interrupted"
    assert len(doc["grid"]) == 15


def test_fill_timeout_json_says_timeout() -> None:
    code, out, _ = run(
        "crossword", "fill", str(GRIDS / "themed15.txt"), "--json", "--timeout", "0.001"
    )
    doc = json.loads(out)
    assert code == 1 and doc["status"] == "timeout" and doc["stop_reason"] == "timeout"


def test_fill_stopped_writes_nothing_and_says_so(
    ctrl_c: type[InterruptedAt], tmp_path: Path
) -> None:
    out = tmp_path / "out.ipuz"
    code, _, err = run("crossword", "fill", str(GRIDS / "themed15.txt"), "-o", str(out))
    assert code == 1 and not out.exists()
    assert f"nothing written to {out}" in err


def test_fill_write_partial_writes_the_best_partial_fill(
    ctrl_c: type[InterruptedAt], tmp_path: Path
) -> None:
    from puzzlewright.crossword.formats import load_puzzle

    out = tmp_path / "out.ipuz"
    code, stdout, _ = run(
        "crossword", "fill", str(GRIDS / "themed15.txt"), "-o", str(out), "--write-partial"
    )
    assert code == 1 and stdout.startswith("timeout: interrupted")
    grid = load_puzzle(str(out)).grid
    assert grid.width == 15 and not grid.is_filled()


def test_layout_interrupted_keeps_the_best_layout(
    ctrl_c: type[InterruptedAt], tmp_path: Path
) -> None:
    words = tmp_path / "words.txt"
    words.write_text(
        "APPLE: fruit\nPEAR: fruit\nPLUM: fruit\nLEMON: fruit\nMELON: fruit\nOLIVE: fruit\n"
    )
    code, out, err = run("crossword", "layout", str(words), "--json")
    doc = json.loads(out)
    assert code == 1 and doc["stop_reason"] == "interrupted" and doc["attempts"] == 1
    assert doc["placed"] >= 2
    assert "stopped by the interrupt" in err


def test_pattern_interrupted(ctrl_c: type[InterruptedAt]) -> None:
    ctrl_c.after = 200
    code, out, _ = run(
        "crossword", "pattern", "--size", "7x7", "--count", "50", "--unchecked", "--json"
    )
    doc = json.loads(out)
    assert code == 1 and doc["status"] == "interrupted" and doc["stop_reason"] == "interrupted"
    assert 0 < len(doc["patterns"]) < 50 and "(interrupted)" in doc["message"]


def test_acrostic_interrupted_shows_the_closest_set(ctrl_c: type[InterruptedAt]) -> None:
    code, out, _ = run("acrostic", "build", PRIDE, "Austen Pride", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["status"] == "timeout" and doc["stop_reason"] == "interrupted"
    assert len(doc["answers"]) == 11 and doc["reason"].startswith("interrupted")


# -- -o is checked before the work starts -----------------------------------------------------
@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any search that starts fails the test: -o must be refused before."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the search started before -o was checked")

    import puzzlewright.acrostic
    import puzzlewright.crossword.fill
    import puzzlewright.crossword.freeform
    import puzzlewright.crossword.pattern
    import puzzlewright.lexicon

    monkeypatch.setattr(puzzlewright.acrostic, "build_acrostic", refuse)
    monkeypatch.setattr(puzzlewright.crossword.fill, "fill_grid", refuse)
    monkeypatch.setattr(puzzlewright.crossword.freeform, "lay_out", refuse)
    monkeypatch.setattr(puzzlewright.crossword.pattern, "generate_patterns", refuse)
    monkeypatch.setattr(puzzlewright.lexicon, "load_wordlist", refuse)


@pytest.mark.usefixtures("no_search")
def test_acrostic_output_checked_before_search(tmp_path: Path) -> None:
    quote = tmp_path / "quote.txt"
    quote.write_text(PRIDE)
    code, _, err = run("acrostic", "build", PRIDE, "A", "-o", str(tmp_path / "no" / "x.ipuz"))
    assert code == 2 and "does not exist" in err
    code, _, err = run("acrostic", "build", f"@{quote}", "A", "-o", str(quote))
    assert code == 2 and "refusing to overwrite the input file" in err


@pytest.mark.usefixtures("no_search")
@pytest.mark.parametrize(
    "command",
    [
        ["crossword", "fill", str(GRIDS / "mini5.txt")],
        ["crossword", "pattern", "--size", "5x5"],
        ["crossword", "layout", str(GRIDS / "mini5.txt")],
    ],
)
def test_crossword_output_checked_before_work(command: list[str], tmp_path: Path) -> None:
    code, _, err = run(*command, "-o", str(tmp_path / "missing" / "out.ipuz"))
    assert code == 2 and "does not exist" in err
    code, _, err = run(*command, "-o", str(tmp_path / "out.docx"))
    assert code == 2 and err.startswith("error: ")


@pytest.mark.usefixtures("no_search")
def test_fill_refuses_its_input_as_output_before_work() -> None:
    grid = str(GRIDS / "mini5.txt")
    code, _, err = run("crossword", "fill", grid, "-o", grid)
    assert code == 2 and "refusing to overwrite the input file" in err
