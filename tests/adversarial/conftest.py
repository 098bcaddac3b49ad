"""Helpers of the adversarial suite: run the real CLI in a fresh process, with its own cache
folder, and report its exit status, output and peak memory; or, where the case is about the
CLI's answer and not about the process, run it in this process (a fresh interpreter costs
~0.1 s of CPU with bytecode and ~0.3 s without)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from adversarial.clirun import WRAPPER, Run


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    """A private cache folder for one test (others' caches are never touched)."""
    path = tmp_path / "cache"
    path.mkdir(mode=0o700)
    return path


@pytest.fixture(scope="session")
def built_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder holding only the compiled built-in lists (the English list, its
    familiarity-scored twin the acrostics use, and the crossword list the fills use by
    default): copies of the entries in the run's cache (tests/conftest.py), which are
    compiled there once when missing. Without the last two every acrostic or fill compiled
    them first (seconds of CPU), and under load a short ``--timeout`` ran out before a
    worker started."""
    from puzzlewright.lexicon import builtin as english
    from puzzlewright.lexicon import builtin_english, crossword, familiar

    builtin_english()
    familiar.builtin_familiar()
    crossword.builtin_crossword()
    path = tmp_path_factory.mktemp("builtin-cache")
    path.chmod(0o700)
    entries = (
        english.cache_path(),
        familiar.familiar_cache_path(),
        crossword.cache_path(crossword.DEFAULT_MIN_SCORE),
    )
    for entry in entries:
        shutil.copyfile(entry, path / entry.name)
    return path


@pytest.fixture
def warm_cache(built_cache: Path, tmp_path: Path) -> Path:
    """A private copy of the session's built cache (the built-in list loads in a blink)."""
    path = tmp_path / "warm-cache"
    shutil.copytree(built_cache, path)
    path.chmod(0o700)
    return path


@pytest.fixture
def cli(tmp_path: Path) -> Callable[..., Run]:
    """Run ``puzzlewright ARGS`` in a fresh interpreter: ``cli(*args, cache=..., stdin=...)``."""

    def run(*args: str, cache: Path, timeout: float = 300, stdin: bytes | None = None) -> Run:
        env = {**os.environ, "PUZZLEWRIGHT_CACHE_DIR": str(cache)}
        done = subprocess.run(
            [sys.executable, "-c", WRAPPER, *args],
            env=env,
            cwd=tmp_path,
            input=stdin,
            capture_output=True,
            timeout=timeout,
        )
        stderr = done.stderr.decode("utf-8", "replace")
        body, _, peak = stderr.rpartition("PEAK_RSS_KB ")
        peak_mb = int(peak.strip()) / 1024 if peak.strip().isdigit() else 0.0
        return Run(done.returncode, done.stdout.decode("utf-8", "replace"), body, peak_mb)

    return run


@pytest.fixture
def cli_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Run]:
    """Run ``puzzlewright ARGS`` in this process, in ``tmp_path``, through click's CliRunner:
    ``cli_here(*args, cache=...)``, the same call as :func:`cli`. For the cases whose property
    is the CLI's answer (exit status, one ``error:`` line, the files written), not what only
    a fresh process shows (peak memory, signals, the list cache as a new process reads it).
    An exception that escapes the CLI is raised here: in a fresh process it would have been
    a traceback. No peak memory (0.0): a case that asserts one uses :func:`cli`."""
    from puzzlewright.cli import cli as command

    def run(*args: str, cache: Path, stdin: bytes | None = None) -> Run:
        monkeypatch.setenv("PUZZLEWRIGHT_CACHE_DIR", str(cache))
        monkeypatch.chdir(tmp_path)
        done = CliRunner().invoke(command, list(args), input=stdin, prog_name="puzzlewright")
        if done.exception is not None and not isinstance(done.exception, SystemExit):
            raise done.exception
        return Run(done.exit_code, done.stdout, done.stderr, 0.0)

    return run
