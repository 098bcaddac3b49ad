"""``puzzlewright serve``: arguments and errors (the server itself is tested end to end)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.workbench.launch import free_port


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_help_lists_the_options() -> None:
    code, out = run("serve", "--help")
    assert code == 0
    for option in ("--port", "--no-browser", "--words", "--host"):
        assert option in out
    code, out = run("--help")
    assert "serve" in out


def test_missing_folder_and_word_list_are_one_line_errors(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["serve", str(tmp_path / "nope"), "--no-browser"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    result = CliRunner().invoke(
        cli, ["serve", str(tmp_path), "--no-browser", "--words", str(tmp_path / "none.txt")]
    )
    assert result.exit_code == 2
    assert "error: cannot read word list" in result.output


def test_free_port_is_bindable() -> None:
    port = free_port("127.0.0.1")
    assert 0 < port < 65536


def test_a_non_loopback_host_warns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    served: list[object] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: served.append(self.config))
    result = CliRunner().invoke(
        cli, ["serve", str(tmp_path), "--host", "0.0.0.0", "--port", "0", "--no-browser"]
    )
    assert result.exit_code == 0, result.output
    assert "warning: binding 0.0.0.0: anyone who can reach it" in result.output
    assert "puzzlewright workbench on http://0.0.0.0:" in result.output
    assert served  # the server was started (and returned at once here)
    quiet = CliRunner().invoke(cli, ["serve", str(tmp_path), "--port", "0", "--no-browser"])
    assert "warning" not in quiet.output and "http://127.0.0.1:" in quiet.output
