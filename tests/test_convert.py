"""The ``puzzlewright convert`` command: formats by extension, warnings, errors, --json."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword.formats import load_puzzle

DATA = Path(__file__).parent / "data" / "formats"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    path = tmp_path / "sampler.ipuz"
    shutil.copy(DATA / "sampler.ipuz", path)
    return path


def test_convert_ipuz_to_puz_keeps_everything(sample: Path) -> None:
    out = sample.with_suffix(".puz")
    code, stdout, stderr = run("convert", str(sample), str(out))
    assert code == 0, stderr
    assert stderr == ""
    assert "wrote" in stdout and "(puz, 5x5, 10 entries)" in stdout
    assert load_puzzle(out) == load_puzzle(sample)


def test_convert_to_text_warns_about_each_dropped_thing(sample: Path) -> None:
    out = sample.with_suffix(".txt")
    code, _, stderr = run("convert", str(sample), str(out))
    assert code == 0
    lines = stderr.splitlines()
    assert all(line.startswith("warning: ") for line in lines)
    for what in ("title", "author", "copyright", "notes", "10 clue(s)", "3 circled"):
        assert any(what in line for line in lines), what
    assert out.read_text() == (DATA / "sampler.txt").read_text()


def test_convert_json_summary(sample: Path) -> None:
    out = sample.with_suffix(".txt")
    code, stdout, stderr = run("convert", "--json", str(sample), str(out))
    assert code == 0
    doc = json.loads(stdout)
    assert doc["input"] == str(sample) and doc["output"] == str(out)
    assert doc["format"] == "text" and doc["input_format"] == "ipuz"
    assert len(doc["warnings"]) == 7  # six dropped features and the --to across-lite hint
    assert stderr == ""


def test_convert_never_overwrites_the_input_without_force(sample: Path) -> None:
    before = sample.read_bytes()
    code, stdout, stderr = run("convert", str(sample), str(sample))
    assert code == 2 and stdout == ""
    assert stderr.startswith("error: refusing to overwrite the input file")
    assert sample.read_bytes() == before
    code, _, _ = run("convert", "--force", str(sample), str(sample))
    assert code == 0
    assert load_puzzle(sample) == load_puzzle(DATA / "sampler.ipuz")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["IN", "out.docx"], "error: unknown puzzle format ('.docx')"),
        (["missing.ipuz", "out.txt"], "error: cannot read missing.ipuz: no such file"),
        (["IN", "nodir/out.puz"], "error: cannot write nodir/out.puz: directory"),
        (["CORRUPT", "out.txt"], "bad.puz: .puz: corrupt file"),
        (["BROKEN", "out.txt"], "broken.ipuz: ipuz: corrupt JSON at line 1"),
    ],
)
def test_convert_errors_are_one_line(
    args: list[str], message: str, sample: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.puz").write_bytes(b"\0" * 40)
    (tmp_path / "broken.ipuz").write_text("{,")
    names = {"IN": sample.name, "CORRUPT": "bad.puz", "BROKEN": "broken.ipuz"}
    code, stdout, stderr = run("convert", *[names.get(arg, arg) for arg in args])
    assert code == 2
    assert stdout == ""
    assert len(stderr.splitlines()) == 1
    assert message in stderr
    assert not (tmp_path / "out.txt").exists()


def test_convert_cyrillic_to_puz_v2_with_a_warning(tmp_path: Path) -> None:
    grid = tmp_path / "ru.txt"
    grid.write_text("ДОМ\nА#Р\nРОТ\n", encoding="utf-8")
    code, _, stderr = run("convert", str(grid), str(tmp_path / "ru.puz"))
    assert code == 0
    assert "warning: letters or text outside Latin-1: written as .puz version 2.0 (UTF-8)" in stderr
    code, _, stderr = run("convert", str(tmp_path / "ru.puz"), str(tmp_path / "back.txt"))
    assert code == 0 and (tmp_path / "back.txt").read_text(encoding="utf-8") == "ДОМ\nА#Р\nРОТ\n"
    code, _, stderr = run("convert", str(grid), str(tmp_path / "ru.xd"))
    assert code == 0 and stderr == ""


@pytest.mark.parametrize("src", ["ipuz", "puz", "xd"])
@pytest.mark.parametrize("dst", ["ipuz", "puz", "xd"])
def test_convert_pairs_lossless_among_rich_formats(src: str, dst: str, tmp_path: Path) -> None:
    code, _, stderr = run("convert", str(DATA / f"sampler.{src}"), str(tmp_path / f"o.{dst}"))
    assert code == 0
    # only the readers' notes about sample extras (xd Editor header, ipuz enumeration)
    assert [line for line in stderr.splitlines() if "not kept" not in line] == []
    got = load_puzzle(tmp_path / f"o.{dst}")
    want = load_puzzle(DATA / "sampler.ipuz")
    assert (got.grid, got.clues, got.circles, got.title) == (
        want.grid,
        want.clues,
        want.circles,
        want.title,
    )
