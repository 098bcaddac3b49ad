"""Formats say what they change: the file's own clue numbers (kept by .jpz and .ipuz,
warned about by .puz, .xd and Across Lite text) and the spacing of page texts and clues
(kept where the format can, a warning where it cannot)."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlewright.crossword.formats import dumps_puzzle, loads_puzzle
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.puzzle import Puzzle

GRID = "CAT#\nA#AB\nTAN#\n#B##"


def labelled() -> Puzzle:
    """A puzzle whose 2-Down is printed as the file numbers it ("2/5")."""
    grid = Grid.parse(GRID)
    keys = [slot.key for slot in grid.slots()]
    clues = {key: f"clue {key}" for key in keys}
    clues["2D"] = "See 2- and 5-Across"
    return Puzzle(grid, clues=clues, clue_labels={"2D": "2/5"})


@pytest.mark.parametrize("fmt", ["jpz", "ipuz"])
def test_formats_with_labels_keep_the_files_own_numbers(fmt: str) -> None:
    data, warnings = dumps_puzzle(labelled(), fmt)
    assert not [w for w in warnings if "clue number" in w]
    back = loads_puzzle(data, fmt)
    assert back.clue_labels == {"2D": "2/5"}
    assert back.clues["2D"] == "See 2- and 5-Across"


@pytest.mark.parametrize("fmt", ["puz", "xd", "across-lite"])
def test_formats_without_labels_say_they_renumber(fmt: str) -> None:
    _, warnings = dumps_puzzle(labelled(), fmt)
    assert any("clue number(s) of the file's own (2/5)" in w for w in warnings), warnings


SPACED = {
    "title": "Two  spaces\there",
    "author": " Ann  Lee ",
    "copyright": "(c)  2026",
    "notes": "Line one.\n\nLine  two.",
}


def spaced() -> Puzzle:
    grid = Grid.parse(GRID)
    clues = {slot.key: f"clue  {slot.key}" for slot in grid.slots()}
    return Puzzle(grid, clues=clues, **SPACED)


@pytest.mark.parametrize("fmt", ["ipuz", "puz", "jpz", "xd", "across-lite"])
def test_spacing_is_kept_or_the_change_is_named(fmt: str) -> None:
    puzzle = spaced()
    data, warnings = dumps_puzzle(puzzle, fmt)
    back = loads_puzzle(data, fmt)
    for name, value in SPACED.items():
        again = getattr(back, name)
        if again != value:
            assert any(w.startswith(f"{name} written with other spacing") for w in warnings), (
                name,
                again,
                warnings,
            )
    assert back.clues == puzzle.clues
    if fmt in ("ipuz", "puz", "jpz"):  # these hold every character of these fields
        assert all(getattr(back, name) == value for name, value in SPACED.items())
        assert not [w for w in warnings if "spacing" in w]


KOTWORDS_XD = """Title: Rebus  sample
Author: A. Setter
<!-- Converted by kotwords: a comment in the metadata -->
<!--
  a comment over
  several lines
-->
Rebus: 1=HEART 2=DIAMOND $=S @=AT


1CAT
A#A$
2@ON


A1. Organ, then a pet ~ HEARTCAT
A4. Like ~ AS
A5. Gems and a preposition ~ DIAMONDATON
D1. Down one ~ HEARTADIAMOND
D2. Down two ~ AAO
D3. Down three ~ TSN
"""


def test_kotwords_xd_with_digit_rebus_keys_and_comments_is_read() -> None:
    from puzzlewright.crossword.formats.xd import read_xd

    notes: list[str] = []
    puzzle = read_xd(KOTWORDS_XD.encode("utf-8"), notes)
    assert puzzle.title == "Rebus  sample" and puzzle.author == "A. Setter"
    assert puzzle.grid.cells[0][0] == "HEART" and puzzle.grid.cells[2][0] == "DIAMOND"
    assert puzzle.grid.cells[1][3] == "S" and puzzle.grid.cells[2][1] == "AT"
    words = {s.key: puzzle.grid.word(s) for s in puzzle.grid.slots()}
    assert words == {
        "1A": "HEARTCAT",
        "1D": "HEARTADIAMOND",
        "2D": "AAO",
        "3D": "TSN",
        "4A": "AS",
        "5A": "DIAMONDATON",
    }
    assert puzzle.clues["5A"] == "Gems and a preposition"
    assert not [n for n in notes if "comment" in n or "header" in n]


def test_variety_clue_lists_dropped_then_no_clueless_playable_page(tmp_path: Path) -> None:
    """A kotwords variety JPZ (clue lists Rows and Bands, no Across/Down): the lists that are
    not read are named, and a playable page without a single clue is refused, one line."""
    from click.testing import CliRunner

    from puzzlewright.cli import cli
    from puzzlewright.crossword.formats.jpz import write_jpz

    puzzle = Puzzle(Grid.parse("CAT\nARE\nTEN"), clues={"1A": "Pet", "1D": "Feline"})
    variety = write_jpz(puzzle).replace("<b>Across</b>", "<b>Rows</b>")
    source = tmp_path / "garden.jpz"
    source.write_text(variety.replace("<b>Down</b>", "<b>Bands</b>"), encoding="utf-8")
    converted = CliRunner().invoke(cli, ["convert", str(source), str(tmp_path / "g.ipuz")])
    assert converted.exit_code == 0
    assert "jpz clue list 'Rows' dropped" in converted.stderr
    assert "jpz clue list 'Bands' dropped" in converted.stderr
    page = tmp_path / "g.html"
    played = CliRunner().invoke(cli, ["render", str(source), "--format", "play", "-o", str(page)])
    assert played.exit_code == 2 and not page.exists()
    assert played.stderr.startswith("error: ") and "needs clues" in played.stderr
    assert len(played.stderr.strip().splitlines()) == 1
