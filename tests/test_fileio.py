"""fileio: bounded reads, atomic writes through symlinks, crash leftovers, ``-o -``."""

from __future__ import annotations

import io
import json
import os
import stat
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


def test_read_input_stops_an_endless_stream_at_its_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with open("/dev/zero", "rb") as zeros:  # standard input may be an endless stream
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(zeros))
        with pytest.raises(fileio.InputTooLarge, match="on standard input is larger than"):
            read_input("-", "word list", max_bytes=1 << 20)


def test_read_input_reads_only_regular_files(tmp_path: Path) -> None:
    """A FIFO would wait forever for a writer, /dev/zero never ends: refused before they
    are opened (``-`` is the way to read a stream)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(PuzzleInputError, match=r"it is a FIFO \(named pipe\), not a regular"):
        read_input(fifo)
    with pytest.raises(PuzzleInputError, match="it is a character device"):
        read_input("/dev/zero")
    with pytest.raises(PuzzleInputError, match="it is a directory"):
        read_input(tmp_path)
    link = tmp_path / "link.txt"  # a link to a regular file is read as that file
    (tmp_path / "real.txt").write_text("text")
    link.symlink_to(tmp_path / "real.txt")
    assert read_input(link) == b"text"


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
    with pytest.raises(PuzzleInputError, match=r"symbolic link to .*, which does not exist"):
        write_atomic(dangling, "made")  # like GNU cp: not through a dangling link
    assert dangling.is_symlink() and not (tmp_path / "created.txt").exists()
    with pytest.raises(PuzzleInputError, match="refusing to overwrite"):
        write_atomic(link, "x", inputs=[target])


def test_writing_goes_only_to_regular_files(tmp_path: Path) -> None:
    """A FIFO, a device, a directory or a link to one is refused and left as it was; a
    link through /proc/self/fd (``/dev/stdout``) is refused too (``-`` is stdout)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "full.txt"
    link.symlink_to("/dev/full")
    folder = tmp_path / "folder"
    folder.mkdir()
    cases = [
        (fifo, r"it is a FIFO \(named pipe\); output goes only to regular files"),
        (link, "it is a symbolic link to /dev/full, a character device"),
        (folder, "it is a directory"),
        (Path("/dev/stdout"), "it names an open file descriptor"),
    ]
    if os.geteuid() != 0:  # only root could replace a device in /dev (root-safe: a link)
        cases.append((Path("/dev/full"), "it is a character device"))
    for path, message in cases:
        with pytest.raises(PuzzleInputError, match=message):
            write_atomic(path, "x")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and link.is_symlink()
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "full.txt", "pipe"]


def test_unencodable_text_is_one_error(tmp_path: Path) -> None:
    with pytest.raises(PuzzleInputError, match="lone surrogate"):
        write_atomic(tmp_path / "x.txt", "title \udc00")
    assert list(tmp_path.iterdir()) == []


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
