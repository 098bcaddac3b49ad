"""``puzzlewright crossword layout``: preview, clue list, ipuz output, warnings and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword.formats import load_puzzle
from test_freeform import PLANETS, RUSSIAN


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["crossword", "layout", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def planets(tmp_path: Path) -> Path:
    path = tmp_path / "planets.txt"
    path.write_text(PLANETS, encoding="utf-8")
    return path


def test_preview_clue_list_and_ipuz(planets: Path, tmp_path: Path) -> None:
    out = tmp_path / "planets.ipuz"
    code, stdout, stderr = run(str(planets), "-o", str(out), "--title", "Planets")
    assert code == 0 and stderr == ""
    assert "\nAcross\n" in stdout and "\nDown\n" in stdout
    assert "Closest planet to the Sun (7)  MERCURY" in stdout
    assert "placed 12 of 12 words" in stdout and f"wrote {out}" in stdout
    puzzle = load_puzzle(out)
    assert puzzle.title == "Planets"
    grid = puzzle.grid
    answers = {grid.word(slot): puzzle.clues[slot.key] for slot in grid.slots()}
    assert answers["MERCURY"] == "Closest planet to the Sun"
    assert answers["PLUTO"] == "Dwarf planet since 2006"
    assert len(answers) == 12
    # cells without a letter are outside the puzzle's shape, not black squares
    assert puzzle.voids == {pos for pos in _all(grid) if grid.cells[pos[0]][pos[1]] is None}
    # the preview shows the same letters
    preview = stdout.split("\n\n")[0].splitlines()
    assert [line.replace(" ", "") for line in preview] == [
        row.replace("#", "") for row in grid.rows_text()
    ]


def _all(grid: object) -> list[tuple[int, int]]:
    cells = grid.cells  # type: ignore[attr-defined]
    return [(r, c) for r in range(len(cells)) for c in range(len(cells[0]))]


def test_russian_layout_round_trips(tmp_path: Path) -> None:
    words = tmp_path / "космос.txt"
    words.write_text(RUSSIAN, encoding="utf-8")
    out = tmp_path / "космос.ipuz"
    code, stdout, _ = run(str(words), "-o", str(out), "--seed", "2")
    assert code == 0
    assert "Новогоднее дерево (4)  ЁЛКА" in stdout
    puzzle = load_puzzle(out)
    found = {puzzle.grid.word(slot) for slot in puzzle.grid.slots()}
    assert {"СОЛНЦЕ", "ЁЛКА", "ЮПИТЕР"} <= found


def test_json_and_fixed_size(planets: Path) -> None:
    code, stdout, stderr = run(str(planets), "--size", "14x12", "--json")
    assert code == 0 and stderr == ""
    document = json.loads(stdout)
    assert (document["width"], document["height"]) == (14, 12)
    assert len(document["rows"]) == 12 and all(len(row) == 14 for row in document["rows"])
    assert document["placed"] + len(document["unplaced"]) == 12
    entry = next(e for e in document["entries"] if e["answer"] == "VENUS")
    row, col = entry["row"], entry["col"]
    step = (0, 1) if entry["direction"] == "across" else (1, 0)
    letters = "".join(
        document["rows"][row + i * step[0]][col + i * step[1]] for i in range(len("VENUS"))
    )
    assert letters == "VENUS" and entry["clue"] == "Hottest planet"


def test_unplaced_words_are_warnings(tmp_path: Path) -> None:
    words = tmp_path / "w.txt"
    words.write_text("CAT: Pet\nTAPE: Sticky roll\nPEACH: Fruit\nXYZZY: Magic word\n")
    code, stdout, stderr = run(str(words))
    assert code == 0
    assert "warning: not placed: XYZZY (line 4): shares no letter" in stderr
    assert "placed 3 of 4 words" in stdout


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        ("CAT\tPet\nDOG\n\nTAP: x\nNOPE\n", [], "malformed line 2: no tab or colon; line 5"),
        ("CAT: Pet\nDOG: Barker\n", [], "no two answers share a letter"),
        ("# nothing\n", [], "no answers found"),
        ("CAT: Pet\nTAP: Faucet\n", ["--size", "9x9", "--max-size", "9"], "not both"),
        ("CAT: Pet\nTAP: Faucet\n", ["--size", "1x9"], "impossible grid size 1x9"),
        ("CAT: Pet\nTAP: Faucet\n", ["--size", "nine"], "bad size 'nine'"),
        ("CAT: Pet\nTAP: Faucet\n", ["-o", "/nonexistent/x.ipuz"], "does not exist"),
    ],
)
def test_bad_input(tmp_path: Path, content: str, args: list[str], message: str) -> None:
    words = tmp_path / "w.txt"
    words.write_text(content, encoding="utf-8")
    code, stdout, stderr = run(str(words), *args)
    assert code == 2 and stdout == ""
    assert stderr.startswith("error: ") and stderr.count("\n") == 1
    assert message in stderr


def test_missing_file_and_never_over_the_input(planets: Path) -> None:
    code, _, stderr = run(str(planets.with_name("nope.txt")))
    assert code == 2 and "no such file" in stderr
    before = planets.read_text()
    code, _, stderr = run(str(planets), "-o", str(planets))
    assert code == 2 and "refusing to overwrite the input file" in stderr
    assert planets.read_text() == before


def test_repeats_and_phrases_in_a_messy_list(tmp_path: Path) -> None:
    """A teacher's messy list: a word listed twice is flagged, a two-word answer enumerated
    (5,6) in the listing and the file."""
    messy = tmp_path / "messy.txt"
    messy.write_text(
        "APPLE: Fruit\nBLACK PEPPER: Spice\nAPPLE: Fruit\nPEAR: Another fruit\n"
        "LEAP: Jump\nPAPER: For writing\n",
        encoding="utf-8",
    )
    out = tmp_path / "messy.ipuz"
    result = CliRunner().invoke(cli, ["crossword", "layout", str(messy), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert "Spice (5,6)  BLACKPEPPER" in result.stdout
    assert "warning: APPLE is listed twice (lines 1 and 3) with the same clue: placed once" in (
        result.stderr
    )
    assert "not placed: APPLE (line 3): repeats the answer of line 1" in result.stderr
    assert "Spice (5,6)" in out.read_text(encoding="utf-8")
