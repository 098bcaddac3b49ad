"""Grid repair (crossword/repair.py): real unfillable grids made fillable by the fewest
symmetric block changes, each proposal verified by filling it again; rules, symmetry,
locked entries and letters kept; impossible cases say why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword import Grid
from puzzlewright.crossword.analysis import open_regions
from puzzlewright.crossword.checking import is_symmetric
from puzzlewright.crossword.fill import FillRequest, fill
from puzzlewright.crossword.repair import RepairRequest, repair
from puzzlewright.crossword.repair_moves import frozen_cells, resolve_symmetry
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Alphabet, WordList

# One fill of "#... / .... / .... / ...#": four 4-letter and four 3-letter words. An open
# 4x4 needs eight different 4-letter words, so with this list it has no fill: the repair
# is a pair of corner blocks.
FILL = ["#ODD", "TRIO", "EAST", "ELK#"]
WORDS = "ODD ORAL DISK DOT TRIO TEE EAST ELK".split()
# decoys that fit nowhere in a fill with the corner blocks of the other diagonal
DECOYS = "ZZZ QQQQ".split()
OPEN4 = "....\n....\n....\n....\n"


@pytest.fixture(scope="module")
def words() -> WordList:
    return WordList([(word, 50) for word in WORDS + DECOYS], Alphabet.latin(), "test")


def test_the_open_grid_is_really_unfillable(words: WordList) -> None:
    assert fill(FillRequest(Grid.parse(OPEN4)), words).status == "unfillable"


def test_repairs_with_one_symmetric_pair_and_the_fill_verifies(words: WordList) -> None:
    result = repair(RepairRequest(Grid.parse(OPEN4)), words)
    assert result.status == "repaired"
    assert result.original in ("unfillable", "dead")
    best = result.proposals[0]
    assert len(best.changes) == 1
    assert best.added == [(0, 0), (3, 3)] and best.removed == []
    assert best.grid.rows_text() == ["#...", "....", "....", "...#"]
    assert best.fill.grid.rows_text() == FILL
    again = fill(FillRequest(best.grid), words)  # a fresh fill of the proposed grid
    assert again.status == "filled"
    assert sorted(e.answer for e in again.entries) == sorted(WORDS)


def test_proposals_keep_symmetry_lengths_and_connection(words: WordList) -> None:
    result = repair(RepairRequest(Grid.parse(OPEN4), count=5, max_changes=2), words)
    assert result.proposals
    for proposal in result.proposals:
        assert is_symmetric(proposal.grid)
        assert all(slot.length >= 3 for slot in proposal.grid.slots())
        assert open_regions(proposal.grid) == 1
        assert not proposal.grid.unchecked()


def test_letters_stay_and_cells_of_locked_entries_never_change(words: WordList) -> None:
    grid = Grid.parse(".O..\n....\n....\n....\n")
    result = repair(RepairRequest(grid, locked=("5A",), count=5, max_changes=2), words)
    assert result.status == "repaired"
    for proposal in result.proposals:
        assert proposal.grid.cells[0][1] == "O"
        assert proposal.fill.grid.cells[0][1] == "O"
        assert all(proposal.grid.is_open(1, c) for c in range(4))  # 5A, the second row


def test_letters_where_the_only_repair_goes_leave_a_clear_reason(words: WordList) -> None:
    # every corner holds a letter: any other block breaks the rules
    grid = Grid.parse("O..O\n....\n....\nK..K\n")
    result = repair(RepairRequest(grid, max_changes=1), words)
    assert result.status == "none"
    assert result.proposals == []
    assert result.reason is not None and "keeps the rules" in result.reason


def test_a_word_limit_that_leaves_no_room_is_refused_with_a_reason(words: WordList) -> None:
    result = repair(RepairRequest(Grid.parse(OPEN4), max_words=7, max_changes=1), words)
    assert result.status == "none"
    assert result.reason is not None and "word count" in result.reason


def test_the_same_seed_gives_the_same_proposals(words: WordList) -> None:
    first = repair(RepairRequest(Grid.parse(OPEN4), seed=4, count=3), words).to_json()
    second = repair(RepairRequest(Grid.parse(OPEN4), seed=4, count=3), words).to_json()
    first.pop("seconds"), second.pop("seconds")
    assert first == second


def test_a_grid_that_fills_is_reported_fillable(words: WordList) -> None:
    result = repair(RepairRequest(Grid.parse("#...\n....\n....\n...#\n")), words)
    assert result.original == "filled"
    assert result.status in ("fillable", "repaired")
    assert result.original_fill is not None


def test_symmetry_is_detected_and_checked() -> None:
    grid = Grid.parse("#...\n....\n....\n....\n")
    assert resolve_symmetry(grid, "auto") == "diagonal"
    assert resolve_symmetry(Grid.parse("#..#\n....\n....\n....\n"), "auto") == "mirror"
    with pytest.raises(PuzzleInputError, match="symmetric"):
        resolve_symmetry(grid, "rotational")


def test_complete_entries_and_their_ends_are_frozen() -> None:
    grid = Grid.parse("#ODD\n....\n....\n....\n")
    frozen = frozen_cells(grid, ())
    assert {(0, 1), (0, 2), (0, 3), (0, 0)} <= frozen


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (RepairRequest(Grid.parse(OPEN4), max_changes=0), "max_changes"),
        (RepairRequest(Grid.parse(OPEN4), locked=("9A",)), "no entry 9A"),
        (RepairRequest(Grid.parse("A|B\nCD\n")), "barred"),
        (RepairRequest(Grid.parse(OPEN4), symmetry="spiral"), "unknown symmetry"),  # type: ignore[arg-type]
    ],
)
def test_bad_requests_raise(request_: RepairRequest, message: str, words: WordList) -> None:
    with pytest.raises(PuzzleInputError, match=message):
        repair(request_, words)


# -- the command ----------------------------------------------------------------------------
@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    grid = tmp_path / "open4.txt"
    grid.write_text(OPEN4)
    listed = tmp_path / "words.txt"
    listed.write_text("\n".join(f"{word};50" for word in WORDS + DECOYS) + "\n")
    return grid, listed


def test_cli_prints_the_diff_and_writes_the_repaired_grid(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    grid, listed = files
    out = tmp_path / "fixed.txt"
    run = CliRunner().invoke(
        cli, ["crossword", "repair", str(grid), "--words", str(listed), "-o", str(out)]
    )
    assert run.exit_code == 0, run.output
    assert "proposal 1: 1 change(s); block r1c1 r4c4" in run.output
    assert "....     +...     #ODD" in run.output  # the after-grid marks the new block
    assert out.read_text() == "#...\n....\n....\n...#\n"


def test_cli_json_is_the_engines_document(files: tuple[Path, Path]) -> None:
    grid, listed = files
    run = CliRunner().invoke(
        cli, ["crossword", "repair", str(grid), "--words", str(listed), "--json"]
    )
    assert run.exit_code == 0
    document = json.loads(run.stdout)
    assert document["status"] == "repaired"
    assert document["stop_reason"] is None
    assert document["proposals"][0]["added"] == [[0, 0], [3, 3]]
    assert document["proposals"][0]["fill"]["grid"] == FILL


def test_cli_no_repair_exits_1_and_bad_input_exits_2(files: tuple[Path, Path]) -> None:
    grid, listed = files
    none = CliRunner().invoke(
        cli, ["crossword", "repair", str(grid), "--words", str(listed), "--max-words", "7"]
    )
    assert none.exit_code == 1
    assert "none:" in none.output
    bad = CliRunner().invoke(
        cli, ["crossword", "repair", str(grid), "--words", str(listed), "--lock", "9A"]
    )
    assert bad.exit_code == 2
    assert "error:" in bad.output and "Traceback" not in bad.output


def test_cli_timeout_reports_what_it_has_and_exits_1(files: tuple[Path, Path]) -> None:
    grid, listed = files
    run = CliRunner().invoke(
        cli,
        ["crossword", "repair", str(grid), "--words", str(listed), "--timeout", "1e-9", "--json"],
    )
    assert run.exit_code == 1
    document = json.loads(run.stdout)
    assert document["status"] == "timeout"
    assert document["stop_reason"] == "timeout"
    assert "time limit" in run.stderr
