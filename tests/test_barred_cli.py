"""``crossword pattern --barred / --style british`` and ``crossword check`` through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword.checking import checking
from puzzlewright.crossword.grid import Grid

GRIDS = Path(__file__).parent / "data" / "grids"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_barred_pattern_json_is_seeded_and_sound() -> None:
    args = ["crossword", "pattern", "--barred", "--size", "12x12", "--min-length", "4"]
    code, out, _ = run(*args, "--seed", "5", "--json")
    assert code == 0
    doc = json.loads(out)
    pattern = doc["patterns"][0]
    grid = Grid.parse("\n".join(pattern["barred_rows"]))
    assert grid.is_barred and checking(grid, min_length=4, symmetric=True).ok
    assert pattern["double_unches"] == 0
    assert set(pattern["unches_per_entry"]) == {slot.key for slot in grid.slots()}
    assert run(*args, "--seed", "5", "--json")[1] == out


def test_barred_pattern_text_and_output_file(tmp_path: Path) -> None:
    target = tmp_path / "barred.txt"
    code, _, err = run(
        "crossword",
        "pattern",
        "--barred",
        "--size",
        "13x13",
        "--min-length",
        "4",
        "-o",
        str(target),
    )
    assert code == 0 and "double unches: 0" in err
    assert Grid.parse(target.read_text()).is_barred


def test_british_style() -> None:
    code, out, _ = run("crossword", "pattern", "--style", "british", "--seed", "2", "--json")
    assert code == 0
    rows = json.loads(out)["patterns"][0]["rows"]
    grid = Grid.parse("\n".join(rows))
    assert checking(grid, symmetric=True).ok and not grid.is_barred
    assert rows[1] == ".#.#.#.#.#.#.#."


def test_pattern_option_errors() -> None:
    for args, message in [
        (["--barred", "--blocks", "4"], "--blocks"),
        (["--barred", "--style", "british"], "not both"),
        (["--barred", "--symmetry", "mirror"], "rotational"),
        (["--style", "british", "--size", "12x12"], "odd sides"),
        (["--max-length", "5"], "--max-length"),
    ]:
        code, _, err = run("crossword", "pattern", *args)
        assert code == 2 and err.startswith("error:") and message in err, (args, err)


def test_check_command() -> None:
    code, out, _ = run("crossword", "check", str(GRIDS / "british15.txt"), "--json")
    doc = json.loads(out)
    assert code == (0 if doc["ok"] else 1)
    assert doc["unches"] == sum(e["unches"] for e in doc["entries"]) > 0
    code, out, _ = run("crossword", "check", str(GRIDS / "listener12.txt"), "--min-length", "4")
    assert code == 0 and "sound" in out and "double unches: 0" in out
    code, out, _ = run("crossword", "check", str(GRIDS / "mini5.txt"), "--min-length", "6")
    assert code == 1 and "problem: entries shorter than 6" in out
    code, _, err = run("crossword", "check", "no-such-grid.txt")
    assert code == 2 and err.startswith("error:")


def test_check_json_says_its_verdict_as_status() -> None:
    # check --json had ok but no status (the word the text prints: sound / N broken)
    code, out, _ = run(
        "crossword", "check", str(GRIDS / "listener12.txt"), "--min-length", "4", "--json"
    )
    doc = json.loads(out)
    assert code == 0 and (doc["status"], doc["ok"]) == ("sound", True)
    code, out, _ = run(
        "crossword", "check", str(GRIDS / "mini5.txt"), "--min-length", "6", "--json"
    )
    doc = json.loads(out)
    assert code == 1 and (doc["status"], doc["ok"]) == ("broken", False)
    assert doc["problems"] and doc["entries"][0]["positions"] == [
        p + 1 for p in checking(Grid.parse((GRIDS / "mini5.txt").read_text())).entries[0].positions
    ]


def test_fillable_barred_pattern_carries_its_fill() -> None:
    code, out, _ = run(
        "crossword",
        "pattern",
        "--barred",
        "--size",
        "8x8",
        "--min-length",
        "4",
        "--fillable",
        "--seed",
        "3",
        "--json",
    )
    assert code == 0
    pattern = json.loads(out)["patterns"][0]
    blank = Grid.parse("\n".join(pattern["barred_rows"]))
    filled = Grid.parse("\n".join(pattern["barred_fill"]))
    assert filled.bars == blank.bars and filled.is_filled()
    assert [s.cells for s in filled.slots()] == [s.cells for s in blank.slots()]
