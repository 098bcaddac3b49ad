"""``puzzlewright crossword pattern``: output, files, --json, exit codes and error lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword.formats import load_puzzle
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.pattern import PatternSpec
from test_pattern import problems


def run(*args: str) -> tuple[int, str, str]:
    """The command on the generator alone (``--unchecked``) unless the test asks for the
    fill check (``--fillable``) or the default (``checked``: the first argument)."""
    if args[:1] == ("checked",):
        args = args[1:]
    elif "--fillable" not in args:
        args = ("--unchecked", *args)
    result = CliRunner().invoke(cli, ["crossword", "pattern", *args])
    return result.exit_code, result.stdout, result.stderr


def test_block_patterns_are_checked_by_default_with_the_crossword_list() -> None:
    code, stdout, stderr = run("checked", "--size", "9x9", "--seed", "3", "--json")
    assert code == 0, stderr
    [item] = json.loads(stdout)["patterns"]
    fill = Grid.parse("\n".join(item["fill"]))
    assert "?" not in fill.to_text() and "." not in fill.to_text()
    from puzzlewright.lexicon import load_wordlist

    words, _ = load_wordlist(["crossword"])
    answers = ["".join(fill.cells[r][c] or "" for r, c in slot.cells) for slot in fill.slots()]
    assert all(answer in words for answer in answers)


def grids_in(stdout: str) -> list[Grid]:
    """The text grids on stdout, a blank line between two (their ``pattern N:`` lines are on
    stderr)."""
    return [Grid.parse(block) for block in stdout.strip().split("\n\n")]


def test_default_is_a_legal_15x15() -> None:
    code, stdout, stderr = run("--seed", "4")
    assert code == 0, stderr
    assert stderr.startswith("pattern 1: 38 blocks, ")
    [grid] = grids_in(stdout)
    assert problems(grid, PatternSpec(15, 15, blocks=38)) == []


def test_several_patterns_and_the_options_are_honoured() -> None:
    code, stdout, _ = run(
        "--size", "13x11", "--blocks", "20", "--symmetry", "mirror", "--count", "3",
        "--min-length", "4", "--seed", "2",
    )  # fmt: skip
    assert code == 0
    grids = grids_in(stdout)
    assert len(grids) == 3 and len({g.to_text() for g in grids}) == 3
    spec = PatternSpec(13, 11, blocks=20, symmetry="mirror", min_length=4)
    assert all(problems(g, spec) == [] for g in grids)


def test_same_seed_same_output() -> None:
    assert run("--seed", "9", "--count", "2") == run("--seed", "9", "--count", "2")


def test_json_document() -> None:
    code, stdout, stderr = run("--size", "11x11", "--max-words", "50", "--count", "2", "--json")
    assert code == 0 and stderr == ""
    document = json.loads(stdout)
    assert document["status"] == "found" and document["size"] == "11x11"
    assert len(document["patterns"]) == 2
    for item in document["patterns"]:
        assert item["words"] <= 50 and len(item["rows"]) == 11
        grid = Grid.parse("\n".join(item["rows"]))
        assert problems(grid, PatternSpec(11, 11, max_words=50)) == []
        assert item["blocks"] == grid.block_count()


def test_output_files_numbered_when_several(tmp_path: Path) -> None:
    out = tmp_path / "grid.ipuz"
    code, stdout, stderr = run("--size", "9x9", "--count", "2", "-o", str(out))
    assert code == 0
    printed = grids_in(stdout)
    for index in (1, 2):
        saved = load_puzzle(tmp_path / f"grid-{index}.ipuz").grid
        assert saved.rows_text() == printed[index - 1].rows_text()
        assert f"-> {tmp_path / f'grid-{index}.ipuz'}" in stderr
    assert not out.exists()
    one = tmp_path / "one.txt"
    assert run("--size", "9x9", "-o", str(one))[0] == 0
    assert problems(load_puzzle(one).grid, PatternSpec(9, 9)) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "15x13", "--symmetry", "diagonal"], "diagonal symmetry needs a square grid"),
        (["--size", "14x14", "--blocks", "37"], "block count must be even"),
        (["--size", "15by15"], "bad size '15by15'"),
        (["--size", "0x5"], "impossible grid size 0x5"),
        (["--size", "15x15", "--max-words", "12"], "at least 30 entries"),
        (["--min-length", "9", "--size", "7x7"], "cannot hold entries of at least 9"),
        (["-o", "/nonexistent/dir/p.ipuz"], "directory /nonexistent/dir does not exist"),
        (["-o", "p.docx"], "unknown puzzle format"),
        (["--symmetry", "spiral"], "Invalid value for '--symmetry'"),
    ],
)
def test_bad_input_is_one_error_line(args: list[str], message: str) -> None:
    code, stdout, stderr = run(*args)
    assert code == 2
    assert stdout == ""
    assert stderr.startswith("error: ") and stderr.count("\n") == 1
    assert message in stderr


def test_unreachable_pattern_exits_1_and_says_why() -> None:
    code, stdout, stderr = run("--size", "5x5", "--blocks", "9", "--attempts", "20")
    assert code == 1 and stdout == ""
    assert "no pattern found for 5x5, 9 blocks" in stderr
    assert "may not exist" in stderr


def test_fillable_patterns_come_with_a_fill() -> None:
    from puzzlewright.lexicon import builtin_english

    code, stdout, stderr = run("--size", "5x5", "--fillable", "--seed", "1", "--json")
    assert code == 0, stderr
    document = json.loads(stdout)
    assert len(document["patterns"]) == 1
    words = builtin_english()
    for item in document["patterns"]:
        blank = Grid.parse("\n".join(item["rows"]))
        filled = Grid.parse("\n".join(item["fill"]))
        assert [r.replace(".", "?") for r in blank.rows_text()] == [
            "".join("#" if ch == "#" else "?" for ch in row) for row in filled.rows_text()
        ]
        assert all(filled.word(slot) in words for slot in filled.slots())


def test_fillable_with_a_hopeless_list_exits_1(tmp_path: Path) -> None:
    words = tmp_path / "tiny.txt"
    words.write_text("CAT\nDOG\nEMU\n")
    code, stdout, stderr = run(
        "--size", "5x5", "--fillable", "--words", str(words), "--attempts", "3", "--timeout", "2"
    )
    assert code == 1 and stdout == ""
    assert "no pattern found" in stderr and "not fillable within the effort" in stderr


def test_pattern_output_piped_into_fill(tmp_path: Path) -> None:
    """``crossword pattern --size 15x15 > grid.txt`` then ``crossword fill grid.txt``: what
    one command writes to stdout the next reads, in real processes joined by a shell."""
    import os
    import subprocess
    import sys

    words = tmp_path / "words.txt"
    words.write_text("ABC\nBCA\nCAB\n", encoding="utf-8")
    tool = f"{sys.executable} -m puzzlewright"
    script = (
        f"{tool} crossword pattern --size 15x15 --seed 3 > grid.txt && "
        f"{tool} crossword fill grid.txt --words words.txt"
    )
    done = subprocess.run(
        script, shell=True, cwd=tmp_path, capture_output=True, text=True, env=os.environ.copy()
    )
    assert "pattern 1: " in done.stderr
    grid = Grid.parse((tmp_path / "grid.txt").read_text(encoding="utf-8"))
    assert problems(grid, PatternSpec(15, 15)) == []
    # the fill read the grid and proved it unfillable with three 3-letter words
    assert done.returncode == 1, done.stderr
    assert "unknown character" not in done.stderr and "error:" not in done.stderr


def test_small_pattern_fills_through_a_file(tmp_path: Path) -> None:
    """The same pipeline in-process on a 5x5 (the built-in list fills it in milliseconds)."""
    code, stdout, _ = run("--size", "5x5", "--seed", "1")
    assert code == 0
    grid_file = tmp_path / "grid.txt"
    grid_file.write_text(stdout, encoding="utf-8")
    result = CliRunner().invoke(cli, ["crossword", "fill", str(grid_file), "--seed", "1"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("filled: ")
    filled = Grid.parse("\n".join(result.stdout.splitlines()[1:6]))
    assert filled.is_filled() and [s.cells for s in filled.slots()] == [
        s.cells for s in Grid.parse(stdout).slots()
    ]
