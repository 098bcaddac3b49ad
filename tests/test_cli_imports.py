"""Start-up hygiene: what a command imports before it runs.

On a 5x5 grid a fill takes milliseconds; the process is start-up and list loading. rich
alone takes longer to import than such a fill, numpy and importlib.metadata nearly as long.
So ``puzzlewright --help``, ``crossword fill --help`` and a plain fill with ``--json`` import
none of them (rich is still used where a command draws tables, spinners or progress bars).
Each case runs in a fresh interpreter: this process has imported everything already.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

GRIDS = Path(__file__).resolve().parents[1] / "benchmarks" / "grids"
HEAVY = (
    "rich",
    "numpy",
    "platformdirs",
    "importlib.metadata",
    "importlib.resources",
    "puzzlewright.cli.crossword_pattern",
    "puzzlewright.cli.crossword_freeform",
    "puzzlewright.acrostic",
    "puzzlewright.render",
)
PROBE = """
import sys
from puzzlewright.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
heavy = [name for name in {heavy!r} if name in sys.modules]
print("HEAVY=" + ",".join(heavy), file=sys.stderr)
"""


def imported(args: list[str], names: tuple[str, ...] = HEAVY) -> set[str]:
    """The modules of ``names`` (the heavy ones) a fresh process has imported after
    running ``args``."""
    command = [sys.executable, "-c", PROBE.format(heavy=names), *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    lines = [line for line in done.stderr.splitlines() if line.startswith("HEAVY=")]
    assert lines, done.stderr
    return {name for name in lines[-1].removeprefix("HEAVY=").split(",") if name}


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["crossword", "--help"],
        ["crossword", "fill", "--help"],
        ["crossword", "fill", str(GRIDS / "tiny3.txt"), "--json"],
        ["crossword", "fill", str(GRIDS / "mini5.txt")],
    ],
)
def test_help_and_a_plain_fill_import_nothing_heavy(args: list[str]) -> None:
    heavy = imported(args)
    if args[-1] == "--help" and args[0] == "crossword" and len(args) == 2:
        # the group lists its commands
        heavy -= {"puzzlewright.cli.crossword_pattern", "puzzlewright.cli.crossword_freeform"}
    assert heavy == set()


def test_a_fill_with_a_user_list_imports_nothing_heavy(stwl_path: Path) -> None:
    args = ["crossword", "fill", str(GRIDS / "mini5.txt"), "--words", str(stwl_path), "--json"]
    assert imported([*args, "--min-score", "50"]) == set()


def test_commands_that_draw_tables_still_get_rich() -> None:
    assert "rich" in imported(["words", "C?O?S", "--limit", "3"])


def test_demo_and_serve_say_why_they_have_no_json() -> None:
    from click.testing import CliRunner

    from puzzlewright.cli import cli

    for command in ("demo", "serve"):
        shown = CliRunner().invoke(cli, [command, "--help"]).output
        assert "No --json:" in " ".join(shown.split()), command


PLAIN_FILL_SKIPS = (
    "puzzlewright.crossword.fill.constraints",
    "puzzlewright.crossword.fill.constrained",
    "puzzlewright.crossword.fill.pangram",
    "puzzlewright.crossword.nina",
    "puzzlewright.crossword.fill.race",
    "puzzlewright.crossword.puzzle",
    "puzzlewright.lexicon.builtin",
    "glob",
)
SLOT_SEARCH = ("puzzlewright.crossword.fill.search", "puzzlewright.crossword.fill.polish")


def test_a_plain_fill_imports_only_what_it_runs() -> None:
    # a tiny fill's CPU is mostly imports: global constraints, the portfolio's race, the
    # English list and the Puzzle model load only when asked for; a block-free grid goes
    # to the square search, so the slot search is not imported either
    tiny = ["crossword", "fill", str(GRIDS / "tiny3.txt")]
    assert imported(tiny, PLAIN_FILL_SKIPS + SLOT_SEARCH) == set()
    blocked = imported(
        ["crossword", "fill", str(GRIDS / "mini5.txt")], PLAIN_FILL_SKIPS + SLOT_SEARCH
    )
    assert blocked == set(SLOT_SEARCH)


def test_fills_that_ask_for_more_still_import_it() -> None:
    banned = ["crossword", "fill", str(GRIDS / "mini5.txt"), "--ban-letters", "Q", "--json"]
    loaded = imported(banned, PLAIN_FILL_SKIPS)
    assert {
        "puzzlewright.crossword.fill.constraints",
        "puzzlewright.crossword.fill.constrained",
    } <= loaded
    assert "puzzlewright.crossword.fill.race" not in loaded  # one search: no race
    raced = ["crossword", "fill", str(GRIDS / "tiny3.txt"), "--jobs", "2", "--json"]
    assert "puzzlewright.crossword.fill.race" in imported(raced, PLAIN_FILL_SKIPS)


def test_no_fill_loads_the_measured_experiments() -> None:
    # fill/experiments holds strategies measured and not kept: the benchmarks run them,
    # no fill does (a stacked grid raced over two members, constrained, is the widest path)
    experiments = ("puzzlewright.crossword.fill.experiments",)
    triple = str(GRIDS / "triple15.txt")
    asked = ["crossword", "fill", triple, "--jobs", "2", "--pangram", "--timeout", "0.5", "--json"]
    assert imported(asked, experiments) == set()
