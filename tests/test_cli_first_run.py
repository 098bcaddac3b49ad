"""A first run on an empty cache says why it waits, on stderr, also when stderr is not a
terminal (a terminal gets the spinner instead); later runs, and --json, say nothing."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from puzzlewright.cli import acrostic, cli, common


@pytest.mark.parametrize(
    ("words", "line"),
    [
        ("english", "building the English list's cache (first run only, about 6 s)"),
        ("crossword", "building the crossword list's cache (first run only, about 3 s)"),
    ],
)
def test_a_first_run_says_it_builds_the_cache(
    monkeypatch: pytest.MonkeyPatch, words: str, line: str
) -> None:
    # before: 18 s of silence (load 14) while `words` built the English list, 31 s for an
    # acrostic, when stderr was a pipe or a file
    monkeypatch.setattr(common, "builtin_cached", lambda name: False)  # as on a fresh cache
    first = CliRunner().invoke(cli, ["words", "C?O?S", "--words", words])
    assert first.exit_code == 0 and first.stderr.splitlines() == [line]
    quiet = CliRunner().invoke(cli, ["words", "C?O?S", "--words", words, "--json"])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    monkeypatch.setattr(common, "builtin_cached", lambda name: True)
    again = CliRunner().invoke(cli, ["words", "C?O?S", "--words", words])
    assert again.exit_code == 0 and again.stderr == ""


def test_an_acrostic_first_run_says_it_builds_the_familiarity_scores(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # before: 31 s of silence (load 14) on an empty cache, stderr not a terminal
    monkeypatch.setattr(acrostic, "familiar_cached", lambda: False)
    args = ["acrostic", "build", "The report of my death was an exaggeration.", "Twain"]
    first = CliRunner().invoke(cli, [*args, "--improve", "0"])
    assert first.exit_code == 0, first.output
    assert first.stderr.splitlines() == [acrostic.FIRST_FAMILIAR]
    assert acrostic.FIRST_FAMILIAR.startswith("building the acrostic's familiarity scores")
    monkeypatch.setattr(acrostic, "familiar_cached", lambda: True)
    again = CliRunner().invoke(cli, [*args, "--improve", "0"])
    assert again.exit_code == 0 and again.stderr == ""
