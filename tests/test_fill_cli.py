"""``puzzlewright crossword fill``: output, --json shape, files, exit codes, error lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword import Grid
from puzzlewright.crossword.formats import load_puzzle
from puzzlewright.lexicon import load_wordlist

GRIDS = Path(__file__).parent / "data" / "grids"
MINI5 = str(GRIDS / "mini5.txt")


def run(*args: str, input: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["crossword", "fill", *args], input=input)
    return result.exit_code, result.stdout, result.stderr


def write(path: Path, text: str, encoding: str = "utf-8") -> str:
    path.write_bytes(text.encode(encoding))
    return str(path)


def test_prints_the_grid_and_the_entries() -> None:
    code, stdout, stderr = run(MINI5, "--min-score", "30")
    assert code == 0, stderr
    lines = stdout.splitlines()
    assert lines[0].startswith("filled: average score ")
    grid = Grid.parse("\n".join(lines[1:6]))
    assert grid.is_filled() and grid.cells[0][0] is None
    assert "Across" in lines and "Down" in lines
    words, _ = load_wordlist(["crossword"], min_score=30)  # the default list at that floor
    for slot in grid.slots():
        assert grid.word(slot) in words


def test_json_document_has_exactly_the_documented_shape() -> None:
    code, stdout, stderr = run(MINI5, "--min-score", "30", "--json")
    assert code == 0 and stderr == ""
    document = json.loads(stdout)
    assert set(document) == {
        "status",
        "grid",
        "entries",
        "average_score",
        "weakest",
        "failed_slots",
        "seconds",
        "stop_reason",
    }
    assert document["stop_reason"] is None and document["failed_slots"] == []
    assert document["status"] == "filled"
    assert len(document["grid"]) == 5 and document["grid"][0][0] == "#"
    first = document["entries"][0]
    assert set(first) == {"number", "direction", "row", "col", "answer", "score"}
    assert first == {**first, "number": 1, "direction": "across", "row": 0, "col": 1}
    assert document["grid"][0][1:] == first["answer"]
    scores = [e["score"] for e in document["entries"]]
    assert document["average_score"] == pytest.approx(sum(scores) / len(scores), abs=0.01)
    assert isinstance(document["seconds"], float)
    weakest = document["weakest"]
    assert weakest and all(entry in document["entries"] for entry in weakest)
    assert [e["score"] for e in weakest] == sorted(e["score"] for e in weakest)
    assert weakest[0]["score"] == min(scores)


def test_json_with_count_lists_the_fills() -> None:
    code, stdout, _ = run(MINI5, "--count", "2", "--seed", "3", "--json")
    assert code == 0
    document = json.loads(stdout)
    assert len(document["fills"]) == 2
    assert document["fills"][0]["grid"] == document["grid"]
    assert document["fills"][0]["grid"] != document["fills"][1]["grid"]
    for fill in document["fills"]:
        assert set(fill) == {"grid", "entries", "average_score", "weakest"}


def test_same_seed_same_output() -> None:
    assert (
        run(MINI5, "--seed", "7", "--json")[1].split('"seconds"')[0]
        == (run(MINI5, "--seed", "7", "--json")[1].split('"seconds"')[0])
    )


def test_unfillable_exits_1_and_names_the_slots(tmp_path: Path) -> None:
    words = write(tmp_path / "w.txt", "CAT\nDOG\nEMU\nCOD\nATE\nTOG\nAPE\nOAT\n")
    grid = write(tmp_path / "g.txt", "...\n...\n...\n")
    code, stdout, _ = run(grid, "--words", words)
    assert code == 1
    assert stdout.startswith("unfillable: no fill exists")
    assert "slots that failed most: " in stdout
    code, stdout, _ = run(grid, "--words", words, "--json")
    assert code == 1 and json.loads(stdout)["status"] == "unfillable"


def test_timeout_exits_1_with_a_partial_fill() -> None:
    code, stdout, _ = run(str(GRIDS / "british15.txt"), "--timeout", "0.000001", "--json")
    assert code == 1
    document = json.loads(stdout)
    assert document["status"] == "timeout"
    assert all(len(row) == 15 for row in document["grid"])


def test_region_and_max_shared_substring(tmp_path: Path) -> None:
    code, stdout, _ = run(str(GRIDS / "mini7.txt"), "--region", "1,1-3,3", "--json")
    assert code == 0
    rows = json.loads(stdout)["grid"]
    assert rows[6] == "...#..."  # outside the region: untouched
    assert "." not in rows[0][:3] + rows[1][:3] + rows[2][:3]
    assert rows[2][3:] == "...." and rows[0][3:] == "#..."
    code, stdout, _ = run(str(GRIDS / "mini7.txt"), "--region", "1A 4A", "--json")
    assert code == 0 and json.loads(stdout)["grid"][2] == "......."
    code, _, _ = run(str(GRIDS / "mini7.txt"), "--max-shared-substring", "3")
    assert code == 0


def test_output_files_in_each_format(tmp_path: Path) -> None:
    for suffix in (".ipuz", ".puz", ".xd", ".txt"):
        out = tmp_path / f"filled{suffix}"
        code, _, stderr = run(MINI5, "--seed", "1", "-o", str(out))
        assert code == 0, stderr
        grid = load_puzzle(out).grid
        assert grid.is_filled() and grid.cells[4][4] is None
    # a filled .ipuz is a valid GRID input too (nothing left to fill)
    code, stdout, _ = run(str(tmp_path / "filled.ipuz"), "--json")
    assert code == 0 and json.loads(stdout)["grid"] == load_puzzle(out).grid.rows_text()


def test_output_file_is_named_on_stderr_as_other_commands_do(tmp_path: Path) -> None:
    # fill -o wrote the file without a word (acrostic build -o says "wrote F")
    out = tmp_path / "filled.ipuz"
    code, stdout, stderr = run(MINI5, "--seed", "1", "-o", str(out))
    assert code == 0 and stderr.splitlines() == [f"wrote {out}"]
    assert "wrote" not in stdout and out.exists()
    code, stdout, stderr = run(MINI5, "--seed", "1", "-o", str(out), "--force", "--json")
    assert code == 0 and "wrote" not in stderr and json.loads(stdout)["status"] == "filled"
    code, stdout, stderr = run(MINI5, "--seed", "1", "-o", "-")
    assert code == 0 and "wrote" not in stderr and json.loads(stdout)["dimensions"]["width"] == 5


def test_refuses_to_overwrite_the_input(tmp_path: Path) -> None:
    grid = write(tmp_path / "g.txt", "#....\n.....\n.....\n.....\n....#\n")
    code, _, stderr = run(grid, "-o", grid)
    assert code == 2 and stderr.startswith("error: refusing to overwrite")
    assert run(grid, "-o", grid, "--force")[0] == 0
    assert Grid.parse(Path(grid).read_text()).is_filled()


def test_seed_warning_goes_to_stderr(tmp_path: Path) -> None:
    grid = write(tmp_path / "g.txt", "XQZV\n....\n....\n....\n")
    code, stdout, stderr = run(grid, "--json", "--timeout", "5")
    assert "warning: 1A XQZV is not in the word list; kept as given" in stderr
    assert json.loads(stdout)["grid"][0] == "XQZV"
    assert code in (0, 1)


def test_russian_grid_with_a_cp1251_list(tmp_path: Path) -> None:
    words = ["КОТ", "КИТ", "ТОК", "ТУК", "СОН", "ДОМ", "ЛЕС", "МИР", "ЛЁД", "ЖУК", "БОК"]
    wordfile = write(tmp_path / "ru.txt", "\n".join(words) + "\n", "cp1251")
    grid = write(tmp_path / "g.txt", "К..\n.#.\n...\n", "cp1251")
    code, stdout, stderr = run(grid, "--words", wordfile, "--encoding", "cp1251", "--json")
    assert code == 0, stderr
    document = json.loads(stdout)
    assert document["grid"][0][0] == "К"
    assert all(entry["answer"] in words for entry in document["entries"])


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ("..#\n....\n", "error: ragged grid: row 2 has 4 cells, row 1 has 3"),
        ("..%\n...\n", "error: unknown character '%' at row 1, column 3"),
        ("\n\n", "error: the grid is empty"),
        ("#.#\n###\n#.#\n", "error: the grid has no entries"),
        ("Ж..\n...\n", "error: the letter 'Ж' at row 1, column 1 is not in the word list's"),
    ],
)
def test_bad_grids_give_one_error_line(tmp_path: Path, grid: str, message: str) -> None:
    code, stdout, stderr = run(write(tmp_path / "g.txt", grid))
    assert code == 2 and stdout == ""
    assert stderr.startswith(message) and stderr.count("\n") == 1


def test_bad_files_and_options_give_one_error_line(tmp_path: Path) -> None:
    cases = [
        [str(tmp_path / "missing.txt")],
        [MINI5, "--words", write(tmp_path / "ru.txt", "КОТ\nКИТ\n", "cp1251")],
        [write(tmp_path / "bad.ipuz", "{not json")],
        [write(tmp_path / "bad.puz", "garbage")],
        [MINI5, "--region", "top-left"],
        [MINI5, "--region", "9,9-12,12"],
        [MINI5, "-o", str(tmp_path / "out.docx")],
    ]
    for args in cases:
        code, stdout, stderr = run(*args)
        assert code == 2, (args, stderr)
        assert stdout == "" and stderr.startswith("error: ") and stderr.count("\n") == 1, args


def test_grid_from_stdin() -> None:
    code, stdout, _ = run("-", "--json", input=b"#....\n.....\n.....\n.....\n....#\n")
    assert code == 0 and json.loads(stdout)["status"] == "filled"
