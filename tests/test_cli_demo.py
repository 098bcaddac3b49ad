"""``puzzlewright demo``: each command line it shows gives, typed as shown, what it shows.

The tour runs on the built-in English list, but it showed ``words 'C?O?S' --limit 8`` and
``crossword fill mini.txt --min-score 30``, whose default list is the crossword list: a new
user who typed them got CROSS 84 (not 50) and another fill. The lines now name the list
(and the fill's seed), so copying them reproduces the tour."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.cli.demo import MINI


@pytest.fixture(scope="module")
def tour() -> str:
    result = CliRunner().invoke(cli, ["demo"])
    assert result.exit_code == 0, result.output
    return result.stdout


def shown(tour: str, prefix: str) -> tuple[list[str], str]:
    """The command line starting with ``$ prefix`` (as argv) and what the tour printed
    under it, up to the next command or section."""
    lines = tour.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"$ {prefix}"))
    body = []
    for line in lines[start + 1 :]:
        if line.startswith("$ ") or line.startswith("─"):
            break
        body.append(line)
    return shlex.split(lines[start][2:])[1:], "\n".join(body)


def run(argv: list[str]) -> dict[str, object]:
    result = CliRunner().invoke(cli, [*argv, "--json"])
    assert result.exit_code == 0, result.output
    document: dict[str, object] = json.loads(result.stdout)
    return document


def test_the_pattern_query_shown_gives_the_words_shown(tour: str) -> None:
    argv, body = shown(tour, "puzzlewright words 'C?O?S'")
    expected = [(word, int(score)) for word, score in re.findall(r"([A-Z]+)\s+\((\d+)\)", body)]
    assert len(expected) == 8
    words = run(argv)["words"]
    assert isinstance(words, list)
    assert [(w["word"], w["score"]) for w in words] == expected


def test_the_fill_shown_is_the_fill_the_command_gives(
    tour: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv, body = shown(tour, "puzzlewright crossword fill mini.txt")
    rows = ["".join(re.findall(r"[A-Z█]", line)).replace("█", "#") for line in body.splitlines()]
    rows = [row for row in rows if len(row) == 5]
    assert len(rows) == 5
    monkeypatch.chdir(tmp_path)
    Path("mini.txt").write_text(MINI)
    assert run(argv)["grid"] == rows
