"""``--min-score`` says per command which of its three meanings it has: a filter as the
list loads, an engine's own floor on a list loaded whole, or a familiarity threshold."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.cli.common import min_score_help, wordlist_options

MEANINGS = {
    ("words",): "as it loads",
    ("crossword", "check"): "as the list loads",
    ("crossword", "pattern"): "trial fills",
    ("crossword", "fill"): "filler's floor",
    ("cryptarithm", "encode"): "encoder's floor",
    ("cryptarithm", "find"): "pool's floor",
    ("acrostic", "build"): "familiarity threshold",
}


@pytest.mark.parametrize("command", sorted(MEANINGS))
def test_each_command_says_what_its_min_score_means(command: tuple[str, ...]) -> None:
    result = CliRunner().invoke(cli, [*command, "--help"], terminal_width=400)
    assert result.exit_code == 0, result.output
    line = next(
        line for line in result.output.splitlines() if line.lstrip().startswith("--min-score")
    )
    assert MEANINGS[command] in line
    if command != ("crossword", "pattern"):  # its trial fills: loaded and filled from N
        others = {text for text in MEANINGS.values() if text != MEANINGS[command]}
        assert not any(text in line for text in others), line


def test_min_score_help_needs_the_option_below_it() -> None:
    def command() -> None:
        """A command with no word list."""

    with pytest.raises(TypeError, match="above wordlist_options"):
        min_score_help("anything")(click.option("--count", type=int)(command))
    decorated = min_score_help("Words of N and up.")(wordlist_options(command))
    option = next(p for p in decorated.__click_params__ if p.name == "min_score")  # type: ignore[attr-defined]
    assert isinstance(option, click.Option) and option.help == "Words of N and up."
