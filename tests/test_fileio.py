"""fileio: bounded reads, atomic writes through symlinks, crash leftovers, ``-o -``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright import fileio
from puzzlewright.cli import cli
from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import read_input, remove_stale_temps, write_atomic

DATA = Path(__file__).parent / "data"


def test_read_input_stops_an_endless_stream_at_its_limit() -> None:
    with pytest.raises(fileio.InputTooLarge, match="larger than the limit of 1 MB"):
        read_input("/dev/zero", max_bytes=1 << 20)


def test_read_input_reads_a_file_up_to_exactly_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 1000)
    assert read_input(path, max_bytes=1000) == b"x" * 1000
    with pytest.raises(PuzzleInputError, match="limit of 999 bytes"):
        read_input(path, max_bytes=999)


def test_writing_onto_a_symlink_writes_through_to_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_atomic(link, "new")
    assert link.is_symlink() and target.read_text() == "new"
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "created.txt")
    write_atomic(dangling, "made")  # like cp: creates the link's target
    assert dangling.is_symlink() and (tmp_path / "created.txt").read_text() == "made"
    with pytest.raises(PuzzleInputError, match="refusing to overwrite"):
        write_atomic(link, "x", inputs=[target])


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_leftovers_of_crashed_writes_are_removed_on_the_next_write(tmp_path: Path) -> None:
    target = tmp_path / "out.ipuz"
    crashed = tmp_path / f".out.ipuz.{dead_pid()}.abcd1234.pwtmp"
    old = tmp_path / f".out.ipuz.{os.getppid()}.efgh5678.pwtmp"  # a live process, but old
    live = tmp_path / f".out.ipuz.{os.getppid()}.ijkl9012.pwtmp"  # a live process, recent
    others = [tmp_path / ".out.ipuz.swp", tmp_path / ".other.ipuz.1.x.pwtmp"]
    for path in (crashed, old, live, *others):
        path.write_text("partial")
    hours_ago = time.time() - 2 * fileio.STALE_SECONDS
    os.utime(old, (hours_ago, hours_ago))
    write_atomic(target, "done")
    assert target.read_text() == "done"
    assert not crashed.exists() and not old.exists()
    assert live.exists() and all(path.exists() for path in others)
    assert remove_stale_temps(target) == []


def test_an_interrupted_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(tmp_path / "out.txt", "data")
    assert list(tmp_path.iterdir()) == []


def test_dash_writes_the_file_to_stdout_and_the_report_to_stderr() -> None:
    result = CliRunner().invoke(cli, ["convert", str(DATA / "formats" / "sampler.xd"), "-"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["title"] == "Format Sampler"
    assert "wrote -" in result.stderr


def test_fill_with_dash_prints_only_the_ipuz(tmp_path: Path) -> None:
    grid = DATA / "grids" / "mini5.txt"
    result = CliRunner().invoke(cli, ["crossword", "fill", str(grid), "-o", "-", "--seed", "1"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["dimensions"] == {"width": 5, "height": 5}
    assert "filled" in result.stderr
