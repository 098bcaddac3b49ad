"""The shared core: CLI root, error handling, atomic writes, stop signals, bit iteration."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from puzzlewright import __version__
from puzzlewright.cli import COMMANDS, cli
from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import write_atomic
from puzzlewright.lexicon import iter_bits
from puzzlewright.stopping import StopSignal, interrupt_sets


def test_version_and_help_list_every_command() -> None:
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert name in result.output


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_registered_command_imports_and_has_help(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output


def test_python_dash_m_runs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "puzzlewright", "--version"], capture_output=True, text=True
    )
    assert out.returncode == 0 and __version__ in out.stdout


def test_unknown_command_and_option_are_one_line_errors() -> None:
    for args in (["no-such-command"], ["words", "--no-such-option"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")


@given(st.sets(st.integers(min_value=0, max_value=5000), max_size=60))
def test_iter_bits_lists_set_bits_in_order(bits: set[int]) -> None:
    mask = sum(1 << b for b in bits)
    assert list(iter_bits(mask)) == sorted(bits)


def test_write_atomic_refuses_to_overwrite_an_input(tmp_path: Path) -> None:
    source = tmp_path / "in.ipuz"
    source.write_text("original")
    with pytest.raises(PuzzleInputError, match="refusing to overwrite"):
        write_atomic(source, "new", inputs=[source])
    assert source.read_text() == "original"
    write_atomic(source, "new", inputs=[source], force=True)
    assert source.read_text() == "new"
    out = write_atomic(tmp_path / "out.txt", b"\x00bytes")
    assert out.read_bytes() == b"\x00bytes"
    umask = os.umask(0o022)
    try:
        assert (write_atomic(tmp_path / "new.txt", "x").stat().st_mode & 0o777) == 0o644
    finally:
        os.umask(umask)
    os.chmod(out, 0o600)
    assert (write_atomic(out, "again").stat().st_mode & 0o777) == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    with pytest.raises(PuzzleInputError, match="does not exist"):
        write_atomic(tmp_path / "missing" / "x.txt", "x")


def test_stop_signal_deadline_and_interrupt() -> None:
    stop = StopSignal(timeout=0.05)
    assert not stop.should_stop()
    time.sleep(0.06)
    assert stop.should_stop() and stop.reason == "timeout"
    stop = StopSignal()
    with interrupt_sets(stop):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.01)
        assert stop.should_stop() and stop.reason == "interrupted"
