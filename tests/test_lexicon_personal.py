"""lexicon.personal: the constructor's own ``word;score`` edits over a chosen list."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Alphabet, WordList, load_wordlist
from puzzlewright.lexicon.personal import PersonalList, overlay


def base() -> WordList:
    return WordList([("ERES", 50), ("PENCE", 45), ("ETUI", 30)], Alphabet.latin(), "base")


def test_edits_are_saved_sorted_and_read_back_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "personal.dict"
    mine = PersonalList.load(path)
    assert mine.entries == {} and not path.exists()
    mine.set("zyzzyvas", 60)
    mine.set("ERES", 0)  # banned for good
    mine.set(" etui ", 10)
    mine.forget("zyzzyvas")
    mine.set("Crème", 40)
    assert mine.version == 5
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if not line.startswith("#")] == [
        "CRÈME;40",
        "ERES;0",
        "ETUI;10",
    ]
    again = PersonalList.load(path)  # the next start
    assert again.entries == mine.entries


def test_overlay_means_what_layering_the_file_means(tmp_path: Path) -> None:
    path = tmp_path / "personal.dict"
    mine = PersonalList.load(path)
    for word, score in [("ERES", 0), ("ETUI", 55), ("PUZZLEWRIGHT", 20), ("CRÈME", 40)]:
        mine.set(word, score)
    words = overlay(base(), mine.entries)
    assert words.scores() == {"PENCE": 45, "ETUI": 55, "PUZZLEWRIGHT": 20, "CREME": 40}
    source = tmp_path / "base.txt"
    source.write_text("ERES;50\nPENCE;45\nETUI;30\n", encoding="utf-8")
    layered, _ = load_wordlist([source, path])
    assert layered.scores() == words.scores()
    assert words.name == "base" and overlay(words, {}) is words


@pytest.mark.parametrize(
    ("word", "score", "message"),
    [("", 50, "letters"), ("A1", 50, "letters"), ("X" * 41, 50, "letters"),
     ("WORD", -1, "0-100"), ("WORD", 101, "0-100"), ("WORD", True, "0-100")],
)  # fmt: skip
def test_bad_edits_are_refused(tmp_path: Path, word: str, score: int, message: str) -> None:
    mine = PersonalList.load(tmp_path / "personal.dict")
    with pytest.raises(PuzzleInputError, match=message):
        mine.set(word, score)
    assert not (tmp_path / "personal.dict").exists()
