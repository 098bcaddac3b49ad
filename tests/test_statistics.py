"""Grid statistics (``crossword check``), stem dupes and ``crossword fill --no-stem-dupes``."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword.fill import FillRequest
from puzzlewright.crossword.formats import load_puzzle
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.crossword.statistics import (
    SCRABBLE,
    fill_statistics,
    fill_without_stem_dupes,
    stem_dupes,
)
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon.alphabet import Alphabet

WASHPOST = Path(__file__).parent / "data" / "corpus" / "puzpy" / "washpost.puz"


def test_statistics_of_a_real_15x15() -> None:
    puzzle = load_puzzle(WASHPOST)
    grid = puzzle.grid
    stats = fill_statistics(grid, None, puzzle)
    assert (stats.words, stats.blocks, stats.open_squares) == (78, 36, 189)
    assert stats.average_length == round(sum(s.length for s in grid.slots()) / 78, 2)
    assert stats.unchecked_squares == 0
    letters = "".join(grid.cells[r][c] or "" for r, c in grid.positions())
    assert sum(stats.letters.values()) == len(letters) == 189
    assert stats.scrabble_score == sum(SCRABBLE[ch] for ch in letters)
    assert not stats.pangram and stats.missing_letters == "YZ"
    assert stats.repeated_words == [] and stats.score_bands == {}
    assert stats.draft_clues == 0


def test_pangram_repeats_breakfast_and_drafts() -> None:
    rows = "THEQUICKBROWNFOX\nJUMPSOVERTHELAZY\nDOG#############\n"
    grid = Grid.parse(rows)
    assert fill_statistics(grid).pangram
    grid = Grid.parse("TURD#TURD\n")
    puzzle = Puzzle(grid, clues={"1A": "[draft] Something", "2A": "A clue"})
    stats = fill_statistics(grid, None, puzzle)
    assert stats.repeated_words == ["TURD"] and stats.breakfast == ["TURD"]
    assert stats.draft_clues == 1


def test_stem_dupes() -> None:
    grid = Grid.parse("RUNNER#RUN\nSTORMS#AXE\n#######ABC\nFIRESTORM#\n")
    pairs = {(d.answers, d.stem) for d in stem_dupes(grid)}
    assert (("RUNNER", "RUN"), "RUN") in pairs
    assert any(
        set(answers) == {"STORMS", "FIRESTORM"} and stem == "STORM" for answers, stem in pairs
    )
    assert stem_dupes(Grid.parse("TEMPT#TEMPS\n")) == []  # TEMP + T is not a stem dupe


def test_score_bands() -> None:
    words = WordList([("CAT", 55), ("ORE", 35), ("TEA", 10)], Alphabet.named("en"))
    stats = fill_statistics(Grid.parse("CAT#ORE#TEA#XYZ\n"), words)
    assert stats.score_bands["50+"] == ["CAT"] and stats.score_bands["30-39"] == ["ORE"]
    assert stats.score_bands["under 20"] == ["TEA"] and stats.score_bands["not in list"] == ["XYZ"]


def test_fill_without_stem_dupes_refills() -> None:
    words = WordList([("STOP", 60), ("STOPS", 60), ("LAMP", 40)], Alphabet.named("en"))
    grid = Grid.parse("????#\n#####\n?????\n")
    from puzzlewright.crossword.fill import fill_grid

    plain = fill_grid(grid, words)
    assert stem_dupes(plain.grid)  # STOP and STOPS
    result, banned = fill_without_stem_dupes(FillRequest(grid), words)
    assert result.status == "filled" and banned == ["STOP"]
    assert stem_dupes(result.grid) == []
    assert sorted(result.grid.word(s) for s in result.grid.slots()) == ["LAMP", "STOPS"]


def test_check_cli_text_and_json(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["crossword", "check", str(WASHPOST), "--json"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)["statistics"]
    assert stats["words"] == 78 and stats["blocks"] == 36 and stats["pangram"] is False
    assert sum(len(v) for v in stats["score_bands"].values()) == 78
    text = runner.invoke(cli, ["crossword", "check", str(WASHPOST)])
    assert "words: 78, average length 4.85, blocks: 36" in text.stdout
    assert "pangram: no (missing YZ)" in text.stdout


def test_fill_cli_no_stem_dupes(tmp_path: Path) -> None:
    grid = tmp_path / "g.txt"
    grid.write_text("????#\n#####\n?????\n")
    words = tmp_path / "w.txt"
    words.write_text("STOP;60\nSTOPS;60\nLAMP;40\n")
    args = ["crossword", "fill", str(grid), "--words", str(words), "--no-stem-dupes", "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "left out for sharing a stem: STOP" in result.stderr
    jobs = CliRunner().invoke(cli, [*args[:-1], "--jobs", "2"])
    assert jobs.exit_code == 2 and "--no-stem-dupes runs one search" in jobs.stderr
