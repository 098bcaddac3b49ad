"""``puzzlewright crossword clues``: attach, list missing, report unknown answers, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword.formats import load_puzzle, save_puzzle
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.puzzle import Puzzle

CLUES = "cat: Pet that purrs\nTEA\tHot drink\nTEA\tAfternoon meal\nDOG: Barker\n"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["crossword", "clues", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def mini(tmp_path: Path) -> tuple[Path, Path]:
    grid = tmp_path / "mini.ipuz"
    save_puzzle(Puzzle(Grid.parse("CAT\nORE\nTEA\n"), title="Mini"), grid)
    clues = tmp_path / "clues.txt"
    clues.write_text(CLUES, encoding="utf-8")
    return grid, clues


def test_attach_and_report(mini: tuple[Path, Path], tmp_path: Path) -> None:
    grid, clues = mini
    out = tmp_path / "out.ipuz"
    code, stdout, stderr = run(str(grid), str(clues), "-o", str(out))
    assert code == 0
    assert stderr == "warning: line 4: DOG is not in the grid\n"
    assert f"attached 3 clues to 6 entries; wrote {out}" in stdout
    assert "3 entries without a clue:\n     4A ORE\n     1D COT\n     2D ARE\n" in stdout
    puzzle = load_puzzle(out)
    assert puzzle.title == "Mini"
    assert puzzle.clues["1A"] == "Pet that purrs"
    assert puzzle.clues["5A"] == "Hot drink" and puzzle.clues["3D"] == "Afternoon meal"
    assert not puzzle.clues.get("4A")


def test_json_report(mini: tuple[Path, Path], tmp_path: Path) -> None:
    grid, clues = mini
    code, stdout, stderr = run(str(grid), str(clues), "-o", str(tmp_path / "o.ipuz"), "--json")
    assert code == 0 and stderr == ""
    document = json.loads(stdout)
    assert document["attached"] == 3 and document["entries"] == 6
    assert [m["key"] for m in document["missing"]] == ["4A", "1D", "2D"]
    assert document["not_in_grid"] == [{"line": 4, "answer": "DOG", "clue": "Barker"}]


def test_text_grid_input_and_force_over_the_input(mini: tuple[Path, Path], tmp_path: Path) -> None:
    _, clues = mini
    text = tmp_path / "mini.txt"
    text.write_text("CAT\nORE\nTEA\n")
    code, _, stderr = run(str(text), str(clues), "-o", str(text))
    assert code == 2 and "refusing to overwrite the input file" in stderr
    ipuz = tmp_path / "again.ipuz"
    save_puzzle(Puzzle(Grid.parse("CAT\nORE\nTEA\n")), ipuz)
    code, _, _ = run(str(ipuz), str(clues), "-o", str(ipuz), "--force")
    assert code == 0 and load_puzzle(ipuz).clues["1A"] == "Pet that purrs"


@pytest.mark.parametrize(
    ("grid_text", "clue_text", "message"),
    [
        (
            "CAT\nORE\nTEA\n",
            "CAT Pet\nORE: Rock\nTEA:\n",
            "malformed line 1: no tab or colon; line 3",
        ),
        ("CA.\nORE\nTEA\n", "CAT: Pet\n", "the grid is not filled"),
    ],
)
def test_bad_input(tmp_path: Path, grid_text: str, clue_text: str, message: str) -> None:
    grid = tmp_path / "g.txt"
    grid.write_text(grid_text)
    clues = tmp_path / "c.txt"
    clues.write_text(clue_text)
    code, stdout, stderr = run(str(grid), str(clues), "-o", str(tmp_path / "o.ipuz"))
    assert code == 2 and stdout == ""
    assert stderr.startswith("error: ") and stderr.count("\n") == 1
    assert message in stderr
    assert not (tmp_path / "o.ipuz").exists()


def test_output_required_and_writable(mini: tuple[Path, Path]) -> None:
    grid, clues = mini
    code, _, stderr = run(str(grid), str(clues))
    assert code == 2 and "Missing option '-o'" in stderr
    code, _, stderr = run(str(grid), str(clues), "-o", "/nonexistent/o.ipuz")
    assert code == 2 and stderr.startswith("error: cannot write /nonexistent/o.ipuz")


def test_acrostic_clues_attached_from_the_command_line(tmp_path: Path) -> None:
    """An acrostic .ipuz takes its clues from a clue file by answer; the printed sheet
    shows them; a line matching no answer and the answers left bare are listed."""
    sample = Path(__file__).parent / "data" / "acrostic" / "sample.ipuz"
    clue_file = tmp_path / "clues.txt"
    clue_file.write_text(
        "amount: Sum total\nSHOWDOWN\tFinal confrontation\nZEBRA: Striped horse\n",
        encoding="utf-8",
    )
    out = tmp_path / "clued.ipuz"
    code, stdout, stderr = run(str(sample), str(clue_file), "-o", str(out))
    assert code == 0, stderr
    assert "attached 2 clues to the acrostic's 11 answers" in stdout
    assert "9 answers without a clue:" in stdout and "B UNAVAILABLE" in stdout
    assert "line 3: ZEBRA is not an answer of the acrostic" in stderr
    clues = {c["label"]: c["clue"] for c in json.loads(out.read_text("utf-8"))["clues"]["Clues"]}
    assert clues["A"] == "Sum total" and clues["C"] == "Final confrontation"
    assert clues["[QUOTE]"] == "Austen Pride"
    page = tmp_path / "sheet.html"
    rendered = CliRunner().invoke(cli, ["render", str(out), "--format", "html", "-o", str(page)])
    assert rendered.exit_code == 0 and "Final confrontation" in page.read_text("utf-8")
    code, _, stderr = run(str(sample), str(clue_file), "-o", str(tmp_path / "x.puz"))
    assert code == 2 and "an acrostic is written as .ipuz" in stderr
