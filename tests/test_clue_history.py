"""Your own clue history: the index of a folder's clues, lookups, search, repeats, the CLI."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword.clue_history import build_index, clue_key, suggest
from puzzlewright.crossword.formats import load_puzzle, save_puzzle
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.puzzle import Puzzle

CORPUS = Path(__file__).parent / "data" / "corpus"
DAY = 86_400
GRID = Grid.parse("CAT\nORE\nTEA\n")  # 1A CAT 4A ORE 5A TEA / 1D COT 2D ARE 3D TEA


def write(folder: Path, name: str, clues: dict[str, str], age_days: float) -> Path:
    path = folder / name
    save_puzzle(Puzzle(GRID, title=name, clues=clues), path)
    when = time.time() - age_days * DAY
    os.utime(path, (when, when))
    return path


@pytest.fixture
def history(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    (folder / "2025").mkdir(parents=True)
    write(folder, "new.ipuz", {"1A": "Pet that purrs", "5A": "Earl Grey, e.g."}, 10)
    write(folder / "2025", "old.xd", {"1A": "Mouser", "4A": "Mined rock"}, 500)
    (folder / "broken.puz").write_bytes(b"not a puzzle at all")
    (folder / "notes.txt").write_text("CAT: not read: not a puzzle extension\n")
    return folder


def test_lookup_newest_first_with_places(history: Path) -> None:
    index = build_index(history)
    assert index.puzzles == 2 and index.clues == 4
    assert [(u.clue, Path(u.path).name, u.key) for u in index.lookup("cat")] == [
        ("Pet that purrs", "new.ipuz", "1A"),
        ("Mouser", "old.xd", "1A"),
    ]
    assert index.lookup("dog") == []
    assert [Path(p).name for p, _ in index.skipped] == ["broken.puz"]


def test_search_by_words(history: Path) -> None:
    index = build_index(history)
    assert [u.answer for u in index.search("EARL grey")] == ["TEA"]
    assert index.search("rock")[0].clue == "Mined rock"
    assert index.search("purrs pet")[0].answer == "CAT"
    assert index.search("zebra") == []


def test_repeats_only_recent_same_answer(history: Path, tmp_path: Path) -> None:
    index = build_index(history)
    mine = Puzzle(GRID, clues={"1A": "pet that PURRS!", "4A": "Mined rock", "3D": "Mouser"})
    repeats = index.repeats(mine, recent_days=365, now=time.time())
    assert [(r.key, r.earlier.clue) for r in repeats] == [("1A", "Pet that purrs")]
    # the 500-day-old "Mined rock" counts when the window is wide enough
    wide = index.repeats(mine, recent_days=1000, now=time.time())
    assert [r.key for r in wide] == ["1A", "4A"]
    own = index.repeats(mine, recent_days=365, now=time.time(), exclude=str(history / "new.ipuz"))
    assert own == []


def test_clue_key_ignores_draft_mark_case_and_punctuation() -> None:
    assert clue_key("[draft] Pet that purrs") == clue_key("pet, that purrs!") == "pet that purrs"


def test_suggest_offers_history_and_drafts(history: Path) -> None:
    index = build_index(history)
    found = suggest("cat", index, clue="Mouser", now=time.time())
    assert [u.clue for u in found.history] == ["Pet that purrs", "Mouser"]
    assert found.drafts and all("cat" not in d.text.lower().split() for d in found.drafts)
    assert found.repeat is None  # the Mouser is 500 days old
    recent = suggest("CAT", index, clue="pet that purrs", now=time.time())
    assert recent.repeat is not None and Path(recent.repeat.path).name == "new.ipuz"
    assert suggest("cat", None, now=time.time()).history == []


def test_symlinks_are_not_followed(history: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    write(outside, "secret.ipuz", {"1A": "Secret clue"}, 1)
    (history / "link.ipuz").symlink_to(outside / "secret.ipuz")
    (history / "linkdir").symlink_to(outside)
    index = build_index(history)
    assert "Secret clue" not in [u.clue for u in index.lookup("CAT")]


def test_corpus_of_every_format() -> None:
    index = build_index(CORPUS)
    suffixes = {Path(u.path).suffix for uses in index.by_answer.values() for u in uses}
    assert suffixes == {".ipuz", ".puz", ".jpz", ".xd"}
    assert index.puzzles > 50 and index.clues > 1000


def test_cli(history: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["crossword", "clue-history", str(history), "cat", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert [u["clue"] for u in document["answers"]["cat"]] == ["Pet that purrs", "Mouser"]
    assert document["puzzles"] == 2 and len(document["skipped"]) == 1
    text = runner.invoke(cli, ["crossword", "clue-history", str(history), "TEA"])
    assert "TEA: 1 earlier clue\n  Earl Grey, e.g." in text.stdout
    assert "skipped" in text.stderr and "broken.puz" in text.stderr
    mine = history.parent / "draft.ipuz"
    save_puzzle(Puzzle(GRID, clues={"5A": "Earl grey e.g."}), mine)
    check = runner.invoke(cli, ["crossword", "clue-history", str(history), "--check", str(mine)])
    assert check.exit_code == 1 and "5A TEA: 'Earl grey e.g.' was used in" in check.stdout
    bad = runner.invoke(cli, ["crossword", "clue-history", str(history / "new.ipuz"), "cat"])
    assert bad.exit_code == 2 and "is not a folder" in bad.stderr
    none = runner.invoke(cli, ["crossword", "clue-history", str(history)])
    assert none.exit_code == 2 and "give ANSWERs" in none.stderr


def test_copies_of_a_puzzle_in_subfolders(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    for i in range(3):
        (folder / f"d{i}").mkdir(parents=True)
        shutil.copy(CORPUS / "puzpy" / "washpost.puz", folder / f"d{i}" / "w.puz")
    index = build_index(folder)
    answer = load_puzzle(CORPUS / "puzpy" / "washpost.puz").grid
    assert index.puzzles == 3
    assert len(index.lookup(answer.word(answer.slots()[0]))) == 3
